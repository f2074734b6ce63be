//! Stripe settings (`STRIPE_*`), parsed once at start-up. The keys live in `SecretKey`, whose
//! `Debug` never shows them, and `--help` hides their environment values.

use std::fmt;
use std::time::Duration;

use clap::Args;
use url::Url;

use crate::config::parse_seconds;
use crate::third_parties::CspSources;

#[derive(Debug, Clone, Args)]
pub struct StripeConfig {
    /// Stripe secret API key (sk_live_… or sk_test_…). With STRIPE_WEBHOOK_SECRET it makes Stripe the payment provider.
    #[arg(long, env = "STRIPE_SECRET_KEY", value_parser = parse_secret, hide_env_values = true, global = true)]
    pub stripe_secret_key: Option<SecretKey>,

    /// Signing secret of the webhook endpoint POST /api/v1/payments/stripe/webhook (whsec_…).
    #[arg(long, env = "STRIPE_WEBHOOK_SECRET", value_parser = parse_secret, hide_env_values = true, global = true)]
    pub stripe_webhook_secret: Option<SecretKey>,

    /// Publishable key (pk_…) handed to the browser for Stripe's Payment Element.
    #[arg(long, env = "STRIPE_PUBLISHABLE_KEY", global = true)]
    pub stripe_publishable_key: Option<String>,

    /// Base URL of the Stripe API (a test server in tests).
    #[arg(long, env = "STRIPE_API_BASE", default_value = "https://api.stripe.com", value_parser = parse_api_base, global = true)]
    pub stripe_api_base: Url,

    /// Seconds a request to Stripe may take before it is abandoned (and retried when safe).
    #[arg(long = "stripe-timeout-secs", env = "STRIPE_TIMEOUT_SECS", default_value = "20", value_parser = parse_seconds, global = true)]
    pub stripe_timeout: Duration,

    /// Oldest accepted webhook signature timestamp, in seconds (Stripe's libraries use 300).
    #[arg(long = "stripe-webhook-tolerance-secs", env = "STRIPE_WEBHOOK_TOLERANCE_SECS", default_value = "300", value_parser = parse_seconds, global = true)]
    pub stripe_webhook_tolerance: Duration,

    /// A Stripe payment still pending after this many seconds is looked up at Stripe (a lost webhook).
    #[arg(long = "stripe-reconcile-after-secs", env = "STRIPE_RECONCILE_AFTER_SECS", default_value = "1200", value_parser = parse_seconds, global = true)]
    pub stripe_reconcile_after: Duration,

    /// Seconds between two rounds of that look-up.
    #[arg(long = "stripe-reconcile-interval-secs", env = "STRIPE_RECONCILE_INTERVAL_SECS", default_value = "60", value_parser = parse_seconds, global = true)]
    pub stripe_reconcile_interval: Duration,
}

// What Stripe's integration security guide (docs.stripe.com/security/guide, "Content Security
// Policy") lists for Stripe.js, less what only other products need: maps.googleapis.com is for
// the Address Element's autocomplete, and img-src https://*.stripe.com for Checkout. The
// Payment Element's own frames (js.stripe.com and its subdomains) load their images themselves.
const STRIPE_SCRIPT: &[&str] = &["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAME: &[&str] = &["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT: &[&str] = &["https://api.stripe.com"];

impl StripeConfig {
    /// Stripe is the provider when both secrets are set.
    pub fn is_enabled(&self) -> bool {
        self.stripe_secret_key.is_some() && self.stripe_webhook_secret.is_some()
    }

    /// The Content-Security-Policy sources the Payment Element needs (Stripe.js from
    /// js.stripe.com, its frames, 3-D Secure on hooks.stripe.com, and api.stripe.com);
    /// none unless Stripe is the provider.
    pub fn csp_sources(&self) -> CspSources {
        if !self.is_enabled() {
            return CspSources::default();
        }
        CspSources { script: STRIPE_SCRIPT.to_vec(), connect: STRIPE_CONNECT.to_vec(), img: Vec::new(), frame: STRIPE_FRAME.to_vec() }
    }
}

/// A secret kept out of logs: `Debug` shows only its prefix (`sk_test_…`).
#[derive(Clone, PartialEq, Eq)]
pub struct SecretKey(String);

impl SecretKey {
    pub fn new(value: impl Into<String>) -> SecretKey {
        SecretKey(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Only the kind words (`sk_`, `test_`, `whsec_`), never a part of the random tail.
        let kind = |s: &&str| s.ends_with('_') && s.len() <= 6 && s[..s.len() - 1].chars().all(|c| c.is_ascii_lowercase());
        let prefix: String = self.0.split_inclusive('_').take_while(kind).take(2).collect();
        write!(f, "SecretKey({prefix}***)")
    }
}

/// Refuses a blank value or one with white space (a pasted line end), without quoting it.
fn parse_secret(raw: &str) -> Result<SecretKey, String> {
    if raw.is_empty() || raw.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err("must be the key exactly, without spaces or line breaks".into());
    }
    Ok(SecretKey(raw.to_owned()))
}

fn parse_api_base(raw: &str) -> Result<Url, String> {
    let url = Url::parse(raw).map_err(|e| format!("not a URL ({e})"))?;
    if !matches!(url.scheme(), "http" | "https") || url.query().is_some() {
        return Err("must be an http(s) origin such as https://api.stripe.com".into());
    }
    Ok(url)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_never_print() {
        let key = parse_secret("sk_test_51Habcdefghijklmnop").unwrap();
        assert_eq!(format!("{key:?}"), "SecretKey(sk_test_***)");
        assert_eq!(format!("{:?}", SecretKey::new("whsec_abc")), "SecretKey(whsec_***)");
        assert_eq!(format!("{:?}", SecretKey::new("nounderscore")), "SecretKey(***)");
        assert!(parse_secret("sk_test_x\n").is_err());
        assert!(parse_secret("").is_err());
    }

    #[test]
    fn the_api_base_is_an_http_url() {
        assert!(parse_api_base("https://api.stripe.com").is_ok());
        assert!(parse_api_base("http://127.0.0.1:4242").is_ok());
        assert!(parse_api_base("ftp://api.stripe.com").is_err());
    }
}
