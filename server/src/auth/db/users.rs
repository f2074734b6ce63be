//! `auth_users` and `auth_identities`.

use super::Conn;
use crate::auth::model::{IdentityRow, UserRow};

const USER_COLUMNS: &str = "id, aud, role, email, phone, encrypted_password, email_confirmed_at, invited_at, \
    confirmation_sent_at, recovery_sent_at, email_change, email_change_sent_at, reauthentication_sent_at, last_sign_in_at, \
    app_metadata, user_metadata, banned_until, is_anonymous, created_at, updated_at, deleted_at";

/// SQLite's BOOLEAN does not cross the Any driver, so flags are read as 0/1 integers.
fn user_select() -> String {
    USER_COLUMNS.replace("is_anonymous,", "CASE WHEN is_anonymous THEN 1 ELSE 0 END AS is_anonymous,")
}

const IDENTITY_COLUMNS: &str = "id, provider_id, provider, user_id, identity_data, email, last_sign_in_at, created_at, updated_at";

pub async fn find_by_id(conn: &mut Conn, id: &str) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as(&format!("SELECT {} FROM auth_users WHERE id = $1", user_select())).bind(id).fetch_optional(conn).await
}

pub async fn find_by_email(conn: &mut Conn, email: &str) -> sqlx::Result<Option<UserRow>> {
    sqlx::query_as(&format!("SELECT {} FROM auth_users WHERE email = $1", user_select())).bind(email).fetch_optional(conn).await
}

/// Inserts the user; a taken e-mail surfaces as a unique violation (see `is_unique_violation`).
pub async fn insert(conn: &mut Conn, user: &UserRow) -> sqlx::Result<()> {
    sqlx::query(&format!(
        "INSERT INTO auth_users ({USER_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)"
    ))
    .bind(&user.id)
    .bind(&user.aud)
    .bind(&user.role)
    .bind(&user.email)
    .bind(&user.phone)
    .bind(&user.encrypted_password)
    .bind(user.email_confirmed_at)
    .bind(user.invited_at)
    .bind(user.confirmation_sent_at)
    .bind(user.recovery_sent_at)
    .bind(&user.email_change)
    .bind(user.email_change_sent_at)
    .bind(user.reauthentication_sent_at)
    .bind(user.last_sign_in_at)
    .bind(&user.app_metadata)
    .bind(&user.user_metadata)
    .bind(user.banned_until)
    .bind(user.is_anonymous != 0)
    .bind(user.created_at)
    .bind(user.updated_at)
    .bind(user.deleted_at)
    .execute(conn)
    .await
    .map(drop)
}

/// Writes back every field a request may change. The `*_sent_at` times are claimed separately
/// (`claim_send_slot`) because they gate how often mail goes out.
pub async fn save(conn: &mut Conn, user: &UserRow) -> sqlx::Result<()> {
    sqlx::query(
        "UPDATE auth_users SET role = $2, email = $3, encrypted_password = $4, email_confirmed_at = $5, invited_at = $6, \
         email_change = $7, last_sign_in_at = $8, app_metadata = $9, user_metadata = $10, banned_until = $11, \
         updated_at = $12, deleted_at = $13, is_anonymous = $14 WHERE id = $1",
    )
    .bind(&user.id)
    .bind(&user.role)
    .bind(&user.email)
    .bind(&user.encrypted_password)
    .bind(user.email_confirmed_at)
    .bind(user.invited_at)
    .bind(&user.email_change)
    .bind(user.last_sign_in_at)
    .bind(&user.app_metadata)
    .bind(&user.user_metadata)
    .bind(user.banned_until)
    .bind(user.updated_at)
    .bind(user.deleted_at)
    .bind(user.is_anonymous != 0)
    .execute(conn)
    .await
    .map(drop)
}

/// Which `*_sent_at` column an e-mail kind stamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SentColumn {
    Confirmation,
    Recovery,
    EmailChange,
    Reauthentication,
}

impl SentColumn {
    fn name(self) -> &'static str {
        match self {
            SentColumn::Confirmation => "confirmation_sent_at",
            SentColumn::Recovery => "recovery_sent_at",
            SentColumn::EmailChange => "email_change_sent_at",
            SentColumn::Reauthentication => "reauthentication_sent_at",
        }
    }
}

