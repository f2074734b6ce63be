//! The outbox queries, written once for SQLite and PostgreSQL (docs/decisions/001). Claims are
//! conditional updates, so any number of workers can share the table without sending twice.

use sqlx::{AnyConnection, AnyPool};

use super::attachment::{Attachment, Placement};
use super::templates::Rendered;

/// A message as the caller queues it.
pub struct NewMessage<'a> {
    pub id: &'a str,
    pub kind: &'a str,
    pub lang: &'a str,
    pub recipient: &'a str,
    pub rendered: &'a Rendered,
    pub headers_json: &'a str,
    pub now_ms: i64,
}

/// A message a worker has claimed and must now send.
#[derive(Debug, sqlx::FromRow)]
pub struct Claimed {
    pub id: String,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub headers: String,
    pub attempts: i32,
}

pub async fn insert(conn: &mut AnyConnection, message: &NewMessage<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO mail_outbox (id, kind, lang, recipient, subject, body_text, body_html, headers, status, attempts, \
         next_attempt_at, created_at_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', 0, $9, $10)",
    )
    .bind(message.id)
    .bind(message.kind)
    .bind(message.lang)
    .bind(message.recipient)
    .bind(&message.rendered.subject)
    .bind(&message.rendered.text)
    .bind(&message.rendered.html)
    .bind(message.headers_json)
    .bind(message.now_ms / 1000)
    .bind(message.now_ms)
    .execute(conn)
    .await?;
    Ok(())
}

pub async fn insert_attachment(conn: &mut AnyConnection, mail_id: &str, position: i32, file: &Attachment) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO mail_attachments (mail_id, position, placement, filename, content_type, size_bytes, content) \
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(mail_id)
    .bind(position)
    .bind(file.placement.as_str())
    .bind(&file.filename)
    .bind(&file.content_type)
    .bind(file.content.len() as i64)
    .bind(&file.content)
    .execute(conn)
    .await?;
    Ok(())
}

/// A message's files, in the order they were queued.
pub async fn attachments(pool: &AnyPool, mail_id: &str) -> Result<Vec<Attachment>, sqlx::Error> {
    let rows: Vec<(String, String, String, Vec<u8>)> =
        sqlx::query_as("SELECT placement, filename, content_type, content FROM mail_attachments WHERE mail_id = $1 ORDER BY position")
            .bind(mail_id)
            .fetch_all(pool)
            .await?;
    rows.into_iter()
        .map(|(placement, filename, content_type, content)| {
            let placement = Placement::parse(&placement).ok_or_else(|| sqlx::Error::Decode(format!("placement {placement:?}").into()))?;
            Ok(Attachment { filename, content_type, content, placement })
        })
        .collect()
}

/// What the development mailbox lists of a file (its content is fetched on its own).
#[derive(Debug, sqlx::FromRow)]
pub struct AttachmentInfo {
    pub mail_id: String,
    pub position: i32,
    pub placement: String,
    pub filename: String,
    pub content_type: String,
    pub size_bytes: i64,
}

