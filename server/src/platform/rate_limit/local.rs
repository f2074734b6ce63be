//! The windows of one process (SQLite, one instance; and the fallback when the shared store
//! cannot be reached).
//!
//! Memory is bounded without a pause proportional to it: the windows are spread over
//! `SHARDS` maps by a keyed hash, each behind its own lock and holding at most
//! `SHARD_CAPACITY` windows. A new key arriving at a full shard first drops that shard's
//! expired windows, then — if every window there is still running — the one closest to its
//! end. Either way the work is bounded by one shard's size, never by the whole map, and
//! other shards are never blocked meanwhile.

use std::collections::HashMap;
use std::hash::{BuildHasher, RandomState};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::RetryAfter;

const SHARDS: usize = 64;
/// At most SHARDS × SHARD_CAPACITY (262,144) windows, a few tens of MB at worst.
const SHARD_CAPACITY: usize = 4096;

type Key = (&'static str, String);

#[derive(Clone)]
pub struct LocalWindows {
    shards: Arc<[Mutex<HashMap<Key, Window>>]>,
    hasher: RandomState,
    capacity: usize,
}

struct Window {
    started: Instant,
    length: Duration,
    /// Hits, or for `spend` the amount spent (bytes).
    count: u64,
}

impl Window {
    fn ends(&self) -> Instant {
        self.started + self.length
    }
}

impl Default for LocalWindows {
    fn default() -> Self {
        LocalWindows::with_capacity(SHARD_CAPACITY)
    }
}

impl LocalWindows {
    fn with_capacity(capacity: usize) -> LocalWindows {
        let shards = (0..SHARDS).map(|_| Mutex::new(HashMap::new())).collect();
        LocalWindows { shards, hasher: RandomState::new(), capacity }
    }

    /// Counts one hit for `key` in `bucket`; refuses once `limit` hits happened in `window`.
    #[cfg(test)]
    pub fn check(&self, bucket: &'static str, key: &str, limit: u32, window: Duration) -> Result<(), RetryAfter> {
        self.spend(bucket, key, 1, u64::from(limit), window)
    }

    /// Counts `amount` (e.g. bytes) for `key`; refuses, counting nothing, when it would pass
    /// `limit` within `window`.
    pub fn spend(&self, bucket: &'static str, key: &str, amount: u64, limit: u64, window: Duration) -> Result<(), RetryAfter> {
        self.with_window(bucket, key, window, |entry, now| {
            if entry.count.saturating_add(amount) > limit {
                return Err(RetryAfter(entry.ends().saturating_duration_since(now).as_secs().max(1)));
            }
            entry.count += amount;
            Ok(())
        })
    }

    /// What is left of `limit` for `key` in its current window (nothing is counted), or when
    /// to come back if nothing is.
    pub fn left(&self, bucket: &'static str, key: &str, limit: u64, window: Duration) -> Result<u64, RetryAfter> {
        self.with_window(bucket, key, window, |entry, now| match limit.saturating_sub(entry.count) {
            0 => Err(RetryAfter(entry.ends().saturating_duration_since(now).as_secs().max(1))),
            left => Ok(left),
        })
    }

    /// Runs `f` on the key's running window (a fresh one when it has none or it ended).
    fn with_window<T>(&self, bucket: &'static str, key: &str, window: Duration, f: impl FnOnce(&mut Window, Instant) -> T) -> T {
        let now = Instant::now();
        let index = (self.hasher.hash_one((bucket, key)) % SHARDS as u64) as usize;
        let mut windows = self.shards[index].lock().unwrap_or_else(|poisoned| poisoned.into_inner());
        let id = (bucket, key.to_owned());
        if windows.len() >= self.capacity && !windows.contains_key(&id) {
            make_room(&mut windows, now, self.capacity);
        }
        let entry = windows.entry(id).or_insert(Window { started: now, length: window, count: 0 });
        if now >= entry.ends() {
            *entry = Window { started: now, length: window, count: 0 };
        }
        f(entry, now)
    }

    #[cfg(test)]
    fn len(&self) -> usize {
        self.shards.iter().map(|shard| shard.lock().unwrap().len()).sum()
    }
}

/// Drops the shard's ended windows; if it is still full, the window that ends first.
fn make_room(windows: &mut HashMap<Key, Window>, now: Instant, capacity: usize) {
    windows.retain(|_, w| now < w.ends());
    if windows.len() < capacity {
        return;
    }
    if let Some(soonest) = windows.iter().min_by_key(|(_, w)| w.ends()).map(|(key, _)| key.clone()) {
        windows.remove(&soonest);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn refuses_past_the_limit_with_the_time_left() {
        let limiter = LocalWindows::default();
        for _ in 0..3 {
            assert!(limiter.check("signup", "1.2.3.4", 3, Duration::from_secs(300)).is_ok());
        }
        let refused = limiter.check("signup", "1.2.3.4", 3, Duration::from_secs(300)).unwrap_err();
        assert!(refused.0 > 290 && refused.0 <= 300, "{refused:?}");
    }

    #[test]
    fn keys_and_buckets_are_counted_apart() {
        let limiter = LocalWindows::default();
        assert!(limiter.check("signup", "a", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("signup", "b", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("token", "a", 1, Duration::from_secs(60)).is_ok());
        assert!(limiter.check("signup", "a", 1, Duration::from_secs(60)).is_err());
    }

    #[test]
    fn a_new_window_starts_afresh() {
        let limiter = LocalWindows::default();
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_ok());
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_err());
        std::thread::sleep(Duration::from_millis(30));
        assert!(limiter.check("otp", "a", 1, Duration::from_millis(20)).is_ok());
    }

    #[test]
    fn amounts_are_spent_up_to_the_limit_and_a_refusal_spends_nothing() {
        let limiter = LocalWindows::default();
        let hour = Duration::from_secs(3600);
        assert!(limiter.spend("bytes", "a", 700, 1000, hour).is_ok());
        assert_eq!(limiter.left("bytes", "a", 1000, hour), Ok(300));
        assert!(limiter.spend("bytes", "a", 301, 1000, hour).is_err());
        assert!(limiter.spend("bytes", "a", 300, 1000, hour).is_ok());
        assert!(limiter.left("bytes", "a", 1000, hour).unwrap_err().0 > 3500);
        assert_eq!(limiter.left("bytes", "b", 1000, hour), Ok(1000));
    }

    #[test]
    fn memory_stays_bounded_under_a_flood_of_keys() {
        let limiter = LocalWindows::with_capacity(8);
        for i in 0..10_000 {
            let _ = limiter.check("flood", &i.to_string(), 5, Duration::from_secs(600));
        }
        assert!(limiter.len() <= 8 * SHARDS, "{} windows kept", limiter.len());
    }

    #[test]
    fn a_full_shard_forgets_ended_windows_before_running_ones() {
        let limiter = LocalWindows::with_capacity(1);
        // Fill every shard with a window that ends at once, then count a long one in each.
        for i in 0..2_000 {
            let _ = limiter.check("short", &i.to_string(), 1, Duration::from_millis(1));
        }
        std::thread::sleep(Duration::from_millis(5));
        assert!(limiter.check("long", "kept", 1, Duration::from_secs(600)).is_ok());
        assert!(limiter.check("long", "kept", 1, Duration::from_secs(600)).is_err(), "the running window survived");
    }
}
