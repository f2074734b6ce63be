//! The signing keys a running instance uses, swapped in place when another process rotates or
//! retires one (`rumbo keys rotate|retire`), without a restart and without blocking requests:
//! readers clone an `Arc` under a read lock held for nanoseconds; a reload builds the new set
//! first and only then swaps it in.
//!
//! When to look: the store is re-read when a request needs the keys and the last look is older
//! than `AUTH_SIGNING_KEYS_REFRESH_SECS` (30 s), so a rotation or retirement is in effect
//! everywhere within that time. A token naming a key this instance does not know may come from
//! a key rotated in a moment ago: that re-reads the store at once, but at most once per
//! `UNKNOWN_KID_PAUSE`, so tokens with made-up key ids cannot turn into a query each.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use super::db::Conn;
use super::jwt::{self, VerifiedClaims, VerifyError};
use super::keys::{self, AuthKeys};
use crate::platform::db::Db;

const UNKNOWN_KID_PAUSE: Duration = Duration::from_secs(5);

pub struct KeyRing {
    keys: RwLock<Arc<AuthKeys>>,
    check_every: Duration,
    started: Instant,
    /// Milliseconds since `started` before which no periodic look is due.
    next_check_ms: AtomicU64,
    /// The same for looks caused by an unknown key id.
    next_unknown_kid_ms: AtomicU64,
}

impl KeyRing {
    pub fn new(keys: AuthKeys, check_every: Duration) -> KeyRing {
        KeyRing {
            keys: RwLock::new(Arc::new(keys)),
            check_every,
            started: Instant::now(),
            next_check_ms: AtomicU64::new(millis(check_every)),
            next_unknown_kid_ms: AtomicU64::new(0),
        }
    }

    /// The keys as last loaded, without asking the database.
    pub fn current(&self) -> Arc<AuthKeys> {
        self.keys.read().unwrap_or_else(|poisoned| poisoned.into_inner()).clone()
    }

    /// The keys, re-read first when a periodic look is due.
    pub async fn fresh(&self, db: &Db) -> Arc<AuthKeys> {
        if self.claim(&self.next_check_ms, self.check_every) {
            match db.pool.acquire().await {
                Ok(mut conn) => self.reload(&mut conn).await,
                Err(error) => tracing::warn!(%error, "auth: could not look for new signing keys"),
            }
        }
        self.current()
    }

    /// Like `fresh`, on a connection the caller holds (inside its transaction).
    pub async fn fresh_in(&self, conn: &mut Conn) -> Arc<AuthKeys> {
        if self.claim(&self.next_check_ms, self.check_every) {
            self.reload(conn).await;
        }
        self.current()
    }

    /// Verifies a token; an unknown key id re-reads the store first (rate-limited, see above).
    pub async fn verify(&self, db: &Db, token: &str) -> Result<VerifiedClaims, VerifyError> {
        let outcome = jwt::verify_with(&*self.fresh(db).await, token);
        if outcome.as_ref().is_err_and(|e| *e == VerifyError::UnknownKey) && self.claim(&self.next_unknown_kid_ms, UNKNOWN_KID_PAUSE) {
            if let Ok(mut conn) = db.pool.acquire().await {
                self.reload(&mut conn).await;
                return jwt::verify_with(&self.current(), token);
            }
        }
        outcome
    }

    /// Re-reads the stored keys and swaps them in when they changed. A failure keeps the
    /// current set: verifying with slightly old keys beats refusing everyone.
    async fn reload(&self, conn: &mut Conn) {
        let rows = match keys::load_rows(conn).await {
            Ok(rows) if self.current().same_as(&rows) => return,
            Ok(rows) => rows,
            Err(error) => return tracing::warn!(%error, "auth: could not read the signing keys"),
        };
        match AuthKeys::from_rows(rows).map(|fresh| fresh.with_imported(self.current().imported().clone())) {
            Ok(fresh) => {
                tracing::info!(signing_kid = %fresh.signing_kid, "auth: signing keys reloaded");
                *self.keys.write().unwrap_or_else(|poisoned| poisoned.into_inner()) = Arc::new(fresh);
            }
            Err(error) => tracing::warn!(error = %format!("{error:#}"), "auth: stored signing keys refused; keeping the loaded ones"),
        }
    }

    /// True for exactly one caller once `slot`'s time has come; that caller moves it `pause` on.
    fn claim(&self, slot: &AtomicU64, pause: Duration) -> bool {
        let now = millis(self.started.elapsed());
        let due = slot.load(Ordering::Acquire);
        now >= due && slot.compare_exchange(due, now + millis(pause), Ordering::AcqRel, Ordering::Acquire).is_ok()
    }
}

fn millis(duration: Duration) -> u64 {
    u64::try_from(duration.as_millis()).unwrap_or(u64::MAX)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::key_rotation;
    use crate::auth::keys::tests::scratch_db;

    fn claims_token(keys: &AuthKeys) -> String {
        jwt::api_key(keys, "http://rumbo.test/auth/v1", "service_role").unwrap()
    }

    #[tokio::test]
    async fn a_key_rotated_elsewhere_is_picked_up_on_first_use_and_retirement_on_the_next_look() {
        let (db, folder) = scratch_db().await;
        let ring = KeyRing::new(AuthKeys::load_or_create(&db).await.unwrap(), Duration::from_millis(200));
        let old = claims_token(&ring.current());
        key_rotation::rotate(&db).await.unwrap();
        let new = claims_token(&AuthKeys::load_or_create(&db).await.unwrap());
        assert!(ring.verify(&db, &new).await.is_ok(), "an unknown kid re-reads the store");
        assert_ne!(ring.current().signing_kid, jwt::kid_of(&old).unwrap(), "the new key signs");
        assert!(ring.verify(&db, &old).await.is_ok(), "the previous key still verifies");
        key_rotation::retire(&db, None).await.unwrap();
        tokio::time::sleep(Duration::from_millis(250)).await;
        assert_eq!(ring.verify(&db, &old).await.unwrap_err(), VerifyError::UnknownKey);
        assert_eq!(ring.current().jwks()["keys"].as_array().unwrap().len(), 1);
        let _ = std::fs::remove_dir_all(folder);
    }

    #[tokio::test]
    async fn unknown_key_ids_re_read_the_store_at_most_once_per_pause() {
        let (db, folder) = scratch_db().await;
        let ring = KeyRing::new(AuthKeys::load_or_create(&db).await.unwrap(), Duration::from_secs(3600));
        let stranger = claims_token(&AuthKeys::for_tests());
        assert_eq!(ring.verify(&db, &stranger).await.unwrap_err(), VerifyError::UnknownKey);
        key_rotation::rotate(&db).await.unwrap();
        let new = claims_token(&AuthKeys::load_or_create(&db).await.unwrap());
        assert_eq!(ring.verify(&db, &new).await.unwrap_err(), VerifyError::UnknownKey, "within the pause: no second look");
        let _ = std::fs::remove_dir_all(folder);
    }
}
