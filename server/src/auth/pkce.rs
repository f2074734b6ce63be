//! PKCE (RFC 7636) for e-mail flows: the link's verification issues a one-time auth code, which
//! only the client holding the code verifier can exchange for a session (`grant_type=pkce`).

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sha2::{Digest, Sha256};

use super::db::tokens::{self, FlowState};
use super::db::Conn;
use super::errors::{AuthError, AuthResult};
use super::secrets::{constant_time_eq, sha256_hex};
use crate::platform::db::now_unix;

/// An auth code must be exchanged within five minutes of the link being followed.
const FLOW_STATE_TTL_SECS: i64 = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    pub challenge: String,
    /// `s256` or `plain`, lower-cased (auth-js sends `s256`).
    pub method: String,
}

/// Both or neither of `code_challenge` and `code_challenge_method`.
pub fn parse(challenge: Option<&str>, method: Option<&str>) -> AuthResult<Option<Challenge>> {
    let (challenge, method) = (challenge.filter(|c| !c.is_empty()), method.filter(|m| !m.is_empty()));
    let (challenge, method) = match (challenge, method) {
        (None, None) => return Ok(None),
        (Some(challenge), Some(method)) => (challenge, method.to_ascii_lowercase()),
        _ => return Err(AuthError::validation("PKCE flow requires code_challenge_method and code_challenge")),
    };
    if !(43..=128).contains(&challenge.len()) || !challenge.chars().all(|c| c.is_ascii_alphanumeric() || "._~-".contains(c)) {
        return Err(AuthError::validation("code challenge has to be between 43 and 128 characters of [a-zA-Z0-9._~-]"));
    }
    if method != "s256" && method != "plain" {
        return Err(AuthError::validation(format!("code challenge method not supported: {method}")));
    }
    Ok(Some(Challenge { challenge: challenge.to_owned(), method }))
}

/// Records a flow for `user_id`, to be completed when its e-mail link is followed.
pub async fn create_flow(conn: &mut Conn, user_id: &str, challenge: &Challenge, authentication_method: &str) -> sqlx::Result<FlowState> {
    let flow = FlowState {
        id: uuid::Uuid::new_v4().to_string(),
        user_id: Some(user_id.to_owned()),
        code_challenge: challenge.challenge.clone(),
        code_challenge_method: challenge.method.clone(),
        provider_type: "email".into(),
        authentication_method: authentication_method.into(),
        auth_code_issued_at: None,
        created_at: now_unix(),
    };
    tokens::insert_flow_state(conn, &flow).await?;
    Ok(flow)
}

/// Issues the auth code (a UUID) for a completed flow; only its hash is stored.
pub async fn issue_code(conn: &mut Conn, flow_id: &str) -> sqlx::Result<Option<String>> {
    let code = uuid::Uuid::new_v4().to_string();
    Ok(tokens::issue_auth_code(conn, flow_id, &sha256_hex(&code), now_unix()).await?.then_some(code))
}

/// Checks the verifier against the flow's challenge and consumes the flow.
pub async fn exchange(conn: &mut Conn, auth_code: &str, verifier: &str) -> AuthResult<FlowState> {
    let not_found = || AuthError::not_found("flow_state_not_found", "invalid flow state, no valid flow state found");
    let flow = tokens::find_flow_by_code(conn, &sha256_hex(auth_code)).await?.ok_or_else(not_found)?;
    let issued = flow.auth_code_issued_at.unwrap_or(flow.created_at);
    if issued + FLOW_STATE_TTL_SECS < now_unix() {
        tokens::delete_flow(conn, &flow.id).await?;
        return Err(AuthError::unprocessable("flow_state_expired", "invalid flow state, flow state has expired"));
    }
    if !verifier_matches(&flow, verifier) {
        return Err(AuthError::bad_request("bad_code_verifier", "code challenge does not match previously saved code verifier"));
    }
    if !tokens::delete_flow(conn, &flow.id).await? {
        return Err(not_found());
    }
    Ok(flow)
}

fn verifier_matches(flow: &FlowState, verifier: &str) -> bool {
    let expected = match flow.code_challenge_method.as_str() {
        "s256" => URL_SAFE_NO_PAD.encode(Sha256::digest(verifier.as_bytes())),
        _ => verifier.to_owned(),
    };
    constant_time_eq(&expected, &flow.code_challenge)
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHALLENGE: &str = "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM";

    #[test]
    fn challenge_and_method_come_together() {
        assert_eq!(parse(None, None).unwrap(), None);
        assert!(parse(Some(CHALLENGE), None).is_err());
        assert!(parse(None, Some("s256")).is_err());
        assert_eq!(parse(Some(CHALLENGE), Some("S256")).unwrap().unwrap().method, "s256");
        assert!(parse(Some("short"), Some("s256")).is_err());
        assert!(parse(Some(CHALLENGE), Some("md5")).is_err());
    }

    #[test]
    fn s256_verifier_matches_rfc_7636_example() {
        let flow = FlowState {
            id: "f".into(),
            user_id: None,
            code_challenge: CHALLENGE.into(),
            code_challenge_method: "s256".into(),
            provider_type: "email".into(),
            authentication_method: "email/signup".into(),
            auth_code_issued_at: None,
            created_at: 0,
        };
        assert!(verifier_matches(&flow, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"));
        assert!(!verifier_matches(&flow, "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXj"));
    }
}
