//! One file per endpoint group; each handler parses, calls the shared logic, answers.

pub mod admin;
pub mod admin_links;
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
use serde_json::{json, Value};

/// `?redirect_to=`: where e-mail links return to (validated by `auth::redirect`).
#[derive(Debug, Default, Deserialize)]
pub struct RedirectQuery {
    pub redirect_to: Option<String>,
}

/// The body of `/otp`, `/recover` and `/resend` answers: nothing to tell.
pub fn empty() -> axum::Json<Value> {
    axum::Json(json!({}))
}
