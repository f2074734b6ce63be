//! The payment bodies every selling feature shares: the sandbox's card form, and a purchase's
//! payment as its buyer sees it.

use serde::{Deserialize, Serialize};
use time::OffsetDateTime;
use utoipa::ToSchema;

use super::card::{Card, CardInput};
use super::DeclineCode;
use crate::platform::http::error::ErrorCode;
use crate::platform::http::extract::FormText;

/// The sandbox's card form (with Stripe, the card goes to Stripe's form instead).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"card_number": "4242 4242 4242 4242", "exp": "12/30", "cvc": "123", "cardholder_name": "Ana Souza"}))]
pub struct CardRequest {
    /// 13 to 19 digits, spaces allowed.
    #[schema(value_type = String)]
    pub card_number: FormText,
    /// `MM/YY`.
    #[schema(value_type = String, pattern = r"^\s*\d{1,2}\s*/\s*\d{2}(\d{2})?\s*$")]
    pub exp: FormText,
    #[schema(value_type = String, pattern = r"^\d{3,4}$")]
    pub cvc: FormText,
    #[schema(value_type = String)]
    pub cardholder_name: FormText,
}

impl CardRequest {
    /// The card, checked (Luhn, expiry against the current month in UTC, CVC, name), or a
    /// code per wrong field.
    pub fn parse(&self, now: i64) -> Result<Card, Vec<(&'static str, &'static str)>> {
        let input = CardInput {
            card_number: self.card_number.as_str(),
            exp: self.exp.as_str(),
            cvc: self.cvc.as_str(),
            cardholder_name: self.cardholder_name.as_str(),
        };
        let at = OffsetDateTime::from_unix_timestamp(now).unwrap_or(OffsetDateTime::UNIX_EPOCH);
        Card::parse(&input, (at.year(), u8::from(at.month())))
    }
}

/// Where a payment stands at the provider.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum PaymentState {
    RequiresPayment,
    Processing,
    Succeeded,
    Canceled,
    Failed,
    Refunded,
}

/// The payment provider of a deployment (`sandbox` is test mode: no card is ever charged).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ProviderName {
    Sandbox,
    Stripe,
}

/// A purchase's payment; `client_secret` and `publishable_key` feed Stripe's Payment Element.
#[derive(Debug, Serialize, ToSchema)]
pub struct PaymentView {
    #[schema(value_type = ProviderName)]
    pub provider: String,
    #[schema(value_type = PaymentState)]
    pub status: String,
    #[schema(required = true)]
    pub client_secret: Option<String>,
    #[schema(required = true)]
    pub publishable_key: Option<String>,
    #[schema(required = true)]
    pub card_brand: Option<String>,
    #[schema(required = true)]
    pub card_last4: Option<String>,
}

impl DeclineCode {
    /// The envelope's code for a refused card (Stripe's decline codes, which the sandbox answers too).
    pub fn error_code(self) -> ErrorCode {
        match self {
            DeclineCode::CardDeclined => ErrorCode::CardDeclined,
            DeclineCode::InsufficientFunds => ErrorCode::InsufficientFunds,
            DeclineCode::ExpiredCard => ErrorCode::ExpiredCard,
            DeclineCode::IncorrectCvc => ErrorCode::IncorrectCvc,
            DeclineCode::ProcessingError => ErrorCode::ProcessingError,
        }
    }
}
