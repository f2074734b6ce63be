//! One-time tokens (e-mail links and codes) and PKCE flow state. Both hold only hashes.

use super::Conn;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenKind {
    Confirmation,
    Recovery,
    EmailChangeCurrent,
    EmailChangeNew,
    Reauthentication,
}

impl TokenKind {
    pub fn as_str(self) -> &'static str {
        match self {
            TokenKind::Confirmation => "confirmation_token",
            TokenKind::Recovery => "recovery_token",
            TokenKind::EmailChangeCurrent => "email_change_token_current",
            TokenKind::EmailChangeNew => "email_change_token_new",
            TokenKind::Reauthentication => "reauthentication_token",
        }
    }

    fn parse(raw: &str) -> Option<TokenKind> {
        [
            TokenKind::Confirmation,
            TokenKind::Recovery,
            TokenKind::EmailChangeCurrent,
            TokenKind::EmailChangeNew,
            TokenKind::Reauthentication,
        ]
        .into_iter()
        .find(|kind| kind.as_str() == raw)
    }
}

#[derive(Debug, Clone)]
pub struct OneTimeToken {
    pub id: String,
    pub user_id: String,
    pub kind: TokenKind,
    pub relates_to: String,
    pub flow_state_id: Option<String>,
    /// The password chosen at the sign-up that sent this (confirmation) token, applied only
    /// when this token confirms the address.
    pub password_hash: Option<String>,
    pub created_at: i64,
}

/// Wrong codes typed for an address and kind after which its tokens of that kind are void.
pub const MAX_WRONG_CODES: i64 = 5;

const TOKEN_COLUMNS: &str = "id, user_id, kind, relates_to, flow_state_id, password_hash, created_at";

type TokenTuple = (String, String, String, String, Option<String>, Option<String>, i64);

fn from_tuple((id, user_id, kind, relates_to, flow_state_id, password_hash, created_at): TokenTuple) -> Option<OneTimeToken> {
    Some(OneTimeToken { id, user_id, kind: TokenKind::parse(&kind)?, relates_to, flow_state_id, password_hash, created_at })
}

/// Replaces the user's live token of this kind: a new e-mail makes the previous link useless,
/// and its password and wrong-code count go with it.
pub async fn put(conn: &mut Conn, token: &OneTimeToken, stored_hash: &str) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_one_time_tokens (id, user_id, kind, token_hash, relates_to, flow_state_id, password_hash, created_at, failed_attempts) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0) \
         ON CONFLICT (user_id, kind) DO UPDATE SET id = $1, token_hash = $4, relates_to = $5, flow_state_id = $6, password_hash = $7, \
         created_at = $8, failed_attempts = 0",
    )
    .bind(&token.id)
    .bind(&token.user_id)
    .bind(token.kind.as_str())
    .bind(stored_hash)
    .bind(&token.relates_to)
    .bind(&token.flow_state_id)
    .bind(&token.password_hash)
    .bind(token.created_at)
    .execute(conn)
    .await
    .map(drop)
}

/// The live token with this stored hash, if it is of one of `kinds` and not voided by wrong codes.
pub async fn find(conn: &mut Conn, stored_hash: &str, kinds: &[TokenKind]) -> sqlx::Result<Option<OneTimeToken>> {
    let rows: Vec<TokenTuple> =
        sqlx::query_as(&format!("SELECT {TOKEN_COLUMNS} FROM auth_one_time_tokens WHERE token_hash = $1 AND failed_attempts < $2"))
            .bind(stored_hash)
            .bind(MAX_WRONG_CODES)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().filter_map(from_tuple).find(|token| kinds.contains(&token.kind)))
}

pub async fn find_for_user(conn: &mut Conn, user_id: &str, kind: TokenKind) -> sqlx::Result<Option<OneTimeToken>> {
    let row: Option<TokenTuple> =
        sqlx::query_as(&format!("SELECT {TOKEN_COLUMNS} FROM auth_one_time_tokens WHERE user_id = $1 AND kind = $2"))
            .bind(user_id)
            .bind(kind.as_str())
            .fetch_optional(conn)
            .await?;
    Ok(row.and_then(from_tuple))
}

/// Counts one wrong code typed for `address` against its outstanding tokens of `kind`; at
/// `MAX_WRONG_CODES` they stop matching (`find`). One UPDATE, so every instance counts alike.
pub async fn count_wrong_code(conn: &mut Conn, address: &str, kind: TokenKind) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_one_time_tokens SET failed_attempts = failed_attempts + 1 WHERE relates_to = $1 AND kind = $2")
        .bind(address)
        .bind(kind.as_str())
        .execute(conn)
        .await
        .map(drop)
}

/// Consumes a token; false when another request consumed it first.
pub async fn take(conn: &mut Conn, id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM auth_one_time_tokens WHERE id = $1").bind(id).execute(conn).await?.rows_affected() == 1)
}

pub async fn delete_kind(conn: &mut Conn, user_id: &str, kind: TokenKind) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_one_time_tokens WHERE user_id = $1 AND kind = $2")
        .bind(user_id)
        .bind(kind.as_str())
        .execute(conn)
        .await
        .map(drop)
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FlowState {
    pub id: String,
    pub user_id: Option<String>,
    pub code_challenge: String,
    pub code_challenge_method: String,
    pub provider_type: String,
    pub authentication_method: String,
    pub auth_code_issued_at: Option<i64>,
    pub created_at: i64,
}

pub async fn insert_flow_state(conn: &mut Conn, flow: &FlowState) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_flow_state (id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(&flow.id)
    .bind(&flow.user_id)
    .bind(&flow.code_challenge)
    .bind(&flow.code_challenge_method)
    .bind(&flow.provider_type)
    .bind(&flow.authentication_method)
    .bind(flow.created_at)
    .execute(conn)
    .await
    .map(drop)
}

/// Attaches the (hashed) auth code once the e-mail link was followed.
pub async fn issue_auth_code(conn: &mut Conn, flow_id: &str, code_hash: &str, now: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("UPDATE auth_flow_state SET auth_code_hash = $1, auth_code_issued_at = $2, updated_at = $2 WHERE id = $3")
        .bind(code_hash)
        .bind(now)
        .bind(flow_id)
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}

const FLOW_COLUMNS: &str =
    "id, user_id, code_challenge, code_challenge_method, provider_type, authentication_method, auth_code_issued_at, created_at";

pub async fn find_flow_by_code(conn: &mut Conn, code_hash: &str) -> sqlx::Result<Option<FlowState>> {
    sqlx::query_as(&format!("SELECT {FLOW_COLUMNS} FROM auth_flow_state WHERE auth_code_hash = $1"))
        .bind(code_hash)
        .fetch_optional(conn)
        .await
}

pub async fn find_flow(conn: &mut Conn, id: &str) -> sqlx::Result<Option<FlowState>> {
    sqlx::query_as(&format!("SELECT {FLOW_COLUMNS} FROM auth_flow_state WHERE id = $1")).bind(id).fetch_optional(conn).await
}

/// Deletes a used flow; false when a concurrent exchange already used it.
pub async fn delete_flow(conn: &mut Conn, id: &str) -> sqlx::Result<bool> {
    Ok(sqlx::query("DELETE FROM auth_flow_state WHERE id = $1").bind(id).execute(conn).await?.rows_affected() == 1)
}
