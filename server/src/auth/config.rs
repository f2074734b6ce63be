//! Account settings, parsed once at start (`rumbo serve --help` documents each one).

use std::time::Duration;

use clap::Args;

use super::session_limits::SessionLimits;

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

    /// Require the code mailed by `GET /reauthenticate` (as `nonce`) to change a password, unless the session signed in within the last 24 hours.
    #[arg(long = "auth-secure-password-change", env = "AUTH_SECURE_PASSWORD_CHANGE", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub secure_password_change: bool,

    /// Browser origins besides SITE_URL's that may call /auth/v1, comma-separated exact origins (https://app.example.com).
    #[arg(long = "auth-cors-allowed-origins", env = "AUTH_CORS_ALLOWED_ORIGINS", value_delimiter = ',', value_parser = parse_origin, global = true)]
    pub cors_allowed_origins: Vec<String>,

    /// Seconds between checks for rotated or retired signing keys (`rumbo keys rotate|retire`).
    #[arg(long = "auth-signing-keys-refresh-secs", env = "AUTH_SIGNING_KEYS_REFRESH_SECS", default_value = "30", value_parser = crate::config::parse_seconds, global = true)]
    pub signing_keys_refresh: Duration,

    /// Keys of a previous GoTrue/Supabase deployment that keep verifying its tokens and API keys: a JSON array of JWKs (EC P-256, RSA, or an `oct` HS256 secret), GoTrue's GOTRUE_JWT_KEYS format.
    #[arg(long = "auth-jwt-keys", env = "AUTH_JWT_KEYS", hide_env_values = true, global = true)]
    pub jwt_keys: Option<String>,

    #[command(flatten)]
    pub sessions: SessionLimits,

    #[command(flatten)]
    pub mfa: MfaConfig,

    #[command(flatten)]
    pub google: GoogleConfig,

    /// Let visitors start an anonymous account (`signInAnonymously()`), converted later by adding an e-mail address.
    #[arg(long = "auth-anonymous-signins", env = "AUTH_ANONYMOUS_SIGNINS", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub anonymous_signins: bool,

    /// Let signed-in users link another sign-in provider and unlink one (`/user/identities`).
    #[arg(long = "auth-manual-linking", env = "AUTH_MANUAL_LINKING", default_value_t = false, action = clap::ArgAction::Set, global = true)]
    pub manual_linking: bool,

    #[command(flatten)]
    pub limits: RateLimits,

    /// The public anon key, filled in at start from the signing key (not a flag).
    #[arg(skip)]
    pub anon_key: Option<String>,
}

/// Google sign-in over OpenID Connect: on when the client id and secret are both set.
#[derive(Debug, Clone, Args)]
pub struct GoogleConfig {
    /// OAuth client id of the Google Cloud project ("….apps.googleusercontent.com").
    #[arg(long = "google-client-id", env = "GOOGLE_CLIENT_ID", global = true)]
    pub client_id: Option<String>,

    /// OAuth client secret of that client.
    #[arg(long = "google-client-secret", env = "GOOGLE_CLIENT_SECRET", hide_env_values = true, global = true)]
    pub client_secret: Option<String>,

    /// The OpenID Connect issuer (its discovery document is read from <issuer>/.well-known/openid-configuration).
    #[arg(long = "google-issuer-url", env = "GOOGLE_ISSUER_URL", default_value = "https://accounts.google.com", global = true)]
    pub issuer_url: String,
}

/// Two-factor authentication (TOTP).
#[derive(Debug, Clone, Args)]
pub struct MfaConfig {
    /// Secret (32+ characters) that seals TOTP secrets at rest. Unset: a fixed development key in development; two-factor enrolment is off in production.
    #[arg(long = "auth-mfa-encryption-key", env = "AUTH_MFA_ENCRYPTION_KEY", hide_env_values = true, global = true)]
    pub encryption_key: Option<String>,

    /// Most two-factor methods one user may have.
    #[arg(long = "auth-mfa-max-enrolled-factors", env = "AUTH_MFA_MAX_ENROLLED_FACTORS", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=100), global = true)]
    pub max_enrolled_factors: u32,

    /// Seconds a challenge can be answered.
    #[arg(long = "auth-mfa-challenge-expiry", env = "AUTH_MFA_CHALLENGE_EXPIRY", default_value = "300", value_parser = crate::config::parse_seconds, global = true)]
    pub challenge_expiry: Duration,
}

