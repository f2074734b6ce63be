//! Booking rows and their state changes: each change is a conditional UPDATE that reports
//! whether it won, so two requests (or a request and the hold sweeper) never both apply.

use sqlx::{AnyConnection, Row};

use super::super::model::{BookingRow, BookingStatus};

pub(super) const COLUMNS: &str = "id, plan_id, status, start_at, end_at, hold_expires_at, amount_cents, currency, name, email, country, \
     message, language, user_id, ics_sequence, refund_cents, consultant_id, traveller_time_zone, meeting_code, meeting_url, \
     meeting_phone, outcome, case_state";

pub(super) fn booking(row: &sqlx::any::AnyRow) -> sqlx::Result<BookingRow> {
    Ok(BookingRow {
        id: row.try_get("id")?,
        plan_id: row.try_get("plan_id")?,
        status: BookingStatus::parse(row.try_get::<&str, _>("status")?),
        start_at: row.try_get("start_at")?,
        end_at: row.try_get("end_at")?,
        hold_expires_at: row.try_get("hold_expires_at")?,
        amount_cents: row.try_get("amount_cents")?,
        currency: row.try_get("currency")?,
        name: row.try_get("name")?,
        email: row.try_get("email")?,
        country: row.try_get("country")?,
        message: row.try_get("message")?,
        language: row.try_get("language")?,
        user_id: row.try_get("user_id")?,
        ics_sequence: i64::from(row.try_get::<i32, _>("ics_sequence")?),
        refund_cents: row.try_get("refund_cents")?,
        consultant_id: row.try_get("consultant_id")?,
        traveller_time_zone: row.try_get("traveller_time_zone")?,
        meeting_code: row.try_get("meeting_code")?,
        meeting_url: row.try_get("meeting_url")?,
        meeting_phone: row.try_get("meeting_phone")?,
        outcome: row.try_get("outcome")?,
        case_state: row.try_get("case_state")?,
    })
}

/// A new held booking, with what an idempotent retry needs.
pub struct NewBooking<'a> {
    pub row: &'a BookingRow,
    pub idempotency_hash: Option<&'a str>,
    pub request_hash: Option<&'a str>,
    pub token_sealed: Option<&'a str>,
    /// The client's rate-limit key, kept while the booking is held.
    pub holder_key: &'a str,
    pub now: i64,
}

pub async fn insert(conn: &mut AnyConnection, new: &NewBooking<'_>) -> sqlx::Result<()> {
    let b = new.row;
    sqlx::query(
        "INSERT INTO consultation_bookings (id, consultant_id, plan_id, status, start_at, end_at, hold_expires_at, amount_cents, \
         currency, name, email, country, message, language, user_id, idempotency_hash, request_hash, token_sealed, \
         ics_sequence, created_at, updated_at, holder_key, traveller_time_zone, meeting_code) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, 0, $19, $19, $20, $21, $22)",
    )
    .bind(&b.id)
    .bind(&b.consultant_id)
    .bind(&b.plan_id)
    .bind(b.status.as_str())
    .bind(b.start_at)
    .bind(b.end_at)
    .bind(b.hold_expires_at)
    .bind(b.amount_cents)
    .bind(&b.currency)
    .bind(&b.name)
    .bind(&b.email)
    .bind(&b.country)
    .bind(&b.message)
    .bind(&b.language)
    .bind(b.user_id.as_deref())
    .bind(new.idempotency_hash)
    .bind(new.request_hash)
    .bind(new.token_sealed)
    .bind(new.now)
    .bind(new.holder_key)
    .bind(b.traveller_time_zone.as_deref())
    .bind(b.meeting_code.as_deref())
    .execute(conn)
    .await
    .map(drop)
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<BookingRow>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM consultation_bookings WHERE id = $1")).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(booking).transpose()
}

/// The booking made under an Idempotency-Key: (booking, request digest, sealed token).
pub async fn find_by_idempotency(conn: &mut AnyConnection, key_hash: &str) -> sqlx::Result<Option<(BookingRow, String, String)>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS}, request_hash, token_sealed FROM consultation_bookings WHERE idempotency_hash = $1"))
        .bind(key_hash)
        .fetch_optional(conn)
        .await?;
    row.map(|row| Ok((booking(&row)?, row.try_get("request_hash")?, row.try_get("token_sealed")?))).transpose()
}

