//! `POST /recover` (contract §3.6): a password-recovery link, and `{}` whether or not the
//! address has an account, also when a sending limit held the mail back.

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
pub struct RecoverBody {
    email: Option<String>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn recover(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<RecoverBody>,
) -> AuthResult<Json<Empty>> {
    limits::per_ip(&state, Bucket::Recover, ip).await?;
    let email = body.email.filter(|e| !e.is_empty()).ok_or_else(|| AuthError::validation("Password recovery requires an email"))?;
    let email = Email::parse(&email)?;
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    limits::per_email(&state, Bucket::Recover, email.as_str()).await?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let mut tx = state.db.begin_write().await?;
    let delivery = match users::find_by_email(&mut tx, email.as_str()).await? {
        Some(user) => {
            let mail = Mail::new(Purpose::Recovery, &redirect_to, Requester::Client(ip));
            mailer::send_with_pkce(&mut tx, &state, &user, &mail, challenge.as_ref()).await?
        }
        None => Delivery::Queued,
    };
    commit_if_queued(tx, delivery).await?;
    Ok(empty())
}
