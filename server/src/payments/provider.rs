//! The provider interface (docs/product.md#payments): create a payment for an amount, confirm,
//! read its status, cancel, refund. Enum dispatch keeps it free of boxed futures.

use super::card::Card;
use super::sandbox::SandboxProvider;
use super::stripe::StripeProvider;

/// A payment to create. `idempotency_key` makes a retried creation return the same payment.
pub struct NewPayment<'a> {
    pub amount_cents: i64,
    /// Lower-case ISO currency, e.g. "usd".
    pub currency: &'a str,
    pub idempotency_key: &'a str,
    pub description: &'a str,
    pub metadata: &'a [(&'a str, &'a str)],
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PaymentRecord {
    pub provider_ref: String,
    pub status: PaymentStatus,
    pub amount_cents: i64,
    pub currency: String,
    /// Stripe's client secret for the Payment Element; None for the sandbox.
    pub client_secret: Option<String>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentStatus {
    RequiresPayment,
    Processing,
    Succeeded,
    Canceled,
    Failed,
}

impl PaymentStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            PaymentStatus::RequiresPayment => "requires_payment",
            PaymentStatus::Processing => "processing",
            PaymentStatus::Succeeded => "succeeded",
            PaymentStatus::Canceled => "canceled",
            PaymentStatus::Failed => "failed",
        }
    }

    pub fn parse(raw: &str) -> Option<PaymentStatus> {
        Some(match raw {
            "requires_payment" => PaymentStatus::RequiresPayment,
            "processing" => PaymentStatus::Processing,
            "succeeded" => PaymentStatus::Succeeded,
            "canceled" => PaymentStatus::Canceled,
            "failed" => PaymentStatus::Failed,
            _ => return None,
        })
    }
}

/// A successful card confirmation: the payment and what may be kept of the card.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardCharge {
    pub record: PaymentRecord,
    pub brand: &'static str,
    pub last4: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refund {
    pub provider_ref: String,
    pub amount_cents: i64,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PaymentError {
    /// The card was refused; the payment can be tried again with another card.
    Declined(DeclineCode),
    /// The card details do not validate: (field, code) pairs for the error envelope.
    InvalidCard(Vec<(&'static str, &'static str)>),
    NotFound,
    /// The provider failed or refused the request; the text is for the log only.
    Provider(String),
}

impl std::fmt::Display for PaymentError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PaymentError::Declined(code) => write!(f, "declined: {}", code.as_str()),
            PaymentError::InvalidCard(fields) => write!(f, "invalid card: {fields:?}"),
            PaymentError::NotFound => f.write_str("no such payment"),
            PaymentError::Provider(message) => write!(f, "provider error: {message}"),
        }
    }
}

impl std::error::Error for PaymentError {}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DeclineCode {
    CardDeclined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    ProcessingError,
}

impl DeclineCode {
    /// The `error_code` the API answers (Stripe's decline codes).
    pub fn as_str(self) -> &'static str {
        match self {
            DeclineCode::CardDeclined => "card_declined",
            DeclineCode::InsufficientFunds => "insufficient_funds",
            DeclineCode::ExpiredCard => "expired_card",
            DeclineCode::IncorrectCvc => "incorrect_cvc",
            DeclineCode::ProcessingError => "processing_error",
        }
    }
}

/// The configured provider. Stripe is added as a second variant.
#[derive(Clone)]
pub enum PaymentProvider {
    Sandbox(SandboxProvider),
    Stripe(StripeProvider),
}

impl PaymentProvider {
    /// "sandbox" or "stripe", as stored with each payment and shown in the booking view.
    pub fn name(&self) -> &'static str {
        match self {
            PaymentProvider::Sandbox(_) => "sandbox",
            PaymentProvider::Stripe(_) => "stripe",
        }
    }

    /// True when cards are posted to this server (the sandbox form); false when they are
    /// entered in the provider's own element.
    pub fn takes_card_details(&self) -> bool {
        matches!(self, PaymentProvider::Sandbox(_))
    }

    /// The key the browser needs for the provider's element, when there is one.
    pub fn publishable_key(&self) -> Option<&str> {
        match self {
            PaymentProvider::Sandbox(_) => None,
            PaymentProvider::Stripe(p) => p.publishable_key(),
        }
    }

    pub async fn create(&self, new: &NewPayment<'_>) -> Result<PaymentRecord, PaymentError> {
        match self {
            PaymentProvider::Sandbox(p) => p.create(new).await,
            PaymentProvider::Stripe(p) => p.create(new).await,
        }
    }

    pub async fn retrieve(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        match self {
            PaymentProvider::Sandbox(p) => p.retrieve(provider_ref).await,
            PaymentProvider::Stripe(p) => p.retrieve(provider_ref).await,
        }
    }

    /// Cancels a payment that has not succeeded; a succeeded one is left as it is.
    pub async fn cancel(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        match self {
            PaymentProvider::Sandbox(p) => p.cancel(provider_ref).await,
            PaymentProvider::Stripe(p) => p.cancel(provider_ref).await,
        }
    }

    pub async fn refund(&self, provider_ref: &str, amount_cents: i64, idempotency_key: &str) -> Result<Refund, PaymentError> {
        match self {
            PaymentProvider::Sandbox(p) => p.refund(provider_ref, amount_cents, idempotency_key).await,
            PaymentProvider::Stripe(p) => p.refund(provider_ref, amount_cents, idempotency_key).await,
        }
    }

    /// Sandbox only: confirms a payment with card details posted to this server.
    pub async fn confirm_card(&self, provider_ref: &str, card: &Card) -> Result<CardCharge, PaymentError> {
        match self {
            PaymentProvider::Sandbox(p) => p.confirm_card(provider_ref, card).await,
            // Stripe takes the card in its Payment Element; consultations answers `use_stripe` first.
            PaymentProvider::Stripe(_) => Err(PaymentError::Provider("Stripe confirms cards in its Payment Element".into())),
        }
    }
}
