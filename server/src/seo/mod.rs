//! Everything a crawler reads: the page shell with its localized head, the sitemap and robots.

mod handlers;
mod head;
pub mod routes;
mod shell;
mod sitemap;
pub mod texts;

use axum::routing::get;
use axum::Router;
use bytes::Bytes;

pub use handlers::serve_page_or_file;
use head::HeadContext;
use shell::{PageCache, Template};
use texts::SeoTexts;

use crate::config::Config;
use crate::platform::assets;
use crate::platform::html::json_data_block;
use crate::startup::AppState;

/// Everything rendered once at start-up.
pub struct SiteShell {
    pages: PageCache,
    sitemap: Bytes,
    robots: Bytes,
}

impl SiteShell {
    pub fn build(config: &Config) -> anyhow::Result<SiteShell> {
        let template = Template::parse(&assets::index_template()?)?;
        let texts = SeoTexts::load(&config.site_name)?;
        let config_block = json_data_block("rumbo-config", &public_config(config));
        let ctx = HeadContext { origin: config.site_origin(), site_name: &config.site_name, config_block: &config_block };
        Ok(SiteShell {
            pages: PageCache::build(&template, &texts, &ctx),
            sitemap: sitemap::sitemap_xml(config.site_origin()).into(),
            robots: sitemap::robots_txt(config.site_origin()).into(),
        })
    }
}

/// What the browser may know of the configuration (docs/decisions/002). Nothing secret.
fn public_config(config: &Config) -> serde_json::Value {
    serde_json::json!({
        "siteName": config.site_name,
        "siteUrl": config.site_origin(),
        "contactEmail": config.contact_email,
        "social": config.social,
        "authUrl": crate::auth::issuer(config),
        "anonKey": config.auth.anon_key,
    })
}

pub fn router() -> Router<AppState> {
    Router::new().route("/sitemap.xml", get(handlers::sitemap)).route("/robots.txt", get(handlers::robots))
}
