//! Secret-link access tokens (a booking's manage link, an order's private link): 32 random bytes (base64url), stored as SHA-256. On an
//! idempotent retry the same token must be answered again, so a booking made with an
//! Idempotency-Key also keeps the token sealed with that key (XOR with a SHA-256 of it): only a
//! client holding the key can read it back, and the key itself is stored hashed.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use sha2::{Digest, Sha256};

pub struct AccessToken {
    pub raw: String,
    bytes: [u8; 32],
}

impl AccessToken {
    pub fn generate() -> AccessToken {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        AccessToken { raw: URL_SAFE_NO_PAD.encode(bytes), bytes }
    }

    pub fn hash(&self) -> String {
        hash(&self.raw)
    }

    /// The token sealed with an Idempotency-Key.
    pub fn seal(&self, idempotency_key: &str) -> String {
        let pad = seal_pad(idempotency_key);
        let sealed: Vec<u8> = self.bytes.iter().zip(pad.iter()).map(|(a, b)| a ^ b).collect();
        URL_SAFE_NO_PAD.encode(sealed)
    }
}

/// Opens a sealed token with the Idempotency-Key it was sealed with.
pub fn unseal(sealed: &str, idempotency_key: &str) -> Option<String> {
    let bytes = URL_SAFE_NO_PAD.decode(sealed).ok()?;
    let pad = seal_pad(idempotency_key);
    let raw: Vec<u8> = bytes.iter().zip(pad.iter()).map(|(a, b)| a ^ b).collect();
    (raw.len() == 32).then(|| URL_SAFE_NO_PAD.encode(raw))
}

fn seal_pad(idempotency_key: &str) -> [u8; 32] {
    Sha256::new().chain_update(b"rumbo booking token seal\0").chain_update(idempotency_key.as_bytes()).finalize().into()
}

/// An `Idempotency-Key` that is not 1 to 255 visible ASCII characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct InvalidIdempotencyKey;

/// An `Idempotency-Key` header: absent, or 1 to 255 visible ASCII characters.
pub fn idempotency_key(raw: Option<&str>) -> Result<Option<String>, InvalidIdempotencyKey> {
    match raw {
        None => Ok(None),
        Some(key) if !key.is_empty() && key.len() <= 255 && key.bytes().all(|b| b.is_ascii_graphic()) => Ok(Some(key.to_owned())),
        Some(_) => Err(InvalidIdempotencyKey),
    }
}

pub fn hash(value: &str) -> String {
    Sha256::digest(value.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_random_hashed_and_sealed_per_key() {
        let token = AccessToken::generate();
        assert_eq!(token.raw.len(), 43);
        assert_ne!(token.raw, AccessToken::generate().raw);
        assert_eq!(token.hash(), hash(&token.raw));
        let sealed = token.seal("key-1");
        assert!(!sealed.contains(&token.raw));
        assert_eq!(unseal(&sealed, "key-1").as_deref(), Some(token.raw.as_str()));
        assert_ne!(unseal(&sealed, "key-2").as_deref(), Some(token.raw.as_str()));
    }
}
