//! Travel documents attached to a booking (the files themselves live under UPLOAD_DIR).

use sqlx::AnyConnection;

use super::super::model::DocumentView;

pub struct NewDocument<'a> {
    pub id: &'a str,
    pub booking_id: &'a str,
    pub filename: &'a str,
    pub stored_name: &'a str,
    pub size_bytes: i64,
    pub content_type: &'a str,
    /// Milliseconds, so documents sent within one second keep their order.
    pub now_ms: i64,
}

pub async fn count(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<i64> {
    let (count,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM consultation_documents WHERE booking_id = $1").bind(booking_id).fetch_one(conn).await?;
    Ok(count)
}

pub async fn insert(conn: &mut AnyConnection, new: &NewDocument<'_>) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO consultation_documents (id, booking_id, filename, stored_name, size_bytes, content_type, created_at_ms) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(new.id)
    .bind(new.booking_id)
    .bind(new.filename)
    .bind(new.stored_name)
    .bind(new.size_bytes)
    .bind(new.content_type)
    .bind(new.now_ms)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn of_booking(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<Vec<DocumentView>> {
    let rows: Vec<(String, String, i64, String)> = sqlx::query_as(
        "SELECT id, filename, size_bytes, content_type FROM consultation_documents WHERE booking_id = $1 ORDER BY created_at_ms, id",
    )
    .bind(booking_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id, filename, size_bytes, content_type)| DocumentView { id, filename, size_bytes, content_type }).collect())
}

/// Bookings whose hold ran out and that still have documents (their files are to go).
pub async fn of_expired_bookings(conn: &mut AnyConnection, limit: i64) -> sqlx::Result<Vec<String>> {
    sqlx::query_scalar(
        "SELECT DISTINCT d.booking_id FROM consultation_documents d JOIN consultation_bookings b ON b.id = d.booking_id \
         WHERE b.status = 'expired' LIMIT $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await
}

pub async fn delete_of_booking(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM consultation_documents WHERE booking_id = $1").bind(booking_id).execute(conn).await.map(drop)
}
