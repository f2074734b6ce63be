//! Accounts: a Supabase Auth (GoTrue) compatible API under `/auth/v1`
//! (docs/auth-api.md), so `@supabase/auth-js` works against it unchanged.
//!
//! Layout: `handlers/` holds one file per endpoint group; `issue`/`refresh`/`pkce`/`mailer`/
//! `accounts` the logic they share; `db/` the queries; `keys` + `jwt` the ES256 tokens, with
//! `key_ring` (what a running instance uses) and `key_rotation` (`rumbo keys`).

pub mod accounts;
pub mod config;
mod cors;
pub mod db;
pub mod duration;
pub mod errors;
pub mod extract;
mod handlers;
mod hash_pool;
pub mod import;
pub mod imported_keys;
mod input;
mod issue;
pub mod jwt;
pub mod key_ring;
pub mod key_rotation;
pub mod keys;
mod landing;
mod limits;
mod mailer;
pub mod mfa;
pub mod model;
pub mod oidc;
pub mod passwords;
mod pkce;
pub mod redirect;
mod refresh;
pub(crate) mod secrets;
pub mod session_limits;
mod sign_in_limits;
mod verification;

use axum::routing::{get, post};
use axum::{middleware, Router};

pub use config::AuthConfig;
/// The admin service the staff console shares with `/auth/v1/admin` (issue 15).
pub use handlers::admin::{resend_confirmation, set_ban};
use key_ring::KeyRing;
use keys::AuthKeys;
use passwords::Passwords;

use crate::config::Config;
use crate::platform::db::Db;
use crate::startup::AppState;

/// What the auth handlers share: the signing keys and the bounded password hasher.
pub struct AuthState {
    /// Swapped in place when the stored keys are rotated or retired.
    pub keys: KeyRing,
    pub passwords: Passwords,
    /// The `iss` of every token: `<SITE_URL>/auth/v1`.
    pub issuer: String,
    /// Seals TOTP secrets; `None`: two-factor enrolment is off (`mfa::sealing_key`).
    pub mfa_key: Option<mfa::sealed::SealingKey>,
    /// Google sign-in, when configured (`oidc::google`).
    pub google: Option<oidc::provider::Provider>,
}

impl AuthState {
    /// Checks the account settings, then loads (or, on first start, creates) the signing key
    /// from the database.
    pub async fn load(db: &Db, config: &Config) -> anyhow::Result<AuthState> {
        let imported = match &config.auth.jwt_keys {
            Some(json) => std::sync::Arc::new(imported_keys::ImportedKeys::parse(json)?),
            None => std::sync::Arc::default(),
        };
        let keys = KeyRing::new(AuthKeys::load_or_create(db).await?.with_imported(imported), config.auth.signing_keys_refresh);
        Ok(AuthState {
            keys,
            passwords: Passwords::default(),
            issuer: issuer(config),
            mfa_key: mfa::sealing_key(config)?,
            google: oidc::google(&config.auth)?,
        })
    }

    pub fn anon_key(&self) -> anyhow::Result<String> {
        jwt::api_key(&self.keys.current(), &self.issuer, "anon")
    }

    pub fn service_role_key(&self) -> anyhow::Result<String> {
        jwt::api_key(&self.keys.current(), &self.issuer, "service_role")
    }
}

pub fn issuer(config: &Config) -> String {
    format!("{}/auth/v1", config.site_origin())
}

/// The routes mounted under `/auth/v1`.
pub fn router(config: &Config) -> Router<AppState> {
    use handlers::*;
    Router::new()
        .route("/signup", post(signup::signup))
        .route("/token", post(token::token))
        .route("/verify", get(verify::verify_link).post(verify::verify_otp))
        .route("/otp", post(otp::otp))
        .route("/recover", post(recover::recover))
        .route("/resend", post(resend::resend))
        .route("/user", get(user::get_user).put(user::update_user))
        .route("/logout", post(logout::logout))
        .route("/reauthenticate", get(reauthenticate::reauthenticate))
        .route("/factors", post(mfa::handlers::enroll))
        .route("/factors/{id}", axum::routing::delete(mfa::handlers::unenroll))
        .route("/factors/{id}/challenge", post(mfa::handlers::challenge))
        .route("/factors/{id}/verify", post(mfa::handlers::verify))
        .route("/recovery-codes", get(mfa::recovery::remaining).post(mfa::recovery::generate))
        .route("/recovery-codes/verify", post(mfa::recovery::verify))
        .route("/authorize", get(oidc::flow::authorize))
        .route("/callback", get(oidc::flow::callback))
        .route("/user/identities/authorize", get(identities::link))
        .route("/user/identities/{id}", axum::routing::delete(identities::unlink))
        .route("/sso", post(settings::saml_disabled))
        .route("/sso/saml/{*rest}", axum::routing::any(settings::saml_disabled))
        .route("/admin/sso/providers", axum::routing::any(settings::saml_disabled))
        .route("/admin/sso/providers/{*rest}", axum::routing::any(settings::saml_disabled))
        .route("/oauth/{*rest}", axum::routing::any(settings::oauth_server_disabled))
        .route("/admin/oauth/{*rest}", axum::routing::any(settings::oauth_server_disabled))
        .route("/settings", get(settings::settings))
        .route("/health", get(settings::health))
        .route("/.well-known/jwks.json", get(settings::jwks))
        .route("/admin/users", get(admin::list_users).post(admin::create_user))
        .route("/admin/users/{id}", get(admin::get_user).put(admin::update_user).delete(admin::delete_user))
        .route("/admin/users/{id}/factors", get(mfa::handlers::admin_list))
        .route("/admin/users/{id}/factors/{factor_id}", axum::routing::delete(mfa::handlers::admin_delete))
        .route("/admin/generate_link", post(admin_links::generate_link))
        .route("/invite", post(admin_links::invite))
        .fallback(errors::not_found)
        .layer(middleware::from_fn(errors::render_errors))
        .layer(cors::layer(config))
}
