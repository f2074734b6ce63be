//! The catalogue's API answers, kept precompressed with their ETags like the content's
//! (docs/decisions/016-page-cache.md), but stamped with the stock as well: a reservation or a
//! release in this process moves the stock stamp at once, and a watch reads every variant's
//! stock once a second, so stock moved by another instance shows within a second
//! (docs/decisions/017-several-instances.md).

use std::collections::HashMap;
use std::future::Future;
use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};
use std::time::Duration;

use crate::platform::http::encoded::Encoded;
use crate::seo::SiteShell;
use crate::startup::AppState;

/// Moves whenever stock changes. Process-wide like the mail worker's wake-up, because stock
/// moves on a bare connection; apps sharing a process only re-render a little more often.
static STOCK_MOVES: AtomicU64 = AtomicU64::new(0);

/// How often the watch compares the stock with what it last saw.
const WATCH_EVERY: Duration = Duration::from_secs(1);
/// Past this many answers a new one is served but not kept (queries with cursors are many).
const MAX_ENTRIES: usize = 1024;

/// Stock changed: every kept answer is out of date.
pub fn stock_moved() {
    STOCK_MOVES.fetch_add(1, Ordering::SeqCst);
}

/// (content generation, stock moves) an answer was rendered at.
type Stamp = (u64, u64);

fn stamp(shell: &SiteShell) -> Stamp {
    (shell.content_generation(), STOCK_MOVES.load(Ordering::SeqCst))
}

#[derive(Default)]
pub struct CatalogueAnswers {
    kept: RwLock<Kept>,
}

#[derive(Default)]
struct Kept {
    stamp: Stamp,
    entries: HashMap<String, Arc<Encoded>>,
}

impl CatalogueAnswers {
    /// The kept answer for `key` if nothing moved since it was rendered, else `render`'s
    /// (kept unless something moved meanwhile). `None`: nothing to show.
    pub async fn get_or_render<F, E>(&self, shell: &SiteShell, key: String, render: F) -> Result<Option<Arc<Encoded>>, E>
    where
        F: Future<Output = Result<Option<String>, E>>,
    {
        let before = stamp(shell);
        {
            let kept = self.kept.read().unwrap_or_else(|poisoned| poisoned.into_inner());
            if let Some(hit) = kept.entries.get(&key).filter(|_| kept.stamp == before) {
                return Ok(Some(hit.clone()));
            }
        }
        let Some(text) = render.await? else { return Ok(None) };
        let answer = Encoded::new(text);
        if stamp(shell) == before {
            let mut kept = self.kept.write().unwrap_or_else(|poisoned| poisoned.into_inner());
            if kept.stamp != before {
                *kept = Kept { stamp: before, entries: HashMap::new() };
            }
            if kept.entries.len() < MAX_ENTRIES {
                kept.entries.insert(key, answer.clone());
            }
        }
        Ok(Some(answer))
    }
}

/// Watches the stock for as long as the process runs (see the module's comment).
pub fn spawn_stock_watch(state: &AppState) {
    let pool = state.db.pool.clone();
    tokio::spawn(async move {
        let mut seen = None;
        let mut ticks = tokio::time::interval(WATCH_EVERY);
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            let stock: Result<Vec<(String, Option<i64>)>, _> =
                sqlx::query_as("SELECT sku, stock FROM store_variants ORDER BY sku").fetch_all(&pool).await;
            let Ok(stock) = stock else { continue };
            let mut hasher = DefaultHasher::new();
            stock.hash(&mut hasher);
            let fingerprint = hasher.finish();
            if seen.is_some_and(|last| last != fingerprint) {
                stock_moved();
            }
            seen = Some(fingerprint);
        }
    });
}
