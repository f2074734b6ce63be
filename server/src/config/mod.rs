//! Configuration comes from environment variables (or the matching flags). Every value is
//! parsed into its type here, once, so a bad value stops start-up with a clear message.

use std::net::IpAddr;
use std::time::Duration;

use clap::{Args, ValueEnum};
use http::HeaderName;
use url::Url;

use crate::platform::db::DatabaseUrl;

mod safety;

pub use safety::{PaymentMode, PaymentProviderChoice};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Environment {
    Development,
    Production,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum LogFormat {
    Pretty,
    Json,
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "HOST", default_value = "127.0.0.1", global = true)]
    pub host: IpAddr,

    /// Port to listen on (0 picks a free one).
    #[arg(long, env = "PORT", default_value_t = 8080, global = true)]
    pub port: u16,

    /// sqlite://path (created with its folder) or postgres://user@host/db.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/rumbo.db", hide_env_values = true, global = true)]
    pub database_url: DatabaseUrl,

    /// Maximum database connections in the pool.
    #[arg(long, env = "DATABASE_MAX_CONNECTIONS", default_value_t = 10, global = true)]
    pub database_max_connections: u32,

    /// Public origin of the site, used for canonical and absolute links.
    #[arg(long, env = "SITE_URL", default_value = "http://localhost:8080", value_parser = parse_site_url, global = true)]
    pub site_url: Url,

    /// Brand name shown in titles, e-mails and the page chrome.
    #[arg(long, env = "SITE_NAME", default_value = "Rumbo", global = true)]
    pub site_name: String,

    /// Public contact address shown on the site.
    #[arg(long, env = "CONTACT_EMAIL", default_value = "hello@rumbo.travel", global = true)]
    pub contact_email: String,

    /// production (the default) or development: the dev mailbox and the sandbox payments by
    /// default, allowed only on a local SITE_URL (docs/decisions/008-safe-defaults.md).
    #[arg(long, env = "RUMBO_ENV", value_enum, default_value = "production", global = true)]
    pub environment: Environment,

    /// stripe or sandbox. Unset: Stripe when its keys are set, else the sandbox in development
    /// and a refusal to start in production.
    #[arg(long, env = "PAYMENT_PROVIDER", value_enum, global = true)]
    pub payment_provider: Option<PaymentProviderChoice>,

    /// Bearer token that reads the Prometheus metrics at /metrics (at least 8 characters). Unset: /metrics is 404.
    #[arg(long, env = "METRICS_TOKEN", value_parser = crate::platform::http::metrics::parse_token, hide_env_values = true, global = true)]
    pub metrics_token: Option<crate::platform::http::metrics::MetricsToken>,

    /// Request header set by a trusted proxy with the visitor's ISO country (e.g. CF-IPCountry). Unset: no geolocation.
    #[arg(long, env = "TRUSTED_COUNTRY_HEADER", global = true)]
    pub trusted_country_header: Option<HeaderName>,

    /// Header a trusted proxy sets with the client's address (e.g. X-Forwarded-For); unset: the socket peer. Used for rate limits.
    #[arg(long, env = "CLIENT_IP_HEADER", global = true)]
    pub client_ip_header: Option<HeaderName>,

    /// How many trusted proxies append to CLIENT_IP_HEADER: the client is that many entries from its right end.
    #[arg(long, env = "TRUSTED_PROXY_HOPS", default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=10), global = true)]
    pub trusted_proxy_hops: u8,

    /// pretty or json.
    #[arg(long, env = "LOG_FORMAT", value_enum, default_value = "pretty", global = true)]
    pub log_format: LogFormat,

    /// Largest accepted request body, in bytes.
    #[arg(long, env = "REQUEST_BODY_LIMIT", default_value_t = 1024 * 1024, global = true)]
    pub request_body_limit: usize,

    /// Seconds before a request is answered 408.
    #[arg(long = "request-timeout-secs", env = "REQUEST_TIMEOUT_SECS", default_value = "30", value_parser = parse_seconds, global = true)]
    pub request_timeout: Duration,

    /// Import the content shipped in the binary when the database has none (first start).
    #[arg(long, env = "CONTENT_AUTO_IMPORT", default_value_t = true, action = clap::ArgAction::Set, global = true)]
    pub content_auto_import: bool,

    /// Seconds between checks of the content version; cached pages are re-rendered when it moves.
    #[arg(long = "content-refresh-secs", env = "CONTENT_REFRESH_SECS", default_value = "5", value_parser = parse_seconds, global = true)]
    pub content_refresh: Duration,

    #[command(flatten)]
    pub social: SocialLinks,

    #[command(flatten)]
    pub partners: PartnerSearch,

    #[command(flatten)]
    pub third_parties: crate::third_parties::ThirdPartyConfig,

    #[command(flatten)]
    pub mail: crate::mail::MailConfig,

    #[command(flatten)]
    pub newsletter: crate::newsletter::NewsletterConfig,

    #[command(flatten)]
    pub events: crate::events::EventsConfig,

    #[command(flatten)]
    pub auth: crate::auth::AuthConfig,

    #[command(flatten)]
    pub consultations: crate::consultations::ConsultationConfig,

    #[command(flatten)]
    pub store: crate::store::StoreConfig,

    #[command(flatten)]
    pub stripe: crate::payments::stripe::StripeConfig,

    #[command(flatten)]
    pub staff: crate::staff::StaffConfig,
}

