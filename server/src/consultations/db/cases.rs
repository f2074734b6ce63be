//! The console's reads and writes of bookings as cases (docs/decisions/014-consultants-deliver.md).

use sqlx::AnyConnection;

use super::super::case::CaseState;
use super::super::model::BookingRow;
use super::bookings::{booking, COLUMNS};

/// Confirmed bookings starting in [from, to), of one consultant or everyone's, by start.
pub async fn agenda(conn: &mut AnyConnection, from: i64, to: i64, consultant: Option<&str>) -> sqlx::Result<Vec<BookingRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE status = 'confirmed' AND start_at >= $1 AND start_at < $2 \
         AND ($3 = '' OR consultant_id = $3) ORDER BY start_at, id LIMIT 1000"
    ))
    .bind(from)
    .bind(to)
    .bind(consultant.unwrap_or(""))
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}

/// The other live or past bookings made with the same e-mail address, newest first.
pub async fn same_email(conn: &mut AnyConnection, email: &str, except: &str) -> sqlx::Result<Vec<BookingRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE email = $1 AND id <> $2 AND status IN ('confirmed', 'cancelled') \
         ORDER BY start_at DESC LIMIT 50"
    ))
    .bind(email)
    .bind(except)
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}

/// Confirmed bookings whose case is in one of `states` and that started before `started_before`,
/// due first.
pub async fn in_states(conn: &mut AnyConnection, states: &[CaseState], started_before: i64) -> sqlx::Result<Vec<BookingRow>> {
    let list: Vec<String> = states.iter().map(|s| format!("'{}'", s.as_str())).collect();
    // The states are the enum's own spellings, never input: safe to write into the query.
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE status = 'confirmed' AND case_state IN ({}) AND start_at < $1 \
         ORDER BY start_at, id LIMIT 500",
        list.join(", ")
    ))
    .bind(started_before)
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}

/// Confirmed bookings from `after` on (the conflicts check reads them against the calendars).
pub async fn upcoming(conn: &mut AnyConnection, after: i64) -> sqlx::Result<Vec<BookingRow>> {
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE status = 'confirmed' AND start_at >= $1 ORDER BY start_at, id LIMIT 2000"
    ))
    .bind(after)
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}

/// Moves the case from one of `from` to `to` (and sets the outcome when given). False when the
/// case was elsewhere (someone else moved it first).
pub async fn advance(
    conn: &mut AnyConnection,
    id: &str,
    from: &[CaseState],
    to: CaseState,
    outcome: Option<&str>,
    now: i64,
) -> sqlx::Result<bool> {
    let list: Vec<String> = from.iter().map(|s| format!("'{}'", s.as_str())).collect();
    let done = sqlx::query(&format!(
        "UPDATE consultation_bookings SET case_state = $2, outcome = COALESCE($3, outcome), updated_at = $4 \
         WHERE id = $1 AND status = 'confirmed' AND case_state IN ({})",
        list.join(", ")
    ))
    .bind(id)
    .bind(to.as_str())
    .bind(outcome)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn set_meeting(conn: &mut AnyConnection, id: &str, url: Option<&str>, phone: Option<&str>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE consultation_bookings SET meeting_url = $2, meeting_phone = $3, updated_at = $4 WHERE id = $1")
        .bind(id)
        .bind(url)
        .bind(phone)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A document's stored file name and how it is served.
pub async fn document(conn: &mut AnyConnection, booking_id: &str, id: &str) -> sqlx::Result<Option<(String, String, String)>> {
    sqlx::query_as("SELECT filename, stored_name, content_type FROM consultation_documents WHERE booking_id = $1 AND id = $2")
        .bind(booking_id)
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Confirmed bookings whose `column` (a reminder's mark, never input) is unset and that start in
/// (after, until]; with `open_only`, only cases whose promise is still to keep.
pub async fn due_for(conn: &mut AnyConnection, column: &str, after: i64, until: i64, open_only: bool) -> sqlx::Result<Vec<BookingRow>> {
    let open = if open_only { " AND case_state NOT IN ('advice_sent', 'closed')" } else { "" };
    let rows = sqlx::query(&format!(
        "SELECT {COLUMNS} FROM consultation_bookings WHERE status = 'confirmed' AND {column} IS NULL AND start_at > $1 \
         AND start_at <= $2{open} ORDER BY start_at LIMIT 200"
    ))
    .bind(after)
    .bind(until)
    .fetch_all(conn)
    .await?;
    rows.iter().map(booking).collect()
}
