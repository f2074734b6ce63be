//! What Stripe's news does to our records, for the webhook and the reconciliation alike.
//! Only a PaymentIntent that Stripe reports as succeeded, for exactly the amount and currency
//! we asked (and the booking we asked for), confirms a booking — through
//! `consultations::payment_succeeded`, which is safe to call more than once.

use serde::Deserialize;

use super::client::PaymentIntent;
use super::StripeProvider;
use crate::consultations::{payment_succeeded, Settled};
use crate::payments::db::{self as payments_db, PaymentRow};
use crate::platform::db::now_unix;
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
    /// Amount, currency or booking differ from what we asked: nothing confirmed.
    Mismatch,
    /// Not one of our payments (another integration on the same account).
    UnknownPayment,
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

async fn our_payment(state: &AppState, provider_ref: &str) -> Result<Option<PaymentRow>, SettleError> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(payments_db::find_by_ref(&mut conn, PROVIDER, provider_ref).await?)
}

/// Is this the payment we created: same amount, currency and booking?
fn matches(payment: &PaymentRow, intent: &PaymentIntent) -> bool {
    let booking_ok = intent.metadata.get("booking_id").is_none_or(|id| *id == payment.booking_id);
    intent.amount == payment.amount_cents && intent.currency.eq_ignore_ascii_case(&payment.currency) && booking_ok
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
            payment = %payment.id, booking = %payment.booking_id, expected_cents = payment.amount_cents, expected_currency = %payment.currency,
            got_cents = intent.amount, got_currency = %intent.currency,
            "a Stripe payment does not match what was asked: the booking is not confirmed"
        );
        return Ok(Outcome::Mismatch);
    }
    let card = match intent.card() {
        Some(card) => Some(card),
        // Best effort: the card is only shown to the traveller, it must not hold up the booking.
        None => stripe.client().retrieve_payment_intent(&intent.id).await.ok().and_then(|i| i.card()),
    };
    let (brand, last4) = card.map_or((None, None), |(b, l)| (Some(b), Some(l)));
    let settled = payment_succeeded(state, &intent.id, brand.as_deref(), last4.as_deref())
        .await
        .map_err(|e| SettleError(format!("confirming booking {}: {e}", payment.booking_id)))?;
    Ok(match settled {
        Settled::Confirmed(_) => Outcome::Confirmed,
        Settled::AlreadyConfirmed(_) => Outcome::AlreadyConfirmed,
        Settled::RefundedLate(_) => Outcome::RefundedLate,
    })
}

/// A payment attempt failed: the PaymentIntent is back to `requires_payment_method` and the
/// payer may try another card while the hold lasts. Nothing changes on our side.
pub async fn failed(state: &AppState, intent: &PaymentIntent) -> Result<Outcome, SettleError> {
    Ok(if our_payment(state, &intent.id).await?.is_some() { Outcome::PaymentFailed } else { Outcome::UnknownPayment })
}

/// The PaymentIntent was canceled (by our hold sweeper, or in the Dashboard).
pub async fn canceled(state: &AppState, intent: &PaymentIntent) -> Result<Outcome, SettleError> {
    let Some(payment) = our_payment(state, &intent.id).await? else {
        return Ok(Outcome::UnknownPayment);
    };
    if intent.status != "canceled" {
        return Ok(Outcome::StaleNews);
    }
    if matches!(payment.status.as_str(), "requires_payment" | "processing") {
        let mut conn = state.db.pool.acquire().await?;
        payments_db::set_status(&mut conn, &payment.id, "canceled", now_unix()).await?;
    }
    Ok(Outcome::Canceled)
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
/// total catches up with Stripe's running total — never adds to it — so repeated or
/// reordered events are harmless.
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
    let total = charge.amount_refunded.min(payment.amount_cents);
    if super::db::catch_up_refund(&state.db.pool, &payment.id, total, now_unix()).await? {
        tracing::info!(payment = %payment.id, refunded_cents = total, "Stripe reports more refunded than recorded: caught up");
    }
    Ok(Outcome::Refunded)
}
