//! Where a browser lands after a redirect flow (an e-mail link, a provider's sign-in): the
//! session in the fragment for the implicit flow, a one-time code in the query for PKCE, or
//! the error in both, in GoTrue's names and order (contract §3.5).

use url::form_urlencoded;

use super::errors::AuthError;
use super::issue::SessionView;

/// `target#access_token=…&expires_at=…&…`; `kind` is the e-mail link's type, when there is one.
pub fn session_location(target: &str, session: &SessionView, kind: Option<&str>) -> String {
    let mut pairs = vec![
        ("access_token", session.access_token.clone()),
        ("expires_at", session.expires_at.to_string()),
        ("expires_in", session.expires_in.to_string()),
        ("refresh_token", session.refresh_token.clone()),
        ("sb", String::new()),
        ("token_type", "bearer".into()),
    ];
    if let Some(kind) = kind {
        pairs.push(("type", kind.into()));
    }
    with_fragment(target, &pairs)
}

pub fn error_location(target: &str, error: &AuthError, pkce: bool) -> String {
    let oauth_error = match error.status.as_u16() {
        400 => "invalid_request",
        401 => "unauthorized_client",
        403 => "access_denied",
        503 => "temporarily_unavailable",
        _ => "server_error",
    };
    let pairs =
        [("error", oauth_error.to_owned()), ("error_code", error.code.to_owned()), ("error_description", error.message.to_string())];
    let base = if pkce { with_query(target, &pairs) } else { target.to_owned() };
    let mut fragment = pairs.to_vec();
    fragment.push(("sb", String::new()));
    with_fragment(&base, &fragment)
}

/// Keys in the given (sorted) order, form-encoded like Go's `url.Values.Encode`.
fn encode(pairs: &[(&str, String)]) -> String {
    form_urlencoded::Serializer::new(String::new()).extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str()))).finish()
}

pub fn with_fragment(target: &str, pairs: &[(&str, String)]) -> String {
    let base = target.split('#').next().unwrap_or(target);
    format!("{base}#{}", encode(pairs))
}

pub fn with_query(target: &str, pairs: &[(&str, String)]) -> String {
    match url::Url::parse(target) {
        Ok(mut url) => {
            url.query_pairs_mut().extend_pairs(pairs.iter().map(|(k, v)| (*k, v.as_str())));
            url.into()
        }
        Err(_) => target.to_owned(),
    }
}
