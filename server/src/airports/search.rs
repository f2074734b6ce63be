//! Ranking: the exact code first, then the city, then prefixes, larger airports first among equals.
//! Only the candidates of a small index are ranked (the code's, and those with a word starting like
//! the query's first word), so a search never walks the whole table.

use std::collections::HashMap;
use std::sync::{LazyLock, PoisonError, RwLock};

use super::table::{all, lang_index, words, Airport};
use crate::platform::i18n::Lang;

/// How an airport matches the query, best last (compared as numbers).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Match {
    /// A word of the name or of a city starts with the query ("paulo", "barajas").
    WordPrefix,
    /// The IATA code starts with the query ("gr").
    CodePrefix,
    /// A city starts with the query ("sao pa").
    CityPrefix,
    /// The city in another of our languages is the query.
    OtherCity,
    /// The city in the visitor's language is the query ("londres" in Spanish).
    City,
    /// The metropolitan code (`LON`, `NYC`, `SAO`).
    Metro,
    Icao,
    Iata,
}

/// Answers to one- and two-letter queries (thousands of candidates each), kept once computed.
/// There are few such queries, and the map stops growing at `SHORT_ANSWERS_MAX` whatever is typed.
static SHORT_ANSWERS: LazyLock<RwLock<ShortAnswers>> = LazyLock::new(RwLock::default);
type ShortAnswers = HashMap<(String, Lang), Vec<&'static Airport>>;
const SHORT_ANSWERS_MAX: usize = 8192;
/// How many airports a kept short answer holds (the API's largest limit).
const SHORT_ANSWER_LEN: usize = 20;

/// The airports matching `query` (already trimmed, not empty), best first, at most `limit`.
pub fn search(query: &str, lang: Lang, limit: usize) -> Vec<&'static Airport> {
    let query = query.trim();
    if query.chars().count() > 2 || limit > SHORT_ANSWER_LEN {
        return rank(query, lang, limit);
    }
    let key = (query.to_lowercase(), lang);
    if let Some(kept) = SHORT_ANSWERS.read().unwrap_or_else(PoisonError::into_inner).get(&key) {
        return kept.iter().copied().take(limit).collect();
    }
    let answer = rank(query, lang, SHORT_ANSWER_LEN);
    let mut kept = SHORT_ANSWERS.write().unwrap_or_else(PoisonError::into_inner);
    if kept.len() < SHORT_ANSWERS_MAX {
        kept.insert(key, answer.clone());
    }
    answer.into_iter().take(limit).collect()
}

fn rank(query: &str, lang: Lang, limit: usize) -> Vec<&'static Airport> {
    let code = query.to_ascii_uppercase();
    let text = words(query);
    if text.is_empty() {
        return Vec::new();
    }
    let word_start = format!(" {text}");
    let airports = all();
    let mut found: Vec<(Match, &'static Airport)> = candidates(&code, &text)
        .into_iter()
        .filter_map(|at| {
            let airport = &airports[at as usize];
            classify(airport, lang, &code, &text, &word_start).map(|how| (how, airport))
        })
        .collect();
    let best_first = |(a_how, a): &(Match, &Airport), (b_how, b): &(Match, &Airport)| {
        b_how.cmp(a_how).then(b.rank.cmp(&a.rank)).then(a.iata.cmp(b.iata))
    };
    // A short query ("b") has thousands of candidates: pick the best `limit`, then sort only those.
    if found.len() > limit && limit > 0 {
        found.select_nth_unstable_by(limit - 1, best_first);
        found.truncate(limit);
    }
    found.sort_unstable_by(best_first);
    found.into_iter().take(limit).map(|(_, airport)| airport).collect()
}

fn classify(airport: &Airport, lang: Lang, code: &str, text: &str, word_start: &str) -> Option<Match> {
    if airport.iata == code {
        return Some(Match::Iata);
    }
    if !airport.icao.is_empty() && airport.icao == code {
        return Some(Match::Icao);
    }
    if !airport.metro.is_empty() && airport.metro == code {
        return Some(Match::Metro);
    }
    let own_city = &airport.city_words[lang_index(lang)];
    if own_city == text {
        return Some(Match::City);
    }
    if airport.city_words.iter().any(|city| city == text) {
        return Some(Match::OtherCity);
    }
    if airport.city_words.iter().any(|city| city.starts_with(text)) {
        return Some(Match::CityPrefix);
    }
    if code.len() < 3 && airport.iata.starts_with(code) {
        return Some(Match::CodePrefix);
    }
    let starts_a_word = |haystack: &str| haystack.starts_with(text) || haystack.contains(word_start);
    (starts_a_word(&airport.name_words) || airport.city_words.iter().any(|city| starts_a_word(city))).then_some(Match::WordPrefix)
}

/// Every word of every airport's name and cities, sorted, with the airport's position; and the
/// ICAO and metropolitan codes.
struct Index {
    words: Vec<(&'static str, u32)>,
    codes: HashMap<&'static str, Vec<u32>>,
}

fn index() -> &'static Index {
    static INDEX: LazyLock<Index> = LazyLock::new(|| {
        let mut words = Vec::new();
        let mut codes: HashMap<&'static str, Vec<u32>> = HashMap::new();
        for (at, airport) in (0u32..).zip(all()) {
            let texts = std::iter::once(airport.name_words.as_str()).chain(airport.city_words.iter().map(String::as_str));
            let mut own: Vec<&'static str> = texts.flat_map(|text| text.split(' ')).filter(|word| !word.is_empty()).collect();
            own.sort_unstable();
            own.dedup();
            words.extend(own.into_iter().map(|word| (word, at)));
            for code in [airport.icao, airport.metro].into_iter().filter(|code| !code.is_empty()) {
                codes.entry(code).or_default().push(at);
            }
        }
        words.sort_unstable();
        Index { words, codes }
    });
    &INDEX
}

