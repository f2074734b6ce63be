//! The hold sweeper (one per instance, like the mail worker): holds whose time ran out become
//! expired and release their claims, then their unpaid payments (past their `pay_by`, the
//! hold's end) are cancelled with the provider through the payments dispatcher. Every step is
//! a conditional update, so instances may sweep at once.

use std::time::Duration;

use super::super::db::{bookings, claims, documents};
use super::super::error::ConsultationResult;
use super::payment::from_dispatch;
use super::purchase::KIND;
use crate::payments::db as payments_db;
use crate::payments::dispatch::cancel_unpaid;
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
        let mut tx = state.db.begin_write().await?;
        if bookings::expire(&mut tx, &id, now).await? {
            claims::release(&mut tx, &id).await?;
            expired += 1;
        }
        tx.commit().await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    claims::release_dead(&mut conn).await?;
    let unpaid = payments_db::unpaid_overdue(&mut conn, KIND, now, BATCH).await?;
    drop(conn);
    let mut cancelled = 0;
    for payment in &unpaid {
        match cancel_unpaid(state, payment).await.map_err(from_dispatch) {
            Ok(()) => cancelled += 1,
            Err(e) => tracing::warn!(booking = %payment.purchase_id, error = %e, "an expired hold's payment was not cancelled"),
        }
    }
    let removed = remove_documents_of_expired(state).await?;
    if expired > 0 || cancelled > 0 || removed > 0 {
        tracing::info!(expired, cancelled, removed, "released expired holds");
    }
    Ok((expired, cancelled))
}

/// An unpaid hold that ran out keeps no travel documents: its folder goes first, then its
/// rows, so a failure leaves rows that the next sweep retries rather than files nobody knows.
async fn remove_documents_of_expired(state: &AppState) -> ConsultationResult<usize> {
    let mut conn = state.db.pool.acquire().await?;
    let bookings = documents::of_expired_bookings(&mut conn, BATCH).await?;
    for booking_id in &bookings {
        let folder = state.config.consultations.upload_dir.join(booking_id);
        match tokio::fs::remove_dir_all(&folder).await {
            Ok(()) => {}
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e.into()),
        }
        documents::delete_of_booking(&mut conn, booking_id).await?;
    }
    Ok(bookings.len())
}
