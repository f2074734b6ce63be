//! The feature's queries (portable SQL, `$N` placeholders: docs/decisions/001).

pub mod bookings;
pub mod claims;
pub mod documents;
pub mod plans;

use crate::platform::db::{Backend, Db};

/// A write transaction. On SQLite it takes the write lock at BEGIN (BEGIN IMMEDIATE), so two
/// transactions never both read and then both try to write; PostgreSQL locks rows as it goes.
pub async fn begin(db: &Db) -> sqlx::Result<sqlx::Transaction<'static, sqlx::Any>> {
    match db.backend {
        Backend::Sqlite => db.pool.begin_with("BEGIN IMMEDIATE").await,
        Backend::Postgres => db.pool.begin().await,
    }
}

/// `$first, $first+1, …` for a list of `count` bound values.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}
