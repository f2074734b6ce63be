//! Downloads of paid digital goods: one right per digital line, served only through links
//! signed with the store's key (HMAC-SHA-256 over the download, its generation and expiry),
//! working for `STORE_DOWNLOAD_DAYS` and `STORE_DOWNLOAD_LIMIT` downloads. A re-issue bumps the
//! generation (older links stop working) and starts a new expiry and count. Files are never
//! reachable by a path: they live outside the web root under their SHA-256.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use sqlx::AnyConnection;

use super::rows::LineRow;
use crate::platform::i18n::Lang;
use crate::store::api::Download;
use crate::store::config::StoreConfig;
use crate::store::error::{StoreError, StoreResult};

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct DownloadRow {
    pub id: String,
    pub order_id: String,
    pub slug: String,
    pub name: String,
    pub lang: String,
    pub generation: i64,
    pub expires_at: i64,
    pub downloads_left: i64,
}

/// The store's signing key, made once and shared by every instance through the database.
pub async fn signing_key(conn: &mut AnyConnection) -> sqlx::Result<Vec<u8>> {
    let fresh = URL_SAFE_NO_PAD.encode(crate::platform::token::AccessToken::generate().raw);
    sqlx::query("INSERT INTO store_settings (key, value) VALUES ('download_key', $1) ON CONFLICT (key) DO NOTHING")
        .bind(fresh)
        .execute(&mut *conn)
        .await?;
    let (key,): (String,) = sqlx::query_as("SELECT value FROM store_settings WHERE key = 'download_key'").fetch_one(conn).await?;
    Ok(key.into_bytes())
}

fn signature(key: &[u8], id: &str, generation: i64, expires_at: i64) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(format!("rumbo download\u{0}{id}\u{0}{generation}\u{0}{expires_at}").as_bytes());
    URL_SAFE_NO_PAD.encode(mac.finalize().into_bytes())
}

/// `/api/v1/store/downloads/{id}?g=…&e=…&s=…`
pub fn link(origin: &str, key: &[u8], row: &DownloadRow) -> String {
    format!(
        "{origin}/api/v1/store/downloads/{}?g={}&e={}&s={}",
        row.id,
        row.generation,
        row.expires_at,
        signature(key, &row.id, row.generation, row.expires_at)
    )
}

pub fn view(origin: &str, key: &[u8], row: &DownloadRow) -> Download {
    Download {
        id: row.id.clone(),
        name: row.name.clone(),
        language: row.lang.clone(),
        url: link(origin, key, row),
        expires_at: crate::platform::db::rfc3339(row.expires_at),
        downloads_left: row.downloads_left,
    }
}

/// One right per digital line, in the buyer's language where the product's file exists in it.
pub async fn grant(
    conn: &mut AnyConnection,
    config: &StoreConfig,
    order_id: &str,
    lang: Lang,
    lines: &[LineRow],
    now: i64,
) -> sqlx::Result<()> {
    for line in lines.iter().filter(|l| l.kind == "digital") {
        let langs: Vec<(String,)> =
            sqlx::query_as("SELECT lang FROM store_files WHERE slug = $1").bind(&line.slug).fetch_all(&mut *conn).await?;
        let file_lang = if langs.iter().any(|(l,)| l == lang.code()) { lang.code() } else { "en" };
        sqlx::query("INSERT INTO store_downloads (id, order_id, slug, name, lang, generation, expires_at, downloads_left, created_at) VALUES ($1, $2, $3, $4, $5, 1, $6, $7, $8)")
            .bind(uuid::Uuid::new_v4().to_string())
            .bind(order_id)
            .bind(&line.slug)
            .bind(&line.name)
            .bind(file_lang)
            .bind(now + config.download_seconds())
            .bind(i64::from(config.download_limit))
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn of_order(conn: &mut AnyConnection, order_id: &str) -> sqlx::Result<Vec<DownloadRow>> {
    sqlx::query_as("SELECT id, order_id, slug, name, lang, generation, expires_at, downloads_left FROM store_downloads WHERE order_id = $1 ORDER BY created_at, id")
        .bind(order_id)
        .fetch_all(conn)
        .await
}

/// A new link: the old ones stop working; a new expiry and count start.
pub async fn reissue(conn: &mut AnyConnection, config: &StoreConfig, order_id: &str, id: &str, now: i64) -> StoreResult<DownloadRow> {
    let done = sqlx::query(
        "UPDATE store_downloads SET generation = generation + 1, expires_at = $3, downloads_left = $4 WHERE id = $1 AND order_id = $2",
    )
    .bind(id)
    .bind(order_id)
    .bind(now + config.download_seconds())
    .bind(i64::from(config.download_limit))
    .execute(&mut *conn)
    .await?;
    if done.rows_affected() == 0 {
        return Err(StoreError::OrderNotFound);
    }
    let rows = of_order(conn, order_id).await?;
    rows.into_iter().find(|r| r.id == id).ok_or(StoreError::OrderNotFound)
}

/// A signed link as given: the file's SHA-256 and the download's name and language, with one
/// download counted (a conditional update, so the limit holds under concurrency).
pub async fn take(
    conn: &mut AnyConnection,
    key: &[u8],
    id: &str,
    generation: i64,
    expires_at: i64,
    sig: &str,
    now: i64,
) -> StoreResult<(String, DownloadRow)> {
    let expected = signature(key, id, generation, expires_at);
    if !bool::from(subtle::ConstantTimeEq::ct_eq(expected.as_bytes(), sig.as_bytes())) {
        return Err(StoreError::DownloadNotFound);
    }
    let row: Option<DownloadRow> =
        sqlx::query_as("SELECT id, order_id, slug, name, lang, generation, expires_at, downloads_left FROM store_downloads WHERE id = $1")
            .bind(id)
            .fetch_optional(&mut *conn)
            .await?;
    let row = row.filter(|r| r.generation == generation && r.expires_at == expires_at).ok_or(StoreError::DownloadExpired)?;
    if row.expires_at <= now {
        return Err(StoreError::DownloadExpired);
    }
    let counted = sqlx::query(
        "UPDATE store_downloads SET downloads_left = downloads_left - 1 WHERE id = $1 AND generation = $2 AND downloads_left > 0",
    )
    .bind(id)
    .bind(generation)
    .execute(&mut *conn)
    .await?;
    if counted.rows_affected() == 0 {
        return Err(StoreError::DownloadUsedUp);
    }
    let (sha,): (String,) = sqlx::query_as("SELECT sha256 FROM store_files WHERE slug = $1 AND lang = $2")
        .bind(&row.slug)
        .bind(&row.lang)
        .fetch_one(conn)
        .await?;
    Ok((sha, row))
}
