//! Google Analytics 4 and AdSense (docs/product.md#analytics-and-ads): their ids,
//! what the browser is told about them, and the Content-Security-Policy sources they need.
//! Both stay off unless configured, and the browser loads neither before the visitor accepts
//! cookies; the policy lists Google's hosts only for what is configured.

use clap::Args;
use serde::Serialize;

/// Analytics and ad ids. Every value is public (it ends up in the page); none is a secret.
#[derive(Debug, Clone, Default, Args)]
pub struct ThirdPartyConfig {
    /// Google Analytics 4 measurement id (G-XXXXXXX). Unset: no analytics.
    #[arg(long = "ga-measurement-id", env = "GA_MEASUREMENT_ID", value_parser = parse_measurement_id, global = true)]
    pub ga_measurement_id: Option<String>,

    /// AdSense publisher id (ca-pub-…). Unset: no ads (a slot id without it is refused).
    #[arg(long = "adsense-client", env = "ADSENSE_CLIENT", value_parser = parse_adsense_client, global = true)]
    pub adsense_client: Option<String>,

    #[command(flatten)]
    pub ad_slots: AdSlots,
}

/// One AdSense ad unit id per slot kind (docs/product.md#ads); a kind without one shows nothing. Each
/// needs ADSENSE_CLIENT: a slot id alone is a configuration mistake and stops start-up.
#[derive(Debug, Clone, Default, Args, Serialize)]
pub struct AdSlots {
    /// Ad unit for the top of a page (leaderboard).
    #[arg(long = "adsense-slot-top", env = "ADSENSE_SLOT_TOP", value_parser = parse_ad_slot, requires = "adsense_client", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top: Option<String>,
    /// Ad unit between content sections (the home page has one).
    #[arg(long = "adsense-slot-mid", env = "ADSENSE_SLOT_MID", value_parser = parse_ad_slot, requires = "adsense_client", global = true)]
    #[serde(rename = "mid-content", skip_serializing_if = "Option::is_none")]
    pub mid_content: Option<String>,
    /// Ad unit for a sidebar (wide screens only).
    #[arg(long = "adsense-slot-sidebar", env = "ADSENSE_SLOT_SIDEBAR", value_parser = parse_ad_slot, requires = "adsense_client", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sidebar: Option<String>,
    /// Ad unit near the end of a page (the home page has one).
    #[arg(long = "adsense-slot-bottom", env = "ADSENSE_SLOT_BOTTOM", value_parser = parse_ad_slot, requires = "adsense_client", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bottom: Option<String>,
    /// Ad unit shown on small screens only (under 768 px).
    #[arg(long = "adsense-slot-mobile", env = "ADSENSE_SLOT_MOBILE", value_parser = parse_ad_slot, requires = "adsense_client", global = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub mobile: Option<String>,
}

impl AdSlots {
    fn any(&self) -> bool {
        [&self.top, &self.mid_content, &self.sidebar, &self.bottom, &self.mobile].into_iter().any(Option::is_some)
    }
}

/// The Content-Security-Policy sources one directive gains.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct CspSources {
    pub script: Vec<&'static str>,
    pub connect: Vec<&'static str>,
    pub img: Vec<&'static str>,
    pub frame: Vec<&'static str>,
}

impl CspSources {
    /// Adds another service's sources after these, each host still listed once.
    pub fn merge(mut self, other: CspSources) -> CspSources {
        self.script.extend(other.script);
        self.connect.extend(other.connect);
        self.img.extend(other.img);
        self.frame.extend(other.frame);
        self.dedup();
        self
    }

    fn dedup(&mut self) {
        for list in [&mut self.script, &mut self.connect, &mut self.img, &mut self.frame] {
            let mut seen = std::collections::HashSet::new();
            list.retain(|host| seen.insert(*host));
        }
    }
}

// Google's published policy for GA4 (developers.google.com/tag-platform/security/guides/csp),
// with Google signals off (the browser config sets allow_google_signals: false), so no
// doubleclick host is needed for analytics.
const GA_SCRIPT: &[&str] = &["https://*.googletagmanager.com"];
const GA_CONNECT: &[&str] = &["https://*.google-analytics.com", "https://*.analytics.google.com", "https://*.googletagmanager.com"];
const GA_IMG: &[&str] = &["https://*.google-analytics.com", "https://*.googletagmanager.com"];

// AdSense: adsbygoogle.js and its implementation (pagead2), creatives served from tpc, the ad
// iframes (googleads.g.doubleclick.net), their impression pings, and the ad-traffic-quality
// checks (*.adtrafficquality.google, with the reCAPTCHA frame on www.google.com).
const ADS_SCRIPT: &[&str] =
    &["https://pagead2.googlesyndication.com", "https://tpc.googlesyndication.com", "https://*.adtrafficquality.google"];
const ADS_CONNECT: &[&str] = &["https://pagead2.googlesyndication.com", "https://*.g.doubleclick.net", "https://*.adtrafficquality.google"];
const ADS_IMG: &[&str] = &["https://pagead2.googlesyndication.com", "https://*.g.doubleclick.net", "https://*.adtrafficquality.google"];
const ADS_FRAME: &[&str] = &[
    "https://googleads.g.doubleclick.net",
    "https://tpc.googlesyndication.com",
    "https://*.adtrafficquality.google",
    "https://www.google.com",
];

