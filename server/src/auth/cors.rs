//! CORS for `/auth/v1`: auth-js in a browser needs `apikey` and the version
//! header allowed, and `X-Supabase-Api-Version` exposed to read error codes. Credentials are
//! allowed, so only trusted origins may read answers: the site's own (`SITE_URL`) and those
//! listed in `AUTH_CORS_ALLOWED_ORIGINS` (a preview deploy, a separate front end). Any other
//! origin gets no `Access-Control-Allow-Origin`, so its pages cannot read what the API says.

use http::{HeaderName, HeaderValue, Method};
use tower_http::cors::{AllowOrigin, CorsLayer};

use crate::config::Config;

pub fn layer(config: &Config) -> CorsLayer {
    let allowed = [
        "accept",
        "authorization",
        "content-type",
        "apikey",
        "x-client-ip",
        "x-client-info",
        "x-jwt-aud",
        "x-use-cookie",
        "x-supabase-api-version",
    ];
    let exposed = ["x-total-count", "link", "x-supabase-api-version"];
    CorsLayer::new()
        .allow_origin(AllowOrigin::list(allowed_origins(config)))
        .allow_credentials(true)
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::PATCH, Method::DELETE])
        .allow_headers(allowed.map(HeaderName::from_static))
        .expose_headers(exposed.map(HeaderName::from_static))
        .max_age(std::time::Duration::from_secs(3600))
}

/// `SITE_URL`'s origin first, then the configured ones (already exact origins, see `config`).
fn allowed_origins(config: &Config) -> Vec<HeaderValue> {
    let site = config.site_url.origin().ascii_serialization();
    std::iter::once(site)
        .chain(config.auth.cors_allowed_origins.iter().cloned())
        .filter_map(|origin| HeaderValue::from_str(&origin).ok())
        .collect()
}
