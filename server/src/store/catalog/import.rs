//! Writes the store's catalogue inside the content import's transaction: idempotent (an
//! unchanged product is left alone, found by a hash of its content) and never touching the
//! stock of a variant that exists already — content gives a new variant its first stock, the
//! shop's operations keep it after (docs/decisions/011-store.md).

use std::path::Path;

use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use super::load::{Product, StoreCatalog};

/// Rows written because they were new or different.
pub async fn import(conn: &mut AnyConnection, catalog: &StoreCatalog, files_dir: &Path) -> Result<u64, sqlx::Error> {
    let mut changed = 0;
    for (position, (key, names)) in catalog.categories.iter().enumerate() {
        changed += sqlx::query("INSERT INTO store_categories (key, position, en, es, pt) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key) DO UPDATE SET position = excluded.position, en = excluded.en, es = excluded.es, pt = excluded.pt WHERE store_categories.position <> excluded.position OR store_categories.en <> excluded.en OR store_categories.es <> excluded.es OR store_categories.pt <> excluded.pt")
            .bind(key).bind(position as i32).bind(&names.en).bind(&names.es).bind(&names.pt).execute(&mut *conn).await?.rows_affected();
    }
    if let Some(shipping) = &catalog.shipping {
        let value = serde_json::to_string(shipping).unwrap_or_default();
        changed += sqlx::query("INSERT INTO store_settings (key, value) VALUES ('shipping', $1) ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE store_settings.value <> excluded.value")
            .bind(value).execute(&mut *conn).await?.rows_affected();
    }
    for product in &catalog.products {
        changed += upsert_product(conn, product, files_dir).await?;
    }
    Ok(changed)
}

async fn upsert_product(conn: &mut AnyConnection, p: &Product, files_dir: &Path) -> Result<u64, sqlx::Error> {
    // Written even when the product is unchanged: the folder may be new to this machine.
    for (_, bytes) in &p.files {
        store_file(files_dir, &hex_sha256(bytes), bytes).map_err(sqlx::Error::Io)?;
    }
    let images = serde_json::to_string(&p.meta.images).unwrap_or_default();
    let related = serde_json::to_string(&p.meta.related).unwrap_or_default();
    let written = sqlx::query("INSERT INTO store_products (slug, category, kind, featured, published_at, images, related, content_hash) VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (slug) DO UPDATE SET category = excluded.category, kind = excluded.kind, featured = excluded.featured, published_at = excluded.published_at, images = excluded.images, related = excluded.related, content_hash = excluded.content_hash WHERE store_products.content_hash <> excluded.content_hash")
        .bind(&p.slug).bind(&p.meta.category).bind(&p.meta.kind).bind(p.meta.featured).bind(p.published_at)
        .bind(images).bind(related).bind(content_hash(p))
        .execute(&mut *conn).await?.rows_affected();
    if written == 0 {
        return Ok(0);
    }
    sqlx::query("DELETE FROM store_product_texts WHERE slug = $1").bind(&p.slug).execute(&mut *conn).await?;
    for (lang, text) in &p.texts {
        let alts = serde_json::to_string(&text.front.image_alts).unwrap_or_default();
        sqlx::query("INSERT INTO store_product_texts (slug, lang, name, summary, description, image_alts, body_html) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&p.slug).bind(lang.code()).bind(&text.front.name).bind(&text.front.summary).bind(&text.front.description)
            .bind(alts).bind(&text.body_html)
            .execute(&mut *conn).await?;
    }
    let skus: Vec<&str> = p.meta.variants.iter().map(|v| v.sku.as_str()).collect();
    let existing: Vec<(String,)> =
        sqlx::query_as("SELECT sku FROM store_variants WHERE slug = $1").bind(&p.slug).fetch_all(&mut *conn).await?;
    for (gone,) in existing.iter().filter(|(sku,)| !skus.contains(&sku.as_str())) {
        sqlx::query("DELETE FROM store_variants WHERE sku = $1").bind(gone).execute(&mut *conn).await?;
    }
    for (position, v) in p.meta.variants.iter().enumerate() {
        let names = serde_json::to_string(&v.name).unwrap_or_default();
        sqlx::query("INSERT INTO store_variants (sku, slug, position, price_cents, compare_at_cents, stock, names) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (sku) DO UPDATE SET slug = excluded.slug, position = excluded.position, price_cents = excluded.price_cents, compare_at_cents = excluded.compare_at_cents, names = excluded.names")
            .bind(&v.sku).bind(&p.slug).bind(position as i32).bind(v.price_cents).bind(v.compare_at_cents).bind(v.stock).bind(names)
            .execute(&mut *conn).await?;
    }
    sqlx::query("DELETE FROM store_files WHERE slug = $1").bind(&p.slug).execute(&mut *conn).await?;
    for (lang, bytes) in &p.files {
        let sha = hex_sha256(bytes);
        sqlx::query("INSERT INTO store_files (slug, lang, sha256, size_bytes) VALUES ($1, $2, $3, $4)")
            .bind(&p.slug)
            .bind(lang.code())
            .bind(&sha)
            .bind(bytes.len() as i64)
            .execute(&mut *conn)
            .await?;
    }
    Ok(written)
}

/// Removes the products no longer in the folder (`rumbo import --prune`): their texts, variants
/// and files go with them; orders keep their own copy of what was sold, and cart lines of a
/// variant that is gone are no longer shown.
pub async fn prune_missing(conn: &mut AnyConnection, catalog: &StoreCatalog) -> Result<u64, sqlx::Error> {
    let keep: Vec<&str> = catalog.products.iter().map(|p| p.slug.as_str()).collect();
    let existing: Vec<(String,)> = sqlx::query_as("SELECT slug FROM store_products").fetch_all(&mut *conn).await?;
    let mut pruned = 0;
    for (slug,) in existing.into_iter().filter(|(slug,)| !keep.contains(&slug.as_str())) {
        // Children first: SQLite only cascades when foreign keys are on for this connection.
        for table in ["store_product_texts", "store_variants", "store_files"] {
            sqlx::query(&format!("DELETE FROM {table} WHERE slug = $1")).bind(&slug).execute(&mut *conn).await?;
        }
        pruned += sqlx::query("DELETE FROM store_products WHERE slug = $1").bind(&slug).execute(&mut *conn).await?.rows_affected();
    }
    Ok(pruned)
}

/// Files are named by their SHA-256 in the private folder: written once, never overwritten
/// with other bytes, and nothing in a URL ever names them.
fn store_file(dir: &Path, sha: &str, bytes: &[u8]) -> std::io::Result<()> {
    let path = dir.join(format!("{sha}.pdf"));
    if path.exists() {
        return Ok(());
    }
    std::fs::create_dir_all(dir)?;
    let partial = dir.join(format!("{sha}.pdf.partial-{}", uuid::Uuid::new_v4()));
    std::fs::write(&partial, bytes)?;
    std::fs::rename(partial, path)
}

/// Where a digital product's file lives.
pub fn file_path(dir: &Path, sha: &str) -> std::path::PathBuf {
    dir.join(format!("{sha}.pdf"))
}

fn content_hash(p: &Product) -> String {
    let files: Vec<String> = p.files.iter().map(|(lang, bytes)| format!("{}:{}", lang.code(), hex_sha256(bytes))).collect();
    let texts = format!("{:?}", p.texts);
    hex_sha256(format!("{:?}|{texts}|{files:?}|{}", p.meta, p.published_at).as_bytes())
}

fn hex_sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes).iter().map(|b| format!("{b:02x}")).collect()
}
