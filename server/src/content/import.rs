//! Writes a checked catalog in one transaction: idempotent (unchanged rows are left alone,
//! found by a hash of their content) and removing nothing unless asked to prune.

use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Executor};

use super::catalog::{Catalog, Destination, Post};
use crate::platform::db::{now_unix, Db};

#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct ImportReport {
    pub posts: usize,
    pub destinations: usize,
    pub images: usize,
    pub products: usize,
    /// Rows written because they were new or different.
    pub changed: u64,
    pub pruned: u64,
}

pub async fn import(db: &Db, catalog: &Catalog, prune: bool, store_files: &std::path::Path) -> Result<ImportReport, sqlx::Error> {
    let mut tx = db.pool.begin().await?;
    let mut changed = 0;
    for (key, author) in &catalog.authors {
        changed += upsert_author(&mut tx, key, author).await?;
    }
    for (key, names) in &catalog.categories {
        changed += sqlx::query("INSERT INTO content_categories (key, en, es, pt) VALUES ($1, $2, $3, $4) ON CONFLICT (key) DO UPDATE SET en = excluded.en, es = excluded.es, pt = excluded.pt WHERE content_categories.en <> excluded.en OR content_categories.es <> excluded.es OR content_categories.pt <> excluded.pt")
            .bind(key).bind(&names.en).bind(&names.es).bind(&names.pt).execute(&mut *tx).await?.rows_affected();
    }
    for (name, bytes) in &catalog.images {
        changed += sqlx::query("INSERT INTO content_media (name, content_type, sha256, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT (name) DO UPDATE SET sha256 = excluded.sha256, bytes = excluded.bytes WHERE content_media.sha256 <> excluded.sha256")
            .bind(name).bind("image/svg+xml").bind(hex_sha256(bytes)).bind(bytes.clone()).execute(&mut *tx).await?.rows_affected();
    }
    for destination in &catalog.destinations {
        changed += upsert_destination(&mut tx, destination).await?;
    }
    for post in &catalog.posts {
        changed += upsert_post(&mut tx, post).await?;
    }
    changed += replace_testimonials(&mut tx, catalog).await?;
    changed += crate::store::catalog::import::import(&mut tx, &catalog.store, store_files).await?;
    let pruned = if prune {
        prune_missing(&mut tx, catalog).await? + crate::store::catalog::import::prune_missing(&mut tx, &catalog.store).await?
    } else {
        0
    };
    if changed + pruned > 0 {
        // Every instance re-renders its cached pages when this value moves.
        super::db::bump_version(&mut tx, now_unix()).await?;
    }
    tx.commit().await?;
    Ok(ImportReport {
        posts: catalog.posts.len(),
        destinations: catalog.destinations.len(),
        images: catalog.images.len(),
        products: catalog.store.products.len(),
        changed,
        pruned,
    })
}

async fn upsert_author(conn: &mut AnyConnection, key: &str, a: &super::parse::Author) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("INSERT INTO content_authors (key, name, role_en, role_es, role_pt) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO UPDATE SET name = excluded.name, role_en = excluded.role_en, role_es = excluded.role_es, role_pt = excluded.role_pt WHERE content_authors.name <> excluded.name OR content_authors.role_en <> excluded.role_en OR content_authors.role_es <> excluded.role_es OR content_authors.role_pt <> excluded.role_pt")
        .bind(key).bind(&a.name).bind(&a.role_en).bind(&a.role_es).bind(&a.role_pt).execute(conn).await?;
    Ok(done.rows_affected())
}

async fn upsert_destination(conn: &mut AnyConnection, d: &Destination) -> Result<u64, sqlx::Error> {
    let written = sqlx::query("INSERT INTO content_destinations (slug, kind, image, image_width, image_height, content_hash) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (slug) DO UPDATE SET kind = excluded.kind, image = excluded.image, image_width = excluded.image_width, image_height = excluded.image_height, content_hash = excluded.content_hash WHERE content_destinations.content_hash <> excluded.content_hash")
        .bind(&d.slug).bind(&d.meta.kind).bind(&d.meta.image).bind(d.meta.image_width).bind(d.meta.image_height).bind(hex_sha256(format!("{d:?}").as_bytes()))
        .execute(&mut *conn).await?.rows_affected();
    if written == 0 {
        return Ok(0);
    }
    sqlx::query("DELETE FROM content_destination_texts WHERE slug = $1").bind(&d.slug).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM content_destination_types WHERE slug = $1").bind(&d.slug).execute(&mut *conn).await?;
    for trip_type in &d.meta.types {
        sqlx::query("INSERT INTO content_destination_types (slug, trip_type) VALUES ($1, $2)")
            .bind(&d.slug)
            .bind(trip_type)
            .execute(&mut *conn)
            .await?;
    }
    for (lang, text) in &d.texts {
        sqlx::query(
            "INSERT INTO content_destination_texts (slug, lang, title, description, image_alt, body_html) VALUES ($1, $2, $3, $4, $5, $6)",
        )
        .bind(&d.slug)
        .bind(lang.code())
        .bind(&text.front.title)
        .bind(&text.front.description)
        .bind(&text.front.image_alt)
        .bind(&text.body_html)
        .execute(&mut *conn)
        .await?;
    }
    Ok(written)
}

