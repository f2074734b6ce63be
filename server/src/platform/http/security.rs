//! Security headers on every response, computed once from the configuration.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::Response;
use http::{HeaderName, HeaderValue};

use crate::config::Config;

#[derive(Clone)]
pub struct SecurityHeaders(Arc<Vec<(HeaderName, HeaderValue)>>);

impl SecurityHeaders {
    pub fn from_config(config: &Config) -> SecurityHeaders {
        let mut headers = vec![
            (
                HeaderName::from_static("content-security-policy"),
                HeaderValue::from_str(&content_security_policy(config)).expect("CSP is ASCII"),
            ),
            (HeaderName::from_static("x-content-type-options"), HeaderValue::from_static("nosniff")),
            (HeaderName::from_static("referrer-policy"), HeaderValue::from_static("strict-origin-when-cross-origin")),
            (HeaderName::from_static("x-frame-options"), HeaderValue::from_static("DENY")),
            (HeaderName::from_static("cross-origin-opener-policy"), HeaderValue::from_static("same-origin")),
            (HeaderName::from_static("cross-origin-resource-policy"), HeaderValue::from_static("same-origin")),
            (HeaderName::from_static("permissions-policy"), HeaderValue::from_str(&permissions_policy(config)).expect("policy is ASCII")),
        ];
        if config.is_https() {
            headers.push((
                HeaderName::from_static("strict-transport-security"),
                HeaderValue::from_static("max-age=63072000; includeSubDomains"),
            ));
        }
        SecurityHeaders(Arc::new(headers))
    }
}

/// Every powerful feature off, except the Payment Request API for Stripe's frames when Stripe
/// is the payment provider, so its Payment Element can offer the browser's wallets.
fn permissions_policy(config: &Config) -> String {
    let payment = if config.stripe.is_enabled() { r#"(self "https://js.stripe.com")"# } else { "()" };
    format!(
        "accelerometer=(), autoplay=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), midi=(), payment={payment}, usb=(), browsing-topics=()"
    )
}

/// Scripts only from our own origin: the app ships no inline script, and its data blocks
/// (`type="application/json"`) are not executed, so no hash or nonce is needed. Google
/// Analytics and AdSense add their hosts only when configured (`third_parties.rs`); the
/// browser still loads them only after the visitor accepts cookies. Stripe's hosts are added
/// only when Stripe is the payment provider (`payments/stripe/config.rs`), for the Payment
/// Element on the payment step.
fn content_security_policy(config: &Config) -> String {
    let hosts = config.third_parties.csp_sources().merge(config.stripe.csp_sources());
    let with = |base: &str, hosts: &[&str]| std::iter::once(base).chain(hosts.iter().copied()).collect::<Vec<_>>().join(" ");
    let mut directives = vec![
        "default-src 'self'".to_owned(),
        format!("script-src {}", with("'self'", &hosts.script)),
        "style-src 'self'".to_owned(),
        format!("img-src {}", with("'self' data:", &hosts.img)),
        "font-src 'self'".to_owned(),
        format!("connect-src {}", with("'self'", &hosts.connect)),
    ];
    if !hosts.frame.is_empty() {
        directives.push(format!("frame-src {}", with("'self'", &hosts.frame)));
    }
    directives.extend(
        ["manifest-src 'self'", "object-src 'none'", "base-uri 'self'", "form-action 'self'", "frame-ancestors 'none'"].map(String::from),
    );
    if config.is_https() {
        directives.push("upgrade-insecure-requests".to_owned());
    }
    directives.join("; ")
}

/// Adds the headers a handler did not set itself (a feature may need a narrower policy).
pub async fn add_security_headers(State(security): State<SecurityHeaders>, request: Request, next: Next) -> Response {
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in security.0.iter() {
        if !headers.contains_key(name) {
            headers.insert(name.clone(), value.clone());
        }
    }
    response
}