impl ThirdPartyConfig {
    /// Ads run only with a publisher id and at least one slot.
    pub fn ads_enabled(&self) -> bool {
        self.adsense_client.is_some() && self.ad_slots.any()
    }

    /// What the browser is told (the `rumbo-config` block): only what is configured.
    pub fn public_json(&self) -> serde_json::Value {
        let mut json = serde_json::Map::new();
        if let Some(id) = &self.ga_measurement_id {
            json.insert("gaMeasurementId".into(), id.clone().into());
        }
        if let (true, Some(client)) = (self.ads_enabled(), &self.adsense_client) {
            json.insert("ads".into(), serde_json::json!({ "client": client, "slots": self.ad_slots }));
        }
        json.into()
    }

    /// The hosts the configured services need, per directive; empty when nothing is configured.
    pub fn csp_sources(&self) -> CspSources {
        let mut sources = CspSources::default();
        if self.ga_measurement_id.is_some() {
            sources.script.extend(GA_SCRIPT);
            sources.connect.extend(GA_CONNECT);
            sources.img.extend(GA_IMG);
        }
        if self.ads_enabled() {
            sources.script.extend(ADS_SCRIPT);
            sources.connect.extend(ADS_CONNECT);
            sources.img.extend(ADS_IMG);
            sources.frame.extend(ADS_FRAME);
        }
        sources.dedup();
        sources
    }
}

fn parse_measurement_id(raw: &str) -> Result<String, String> {
    let id = raw.trim();
    let valid = id
        .strip_prefix("G-")
        .is_some_and(|rest| (4..=16).contains(&rest.len()) && rest.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()));
    if valid {
        Ok(id.to_owned())
    } else {
        Err("must be a GA4 measurement id such as G-AB12CD34EF".into())
    }
}

fn parse_adsense_client(raw: &str) -> Result<String, String> {
    let id = raw.trim();
    let valid =
        id.strip_prefix("ca-pub-").is_some_and(|digits| (10..=20).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()));
    if valid {
        Ok(id.to_owned())
    } else {
        Err("must be an AdSense publisher id such as ca-pub-1234567890123456".into())
    }
}

fn parse_ad_slot(raw: &str) -> Result<String, String> {
    let id = raw.trim();
    if (1..=20).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_digit()) {
        Ok(id.to_owned())
    } else {
        Err("must be an AdSense ad unit id (digits only)".into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_ads(client: Option<&str>, mid: Option<&str>) -> ThirdPartyConfig {
        ThirdPartyConfig {
            adsense_client: client.map(str::to_owned),
            ad_slots: AdSlots { mid_content: mid.map(str::to_owned), ..AdSlots::default() },
            ..ThirdPartyConfig::default()
        }
    }

    #[test]
    fn ids_are_checked_for_their_shape() {
        assert_eq!(parse_measurement_id(" G-AB12CD34 "), Ok("G-AB12CD34".into()));
        for bad in ["UA-1234-1", "G-", "G-ab12", "G-AB12\"onload", "GTM-ABCD12"] {
            assert!(parse_measurement_id(bad).is_err(), "{bad}");
        }
        assert!(parse_adsense_client("ca-pub-1234567890123456").is_ok());
        assert!(parse_adsense_client("pub-1234567890123456").is_err());
        assert!(parse_adsense_client("ca-pub-12x4567890").is_err());
        assert!(parse_ad_slot("1234567890").is_ok());
        assert!(parse_ad_slot("12 34").is_err());
        assert!(parse_ad_slot("").is_err());
    }

    #[test]
    fn nothing_configured_adds_nothing() {
        let config = ThirdPartyConfig::default();
        assert_eq!(config.csp_sources(), CspSources::default());
        assert_eq!(config.public_json(), serde_json::json!({}));
    }

    #[test]
    fn ads_need_a_client_and_a_slot() {
        assert!(!with_ads(Some("ca-pub-1234567890"), None).ads_enabled());
        assert!(!with_ads(None, Some("123")).ads_enabled());
        let config = with_ads(Some("ca-pub-1234567890"), Some("123"));
        assert!(config.ads_enabled());
        assert_eq!(
            config.public_json(),
            serde_json::json!({ "ads": { "client": "ca-pub-1234567890", "slots": { "mid-content": "123" } } })
        );
        assert!(config.csp_sources().frame.contains(&"https://googleads.g.doubleclick.net"));
        assert!(config.csp_sources().script.iter().all(|host| !host.contains("googletagmanager")), "no analytics host without an id");
    }

    #[test]
    fn both_services_list_each_host_once() {
        let mut config = with_ads(Some("ca-pub-1234567890"), Some("123"));
        config.ga_measurement_id = Some("G-TEST1234".into());
        let sources = config.csp_sources();
        for list in [&sources.script, &sources.connect, &sources.img, &sources.frame] {
            let unique: std::collections::HashSet<_> = list.iter().collect();
            assert_eq!(unique.len(), list.len(), "{list:?}");
        }
        assert!(sources.connect.contains(&"https://*.google-analytics.com"));
    }
}
