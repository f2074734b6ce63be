//! Shipping addresses checked per country: which fields the post needs there and what its
//! postal codes look like. Each problem is a field code the web app translates.

use crate::platform::countries::iso;
use crate::platform::text::is_clean_line;
use crate::store::api::{Address, AddressRequest};
use crate::store::error::FieldErrors;

const LINE_MAX: usize = 120;

/// Countries whose post has no postal codes (the checkout shows no field there; the same list
/// as web/src/features/store/checkout/address.ts).
const NO_POSTAL_CODE: [&str; 61] = [
    "AE", "AG", "AO", "AW", "BF", "BI", "BJ", "BO", "BS", "BW", "BZ", "CD", "CF", "CG", "CI", "CK", "CM", "DJ", "DM", "ER", "FJ", "GA",
    "GD", "GH", "GM", "GQ", "GY", "HK", "JM", "KI", "KM", "KN", "LC", "ML", "MO", "MR", "MS", "MW", "NR", "NU", "QA", "RW", "SB", "SC",
    "SL", "SO", "SR", "ST", "SY", "TD", "TG", "TK", "TL", "TO", "TV", "UG", "VU", "YE", "ZW", "KP", "TT",
];
/// Countries whose addresses need a state or province.
const REGION_REQUIRED: [&str; 10] = ["AR", "AU", "BR", "CA", "CN", "CO", "IN", "JP", "MX", "US"];

/// Postal code shapes: `9` a digit, `A` a letter, anything else itself (after upper-casing).
fn postal_shapes(country: &str) -> Option<&'static [&'static str]> {
    Some(match country {
        "ES" | "FR" | "DE" | "IT" | "MX" | "US" | "PE" | "UY" | "FI" | "HR" | "MY" | "TH" | "TR" | "KR" | "SA" | "EG" | "MA" | "UA" => {
            if country == "US" {
                &["99999", "99999-9999"]
            } else {
                &["99999"]
            }
        }
        "PT" => &["9999-999"],
        "BR" => &["99999-999", "99999999"],
        "AR" => &["9999", "A9999AAA"],
        "CO" | "EC" | "RU" | "IN" | "CN" | "SG" | "RO" | "BY" | "KZ" | "VN" => &["999999"],
        "CL" => &["9999999"],
        "CA" => &["A9A 9A9", "A9A9A9"],
        "GB" => {
            &["A9 9AA", "A99 9AA", "AA9 9AA", "AA99 9AA", "A9A 9AA", "AA9A 9AA", "A99AA", "A9AA", "AA99AA", "AA9AA", "A9A9AA", "AA9A9AA"]
        }
        "NL" => &["9999 AA", "9999AA"],
        "JP" => &["999-9999", "9999999"],
        "AT" | "BE" | "CH" | "DK" | "NO" | "AU" | "NZ" | "ZA" | "HU" | "BG" | "CY" | "SI" | "LU" | "PH" | "PY" | "VE" | "BO" | "TN"
        | "GE" | "AM" => &["9999"],
        "PL" => &["99-999"],
        "CZ" | "SK" | "SE" | "GR" => &["999 99", "99999"],
        "IL" => &["9999999"],
        _ => return None,
    })
}

fn fits(code: &str, shape: &str) -> bool {
    code.len() == shape.len()
        && code.chars().zip(shape.chars()).all(|(c, s)| match s {
            '9' => c.is_ascii_digit(),
            'A' => c.is_ascii_alphabetic(),
            other => c == other,
        })
}

/// Whether `code` is a postal code of `country` (any code of 2–10 letters, digits, spaces and
/// hyphens where the shape is not known).
pub fn postal_code_ok(country: &str, code: &str) -> bool {
    let code = code.trim().to_ascii_uppercase();
    match postal_shapes(country) {
        Some(shapes) => shapes.iter().any(|shape| fits(&code, shape)),
        None => (2..=10).contains(&code.len()) && code.chars().all(|c| c.is_ascii_alphanumeric() || c == ' ' || c == '-'),
    }
}

/// A postal code is required where mail depends on a known format; elsewhere it is taken
/// when given, and countries without postal codes take none.
pub fn needs_postal_code(country: &str) -> bool {
    !NO_POSTAL_CODE.contains(&country) && postal_shapes(country).is_some()
}

pub fn needs_region(country: &str) -> bool {
    REGION_REQUIRED.contains(&country)
}

/// The country of an ISO code, as typed (any case).
pub fn country_code(raw: &str) -> Option<&'static str> {
    let wanted = raw.trim().to_ascii_uppercase();
    iso::COUNTRIES.iter().map(|(code, _)| *code).find(|code| *code == wanted)
}

