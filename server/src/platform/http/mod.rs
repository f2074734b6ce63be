pub mod error;
pub mod health;
pub mod security;
