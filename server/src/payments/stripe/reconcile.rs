//! The reconciliation: webhooks can be lost (an outage on either side outlasting Stripe's
//! retries, a misconfigured endpoint). Every `STRIPE_RECONCILE_INTERVAL_SECS`, each Stripe
//! payment still unsettled `STRIPE_RECONCILE_AFTER_SECS` (20 min) after it was created — and
//! less than a week old — is looked up at Stripe, and what Stripe says is applied exactly as
//! a verified webhook would be (settle.rs). So is every payment whose purchase stops waiting
//! (`pay_by`, a booking's hold end) within the next two rounds: a paid booking whose webhook is
//! late is confirmed rather than released by the hold sweeper (which would refund it). One
//! task per instance; the transitions are conditional updates, so instances may overlap.

use std::time::Duration;

use super::settle::{self, Outcome, SettleError};
use super::{db, StripeProvider};
use crate::payments::{PaymentProvider, PaymentStatus};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// Payments looked up per round (the rest wait for the next one).
const BATCH: i64 = 50;
/// Payments older than this are left alone (their holds are long gone and swept).
const HORIZON_SECS: i64 = 7 * 24 * 3600;

pub fn spawn(state: &AppState) {
    let PaymentProvider::Stripe(stripe) = &state.payments else { return };
    let (state, stripe) = (state.clone(), stripe.clone());
    let every = state.config.stripe.stripe_reconcile_interval;
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every.min(Duration::from_secs(3600))).await;
            match run_once(&state, &stripe).await {
                Ok(settled) if !settled.is_empty() => tracing::info!(count = settled.len(), "Stripe reconciliation settled payments"),
                Ok(_) => {}
                Err(e) => tracing::warn!(error = %e, "the Stripe reconciliation failed; it runs again shortly"),
            }
        }
    });
}

/// One round: the (PaymentIntent id, outcome) of every payment whose state changed.
pub async fn run_once(state: &AppState, stripe: &StripeProvider) -> Result<Vec<(String, Outcome)>, SettleError> {
    let now = now_unix();
    let after = state.config.stripe.stripe_reconcile_after.as_secs() as i64;
    let every = state.config.stripe.stripe_reconcile_interval.as_secs() as i64;
    let due = db::pending_payments(&state.db.pool, now - after, now + 2 * every, now - HORIZON_SECS, BATCH).await?;
    let mut settled = Vec::new();
    for provider_ref in due {
        let intent = match stripe.client().retrieve_payment_intent(&provider_ref).await {
            Ok(intent) => intent,
            Err(e) => {
                tracing::warn!(payment_intent = %provider_ref, error = %e, "reconciliation: Stripe did not answer for a payment");
                continue;
            }
        };
        let outcome = match intent.payment_status() {
            PaymentStatus::Succeeded => settle::succeeded(state, stripe, &intent).await,
            PaymentStatus::Canceled => settle::canceled(state, &intent).await,
            _ => continue,
        };
        match outcome {
            Ok(outcome) => {
                tracing::info!(payment_intent = %provider_ref, outcome = outcome.as_str(), "reconciliation applied Stripe's state");
                settled.push((provider_ref, outcome));
            }
            Err(e) => tracing::warn!(payment_intent = %provider_ref, error = %e, "reconciliation could not apply Stripe's state"),
        }
    }
    Ok(settled)
}
