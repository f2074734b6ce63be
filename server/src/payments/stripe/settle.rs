//! What Stripe's news does to our records, for the webhook and the reconciliation alike.
//! Only a PaymentIntent that Stripe reports as succeeded, for exactly the amount and currency
//! we asked (and the purchase we asked for), settles a purchase — through the dispatcher
//! (payments/dispatch.rs), which is safe to call more than once.

use serde::Deserialize;

use super::client::PaymentIntent;
use super::StripeProvider;
use crate::payments::db::{self as payments_db, PaymentRow};
use crate::payments::dispatch::{self, DispatchError, Settled};
use crate::payments::PaymentStatus;
use crate::startup::AppState;

/// The provider name stored with Stripe payments.
pub const PROVIDER: &str = "stripe";

/// What handling one piece of news did; stored with the event and logged.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    Confirmed,
    AlreadyConfirmed,
    /// Paid after the hold was released: refunded in full.
    RefundedLate,
    /// Amount, currency or purchase differ from what we asked: nothing confirmed.
    Mismatch,
    /// Not one of our payments (another integration on the same account).
    UnknownPayment,
    /// Ours, but of a purchase kind this build has no handler for: refused, left unsettled
    /// (the reconciliation looks again, e.g. once every instance runs a build that knows it).
    UnknownKind,
    /// The PaymentIntent is not (or no longer) in the state the news claims.
    StaleNews,
    PaymentFailed,
    Canceled,
    Refunded,
    /// An event type we do not act on.
    Ignored,
}

impl Outcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Confirmed => "confirmed",
            Outcome::AlreadyConfirmed => "already_confirmed",
            Outcome::RefundedLate => "refunded_late",
            Outcome::Mismatch => "amount_mismatch",
            Outcome::UnknownPayment => "unknown_payment",
            Outcome::UnknownKind => "unknown_purchase_kind",
            Outcome::StaleNews => "stale_news",
            Outcome::PaymentFailed => "payment_failed",
            Outcome::Canceled => "canceled",
            Outcome::Refunded => "refunded",
            Outcome::Ignored => "ignored",
        }
    }
}

/// A failure worth a retry (the database, or Stripe, did not answer).
#[derive(Debug)]
pub struct SettleError(pub String);

impl std::fmt::Display for SettleError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<sqlx::Error> for SettleError {
    fn from(e: sqlx::Error) -> SettleError {
        SettleError(format!("database: {e}"))
    }
}

/// The dispatcher's answer as an outcome: an unknown kind is news handled (by refusing it),
/// anything else that failed is worth a retry.
fn dispatched<T>(result: Result<T, DispatchError>, outcome: impl FnOnce(T) -> Outcome) -> Result<Outcome, SettleError> {
    match result {
        Ok(done) => Ok(outcome(done)),
        Err(DispatchError::UnknownKind(_)) => Ok(Outcome::UnknownKind),
        Err(e) => Err(SettleError(e.to_string())),
    }
}

async fn our_payment(state: &AppState, provider_ref: &str) -> Result<Option<PaymentRow>, SettleError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(payments_db::find_by_ref(&mut conn, PROVIDER, provider_ref).await?)
}

/// Is this the payment we created: same amount, currency and purchase? PaymentIntents made
/// before payments had purchase kinds name their booking in `booking_id`.
fn matches(payment: &PaymentRow, intent: &PaymentIntent) -> bool {
    let metadata = &intent.metadata;
    let purchase = metadata.get("purchase_id").or_else(|| metadata.get("booking_id"));
    let purchase_ok = purchase.is_none_or(|id| *id == payment.purchase_id)
        && metadata.get("purchase_kind").is_none_or(|kind| *kind == payment.purchase_kind);
    intent.amount == payment.amount_cents && intent.currency.eq_ignore_ascii_case(&payment.currency) && purchase_ok
}

