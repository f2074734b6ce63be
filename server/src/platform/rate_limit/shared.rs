//! Windows kept in PostgreSQL, so every instance on the database counts into the same ones
//! (docs/decisions/017-several-instances.md). One statement counts a hit: an upsert that
//! starts a new window when the stored one has ended, and otherwise adds the amount unless
//! that would pass the limit — atomic under concurrency, as PostgreSQL serializes the
//! conflicting rows' updates.

use std::time::Duration;

use sqlx::AnyPool;

use super::RetryAfter;
use crate::auth::secrets::sha256_hex;
use crate::platform::db::now_ms;

/// Ended windows are deleted this often.
pub const SWEEP_EVERY: Duration = Duration::from_secs(60);

#[derive(Clone)]
pub struct SharedWindows {
    pool: AnyPool,
}

impl SharedWindows {
    pub fn new(pool: AnyPool) -> SharedWindows {
        SharedWindows { pool }
    }

    /// Adds `amount` to the key's running window unless it would pass `limit`.
    pub async fn spend(
        &self,
        bucket: &str,
        key: &str,
        amount: u64,
        limit: u64,
        window: Duration,
    ) -> Result<Result<(), RetryAfter>, sqlx::Error> {
        let now = now_ms();
        let (ends_at_ms, refused): (i64, i32) = sqlx::query_as(
            "INSERT INTO rate_limit_windows (bucket, key_hash, ends_at_ms, hits, refused) \
             VALUES ($1, $2, $3 + $4, CASE WHEN $5 > $6 THEN 0 ELSE $5 END, CASE WHEN $5 > $6 THEN 1 ELSE 0 END) \
             ON CONFLICT (bucket, key_hash) DO UPDATE SET \
               hits = CASE WHEN rate_limit_windows.ends_at_ms <= $3 THEN EXCLUDED.hits \
                           WHEN rate_limit_windows.hits + $5 > $6 THEN rate_limit_windows.hits \
                           ELSE rate_limit_windows.hits + $5 END, \
               refused = CASE WHEN rate_limit_windows.ends_at_ms <= $3 THEN EXCLUDED.refused \
                              WHEN rate_limit_windows.hits + $5 > $6 THEN 1 ELSE 0 END, \
               ends_at_ms = CASE WHEN rate_limit_windows.ends_at_ms <= $3 THEN EXCLUDED.ends_at_ms \
                                 ELSE rate_limit_windows.ends_at_ms END \
             RETURNING ends_at_ms, refused",
        )
        .bind(bucket)
        .bind(sha256_hex(key))
        .bind(now)
        .bind(millis(window))
        .bind(clamp(amount))
        .bind(clamp(limit))
        .fetch_one(&self.pool)
        .await?;
        Ok(if refused == 0 { Ok(()) } else { Err(retry_after(ends_at_ms, now)) })
    }

    /// What is left of `limit` in the key's running window; nothing is counted.
    pub async fn left(&self, bucket: &str, key: &str, limit: u64) -> Result<Result<u64, RetryAfter>, sqlx::Error> {
        let now = now_ms();
        let running: Option<(i64, i64)> =
            sqlx::query_as("SELECT hits, ends_at_ms FROM rate_limit_windows WHERE bucket = $1 AND key_hash = $2 AND ends_at_ms > $3")
                .bind(bucket)
                .bind(sha256_hex(key))
                .bind(now)
                .fetch_optional(&self.pool)
                .await?;
        let Some((hits, ends_at_ms)) = running else { return Ok(Ok(limit)) };
        Ok(match limit.saturating_sub(u64::try_from(hits).unwrap_or(0)) {
            0 => Err(retry_after(ends_at_ms, now)),
            left => Ok(left),
        })
    }

    /// Deletes the windows that have ended.
    pub async fn sweep(&self) -> Result<u64, sqlx::Error> {
        let done = sqlx::query("DELETE FROM rate_limit_windows WHERE ends_at_ms <= $1").bind(now_ms()).execute(&self.pool).await?;
        Ok(done.rows_affected())
    }
}

fn retry_after(ends_at_ms: i64, now: i64) -> RetryAfter {
    RetryAfter((ends_at_ms.saturating_sub(now) / 1000).max(1) as u64)
}

fn millis(window: Duration) -> i64 {
    i64::try_from(window.as_millis()).unwrap_or(i64::MAX / 4)
}

fn clamp(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX / 4)
}
