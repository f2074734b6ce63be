//! The compiled-in airport table, parsed once on first use.

use std::sync::LazyLock;

use crate::platform::i18n::Lang;
use crate::platform::text::fold;

const TABLE: &str = include_str!("../../data/airports.tsv");

/// One airport that sells tickets (it has an IATA code).
#[derive(Debug)]
pub struct Airport {
    pub iata: &'static str,
    /// Empty for the few airports without one.
    pub icao: &'static str,
    pub name: &'static str,
    /// The city in English, Spanish and Portuguese (the same where the languages agree).
    city: [&'static str; 3],
    /// ISO 3166-1 alpha-2.
    pub country: &'static str,
    pub lat: f64,
    pub lon: f64,
    /// IANA time zone.
    pub tz: &'static str,
    /// Larger airports rank higher among equal matches (0 for the smallest).
    pub rank: u16,
    /// The metropolitan code it shares with its city's other airports (`LON`, `NYC`), or empty.
    pub metro: &'static str,
    /// `words` of the name and of each language's city, for matching.
    pub(super) name_words: String,
    pub(super) city_words: [String; 3],
}

impl Airport {
    pub fn city(&self, lang: Lang) -> &'static str {
        let city = self.city[lang_index(lang)];
        if city.is_empty() {
            self.name
        } else {
            city
        }
    }
}

pub(super) fn lang_index(lang: Lang) -> usize {
    match lang {
        Lang::En => 0,
        Lang::Es => 1,
        Lang::Pt => 2,
    }
}

/// Every airport, in IATA order.
pub fn all() -> &'static [Airport] {
    static AIRPORTS: LazyLock<Vec<Airport>> =
        LazyLock::new(|| TABLE.lines().filter(|line| !line.starts_with('#')).map(parse_line).collect());
    &AIRPORTS
}

/// Folded (case and accents) with every run of punctuation or spaces turned into one space:
/// "Guarulhos - Governador André" → "guarulhos governador andre".
pub fn words(text: &str) -> String {
    let folded = fold(text);
    let mut out = String::with_capacity(folded.len());
    for part in folded.split(|c: char| !c.is_alphanumeric()).filter(|part| !part.is_empty()) {
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(part);
    }
    out
}

// The table is ours and checked by the tests below: a malformed line is a build defect, so it panics.
fn parse_line(line: &'static str) -> Airport {
    let fields: Vec<&'static str> = line.split('\t').collect();
    assert_eq!(fields.len(), 12, "airports.tsv: {line}");
    let english = fields[3];
    let or_english = |city: &'static str| if city.is_empty() { english } else { city };
    let city = [english, or_english(fields[4]), or_english(fields[5])];
    Airport {
        iata: fields[0],
        icao: fields[1],
        name: fields[2],
        city,
        country: fields[6],
        lat: fields[7].parse().expect("latitude"),
        lon: fields[8].parse().expect("longitude"),
        tz: fields[9],
        rank: fields[10].parse().expect("rank"),
        metro: fields[11],
        name_words: words(fields[2]),
        city_words: city.map(words),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_table_parses_and_holds_the_airports_travellers_use() {
        let airports = all();
        assert!(airports.len() > 7000, "{} airports", airports.len());
        assert!(airports.windows(2).all(|pair| pair[0].iata < pair[1].iata), "sorted and unique by IATA code");
        let lhr = airports.iter().find(|a| a.iata == "LHR").unwrap();
        assert_eq!((lhr.icao, lhr.country, lhr.tz, lhr.metro), ("EGLL", "GB", "Europe/London", "LON"));
        assert_eq!([lhr.city(Lang::En), lhr.city(Lang::Es), lhr.city(Lang::Pt)], ["London", "Londres", "Londres"]);
        assert!((lhr.lat - 51.47).abs() < 0.01 && (lhr.lon + 0.46).abs() < 0.01);
        let bog = airports.iter().find(|a| a.iata == "BOG").unwrap();
        assert_eq!(bog.city(Lang::Es), "Bogotá");
        assert!(airports.iter().all(|a| a.iata.len() == 3 && a.country.len() == 2 && !a.tz.is_empty()));
    }

    #[test]
    fn words_fold_accents_case_and_punctuation() {
        assert_eq!(words("  São Paulo (Guarulhos) – Int'l "), "sao paulo guarulhos int l");
        assert_eq!(words("BOGOTÁ"), "bogota");
        assert_eq!(words("--"), "");
    }
}
