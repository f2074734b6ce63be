//! The newsletter API under `/api/v1/newsletter` (CONTRACT-newsletter.md): thin handlers that
//! limit, parse and call the service. Bodies are read as bytes and parsed here, so every bad
//! input gets our error code.

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::header::CONTENT_TYPE;
use http::{HeaderMap, StatusCode};
use serde::Deserialize;
use serde_json::json;

use super::error::NewsletterError;
use super::limits::{self, Bucket};
use super::model::{check_inbox_message, token_from_json, unsubscribe_token, SubscribeRequest};
use super::service;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

type ApiResult = Result<Response, NewsletterError>;
type Body = Result<Bytes, axum::extract::rejection::BytesRejection>;

pub async fn subscribe(State(state): State<AppState>, ClientIp(ip): ClientIp, body: Body) -> ApiResult {
    limits::per_ip(&state, Bucket::Subscribe, ip)?;
    let request = SubscribeRequest::parse(&body.map_err(|_| NewsletterError::InvalidBody)?)?;
    limits::per_email(&state, &request.email)?;
    service::subscribe(&state, &request).await?;
    Ok((StatusCode::ACCEPTED, Json(json!({ "message": check_inbox_message(request.lang) }))).into_response())
}

pub async fn confirm(State(state): State<AppState>, ClientIp(ip): ClientIp, body: Body) -> ApiResult {
    limits::per_ip(&state, Bucket::Confirm, ip)?;
    let token = token_from_json(&body.map_err(|_| NewsletterError::InvalidBody)?)?;
    let confirmed = service::confirm(&state, &token).await?;
    Ok(Json(json!({
        "status": "confirmed",
        "language": confirmed.lang.code(),
        "unsubscribe_token": confirmed.unsubscribe_token.as_str(),
    }))
    .into_response())
}

#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// One-click (RFC 8058: `?token=` with the form body `List-Unsubscribe=One-Click`) or the page's JSON `{token}`.
pub async fn unsubscribe(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    query: Result<Query<TokenQuery>, axum::extract::rejection::QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> ApiResult {
    limits::per_ip(&state, Bucket::Unsubscribe, ip)?;
    let Query(query) = query.map_err(|_| NewsletterError::InvalidToken)?;
    let content_type = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok());
    let token = unsubscribe_token(query.token.as_deref(), content_type, &body.map_err(|_| NewsletterError::InvalidBody)?)?;
    let lang = service::unsubscribe(&state, &token).await?;
    Ok(Json(json!({ "status": "unsubscribed", "language": lang.code() })).into_response())
}

pub async fn resubscribe(State(state): State<AppState>, ClientIp(ip): ClientIp, body: Body) -> ApiResult {
    limits::per_ip(&state, Bucket::Resubscribe, ip)?;
    let token = token_from_json(&body.map_err(|_| NewsletterError::InvalidBody)?)?;
    let lang = service::resubscribe(&state, &token).await?;
    Ok(Json(json!({ "status": "confirmed", "language": lang.code() })).into_response())
}
