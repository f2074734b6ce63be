//! The `event_counts` table: one counter per (UTC day, name, language, source).

use sqlx::AnyConnection;

use super::model::NewEvent;

/// Adds one to the day's counter, creating it at 1 (one statement; concurrent adds all count).
pub async fn count(conn: &mut AnyConnection, day: &str, event: &NewEvent) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO event_counts (day, name, lang, source, count) VALUES ($1, $2, $3, $4, 1) \
         ON CONFLICT (day, name, lang, source) DO UPDATE SET count = event_counts.count + 1",
    )
    .bind(day)
    .bind(event.name.as_str())
    .bind(event.lang.code())
    .bind(&event.source)
    .execute(conn)
    .await
    .map(drop)
}

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct DailyCount {
    pub day: String,
    pub name: String,
    pub lang: String,
    pub source: String,
    pub count: i64,
}

/// Every counter from `first_day` on (days are `YYYY-MM-DD`, so text order is date order).
pub async fn counts_since(conn: &mut AnyConnection, first_day: &str) -> sqlx::Result<Vec<DailyCount>> {
    sqlx::query_as("SELECT day, name, lang, source, count FROM event_counts WHERE day >= $1 ORDER BY day DESC, name, lang, source")
        .bind(first_day)
        .fetch_all(conn)
        .await
}
