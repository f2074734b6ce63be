//! What a payment buys: a purchase of a kind (a consultation booking now, a store order next),
//! and what each kind must answer when its payments succeed, fail or go back
//! (docs/decisions/010-payments-purchases.md). `payments` knows kinds only by name, through
//! the handlers registered at start-up (registry.rs), so it never reaches into a buyer's tables.

use std::future::Future;
use std::pin::Pin;

use sqlx::AnyConnection;

use super::db::PaymentRow;
use crate::startup::AppState;

/// What a payment is for within its purchase: the purchase itself. A kind may add purposes of
/// its own (a consultation's change fee), which it settles itself.
pub const PURCHASE: &str = "purchase";

/// The purchase a payment belongs to, and what the payment is for within it.
#[derive(Debug, Clone, Copy)]
pub struct PaymentFor<'a> {
    /// The registered kind, e.g. "consultation".
    pub kind: &'static str,
    pub purchase_id: &'a str,
    /// `PURCHASE`, or a purpose of the kind's own.
    pub purpose: &'a str,
    /// When the purchase stops waiting for this payment (a booking's hold), if it ever does:
    /// unpaid payments past it are cancelled, and looked up at Stripe just before it.
    pub pay_by: Option<i64>,
}

impl<'a> PaymentFor<'a> {
    /// The provider's metadata for the payment: a webhook is matched against it.
    pub fn metadata(&self) -> [(&'static str, &'a str); 3] {
        [("purchase_kind", self.kind), ("purchase_id", self.purchase_id), ("purpose", self.purpose)]
    }
}

/// What a succeeded payment did to its purchase, as the kind's handler saw it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fulfilment {
    /// The purchase was waiting and is now fulfilled (a booking confirmed, an order placed).
    Fulfilled,
    /// It already was (a repeated notification): nothing changed.
    AlreadyFulfilled,
    /// It can no longer be fulfilled (its hold ran out): the payment goes back in full.
    CannotFulfil,
}

/// A handler's failure, kept whole so its feature can map it back to its own error.
pub type HandlerError = Box<dyn std::error::Error + Send + Sync>;
pub type HandlerResult<T> = Result<T, HandlerError>;
/// Handlers live behind a trait object in the registry, so their futures are boxed.
pub type BoxFuture<'a, T> = Pin<Box<dyn Future<Output = T> + Send + 'a>>;

/// What a purchase kind must answer. Every method may be called more than once for the same
/// payment (redelivered webhooks, the reconciliation, several instances) and must be safe so.
pub trait PurchaseHandler: Send + Sync {
    /// The payment succeeded: fulfil the purchase inside `conn`'s write transaction, in which
    /// the payment is being marked succeeded, so both commit or neither does. Answering
    /// `CannotFulfil` makes the dispatcher refund the payment in full, once.
    fn fulfil<'a>(
        &'a self,
        state: &'a AppState,
        conn: &'a mut AnyConnection,
        payment: &'a PaymentRow,
    ) -> BoxFuture<'a, HandlerResult<Fulfilment>>;

    /// An attempt failed or the payment was cancelled (`payment.status` says which): nothing
    /// was paid; a failed attempt may be followed by another.
    fn unpaid<'a>(&'a self, state: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>>;

    /// The provider reports more refunded than the site recorded (a refund made outside the
    /// site, e.g. in Stripe's Dashboard); `payment.refunded_cents` is the new total.
    fn refunded<'a>(&'a self, state: &'a AppState, payment: &'a PaymentRow) -> BoxFuture<'a, HandlerResult<()>>;
}
