//! The few words server-rendered pages need beyond seo.json: dates, reading time, and the
//! navigation labels of the breadcrumbs (read from the web app's navigation.json).

use std::collections::HashMap;

use serde::Deserialize;

use crate::platform::i18n::Lang;
use crate::platform::words;

const NAV_EN: &str = include_str!("../../../web/src/i18n/locales/en/navigation.json");
const NAV_ES: &str = include_str!("../../../web/src/i18n/locales/es/navigation.json");
const NAV_PT: &str = include_str!("../../../web/src/i18n/locales/pt/navigation.json");

/// The names of the site's sections, as the menu shows them.
#[derive(Debug, Clone, Deserialize)]
pub struct NavLabels {
    pub home: String,
    pub blog: String,
    pub store: String,
    pub destinations: String,
}

#[derive(Debug)]
pub struct Words {
    nav: HashMap<Lang, NavLabels>,
}

impl Words {
    pub fn load() -> anyhow::Result<Words> {
        let mut nav = HashMap::new();
        for lang in Lang::ALL {
            let raw = match lang {
                Lang::En => NAV_EN,
                Lang::Es => NAV_ES,
                Lang::Pt => NAV_PT,
            };
            let labels = serde_json::from_str(raw).map_err(|e| anyhow::anyhow!("locales/{}/navigation.json: {e}", lang.code()))?;
            nav.insert(lang, labels);
        }
        Ok(Words { nav })
    }

    pub fn nav(&self, lang: Lang) -> &NavLabels {
        &self.nav[&lang]
    }
}

/// `2026-03-14` as a reader writes it: "14 March 2026", "14 de marzo de 2026". Anything that
/// is not such a date comes back unchanged.
pub fn long_date(lang: Lang, iso: &str) -> String {
    let mut parts = iso.splitn(3, '-');
    let (Some(year), Some(month), Some(day)) = (parts.next(), parts.next(), parts.next()) else {
        return iso.to_owned();
    };
    let (Ok(year), Ok(month), Ok(day)) = (year.parse::<i32>(), month.parse::<u8>(), day.parse::<u8>()) else {
        return iso.to_owned();
    };
    if !(1..=12).contains(&month) {
        return iso.to_owned();
    }
    words::date(lang, year, month, day)
}

/// "5 min read".
pub fn reading_time(lang: Lang, minutes: i32) -> String {
    words::fill(&words::words(lang).reading_time, &[("minutes", &minutes.to_string())])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_naturally_in_each_language() {
        assert_eq!(long_date(Lang::En, "2026-03-14"), "14 March 2026");
        assert_eq!(long_date(Lang::Es, "2026-04-02"), "2 de abril de 2026");
        assert_eq!(long_date(Lang::Pt, "2026-03-14"), "14 de março de 2026");
        assert_eq!(long_date(Lang::En, "2026-13-01"), "2026-13-01");
        assert_eq!(long_date(Lang::En, ""), "");
    }

    #[test]
    fn navigation_labels_come_from_the_locale_files() {
        let words = Words::load().unwrap();
        assert_eq!(words.nav(Lang::En).home, "Home");
        assert_eq!(words.nav(Lang::Es).blog, "Blog");
        assert!(!words.nav(Lang::Pt).destinations.is_empty());
        assert_eq!(reading_time(Lang::Es, 4), "4 min de lectura");
    }
}
