//! Rendered content pages, the sitemap and the feeds, kept in memory until the content version
//! moves (docs/decisions/002, addendum), each with its compressed forms (docs/decisions/016).
//! A hit never touches the database.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::sync::{Arc, RwLock};

use super::content_pages::ContentPage;
use crate::platform::http::encoded::Encoded;
use crate::platform::i18n::Lang;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum CacheKey {
    Page(Lang, ContentPage),
    Sitemap,
    Feed(Lang),
    ProductFeed(Lang),
    /// A content API answer, by endpoint and parsed query.
    Api(String),
}

/// Past this many renderings a new one is served but not kept: pages and known slugs are far
/// fewer, and API queries (page cursors) must not grow memory without bound.
const MAX_ENTRIES: usize = 4096;

/// Which content a rendering was made from: a rendering started before the version moved is
/// not kept, so a page read from old rows cannot outlive the change.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Generation(u64);

#[derive(Debug, Default)]
struct State {
    /// The `content_version` the entries were rendered from; `None` until first loaded.
    version: Option<Option<String>>,
    generation: u64,
    /// Slugs of the posts that exist: other `/blog/{slug}` paths are 404 without a query.
    posts: HashSet<String>,
    /// Slugs of the store's products, likewise.
    products: HashSet<String>,
    entries: HashMap<CacheKey, Arc<Encoded>>,
}

#[derive(Debug, Default)]
pub struct ContentCache {
    state: RwLock<State>,
}

impl ContentCache {
    /// Whether the cache was rendered from this version of the content.
    pub fn is_current(&self, version: &Option<String>) -> bool {
        self.read(|state| state.version.as_ref() == Some(version))
    }

    /// Forgets every rendering: the content moved to `version`, with these posts and products.
    pub fn reset(&self, version: Option<String>, posts: HashSet<String>, products: HashSet<String>) {
        let mut state = self.state.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        state.version = Some(version);
        state.generation += 1;
        state.posts = posts;
        state.products = products;
        state.entries.clear();
    }

    /// Moves each time the content does: what other caches of content-made answers key on.
    pub fn generation(&self) -> u64 {
        self.read(|state| state.generation)
    }

    pub fn knows_post(&self, slug: &str) -> bool {
        self.read(|state| state.posts.contains(slug))
    }

    pub fn knows_product(&self, slug: &str) -> bool {
        self.read(|state| state.products.contains(slug))
    }

    /// The cached rendering, or the generation a new rendering will belong to.
    pub fn get(&self, key: &CacheKey) -> Result<Arc<Encoded>, Generation> {
        self.read(|state| state.entries.get(key).cloned().ok_or(Generation(state.generation)))
    }

    /// Keeps a rendering unless the content moved while it was being made.
    pub fn put(&self, generation: Generation, key: CacheKey, rendering: Arc<Encoded>) -> bool {
        let mut state = self.state.write().unwrap_or_else(|poisoned| poisoned.into_inner());
        if state.generation != generation.0 || (state.entries.len() >= MAX_ENTRIES && !state.entries.contains_key(&key)) {
            return false;
        }
        state.entries.insert(key, rendering);
        true
    }

    /// The cached entry, or `render`'s result (kept when there is one). `None`: nothing to show.
    pub async fn get_or_render<F, E>(&self, key: CacheKey, render: F) -> Result<Option<Arc<Encoded>>, E>
    where
        F: Future<Output = Result<Option<String>, E>>,
    {
        let generation = match self.get(&key) {
            Ok(hit) => return Ok(Some(hit)),
            Err(generation) => generation,
        };
        let Some(rendered) = render.await? else {
            return Ok(None);
        };
        let rendering = Encoded::new(rendered);
        self.put(generation, key, rendering.clone());
        Ok(Some(rendering))
    }

    fn read<T>(&self, f: impl FnOnce(&State) -> T) -> T {
        f(&self.state.read().unwrap_or_else(|poisoned| poisoned.into_inner()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_new_version_empties_the_cache_and_refuses_older_renderings() {
        let cache = ContentCache::default();
        assert!(!cache.is_current(&None), "nothing is loaded at first");
        cache.reset(Some("v1".into()), HashSet::from(["lost-bag".to_owned()]), HashSet::new());
        assert!(cache.is_current(&Some("v1".into())) && cache.knows_post("lost-bag") && !cache.knows_post("other"));
        let before = cache.get(&CacheKey::Sitemap).unwrap_err();
        assert!(cache.put(before, CacheKey::Sitemap, Encoded::new("v1 map")));
        assert_eq!(cache.get(&CacheKey::Sitemap).unwrap().identity(), "v1 map");
        let started = cache.get(&CacheKey::Feed(Lang::Es)).unwrap_err();
        cache.reset(Some("v2".into()), HashSet::new(), HashSet::new());
        assert!(cache.get(&CacheKey::Sitemap).is_err(), "renderings of v1 are gone");
        assert!(!cache.put(started, CacheKey::Feed(Lang::Es), Encoded::new("stale")), "a rendering begun before v2 is not kept");
        assert!(cache.get(&CacheKey::Feed(Lang::Es)).is_err());
        assert!(!cache.knows_post("lost-bag"));
    }

    #[tokio::test]
    async fn a_hit_does_not_render_again() {
        let cache = ContentCache::default();
        cache.reset(None, HashSet::new(), HashSet::new());
        let first: Result<_, ()> = cache.get_or_render(CacheKey::Sitemap, async { Ok(Some("map".to_owned())) }).await;
        assert_eq!(first.unwrap().unwrap().identity(), "map");
        let second: Result<_, ()> = cache.get_or_render(CacheKey::Sitemap, async { panic!("rendered twice") }).await;
        assert_eq!(second.unwrap().unwrap().identity(), "map");
        let missing: Result<_, ()> = cache.get_or_render(CacheKey::Feed(Lang::En), async { Ok(None) }).await;
        assert!(missing.unwrap().is_none());
        assert!(cache.get(&CacheKey::Feed(Lang::En)).is_err(), "nothing is kept for what does not exist");
    }
}
