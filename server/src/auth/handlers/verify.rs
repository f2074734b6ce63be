//! `GET /verify` (the e-mail link: 303 back to the site with the outcome in the URL) and
//! `POST /verify` (a typed code or a token hash: the Session as JSON). Contract §3.4 and §6.

use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum::Json;
use serde::Deserialize;

use super::RedirectQuery;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body, RequestClient};
use crate::auth::issue::SessionView;
use crate::auth::limits::{self, Bucket};
use crate::auth::model::Email;
use crate::auth::secrets::email_token_hash;
use crate::auth::verification::{self, Outcome, Rejected, VerifyType};
use crate::auth::{issue, landing, pkce, redirect};
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

const EMAIL_CHANGE_HALF: &str = "Confirmation link accepted. Please proceed to confirm link sent to the other email";

fn link_invalid() -> AuthError {
    AuthError::forbidden("otp_expired", "Email link is invalid or has expired")
}

fn code_invalid() -> AuthError {
    AuthError::forbidden("otp_expired", "Token has expired or is invalid")
}

#[derive(Debug, Deserialize)]
pub struct LinkQuery {
    token: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    redirect_to: Option<String>,
}

pub async fn verify_link(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestClient(client): RequestClient,
    AuthQuery(query): AuthQuery<LinkQuery>,
) -> Response {
    let target = redirect::validate(&state.config, query.redirect_to.as_deref());
    let token = query.token.unwrap_or_default();
    let is_pkce = token.starts_with("pkce_");
    let result = async {
        limits::per_ip(&state, Bucket::Verify, ip).await?;
        let kind = query
            .kind
            .as_deref()
            .and_then(VerifyType::parse)
            .filter(|k| *k != VerifyType::Email)
            .ok_or_else(|| AuthError::validation("Unsupported verification type"))?;
        let mut tx = state.db.begin_write().await?;
        let mut verified =
            verification::verify(&mut tx, &state, kind, &token, None).await.map_err(|rejected| rejected.into_error(link_invalid))?;
        let fragment = match verified.outcome {
            Outcome::EmailChangeHalf => Fragment::Message,
            Outcome::SignIn { flow_state_id: Some(flow) } => {
                Fragment::Code(pkce::issue_code(&mut tx, &flow).await?.ok_or_else(link_invalid)?)
            }
            Outcome::SignIn { flow_state_id: None } => {
                Fragment::Session(Box::new(issue::start_session(&mut tx, &state, &mut verified.user, "otp", &client).await?), kind)
            }
        };
        tx.commit().await?;
        Ok::<_, AuthError>(fragment)
    }
    .await;
    let location = match result {
        Ok(fragment) => fragment.apply_to(&target),
        Err(error) => landing::error_location(&target, &error, is_pkce),
    };
    Redirect::to(&location).into_response()
}

/// The answer when the first of two addresses confirmed an e-mail change.
#[derive(serde::Serialize)]
struct HalfConfirmed {
    msg: &'static str,
    code: &'static str,
}

enum Fragment {
    Session(Box<SessionView>, VerifyType),
    Code(String),
    Message,
}

impl Fragment {
    /// The implicit flow puts the session in the fragment (never sent to servers); PKCE puts
    /// only the one-time code in the query.
    fn apply_to(self, target: &str) -> String {
        match self {
            Fragment::Session(session, kind) => landing::session_location(target, &session, Some(kind.as_str())),
            Fragment::Code(code) => landing::with_query(target, &[("code", code)]),
            Fragment::Message => landing::with_fragment(target, &[("message", EMAIL_CHANGE_HALF.into()), ("sb", String::new())]),
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct VerifyBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    token: Option<String>,
    token_hash: Option<String>,
    email: Option<String>,
    phone: Option<String>,
}

pub async fn verify_otp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestClient(client): RequestClient,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<VerifyBody>,
) -> AuthResult<Response> {
    limits::per_ip(&state, Bucket::Verify, ip).await?;
    let (kind, token_hash, email, invalid) = parse_verify_body(body, query.redirect_to.is_some())?;
    let mut tx = state.db.begin_write().await?;
    let mut verified = match verification::verify(&mut tx, &state, kind, &token_hash, email.as_deref()).await {
        Ok(verified) => verified,
        Err(rejected) => {
            tx.rollback().await?;
            if let (Rejected::NoMatch, Some(email)) = (&rejected, &email) {
                verification::count_wrong_code(&state.db, kind, email).await?;
            }
            return Err(rejected.into_error(invalid));
        }
    };
    let answer = match verified.outcome {
        Outcome::EmailChangeHalf => Json(HalfConfirmed { msg: EMAIL_CHANGE_HALF, code: "200" }).into_response(),
        Outcome::SignIn { .. } => Json(issue::start_session(&mut tx, &state, &mut verified.user, "otp", &client).await?).into_response(),
    };
    tx.commit().await?;
    Ok(answer)
}

type ParsedVerify = (VerifyType, String, Option<String>, fn() -> AuthError);

/// Either `{type, token_hash}` or `{type, token, email}` (a phone is not supported here).
fn parse_verify_body(body: VerifyBody, has_redirect: bool) -> AuthResult<ParsedVerify> {
    let kind =
        body.kind.as_deref().filter(|k| !k.is_empty()).ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let kind = VerifyType::parse(kind).ok_or_else(|| AuthError::validation("Verify requires a verification type"))?;
    let (token, hash) = (body.token.filter(|t| !t.is_empty()), body.token_hash.filter(|t| !t.is_empty()));
    let (email, phone) = (body.email.filter(|e| !e.is_empty()), body.phone.filter(|p| !p.is_empty()));
    match (token, hash) {
        (None, Some(_)) if email.is_some() || phone.is_some() || has_redirect => {
            Err(AuthError::validation("Only the token_hash and type should be provided"))
        }
        (None, Some(hash)) => Ok((kind, hash, None, link_invalid)),
        (Some(token), None) => match (email, phone) {
            (Some(email), None) => {
                let email =
                    Email::parse(&email).map_err(|_| AuthError::unprocessable("validation_failed", AuthError::invalid_email().message))?;
                Ok((kind, email_token_hash(email.as_str(), token.trim()), Some(email.as_str().to_owned()), code_invalid))
            }
            (None, Some(_)) => Err(AuthError::forbidden("otp_expired", "Token has expired or is invalid")),
            _ => Err(AuthError::validation("Only an email address or phone number should be provided on verify")),
        },
        _ => Err(AuthError::validation("Verify requires either a token or a token hash")),
    }
}
