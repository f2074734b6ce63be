//! The server's own words in each language (`server/locales/{en,es,pt}.json`): month and day
//! names, date patterns, and the few sentences mails, invitations and pages write. Translators
//! change those files, never Rust code; a test checks that every language has every word and
//! every placeholder its pattern needs.

use std::sync::LazyLock;

use serde::Deserialize;

use crate::platform::i18n::Lang;

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Words {
    pub months: [String; 12],
    /// Monday first.
    pub weekdays: [String; 7],
    /// `{day} {month} {year}`.
    pub date: String,
    /// `{weekday}, {day} {month} {year}`.
    pub weekday_date: String,
    /// `{minutes} min read`.
    pub reading_time: String,
    pub mail_tagline: String,
    pub mail_test_mode: String,
    pub newsletter_check_inbox: String,
    /// `{site} consultation: {plan} ({minutes} min)`.
    pub invite_summary: String,
    pub invite_topic: String,
    pub invite_manage: String,
    /// `{amount}` in US dollars, as the web app's `Intl.NumberFormat` writes it.
    pub usd: String,
    pub decimal_separator: String,
    pub thousands_separator: String,
    pub receipt_subtotal: String,
    /// `Discount ({code})`.
    pub receipt_discount: String,
    /// `Shipping ({method})`.
    pub receipt_shipping: String,
    pub receipt_total: String,
    /// `{name}`, `{language}`, `{days}`, `{count}`.
    pub receipt_download: String,
    pub receipt_free: String,
}

const FILES: [(Lang, &str); 3] = [
    (Lang::En, include_str!("../../locales/en.json")),
    (Lang::Es, include_str!("../../locales/es.json")),
    (Lang::Pt, include_str!("../../locales/pt.json")),
];

static WORDS: LazyLock<[Words; 3]> = LazyLock::new(|| {
    FILES.map(|(lang, raw)| {
        serde_json::from_str(raw).unwrap_or_else(|e| panic!("server/locales/{}.json: {e} (a unit test checks this)", lang.code()))
    })
});

/// The words of one language.
pub fn words(lang: Lang) -> &'static Words {
    let index = FILES.iter().position(|(l, _)| *l == lang).unwrap_or(0);
    &WORDS[index]
}

/// `pattern` with each `{name}` replaced by its value.
pub fn fill(pattern: &str, values: &[(&str, &str)]) -> String {
    values.iter().fold(pattern.to_owned(), |text, (name, value)| text.replace(&format!("{{{name}}}"), value))
}

/// "14 March 2026", "14 de marzo de 2026" (`month` 1–12).
pub fn date(lang: Lang, year: i32, month: u8, day: u8) -> String {
    let w = words(lang);
    let month = w.months.get(usize::from(month.max(1)) - 1).map_or("", String::as_str);
    fill(&w.date, &[("day", &day.to_string()), ("month", month), ("year", &year.to_string())])
}

/// "Tuesday, 24 November 2026" (`weekday` 0 = Monday).
pub fn weekday_date(lang: Lang, weekday: usize, year: i32, month: u8, day: u8) -> String {
    let w = words(lang);
    let month = w.months.get(usize::from(month.max(1)) - 1).map_or("", String::as_str);
    let weekday = w.weekdays.get(weekday).map_or("", String::as_str);
    fill(&w.weekday_date, &[("weekday", weekday), ("day", &day.to_string()), ("month", month), ("year", &year.to_string())])
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A pattern's name, how to read it, and the placeholders it must hold.
    type Pattern = (&'static str, fn(&Words) -> &String, &'static [&'static str]);

    #[test]
    fn every_language_has_every_word_and_placeholder() {
        let patterns: [Pattern; 5] = [
            ("date", |w| &w.date, &["{day}", "{month}", "{year}"]),
            ("weekday_date", |w| &w.weekday_date, &["{weekday}", "{day}", "{month}", "{year}"]),
            ("reading_time", |w| &w.reading_time, &["{minutes}"]),
            ("invite_summary", |w| &w.invite_summary, &["{site}", "{plan}", "{minutes}"]),
            ("usd", |w| &w.usd, &["{amount}"]),
        ];
        for lang in Lang::ALL {
            let w = words(lang);
            for (name, get, holes) in &patterns {
                for hole in *holes {
                    assert!(get(w).contains(hole), "{}: {name} lacks {hole}", lang.code());
                }
            }
            assert!(w.months.iter().chain(&w.weekdays).all(|n| !n.trim().is_empty()), "{}: a name is empty", lang.code());
        }
    }

    #[test]
    fn dates_read_naturally_in_each_language() {
        assert_eq!(date(Lang::En, 2026, 3, 14), "14 March 2026");
        assert_eq!(date(Lang::Es, 2026, 4, 2), "2 de abril de 2026");
        assert_eq!(weekday_date(Lang::Pt, 1, 2026, 11, 24), "terça-feira, 24 de novembro de 2026");
    }
}
