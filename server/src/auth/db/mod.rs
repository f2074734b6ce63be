//! The auth queries, written once for SQLite and PostgreSQL (docs/decisions/001). Each takes a
//! connection so callers compose them inside one transaction.

pub mod sessions;
pub mod sign_in_failures;
pub mod tokens;
pub mod users;

pub use sqlx::AnyConnection as Conn;
