//! `auth_sign_in_failures`: failed password sign-ins per account in the current window
//! (docs/decisions/009-sign-in-limits.md). Kept in the database so every instance counts
//! together.

use super::Conn;

/// The failures of `account_key` in a window that started after `since`: (window start, count).
pub async fn current(conn: &mut Conn, account_key: &str, since: i64) -> sqlx::Result<Option<(i64, i64)>> {
    sqlx::query_as("SELECT window_start, failures FROM auth_sign_in_failures WHERE account_key = $1 AND window_start > $2")
        .bind(account_key)
        .bind(since)
        .fetch_optional(conn)
        .await
}

/// Counts one failure; a window that ended (started at or before `expired_before`) is dropped
/// first, for this account and every other, so rows of guessed addresses do not pile up.
pub async fn record(conn: &mut Conn, account_key: &str, now: i64, expired_before: i64) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sign_in_failures WHERE window_start <= $1").bind(expired_before).execute(&mut *conn).await?;
    sqlx::query(
        "INSERT INTO auth_sign_in_failures (account_key, window_start, failures) VALUES ($1, $2, 1) \
         ON CONFLICT (account_key) DO UPDATE SET failures = auth_sign_in_failures.failures + 1",
    )
    .bind(account_key)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

/// A correct password clears the account's count.
pub async fn clear(conn: &mut Conn, account_key: &str) -> sqlx::Result<()> {
    sqlx::query("DELETE FROM auth_sign_in_failures WHERE account_key = $1").bind(account_key).execute(conn).await.map(drop)
}
