pub mod body_limit;
pub mod cached_json;
pub mod client_ip;
pub mod error;
pub mod extract;
pub mod health;
pub mod json_errors;
pub mod security;
