//! One pool for SQLite or PostgreSQL, chosen by the URL's scheme (docs/decisions/001).
//! Queries are written once, with `$1`-style placeholders that both backends accept.

use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::AnyPoolOptions;
use sqlx::migrate::Migrator;
use sqlx::{AnyPool, Executor};

static SQLITE_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/sqlite");
static POSTGRES_MIGRATIONS: Migrator = sqlx::migrate!("./migrations/postgres");

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database URL whose scheme we support, parsed once at the edge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DatabaseUrl {
    url: String,
    backend: Backend,
}

impl FromStr for DatabaseUrl {
    type Err = String;

    fn from_str(raw: &str) -> Result<Self, Self::Err> {
        let backend = if raw.starts_with("sqlite:") {
            Backend::Sqlite
        } else if raw.starts_with("postgres://") || raw.starts_with("postgresql://") {
            Backend::Postgres
        } else {
            return Err("must start with sqlite:// or postgres://".into());
        };
        Ok(DatabaseUrl { url: raw.to_owned(), backend })
    }
}

impl DatabaseUrl {
    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// The URL with any password replaced, safe to log.
    pub fn redacted(&self) -> String {
        match url::Url::parse(&self.url) {
            Ok(mut url) if url.password().is_some() => {
                let _ = url.set_password(Some("***"));
                url.into()
            }
            _ => self.url.clone(),
        }
    }

    /// For SQLite: the file path, when the URL names a file rather than memory.
    fn sqlite_file(&self) -> Option<&Path> {
        let rest = self.url.strip_prefix("sqlite://").or_else(|| self.url.strip_prefix("sqlite:"))?;
        let path = rest.split('?').next().unwrap_or_default();
        (!path.is_empty() && path != ":memory:").then(|| Path::new(path))
    }

    /// SQLite must be allowed to create the file on first start.
    fn connect_url(&self) -> String {
        match self.backend {
            Backend::Sqlite if !self.url.contains("mode=") => {
                let sep = if self.url.contains('?') { '&' } else { '?' };
                format!("{}{sep}mode=rwc", self.url)
            }
            _ => self.url.clone(),
        }
    }
}

#[derive(Debug, Clone)]
pub struct Db {
    pub pool: AnyPool,
    /// Where write transactions run: on SQLite one connection of its own, so writers queue
    /// in order instead of polling the file lock (its busy handler sleeps up to 100 ms between
    /// tries, which made a busy minute's p99 a tenth of a second); on PostgreSQL the pool.
    writer: AnyPool,
    pub backend: Backend,
}

impl Db {
    pub async fn connect(url: &DatabaseUrl, max_connections: u32) -> anyhow::Result<Db> {
        sqlx::any::install_default_drivers();
        if let Some(parent) = url.sqlite_file().and_then(Path::parent) {
            if !parent.as_os_str().is_empty() {
                std::fs::create_dir_all(parent)
                    .map_err(|e| anyhow::anyhow!("cannot create the database folder {}: {e}", parent.display()))?;
            }
        }
        let backend = url.backend();
        let pool = Db::pool(url, max_connections).await?;
        let writer = match backend {
            Backend::Sqlite => Db::pool(url, 1).await?,
            Backend::Postgres => pool.clone(),
        };
        Ok(Db { pool, writer, backend })
    }

    async fn pool(url: &DatabaseUrl, max_connections: u32) -> anyhow::Result<AnyPool> {
        let backend = url.backend();
        AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        // WAL lets readers work while one writer commits; the busy timeout makes
                        // concurrent writers wait instead of failing with SQLITE_BUSY. FULL syncs
                        // the log at every commit, so a power loss cannot take back a confirmed
                        // booking or payment; NORMAL could (measured cost: README, bench/sqlite-commits).
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON; PRAGMA synchronous = FULL;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect(&url.connect_url())
            .await
            .map_err(|e| anyhow::anyhow!("cannot connect to the database {}: {e}", url.redacted()))
    }

