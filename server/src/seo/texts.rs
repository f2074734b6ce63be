//! Page titles and descriptions, read from the web app's own locale files
//! (ARCHITECTURE.md#shared-locale-files) so the server and the browser never disagree.

use std::collections::HashMap;

use serde::Deserialize;

use super::routes::{Page, DESTINATION_SLUGS};
use crate::platform::i18n::Lang;

const SEO_EN: &str = include_str!("../../../web/src/i18n/locales/en/seo.json");
const SEO_ES: &str = include_str!("../../../web/src/i18n/locales/es/seo.json");
const SEO_PT: &str = include_str!("../../../web/src/i18n/locales/pt/seo.json");

#[derive(Debug, Clone, Deserialize)]
pub struct PageText {
    pub title: String,
    pub description: String,
}

#[derive(Debug, Deserialize)]
struct SeoFile {
    pages: HashMap<String, PageText>,
    destinations: HashMap<String, PageText>,
}

/// Every page's words in every language, with the site name filled in.
#[derive(Debug)]
pub struct SeoTexts {
    by_lang: HashMap<Lang, SeoFile>,
}

pub const NOT_FOUND_ID: &str = "notFound";

impl SeoTexts {
    /// Parses the compiled-in files and refuses to start when a page lacks its words.
    pub fn load(site_name: &str) -> anyhow::Result<SeoTexts> {
        let mut by_lang = HashMap::new();
        for lang in Lang::ALL {
            let raw = match lang {
                Lang::En => SEO_EN,
                Lang::Es => SEO_ES,
                Lang::Pt => SEO_PT,
            };
            let mut file: SeoFile = serde_json::from_str(raw).map_err(|e| anyhow::anyhow!("locales/{}/seo.json: {e}", lang.code()))?;
            for text in file.pages.values_mut().chain(file.destinations.values_mut()) {
                text.title = text.title.replace("{{site}}", site_name);
                text.description = text.description.replace("{{site}}", site_name);
            }
            check_complete(lang, &file)?;
            by_lang.insert(lang, file);
        }
        Ok(SeoTexts { by_lang })
    }

    pub fn page(&self, lang: Lang, page: Page) -> &PageText {
        let file = &self.by_lang[&lang];
        match page {
            Page::Destination(slug) => &file.destinations[slug],
            fixed => &file.pages[page_id(fixed)],
        }
    }

    pub fn not_found(&self, lang: Lang) -> &PageText {
        &self.by_lang[&lang].pages[NOT_FOUND_ID]
    }
}

/// The key of a fixed page in `seo.json` (docs/decisions/002).
pub fn page_id(page: Page) -> &'static str {
    match page {
        Page::Home => "home",
        Page::Blog => "blog",
        Page::Store => "store",
        Page::Help => "help",
        Page::Destinations => "destinations",
        Page::Destination(_) => "destination",
        Page::Terms => "terms",
        Page::Privacy => "privacy",
        Page::Copyright => "copyright",
        Page::About => "about",
        Page::Account => "account",
        Page::ResetPassword => "resetPassword",
        Page::NewsletterConfirm => "newsletterConfirm",
        Page::NewsletterUnsubscribe => "newsletterUnsubscribe",
        Page::HelpBooking => "helpBooking",
        Page::StoreCheckout => "storeCheckout",
        Page::StoreOrder => "storeOrder",
        Page::HelpOpinions => "helpOpinions",
        Page::HelpRights => "helpRights",
        Page::Staff => "staff",
        Page::Newsletter => "newsletterArchive",
    }
}

fn check_complete(lang: Lang, file: &SeoFile) -> anyhow::Result<()> {
    let fixed = Page::FIXED.into_iter().map(page_id).chain([NOT_FOUND_ID]);
    let missing: Vec<String> = fixed
        .filter(|id| !file.pages.contains_key(*id))
        .map(|id| format!("pages.{id}"))
        .chain(DESTINATION_SLUGS.into_iter().filter(|slug| !file.destinations.contains_key(*slug)).map(|s| format!("destinations.{s}")))
        .collect();
    anyhow::ensure!(missing.is_empty(), "locales/{}/seo.json lacks {}", lang.code(), missing.join(", "));
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_page_has_words_in_every_language() {
        let texts = SeoTexts::load("Rumbo").expect("seo.json files complete");
        for lang in Lang::ALL {
            for page in Page::all() {
                let text = texts.page(lang, page);
                assert!(text.title.contains("Rumbo"), "{lang:?} {page:?} title lacks the site name");
                assert!(!text.description.trim().is_empty(), "{lang:?} {page:?} has no description");
            }
        }
    }

    #[test]
    fn home_titles_are_the_decided_ones() {
        let texts = SeoTexts::load("Rumbo").unwrap();
        assert_eq!(texts.page(Lang::En, Page::Home).title, "Rumbo | expert travel advice");
        assert_eq!(texts.page(Lang::Es, Page::Home).title, "Rumbo | asesoría experta de viajes");
        assert_eq!(texts.page(Lang::Pt, Page::Home).title, "Rumbo | consultoria especializada em viagens");
    }

    #[test]
    fn the_site_name_comes_from_configuration() {
        let texts = SeoTexts::load("Brújula").unwrap();
        assert_eq!(texts.page(Lang::Es, Page::Home).title, "Brújula | asesoría experta de viajes");
    }
}
