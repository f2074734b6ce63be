//! The 64 countries of the sign-up form (docs/product.md#sign-up): (ISO 3166-1 alpha-2 code, English name).
//! A profile stores the English name; the web app shows it translated.
//!
//! The set: every country where Spanish or Portuguese is an official language (the site's
//! audiences), the rest of the Americas' main travel markets, Europe's, and the largest travel
//! origins elsewhere. web/src/features/auth/countries.ts must list exactly these pairs, in this
//! order (sorted by English name); a test here pins the count and the uniqueness.

pub mod iso;

pub const COUNTRIES: [(&str, &str); 64] = [
    ("AO", "Angola"),
    ("AR", "Argentina"),
    ("AU", "Australia"),
    ("AT", "Austria"),
    ("BE", "Belgium"),
    ("BZ", "Belize"),
    ("BO", "Bolivia"),
    ("BR", "Brazil"),
    ("CV", "Cabo Verde"),
    ("CA", "Canada"),
    ("CL", "Chile"),
    ("CN", "China"),
    ("CO", "Colombia"),
    ("CR", "Costa Rica"),
    ("HR", "Croatia"),
    ("CU", "Cuba"),
    ("CZ", "Czechia"),
    ("DK", "Denmark"),
    ("DO", "Dominican Republic"),
    ("EC", "Ecuador"),
    ("SV", "El Salvador"),
    ("GQ", "Equatorial Guinea"),
    ("FI", "Finland"),
    ("FR", "France"),
    ("DE", "Germany"),
    ("GR", "Greece"),
    ("GT", "Guatemala"),
    ("GW", "Guinea-Bissau"),
    ("GY", "Guyana"),
    ("HT", "Haiti"),
    ("HN", "Honduras"),
    ("HU", "Hungary"),
    ("IN", "India"),
    ("IE", "Ireland"),
    ("IT", "Italy"),
    ("JM", "Jamaica"),
    ("JP", "Japan"),
    ("MX", "Mexico"),
    ("MZ", "Mozambique"),
    ("NL", "Netherlands"),
    ("NZ", "New Zealand"),
    ("NI", "Nicaragua"),
    ("NO", "Norway"),
    ("PA", "Panama"),
    ("PY", "Paraguay"),
    ("PE", "Peru"),
    ("PL", "Poland"),
    ("PT", "Portugal"),
    ("PR", "Puerto Rico"),
    ("RO", "Romania"),
    ("ST", "Sao Tome and Principe"),
    ("ZA", "South Africa"),
    ("KR", "South Korea"),
    ("ES", "Spain"),
    ("SR", "Suriname"),
    ("SE", "Sweden"),
    ("CH", "Switzerland"),
    ("TL", "Timor-Leste"),
    ("TT", "Trinidad and Tobago"),
    ("TR", "Turkey"),
    ("GB", "United Kingdom"),
    ("US", "United States"),
    ("UY", "Uruguay"),
    ("VE", "Venezuela"),
];

/// The stored (English) name for a name or code, matched without regard to case.
pub fn canonical_name(raw: &str) -> Option<&'static str> {
    let raw = raw.trim();
    COUNTRIES.iter().find(|(code, name)| name.eq_ignore_ascii_case(raw) || code.eq_ignore_ascii_case(raw)).map(|(_, name)| *name)
}

/// The ISO 3166-1 alpha-2 code of a stored (English) name.
pub fn code_of(name: &str) -> Option<&'static str> {
    COUNTRIES.iter().find(|(_, known)| *known == name).map(|(code, _)| *code)
}

/// The English name of an ISO code.
pub fn name_of(code: &str) -> Option<&'static str> {
    COUNTRIES.iter().find(|(known, _)| known.eq_ignore_ascii_case(code)).map(|(_, name)| *name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn sixty_four_unique_sorted_countries() {
        let codes: HashSet<_> = COUNTRIES.iter().map(|(c, _)| c).collect();
        let names: HashSet<_> = COUNTRIES.iter().map(|(_, n)| n).collect();
        assert_eq!((codes.len(), names.len()), (64, 64));
        assert!(COUNTRIES.windows(2).all(|w| w[0].1 < w[1].1), "sorted by English name");
    }

    #[test]
    fn every_spanish_and_portuguese_speaking_country_is_listed() {
        for code in
            ["AR", "BO", "CL", "CO", "CR", "CU", "DO", "EC", "SV", "GQ", "GT", "HN", "MX", "NI", "PA", "PY", "PE", "PR", "ES", "UY", "VE"]
        {
            assert!(canonical_name(code).is_some(), "{code}");
        }
        for code in ["AO", "BR", "CV", "GW", "MZ", "PT", "ST", "TL"] {
            assert!(canonical_name(code).is_some(), "{code}");
        }
    }

    #[test]
    fn names_and_codes_resolve_to_the_english_name() {
        assert_eq!(canonical_name("brazil"), Some("Brazil"));
        assert_eq!(canonical_name("br"), Some("Brazil"));
        assert_eq!(canonical_name("Atlantis"), None);
    }
}