async fn upsert_post(conn: &mut AnyConnection, p: &Post) -> Result<u64, sqlx::Error> {
    let written = sqlx::query("INSERT INTO content_posts (slug, published_at, updated_at, author, category, cover, cover_width, cover_height, content_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (slug) DO UPDATE SET published_at = excluded.published_at, updated_at = excluded.updated_at, author = excluded.author, category = excluded.category, cover = excluded.cover, cover_width = excluded.cover_width, cover_height = excluded.cover_height, content_hash = excluded.content_hash WHERE content_posts.content_hash <> excluded.content_hash")
        .bind(&p.slug).bind(p.published_at).bind(p.updated_at).bind(&p.meta.author).bind(&p.meta.category).bind(&p.meta.cover)
        .bind(p.meta.cover_width).bind(p.meta.cover_height).bind(hex_sha256(format!("{p:?}").as_bytes()))
        .execute(&mut *conn).await?.rows_affected();
    if written == 0 {
        return Ok(0);
    }
    sqlx::query("DELETE FROM content_post_texts WHERE slug = $1").bind(&p.slug).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM content_post_destinations WHERE post_slug = $1").bind(&p.slug).execute(&mut *conn).await?;
    for (lang, text) in &p.texts {
        let tags = serde_json::to_string(&text.front.tags).unwrap_or_else(|_| "[]".into());
        sqlx::query("INSERT INTO content_post_texts (slug, lang, title, excerpt, description, cover_alt, tags, body_html, reading_minutes) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)")
            .bind(&p.slug).bind(lang.code()).bind(&text.front.title).bind(&text.front.excerpt).bind(&text.front.description)
            .bind(&text.front.cover_alt).bind(tags).bind(&text.body_html).bind(text.reading_minutes as i32)
            .execute(&mut *conn).await?;
    }
    for destination in &p.meta.destinations {
        sqlx::query("INSERT INTO content_post_destinations (post_slug, destination_slug) VALUES ($1, $2)")
            .bind(&p.slug)
            .bind(destination)
            .execute(&mut *conn)
            .await?;
    }
    Ok(written)
}

async fn replace_testimonials(conn: &mut AnyConnection, catalog: &Catalog) -> Result<u64, sqlx::Error> {
    let mut changed = 0;
    for (lang, testimonials) in &catalog.testimonials {
        for (position, t) in testimonials.iter().enumerate() {
            changed += sqlx::query("INSERT INTO content_testimonials (lang, position, quote, name, trip) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (lang, position) DO UPDATE SET quote = excluded.quote, name = excluded.name, trip = excluded.trip WHERE content_testimonials.quote <> excluded.quote OR content_testimonials.name <> excluded.name OR content_testimonials.trip <> excluded.trip")
                .bind(lang.code()).bind(position as i32).bind(&t.quote).bind(&t.name).bind(&t.trip).execute(&mut *conn).await?.rows_affected();
        }
        changed += sqlx::query("DELETE FROM content_testimonials WHERE lang = $1 AND position >= $2")
            .bind(lang.code())
            .bind(testimonials.len() as i32)
            .execute(&mut *conn)
            .await?
            .rows_affected();
    }
    Ok(changed)
}

/// Removes posts, destinations and images that are no longer in the folder.
async fn prune_missing(conn: &mut AnyConnection, catalog: &Catalog) -> Result<u64, sqlx::Error> {
    let mut pruned = 0;
    let keep_posts: Vec<&str> = catalog.posts.iter().map(|p| p.slug.as_str()).collect();
    let keep_destinations: Vec<&str> = catalog.destinations.iter().map(|d| d.slug.as_str()).collect();
    let keep_images: Vec<&str> = catalog.images.keys().map(String::as_str).collect();
    for (table, column, keep) in [
        ("content_posts", "slug", &keep_posts),
        ("content_destinations", "slug", &keep_destinations),
        ("content_media", "name", &keep_images),
    ] {
        let existing: Vec<(String,)> = sqlx::query_as(&format!("SELECT {column} FROM {table}")).fetch_all(&mut *conn).await?;
        for (name,) in existing.into_iter().filter(|(name,)| !keep.contains(&name.as_str())) {
            // Children first: SQLite only cascades when foreign keys are on for this connection.
            if table == "content_posts" {
                conn.execute(sqlx::query("DELETE FROM content_post_texts WHERE slug = $1").bind(&name)).await?;
                conn.execute(sqlx::query("DELETE FROM content_post_destinations WHERE post_slug = $1").bind(&name)).await?;
            } else if table == "content_destinations" {
                conn.execute(sqlx::query("DELETE FROM content_destination_texts WHERE slug = $1").bind(&name)).await?;
                conn.execute(sqlx::query("DELETE FROM content_destination_types WHERE slug = $1").bind(&name)).await?;
                conn.execute(sqlx::query("DELETE FROM content_post_destinations WHERE destination_slug = $1").bind(&name)).await?;
            }
            pruned += conn.execute(sqlx::query(&format!("DELETE FROM {table} WHERE {column} = $1")).bind(&name)).await?.rows_affected();
        }
    }
    Ok(pruned)
}

fn hex_sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