/// A signed-in user's bookings (not the holds that ran out), soonest first.
pub async fn of_user(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Vec<BookingRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE user_id = $1 AND status <> 'expired' ORDER BY start_at, id"
    ))
    .bind(user_id)
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}

/// held → confirmed. False when the booking is no longer held (it expired meanwhile).
pub async fn confirm(conn: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultation_bookings SET status = 'confirmed', hold_expires_at = NULL, holder_key = NULL, updated_at = $2 \
         WHERE id = $1 AND status = 'held'",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// held or confirmed → cancelled, with the refund decided and the invite's sequence raised.
pub async fn cancel(conn: &mut AnyConnection, id: &str, from: BookingStatus, refund_cents: Option<i64>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultation_bookings SET status = 'cancelled', refund_cents = $3, hold_expires_at = NULL, holder_key = NULL, \
         ics_sequence = ics_sequence + 1, updated_at = $4 WHERE id = $1 AND status = $2",
    )
    .bind(id)
    .bind(from.as_str())
    .bind(refund_cents)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A confirmed booking moves to a new time or consultant (same id, same payment); the invite's
/// sequence rises and the reminders are due again.
pub async fn reschedule(
    conn: &mut AnyConnection,
    booking: &BookingRow,
    start: i64,
    end: i64,
    consultant: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultation_bookings SET start_at = $3, end_at = $4, consultant_id = $5, ics_sequence = ics_sequence + 1, \
         reminded_day_at = NULL, reminded_hour_at = NULL, updated_at = $6 \
         WHERE id = $1 AND status = 'confirmed' AND start_at = $2 AND consultant_id = $7",
    )
    .bind(&booking.id)
    .bind(booking.start_at)
    .bind(start)
    .bind(end)
    .bind(consultant)
    .bind(now)
    .bind(&booking.consultant_id)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Holds whose time ran out, oldest first (the sweeper's work list).
pub async fn expired_holds(conn: &mut AnyConnection, now: i64, limit: i64) -> sqlx::Result<Vec<String>> {
    let rows: Vec<(String,)> = sqlx::query_as(
        "SELECT id FROM consultation_bookings WHERE status = 'held' AND hold_expires_at <= $1 ORDER BY hold_expires_at LIMIT $2",
    )
    .bind(now)
    .bind(limit)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// held (and run out) → expired. False when it was paid or expired by someone else first.
pub async fn expire(conn: &mut AnyConnection, id: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultation_bookings SET status = 'expired', holder_key = NULL, updated_at = $2 \
         WHERE id = $1 AND status = 'held' AND hold_expires_at <= $2",
    )
    .bind(id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes the booking's row lock (PostgreSQL) so changes to its children are serialized.
pub async fn lock(conn: &mut AnyConnection, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE consultation_bookings SET updated_at = updated_at WHERE id = $1").bind(id).execute(conn).await?;
    Ok(done.rows_affected() == 1)
}

/// Adds an access token (its hash) that opens the booking's manage link.
pub async fn add_token(conn: &mut AnyConnection, booking_id: &str, token_hash: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO consultation_access_tokens (token_hash, booking_id, created_at) VALUES ($1, $2, $3)")
        .bind(token_hash)
        .bind(booking_id)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

/// Whether a token hash opens this booking.
pub async fn token_opens(conn: &mut AnyConnection, booking_id: &str, token_hash: &str) -> sqlx::Result<bool> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT booking_id FROM consultation_access_tokens WHERE token_hash = $1 AND booking_id = $2")
            .bind(token_hash)
            .bind(booking_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.is_some())
}

/// Holds still running (unpaid, not run out) made by this client or for this e-mail address.
pub async fn live_holds(conn: &mut AnyConnection, holder_key: &str, email: &str, now: i64) -> sqlx::Result<(i64, i64)> {
    let count = |column: &str| {
        format!("SELECT COUNT(*) FROM consultation_bookings WHERE {column} = $1 AND status = 'held' AND hold_expires_at > $2")
    };
    let by_holder: i64 = sqlx::query_scalar(&count("holder_key")).bind(holder_key).bind(now).fetch_one(&mut *conn).await?;
    let by_email: i64 = sqlx::query_scalar(&count("email")).bind(email).bind(now).fetch_one(&mut *conn).await?;
    Ok((by_holder, by_email))
}
