//! Content queries, written once for SQLite and PostgreSQL (docs/decisions/001).

mod site;

pub use site::{bump_version, content_version, destination_dates, post_dates, testimonials};

use super::model::{
    date_of, media_url, Author, Category, Cursor, DestinationDetail, DestinationLink, DestinationSummary, Image, PostDetail, PostPage,
    PostSummary,
};
use crate::platform::db::Db;
use crate::platform::i18n::Lang;

/// The columns of a post card, in the language `$1`.
const POST_SUMMARY: &str = "SELECT p.slug, p.published_at, p.updated_at, p.cover, p.cover_width, p.cover_height, \
     t.title, t.excerpt, t.cover_alt, t.reading_minutes, c.key, \
     CASE $1 WHEN 'es' THEN c.es WHEN 'pt' THEN c.pt ELSE c.en END, a.name, \
     CASE $1 WHEN 'es' THEN a.role_es WHEN 'pt' THEN a.role_pt ELSE a.role_en END \
     FROM content_posts p \
     JOIN content_post_texts t ON t.slug = p.slug AND t.lang = $1 \
     JOIN content_categories c ON c.key = p.category \
     JOIN content_authors a ON a.key = p.author";

type SummaryRow = (String, i64, i64, String, i32, i32, String, String, String, i32, String, String, String, String);

fn summary(lang: Lang, row: SummaryRow) -> PostSummary {
    let (slug, published_at, updated_at, cover, width, height, title, excerpt, alt, minutes, category, category_name, author, role) = row;
    PostSummary {
        path: lang.localize(&format!("/blog/{slug}")),
        slug,
        title,
        excerpt,
        category: Category { key: category, name: category_name },
        author: Author { name: author, role },
        published: date_of(published_at),
        updated: date_of(updated_at),
        reading_minutes: minutes,
        cover: Image { url: media_url(&cover), width, height, alt },
    }
}

/// Newest first, `limit` at a time, continuing after `after`.
pub async fn posts_page(db: &Db, lang: Lang, limit: u32, after: Option<&Cursor>) -> Result<PostPage, sqlx::Error> {
    let order = " ORDER BY p.published_at DESC, p.slug DESC LIMIT $2";
    // One row more than asked tells whether another page exists.
    let fetch = i64::from(limit) + 1;
    let rows: Vec<SummaryRow> = match after {
        None => sqlx::query_as(&format!("{POST_SUMMARY}{order}")).bind(lang.code()).bind(fetch).fetch_all(&db.pool).await?,
        Some(cursor) => {
            let keyset = " WHERE p.published_at < $3 OR (p.published_at = $3 AND p.slug < $4)";
            sqlx::query_as(&format!("{POST_SUMMARY}{keyset}{order}"))
                .bind(lang.code())
                .bind(fetch)
                .bind(cursor.published_at)
                .bind(&cursor.slug)
                .fetch_all(&db.pool)
                .await?
        }
    };
    let has_more = rows.len() > limit as usize;
    let items: Vec<PostSummary> = rows.into_iter().take(limit as usize).map(|row| summary(lang, row)).collect();
    let next_cursor = match (has_more, items.last()) {
        (true, Some(last)) => Some(cursor_of(db, &last.slug).await?.encode()),
        _ => None,
    };
    Ok(PostPage { items, next_cursor })
}

async fn cursor_of(db: &Db, slug: &str) -> Result<Cursor, sqlx::Error> {
    let (published_at,): (i64,) =
        sqlx::query_as("SELECT published_at FROM content_posts WHERE slug = $1").bind(slug).fetch_one(&db.pool).await?;
    Ok(Cursor { published_at, slug: slug.to_owned() })
}

pub async fn post(db: &Db, lang: Lang, slug: &str) -> Result<Option<PostDetail>, sqlx::Error> {
    let Some(row) = sqlx::query_as::<_, SummaryRow>(&format!("{POST_SUMMARY} WHERE p.slug = $2"))
        .bind(lang.code())
        .bind(slug)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(None);
    };
    let (description, tags, body_html): (String, String, String) =
        sqlx::query_as("SELECT description, tags, body_html FROM content_post_texts WHERE slug = $1 AND lang = $2")
            .bind(slug)
            .bind(lang.code())
            .fetch_one(&db.pool)
            .await?;
    let summary = summary(lang, row);
    Ok(Some(PostDetail {
        destinations: post_destinations(db, lang, slug).await?,
        related: related_posts(db, lang, slug, &summary.category.key).await?,
        summary,
        lang,
        description,
        tags: serde_json::from_str(&tags).unwrap_or_default(),
        body_html,
    }))
}

