//! Newsletter settings, parsed once at start (`rumbo serve --help` documents each one).

use std::time::Duration;

use clap::Args;

use crate::config::parse_seconds;

#[derive(Debug, Clone, Args)]
pub struct NewsletterConfig {
    /// Lifetime of the link in a confirmation mail, in seconds (7 days).
    #[arg(long = "newsletter-confirm-ttl-secs", env = "NEWSLETTER_CONFIRM_TTL_SECS", default_value = "604800", value_parser = parse_seconds, global = true)]
    pub confirm_ttl: Duration,

    /// Least time between two confirmation mails to a pending address, in seconds.
    #[arg(long = "newsletter-resend-interval-secs", env = "NEWSLETTER_RESEND_INTERVAL_SECS", default_value = "600", value_parser = parse_seconds, global = true)]
    pub resend_interval: Duration,

    /// Issue mails queued per minute at most while an issue is sent (docs/decisions/018).
    #[arg(long = "newsletter-send-per-minute", env = "NEWSLETTER_SEND_PER_MINUTE", default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..=1_000_000), global = true)]
    pub send_per_minute: u32,

    #[command(flatten)]
    pub limits: NewsletterLimits,
}

/// Fixed-window request limits of the newsletter endpoints.
#[derive(Debug, Clone, Args)]
pub struct NewsletterLimits {
    /// Window of the newsletter rate limits, in seconds.
    #[arg(long = "newsletter-rate-limit-window-secs", env = "NEWSLETTER_RATE_LIMIT_WINDOW_SECS", default_value = "600", value_parser = parse_seconds, global = true)]
    pub rate_window: Duration,

    /// Subscribe requests per client IP and window.
    #[arg(long = "newsletter-rate-limit-ip", env = "NEWSLETTER_RATE_LIMIT_IP", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub subscribe_per_ip: u32,

    /// Subscribe requests per e-mail address and window.
    #[arg(long = "newsletter-rate-limit-email", env = "NEWSLETTER_RATE_LIMIT_EMAIL", default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub subscribe_per_email: u32,

    /// Confirm, unsubscribe and resubscribe requests per client IP and window, each (high: mail
    /// providers send one-click unsubscribes for many subscribers from a few addresses).
    #[arg(long = "newsletter-rate-limit-token", env = "NEWSLETTER_RATE_LIMIT_TOKEN", default_value_t = 600, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub token_per_ip: u32,
}
