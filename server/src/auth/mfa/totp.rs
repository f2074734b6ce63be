//! RFC 6238 time-based one-time passwords as authenticator apps make them: HMAC-SHA-1,
//! 6 digits, 30-second steps, and a skew of one step either way for clocks that drift.

use hmac::{Hmac, Mac};
use rand::RngCore;
use sha1::Sha1;

use crate::auth::secrets::constant_time_eq;

pub const DIGITS: u32 = 6;
pub const PERIOD_SECS: i64 = 30;
/// Steps accepted before and after the current one.
const SKEW: i64 = 1;
/// 160 bits, the length RFC 4226 recommends for the shared secret.
const SECRET_BYTES: usize = 20;

const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";

/// A fresh random secret.
pub fn new_secret() -> Vec<u8> {
    let mut secret = vec![0u8; SECRET_BYTES];
    rand::rngs::OsRng.fill_bytes(&mut secret);
    secret
}

/// RFC 4648 base32 without padding, as `otpauth://` URIs and authenticator apps expect.
pub fn base32(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(5) * 8);
    let (mut buffer, mut bits) = (0u32, 0u32);
    for byte in bytes {
        buffer = (buffer << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

/// The step containing `unix_secs`.
pub fn step_of(unix_secs: i64) -> i64 {
    unix_secs.div_euclid(PERIOD_SECS)
}

/// The code of one step (RFC 4226 §5.3 dynamic truncation), with `digits` digits.
pub fn code_at(secret: &[u8], step: i64, digits: u32) -> String {
    let mut mac = Hmac::<Sha1>::new_from_slice(secret).expect("HMAC takes keys of any length");
    mac.update(&step.to_be_bytes());
    let hash = mac.finalize().into_bytes();
    let offset = usize::from(hash[hash.len() - 1] & 0x0f);
    let binary = u32::from_be_bytes([hash[offset] & 0x7f, hash[offset + 1], hash[offset + 2], hash[offset + 3]]);
    format!("{:0width$}", binary % 10u32.pow(digits), width = digits as usize)
}

/// The step whose code `code` is, among those within the skew of `now` and later than
/// `last_used` (a code is good once), or `None`.
pub fn matching_step(secret: &[u8], code: &str, now: i64, last_used: Option<i64>) -> Option<i64> {
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let current = step_of(now);
    (current - SKEW..=current + SKEW)
        .filter(|step| last_used.is_none_or(|used| *step > used))
        .find(|step| constant_time_eq(&code_at(secret, *step, DIGITS), code))
}

#[cfg(test)]
mod tests {
    use super::*;

    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn rfc_6238_sha1_vectors() {
        for (time, expected) in [
            (59, "94287082"),
            (1_111_111_109, "07081804"),
            (1_111_111_111, "14050471"),
            (1_234_567_890, "89005924"),
            (2_000_000_000, "69279037"),
            (20_000_000_000, "65353130"),
        ] {
            assert_eq!(code_at(RFC_SECRET, step_of(time), 8), expected, "T = {time}");
            assert_eq!(code_at(RFC_SECRET, step_of(time), 6), expected[2..], "T = {time}, 6 digits");
        }
    }

    #[test]
    fn base32_matches_rfc_4648() {
        assert_eq!(base32(RFC_SECRET), "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ");
        assert_eq!(base32(b"f"), "MY");
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32(&new_secret()).len(), 32);
    }

    #[test]
    fn codes_are_accepted_within_one_step_and_only_once() {
        let now = 1_700_000_015;
        let step = step_of(now);
        let code = |s| code_at(RFC_SECRET, s, DIGITS);
        assert_eq!(matching_step(RFC_SECRET, &code(step), now, None), Some(step));
        assert_eq!(matching_step(RFC_SECRET, &code(step - 1), now, None), Some(step - 1));
        assert_eq!(matching_step(RFC_SECRET, &code(step + 1), now, None), Some(step + 1));
        assert_eq!(matching_step(RFC_SECRET, &code(step - 2), now, None), None, "two steps old");
        assert_eq!(matching_step(RFC_SECRET, &code(step), now, Some(step)), None, "already used");
        assert_eq!(matching_step(RFC_SECRET, &code(step + 1), now, Some(step)), Some(step + 1), "the next step's code");
        assert_eq!(matching_step(RFC_SECRET, "12345", now, None), None);
        assert_eq!(matching_step(RFC_SECRET, "12345a", now, None), None);
    }
}