async fn post_destinations(db: &Db, lang: Lang, slug: &str) -> Result<Vec<DestinationLink>, sqlx::Error> {
    let rows: Vec<(String, String)> = sqlx::query_as(
        "SELECT d.slug, t.title FROM content_post_destinations pd \
         JOIN content_destinations d ON d.slug = pd.destination_slug \
         JOIN content_destination_texts t ON t.slug = d.slug AND t.lang = $2 \
         WHERE pd.post_slug = $1 ORDER BY t.title",
    )
    .bind(slug)
    .bind(lang.code())
    .fetch_all(&db.pool)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(slug, title)| DestinationLink { path: lang.localize(&format!("/destinations/{slug}")), slug, title })
        .collect())
}

/// Up to three other posts: same category or a shared destination, newest first.
async fn related_posts(db: &Db, lang: Lang, slug: &str, category: &str) -> Result<Vec<PostSummary>, sqlx::Error> {
    let rows: Vec<SummaryRow> = sqlx::query_as(&format!(
        "{POST_SUMMARY} WHERE p.slug <> $2 AND (p.category = $3 OR p.slug IN \
         (SELECT o.post_slug FROM content_post_destinations o JOIN content_post_destinations m \
          ON m.destination_slug = o.destination_slug WHERE m.post_slug = $2)) \
         ORDER BY CASE WHEN p.category = $3 THEN 0 ELSE 1 END, p.published_at DESC, p.slug DESC LIMIT 3"
    ))
    .bind(lang.code())
    .bind(slug)
    .bind(category)
    .fetch_all(&db.pool)
    .await?;
    Ok(rows.into_iter().map(|row| summary(lang, row)).collect())
}

const DESTINATION_SUMMARY: &str = "SELECT d.slug, d.kind, d.image, d.image_width, d.image_height, t.title, t.description, t.image_alt \
     FROM content_destinations d JOIN content_destination_texts t ON t.slug = d.slug AND t.lang = $1";

type DestinationRow = (String, String, String, i32, i32, String, String, String);

fn destination_summary(lang: Lang, row: DestinationRow) -> DestinationSummary {
    let (slug, kind, image, width, height, title, description, alt) = row;
    DestinationSummary {
        path: lang.localize(&format!("/destinations/{slug}")),
        slug,
        kind,
        title,
        description,
        image: Image { url: media_url(&image), width, height, alt },
    }
}

/// All destinations, or those of one kind, or those offering one type of trip (the type's
/// own page included).
pub async fn destinations(
    db: &Db,
    lang: Lang,
    kind: Option<&str>,
    trip_type: Option<&str>,
) -> Result<Vec<DestinationSummary>, sqlx::Error> {
    let order = " ORDER BY CASE d.kind WHEN 'region' THEN 0 WHEN 'type' THEN 1 ELSE 2 END, t.title";
    let filter = " WHERE ($2 = '' OR d.kind = $2) \
         AND ($3 = '' OR d.slug = $3 OR d.slug IN (SELECT slug FROM content_destination_types WHERE trip_type = $3))";
    let rows: Vec<DestinationRow> = sqlx::query_as(&format!("{DESTINATION_SUMMARY}{filter}{order}"))
        .bind(lang.code())
        .bind(kind.unwrap_or_default())
        .bind(trip_type.unwrap_or_default())
        .fetch_all(&db.pool)
        .await?;
    Ok(rows.into_iter().map(|row| destination_summary(lang, row)).collect())
}

pub async fn destination(db: &Db, lang: Lang, slug: &str) -> Result<Option<DestinationDetail>, sqlx::Error> {
    let Some(row) = sqlx::query_as::<_, DestinationRow>(&format!("{DESTINATION_SUMMARY} WHERE d.slug = $2"))
        .bind(lang.code())
        .bind(slug)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(None);
    };
    let (body_html,): (String,) = sqlx::query_as("SELECT body_html FROM content_destination_texts WHERE slug = $1 AND lang = $2")
        .bind(slug)
        .bind(lang.code())
        .fetch_one(&db.pool)
        .await?;
    let posts: Vec<SummaryRow> = sqlx::query_as(&format!(
        "{POST_SUMMARY} JOIN content_post_destinations pd ON pd.post_slug = p.slug WHERE pd.destination_slug = $2 ORDER BY p.published_at DESC, p.slug DESC"
    ))
    .bind(lang.code())
    .bind(slug)
    .fetch_all(&db.pool)
    .await?;
    Ok(Some(DestinationDetail {
        summary: destination_summary(lang, row),
        lang,
        body_html,
        posts: posts.into_iter().map(|row| summary(lang, row)).collect(),
    }))
}

/// An imported illustration: (content type, sha256, bytes).
pub async fn media(db: &Db, name: &str) -> Result<Option<(String, String, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as("SELECT content_type, sha256, bytes FROM content_media WHERE name = $1").bind(name).fetch_optional(&db.pool).await
}
