//! Fixed-window rate limits keyed by (bucket, key), e.g. ("auth_token", client IP) or
//! ("newsletter_subscribe_email", e-mail). On PostgreSQL the windows live in the database, so
//! two or more instances behind a proxy enforce one limit for the site, not one each
//! (docs/decisions/017-several-instances.md); on SQLite — one instance — they live in this
//! process. Should the database fail to answer, the process's own windows stand in, so a limit
//! still holds per instance and no request fails for want of a counter.

mod local;
mod shared;

use std::net::IpAddr;
use std::time::Duration;

use sqlx::AnyPool;

use crate::platform::http::client_ip::rate_key;
use local::LocalWindows;
use shared::SharedWindows;

/// Refused: try again after this many whole seconds (for `Retry-After`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

#[derive(Clone, Default)]
pub struct RateLimiter {
    local: LocalWindows,
    shared: Option<SharedWindows>,
}

impl RateLimiter {
    /// Windows in this process only.
    pub fn in_process() -> RateLimiter {
        RateLimiter::default()
    }

    /// Windows in the database the pool reaches (PostgreSQL: see migrations/postgres).
    pub fn shared(pool: AnyPool) -> RateLimiter {
        RateLimiter { local: LocalWindows::default(), shared: Some(SharedWindows::new(pool)) }
    }

    /// Counts one hit for `key` in `bucket`; refuses once `limit` hits happened in `window`.
    pub async fn check(&self, bucket: &'static str, key: &str, limit: u32, window: Duration) -> Result<(), RetryAfter> {
        self.spend(bucket, key, 1, u64::from(limit), window).await
    }

    /// `check` keyed by a client address (an IPv6 client by its /64).
    pub async fn check_ip(&self, bucket: &'static str, ip: IpAddr, limit: u32, window: Duration) -> Result<(), RetryAfter> {
        self.check(bucket, &rate_key(ip), limit, window).await
    }

    /// Counts `amount` (e.g. bytes) for `key`; refuses, counting nothing, when it would pass
    /// `limit` within `window`.
    pub async fn spend(&self, bucket: &'static str, key: &str, amount: u64, limit: u64, window: Duration) -> Result<(), RetryAfter> {
        if let Some(shared) = &self.shared {
            match shared.spend(bucket, key, amount, limit, window).await {
                Ok(answer) => return answer,
                Err(e) => tracing::warn!(bucket, error = %e, "the shared rate limit is unreachable; counting in this instance"),
            }
        }
        self.local.spend(bucket, key, amount, limit, window)
    }

    /// What is left of `limit` for `key` in its current window (nothing is counted), or when
    /// to come back if nothing is.
    pub async fn left(&self, bucket: &'static str, key: &str, limit: u64, window: Duration) -> Result<u64, RetryAfter> {
        if let Some(shared) = &self.shared {
            match shared.left(bucket, key, limit).await {
                Ok(answer) => return answer,
                Err(e) => tracing::warn!(bucket, error = %e, "the shared rate limit is unreachable; counting in this instance"),
            }
        }
        self.local.left(bucket, key, limit, window)
    }

    /// Deletes ended shared windows now and then, for as long as the runtime runs.
    pub fn spawn_sweeper(&self) {
        let Some(shared) = self.shared.clone() else { return };
        tokio::spawn(async move {
            loop {
                tokio::time::sleep(shared::SWEEP_EVERY).await;
                if let Err(e) = shared.sweep().await {
                    tracing::warn!(error = %e, "ended rate-limit windows were not deleted; retrying shortly");
                }
            }
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn ipv6_neighbours_share_a_window() {
        let limiter = RateLimiter::in_process();
        assert!(limiter.check_ip("token", "2001:db8::1".parse().unwrap(), 1, Duration::from_secs(60)).await.is_ok());
        assert!(limiter.check_ip("token", "2001:db8::2".parse().unwrap(), 1, Duration::from_secs(60)).await.is_err());
        assert!(limiter.check_ip("token", "2001:db8:0:1::1".parse().unwrap(), 1, Duration::from_secs(60)).await.is_ok());
    }
}
