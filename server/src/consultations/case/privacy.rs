//! Personal data is never disclosed (docs/decisions/014-consultants-deliver.md): before an
//! opinion is saved, its text is searched for the traveller's name, e-mail, booking id and
//! anything that looks like a phone number. The check is strict on purpose: a consultant can
//! always reword, a published name cannot be taken back.

use crate::platform::text::fold;

/// What was found, for the consultant to fix.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found {
    Name,
    Email,
    BookingId,
    Phone,
}

impl Found {
    pub fn code(self) -> &'static str {
        match self {
            Found::Name => "contains_name",
            Found::Email => "contains_email",
            Found::BookingId => "contains_booking_id",
            Found::Phone => "contains_phone",
        }
    }
}

/// Who the text must not name.
pub struct Traveller<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub booking_id: &'a str,
}

/// The first kind of personal data in `text`, if any.
pub fn find(text: &str, traveller: &Traveller<'_>) -> Option<Found> {
    let folded = fold(text);
    let words: Vec<&str> = folded.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let name_words = fold(traveller.name);
    // Every part of the name of three letters or more ("Ana", "Souza"), as a whole word.
    if name_words.split(|c: char| !c.is_alphanumeric()).filter(|w| w.chars().count() >= 3).any(|part| words.contains(&part)) {
        return Some(Found::Name);
    }
    let email = fold(traveller.email);
    let local = email.split('@').next().unwrap_or_default();
    if folded.contains(&email) || (local.chars().count() >= 3 && folded.contains(local)) || looks_like_email(&folded) {
        return Some(Found::Email);
    }
    let id = traveller.booking_id.to_ascii_lowercase();
    let compact: String = id.chars().filter(|c| *c != '-').collect();
    let text_compact: String = folded.chars().filter(|c| *c != '-').collect();
    if folded.contains(&id) || text_compact.contains(&compact) || folded.contains(&id[..id.len().min(8)]) {
        return Some(Found::BookingId);
    }
    if has_phone(&folded) {
        return Some(Found::Phone);
    }
    None
}

/// Any address at all (someone else's is personal data too).
fn looks_like_email(text: &str) -> bool {
    text.split_whitespace().any(|word| {
        let word = word.trim_matches(|c: char| !c.is_alphanumeric());
        matches!(word.split_once('@'), Some((user, domain)) if !user.is_empty() && domain.contains('.'))
    })
}

/// Seven or more digits in a run that only spaces, dots, dashes, brackets or a
/// leading plus separate: `+55 (11) 98765-4321`, `300.123.4567`. Years and amounts stay
/// shorter runs, or are written with letters between them.
fn has_phone(text: &str) -> bool {
    let mut digits = 0;
    for c in text.chars() {
        if c.is_ascii_digit() {
            digits += 1;
            if digits >= 7 {
                return true;
            }
        } else if !matches!(c, ' ' | '.' | '-' | '(' | ')' | '+' | '\u{a0}') {
            digits = 0;
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    const ANA: Traveller<'static> =
        Traveller { name: "Ana María Souza", email: "ana.souza@example.com", booking_id: "0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab" };

    #[test]
    fn the_travellers_name_in_any_case_and_accent() {
        for text in ["Ana was refused", "the traveller (SOUZA) flew", "maria asked", "María asked", "mARÍA"] {
            assert_eq!(find(text, &ANA), Some(Found::Name), "{text}");
        }
        // Parts are whole words: "Banana" does not name Ana.
        assert_eq!(find("A banana on the plane", &ANA), None);
    }

    #[test]
    fn e_mail_addresses_and_local_parts() {
        let nameless_ana = Traveller { name: "X", email: ANA.email, booking_id: ANA.booking_id };
        assert_eq!(find("write to ANA.SOUZA@EXAMPLE.COM", &nameless_ana), Some(Found::Email));
        assert_eq!(find("user ana.souza complained", &ANA), Some(Found::Name));
        let nameless = Traveller { name: "X", email: "zk9931@example.com", booking_id: ANA.booking_id };
        assert_eq!(find("reach zk9931 later", &nameless), Some(Found::Email));
        assert_eq!(find("copy to someone@airline.com", &nameless), Some(Found::Email));
    }

    #[test]
    fn the_booking_id_with_or_without_dashes() {
        let nameless = Traveller { name: "X", email: "x@example.com", booking_id: ANA.booking_id };
        for text in ["ref 0b7e4f6a-3c1d-4a2b-9e8f-1234567890ab", "ref 0B7E4F6A3C1D4A2B9E8F1234567890AB", "booking 0b7e4f6a"] {
            assert_eq!(find(text, &nameless), Some(Found::BookingId), "{text}");
        }
    }

    #[test]
    fn phone_like_numbers_in_their_usual_spellings() {
        let nameless = Traveller { name: "X", email: "x@example.com", booking_id: ANA.booking_id };
        for text in ["+55 (11) 98765-4321", "call 300.123.4567", "tel 3001234567", "+351 912 345 678", "55 11 9876 5432"] {
            assert_eq!(find(text, &nameless), Some(Found::Phone), "{text}");
        }
        for text in ["In 2024 the airline paid €600 for 3 500 km", "flight AV 123 on 12/03/2025"] {
            assert_eq!(find(text, &nameless), None, "{text}");
        }
    }
}