/// Stamps `column` with `now` unless a mail of that kind went out less than `min_gap` seconds
/// ago. One conditional UPDATE, so two instances cannot both send. Returns whether it won.
pub async fn claim_send_slot(conn: &mut Conn, user_id: &str, column: SentColumn, now: i64, min_gap: i64) -> sqlx::Result<bool> {
    let column = column.name();
    let result = sqlx::query(&format!("UPDATE auth_users SET {column} = $1 WHERE id = $2 AND ({column} IS NULL OR {column} <= $3)"))
        .bind(now)
        .bind(user_id)
        .bind(now - min_gap)
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}

pub async fn sent_at(conn: &mut Conn, user_id: &str, column: SentColumn) -> sqlx::Result<Option<i64>> {
    let row: Option<(Option<i64>,)> =
        sqlx::query_as(&format!("SELECT {} FROM auth_users WHERE id = $1", column.name())).bind(user_id).fetch_optional(conn).await?;
    Ok(row.and_then(|(at,)| at))
}

pub async fn delete(conn: &mut Conn, id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM auth_users WHERE id = $1").bind(id).execute(conn).await?.rows_affected() == 1)
}

/// One page of users, newest first.
pub async fn list(conn: &mut Conn, limit: i64, offset: i64) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as(&format!("SELECT {} FROM auth_users ORDER BY created_at DESC, id LIMIT $1 OFFSET $2", user_select()))
        .bind(limit)
        .bind(offset)
        .fetch_all(conn)
        .await
}

pub async fn count(conn: &mut Conn) -> sqlx::Result<i64> {
    let (count,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM auth_users").fetch_one(conn).await?;
    Ok(count)
}

pub async fn identities_of(conn: &mut Conn, user_id: &str) -> sqlx::Result<Vec<IdentityRow>> {
    sqlx::query_as(&format!("SELECT {IDENTITY_COLUMNS} FROM auth_identities WHERE user_id = $1 ORDER BY created_at, id"))
        .bind(user_id)
        .fetch_all(conn)
        .await
}

/// Users whose `app_metadata` names `key` (e.g. the staff, with `roles`).
pub async fn with_app_metadata_key(conn: &mut Conn, key: &str) -> sqlx::Result<Vec<UserRow>> {
    sqlx::query_as(&format!("SELECT {} FROM auth_users WHERE app_metadata LIKE $1 ORDER BY email", user_select()))
        .bind(format!("%\"{key}\"%"))
        .fetch_all(conn)
        .await
}

pub async fn find_identity(conn: &mut Conn, provider: &str, provider_id: &str) -> sqlx::Result<Option<IdentityRow>> {
    sqlx::query_as(&format!("SELECT {IDENTITY_COLUMNS} FROM auth_identities WHERE provider = $1 AND provider_id = $2"))
        .bind(provider)
        .bind(provider_id)
        .fetch_optional(conn)
        .await
}

pub async fn delete_identity(conn: &mut Conn, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_identities WHERE id = $1").bind(id).execute(conn).await.map(drop)
}

pub async fn insert_identity(conn: &mut Conn, identity: &IdentityRow) -> sqlx::Result<()> {
    sqlx::query(&format!("INSERT INTO auth_identities ({IDENTITY_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)"))
        .bind(&identity.id)
        .bind(&identity.provider_id)
        .bind(&identity.provider)
        .bind(&identity.user_id)
        .bind(&identity.identity_data)
        .bind(&identity.email)
        .bind(identity.last_sign_in_at)
        .bind(identity.created_at)
        .bind(identity.updated_at)
        .execute(conn)
        .await
        .map(drop)
}

pub async fn save_identity(conn: &mut Conn, identity: &IdentityRow) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_identities SET identity_data = $2, email = $3, last_sign_in_at = $4, updated_at = $5 WHERE id = $1")
        .bind(&identity.id)
        .bind(&identity.identity_data)
        .bind(&identity.email)
        .bind(identity.last_sign_in_at)
        .bind(identity.updated_at)
        .execute(conn)
        .await
        .map(drop)
}

/// A taken e-mail (or id) when two requests race past the existence check.
pub fn is_unique_violation(error: &sqlx::Error) -> bool {
    matches!(error, sqlx::Error::Database(db) if db.is_unique_violation())
}

/// Users whose e-mail contains `q` (case-insensitive), newest first (the owners' console).
pub async fn search(conn: &mut Conn, q: &str, limit: i64) -> sqlx::Result<Vec<UserRow>> {
    let pattern = crate::platform::db::like_contains(q);
    sqlx::query_as(&format!(
        "SELECT {} FROM auth_users WHERE LOWER(COALESCE(email, '')) LIKE $1 ESCAPE '\\' ORDER BY created_at DESC, id LIMIT $2",
        user_select()
    ))
    .bind(pattern)
    .bind(limit)
    .fetch_all(conn)
    .await
}
