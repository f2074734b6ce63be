//! What every feature uses: database, HTTP plumbing, languages, assets.

pub mod assets;
pub mod countries;
pub mod db;
pub mod email;
pub mod html;
pub mod http;
pub mod i18n;
pub mod ids;
pub mod metadata;
pub mod money;
pub mod rate_limit;
pub mod slug;
pub mod text;
pub mod token;
pub mod words;