/// Positions of the airports that may match: by IATA code or its prefix, ICAO or metropolitan code,
/// and by a word that starts like the query's first word.
fn candidates(code: &str, text: &str) -> Vec<u32> {
    let (airports, index) = (all(), index());
    let mut found = Vec::new();
    if code.len() <= 4 && code.bytes().all(|b| b.is_ascii_alphanumeric()) {
        let first = airports.partition_point(|airport| airport.iata < code);
        found.extend((first..airports.len()).take_while(|&at| airports[at].iata.starts_with(code)).map(|at| at as u32));
        found.extend(index.codes.get(code).into_iter().flatten());
    }
    let first_word = text.split(' ').next().unwrap_or_default();
    let start = index.words.partition_point(|(word, _)| *word < first_word);
    found.extend(index.words[start..].iter().take_while(|(word, _)| word.starts_with(first_word)).map(|(_, at)| *at));
    found.sort_unstable();
    found.dedup();
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    fn codes(query: &str, lang: Lang) -> Vec<&'static str> {
        search(query, lang, 8).into_iter().map(|a| a.iata).collect()
    }

    #[test]
    fn an_exact_code_comes_first_whatever_its_case() {
        assert_eq!(codes("BOG", Lang::En)[0], "BOG");
        assert_eq!(codes("gru", Lang::Pt)[0], "GRU");
        assert_eq!(codes("lemd", Lang::Es)[0], "MAD");
    }

    #[test]
    fn cities_match_without_accents_or_case_in_each_language() {
        assert_eq!(codes("bogota", Lang::Es)[0], "BOG");
        assert_eq!(codes("Bogotá", Lang::En)[0], "BOG");
        assert_eq!(codes("madrid", Lang::Es)[0], "MAD");
        assert_eq!(codes("lisboa", Lang::Pt)[0], "LIS");
        assert_eq!(codes("Lisbon", Lang::En)[0], "LIS");
        assert_eq!(&codes("sao paulo", Lang::Pt)[..2], ["GRU", "CGH"]);
        assert_eq!(&codes("São Paulo", Lang::En)[..2], ["GRU", "CGH"]);
    }

    #[test]
    fn spanish_and_portuguese_city_names_find_the_larger_airports_first() {
        assert_eq!(&codes("londres", Lang::Es)[..2], ["LHR", "LGW"]);
        assert_eq!(&codes("Nova York", Lang::Pt)[..2], ["JFK", "LGA"]);
        assert!(codes("Nova York", Lang::Pt)[..5].contains(&"EWR"), "Newark is New York's too");
        assert_eq!(&codes("nueva york", Lang::Es)[..2], ["JFK", "LGA"]);
        assert_eq!(codes("ciudad de mexico", Lang::Es)[0], "MEX");
        assert_eq!(codes("Londres", Lang::En)[0], "LHR", "another language's name still finds the city");
    }

    #[test]
    fn metro_codes_prefixes_and_names() {
        assert_eq!(&codes("LON", Lang::En)[..2], ["LHR", "LGW"]);
        assert_eq!(&codes("NYC", Lang::En)[..2], ["JFK", "LGA"]);
        assert_eq!(codes("heathrow", Lang::En)[0], "LHR");
        assert!(codes("el dorado", Lang::Es).contains(&"BOG"), "after the towns called El Dorado");
        assert_eq!(codes("barajas", Lang::Es)[0], "MAD");
        assert!(codes("guarulhos", Lang::Pt).contains(&"GRU"));
    }

    #[test]
    fn the_index_finds_exactly_what_a_full_scan_finds() {
        for query in ["MAD", "lemd", "LON", "sa", "san jose", "Nova York", "paulo", "int", "x", "barajas", "new york jfk"] {
            let (code, text) = (query.to_ascii_uppercase(), words(query));
            let word_start = format!(" {text}");
            for lang in Lang::ALL {
                let mut scan: Vec<&str> =
                    all().iter().filter(|airport| classify(airport, lang, &code, &text, &word_start).is_some()).map(|a| a.iata).collect();
                let mut indexed: Vec<&str> = search(query, lang, usize::MAX).into_iter().map(|a| a.iata).collect();
                scan.sort_unstable();
                indexed.sort_unstable();
                assert_eq!(indexed, scan, "{query} ({lang:?})");
            }
        }
    }

    #[test]
    fn a_kept_short_answer_is_the_ranked_one() {
        for _ in 0..2 {
            assert_eq!(codes("Sa", Lang::Es), rank("sa", Lang::Es, 8).into_iter().map(|a| a.iata).collect::<Vec<_>>());
            assert_eq!(search("gr", Lang::Pt, 3).len(), 3);
        }
    }

    #[test]
    fn nonsense_and_blank_find_nothing_and_limit_holds() {
        assert!(codes("xqzzyq", Lang::En).is_empty());
        assert!(codes(" -- ", Lang::En).is_empty());
        assert_eq!(search("san", Lang::Es, 3).len(), 3);
        assert_eq!(search("a", Lang::En, 20).len(), 20);
    }
}
