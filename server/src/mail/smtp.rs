//! `SMTP_URL`, parsed once into a typed value that knows how to build the async transport.
//! The password lives only here: `Debug` and `redacted()` never show it.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use lettre::transport::smtp::authentication::Credentials;
use lettre::transport::smtp::client::{Tls, TlsParameters};
use lettre::{AsyncSmtpTransport, Tokio1Executor};
use url::{Host, Url};

/// How the connection is protected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Security {
    /// smtps://: TLS from the first byte.
    Tls,
    /// smtp:// upgraded with STARTTLS; refuses a server that does not offer it.
    StartTlsRequired,
    /// smtp:// upgraded with STARTTLS only when the server offers it.
    StartTlsOpportunistic,
    /// smtp:// in clear (`?tls=none`), for a relay on a trusted network.
    None,
}

#[derive(Clone, PartialEq, Eq)]
pub struct SmtpUrl {
    host: String,
    port: u16,
    security: Security,
    credentials: Option<(String, String)>,
    url: Url,
}

/// Every SMTP command gets this long; the worker renews its lease while it waits (see worker.rs).
const COMMAND_TIMEOUT: Duration = Duration::from_secs(20);

impl FromStr for SmtpUrl {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let url = Url::parse(raw).map_err(|e| format!("not a URL ({e})"))?;
        let host = match url.host() {
            Some(Host::Domain(name)) if !name.is_empty() => name.to_owned(),
            Some(Host::Ipv4(ip)) => ip.to_string(),
            Some(Host::Ipv6(ip)) => ip.to_string(),
            _ => return Err("needs a host, e.g. smtp://user:pass@mail.example.com:587".into()),
        };
        if url.path() != "" && url.path() != "/" {
            return Err("must not have a path".into());
        }
        let security = security(&url, &host)?;
        let port = url.port().unwrap_or(if security == Security::Tls { 465 } else { 587 });
        let credentials = credentials(&url)?;
        if security != Security::None {
            // Fails now, at start-up, rather than at the first delivery.
            TlsParameters::new(host.clone()).map_err(|e| format!("cannot use TLS with host {host} ({e})"))?;
        }
        Ok(SmtpUrl { host, port, security, credentials, url })
    }
}

/// smtps:// is TLS; smtp:// requires STARTTLS, except on a loopback host (a local test or
/// relay) where it is used when offered. `?tls=` overrides the smtp:// choice.
fn security(url: &Url, host: &str) -> Result<Security, String> {
    let mut tls = None;
    for (key, value) in url.query_pairs() {
        match key.as_ref() {
            "tls" => tls = Some(value.into_owned()),
            other => return Err(format!("unknown parameter `{other}` (only `tls` is accepted)")),
        }
    }
    match (url.scheme(), tls.as_deref()) {
        ("smtps", None) => Ok(Security::Tls),
        ("smtps", Some(_)) => Err("smtps:// always uses TLS: drop `?tls=`".into()),
        ("smtp", Some("required")) => Ok(Security::StartTlsRequired),
        ("smtp", Some("opportunistic")) => Ok(Security::StartTlsOpportunistic),
        ("smtp", Some("none")) => Ok(Security::None),
        ("smtp", Some(other)) => Err(format!("tls={other} is not one of required, opportunistic, none")),
        ("smtp", None) if is_loopback(host) => Ok(Security::StartTlsOpportunistic),
        ("smtp", None) => Ok(Security::StartTlsRequired),
        _ => Err("must start with smtp:// or smtps://".into()),
    }
}

fn is_loopback(host: &str) -> bool {
    host == "localhost" || host.parse::<std::net::IpAddr>().is_ok_and(|ip| ip.is_loopback())
}

fn credentials(url: &Url) -> Result<Option<(String, String)>, String> {
    match (url.username(), url.password()) {
        ("", None) => Ok(None),
        (user, Some(password)) => Ok(Some((percent_decode(user)?, percent_decode(password)?))),
        (_, None) => Err("has a user name but no password (smtp://user:pass@host)".into()),
    }
}

