//! Whole-site content queries: what the home page, the sitemap and the page cache need.

use super::super::model::{date_of, Dated, Testimonial};
use crate::platform::db::Db;
use crate::platform::i18n::Lang;

/// The testimonials of one language, in their file order.
pub async fn testimonials(db: &Db, lang: Lang) -> Result<Vec<Testimonial>, sqlx::Error> {
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT quote, name, trip FROM content_testimonials WHERE lang = $1 ORDER BY position")
            .bind(lang.code())
            .fetch_all(&db.pool)
            .await?;
    Ok(rows.into_iter().map(|(quote, name, trip)| Testimonial { quote, name, trip }).collect())
}

/// Every post with its last update, newest first.
pub async fn post_dates(db: &Db) -> Result<Vec<Dated>, sqlx::Error> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT slug, updated_at FROM content_posts ORDER BY published_at DESC, slug DESC").fetch_all(&db.pool).await?;
    Ok(rows.into_iter().map(|(slug, updated)| Dated { slug, date: Some(date_of(updated)) }).collect())
}

/// Every destination with the last update of its newest post (none when it has no posts).
pub async fn destination_dates(db: &Db) -> Result<Vec<Dated>, sqlx::Error> {
    let rows: Vec<(String, Option<i64>)> = sqlx::query_as(
        "SELECT d.slug, MAX(p.updated_at) FROM content_destinations d \
         LEFT JOIN content_post_destinations pd ON pd.destination_slug = d.slug \
         LEFT JOIN content_posts p ON p.slug = pd.post_slug \
         GROUP BY d.slug ORDER BY d.slug",
    )
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|(slug, updated)| Dated { slug, date: updated.map(date_of) }).collect())
}

/// The imported content's version and when it last moved (an import bumps it), if any.
pub async fn content_version(db: &Db) -> Result<Option<(String, i64)>, sqlx::Error> {
    sqlx::query_as("SELECT value, updated_at FROM app_metadata WHERE key = 'content_version'").fetch_optional(&db.pool).await
}

/// Moves `content_version`: every instance renders its cached pages again (an import, a
/// published opinion).
pub async fn bump_version(conn: &mut sqlx::AnyConnection, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO app_metadata (key, value, updated_at) VALUES ('content_version', $1, $2) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}
