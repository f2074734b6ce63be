//! The newsletter API under `/api/v1/newsletter` (docs/product.md#newsletter): thin handlers that
//! limit, parse and call the service. Bodies are read as bytes and parsed here, so every bad
//! input gets our error code.

use axum::body::Bytes;
use axum::extract::State;
use axum::Json;
use http::header::CONTENT_TYPE;
use http::{HeaderMap, StatusCode};
use serde::Deserialize;
use utoipa::IntoParams;

use super::api::{CheckInbox, Confirmed, StateChanged, SubscribeBody, SubscriptionState, TokenBody, UnsubscribeForm};

use super::error::NewsletterError;
use super::limits::{self, Bucket};
use super::model::{check_inbox_message, token_from_json, unsubscribe_token, SubscribeRequest};
use super::service;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiQuery, JsonBytes};
use crate::startup::AppState;

type ApiResult<T> = Result<T, NewsletterError>;
type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

const TOO_LARGE: &str = "`payload_too_large`: more than 4 KB";

/// Subscribes an address: a confirmation mail goes out (double opt-in); the answer is the same
/// whatever the address's state, so it tells nobody whether it was subscribed.
#[utoipa::path(
    post,
    path = "/newsletter/subscriptions",
    tag = "newsletter",
    request_body(content = SubscribeBody, content_type = "application/json"),
    responses(
        (status = 202, description = "Accepted: check your inbox", body = CheckInbox),
        (status = 400, description = "`invalid_email`, `invalid_language`, `invalid_source` or `invalid_body`", body = ApiError),
        (status = 413, description = TOO_LARGE, body = ApiError),
        (status = 415, description = "`unsupported_media_type`: not sent as application/json", body = ApiError),
        (status = 429, description = "`rate_limited`, per client and per address (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn subscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBytes(body): JsonBytes,
) -> ApiResult<(StatusCode, Json<CheckInbox>)> {
    limits::per_ip(&state, Bucket::Subscribe, ip).await?;
    let request = SubscribeRequest::parse(&body)?;
    limits::per_email(&state, &request.email).await?;
    service::subscribe(&state, &request).await?;
    Ok((StatusCode::ACCEPTED, Json(CheckInbox { message: check_inbox_message(request.lang) })))
}

/// Confirms a subscription with the token of the mailed link.
#[utoipa::path(
    post,
    path = "/newsletter/confirm",
    tag = "newsletter",
    request_body(content = TokenBody, content_type = "application/json"),
    responses(
        (status = 200, description = "Confirmed", body = Confirmed),
        (status = 400, description = "`invalid_token` or `invalid_body`", body = ApiError),
        (status = 410, description = "`token_expired`: subscribe again for a new link", body = ApiError),
        (status = 413, description = TOO_LARGE, body = ApiError),
        (status = 415, description = "`unsupported_media_type`", body = ApiError),
        (status = 429, description = "`rate_limited` (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn confirm(State(state): State<AppState>, ClientIp(ip): ClientIp, JsonBytes(body): JsonBytes) -> ApiResult<Json<Confirmed>> {
    limits::per_ip(&state, Bucket::Confirm, ip).await?;
    let token = token_from_json(&body)?;
    let confirmed = service::confirm(&state, &token).await?;
    Ok(Json(Confirmed {
        status: SubscriptionState::Confirmed,
        language: confirmed.lang,
        unsubscribe_token: confirmed.unsubscribe_token.as_str().to_owned(),
    }))
}

/// `?token=`: the List-Unsubscribe URL of every mail.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TokenQuery {
    #[param(pattern = "^[A-Za-z0-9_-]{43}$")]
    token: Option<String>,
}

/// Unsubscribes: RFC 8058 one-click (`?token=` with the form body `List-Unsubscribe=One-Click`,
/// as mail providers send it) or the page's JSON `{token}`.
#[utoipa::path(
    post,
    path = "/newsletter/unsubscribe",
    tag = "newsletter",
    params(TokenQuery),
    request_body(content(
        (TokenBody = "application/json"),
        (UnsubscribeForm = "application/x-www-form-urlencoded"),
    )),
    responses(
        (status = 200, description = "Unsubscribed", body = StateChanged),
        (status = 400, description = "`invalid_token` or `invalid_body`", body = ApiError),
        (status = 413, description = TOO_LARGE, body = ApiError),
        (status = 429, description = "`rate_limited` (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    query: Result<ApiQuery<TokenQuery>, ApiError>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult<Json<StateChanged>> {
    limits::per_ip(&state, Bucket::Unsubscribe, ip).await?;
    let ApiQuery(query) = query.map_err(|_| NewsletterError::InvalidToken)?;
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok());
    let token = unsubscribe_token(query.token.as_deref(), content_type, &body.map_err(|_| NewsletterError::InvalidBody)?)?;
    let lang = service::unsubscribe(&state, &token).await?;
    Ok(Json(StateChanged { status: SubscriptionState::Unsubscribed, language: lang }))
}

/// Subscribes again from the unsubscribe page, with the same token.
#[utoipa::path(
    post,
    path = "/newsletter/resubscribe",
    tag = "newsletter",
    request_body(content = TokenBody, content_type = "application/json"),
    responses(
        (status = 200, description = "Confirmed again", body = StateChanged),
        (status = 400, description = "`invalid_token` or `invalid_body`", body = ApiError),
        (status = 413, description = TOO_LARGE, body = ApiError),
        (status = 415, description = "`unsupported_media_type`", body = ApiError),
        (status = 429, description = "`rate_limited` (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn resubscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    JsonBytes(body): JsonBytes,
) -> ApiResult<Json<StateChanged>> {
    limits::per_ip(&state, Bucket::Resubscribe, ip).await?;
    let token = token_from_json(&body)?;
    let lang = service::resubscribe(&state, &token).await?;
    Ok(Json(StateChanged { status: SubscriptionState::Confirmed, language: lang }))
}
