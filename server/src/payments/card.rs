//! Card details posted to the sandbox form, parsed once at the edge. The security code is
//! checked and dropped; the number never leaves this type except to the provider's outcome
//! table: `Debug` shows only the brand and the last four digits.

use std::fmt;

/// A card that passed the form checks (Luhn, expiry not past, 3–4 digit CVC, a name).
pub struct Card {
    number: String,
    pub exp_month: u8,
    /// Four-digit year.
    pub exp_year: i32,
    pub cardholder_name: String,
}

/// The raw fields as posted.
pub struct CardInput<'a> {
    pub card_number: &'a str,
    pub exp: &'a str,
    pub cvc: &'a str,
    pub cardholder_name: &'a str,
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Card")
            .field("brand", &self.brand())
            .field("last4", &self.last4())
            .field("exp_month", &self.exp_month)
            .field("exp_year", &self.exp_year)
            .finish_non_exhaustive()
    }
}

impl Card {
    /// Parses the form; `today` is (year, month) used for the expiry check. Errors are
    /// (field, code) pairs in the order of the form.
    pub fn parse(input: &CardInput<'_>, today: (i32, u8)) -> Result<Card, Vec<(&'static str, &'static str)>> {
        let mut errors = Vec::new();
        let number: String = input.card_number.chars().filter(|c| !matches!(c, ' ' | '-')).collect();
        if !valid_number(&number) {
            errors.push(("card_number", "invalid_card_number"));
        }
        let expiry = parse_expiry(input.exp).filter(|&(year, month)| (year, month) >= today);
        if expiry.is_none() {
            errors.push(("exp", "invalid_expiry"));
        }
        let cvc = input.cvc.trim();
        if !(3..=4).contains(&cvc.len()) || !cvc.bytes().all(|b| b.is_ascii_digit()) {
            errors.push(("cvc", "invalid_cvc"));
        }
        let holder = input.cardholder_name.trim();
        if holder.chars().count() < 2 {
            errors.push(("cardholder_name", "cardholder_required"));
        } else if !crate::platform::text::is_clean_line(holder) {
            errors.push(("cardholder_name", "invalid_characters"));
        }
        match expiry {
            Some((exp_year, exp_month)) if errors.is_empty() => {
                Ok(Card { number, exp_month, exp_year, cardholder_name: holder.to_owned() })
            }
            _ => Err(errors),
        }
    }

    /// The digits, for the provider's outcome table only.
    pub(crate) fn number(&self) -> &str {
        &self.number
    }

    pub fn last4(&self) -> String {
        self.number[self.number.len() - 4..].to_owned()
    }

    pub fn brand(&self) -> &'static str {
        brand_of(&self.number)
    }
}

fn valid_number(digits: &str) -> bool {
    (12..=19).contains(&digits.len()) && digits.bytes().all(|b| b.is_ascii_digit()) && luhn(digits)
}

/// The Luhn checksum: doubling every second digit from the right, the sum ends in 0.
pub fn luhn(digits: &str) -> bool {
    let sum: u32 = digits
        .bytes()
        .rev()
        .enumerate()
        .map(|(i, b)| {
            let d = u32::from(b - b'0');
            if i % 2 == 1 {
                let doubled = d * 2;
                if doubled > 9 {
                    doubled - 9
                } else {
                    doubled
                }
            } else {
                d
            }
        })
        .sum();
    sum.is_multiple_of(10)
}

/// "MM/YY" (also "MM / YY" and "MM/YYYY") into (four-digit year, month).
fn parse_expiry(raw: &str) -> Option<(i32, u8)> {
    let (month, year) = raw.split_once('/')?;
    let (month, year) = (month.trim(), year.trim());
    if month.is_empty() || month.len() > 2 || !month.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let month: u8 = month.parse().ok()?;
    if !(1..=12).contains(&month) || !year.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let year: i32 = match year.len() {
        2 => 2000 + year.parse::<i32>().ok()?,
        4 => year.parse().ok()?,
        _ => return None,
    };
    Some((year, month))
}

fn brand_of(digits: &str) -> &'static str {
    let prefix = |n: usize| digits.get(..n).and_then(|p| p.parse::<u32>().ok()).unwrap_or(0);
    match () {
        _ if digits.starts_with('4') => "visa",
        _ if (51..=55).contains(&prefix(2)) || (2221..=2720).contains(&prefix(4)) => "mastercard",
        _ if matches!(prefix(2), 34 | 37) => "amex",
        _ if prefix(4) == 6011 || prefix(2) == 65 || (644..=649).contains(&prefix(3)) => "discover",
        _ if (3528..=3589).contains(&prefix(4)) => "jcb",
        _ if matches!(prefix(2), 36 | 38 | 39) || (300..=305).contains(&prefix(3)) => "diners",
        _ if prefix(2) == 62 => "unionpay",
        _ => "unknown",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn input<'a>(number: &'a str, exp: &'a str, cvc: &'a str) -> CardInput<'a> {
        CardInput { card_number: number, exp, cvc, cardholder_name: "Ana Gómez" }
    }

    const TODAY: (i32, u8) = (2026, 11);

    #[test]
    fn luhn_accepts_the_test_cards_and_refuses_a_typo() {
        for number in [
            "4242424242424242",
            "4000000000000002",
            "4000000000009995",
            "4000000000000069",
            "4000000000000127",
            "5555555555554444",
            "378282246310005",
        ] {
            assert!(luhn(number), "{number}");
        }
        assert!(!luhn("4242424242424241"));
    }

    #[test]
    fn a_good_card_parses_with_brand_and_last4_only() {
        let card = Card::parse(&input("4242 4242 4242 4242", "12/34", "123"), TODAY).unwrap();
        assert_eq!((card.brand(), card.last4().as_str(), card.exp_month, card.exp_year), ("visa", "4242", 12, 2034));
        let shown = format!("{card:?}");
        assert!(!shown.contains("4242424242424242") && !shown.contains("123"), "{shown}");
        assert_eq!(Card::parse(&input("5555555555554444", "11/26", "1234"), TODAY).unwrap().brand(), "mastercard");
        assert_eq!(Card::parse(&input("378282246310005", "01/2030", "1234"), TODAY).unwrap().brand(), "amex");
    }

    #[test]
    fn every_bad_field_is_reported() {
        let errors =
            Card::parse(&CardInput { card_number: "4242424242424241", exp: "10/26", cvc: "12", cardholder_name: " " }, TODAY).unwrap_err();
        assert_eq!(
            errors,
            vec![
                ("card_number", "invalid_card_number"),
                ("exp", "invalid_expiry"),
                ("cvc", "invalid_cvc"),
                ("cardholder_name", "cardholder_required")
            ]
        );
    }

    #[test]
    fn expiry_formats() {
        assert_eq!(parse_expiry("07/29"), Some((2029, 7)));
        assert_eq!(parse_expiry("7 / 2029"), Some((2029, 7)));
        for bad in ["13/29", "00/29", "0729", "07/2", "ab/cd", "07/029", ""] {
            assert_eq!(parse_expiry(bad), None, "{bad}");
        }
        // The current month is still valid.
        assert!(Card::parse(&input("4242424242424242", "11/26", "123"), TODAY).is_ok());
    }

    #[test]
    fn numbers_must_be_digits_of_a_card_length() {
        assert!(!valid_number("42424242424"));
        assert!(!valid_number("4242a24242424242"));
        assert!(!valid_number("42424242424242424242"));
    }
}