    /// A transaction that will write. On SQLite it runs on the one writer connection and takes
    /// the write lock at BEGIN (`BEGIN IMMEDIATE`): a deferred one that read first could not
    /// upgrade its lock once another writer committed, and would fail instead of waiting.
    /// PostgreSQL locks rows as it goes. Never open a second one while holding one: on SQLite
    /// it would wait for itself.
    pub async fn begin_write(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
        match self.backend {
            Backend::Sqlite => self.writer.begin_with("PRAGMA synchronous = FULL; BEGIN IMMEDIATE").await,
            Backend::Postgres => self.writer.begin().await,
        }
    }

    /// Syncs to disk what unsynced commits left in the log (SQLite; PostgreSQL syncs every commit).
    pub async fn flush_to_disk(&self) -> sqlx::Result<()> {
        if self.backend == Backend::Sqlite {
            sqlx::query("PRAGMA wal_checkpoint(PASSIVE)").execute(&self.writer).await?;
        }
        Ok(())
    }

    /// A write transaction whose loss in a power cut would cost nothing worth a disk sync: a
    /// cart's lines, a refresh token's rotation. On SQLite its commit is not synced to disk (a crash of the process loses
    /// nothing; the next synced commit carries it to disk too); it queues with the others.
    pub async fn begin_write_unsynced(&self) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
        match self.backend {
            Backend::Sqlite => self.writer.begin_with("PRAGMA synchronous = NORMAL; BEGIN IMMEDIATE").await,
            Backend::Postgres => self.writer.begin().await,
        }
    }

    pub async fn migrate(&self) -> anyhow::Result<()> {
        let migrator = match self.backend {
            Backend::Sqlite => &SQLITE_MIGRATIONS,
            Backend::Postgres => &POSTGRES_MIGRATIONS,
        };
        migrator.run(&self.pool).await.map_err(|e| anyhow::anyhow!("database migration failed: {e}"))?;
        Ok(())
    }
}

/// Seconds since the Unix epoch: how every timestamp is stored (BIGINT on both backends).
pub fn now_unix() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or_default()
}

/// As `now_unix`, in milliseconds.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// A `LIKE … ESCAPE '\\'` pattern matching `text` (trimmed, lower-cased) literally anywhere:
/// `%`, `_` and `\\` in it match themselves.
pub fn like_contains(text: &str) -> String {
    let escaped = text.trim().to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("%{escaped}%")
}

/// A stored Unix time as the API answers it: `2026-11-24T14:00:00Z`.
pub fn rfc3339(unix: i64) -> String {
    use time::format_description::well_known::Rfc3339;
    time::OffsetDateTime::from_unix_timestamp(unix).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scheme_selects_the_backend() {
        assert_eq!("sqlite://data/rumbo.db".parse::<DatabaseUrl>().unwrap().backend(), Backend::Sqlite);
        assert_eq!("postgres://u@h/db".parse::<DatabaseUrl>().unwrap().backend(), Backend::Postgres);
        assert!("mysql://u@h/db".parse::<DatabaseUrl>().is_err());
    }

    #[test]
    fn sqlite_file_and_create_mode() {
        let url: DatabaseUrl = "sqlite://data/rumbo.db".parse().unwrap();
        assert_eq!(url.sqlite_file(), Some(Path::new("data/rumbo.db")));
        assert_eq!(url.connect_url(), "sqlite://data/rumbo.db?mode=rwc");
        let memory: DatabaseUrl = "sqlite::memory:".parse().unwrap();
        assert_eq!(memory.sqlite_file(), None);
    }

    #[test]
    fn passwords_never_reach_logs() {
        let url: DatabaseUrl = "postgres://rumbo:s3cret@db:5432/rumbo".parse().unwrap();
        assert!(!url.redacted().contains("s3cret"));
    }
}
