//! `rumbo keys [rotate | retire [KID]]`: print the API keys, replace the signing key, and stop
//! accepting tokens of old ones. A rotation keeps the old key verifying (and in the JWKS), so
//! sessions and API keys signed with it keep working until it is retired; running instances
//! see either change within `AUTH_SIGNING_KEYS_REFRESH_SECS` (`key_ring`).

use super::keys::{self, ALGORITHM, CURRENT};
use super::AuthState;
use crate::config::Config;
use crate::platform::db::{now_unix, Db};

/// Where a rotated-out key waits, still verifying, until it is retired.
const PREVIOUS: &str = "previous";

#[derive(Debug, Clone, clap::Subcommand)]
pub enum KeysCommand {
    /// Make a new signing key current and print its anon and service_role keys; tokens and API
    /// keys of the old one keep verifying until `rumbo keys retire`.
    Rotate,
    /// Stop accepting tokens signed by old keys: every key but the current one, or only KID.
    Retire {
        /// The key id (`kid`) to retire; all non-current keys when left out. Key ids are
        /// base64url and may start with `-`: taken as a value, never as a flag.
        #[arg(allow_hyphen_values = true)]
        kid: Option<String>,
    },
}

/// Runs the command and returns what to print.
pub async fn run(db: &Db, config: &Config, command: Option<KeysCommand>) -> anyhow::Result<String> {
    match command {
        None => api_keys(db, config).await,
        Some(KeysCommand::Rotate) => {
            let kid = rotate(db).await?;
            let refresh = config.auth.signing_keys_refresh.as_secs();
            Ok(format!(
                "{}\nThe new signing key {kid} is current; running instances sign with it within {refresh} s. Tokens and API keys \
                 of the previous key keep working until `rumbo keys retire`.\n",
                api_keys(db, config).await?
            ))
        }
        Some(KeysCommand::Retire { kid }) => {
            let retired = retire(db, kid.as_deref()).await?;
            let refresh = config.auth.signing_keys_refresh.as_secs();
            Ok(match retired.is_empty() {
                true => "No key to retire: only the current signing key is stored.\n".to_owned(),
                false => format!("Retired {}; running instances refuse their tokens within {refresh} s.\n", retired.join(", ")),
            })
        }
    }
}

/// The anon and service_role keys of the current signing key, as `rumbo keys` prints them.
async fn api_keys(db: &Db, config: &Config) -> anyhow::Result<String> {
    let auth = AuthState::load(db, config).await?;
    Ok(format!(
        "anon key (public, for browsers):\n{}\n\nservice_role key (secret, server-side admin only):\n{}\n",
        auth.anon_key()?,
        auth.service_role_key()?
    ))
}

/// Makes a new key current; the current one moves to `previous`. Returns the new key's id.
pub async fn rotate(db: &Db) -> anyhow::Result<String> {
    let (kid, pem) = keys::new_key()?;
    let mut tx = db.begin_write().await?;
    sqlx::query("UPDATE auth_signing_keys SET slot = $1 WHERE slot = $2").bind(PREVIOUS).bind(CURRENT).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO auth_signing_keys (kid, slot, algorithm, private_key_pem, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&kid)
        .bind(CURRENT)
        .bind(ALGORITHM)
        .bind(&pem)
        .bind(now_unix())
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::info!(kid, "auth: rotated the JWT signing key");
    Ok(kid)
}

/// Deletes `kid`, or every key but the current one; returns the retired ids. The current key
/// cannot be retired (rotate first).
pub async fn retire(db: &Db, kid: Option<&str>) -> anyhow::Result<Vec<String>> {
    let mut tx = db.begin_write().await?;
    let stored: Vec<(String, String)> =
        sqlx::query_as("SELECT kid, slot FROM auth_signing_keys ORDER BY created_at, kid").fetch_all(&mut *tx).await?;
    let retired: Vec<String> = match kid {
        None => stored.into_iter().filter(|(_, slot)| slot != CURRENT).map(|(kid, _)| kid).collect(),
        Some(wanted) => match stored.iter().find(|(kid, _)| kid == wanted) {
            None => anyhow::bail!("no stored signing key has the id {wanted}"),
            Some((_, slot)) if slot == CURRENT => anyhow::bail!("{wanted} is the current signing key; run `rumbo keys rotate` first"),
            Some((kid, _)) => vec![kid.clone()],
        },
    };
    for kid in &retired {
        sqlx::query("DELETE FROM auth_signing_keys WHERE kid = $1 AND slot <> $2").bind(kid).bind(CURRENT).execute(&mut *tx).await?;
    }
    tx.commit().await?;
    Ok(retired)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::keys::tests::scratch_db;
    use crate::auth::keys::AuthKeys;

    #[tokio::test]
    async fn rotation_keeps_old_keys_verifying_until_they_are_retired() {
        let (db, folder) = scratch_db().await;
        let first = AuthKeys::load_or_create(&db).await.unwrap().signing_kid;
        let second = rotate(&db).await.unwrap();
        let third = rotate(&db).await.unwrap();
        let keys = AuthKeys::load_or_create(&db).await.unwrap();
        assert_eq!(keys.signing_kid, third);
        assert!(keys.verifying_key(&first).is_some() && keys.verifying_key(&second).is_some());
        assert_eq!(keys.jwks()["keys"].as_array().unwrap().len(), 3);
        assert!(retire(&db, Some(&third)).await.unwrap_err().to_string().contains("current signing key"));
        assert!(retire(&db, Some("nope")).await.is_err());
        assert_eq!(retire(&db, Some(&first)).await.unwrap(), vec![first.clone()]);
        assert_eq!(retire(&db, None).await.unwrap(), vec![second]);
        assert_eq!(retire(&db, None).await.unwrap(), Vec::<String>::new());
        let keys = AuthKeys::load_or_create(&db).await.unwrap();
        assert_eq!((keys.signing_kid.as_str(), keys.jwks()["keys"].as_array().unwrap().len()), (third.as_str(), 1));
        let _ = std::fs::remove_dir_all(folder);
    }
}