pub fn parse_address(raw: &AddressRequest, errors: &mut FieldErrors) -> Option<Address> {
    let before = errors.len();
    let mut line = |field: &'static str, value: &str, required: bool| {
        let value = value.trim();
        if value.is_empty() {
            if required {
                errors.push((field, "required"));
            }
        } else if value.chars().count() > LINE_MAX {
            errors.push((field, "too_long"));
        } else if !is_clean_line(value) {
            errors.push((field, "invalid_characters"));
        }
        value.to_owned()
    };
    let name = line("shipping.name", raw.name.as_str(), true);
    let line1 = line("shipping.line1", raw.line1.as_str(), true);
    let line2 = line("shipping.line2", raw.line2.as_str(), false);
    let city = line("shipping.city", raw.city.as_str(), true);
    let country = country_code(raw.country.as_str());
    let region = line("shipping.region", raw.region.as_str(), country.is_some_and(needs_region));
    let phone = line("shipping.phone", raw.phone.as_str(), false);
    let postal_code = raw.postal_code.as_str().trim().to_ascii_uppercase();
    match country {
        None => errors.push(("shipping.country", "invalid_country")),
        Some(country) if needs_postal_code(country) && postal_code.is_empty() => errors.push(("shipping.postal_code", "required")),
        Some(country) if !postal_code.is_empty() && !NO_POSTAL_CODE.contains(&country) && !postal_code_ok(country, &postal_code) => {
            errors.push(("shipping.postal_code", "invalid_postal_code"))
        }
        Some(_) => {}
    }
    if !phone.is_empty() && !phone.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) {
        errors.push(("shipping.phone", "invalid_phone"));
    }
    (errors.len() == before).then(|| Address {
        name,
        line1,
        line2,
        city,
        region,
        postal_code,
        country: country.unwrap_or_default().to_owned(),
        phone,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::platform::http::extract::FormText;

    fn address(country: &str, postal_code: &str, region: &str) -> AddressRequest {
        AddressRequest {
            name: FormText("Ana Souza".into()),
            line1: FormText("Rua Augusta 100".into()),
            city: FormText("Lisboa".into()),
            country: FormText(country.into()),
            postal_code: FormText(postal_code.into()),
            region: FormText(region.into()),
            ..AddressRequest::default()
        }
    }

    #[test]
    fn postal_codes_follow_each_country() {
        assert!(postal_code_ok("PT", "1100-053"));
        assert!(!postal_code_ok("PT", "1100"));
        assert!(postal_code_ok("BR", "01310-100") && postal_code_ok("BR", "01310100"));
        assert!(postal_code_ok("US", "94105") && postal_code_ok("US", "94105-1234") && !postal_code_ok("US", "9410"));
        assert!(postal_code_ok("GB", "SW1A 1AA") && postal_code_ok("GB", "m1 1ae") && !postal_code_ok("GB", "12345"));
        assert!(postal_code_ok("CA", "K1A 0B1") && !postal_code_ok("CA", "12345"));
        assert!(postal_code_ok("AR", "C1425DKF") && postal_code_ok("AR", "1425"));
        assert!(postal_code_ok("ES", "28013") && !postal_code_ok("ES", "2801"));
        assert!(postal_code_ok("NZ", "6011"), "a four-digit country");
        assert!(postal_code_ok("KE", "00100"), "an unknown shape takes a plausible code");
    }

    #[test]
    fn fields_are_required_where_the_post_needs_them() {
        let mut errors = FieldErrors::new();
        assert!(parse_address(&address("PT", "1100-053", ""), &mut errors).is_some(), "{errors:?}");
        let mut errors = FieldErrors::new();
        assert!(parse_address(&address("US", "94105", ""), &mut errors).is_none());
        assert_eq!(errors, vec![("shipping.region", "required")]);
        let mut errors = FieldErrors::new();
        assert!(parse_address(&address("AE", "", ""), &mut errors).is_some(), "no postal codes in the Emirates: {errors:?}");
        let mut errors = FieldErrors::new();
        assert!(parse_address(&address("IE", "D02 X285", ""), &mut errors).is_some(), "an Eircode: {errors:?}");
        let mut errors = FieldErrors::new();
        assert!(parse_address(&address("KE", "", ""), &mut errors).is_some(), "optional where no format is known: {errors:?}");
        let mut errors = FieldErrors::new();
        parse_address(&address("ES", "", ""), &mut errors);
        assert_eq!(errors, vec![("shipping.postal_code", "required")]);
        let mut errors = FieldErrors::new();
        parse_address(&address("XX", "1", ""), &mut errors);
        assert_eq!(errors, vec![("shipping.country", "invalid_country")]);
        let mut errors = FieldErrors::new();
        parse_address(&address("pt", "1100-05", ""), &mut errors);
        assert_eq!(errors, vec![("shipping.postal_code", "invalid_postal_code")], "codes are read in any case");
    }
}
