//! The audit log: every staff action, with who did it, on what, and the state before and after.

use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::auth::db::Conn;
use crate::auth::model::{timestamp, UserRow};
use crate::platform::db::now_unix;

/// One staff action as admins read it.
#[derive(Debug, Serialize, ToSchema)]
pub struct AuditEntry {
    pub id: String,
    /// Who acted; `null` for the command line.
    pub actor_email: Option<String>,
    /// What was done, e.g. `staff.roles`.
    pub action: String,
    /// On what, e.g. `user:<id>`.
    pub target: String,
    #[schema(value_type = Option<Object>, required = true)]
    pub before: Option<Value>,
    #[schema(value_type = Option<Object>, required = true)]
    pub after: Option<Value>,
    pub created_at: String,
}

/// Writes an entry inside the caller's transaction, so an action and its record stand or fall together.
pub async fn record(
    conn: &mut Conn,
    actor: Option<&UserRow>,
    action: &str,
    target: &str,
    before: Option<&Value>,
    after: Option<&Value>,
) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO staff_audit_log (id, actor_id, actor_email, action, target, before_state, after_state, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(actor.map(|a| a.id.clone()))
    .bind(actor.and_then(|a| a.email.clone()))
    .bind(action)
    .bind(target)
    .bind(before.map(Value::to_string))
    .bind(after.map(Value::to_string))
    .bind(now_unix())
    .execute(conn)
    .await
    .map(drop)
}

/// The newest entries first.
pub async fn latest(conn: &mut Conn, limit: i64) -> sqlx::Result<Vec<AuditEntry>> {
    type Row = (String, Option<String>, String, String, Option<String>, Option<String>, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, actor_email, action, target, before_state, after_state, created_at FROM staff_audit_log \
         ORDER BY seq DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(conn)
    .await?;
    let json = |text: Option<String>| text.and_then(|t| serde_json::from_str(&t).ok());
    Ok(rows
        .into_iter()
        .map(|(id, actor_email, action, target, before, after, created_at)| AuditEntry {
            id,
            actor_email,
            action,
            target,
            before: json(before),
            after: json(after),
            created_at: timestamp(created_at),
        })
        .collect())
}
