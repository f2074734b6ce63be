//! Integration tests: the real server on a free port with a fresh database, spoken to over
//! HTTP. The same tests run on SQLite (default) and PostgreSQL (`TEST_DATABASE_URL`).

mod analytics_config;
mod auth;
mod bad_input;
mod cli;
mod consultations;
mod consultations_abuse;
mod consultations_holds;
mod consultations_manage;
mod consultations_payment;
mod content;
mod content_api;
mod content_cache;
mod content_fixture;
mod content_listings;
mod content_pages;
mod contract;
mod events;
mod fake_oidc;
mod fake_stripe;
mod feeds;
mod helpers;
mod mail;
mod mail_attachments;
mod newsletter;
mod openapi;
mod pages;
mod payments_migration;
mod payments_purchases;
mod platform;
mod seo;
mod smtp_sink;
mod store;
mod stripe;
mod stripe_bookings;
mod stripe_csp;
