//! The hold sweeper (one per instance, like the mail worker): holds whose time ran out become
//! expired and release their claims, then their unpaid payments are cancelled with the
//! provider. Every step is a conditional update, so instances may sweep at once.

use std::time::Duration;

use super::super::db::{self, bookings, claims};
use super::super::error::ConsultationResult;
use super::payment::cancel_unpaid;
use crate::payments::db as payments_db;
use crate::platform::db::now_unix;
use crate::startup::AppState;

const BATCH: i64 = 100;

pub fn spawn(state: &AppState) {
    let state = state.clone();
    let every = state.config.consultations.hold_sweep;
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every.min(Duration::from_secs(3600))).await;
            if let Err(e) = sweep(&state).await {
                tracing::warn!(error = %e, "the hold sweep failed; it runs again shortly");
            }
        }
    });
}

/// One pass: (holds expired, payments cancelled).
pub async fn sweep(state: &AppState) -> ConsultationResult<(usize, usize)> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let due = bookings::expired_holds(&mut conn, now, BATCH).await?;
    drop(conn);
    let mut expired = 0;
    for id in due {
        let mut tx = db::begin(&state.db).await?;
        if bookings::expire(&mut tx, &id, now).await? {
            claims::release(&mut tx, &id).await?;
            expired += 1;
        }
        tx.commit().await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    claims::release_dead(&mut conn).await?;
    let unpaid = payments_db::unpaid_of_expired_bookings(&mut conn, BATCH).await?;
    drop(conn);
    let mut cancelled = 0;
    for payment in &unpaid {
        match cancel_unpaid(state, payment).await {
            Ok(()) => cancelled += 1,
            Err(e) => tracing::warn!(booking = %payment.booking_id, error = %e, "an expired hold's payment was not cancelled"),
        }
    }
    if expired > 0 || cancelled > 0 {
        tracing::info!(expired, cancelled, "released expired holds");
    }
    Ok((expired, cancelled))
}
