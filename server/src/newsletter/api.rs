//! The newsletter's bodies as the OpenAPI document describes them. Requests are read into
//! these types first and each member is then checked on its own (model.rs), so a wrong one gets
//! its own code; the schemas say what each member must be.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use crate::platform::i18n::Lang;

/// `POST /newsletter/subscriptions`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"email": "ana@example.com", "language": "es", "source": "footer"}))]
pub struct SubscribeBody {
    #[schema(value_type = String, format = Email, required = true)]
    pub email: Option<Value>,
    /// The language of the confirmation mail and of every later issue.
    #[schema(value_type = Lang, required = true)]
    pub language: Option<Value>,
    /// The form it came from (`hero`, `footer`, `home`…).
    #[schema(value_type = String, pattern = "^[a-z0-9_-]{1,32}$", required = true)]
    pub source: Option<Value>,
}

/// A mailed link's token: `{token}`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"token": "q8Zr1v2V0l3m4N5b6C7x8Z9a0S1d2F3g4H5j6K7l8Q9"}))]
pub struct TokenBody {
    #[schema(value_type = String, pattern = "^[A-Za-z0-9_-]{43}$", required = true)]
    pub token: Option<Value>,
}

/// RFC 8058's one-click form (`List-Unsubscribe=One-Click`, token in the query), or `token`.
#[derive(Debug, ToSchema)]
#[schema(example = json!({"List-Unsubscribe": "One-Click"}))]
#[allow(dead_code)]
pub struct UnsubscribeForm {
    #[schema(rename = "List-Unsubscribe")]
    list_unsubscribe: Option<String>,
    #[schema(pattern = "^[A-Za-z0-9_-]{43}$")]
    token: Option<String>,
}

/// `202` to a subscription: the same localized sentence for every address.
#[derive(Debug, Serialize, ToSchema)]
pub struct CheckInbox {
    pub message: &'static str,
}

/// Where a subscription stands after a link was used.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SubscriptionState {
    Confirmed,
    Unsubscribed,
}

/// The answer to a confirmation: its language and the token of the unsubscribe link.
#[derive(Debug, Serialize, ToSchema)]
pub struct Confirmed {
    pub status: SubscriptionState,
    pub language: Lang,
    #[schema(pattern = "^[A-Za-z0-9_-]{43}$")]
    pub unsubscribe_token: String,
}

/// The answer to an unsubscription or resubscription.
#[derive(Debug, Serialize, ToSchema)]
pub struct StateChanged {
    pub status: SubscriptionState,
    pub language: Lang,
}
