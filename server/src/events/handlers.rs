//! `POST /api/v1/events`: counts one event. Cookie-less and anonymous: the client IP is used
//! only by the in-memory rate limit and never stored.

use axum::body::Bytes;
use axum::extract::State;
use http::StatusCode;

use super::db;
use super::error::EventsError;
use super::model::NewEvent;
use super::report::{day, today};
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

const MINUTE: std::time::Duration = std::time::Duration::from_secs(60);

pub async fn record(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    body: Result<Bytes, axum::extract::rejection::BytesRejection>,
) -> Result<StatusCode, EventsError> {
    state.limiter.check("events", &ip.to_string(), state.config.events.per_ip_per_minute, MINUTE).map_err(EventsError::RateLimited)?;
    let event = NewEvent::parse(&body.map_err(|_| EventsError::InvalidBody)?)?;
    let mut conn = state.db.pool.acquire().await?;
    db::count(&mut conn, &day(today()), &event).await?;
    Ok(StatusCode::NO_CONTENT)
}