/// Per-client request limits (contract §8). Each counts requests per client IP in a fixed window.
#[derive(Debug, Clone, Args)]
pub struct RateLimits {
    /// Window of the per-IP limits below, in seconds.
    #[arg(long = "auth-rate-limit-window", env = "AUTH_RATE_LIMIT_WINDOW", default_value = "300", value_parser = crate::config::parse_seconds, global = true)]
    pub window: Duration,
    /// Failed password sign-ins per IP and window; past it failures answer 429 (a correct password still signs in), and all token requests (sign-in, refresh, code exchange) stop at 5 times it.
    #[arg(long = "auth-rate-limit-token", env = "AUTH_RATE_LIMIT_TOKEN", default_value_t = 150, global = true)]
    pub token: u32,
    /// Failed password sign-ins per account (e-mail address, known or not) and window below; past it the account's sign-ins are refused (429) until the window ends.
    #[arg(long = "auth-rate-limit-sign-in-failures", env = "AUTH_RATE_LIMIT_SIGN_IN_FAILURES", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..), global = true)]
    pub sign_in_failures: u32,
    /// Window of the per-account limit on failed sign-ins, in seconds.
    #[arg(long = "auth-rate-limit-sign-in-failures-window", env = "AUTH_RATE_LIMIT_SIGN_IN_FAILURES_WINDOW", default_value = "900", value_parser = crate::config::parse_seconds, global = true)]
    pub sign_in_failures_window: Duration,
    /// Verification requests per IP and window.
    #[arg(long = "auth-rate-limit-verify", env = "AUTH_RATE_LIMIT_VERIFY", default_value_t = 30, global = true)]
    pub verify: u32,
    /// Requests that may send mail (sign-up, otp, recover, resend, user update) per IP and window, per endpoint.
    #[arg(long = "auth-rate-limit-email-requests", env = "AUTH_RATE_LIMIT_EMAIL_REQUESTS", default_value_t = 30, global = true)]
    pub email_requests: u32,
    /// Auth e-mails sent per hour by this instance.
    #[arg(long = "auth-rate-limit-email-sent", env = "AUTH_RATE_LIMIT_EMAIL_SENT", default_value_t = 30, global = true)]
    pub email_sent: u32,
    /// Auth e-mails one client IP may cause per hour, a share of the instance's (default 10, or the instance's if lower).
    #[arg(long = "auth-rate-limit-email-sent-per-ip", env = "AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP", global = true)]
    pub email_sent_per_ip: Option<u32>,
}

/// A client's hourly share of the auth mail quota when none is configured.
const DEFAULT_EMAIL_SENT_PER_IP: u32 = 10;

impl RateLimits {
    /// The per-IP share in effect.
    pub fn email_sent_per_ip(&self) -> u32 {
        self.email_sent_per_ip.unwrap_or(DEFAULT_EMAIL_SENT_PER_IP.min(self.email_sent))
    }

    fn check(&self) -> Result<(), String> {
        if self.email_sent_per_ip() > self.email_sent {
            return Err(format!(
                "AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP ({}) must not exceed AUTH_RATE_LIMIT_EMAIL_SENT ({}): a client's share cannot be larger than the whole",
                self.email_sent_per_ip(),
                self.email_sent
            ));
        }
        Ok(())
    }
}

impl AuthConfig {
    /// The rules between settings that clap cannot express; a broken one stops start-up.
    pub fn check(&self) -> Result<(), String> {
        self.limits.check()
    }
}

/// An exact browser origin, `scheme://host[:port]`, as the `Origin` header carries it.
fn parse_origin(raw: &str) -> Result<String, String> {
    let url = url::Url::parse(raw.trim()).map_err(|e| format!("{raw:?} must be an exact origin such as https://app.example.com ({e})"))?;
    let bare = url.path() == "/" && url.query().is_none() && url.fragment().is_none() && url.username().is_empty();
    if !matches!(url.scheme(), "http" | "https") || !bare || raw.contains('*') {
        return Err(format!("{raw:?} must be an exact origin such as https://app.example.com (no path, no wildcard)"));
    }
    Ok(url.origin().ascii_serialization())
}

fn parse_secs(raw: &str) -> Result<Duration, String> {
    raw.parse::<u64>().map(Duration::from_secs).map_err(|_| "must be a whole number of seconds".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits(email_sent: u32, per_ip: Option<u32>) -> RateLimits {
        RateLimits {
            window: Duration::from_secs(300),
            token: 150,
            verify: 30,
            email_requests: 30,
            email_sent,
            email_sent_per_ip: per_ip,
            sign_in_failures: 10,
            sign_in_failures_window: Duration::from_secs(900),
        }
    }

    #[test]
    fn the_per_ip_mail_share_defaults_to_ten_or_the_whole_quota() {
        assert_eq!(limits(30, None).email_sent_per_ip(), 10);
        assert_eq!(limits(4, None).email_sent_per_ip(), 4);
        assert_eq!(limits(30, Some(30)).email_sent_per_ip(), 30);
    }

    #[test]
    fn the_per_ip_mail_share_cannot_exceed_the_quota() {
        assert!(limits(30, Some(30)).check().is_ok());
        assert!(limits(4, None).check().is_ok());
        let error = limits(30, Some(31)).check().unwrap_err();
        assert!(error.contains("AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP (31) must not exceed AUTH_RATE_LIMIT_EMAIL_SENT (30)"), "{error}");
    }

    #[test]
    fn durations_parse_as_seconds() {
        assert_eq!(parse_secs("0"), Ok(Duration::ZERO));
        assert_eq!(crate::config::parse_seconds("3600"), Ok(Duration::from_secs(3600)));
        assert!(crate::config::parse_seconds("0").is_err());
        assert!(parse_secs("1h").is_err());
    }

    #[test]
    fn cors_origins_are_exact_origins() {
        assert_eq!(parse_origin("https://App.Example.com").as_deref(), Ok("https://app.example.com"));
        assert_eq!(parse_origin("http://localhost:5173/").as_deref(), Ok("http://localhost:5173"));
        assert_eq!(parse_origin("https://example.com:443").as_deref(), Ok("https://example.com"));
        for bad in ["https://*.example.com", "https://example.com/app", "ftp://example.com", "example.com", "*"] {
            assert!(parse_origin(bad).is_err(), "{bad}");
        }
    }
}
