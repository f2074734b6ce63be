//! Newsletter issues and their deliveries as stored (docs/decisions/018-owners-console.md).

use sqlx::AnyConnection;

pub const DRAFT: &str = "draft";
pub const SCHEDULED: &str = "scheduled";
pub const SENDING: &str = "sending";
pub const SENT: &str = "sent";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IssueRow {
    pub id: String,
    pub lang: String,
    pub slug: String,
    pub subject: String,
    pub preheader: String,
    pub body_markdown: String,
    pub public: i64,
    pub status: String,
    pub scheduled_at: Option<i64>,
    pub sent_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

const COLUMNS: &str = "id, lang, slug, subject, preheader, body_markdown, public, status, scheduled_at, sent_at, created_at, updated_at";

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<IssueRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM newsletter_issues WHERE id = $1")).bind(id).fetch_optional(conn).await
}

pub async fn all(conn: &mut AnyConnection) -> sqlx::Result<Vec<IssueRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM newsletter_issues ORDER BY created_at DESC, id LIMIT 200")).fetch_all(conn).await
}

/// The sent issues shown in a language's public archive, newest first.
pub async fn archive(conn: &mut AnyConnection, lang: &str) -> sqlx::Result<Vec<IssueRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM newsletter_issues WHERE lang = $1 AND public = 1 AND status = 'sent' ORDER BY sent_at DESC, id LIMIT 200"
    ))
    .bind(lang)
    .fetch_all(conn)
    .await
}

pub async fn archived(conn: &mut AnyConnection, lang: &str, slug: &str) -> sqlx::Result<Option<IssueRow>> {
    sqlx::query_as(&format!("SELECT {COLUMNS} FROM newsletter_issues WHERE lang = $1 AND slug = $2 AND public = 1 AND status = 'sent'"))
        .bind(lang)
        .bind(slug)
        .fetch_optional(conn)
        .await
}

/// Issues whose time has come (scheduled and due, or being sent).
pub async fn due(conn: &mut AnyConnection, now: i64) -> sqlx::Result<Vec<IssueRow>> {
    sqlx::query_as(&format!(
        "SELECT {COLUMNS} FROM newsletter_issues WHERE status IN ('scheduled', 'sending') AND scheduled_at <= $1 ORDER BY scheduled_at, id"
    ))
    .bind(now)
    .fetch_all(conn)
    .await
}

#[derive(Debug, Clone, Copy, Default, serde::Serialize, utoipa::ToSchema)]
pub struct IssueFigures {
    /// Subscribers the issue was queued for.
    pub recipients: i64,
    pub sent: i64,
    pub failed: i64,
    /// Recipients who unsubscribed within 7 days of their copy.
    pub unsubscribes_7d: i64,
}

pub async fn figures(conn: &mut AnyConnection, issue_id: &str) -> sqlx::Result<IssueFigures> {
    let (recipients, sent, failed, unsubscribes_7d): (i64, i64, i64, i64) = sqlx::query_as(
        "SELECT COUNT(*), \
         CAST(COALESCE(SUM(CASE WHEN m.status = 'sent' THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN m.status = 'failed' THEN 1 ELSE 0 END), 0) AS BIGINT), \
         CAST(COALESCE(SUM(CASE WHEN s.status = 'unsubscribed' AND s.unsubscribed_at >= d.created_at AND s.unsubscribed_at < d.created_at + 604800 THEN 1 ELSE 0 END), 0) AS BIGINT) \
         FROM newsletter_deliveries d LEFT JOIN mail_outbox m ON m.id = d.mail_id \
         LEFT JOIN newsletter_subscriptions s ON s.id = d.subscription_id WHERE d.issue_id = $1",
    )
    .bind(issue_id)
    .fetch_one(conn)
    .await?;
    Ok(IssueFigures { recipients, sent, failed, unsubscribes_7d })
}

/// Confirmed subscribers of a language who have no copy of the issue yet, by id.
pub async fn pending_recipients(conn: &mut AnyConnection, issue_id: &str, lang: &str, limit: i64) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as(
        "SELECT s.id, s.email FROM newsletter_subscriptions s WHERE s.lang = $1 AND s.status = 'confirmed' \
         AND NOT EXISTS (SELECT 1 FROM newsletter_deliveries d WHERE d.issue_id = $2 AND d.subscription_id = s.id) \
         ORDER BY s.id LIMIT $3",
    )
    .bind(lang)
    .bind(issue_id)
    .bind(limit)
    .fetch_all(conn)
    .await
}

/// Claims a recipient's copy: false when another sender (instance, or this one before a
/// restart) claimed it first.
pub async fn claim_delivery(
    conn: &mut AnyConnection,
    issue_id: &str,
    subscription_id: &str,
    mail_id: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "INSERT INTO newsletter_deliveries (issue_id, subscription_id, mail_id, created_at) VALUES ($1, $2, $3, $4) \
         ON CONFLICT (issue_id, subscription_id) DO NOTHING",
    )
    .bind(issue_id)
    .bind(subscription_id)
    .bind(mail_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// An address that unsubscribes gets none of the issue mails still waiting in the outbox.
pub async fn drop_queued_issue_mails(conn: &mut AnyConnection, subscription_id: &str, now: i64) -> sqlx::Result<u64> {
    let done = sqlx::query(
        "DELETE FROM mail_outbox WHERE kind = 'newsletter_issue' AND status = 'pending' AND (locked_until IS NULL OR locked_until < $2) \
         AND id IN (SELECT mail_id FROM newsletter_deliveries WHERE subscription_id = $1)",
    )
    .bind(subscription_id)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected())
}
