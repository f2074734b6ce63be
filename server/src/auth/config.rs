//! Account settings, parsed once at start (`rumbo serve --help` documents each one).

use std::time::Duration;

use clap::Args;

/// Account and token settings.
#[derive(Debug, Clone, Args)]
pub struct AuthConfig {
    /// Sign new e-mail users in at once, without a confirmation e-mail.
    #[arg(long = "auth-autoconfirm", env = "AUTH_AUTOCONFIRM", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub autoconfirm: bool,

    /// Refuse new sign-ups (existing users still sign in).
    #[arg(long = "auth-disable-signup", env = "AUTH_DISABLE_SIGNUP", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub disable_signup: bool,

    /// Lifetime of access tokens, in seconds.
    #[arg(long = "auth-jwt-exp", env = "AUTH_JWT_EXP", default_value = "3600", value_parser = crate::config::parse_seconds, global = true)]
    pub jwt_exp: Duration,

    /// Seconds during which a just-rotated refresh token may still be used (concurrent tabs).
    #[arg(long = "auth-refresh-token-reuse-interval", env = "AUTH_REFRESH_TOKEN_REUSE_INTERVAL", default_value = "10", value_parser = parse_secs, global = true)]
    pub refresh_token_reuse_interval: Duration,

    /// Shortest accepted password (6 or more).
    #[arg(long = "auth-password-min-length", env = "AUTH_PASSWORD_MIN_LENGTH", default_value_t = 6, value_parser = clap::value_parser!(u16).range(6..=72), global = true)]
    pub password_min_length: u16,

    /// Extra allowed `redirect_to` targets, comma-separated; `*` matches within a host label or path segment, `**` anything.
    #[arg(long = "auth-redirect-allow-list", env = "AUTH_REDIRECT_ALLOW_LIST", value_delimiter = ',', global = true)]
    pub redirect_allow_list: Vec<String>,

    /// Lifetime of e-mail links and codes, in seconds.
    #[arg(long = "auth-otp-exp", env = "AUTH_OTP_EXP", default_value = "86400", value_parser = crate::config::parse_seconds, global = true)]
    pub otp_exp: Duration,

    /// Seconds a user waits before another e-mail of the same kind (0 turns the wait off).
    #[arg(long = "auth-email-max-frequency", env = "AUTH_EMAIL_MAX_FREQUENCY", default_value = "60", value_parser = parse_secs, global = true)]
    pub email_max_frequency: Duration,

    #[command(flatten)]
    pub limits: RateLimits,

    /// The public anon key, filled in at start from the signing key (not a flag).
    #[arg(skip)]
    pub anon_key: Option<String>,
}

/// Per-client request limits (contract §8). Each counts requests per client IP in a fixed window.
#[derive(Debug, Clone, Args)]
pub struct RateLimits {
    /// Window of the per-IP limits below, in seconds.
    #[arg(long = "auth-rate-limit-window", env = "AUTH_RATE_LIMIT_WINDOW", default_value = "300", value_parser = crate::config::parse_seconds, global = true)]
    pub window: Duration,
    /// Token requests (sign-in, refresh, code exchange) per IP and window.
    #[arg(long = "auth-rate-limit-token", env = "AUTH_RATE_LIMIT_TOKEN", default_value_t = 150, global = true)]
    pub token: u32,
    /// Verification requests per IP and window.
    #[arg(long = "auth-rate-limit-verify", env = "AUTH_RATE_LIMIT_VERIFY", default_value_t = 30, global = true)]
    pub verify: u32,
    /// Requests that may send mail (sign-up, otp, recover, resend, user update) per IP and window, per endpoint.
    #[arg(long = "auth-rate-limit-email-requests", env = "AUTH_RATE_LIMIT_EMAIL_REQUESTS", default_value_t = 30, global = true)]
    pub email_requests: u32,
    /// Auth e-mails sent per hour by this instance.
    #[arg(long = "auth-rate-limit-email-sent", env = "AUTH_RATE_LIMIT_EMAIL_SENT", default_value_t = 30, global = true)]
    pub email_sent: u32,
}

fn parse_secs(raw: &str) -> Result<Duration, String> {
    raw.parse::<u64>().map(Duration::from_secs).map_err(|_| "must be a whole number of seconds".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_parse_as_seconds() {
        assert_eq!(parse_secs("0"), Ok(Duration::ZERO));
        assert_eq!(crate::config::parse_seconds("3600"), Ok(Duration::from_secs(3600)));
        assert!(crate::config::parse_seconds("0").is_err());
        assert!(parse_secs("1h").is_err());
    }
}
