//! Everything a crawler reads: the page shell with its localized head, content pages rendered
//! from the database, the sitemap, the RSS feeds and robots.txt.

mod article;
mod cache;
mod content_pages;
mod feed;
mod handlers;
mod head;
mod jsonld;
mod listing;
mod newsletter_pages;
mod opinion_pages;
mod refresh;
#[cfg(test)]
mod render_tests;
pub mod routes;
mod serve;
mod shell;
mod sitemap;
mod store_pages;
pub mod texts;
mod words;

use std::sync::Arc;

use axum::extract::State;
use axum::routing::get;
use axum::Router;
use http::HeaderMap;

use cache::ContentCache;
pub use handlers::serve_page_or_file;
use head::HeadContext;
pub use refresh::{refresh, spawn as spawn_content_refresh};
use shell::{PageCache, Template};
use texts::SeoTexts;
use words::Words;

use crate::config::Config;
use crate::platform::assets;
use crate::platform::html::json_data_block;
use crate::platform::http::encoded::Encoded;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// The template, the words and the renderings: the shell pages once at start-up, the content
/// pages on first request until the content moves.
pub struct SiteShell {
    template: Template,
    texts: SeoTexts,
    words: Words,
    origin: String,
    site_name: String,
    config_block: String,
    pages: PageCache,
    robots: Arc<Encoded>,
    content: ContentCache,
    /// Where "only N left" starts (STORE_LOW_STOCK_THRESHOLD).
    low_stock_threshold: i64,
}

impl SiteShell {
    pub fn build(config: &Config) -> anyhow::Result<SiteShell> {
        let template = Template::parse(&assets::index_template()?)?;
        let mut shell = SiteShell::from_parts(
            template,
            config.site_origin(),
            &config.site_name,
            json_data_block("rumbo-config", &public_config(config)),
        )?;
        shell.low_stock_threshold = config.store.low_stock_threshold;
        Ok(shell)
    }

    fn from_parts(template: Template, origin: &str, site_name: &str, config_block: String) -> anyhow::Result<SiteShell> {
        let mut shell = SiteShell {
            template,
            texts: SeoTexts::load(site_name)?,
            words: Words::load()?,
            origin: origin.to_owned(),
            site_name: site_name.to_owned(),
            config_block,
            pages: PageCache::default(),
            robots: Encoded::new(sitemap::robots_txt(origin)),
            content: ContentCache::default(),
            low_stock_threshold: 5,
        };
        shell.pages = PageCache::build(&shell.template, &shell.texts, &shell.head_context());
        Ok(shell)
    }

    /// A content API answer (JSON) kept like the pages until the content version moves
    /// (docs/decisions/016); `key` names the endpoint and its parsed query. `None`: not found.
    pub async fn content_answer<F, E>(&self, key: String, render: F) -> Result<Option<Arc<Encoded>>, E>
    where
        F: std::future::Future<Output = Result<Option<String>, E>>,
    {
        self.content.get_or_render(cache::CacheKey::Api(key), render).await
    }

    /// `content_answer` as the API's JSON response: the best coding the client accepts, its
    /// ETag, 304 on revalidation. `None`: nothing under that key.
    pub async fn json_answer<F, E>(&self, request: &http::HeaderMap, key: String, render: F) -> Result<Option<axum::response::Response>, E>
    where
        F: std::future::Future<Output = Result<Option<String>, E>>,
    {
        match self.content_answer(key, render).await? {
            Some(kept) => Ok(Some(kept.respond_json(request).await)),
            None => Ok(None),
        }
    }

    /// The content's generation (see `ContentCache::generation`).
    pub fn content_generation(&self) -> u64 {
        self.content.generation()
    }

    fn head_context(&self) -> HeadContext<'_> {
        HeadContext { origin: &self.origin, site_name: &self.site_name, config_block: &self.config_block, texts: &self.texts }
    }
}

/// What the browser may know of the configuration (docs/decisions/002). Nothing secret.
fn public_config(config: &Config) -> serde_json::Value {
    let mut public = serde_json::json!({
        "siteName": config.site_name,
        "siteUrl": config.site_origin(),
        "contactEmail": config.contact_email,
        "social": config.social,
        "authUrl": crate::auth::issuer(config),
        "anonKey": config.auth.anon_key,
        "partners": config.partners,
        "limits": {
            "passwordMinLength": config.auth.password_min_length,
            "booking": crate::consultations::FORM_LIMITS,
        },
    });
    if let (Some(public), serde_json::Value::Object(google)) = (public.as_object_mut(), config.third_parties.public_json()) {
        public.extend(google);
    }
    public
}

pub fn router() -> Router<AppState> {
    let mut router = Router::new().route("/sitemap.xml", get(serve::sitemap)).route("/robots.txt", get(handlers::robots));
    for lang in Lang::ALL {
        router = router
            .route(&head::feed_path(lang), get(move |State(state): State<AppState>, headers: HeaderMap| serve::feed(state, headers, lang)));
        router = router.route(
            &lang.localize("/store/feed.xml"),
            get(move |State(state): State<AppState>, headers: HeaderMap| serve::product_feed(state, headers, lang)),
        );
    }
    router
}
