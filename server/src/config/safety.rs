//! The settings that must never be unsafe by accident (docs/decisions/008-safe-defaults.md):
//! development mode only on a local SITE_URL, and a payment provider chosen on purpose.
//! Checked once before serving; a refusal names the setting to change.

use std::net::IpAddr;

use clap::ValueEnum;

use super::{Config, Environment};

/// `PAYMENT_PROVIDER` as written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum PaymentProviderChoice {
    Stripe,
    Sandbox,
}

/// The provider that takes payments, once the configuration passed `check`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PaymentMode {
    Stripe,
    /// Test mode: Stripe's test cards, nothing is charged; pages and mails say so.
    Sandbox,
}

impl Config {
    /// Refuses what would make a deployment unsafe, and the rules between settings that clap
    /// cannot express: every problem, one per line. Runs before serving and in `check-config`.
    pub fn check(&self) -> Result<(), String> {
        let problems: Vec<String> =
            [self.check_environment(), self.check_payments().map(drop), self.auth.check()].into_iter().filter_map(Result::err).collect();
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("\n"))
        }
    }

    /// The active provider. Call after `check`; an unchecked conflict reads as the sandbox.
    pub fn payment_mode(&self) -> PaymentMode {
        self.check_payments().unwrap_or(PaymentMode::Sandbox)
    }

    pub fn is_test_mode(&self) -> bool {
        self.payment_mode() == PaymentMode::Sandbox
    }

    fn check_environment(&self) -> Result<(), String> {
        if self.environment == Environment::Development && !is_local_origin(&self.site_url) {
            return Err(format!(
                "RUMBO_ENV=development publishes the dev mailbox (sign-in links, codes) and takes test payments, so it runs only on a \
                 local http:// SITE_URL such as http://localhost:8080; SITE_URL is {}. Set RUMBO_ENV=production for this site, or a \
                 local SITE_URL.",
                self.site_origin()
            ));
        }
        Ok(())
    }

    fn check_payments(&self) -> Result<PaymentMode, String> {
        let stripe = &self.stripe;
        match (stripe.stripe_secret_key.is_some(), stripe.stripe_webhook_secret.is_some()) {
            (true, false) => {
                return Err(
                    "STRIPE_SECRET_KEY is set but STRIPE_WEBHOOK_SECRET is not: set both to take payments with Stripe, or neither.".into()
                )
            }
            (false, true) => {
                return Err(
                    "STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: set both to take payments with Stripe, or neither.".into()
                )
            }
            _ => {}
        }
        match (self.payment_provider, stripe.is_enabled(), self.environment) {
            (Some(PaymentProviderChoice::Sandbox), true, _) => {
                Err("PAYMENT_PROVIDER=sandbox, but the Stripe keys are set too: unset one of them so it is clear which provider takes payments.".into())
            }
            (Some(PaymentProviderChoice::Stripe), false, _) => {
                Err("PAYMENT_PROVIDER=stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET.".into())
            }
            (_, true, _) => Ok(PaymentMode::Stripe),
            (Some(PaymentProviderChoice::Sandbox), false, _) | (None, false, Environment::Development) => Ok(PaymentMode::Sandbox),
            (None, false, Environment::Production) => Err(
                "No payment provider: in production set STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or PAYMENT_PROVIDER=sandbox to take \
                 test payments on purpose (its pages and mails then say \"test mode\" and nothing is charged)."
                    .into(),
            ),
        }
    }
}

/// `http://localhost`, `http://*.localhost` or a loopback address: a site only this machine sees.
fn is_local_origin(url: &url::Url) -> bool {
    if url.scheme() != "http" {
        return false;
    }
    match url.host() {
        Some(url::Host::Domain(name)) => name == "localhost" || name.ends_with(".localhost"),
        Some(url::Host::Ipv4(ip)) => IpAddr::V4(ip).is_loopback(),
        Some(url::Host::Ipv6(ip)) => IpAddr::V6(ip).is_loopback(),
        None => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config(args: &[&str]) -> Config {
        Config::from_flags(args)
    }

    #[test]
    fn production_is_the_default() {
        assert_eq!(config(&[]).environment, Environment::Production);
    }

    #[test]
    fn development_runs_only_on_a_local_http_site() {
        for site in ["http://localhost:8080", "http://rumbo.localhost", "http://127.0.0.1:3000", "http://[::1]:8080"] {
            let c = config(&["--environment", "development", "--site-url", site]);
            assert!(c.check().is_ok(), "{site}");
        }
        for site in ["https://rumbo.example", "http://rumbo.example", "https://localhost:8443", "http://10.0.0.5"] {
            let refused = config(&["--environment", "development", "--site-url", site]).check().unwrap_err();
            assert!(refused.contains("RUMBO_ENV=development") && refused.contains("SITE_URL"), "{site}: {refused}");
        }
    }

    #[test]
    fn production_needs_a_provider_chosen_on_purpose() {
        let refused = config(&["--site-url", "https://rumbo.example"]).check().unwrap_err();
        assert!(refused.contains("PAYMENT_PROVIDER=sandbox"), "{refused}");
        let sandbox = config(&["--site-url", "https://rumbo.example", "--payment-provider", "sandbox"]);
        assert_eq!((sandbox.check(), sandbox.payment_mode()), (Ok(()), PaymentMode::Sandbox));
        let stripe = config(&["--stripe-secret-key", "sk_test_1", "--stripe-webhook-secret", "whsec_1"]);
        assert_eq!((stripe.check(), stripe.payment_mode()), (Ok(()), PaymentMode::Stripe));
    }

    #[test]
    fn half_or_conflicting_payment_settings_are_refused() {
        let half = config(&["--payment-provider", "sandbox", "--stripe-secret-key", "sk_test_1"]).check().unwrap_err();
        assert!(half.contains("STRIPE_WEBHOOK_SECRET is not"), "{half}");
        let other_half = config(&["--environment", "development", "--stripe-webhook-secret", "whsec_1"]).check().unwrap_err();
        assert!(other_half.contains("STRIPE_SECRET_KEY is not"), "{other_half}");
        let both = config(&["--payment-provider", "sandbox", "--stripe-secret-key", "sk_1", "--stripe-webhook-secret", "whsec_1"]);
        assert!(both.check().is_err());
        assert!(config(&["--payment-provider", "stripe"]).check().is_err());
    }

    #[test]
    fn development_defaults_to_the_sandbox() {
        let dev = config(&["--environment", "development"]);
        assert_eq!((dev.check(), dev.is_test_mode()), (Ok(()), true));
    }
}
