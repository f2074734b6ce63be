//! The Content-Security-Policy for Stripe's Payment Element: Stripe's hosts are allowed only
//! when Stripe is the payment provider, exactly those Stripe documents, never 'unsafe-inline'.

use crate::helpers::TestApp;

/// Stripe configured with fake keys; nothing is asked of Stripe to serve a page.
const STRIPE: &[&str] = &[
    "--stripe-secret-key",
    "sk_test_x",
    "--stripe-webhook-secret",
    "whsec_x",
    "--stripe-publishable-key",
    "pk_test_x",
    "--stripe-api-base",
    "http://127.0.0.1:9",
];

fn directive<'a>(csp: &'a str, name: &str) -> Option<&'a str> {
    csp.split(';').map(str::trim).find(|d| d.split_whitespace().next() == Some(name))
}

async fn permissions_of(app: &TestApp) -> String {
    app.get("/").await.headers()["permissions-policy"].to_str().unwrap().to_owned()
}

async fn csp_of(app: &TestApp, path: &str) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.headers()["content-security-policy"].to_str().unwrap().to_owned()
}

#[tokio::test]
async fn stripe_hosts_are_absent_unless_stripe_is_configured() {
    let app = TestApp::spawn().await;
    let csp = csp_of(&app, "/").await;
    assert!(!csp.contains("stripe"), "{csp}");
    assert!(directive(&csp, "frame-src").is_none(), "{csp}");
    assert!(permissions_of(&app).await.contains("payment=()"), "no payment requests without Stripe");
    // A secret key alone stops start-up (tests/api/cli.rs), so it never half-enables Stripe.
}

#[tokio::test]
async fn a_configured_stripe_allows_exactly_the_payment_element_hosts() {
    let app = TestApp::spawn_with(STRIPE).await;
    for path in ["/", "/es/blog"] {
        let csp = csp_of(&app, path).await;
        assert_eq!(directive(&csp, "script-src"), Some("script-src 'self' https://js.stripe.com https://*.js.stripe.com"), "{csp}");
        assert_eq!(
            directive(&csp, "frame-src"),
            Some("frame-src 'self' https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com"),
            "{csp}"
        );
        assert_eq!(directive(&csp, "connect-src"), Some("connect-src 'self' https://api.stripe.com"), "{csp}");
        assert_eq!(directive(&csp, "img-src"), Some("img-src 'self' data:"), "Checkout's images are not needed: {csp}");
        assert_eq!(directive(&csp, "style-src"), Some("style-src 'self'"));
        assert!(!csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"), "{csp}");
        assert!(!csp.contains("maps.googleapis.com") && !csp.contains("checkout.stripe.com"), "{csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "the site itself still refuses to be framed");
    }
    // The Payment Element's frames may offer the browser's wallets (Payment Request API).
    let permissions = permissions_of(&app).await;
    assert!(permissions.contains(r#"payment=(self "https://js.stripe.com")"#), "{permissions}");
    assert!(permissions.contains("camera=()") && permissions.contains("geolocation=()"), "{permissions}");
}

#[tokio::test]
async fn stripe_and_google_hosts_combine_each_listed_once() {
    let mut args = STRIPE.to_vec();
    args.extend_from_slice(&["--ga-measurement-id", "G-TEST1234"]);
    let app = TestApp::spawn_with(&args).await;
    let csp = csp_of(&app, "/").await;
    assert_eq!(
        directive(&csp, "script-src"),
        Some("script-src 'self' https://*.googletagmanager.com https://js.stripe.com https://*.js.stripe.com")
    );
    let connect = directive(&csp, "connect-src").unwrap();
    assert!(connect.contains("https://*.google-analytics.com") && connect.ends_with(" https://api.stripe.com"), "{connect}");
}
