//! The reservation sweeper (one per instance): pending orders whose reservation ran out are
//! cancelled and give their stock and discount use back, then their unpaid payments are
//! cancelled with the provider through the dispatcher. Every step is a conditional update, so
//! instances may sweep at once and nothing is released twice.

use std::time::Duration;

use sqlx::AnyConnection;

use super::payment::from_dispatch;
use super::place::release;
use super::rows::{self, CANCELED, PENDING};
use super::view::KIND;
use crate::payments::db as payments_db;
use crate::payments::dispatch::cancel_unpaid;
use crate::platform::db::now_unix;
use crate::startup::AppState;
use crate::store::discounts;
use crate::store::error::StoreResult;

const BATCH: i64 = 100;

pub fn spawn(state: &AppState) {
    let state = state.clone();
    let every = state.config.store.sweep.clamp(Duration::from_secs(1), Duration::from_secs(3600));
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(every).await;
            if let Err(e) = sweep(&state).await {
                tracing::warn!(error = %e, "the store's reservation sweep failed; it runs again shortly");
            }
        }
    });
}

/// One pass: (orders expired, payments cancelled).
pub async fn sweep(state: &AppState) -> StoreResult<(usize, usize)> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let due = rows::expired(&mut conn, now, BATCH).await?;
    drop(conn);
    let mut expired = 0;
    for id in due {
        let mut tx = state.db.begin_write().await?;
        if cancel(&mut tx, &id, now).await? {
            expired += 1;
        }
        tx.commit().await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    let unpaid = payments_db::unpaid_overdue(&mut conn, KIND, now, BATCH).await?;
    drop(conn);
    let mut cancelled = 0;
    for payment in &unpaid {
        match cancel_unpaid(state, payment).await.map_err(from_dispatch) {
            Ok(()) => cancelled += 1,
            Err(e) => tracing::warn!(order = %payment.purchase_id, error = %e, "an expired order's payment was not cancelled"),
        }
    }
    if expired > 0 || cancelled > 0 {
        tracing::info!(expired, cancelled, "released expired store reservations");
    }
    Ok((expired, cancelled))
}

/// pending → canceled, giving back its units and its discount use: `false` if it was not pending.
pub async fn cancel(conn: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE store_orders SET status = $2, reserved_until = NULL, updated_at = $3 WHERE id = $1 AND status = $4")
        .bind(id)
        .bind(CANCELED)
        .bind(now)
        .bind(PENDING)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() == 0 {
        return Ok(false);
    }
    for line in rows::lines(&mut *conn, id).await? {
        release(&mut *conn, &line.sku, line.quantity).await?;
    }
    let order = rows::find(&mut *conn, id).await?;
    if let Some(code) = order.and_then(|o| o.discount_code) {
        discounts::give_back_use(conn, &code).await?;
    }
    Ok(true)
}
