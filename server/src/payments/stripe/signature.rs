//! `Stripe-Signature` verification, as Stripe documents it: the header is
//! `t=<unix seconds>,v1=<hex>,v1=<hex>,…` (other schemes such as v0 are ignored); the expected
//! signature is HMAC-SHA256 keyed with the endpoint's signing secret over `<t>.<raw body>`.
//! The event is accepted when ANY v1 matches (Stripe sends two while a secret is rolled),
//! compared in constant time, and when `t` is within the tolerance of now.

use hmac::{Hmac, Mac};
use sha2::Sha256;
use subtle::ConstantTimeEq;

type HmacSha256 = Hmac<Sha256>;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SignatureError {
    /// No `Stripe-Signature` header.
    Missing,
    /// No timestamp, or no v1 signature.
    Malformed,
    /// No v1 signature matches the body with our secret.
    Mismatch,
    /// The timestamp is outside the tolerance (a replayed or badly delayed delivery).
    Stale,
}

impl SignatureError {
    pub fn as_str(self) -> &'static str {
        match self {
            SignatureError::Missing => "signature_missing",
            SignatureError::Malformed => "signature_malformed",
            SignatureError::Mismatch => "signature_mismatch",
            SignatureError::Stale => "signature_stale",
        }
    }
}

/// The parts of a `Stripe-Signature` header that matter.
#[derive(Debug, PartialEq, Eq)]
pub struct SignatureHeader {
    pub timestamp: i64,
    /// Every v1 signature, decoded; values that are not 32 bytes of hex are dropped.
    pub v1: Vec<[u8; 32]>,
}

pub fn parse(header: &str) -> Result<SignatureHeader, SignatureError> {
    let mut timestamp = None;
    let mut v1 = Vec::new();
    for item in header.split(',') {
        let Some((key, value)) = item.trim().split_once('=') else { continue };
        match key {
            "t" if timestamp.is_none() => timestamp = Some(value.parse::<i64>().map_err(|_| SignatureError::Malformed)?),
            "t" => return Err(SignatureError::Malformed),
            "v1" => v1.extend(decode_hex(value)),
            _ => {}
        }
    }
    match (timestamp, v1.is_empty()) {
        (Some(timestamp), false) => Ok(SignatureHeader { timestamp, v1 }),
        _ => Err(SignatureError::Malformed),
    }
}

/// Verifies a delivery: `header` is the `Stripe-Signature` value, `body` the raw request
/// body exactly as received. Returns the signed timestamp.
pub fn verify(header: Option<&str>, body: &[u8], secret: &str, now: i64, tolerance_secs: i64) -> Result<i64, SignatureError> {
    let parsed = parse(header.ok_or(SignatureError::Missing)?)?;
    let expected = sign_bytes(secret, parsed.timestamp, body);
    // Every candidate is compared in full, so timing does not tell which one matched.
    let matched = parsed.v1.iter().fold(subtle::Choice::from(0), |any, candidate| any | candidate.ct_eq(&expected));
    if !bool::from(matched) {
        return Err(SignatureError::Mismatch);
    }
    if (now - parsed.timestamp).abs() > tolerance_secs {
        return Err(SignatureError::Stale);
    }
    Ok(parsed.timestamp)
}

/// HMAC-SHA256 of `<timestamp>.<body>` with `secret`, as hex: what Stripe puts in `v1`.
pub fn sign(secret: &str, timestamp: i64, body: &[u8]) -> String {
    sign_bytes(secret, timestamp, body).iter().map(|b| format!("{b:02x}")).collect()
}

