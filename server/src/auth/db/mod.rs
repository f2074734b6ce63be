//! The auth queries, written once for SQLite and PostgreSQL (docs/decisions/001). Each takes a
//! connection so callers compose them inside one transaction.

pub mod sessions;
pub mod sign_in_failures;
pub mod tokens;
pub mod users;

pub use sqlx::AnyConnection as Conn;

use crate::platform::db::{Backend, Db};

/// A transaction that will write. On SQLite it takes the write lock up front (`BEGIN
/// IMMEDIATE`): a deferred one that read first could not upgrade once another writer
/// committed, and would fail instead of waiting. PostgreSQL's default is right as it is.
pub async fn begin(db: &Db) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
    match db.backend {
        Backend::Sqlite => db.pool.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => db.pool.begin().await,
    }
}
