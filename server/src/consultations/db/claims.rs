//! Claims: one row per 15-minute cell of a live booking, unique per consultant and cell. The
//! unique key is what makes a double booking impossible, whatever runs concurrently.

use std::collections::BTreeSet;

use sqlx::AnyConnection;

use super::placeholders;

/// Cells taken in [from, to): claims of confirmed bookings and of holds still inside their hold.
pub async fn taken(conn: &mut AnyConnection, consultant: &str, from: i64, to: i64, now: i64) -> sqlx::Result<BTreeSet<i64>> {
    let rows: Vec<(i64,)> = sqlx::query_as(
        "SELECT c.cell_start FROM booking_claims c JOIN consultation_bookings b ON b.id = c.booking_id \
         WHERE c.consultant_id = $1 AND c.cell_start >= $2 AND c.cell_start < $3 \
         AND (b.status = 'confirmed' OR (b.status = 'held' AND b.hold_expires_at > $4))",
    )
    .bind(consultant)
    .bind(from)
    .bind(to)
    .bind(now)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(cell,)| cell).collect())
}

/// Inside the booking's transaction: holds that ran out and still claim any of `cells` are
/// marked expired, and claims of bookings no longer live are removed from those cells, so an
/// expired hold never blocks anyone.
pub async fn release_expired_over(conn: &mut AnyConnection, consultant: &str, cells: &[i64], now: i64) -> sqlx::Result<()> {
    let sql = format!(
        "UPDATE consultation_bookings SET status = 'expired', holder_key = NULL, updated_at = $1 \
         WHERE status = 'held' AND hold_expires_at <= $1 AND id IN \
         (SELECT booking_id FROM booking_claims WHERE consultant_id = $2 AND cell_start IN ({}))",
        placeholders(3, cells.len())
    );
    let mut expire = sqlx::query(&sql).bind(now).bind(consultant);
    for cell in cells {
        expire = expire.bind(*cell);
    }
    expire.execute(&mut *conn).await?;
    let sql = format!(
        "DELETE FROM booking_claims WHERE consultant_id = $1 AND cell_start IN ({}) AND booking_id IN \
         (SELECT id FROM consultation_bookings WHERE status IN ('expired', 'cancelled'))",
        placeholders(2, cells.len())
    );
    let mut delete = sqlx::query(&sql).bind(consultant);
    for cell in cells {
        delete = delete.bind(*cell);
    }
    delete.execute(&mut *conn).await.map(drop)
}

/// Claims left by bookings that are no longer live (the sweeper's tidy-up).
pub async fn release_dead(conn: &mut AnyConnection) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "DELETE FROM booking_claims WHERE booking_id IN (SELECT id FROM consultation_bookings WHERE status IN ('expired', 'cancelled'))",
    )
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}

/// Claims `cells` of `consultant` for the booking; a cell already claimed fails with a unique violation.
pub async fn claim(conn: &mut AnyConnection, consultant: &str, booking_id: &str, cells: &[i64]) -> sqlx::Result<()> {
    let values: Vec<String> = (0..cells.len()).map(|i| format!("($1, ${}, $2)", i + 3)).collect();
    let sql = format!("INSERT INTO booking_claims (consultant_id, cell_start, booking_id) VALUES {}", values.join(", "));
    let mut insert = sqlx::query(&sql).bind(consultant).bind(booking_id);
    for cell in cells {
        insert = insert.bind(*cell);
    }
    insert.execute(conn).await.map(drop)
}

/// Removes every claim of a booking (it expired, was cancelled, or moves).
pub async fn release(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM booking_claims WHERE booking_id = $1").bind(booking_id).execute(conn).await.map(drop)
}

pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.is_unique_violation())
}
