//! Payments: one provider interface (`PaymentProvider`, enum dispatch) and payments that
//! settle purchases of any kind — consultations now, the store next — through the handlers
//! each selling feature registers at start-up (purchase.rs, registry.rs, dispatch.rs;
//! docs/decisions/010-payments-purchases.md). The built-in sandbox follows Stripe's test-card
//! semantics; Stripe itself is used when its keys are configured. Card numbers and security
//! codes are never stored or logged: only the brand and the last four digits.

pub mod api;
pub mod card;
pub mod checkout;
pub mod db;
pub mod dispatch;
pub mod provider;
pub mod purchase;
pub mod registry;
pub mod sandbox;
pub mod stripe;

pub use provider::{CardCharge, DeclineCode, NewPayment, PaymentError, PaymentProvider, PaymentRecord, PaymentStatus, Refund};
pub use purchase::{PaymentFor, PurchaseHandler, PURCHASE};
pub use registry::PurchaseRegistry;

use crate::config::Config;
use crate::platform::db::Db;

/// The provider the (checked) configuration selects (`Config::payment_mode`).
pub fn from_config(config: &Config, db: &Db) -> PaymentProvider {
    if config.payment_mode() == crate::config::PaymentMode::Stripe {
        if let Some(stripe) = stripe::StripeProvider::from_config(&config.stripe) {
            return PaymentProvider::Stripe(stripe);
        }
    }
    PaymentProvider::Sandbox(sandbox::SandboxProvider::new(db.clone()))
}

/// The payments API (the Stripe webhook), nested under `/api/v1`.
pub fn router() -> utoipa_axum::router::OpenApiRouter<crate::startup::AppState> {
    stripe::router()
}

/// Starts the Stripe reconciliation when Stripe is the provider (inside `rumbo serve`).
pub fn spawn_workers(state: &crate::startup::AppState) {
    stripe::reconcile::spawn(state);
}
