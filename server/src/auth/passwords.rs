//! Password hashing: argon2id with OWASP's parameters for new hashes; bcrypt hashes imported
//! from Supabase (`$2a$`/`$2b$`/`$2y$`) still verify and are replaced on the next sign-in.
//! Hashing costs tens of milliseconds of CPU, so it runs on threads of its own at the lowest
//! priority (`hash_pool`): a burst of sign-ins queues there instead of starving the pages.

use std::cell::RefCell;
use std::sync::OnceLock;

use argon2::password_hash::rand_core::OsRng;
use argon2::password_hash::{Output, ParamsString, PasswordHash, SaltString};
use argon2::{Algorithm, Argon2, Block, Params, Version};

use super::hash_pool::HashPool;

/// OWASP password storage cheat sheet: argon2id, m = 19 MiB, t = 2, p = 1.
fn argon2() -> Argon2<'static> {
    let params = Params::new(19 * 1024, 2, 1, None).expect("valid argon2 parameters");
    Argon2::new(Algorithm::Argon2id, Version::V0x13, params)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Mismatch,
    Match,
    /// Correct, but stored in an older scheme: store a fresh argon2id hash.
    MatchNeedsUpgrade,
}

#[derive(Clone)]
pub struct Passwords {
    pool: HashPool,
}

impl Default for Passwords {
    /// One hashing thread per core this process may use.
    fn default() -> Self {
        let cpus = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
        Passwords { pool: HashPool::new(cpus) }
    }
}

impl Passwords {
    pub async fn hash(&self, password: &str) -> anyhow::Result<String> {
        let password = password.to_owned();
        self.pool.run(move || hash_now(&password)).await?
    }

    /// Compares against the stored hash; with none (unknown user, no password) it still spends
    /// the time of a real check, so the answer's timing does not reveal which case it was.
    pub async fn verify(&self, password: &str, stored: Option<&str>) -> anyhow::Result<Verdict> {
        let (password, stored) = (password.to_owned(), stored.map(str::to_owned));
        self.pool
            .run(move || match stored {
                Some(stored) => verify_now(&password, &stored),
                None => {
                    let _ = verify_now(&password, dummy_hash());
                    Verdict::Mismatch
                }
            })
            .await
    }
}

/// Password checks per second with every hashing thread busy for `duration` (`rumbo hash-rate`).
pub async fn checks_per_second(duration: std::time::Duration) -> anyhow::Result<f64> {
    let passwords = Passwords::default();
    let stored = passwords.hash("Measure-1234").await?;
    let started = std::time::Instant::now();
    let threads = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(2);
    let mut workers = tokio::task::JoinSet::new();
    for _ in 0..threads {
        let (passwords, stored) = (passwords.clone(), stored.clone());
        workers.spawn(async move {
            let mut checks = 0_u64;
            while started.elapsed() < duration {
                passwords.verify("Measure-1234", Some(&stored)).await?;
                checks += 1;
            }
            anyhow::Ok(checks)
        });
    }
    let mut checks = 0;
    while let Some(done) = workers.join_next().await {
        checks += done??;
    }
    Ok(checks as f64 / started.elapsed().as_secs_f64())
}

thread_local! {
    /// The memory argon2 works in, kept by each hashing thread: allocating and freeing 19 MiB
    /// per sign-in left hundreds of MB resident (the allocator keeps freed blocks of that size
    /// in each thread's arena); kept, it is 19 MiB per thread, once.
    static BLOCKS: RefCell<Vec<Block>> = const { RefCell::new(Vec::new()) };
}

/// `argon2` of `password` and `salt` into `out`, in this thread's kept memory.
fn argon2_into(argon2: &Argon2, password: &[u8], salt: &[u8], out: &mut [u8]) -> argon2::Result<()> {
    BLOCKS.with_borrow_mut(|blocks| {
        let needed = argon2.params().block_count();
        if blocks.len() < needed {
            blocks.resize(needed, Block::default());
        }
        argon2.hash_password_into_with_memory(password, salt, out, &mut blocks[..needed])
    })
}

fn hash_now(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    let argon2 = argon2();
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.as_salt().decode_b64(&mut salt_bytes).map_err(|e| anyhow::anyhow!("salt: {e}"))?;
    let mut out = [0u8; Params::DEFAULT_OUTPUT_LEN];
    argon2_into(&argon2, password.as_bytes(), salt_bytes, &mut out).map_err(|e| anyhow::anyhow!("argon2: {e}"))?;
    let phc = PasswordHash {
        algorithm: Algorithm::Argon2id.ident(),
        version: Some(Version::V0x13.into()),
        params: ParamsString::try_from(argon2.params()).map_err(|e| anyhow::anyhow!("argon2 parameters: {e}"))?,
        salt: Some(salt.as_salt()),
        hash: Some(Output::new(&out).map_err(|e| anyhow::anyhow!("argon2 output: {e}"))?),
    };
    Ok(phc.to_string())
}

