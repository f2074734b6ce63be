//! Random tokens, hashes and constant-time comparison: how secrets are made and stored.

use rand::distributions::{Alphanumeric, DistString};
use rand::Rng;
use sha2::{Digest, Sha224, Sha256};
use subtle::ConstantTimeEq;

/// An opaque random token of letters and digits (refresh tokens: 32 chars ≈ 190 bits).
pub fn random_token(len: usize) -> String {
    Alphanumeric.sample_string(&mut rand::rngs::OsRng, len)
}

/// The 6-digit code shown in e-mails.
pub fn otp_code() -> String {
    format!("{:06}", rand::rngs::OsRng.gen_range(0..1_000_000))
}

pub fn sha256_hex(input: &str) -> String {
    hex(&Sha256::digest(input.as_bytes()))
}

/// GoTrue's e-mail token hash: hex(sha224(email + otp)); what e-mail links carry as `token`.
pub fn email_token_hash(email: &str, otp: &str) -> String {
    hex(&Sha224::digest(format!("{email}{otp}").as_bytes()))
}

/// HMAC-SHA256 (RFC 2104), hex: derives a refresh token's first child from the session's key.
pub fn hmac_sha256_hex(key: &[u8], message: &str) -> String {
    const BLOCK: usize = 64;
    let mut block_key = [0u8; BLOCK];
    if key.len() > BLOCK {
        block_key[..32].copy_from_slice(&Sha256::digest(key));
    } else {
        block_key[..key.len()].copy_from_slice(key);
    }
    let pad = |byte: u8| block_key.iter().map(|k| k ^ byte).collect::<Vec<u8>>();
    let inner = Sha256::new().chain_update(pad(0x36)).chain_update(message.as_bytes()).finalize();
    hex(&Sha256::new().chain_update(pad(0x5c)).chain_update(inner).finalize())
}

pub fn constant_time_eq(a: &str, b: &str) -> bool {
    a.as_bytes().ct_eq(b.as_bytes()).into()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hmac_matches_rfc_4231_case_2() {
        assert_eq!(
            hmac_sha256_hex(b"Jefe", "what do ya want for nothing?"),
            "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843"
        );
    }

    #[test]
    fn email_token_hash_is_sha224_of_email_and_code() {
        assert_eq!(email_token_hash("", ""), "d14a028c2a3a2bc9476102bb288234c415a2b01f828ea62ac5b3e42f");
        assert_ne!(email_token_hash("a@b.co", "123456"), email_token_hash("a@b.co", "123457"));
    }

    #[test]
    fn tokens_and_codes_have_their_shape() {
        assert_eq!(random_token(32).len(), 32);
        assert_ne!(random_token(32), random_token(32));
        let code = otp_code();
        assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()));
        assert!(constant_time_eq("abc", "abc") && !constant_time_eq("abc", "abd") && !constant_time_eq("abc", "ab"));
    }
}
