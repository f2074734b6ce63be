//! Payments: one provider interface (`PaymentProvider`, enum dispatch) used by consultations
//! now and the store later. The built-in sandbox follows Stripe's test-card semantics; Stripe
//! itself is used when its keys are configured. Card numbers and security codes are never
//! stored or logged: only the brand and the last four digits.

pub mod card;
pub mod db;
pub mod provider;
pub mod sandbox;
pub mod stripe;

pub use provider::{CardCharge, DeclineCode, NewPayment, PaymentError, PaymentProvider, PaymentRecord, PaymentStatus, Refund};

use crate::config::Config;
use crate::platform::db::Db;

/// The provider the configuration selects: the sandbox unless another one is configured.
pub fn from_config(config: &Config, db: &Db) -> PaymentProvider {
    if let Some(stripe) = stripe::StripeProvider::from_config(&config.stripe) {
        return PaymentProvider::Stripe(stripe);
    }
    PaymentProvider::Sandbox(sandbox::SandboxProvider::new(db.clone()))
}

/// The payments API (the Stripe webhook), nested under `/api/v1`.
pub fn router() -> axum::Router<crate::startup::AppState> {
    stripe::router()
}

/// Starts the Stripe reconciliation when Stripe is the provider (inside `rumbo serve`).
pub fn spawn_workers(state: &crate::startup::AppState) {
    stripe::reconcile::spawn(state);
}