fn sign_bytes(secret: &str, timestamp: i64, body: &[u8]) -> [u8; 32] {
    let mut mac = HmacSha256::new_from_slice(secret.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(timestamp.to_string().as_bytes());
    mac.update(b".");
    mac.update(body);
    mac.finalize().into_bytes().into()
}

fn decode_hex(value: &str) -> Option<[u8; 32]> {
    if value.len() != 64 || !value.is_ascii() {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, byte) in out.iter_mut().enumerate() {
        *byte = u8::from_str_radix(&value[2 * i..2 * i + 2], 16).ok()?;
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECRET: &str = "whsec_test_secret";
    const BODY: &[u8] = br#"{"id":"evt_1","type":"payment_intent.succeeded"}"#;
    const NOW: i64 = 1_800_000_000;

    fn header(t: i64, signatures: &[&str]) -> String {
        let mut header = format!("t={t}");
        for s in signatures {
            header.push_str(&format!(",v1={s}"));
        }
        header
    }

    #[test]
    fn the_signature_is_hmac_sha256_of_timestamp_dot_body() {
        // The HMAC is the standard one (RFC 4231, test case 2)…
        let mut mac = HmacSha256::new_from_slice(b"Jefe").unwrap();
        mac.update(b"what do ya want for nothing?");
        let hex: String = mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect();
        assert_eq!(hex, "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
        // …and `sign` is that HMAC over `<t>.<body>`.
        assert_eq!(sign(SECRET, 12, b"{}"), {
            let mut mac = HmacSha256::new_from_slice(SECRET.as_bytes()).unwrap();
            mac.update(b"12.{}");
            mac.finalize().into_bytes().iter().map(|b| format!("{b:02x}")).collect::<String>()
        });
    }

    #[test]
    fn a_good_signature_passes() {
        let good = sign(SECRET, NOW - 10, BODY);
        assert_eq!(verify(Some(&header(NOW - 10, &[&good])), BODY, SECRET, NOW, 300), Ok(NOW - 10));
        // Other schemes and unknown keys are ignored; spaces around items are tolerated.
        let with_v0 = format!("t={}, v0={}, v1={good}, x=1", NOW - 10, "ab".repeat(32));
        assert_eq!(verify(Some(&with_v0), BODY, SECRET, NOW, 300), Ok(NOW - 10));
    }

    #[test]
    fn any_of_several_v1_signatures_may_match() {
        let good = sign(SECRET, NOW, BODY);
        let other = sign("whsec_old_secret", NOW, BODY);
        assert!(verify(Some(&header(NOW, &[&other, &good])), BODY, SECRET, NOW, 300).is_ok());
        assert!(verify(Some(&header(NOW, &[&good, &other])), BODY, SECRET, NOW, 300).is_ok());
        assert_eq!(verify(Some(&header(NOW, &[&other, &other])), BODY, SECRET, NOW, 300), Err(SignatureError::Mismatch));
    }

    #[test]
    fn a_changed_body_timestamp_or_secret_fails() {
        let good = sign(SECRET, NOW, BODY);
        let tampered = br#"{"id":"evt_1","type":"payment_intent.succeeded" }"#;
        assert_eq!(verify(Some(&header(NOW, &[&good])), tampered, SECRET, NOW, 300), Err(SignatureError::Mismatch));
        assert_eq!(verify(Some(&header(NOW + 1, &[&good])), BODY, SECRET, NOW, 300), Err(SignatureError::Mismatch));
        assert_eq!(verify(Some(&header(NOW, &[&good])), BODY, "whsec_other", NOW, 300), Err(SignatureError::Mismatch));
        let upper = good.to_uppercase();
        assert!(verify(Some(&header(NOW, &[&upper])), BODY, SECRET, NOW, 300).is_ok(), "hex is hex in either case");
    }

    #[test]
    fn old_or_far_future_timestamps_are_stale() {
        let at = |t: i64| verify(Some(&header(t, &[&sign(SECRET, t, BODY)])), BODY, SECRET, NOW, 300);
        assert!(at(NOW - 300).is_ok());
        assert_eq!(at(NOW - 301), Err(SignatureError::Stale));
        assert_eq!(at(NOW + 301), Err(SignatureError::Stale));
        assert!(at(NOW + 60).is_ok(), "a little clock skew is fine");
    }

    #[test]
    fn malformed_headers_are_refused() {
        let good = sign(SECRET, NOW, BODY);
        assert_eq!(verify(None, BODY, SECRET, NOW, 300), Err(SignatureError::Missing));
        for bad in [
            "",
            "garbage",
            &format!("v1={good}"),
            &format!("t=,v1={good}"),
            &format!("t=abc,v1={good}"),
            &format!("t={NOW}"),
            &format!("t={NOW},v1=zz"),
            &format!("t={NOW},v1={}", &good[..62]),
            &format!("t={NOW},t={NOW},v1={good}"),
        ] {
            assert_eq!(verify(Some(bad), BODY, SECRET, NOW, 300), Err(SignatureError::Malformed), "{bad:?}");
        }
    }
}