/// Partner booking engines the home page's search widget hands off to: URL templates with
/// placeholders (`{from}`, `{to}`, `{depart}`, `{return}`, `{passengers}`, `{destination}`,
/// `{checkin}`, `{checkout}`, `{rooms}`, `{date}`, `{mode}`). Unset: the widget explains instead.
#[derive(Debug, Clone, Default, Args, serde::Serialize)]
pub struct PartnerSearch {
    /// Flight search URL template, e.g. https://partner.example/flights?from={from}&to={to}&date={depart}.
    #[arg(long = "partner-flights-url", env = "PARTNER_FLIGHTS_URL", value_parser = parse_url_template, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flights: Option<String>,
    /// Hotel search URL template.
    #[arg(long = "partner-hotels-url", env = "PARTNER_HOTELS_URL", value_parser = parse_url_template, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hotels: Option<String>,
    /// Train and bus search URL template.
    #[arg(long = "partner-trains-url", env = "PARTNER_TRAINS_URL", value_parser = parse_url_template, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trains: Option<String>,
}

/// Links to the company's profiles; an unset one is simply not shown.
#[derive(Debug, Clone, Default, Args, serde::Serialize)]
pub struct SocialLinks {
    /// Professional network (LinkedIn) profile URL.
    #[arg(long = "social-linkedin-url", env = "SOCIAL_LINKEDIN_URL", value_parser = parse_http_url, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub linkedin: Option<String>,
    /// X profile URL.
    #[arg(long = "social-x-url", env = "SOCIAL_X_URL", value_parser = parse_http_url, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x: Option<String>,
    /// Instagram profile URL.
    #[arg(long = "social-instagram-url", env = "SOCIAL_INSTAGRAM_URL", value_parser = parse_http_url, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instagram: Option<String>,
    /// YouTube channel URL.
    #[arg(long = "social-youtube-url", env = "SOCIAL_YOUTUBE_URL", value_parser = parse_http_url, global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub youtube: Option<String>,
}

#[cfg(test)]
#[derive(clap::Parser)]
struct TestCli {
    #[command(flatten)]
    config: Config,
}

impl Config {
    /// A configuration from these flags (after the program name) and the defaults, for unit tests.
    #[cfg(test)]
    pub fn from_flags(flags: &[&str]) -> Config {
        use clap::Parser;
        let args = std::iter::once("rumbo").chain(flags.iter().copied());
        TestCli::try_parse_from(args).expect("test flags parse").config
    }

    /// The site origin without a trailing slash, ready to prefix a path.
    pub fn site_origin(&self) -> &str {
        self.site_url.as_str().trim_end_matches('/')
    }

    pub fn is_https(&self) -> bool {
        self.site_url.scheme() == "https"
    }
}

fn parse_site_url(raw: &str) -> Result<Url, String> {
    let url = Url::parse(raw).map_err(|e| format!("not a URL ({e})"))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err("must start with http:// or https://".into());
    }
    if url.path() != "/" || url.query().is_some() || url.fragment().is_some() {
        return Err("must be an origin such as https://rumbo.travel, without a path".into());
    }
    Ok(url)
}

fn parse_http_url(raw: &str) -> Result<String, String> {
    let url = Url::parse(raw).map_err(|e| format!("not a URL ({e})"))?;
    match url.scheme() {
        "http" | "https" => Ok(url.into()),
        _ => Err("must start with http:// or https://".into()),
    }
}

/// A URL with `{placeholder}`s, kept as written (a URL parser would encode the braces).
fn parse_url_template(raw: &str) -> Result<String, String> {
    let sample = raw.replace(['{', '}'], "");
    parse_http_url(&sample).map(|_| raw.to_owned())
}

/// A positive whole number of seconds (every `*_SECS` setting).
pub(crate) fn parse_seconds(raw: &str) -> Result<Duration, String> {
    match raw.parse::<u64>() {
        Ok(secs) if secs > 0 => Ok(Duration::from_secs(secs)),
        _ => Err("must be a whole number of seconds above 0".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn site_url_must_be_an_http_origin() {
        assert!(parse_site_url("https://rumbo.travel").is_ok());
        assert!(parse_site_url("http://localhost:8080/").is_ok());
        assert!(parse_site_url("ftp://rumbo.travel").is_err());
        assert!(parse_site_url("https://rumbo.travel/blog").is_err());
        assert!(parse_site_url("rumbo").is_err());
    }

    #[test]
    fn partner_templates_keep_their_placeholders() {
        let template = "https://partner.example/search?from={from}&to={to}";
        assert_eq!(parse_url_template(template).as_deref(), Ok(template));
        assert!(parse_url_template("javascript:alert({from})").is_err());
    }

    #[test]
    fn timeouts_are_positive_seconds() {
        assert_eq!(parse_seconds("30"), Ok(Duration::from_secs(30)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("soon").is_err());
    }
}