/// Whether `password` gives the argon2 hash `stored` (PHC string), computed with the stored
/// algorithm, version and parameters; compared in constant time (`Output`'s equality).
fn argon2_matches(password: &str, stored: &PasswordHash) -> Option<bool> {
    let (salt, expected) = (stored.salt?, stored.hash?);
    let argon2 = Argon2::new(
        Algorithm::try_from(stored.algorithm).ok()?,
        stored.version.map(Version::try_from).transpose().ok()?.unwrap_or_default(),
        Params::try_from(stored).ok()?,
    );
    let mut salt_bytes = [0u8; 64];
    let salt_bytes = salt.decode_b64(&mut salt_bytes).ok()?;
    let mut out = vec![0u8; expected.len()];
    argon2_into(&argon2, password.as_bytes(), salt_bytes, &mut out).ok()?;
    Some(Output::new(&out).ok()? == expected)
}

fn verify_now(password: &str, stored: &str) -> Verdict {
    if is_bcrypt(stored) {
        return match bcrypt::verify(password, stored) {
            Ok(true) => Verdict::MatchNeedsUpgrade,
            _ => Verdict::Mismatch,
        };
    }
    let Ok(parsed) = PasswordHash::new(stored) else { return Verdict::Mismatch };
    // The stored string carries its own parameters; verification uses them.
    match argon2_matches(password, &parsed) {
        Some(true) => Verdict::Match,
        _ => Verdict::Mismatch,
    }
}

pub fn is_bcrypt(stored: &str) -> bool {
    ["$2a$", "$2b$", "$2y$"].iter().any(|prefix| stored.starts_with(prefix))
}

/// Accepted by the admin API's `password_hash`: a hash we know how to verify.
pub fn is_supported_hash(stored: &str) -> bool {
    is_bcrypt(stored) || (stored.starts_with("$argon2") && PasswordHash::new(stored).is_ok())
}

fn dummy_hash() -> &'static str {
    static DUMMY: OnceLock<String> = OnceLock::new();
    DUMMY.get_or_init(|| hash_now("timing-equaliser").unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn argon2id_hashes_verify_and_reject() {
        let passwords = Passwords::default();
        let hash = passwords.hash("Secret-123").await.unwrap();
        assert!(hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{hash}");
        assert_eq!(passwords.verify("Secret-123", Some(&hash)).await.unwrap(), Verdict::Match);
        assert_eq!(passwords.verify("secret-123", Some(&hash)).await.unwrap(), Verdict::Mismatch);
        assert_eq!(passwords.verify("Secret-123", None).await.unwrap(), Verdict::Mismatch);
    }

    #[test]
    fn hashes_agree_with_the_argon2_crates_own_hashing_both_ways() {
        use argon2::password_hash::{PasswordHasher, PasswordVerifier};
        let ours = hash_now("Secret-123").unwrap();
        assert!(argon2().verify_password(b"Secret-123", &PasswordHash::new(&ours).unwrap()).is_ok());
        let salt = SaltString::generate(&mut OsRng);
        // Another algorithm and cost, as an imported hash may have: its own parameters are used.
        let other = Argon2::new(Algorithm::Argon2i, Version::V0x13, Params::new(8 * 1024, 3, 1, Some(24)).unwrap());
        let theirs = other.hash_password(b"Secret-123", &salt).unwrap().to_string();
        assert_eq!(verify_now("Secret-123", &theirs), Verdict::Match);
        assert_eq!(verify_now("Secret-124", &theirs), Verdict::Mismatch);
        assert_eq!(verify_now("Secret-123", "$argon2id$v=19$m=19456,t=2,p=1$bm90LWEtaGFzaA"), Verdict::Mismatch, "no hash part");
    }

    #[tokio::test]
    async fn bcrypt_hashes_verify_and_ask_for_an_upgrade() {
        let passwords = Passwords::default();
        let bcrypt_hash = bcrypt::hash("Secret-123", 4).unwrap();
        for prefix in ["$2a$", "$2b$", "$2y$"] {
            let hash = format!("{prefix}{}", &bcrypt_hash[4..]);
            assert_eq!(passwords.verify("Secret-123", Some(&hash)).await.unwrap(), Verdict::MatchNeedsUpgrade, "{prefix}");
            assert_eq!(passwords.verify("wrong", Some(&hash)).await.unwrap(), Verdict::Mismatch);
        }
        assert!(is_supported_hash(&bcrypt_hash));
        assert!(!is_supported_hash("plaintext"));
    }
}
