//! Fixed-window rate limits keyed by (bucket, key), e.g. ("token", client IP) or
//! ("recover", e-mail). Counters live in this process; with several instances each enforces
//! its own share, which bounds abuse to limit x instances; a shared store (Redis) can
//! replace the map behind the same `check` when that bound is not enough.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Refused: try again after this many whole seconds (for `Retry-After`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RetryAfter(pub u64);

#[derive(Clone, Default)]
pub struct RateLimiter {
    windows: Arc<Mutex<HashMap<(&'static str, String), Window>>>,
}

struct Window {
    started: Instant,
    length: Duration,
    count: u32,
}

/// Expired windows are swept once the map grows past this, so memory stays bounded.
const SWEEP_AT: usize = 10_000;

impl RateLimiter {
    /// Counts one hit for `key` in `bucket`; refuses once `limit` hits happened in `window`.
    pub fn check(&self, bucket: &'static str, key: &str, limit: u32, window: Duration) -> Result<(), RetryAfter> {
        let now = Instant::now();
        let mut windows = self.windows.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        if windows.len() >= SWEEP_AT {
            windows.retain(|_, w| now.duration_since(w.started) < w.length);
        }
        let entry = windows.entry((bucket, key.to_owned())).or_insert(Window { started: now, length: window, count: 0 });
        if now.duration_since(entry.started) >= entry.length {
            *entry = Window { started: now, length: window, count: 0 };
        }
        if entry.count >= limit {
            let left = entry.length.saturating_sub(now.duration_since(entry.started));
            return Err(RetryAfter(left.as_secs().max(1)));
        }
        entry.count += 1;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_with_the_time_left() {
        let limiter = RateLimiter::default();
        for _ in 0..3 {
            assert!(limiter.check("signup", "1.2.3.4", 3, Duration::from_secs(300)).is_ok());
        }
        let refused = limiter.check("signup", "1.2.3.4", 3, Duration::from_secs(300)).unwrap_err();
        assert!(refused.0 > 290 && refused.0 <= 300, "{refused:?}");
    }

    #[test]
    fn keys_and_buckets_are_counted_apart() {
        let limiter = RateLimiter::default();
        assert!(limiter.check("signup", "a", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("signup", "b", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("token", "a", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("signup", "a", 1, Duration::from_secs(60)).is_err());
    }

    #[test]
    fn a_new_window_starts_afresh() {
        let limiter = RateLimiter::default();
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_ok());
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_ok());
    }
}
