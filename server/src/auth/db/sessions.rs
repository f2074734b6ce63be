//! `auth_sessions`, their AMR claims and refresh tokens (stored as SHA-256 hashes).

use super::Conn;

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SessionRow {
    pub id: String,
    pub user_id: String,
    pub aal: String,
    pub factor_id: Option<String>,
    pub refresh_token_key: String,
    pub not_after: Option<i64>,
    /// The last refresh; the inactivity timeout counts from it (or from `created_at`).
    pub refreshed_at: Option<i64>,
    pub created_at: i64,
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct RefreshTokenRow {
    pub id: String,
    pub token_hash: String,
    pub parent_hash: Option<String>,
    pub user_id: String,
    pub session_id: String,
    /// 0 or 1: SQLite's BOOLEAN does not cross the Any driver.
    pub revoked: i64,
    pub updated_at: i64,
}

/// Who opened a session, for the account page's device list.
#[derive(Debug, Clone, Default)]
pub struct Client {
    pub user_agent: Option<String>,
    pub ip: Option<String>,
}

pub async fn insert(conn: &mut Conn, session: &SessionRow, client: &Client, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_sessions (id, user_id, aal, factor_id, user_agent, ip, refresh_token_key, not_after, refreshed_at, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, NULL, $9, $9)",
    )
    .bind(&session.id)
    .bind(&session.user_id)
    .bind(&session.aal)
    .bind(&session.factor_id)
    .bind(&client.user_agent)
    .bind(&client.ip)
    .bind(&session.refresh_token_key)
    .bind(session.not_after)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn find(conn: &mut Conn, id: &str) -> sqlx::Result<Option<SessionRow>> {
    sqlx::query_as(
        "SELECT id, user_id, aal, factor_id, refresh_token_key, not_after, refreshed_at, created_at FROM auth_sessions WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(conn)
    .await
}

pub async fn touch(conn: &mut Conn, id: &str, client: &Client, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_sessions SET refreshed_at = $2, updated_at = $2, user_agent = COALESCE($3, user_agent), ip = COALESCE($4, ip) WHERE id = $1")
        .bind(id)
        .bind(now)
        .bind(&client.user_agent)
        .bind(&client.ip)
        .execute(conn)
        .await
        .map(drop)
}

/// Ends one session; its refresh tokens and claims go with it (ON DELETE CASCADE).
pub async fn delete(conn: &mut Conn, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sessions WHERE id = $1").bind(id).execute(conn).await.map(drop)
}

pub async fn delete_all_of_user(conn: &mut Conn, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1").bind(user_id).execute(conn).await.map(drop)
}

pub async fn delete_others_of_user(conn: &mut Conn, user_id: &str, keep: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2").bind(user_id).bind(keep).execute(conn).await.map(drop)
}

/// The session's assurance level and the factor that raised it (None back at aal1).
pub async fn set_aal(conn: &mut Conn, id: &str, aal: &str, factor_id: Option<&str>, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_sessions SET aal = $2, factor_id = $3, updated_at = $4 WHERE id = $1")
        .bind(id)
        .bind(aal)
        .bind(factor_id)
        .bind(now)
        .execute(conn)
        .await
        .map(drop)
}

/// Sessions a removed factor had raised go back to aal1.
pub async fn lower_raised_by(conn: &mut Conn, factor_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_sessions SET aal = 'aal1', factor_id = NULL WHERE factor_id = $1")
        .bind(factor_id)
        .execute(conn)
        .await
        .map(drop)
}

/// Ends the user's other sessions below `aal` (a new second factor signs out weaker sessions).
pub async fn delete_others_below(conn: &mut Conn, user_id: &str, keep: &str, aal: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sessions WHERE user_id = $1 AND id <> $2 AND aal < $3")
        .bind(user_id)
        .bind(keep)
        .bind(aal)
        .execute(conn)
        .await
        .map(drop)
}

/// Revokes every live refresh token of a session (its level changed: new tokens carry it).
pub async fn revoke_tokens_of(conn: &mut Conn, session_id: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_refresh_tokens SET revoked = $1, updated_at = $2 WHERE session_id = $3 AND revoked = $4")
        .bind(true)
        .bind(now)
        .bind(session_id)
        .bind(false)
        .execute(conn)
        .await
        .map(drop)
}

/// Records (or refreshes the time of) how the session was authenticated.
pub async fn add_amr_claim(conn: &mut Conn, session_id: &str, method: &str, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_mfa_amr_claims (id, session_id, authentication_method, created_at, updated_at) VALUES ($1, $2, $3, $4, $4) \
         ON CONFLICT (session_id, authentication_method) DO UPDATE SET updated_at = $4",
    )
    .bind(uuid::Uuid::new_v4().to_string())
    .bind(session_id)
    .bind(method)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// (method, time) pairs, most recent first.
pub async fn amr_claims(conn: &mut Conn, session_id: &str) -> sqlx::Result<Vec<(String, i64)>> {
    sqlx::query_as(
        "SELECT authentication_method, updated_at FROM auth_mfa_amr_claims WHERE session_id = $1 ORDER BY updated_at DESC, authentication_method",
    )
    .bind(session_id)
    .fetch_all(conn)
    .await
}

const TOKEN_COLUMNS: &str = "id, token_hash, parent_hash, user_id, session_id, CASE WHEN revoked THEN 1 ELSE 0 END AS revoked, updated_at";

pub async fn insert_refresh_token(conn: &mut Conn, token: &RefreshTokenRow, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_refresh_tokens (id, token_hash, parent_hash, user_id, session_id, revoked, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&token.id)
    .bind(&token.token_hash)
    .bind(&token.parent_hash)
    .bind(&token.user_id)
    .bind(&token.session_id)
    .bind(token.revoked != 0)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn find_refresh_token(conn: &mut Conn, token_hash: &str) -> sqlx::Result<Option<RefreshTokenRow>> {
    sqlx::query_as(&format!("SELECT {TOKEN_COLUMNS} FROM auth_refresh_tokens WHERE token_hash = $1"))
        .bind(token_hash)
        .fetch_optional(conn)
        .await
}

/// Revokes the token if it is still active; false when a concurrent request got there first.
pub async fn revoke_refresh_token(conn: &mut Conn, id: &str, now: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("UPDATE auth_refresh_tokens SET revoked = $1, updated_at = $2 WHERE id = $3 AND revoked = $4")
        .bind(true)
        .bind(now)
        .bind(id)
        .bind(false)
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}
