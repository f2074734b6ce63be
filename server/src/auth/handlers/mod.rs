//! One file per endpoint group; each handler parses, calls the shared logic, answers.

pub mod admin;
pub mod admin_links;
pub mod identities;
pub mod logout;
pub mod otp;
pub mod reauthenticate;
pub mod recover;
pub mod resend;
pub mod settings;
pub mod signup;
pub mod token;
pub mod user;
pub mod verify;

use serde::Deserialize;

use crate::auth::errors::AuthResult;
use crate::auth::mailer::Delivery;

/// A request's write transaction (`auth::db::begin`).
pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// `?redirect_to=`: where e-mail links return to (validated by `auth::redirect`).
#[derive(Debug, Default, Deserialize)]
pub struct RedirectQuery {
    pub redirect_to: Option<String>,
}

/// `{}`: the body of answers with nothing to tell (`/otp`, `/recover`, `/resend`, deletions).
#[derive(Debug, serde::Serialize)]
pub struct Empty {}

pub fn empty() -> axum::Json<Empty> {
    axum::Json(Empty {})
}

/// Ends a request whose answer must not depend on its mail: a mail held back by a sending limit
/// (already logged) is dropped with everything the request wrote, and the caller answers as if
/// it had gone (README "Security notes").
pub async fn commit_if_queued(tx: Tx, delivery: Delivery) -> AuthResult<()> {
    match delivery {
        Delivery::Queued => tx.commit().await?,
        Delivery::HeldBack(_) => tx.rollback().await?,
    }
    Ok(())
}
