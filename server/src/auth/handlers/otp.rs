//! `POST /otp` (contract §3.3): e-mail sign-in without a password. A confirmed account gets a
//! magic link; an unknown address becomes an account (unless `create_user: false`) and, like
//! an unconfirmed one, gets the confirmation link, which also signs in. The answer is `{}`
//! whatever happened, also when a sending limit held the mail back.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::{commit_if_queued, empty, Empty, RedirectQuery};
use crate::auth::accounts::{self, NewAccount};
use crate::auth::db::{users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body};
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::auth::model::{Email, UserRow};
use crate::auth::{pkce, redirect};
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize)]
pub struct OtpBody {
    email: Option<String>,
    phone: Option<String>,
    data: Option<Map<String, Value>>,
    create_user: Option<bool>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn otp(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<OtpBody>,
) -> AuthResult<Json<Empty>> {
    limits::per_ip(&state, Bucket::Otp, ip).await?;
    let email = match (body.email.as_deref().filter(|e| !e.is_empty()), body.phone.as_deref().filter(|p| !p.is_empty())) {
        (Some(_), Some(_)) => return Err(AuthError::validation("Only an email address or phone number should be provided")),
        (None, Some(_)) => return Err(AuthError::unprocessable("phone_provider_disabled", "Unsupported phone provider")),
        (None, None) => return Err(AuthError::validation("An email address or phone number is required")),
        (Some(email), None) => Email::parse(email)?,
    };
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    limits::per_email(&state, Bucket::Otp, email.as_str()).await?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let mut tx = state.db.begin_write().await?;
    let user = match users::find_by_email(&mut tx, email.as_str()).await? {
        Some(user) => user,
        None if !body.create_user.unwrap_or(true) || state.config.auth.disable_signup => {
            return Err(AuthError::unprocessable("otp_disabled", "Signups not allowed for otp"));
        }
        None => create(&mut tx, &state, &email, body.data.unwrap_or_default()).await?,
    };
    // An unconfirmed account gets a confirmation link without a password: whoever chose one at
    // sign-up did not prove the address (README "Security notes").
    let purpose = if user.is_confirmed() { Purpose::MagicLink } else { Purpose::Confirmation };
    let mail = Mail::new(purpose, &redirect_to, Requester::Client(ip));
    let delivery = mailer::send_with_pkce(&mut tx, &state, &user, &mail, challenge.as_ref()).await?;
    // Held back by a sending limit: no mail and no new account, and the same `{}`.
    commit_if_queued(tx, delivery).await?;
    Ok(empty())
}

/// A password-less account; with autoconfirm it is confirmed at once and gets a magic link.
async fn create(conn: &mut Conn, state: &AppState, email: &Email, data: Map<String, Value>) -> AuthResult<UserRow> {
    let mut account = NewAccount::new(email, None, data);
    account.confirmed = state.config.auth.autoconfirm;
    Ok(accounts::create(conn, account).await?)
}
