//! TOTP secrets at rest: sealed with ChaCha20-Poly1305 under a key from configuration
//! (`AUTH_MFA_ENCRYPTION_KEY`), each bound to its factor's id, so a copy of the database
//! alone cannot mint codes and a sealed secret moved to another row does not open.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chacha20poly1305::aead::{Aead, AeadCore, KeyInit, OsRng, Payload};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use sha2::{Digest, Sha256};

const VERSION: &str = "v1";
const NONCE_BYTES: usize = 12;
/// The shortest configured key accepted: a random string this long holds enough entropy.
pub const MIN_KEY_CHARS: usize = 32;

#[derive(Clone)]
pub struct SealingKey(Key);

impl std::fmt::Debug for SealingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SealingKey(…)")
    }
}

impl SealingKey {
    /// The key made from the configured secret (any string of 32+ characters).
    pub fn from_secret(secret: &str) -> SealingKey {
        let digest = Sha256::new().chain_update(b"rumbo mfa secrets v1\0").chain_update(secret.as_bytes()).finalize();
        SealingKey(*Key::from_slice(&digest))
    }

    /// `v1.<base64url(nonce ‖ ciphertext ‖ tag)>`.
    pub fn seal(&self, plaintext: &[u8], bound_to: &str) -> String {
        let nonce = ChaCha20Poly1305::generate_nonce(&mut OsRng);
        let sealed = ChaCha20Poly1305::new(&self.0)
            .encrypt(&nonce, Payload { msg: plaintext, aad: bound_to.as_bytes() })
            .expect("ChaCha20-Poly1305 encrypts any message under 256 GiB");
        let mut bytes = nonce.to_vec();
        bytes.extend_from_slice(&sealed);
        format!("{VERSION}.{}", URL_SAFE_NO_PAD.encode(bytes))
    }

    /// The plaintext, or `None` when the text was not sealed by this key for `bound_to`.
    pub fn open(&self, sealed: &str, bound_to: &str) -> Option<Vec<u8>> {
        let bytes = URL_SAFE_NO_PAD.decode(sealed.strip_prefix(VERSION)?.strip_prefix('.')?).ok()?;
        if bytes.len() <= NONCE_BYTES {
            return None;
        }
        let (nonce, ciphertext) = bytes.split_at(NONCE_BYTES);
        ChaCha20Poly1305::new(&self.0).decrypt(Nonce::from_slice(nonce), Payload { msg: ciphertext, aad: bound_to.as_bytes() }).ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sealed_secrets_open_only_with_their_key_and_row() {
        let key = SealingKey::from_secret("a-test-key-of-at-least-thirty-two-chars");
        let sealed = key.seal(b"12345678901234567890", "factor-1");
        assert!(!sealed.contains("12345678901234567890"));
        assert_ne!(sealed, key.seal(b"12345678901234567890", "factor-1"), "a fresh nonce each time");
        assert_eq!(key.open(&sealed, "factor-1").as_deref(), Some(&b"12345678901234567890"[..]));
        assert_eq!(key.open(&sealed, "factor-2"), None, "bound to its row");
        assert_eq!(SealingKey::from_secret("another-key-of-at-least-thirty-two-chars").open(&sealed, "factor-1"), None);
        let mut tampered = sealed.clone().into_bytes();
        let last = tampered.len() - 2;
        tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
        assert_eq!(key.open(std::str::from_utf8(&tampered).unwrap(), "factor-1"), None);
        assert_eq!(key.open("garbage", "factor-1"), None);
    }
}