/// A PaymentIntent reported as succeeded. `intent` is what the news carried; the card's brand
/// and last four are read from an expanded charge when the news has none.
pub async fn succeeded(state: &AppState, stripe: &StripeProvider, intent: &PaymentIntent) -> Result<Outcome, SettleError> {
    let Some(payment) = our_payment(state, &intent.id).await? else {
        return Ok(Outcome::UnknownPayment);
    };
    if intent.status != "succeeded" {
        return Ok(Outcome::StaleNews);
    }
    if !matches(&payment, intent) {
        tracing::error!(
            payment = %payment.id, kind = %payment.purchase_kind, purchase = %payment.purchase_id,
            expected_cents = payment.amount_cents, expected_currency = %payment.currency,
            got_cents = intent.amount, got_currency = %intent.currency,
            "a Stripe payment does not match what was asked: the purchase is not settled"
        );
        return Ok(Outcome::Mismatch);
    }
    let card = match intent.card() {
        Some(card) => Some(card),
        // Best effort: the card is only shown to the buyer, it must not hold up the purchase.
        None => stripe.client().retrieve_payment_intent(&intent.id).await.ok().and_then(|i| i.card()),
    };
    let (brand, last4) = card.map_or((None, None), |(b, l)| (Some(b), Some(l)));
    let settled = dispatch::succeeded(state, &intent.id, brand.as_deref(), last4.as_deref()).await;
    dispatched(settled, |settled| match settled {
        Settled::Fulfilled => Outcome::Confirmed,
        Settled::AlreadyFulfilled => Outcome::AlreadyConfirmed,
        Settled::RefundedLate => Outcome::RefundedLate,
    })
}

/// A payment attempt failed: the PaymentIntent is back to `requires_payment_method` and the
/// payer may try another card while the purchase waits. Only the purchase is told.
pub async fn failed(state: &AppState, intent: &PaymentIntent) -> Result<Outcome, SettleError> {
    let Some(payment) = our_payment(state, &intent.id).await? else {
        return Ok(Outcome::UnknownPayment);
    };
    dispatched(dispatch::unpaid(state, &payment, PaymentStatus::Failed).await, |()| Outcome::PaymentFailed)
}

/// The PaymentIntent was canceled (by a sweeper, or in the Dashboard).
pub async fn canceled(state: &AppState, intent: &PaymentIntent) -> Result<Outcome, SettleError> {
    let Some(payment) = our_payment(state, &intent.id).await? else {
        return Ok(Outcome::UnknownPayment);
    };
    if intent.status != "canceled" {
        return Ok(Outcome::StaleNews);
    }
    dispatched(dispatch::unpaid(state, &payment, PaymentStatus::Canceled).await, |()| Outcome::Canceled)
}

/// The part of a Charge a `charge.refunded` event is read for.
#[derive(Debug, Deserialize)]
pub struct Charge {
    pub id: String,
    #[serde(default)]
    pub payment_intent: Option<String>,
    /// Everything refunded so far (it only grows).
    pub amount_refunded: i64,
    pub currency: String,
}

/// Money went back (our own refund, or one made in the Dashboard): the payment's refunded
/// total catches up with Stripe's running total (payments/dispatch.rs `refunded`).
pub async fn refunded(state: &AppState, charge: &Charge) -> Result<Outcome, SettleError> {
    let Some(intent) = charge.payment_intent.as_deref() else {
        return Ok(Outcome::UnknownPayment);
    };
    let Some(payment) = our_payment(state, intent).await? else {
        return Ok(Outcome::UnknownPayment);
    };
    if !charge.currency.eq_ignore_ascii_case(&payment.currency) {
        return Ok(Outcome::Mismatch);
    }
    dispatched(dispatch::refunded(state, &payment, charge.amount_refunded).await, |rose| {
        if rose {
            tracing::info!(payment = %payment.id, refunded_cents = charge.amount_refunded, "Stripe reports more refunded than recorded: caught up");
        }
        Outcome::Refunded
    })
}
