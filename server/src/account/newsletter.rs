//! `GET`/`PUT /account/newsletter`: the newsletter subscription of the signed-in person's own
//! address, as a switch on the account page. The address is already proven (the account's
//! confirmation), so turning it on confirms at once, with no second mail; turning it off is an
//! unsubscription like the mails' link.

use axum::extract::State;
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::internal;
use crate::auth::db::Conn;
use crate::auth::extract::ApiUser;
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::ApiJson;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// The subscription of the account's address.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"subscribed": true, "language": "es"}))]
pub struct AccountNewsletter {
    /// Confirmed and not unsubscribed.
    pub subscribed: bool,
    /// The language of the issues it receives (`en`, `es`, `pt`), when there is a subscription.
    pub language: Option<String>,
}

/// The switch: on (in a language) or off.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"subscribed": true, "language": "pt"}))]
pub struct NewsletterChoice {
    pub subscribed: bool,
    /// `en`, `es` or `pt`; when turning it on, the issues' language (default: English).
    pub language: Option<String>,
}

async fn current(conn: &mut Conn, email: &str) -> sqlx::Result<AccountNewsletter> {
    let row: Option<(String, String)> =
        sqlx::query_as("SELECT status, lang FROM newsletter_subscriptions WHERE email = $1").bind(email).fetch_optional(conn).await?;
    Ok(match row {
        Some((status, lang)) => AccountNewsletter { subscribed: status == "confirmed", language: Some(lang) },
        None => AccountNewsletter { subscribed: false, language: None },
    })
}

fn confirmed_email(user: &crate::auth::model::UserRow) -> Result<String, ApiError> {
    user.email.clone().filter(|_| user.is_confirmed()).ok_or_else(|| {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::InvalidEmail, "Confirm your account's e-mail address first.")
    })
}

/// Whether the account's address receives the newsletter.
#[utoipa::path(
    get,
    path = "/account/newsletter",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The subscription of the account's address", body = AccountNewsletter),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_newsletter(ApiUser(caller): ApiUser, State(state): State<AppState>) -> Result<Json<AccountNewsletter>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    match caller.user.email.as_deref() {
        Some(email) => Ok(Json(current(&mut conn, email).await.map_err(internal)?)),
        None => Ok(Json(AccountNewsletter { subscribed: false, language: None })),
    }
}

/// Turns the newsletter on (confirmed at once: the account's address is proven) or off.
#[utoipa::path(
    put,
    path = "/account/newsletter",
    tag = "account",
    security(("bearer" = [])),
    request_body(content = NewsletterChoice, content_type = "application/json"),
    responses(
        (status = 200, description = "The subscription now", body = AccountNewsletter),
        (status = 400, description = "`invalid_body`, or `invalid_language`", body = ApiError),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 422, description = "`invalid_email`: the account has no confirmed address", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn put_newsletter(
    ApiUser(caller): ApiUser,
    State(state): State<AppState>,
    ApiJson(choice): ApiJson<NewsletterChoice>,
) -> Result<Json<AccountNewsletter>, ApiError> {
    let lang = match choice.language.as_deref() {
        None => None,
        Some(code) => Some(
            Lang::from_code(code)
                .ok_or_else(|| ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::InvalidLanguage, "The language must be en, es or pt."))?,
        ),
    };
    let email = confirmed_email(&caller.user)?;
    let now = now_unix();
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    if choice.subscribed {
        let lang = lang.unwrap_or(Lang::En).code();
        sqlx::query(
            "INSERT INTO newsletter_subscriptions (id, email, lang, source, status, last_sent_at, confirmed_at, unsubscribed_at, created_at, updated_at) \
             VALUES ($1, $2, $3, 'account', 'confirmed', NULL, $4, NULL, $4, $4) \
             ON CONFLICT (email) DO UPDATE SET status = 'confirmed', lang = $3, source = 'account', \
             confirmed_at = COALESCE(newsletter_subscriptions.confirmed_at, $4), unsubscribed_at = NULL, updated_at = $4",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(&email)
        .bind(lang)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    } else {
        sqlx::query(
            "UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = $2, updated_at = $2 \
             WHERE email = $1 AND status <> 'unsubscribed'",
        )
        .bind(&email)
        .bind(now)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    }
    let answer = current(&mut tx, &email).await.map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(answer))
}
