//! Money: an amount in the smallest unit of its currency (USD cents: every price on the site),
//! written per language as the web app writes it (`Intl.NumberFormat` for en-US, es-419 and
//! pt-BR), with decimals only when there are some: "$49", "USD 49", "US$ 49,50".

use super::i18n::Lang;
use super::words::{fill, words};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Money<'a> {
    pub cents: i64,
    /// ISO 4217, any case.
    pub currency: &'a str,
}

impl<'a> Money<'a> {
    pub fn new(cents: i64, currency: &'a str) -> Money<'a> {
        Money { cents, currency }
    }

    pub fn format(&self, lang: Lang) -> String {
        let w = words(lang);
        let sign = if self.cents < 0 { "-" } else { "" };
        let cents = self.cents.unsigned_abs();
        let mut amount = group(cents / 100, &w.thousands_separator);
        if !cents.is_multiple_of(100) {
            amount = format!("{amount}{}{:02}", w.decimal_separator, cents % 100);
        }
        let amount = format!("{sign}{amount}");
        if self.currency.eq_ignore_ascii_case("usd") {
            fill(&w.usd, &[("amount", &amount)])
        } else {
            format!("{} {amount}", self.currency.to_ascii_uppercase())
        }
    }
}

/// `1234567` → `1,234,567` with the language's separator.
fn group(whole: u64, separator: &str) -> String {
    let digits = whole.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push_str(separator);
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dollars_read_as_the_web_app_writes_them() {
        assert_eq!(Money::new(4900, "usd").format(Lang::En), "$49");
        assert_eq!(Money::new(1500, "USD").format(Lang::Es), "USD 15");
        assert_eq!(Money::new(123_450, "usd").format(Lang::En), "$1,234.50");
        assert_eq!(Money::new(123_450, "usd").format(Lang::Es), "USD 1,234.50");
        assert_eq!(Money::new(123_450, "usd").format(Lang::Pt), "US$ 1.234,50");
        assert_eq!(Money::new(5, "usd").format(Lang::Pt), "US$ 0,05");
        assert_eq!(Money::new(-2500, "usd").format(Lang::En), "$-25");
    }

    #[test]
    fn other_currencies_keep_their_code() {
        assert_eq!(Money::new(1000, "eur").format(Lang::En), "EUR 10");
    }
}
