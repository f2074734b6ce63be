//! The consultants and their time off (docs/decisions/014-consultants-deliver.md).

use sqlx::{AnyConnection, Row};

use super::super::team::{ConsultantRow, TimeOffRow};

const COLUMNS: &str = "id, user_id, name, time_zone, weekly_hours, languages, CASE WHEN active THEN 1 ELSE 0 END AS active";

fn consultant(row: &sqlx::any::AnyRow) -> sqlx::Result<ConsultantRow> {
    Ok(ConsultantRow {
        id: row.try_get("id")?,
        user_id: row.try_get("user_id")?,
        name: row.try_get("name")?,
        time_zone: row.try_get("time_zone")?,
        weekly_hours: row.try_get("weekly_hours")?,
        languages: row.try_get("languages")?,
        active: row.try_get::<i32, _>("active")? == 1,
    })
}

pub async fn all(conn: &mut AnyConnection) -> sqlx::Result<Vec<ConsultantRow>> {
    let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM consultants ORDER BY created_at, id")).fetch_all(conn).await?;
    rows.iter().map(consultant).collect()
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<ConsultantRow>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM consultants WHERE id = $1")).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(consultant).transpose()
}

pub async fn of_user(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<ConsultantRow>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM consultants WHERE user_id = $1")).bind(user_id).fetch_optional(conn).await?;
    row.as_ref().map(consultant).transpose()
}

/// Inserts a consultant; with `if_missing`, an existing id is left as it is (the first
/// consultant made from the configuration at every start).
pub async fn insert(conn: &mut AnyConnection, row: &ConsultantRow, now: i64, if_missing: bool) -> sqlx::Result<()> {
    let conflict = if if_missing { " ON CONFLICT (id) DO NOTHING" } else { "" };
    sqlx::query(&format!(
        "INSERT INTO consultants (id, user_id, name, time_zone, weekly_hours, languages, active, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8){conflict}"
    ))
    .bind(&row.id)
    .bind(row.user_id.as_deref())
    .bind(&row.name)
    .bind(&row.time_zone)
    .bind(&row.weekly_hours)
    .bind(&row.languages)
    .bind(row.active)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn update(conn: &mut AnyConnection, row: &ConsultantRow, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultants SET name = $2, time_zone = $3, weekly_hours = $4, languages = $5, active = $6, updated_at = $7 WHERE id = $1",
    )
    .bind(&row.id)
    .bind(&row.name)
    .bind(&row.time_zone)
    .bind(&row.weekly_hours)
    .bind(&row.languages)
    .bind(row.active)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Time off that ends after `after`, by consultant and start.
pub async fn time_off(conn: &mut AnyConnection, after: i64) -> sqlx::Result<Vec<TimeOffRow>> {
    let rows = sqlx::query(
        "SELECT id, consultant_id, start_at, end_at, reason FROM consultant_time_off WHERE end_at > $1 ORDER BY consultant_id, start_at",
    )
    .bind(after)
    .fetch_all(conn)
    .await?;
    rows.iter()
        .map(|row| {
            Ok(TimeOffRow {
                id: row.try_get("id")?,
                consultant_id: row.try_get("consultant_id")?,
                start_at: row.try_get("start_at")?,
                end_at: row.try_get("end_at")?,
                reason: row.try_get("reason")?,
            })
        })
        .collect()
}

pub async fn add_time_off(conn: &mut AnyConnection, off: &TimeOffRow, now: i64) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO consultant_time_off (id, consultant_id, start_at, end_at, reason, created_at) VALUES ($1, $2, $3, $4, $5, $6)")
        .bind(&off.id)
        .bind(&off.consultant_id)
        .bind(off.start_at)
        .bind(off.end_at)
        .bind(&off.reason)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

pub async fn remove_time_off(conn: &mut AnyConnection, consultant_id: &str, id: &str) -> sqlx::Result<bool> {
    let done = sqlx::query("DELETE FROM consultant_time_off WHERE id = $1 AND consultant_id = $2")
        .bind(id)
        .bind(consultant_id)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Live bookings (confirmed, or held and not run out) per consultant starting in [from, to).
pub async fn load(conn: &mut AnyConnection, from: i64, to: i64, now: i64) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT consultant_id, COUNT(*) FROM consultation_bookings WHERE start_at >= $1 AND start_at < $2 \
         AND (status = 'confirmed' OR (status = 'held' AND hold_expires_at > $3)) GROUP BY consultant_id",
    )
    .bind(from)
    .bind(to)
    .bind(now)
    .fetch_all(conn)
    .await
}
