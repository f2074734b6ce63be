//! Rumbo: one binary serving the travel-advice site, its API and its accounts.

pub mod account;
pub mod airports;
pub mod auth;
pub mod calendar;
pub mod config;
pub mod consultations;
pub mod content;
pub mod events;
pub mod geo;
pub mod mail;
pub mod newsletter;
pub mod openapi;
pub mod payments;
pub mod platform;
pub mod profiles;
pub mod seo;
pub mod shutdown;
pub mod staff;
pub mod startup;
pub mod store;
pub mod telemetry;
pub mod third_parties;
