//! E-mail settings (`SMTP_URL`, `MAIL_FROM`, retry bounds), parsed once at start-up.

use std::time::Duration;

use clap::builder::TypedValueParser;
use clap::error::ErrorKind;
use clap::Args;
use lettre::message::Mailbox;

use super::smtp::SmtpUrl;
use crate::config::parse_seconds;

/// E-mail delivery settings.
#[derive(Debug, Clone, Args)]
pub struct MailConfig {
    /// SMTP server for outgoing mail: smtp://user:pass@host:587 (STARTTLS) or smtps://user:pass@host:465 (TLS);
    /// `?tls=required|opportunistic|none` overrides STARTTLS. Unset: mail stays in the outbox (see /dev/mailbox).
    // `hide_env_values`: `--help` would otherwise print the value, password included.
    #[arg(long, env = "SMTP_URL", value_parser = SmtpUrlParser, hide_env_values = true, global = true)]
    pub smtp_url: Option<SmtpUrl>,

    /// Sender of every e-mail, e.g. "Rumbo <hello@rumbo.travel>".
    #[arg(long, env = "MAIL_FROM", default_value = "Rumbo <no-reply@localhost>", value_parser = parse_mailbox, global = true)]
    pub mail_from: Mailbox,

    /// Delivery attempts before a message is marked failed.
    #[arg(long, env = "MAIL_MAX_ATTEMPTS", default_value_t = 8, value_parser = clap::value_parser!(u32).range(1..=50), global = true)]
    pub mail_max_attempts: u32,

    /// Wait before the first retry; each later retry waits twice as long, up to an hour.
    #[arg(long = "mail-retry-base-secs", env = "MAIL_RETRY_BASE_SECS", default_value = "30", value_parser = parse_seconds, global = true)]
    pub mail_retry_base: Duration,

    /// How often the worker looks for due mail when nothing wakes it (an enqueue in this process does).
    #[arg(long = "mail-poll-interval-secs", env = "MAIL_POLL_INTERVAL_SECS", default_value = "2", value_parser = parse_seconds, global = true)]
    pub mail_poll_interval: Duration,

    /// How long a worker's claim on messages lasts without renewal: after an instance dies, its
    /// unsent messages go out from another within this time (docs/decisions/017-several-instances.md).
    #[arg(long = "mail-lease-secs", env = "MAIL_LEASE_SECS", default_value = "30", value_parser = parse_lease, global = true)]
    pub mail_lease: Duration,

    /// Messages of a claimed batch delivered at once (over pooled SMTP connections): a
    /// newsletter issue to thousands goes out in minutes, not hours.
    #[arg(long = "mail-concurrency", env = "MAIL_CONCURRENCY", default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=32), global = true)]
    pub mail_concurrency: u32,
}

/// A lease of 3 s to 1 h: it is renewed every third of it, so it must outlast a renewal round trip.
fn parse_lease(raw: &str) -> Result<Duration, String> {
    match parse_seconds(raw)? {
        lease if (3..=3600).contains(&lease.as_secs()) => Ok(lease),
        _ => Err("must be between 3 and 3600 seconds".into()),
    }
}

/// Parses `SMTP_URL` without repeating it: clap's usual message quotes the value, and this
/// one may hold a password.
#[derive(Clone)]
struct SmtpUrlParser;

impl TypedValueParser for SmtpUrlParser {
    type Value = SmtpUrl;

    fn parse_ref(&self, cmd: &clap::Command, _: Option<&clap::Arg>, value: &std::ffi::OsStr) -> Result<SmtpUrl, clap::Error> {
        let reason = match value.to_str() {
            Some("") => "is empty; unset it to keep mail in the outbox".to_owned(),
            Some(raw) => match raw.parse::<SmtpUrl>() {
                Ok(url) => return Ok(url),
                Err(reason) => reason,
            },
            None => "is not UTF-8".to_owned(),
        };
        Err(clap::Error::raw(ErrorKind::ValueValidation, format!("invalid value for SMTP_URL (--smtp-url): {reason}\n")).with_cmd(cmd))
    }
}

fn parse_mailbox(raw: &str) -> Result<Mailbox, String> {
    raw.parse::<Mailbox>().map_err(|e| format!("not an e-mail address such as \"Rumbo <hello@rumbo.travel>\" ({e})"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sender_must_be_a_mailbox() {
        let default = parse_mailbox("Rumbo <no-reply@localhost>").unwrap();
        assert_eq!(default.name.as_deref(), Some("Rumbo"));
        assert_eq!(default.email.domain(), "localhost");
        assert!(parse_mailbox("hello@rumbo.travel").is_ok());
        assert!(parse_mailbox("Rumbo").is_err());
        assert!(parse_mailbox("Rumbo <nobody>").is_err());
    }

    #[test]
    fn bounds_are_positive_seconds() {
        assert_eq!(parse_seconds("30"), Ok(Duration::from_secs(30)));
        assert!(parse_seconds("0").is_err());
        assert!(parse_seconds("-1").is_err());
    }
}
