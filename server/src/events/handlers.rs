//! `POST /api/v1/events`: counts one event. Cookie-less and anonymous: the client IP is used
//! only by the in-memory rate limit and never stored.

use axum::extract::State;
use http::StatusCode;

use super::db;
use super::error::EventsError;
use super::model::{EventBody, NewEvent};
use super::report::{day, today};
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::JsonBytes;
use crate::startup::AppState;

const MINUTE: std::time::Duration = std::time::Duration::from_secs(60);

/// Counts one event (a day's count per event, language and source; nothing about the visitor).
#[utoipa::path(
    post,
    path = "/events",
    tag = "events",
    request_body(content = EventBody, description = "At most 1 KB of JSON", content_type = "application/json"),
    responses(
        (status = 204, description = "Counted"),
        (status = 400, description = "`invalid_event`, `invalid_language`, `invalid_source` or `invalid_body`", body = ApiError),
        (status = 413, description = "`payload_too_large`: more than 1 KB", body = ApiError),
        (status = 415, description = "`unsupported_media_type`: not sent as application/json", body = ApiError),
        (status = 429, description = "`rate_limited`: EVENTS_RATE_LIMIT per client and minute (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn record(State(state): State<AppState>, ClientIp(ip): ClientIp, JsonBytes(body): JsonBytes) -> Result<StatusCode, EventsError> {
    state.limiter.check_ip("events", ip, state.config.events.per_ip_per_minute, MINUTE).await.map_err(EventsError::RateLimited)?;
    let event = NewEvent::parse(&body)?;
    let mut conn = state.db.pool.acquire().await?;
    db::count(&mut conn, &day(today()), &event).await?;
    Ok(StatusCode::NO_CONTENT)
}