/// URL user info is percent-encoded: `p%40ss` is the password `p@ss`.
fn percent_decode(encoded: &str) -> Result<String, String> {
    let bytes = encoded.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let hex = (bytes[i] == b'%').then(|| encoded.get(i + 1..i + 3)).flatten();
        match hex.and_then(|h| u8::from_str_radix(h, 16).ok()) {
            Some(byte) => {
                out.push(byte);
                i += 3;
            }
            None => {
                out.push(bytes[i]);
                i += 1;
            }
        }
    }
    String::from_utf8(out).map_err(|_| "user name and password must be UTF-8".to_owned())
}

impl SmtpUrl {
    pub fn security(&self) -> Security {
        self.security
    }

    /// The URL with the password replaced, safe to log.
    pub fn redacted(&self) -> String {
        let mut url = self.url.clone();
        if url.password().is_some() {
            let _ = url.set_password(Some("***"));
        }
        url.into()
    }

    /// A pooled async transport; sends never block the runtime.
    pub fn transport(&self) -> AsyncSmtpTransport<Tokio1Executor> {
        let mut builder =
            AsyncSmtpTransport::<Tokio1Executor>::builder_dangerous(self.host.as_str()).port(self.port).timeout(Some(COMMAND_TIMEOUT));
        let parameters = || TlsParameters::new(self.host.clone()).expect("checked when the URL was parsed");
        builder = match self.security {
            Security::Tls => builder.tls(Tls::Wrapper(parameters())),
            Security::StartTlsRequired => builder.tls(Tls::Required(parameters())),
            Security::StartTlsOpportunistic => builder.tls(Tls::Opportunistic(parameters())),
            Security::None => builder.tls(Tls::None),
        };
        if let Some((user, password)) = &self.credentials {
            builder = builder.credentials(Credentials::new(user.clone(), password.clone()));
        }
        builder.build()
    }
}

impl fmt::Debug for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("SmtpUrl").field(&self.redacted()).finish()
    }
}

impl fmt::Display for SmtpUrl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.redacted())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(raw: &str) -> Result<SmtpUrl, String> {
        raw.parse()
    }

    #[test]
    fn schemes_choose_tls_and_default_ports() {
        let starttls = parse("smtp://user:pass@mail.example.com").unwrap();
        assert_eq!((starttls.security(), starttls.port), (Security::StartTlsRequired, 587));
        let tls = parse("smtps://user:pass@mail.example.com").unwrap();
        assert_eq!((tls.security(), tls.port), (Security::Tls, 465));
        let local = parse("smtp://127.0.0.1:2525").unwrap();
        assert_eq!((local.security(), local.port, local.credentials.clone()), (Security::StartTlsOpportunistic, 2525, None));
        assert_eq!(parse("smtp://relay:25?tls=none").unwrap().security(), Security::None);
        assert_eq!(parse("smtp://localhost:25?tls=required").unwrap().security(), Security::StartTlsRequired);
    }

    #[test]
    fn bad_values_are_refused_with_a_reason() {
        assert!(parse("ftp://mail.example.com").unwrap_err().contains("smtp:// or smtps://"));
        assert!(parse("smtp://mail.example.com?tls=maybe").unwrap_err().contains("tls=maybe"));
        assert!(parse("smtp://mail.example.com?port=1").unwrap_err().contains("unknown parameter"));
        assert!(parse("smtp://user@mail.example.com").unwrap_err().contains("no password"));
        assert!(parse("smtp://mail.example.com/path").is_err());
        assert!(parse("mail.example.com").is_err());
    }

    #[test]
    fn credentials_are_percent_decoded() {
        let url = parse("smtp://me%40example.com:p%40ss+w%3Drd&x@mail.example.com").unwrap();
        assert_eq!(url.credentials, Some(("me@example.com".into(), "p@ss+w=rd&x".into())));
    }

    #[test]
    fn the_password_never_reaches_logs() {
        let url = parse("smtps://mailer:s3cr3t-Pa55@mail.example.com:465").unwrap();
        assert!(!url.redacted().contains("s3cr3t-Pa55"));
        assert_eq!(url.redacted(), "smtps://mailer:***@mail.example.com:465");
        assert!(!format!("{url:?}").contains("s3cr3t-Pa55"));
        assert!(!format!("{url}").contains("s3cr3t-Pa55"));
    }
}
