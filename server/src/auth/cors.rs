//! CORS for `/auth/v1` (contract §1): browsers on other origins (a Supabase-era front end, a
//! preview deploy) call the API with auth-js, which needs `apikey` and the version header
//! allowed, and `X-Supabase-Api-Version` exposed to read error codes. Credentials are allowed,
//! so the origin is mirrored rather than `*`.

use http::{HeaderName, Method};
use tower_http::cors::{AllowOrigin, CorsLayer};

pub fn layer() -> CorsLayer {
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
        .allow_origin(AllowOrigin::mirror_request())
        .allow_credentials(true)
        .allow_methods([Method::GET, Method::POST, Method::PUT, Method::PATCH, Method::DELETE])
        .allow_headers(allowed.map(HeaderName::from_static))
        .expose_headers(exposed.map(HeaderName::from_static))
        .max_age(std::time::Duration::from_secs(3600))
}
