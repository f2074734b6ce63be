//! `POST /resend` (contract §3.5): the confirmation or e-mail-change link again. Answers `{}`
//! whether or not there was anything to resend, also when a sending limit held the mail back.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;

use super::{commit_if_queued, empty, Empty, RedirectQuery};
use crate::auth::db::users;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body};
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Delivery, Mail, Purpose, Requester};
use crate::auth::model::Email;
use crate::auth::{pkce, redirect};
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize)]
pub struct ResendBody {
    email: Option<String>,
    #[serde(rename = "type")]
    kind: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn resend(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<ResendBody>,
) -> AuthResult<Json<Empty>> {
    limits::per_ip(&state, Bucket::Resend, ip).await?;
    let purpose = match body.kind.as_deref() {
        Some("signup") => Purpose::Confirmation,
        Some("email_change") => Purpose::EmailChangeCurrent,
        Some("sms" | "phone_change") => return Err(AuthError::unprocessable("phone_provider_disabled", "Unsupported phone provider")),
        _ => return Err(AuthError::validation("Missing one of these types: signup, email_change, sms, phone_change")),
    };
    let email = body.email.filter(|e| !e.is_empty()).ok_or_else(|| AuthError::validation("Resend requires an email"))?;
    let email = Email::parse(&email)?;
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    limits::per_email(&state, Bucket::Resend, email.as_str()).await?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let mut tx = state.db.begin_write().await?;
    let user = users::find_by_email(&mut tx, email.as_str()).await?;
    let pending = user.filter(|u| match purpose {
        Purpose::Confirmation => !u.is_confirmed(),
        _ => u.email_change.is_some(),
    });
    // A resent confirmation link carries no password (README "Security notes").
    let mail = Mail::new(purpose, &redirect_to, Requester::Client(ip));
    let delivery = match pending {
        Some(user) => mailer::send_with_pkce(&mut tx, &state, &user, &mail, challenge.as_ref()).await?,
        None => Delivery::Queued,
    };
    commit_if_queued(tx, delivery).await?;
    Ok(empty())
}
