//! `GET /reauthenticate` (contract §3.10): mails a 6-digit code that `PUT /user` accepts as
//! `nonce` before a sensitive change.

use axum::extract::State;
use axum::Json;

use super::{empty, Empty};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::CurrentUser;
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

pub async fn reauthenticate(State(state): State<AppState>, ClientIp(ip): ClientIp, caller: CurrentUser) -> AuthResult<Json<Empty>> {
    limits::per_ip(&state, Bucket::Reauthenticate, ip).await?;
    let user = caller.user;
    if user.email.as_deref().unwrap_or_default().is_empty() {
        return Err(AuthError::validation("Reauthentication requires the user to have an email or a phone number"));
    }
    if !user.is_confirmed() {
        return Err(AuthError::unprocessable("email_not_confirmed", "Please verify your email first."));
    }
    let mut tx = state.db.begin_write().await?;
    let mail = Mail::new(Purpose::Reauthentication, state.config.site_url.as_str(), Requester::Client(ip));
    mailer::send(&mut tx, &state, &user, &mail, None).await?.required()?;
    tx.commit().await?;
    Ok(empty())
}