/// The files of the newest `limit` messages that `list` returns with the same arguments.
pub async fn list_attachments(pool: &AnyPool, recipient: &str, limit: i64) -> Result<Vec<AttachmentInfo>, sqlx::Error> {
    sqlx::query_as(
        "SELECT mail_id, position, placement, filename, content_type, size_bytes FROM mail_attachments WHERE mail_id IN \
         (SELECT id FROM mail_outbox WHERE ($1 = '' OR LOWER(recipient) = LOWER($1)) ORDER BY created_at_ms DESC LIMIT $2) \
         ORDER BY mail_id, position",
    )
    .bind(recipient)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// One file of a message: (content type, file name, bytes).
pub async fn attachment(pool: &AnyPool, mail_id: &str, position: i32) -> Result<Option<(String, String, Vec<u8>)>, sqlx::Error> {
    sqlx::query_as("SELECT content_type, filename, content FROM mail_attachments WHERE mail_id = $1 AND position = $2")
        .bind(mail_id)
        .bind(position)
        .fetch_optional(pool)
        .await
}

/// Takes up to `limit` due messages for this worker until `lease_until`. The outer condition
/// is what makes it safe: a row another worker locked meanwhile no longer matches it
/// (PostgreSQL re-checks it after waiting on the row lock; SQLite runs writers one at a time).
pub async fn claim(pool: &AnyPool, now: i64, lease_until: i64, token: &str, limit: i64) -> Result<Vec<Claimed>, sqlx::Error> {
    sqlx::query_as(
        "UPDATE mail_outbox SET locked_until = $1, lock_token = $2 \
         WHERE id IN (SELECT id FROM mail_outbox WHERE status = 'pending' AND next_attempt_at <= $3 \
                      AND (locked_until IS NULL OR locked_until < $3) ORDER BY next_attempt_at LIMIT $4) \
           AND status = 'pending' AND (locked_until IS NULL OR locked_until < $3) \
         RETURNING id, recipient, subject, body_text, body_html, headers, attempts",
    )
    .bind(lease_until)
    .bind(token)
    .bind(now)
    .bind(limit)
    .fetch_all(pool)
    .await
}

/// Extends the lease on the messages a worker still holds under `token` (those not yet sent or
/// given up), while it is alive and delivering them.
pub async fn renew(pool: &AnyPool, token: &str, lease_until: i64) -> Result<u64, sqlx::Error> {
    let done = sqlx::query("UPDATE mail_outbox SET locked_until = $1 WHERE lock_token = $2 AND status = 'pending'")
        .bind(lease_until)
        .bind(token)
        .execute(pool)
        .await?;
    Ok(done.rows_affected())
}

/// Records a delivery; false when the claim was lost (the lease ran out and another worker took it).
pub async fn mark_sent(pool: &AnyPool, id: &str, token: &str, now: i64) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE mail_outbox SET status = 'sent', sent_at = $3, attempts = attempts + 1, last_error = NULL, \
         locked_until = NULL, lock_token = NULL WHERE id = $1 AND lock_token = $2",
    )
    .bind(id)
    .bind(token)
    .bind(now)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Records a failed attempt: the message waits until `retry_at`, or is `failed` once it has
/// had `max_attempts`.
pub async fn mark_failed(
    pool: &AnyPool,
    id: &str,
    token: &str,
    error: &str,
    retry_at: i64,
    max_attempts: i32,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE mail_outbox SET attempts = attempts + 1, last_error = $3, next_attempt_at = $4, \
         status = CASE WHEN attempts + 1 >= $5 THEN 'failed' ELSE 'pending' END, \
         locked_until = NULL, lock_token = NULL WHERE id = $1 AND lock_token = $2",
    )
    .bind(id)
    .bind(token)
    .bind(error)
    .bind(retry_at)
    .bind(max_attempts)
    .execute(pool)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A stored message as the development mailbox shows it.
#[derive(Debug, sqlx::FromRow)]
pub struct Stored {
    pub id: String,
    pub kind: String,
    pub lang: String,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub status: String,
    pub attempts: i32,
    pub last_error: Option<String>,
    pub next_attempt_at: i64,
    pub created_at_ms: i64,
    pub sent_at: Option<i64>,
}

const STORED_COLUMNS: &str =
    "id, kind, lang, recipient, subject, body_text, body_html, status, attempts, last_error, next_attempt_at, created_at_ms, sent_at";

/// The newest `limit` messages, to one address when `recipient` is not empty.
pub async fn list(pool: &AnyPool, recipient: &str, limit: i64) -> Result<Vec<Stored>, sqlx::Error> {
    let sql = format!(
        "SELECT {STORED_COLUMNS} FROM mail_outbox WHERE ($1 = '' OR LOWER(recipient) = LOWER($1)) \
         ORDER BY created_at_ms DESC LIMIT $2"
    );
    sqlx::query_as(&sql).bind(recipient).bind(limit).fetch_all(pool).await
}

pub async fn find(pool: &AnyPool, id: &str) -> Result<Option<Stored>, sqlx::Error> {
    let sql = format!("SELECT {STORED_COLUMNS} FROM mail_outbox WHERE id = $1");
    sqlx::query_as(&sql).bind(id).fetch_optional(pool).await
}
