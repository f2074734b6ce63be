pub mod cached_json;
pub mod client_ip;
pub mod error;
pub mod health;
pub mod security;
