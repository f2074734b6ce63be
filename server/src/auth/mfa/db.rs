//! `auth_mfa_factors`, `auth_mfa_challenges` and `auth_mfa_recovery_codes`, written once for
//! both databases (docs/decisions/001).

use crate::auth::db::Conn;

pub const VERIFIED: &str = "verified";
pub const UNVERIFIED: &str = "unverified";

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct FactorRow {
    pub id: String,
    pub user_id: String,
    pub friendly_name: Option<String>,
    pub factor_type: String,
    pub status: String,
    pub secret_sealed: String,
    pub last_used_step: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

impl FactorRow {
    pub fn is_verified(&self) -> bool {
        self.status == VERIFIED
    }
}

#[derive(Debug, Clone, sqlx::FromRow)]
pub struct ChallengeRow {
    pub id: String,
    pub factor_id: String,
    pub ip: String,
    pub attempts: i32,
    pub verified_at: Option<i64>,
    pub created_at: i64,
}

const FACTOR_COLUMNS: &str = "id, user_id, friendly_name, factor_type, status, secret_sealed, last_used_step, created_at, updated_at";

pub async fn factors_of(conn: &mut Conn, user_id: &str) -> sqlx::Result<Vec<FactorRow>> {
    sqlx::query_as(&format!("SELECT {FACTOR_COLUMNS} FROM auth_mfa_factors WHERE user_id = $1 ORDER BY created_at, id"))
        .bind(user_id)
        .fetch_all(conn)
        .await
}

pub async fn find_factor(conn: &mut Conn, user_id: &str, id: &str) -> sqlx::Result<Option<FactorRow>> {
    sqlx::query_as(&format!("SELECT {FACTOR_COLUMNS} FROM auth_mfa_factors WHERE id = $1 AND user_id = $2"))
        .bind(id)
        .bind(user_id)
        .fetch_optional(conn)
        .await
}

pub async fn insert_factor(conn: &mut Conn, factor: &FactorRow) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO auth_mfa_factors (id, user_id, friendly_name, factor_type, status, secret_sealed, last_used_step, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, NULL, $7, $7)",
    )
    .bind(&factor.id)
    .bind(&factor.user_id)
    .bind(&factor.friendly_name)
    .bind(&factor.factor_type)
    .bind(&factor.status)
    .bind(&factor.secret_sealed)
    .bind(factor.created_at)
    .execute(conn)
    .await
    .map(drop)
}

/// Records `step` as used and the factor as verified — only if no later or equal step was used
/// already, so two requests racing with the same code cannot both pass.
pub async fn use_step(conn: &mut Conn, factor_id: &str, step: i64, now: i64) -> sqlx::Result<bool> {
    let result = sqlx::query(
        "UPDATE auth_mfa_factors SET last_used_step = $2, status = $3, updated_at = $4 \
         WHERE id = $1 AND (last_used_step IS NULL OR last_used_step < $2)",
    )
    .bind(factor_id)
    .bind(step)
    .bind(VERIFIED)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(result.rows_affected() == 1)
}

pub async fn delete_factor(conn: &mut Conn, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_factors WHERE id = $1").bind(id).execute(conn).await.map(drop)
}

/// An abandoned enrolment's factor goes when the user starts another.
pub async fn delete_unverified(conn: &mut Conn, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_factors WHERE user_id = $1 AND status = $2")
        .bind(user_id)
        .bind(UNVERIFIED)
        .execute(conn)
        .await
        .map(drop)
}

pub async fn insert_challenge(conn: &mut Conn, challenge: &ChallengeRow) -> sqlx::Result<()> {
    sqlx::query("INSERT INTO auth_mfa_challenges (id, factor_id, ip, attempts, verified_at, created_at) VALUES ($1, $2, $3, 0, NULL, $4)")
        .bind(&challenge.id)
        .bind(&challenge.factor_id)
        .bind(&challenge.ip)
        .bind(challenge.created_at)
        .execute(conn)
        .await
        .map(drop)
}

pub async fn find_challenge(conn: &mut Conn, factor_id: &str, id: &str) -> sqlx::Result<Option<ChallengeRow>> {
    sqlx::query_as("SELECT id, factor_id, ip, attempts, verified_at, created_at FROM auth_mfa_challenges WHERE id = $1 AND factor_id = $2")
        .bind(id)
        .bind(factor_id)
        .fetch_optional(conn)
        .await
}

pub async fn count_failed_attempt(conn: &mut Conn, id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE auth_mfa_challenges SET attempts = attempts + 1 WHERE id = $1").bind(id).execute(conn).await.map(drop)
}

pub async fn delete_challenge(conn: &mut Conn, id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_challenges WHERE id = $1").bind(id).execute(conn).await.map(drop)
}

/// Challenges older than `before` are of no use to anyone.
pub async fn delete_challenges_before(conn: &mut Conn, factor_id: &str, before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_challenges WHERE factor_id = $1 AND created_at < $2")
        .bind(factor_id)
        .bind(before)
        .execute(conn)
        .await
        .map(drop)
}

/// Replaces the user's recovery codes with these hashes.
pub async fn replace_recovery_codes(conn: &mut Conn, user_id: &str, hashes: &[String], now: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_recovery_codes WHERE user_id = $1").bind(user_id).execute(&mut *conn).await?;
    for hash in hashes {
        sqlx::query("INSERT INTO auth_mfa_recovery_codes (id, user_id, code_hash, used_at, created_at) VALUES ($1, $2, $3, NULL, $4)")
            .bind(uuid::Uuid::new_v4().to_string())
            .bind(user_id)
            .bind(hash)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}

pub async fn delete_recovery_codes(conn: &mut Conn, user_id: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_mfa_recovery_codes WHERE user_id = $1").bind(user_id).execute(conn).await.map(drop)
}

pub async fn remaining_recovery_codes(conn: &mut Conn, user_id: &str) -> sqlx::Result<i64> {
    sqlx::query_scalar("SELECT COUNT(*) FROM auth_mfa_recovery_codes WHERE user_id = $1 AND used_at IS NULL")
        .bind(user_id)
        .fetch_one(conn)
        .await
}

/// Spends the code if it is one of the user's unused ones; true when it was.
pub async fn use_recovery_code(conn: &mut Conn, user_id: &str, hash: &str, now: i64) -> sqlx::Result<bool> {
    let result = sqlx::query("UPDATE auth_mfa_recovery_codes SET used_at = $3 WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL")
        .bind(user_id)
        .bind(hash)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(result.rows_affected() == 1)
}
