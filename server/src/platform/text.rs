//! Free text people type (names, messages) is refused when it carries characters no person
//! types on purpose: control characters (a NUL is also refused by PostgreSQL, which would
//! turn it into a 500) and the bidirectional overrides and isolates that make text display
//! differently from what it is (the "Trojan Source" trick in a name shown to staff).

/// One line of text (a name): no control character at all.
pub fn is_clean_line(text: &str) -> bool {
    text.chars().all(|c| !c.is_control() && !is_bidi_control(c))
}

/// Several lines (a message): line breaks and tabs are fine, other controls are not.
pub fn is_clean_text(text: &str) -> bool {
    text.chars().all(|c| matches!(c, '\n' | '\r' | '\t') || (!c.is_control() && !is_bidi_control(c)))
}

/// LRE, RLE, PDF, LRO, RLO and LRI, RLI, FSI, PDI. The marks LRM/RLM/ALM stay allowed: they
/// only nudge neutral characters and are legitimately typed in right-to-left names.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ordinary_names_and_messages_pass() {
        assert!(is_clean_line("Ana María Pérez-Ñúñez"));
        assert!(is_clean_line("José d'Ávila (São Paulo)"));
        assert!(is_clean_line("محمد\u{200F}"));
        assert!(is_clean_text("They lost my bag.\r\nNobody answers.\tPlease help."));
    }

    #[test]
    fn controls_and_overrides_are_refused() {
        for bad in ["Ana\u{0}Maria", "Ana\u{7}", "Ana\u{1b}[31m", "Ana\u{85}", "abc\u{202E}txt.exe", "x\u{2066}y\u{2069}"] {
            assert!(!is_clean_line(bad), "{bad:?}");
            assert!(!is_clean_text(bad), "{bad:?}");
        }
        assert!(!is_clean_line("two\nlines"));
        assert!(!is_clean_text("NUL\u{0} in a message"));
    }
}

/// Lowercase without the accents of the Latin letters the site's languages (and travellers'
/// names) use: `Ñandú São Łódź` → `nandu sao lodz`; other characters stay as they are.
pub fn fold(text: &str) -> String {
    text.chars().flat_map(char::to_lowercase).map(fold_letter).collect()
}

fn fold_letter(c: char) -> char {
    match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' => 'a',
        'ç' | 'ć' | 'č' => 'c',
        'ď' | 'đ' => 'd',
        'è'..='ë' | 'ē' | 'ė' | 'ę' | 'ě' => 'e',
        'ì'..='ï' | 'ī' | 'į' | 'ı' => 'i',
        'ł' | 'ľ' => 'l',
        'ñ' | 'ń' | 'ň' => 'n',
        'ò'..='ö' | 'ø' | 'ō' | 'ő' => 'o',
        'ř' => 'r',
        'ś' | 'š' | 'ş' => 's',
        'ť' | 'ţ' => 't',
        'ù'..='ü' | 'ū' | 'ů' | 'ű' => 'u',
        'ý' | 'ÿ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        other => other,
    }
}

#[cfg(test)]
mod fold_tests {
    #[test]
    fn accents_and_case_fold_away() {
        assert_eq!(super::fold("Ñandú São Łódź ÉCOLE"), "nandu sao lodz ecole");
        assert_eq!(super::fold("Москва 東京"), "москва 東京");
    }
}
