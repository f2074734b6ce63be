//! `POST bookings` (hold a time), `GET bookings/{id}`, `POST bookings/{id}/payment`,
//! `GET my-bookings`.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderMap, StatusCode};
use serde_json::json;

use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::RawBooking;
use super::super::service::{access, hold, payment, view};
use super::JsonObject;
use crate::auth::errors::AuthError;
use crate::auth::extract::CurrentUser;
use crate::auth::model::Email;
use crate::payments::db::BOOKING;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

const HOUR: Duration = Duration::from_secs(3600);
/// Card attempts per booking and per client address, an hour (card testing is the abuse).
const PAYMENTS_PER_BOOKING_HOUR: u32 = 20;
const PAYMENTS_PER_IP_HOUR: u32 = 60;

pub async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let limits = &state.config.consultations;
    state
        .limiter
        .check("consultation_booking_ip", &ip.to_string(), limits.bookings_per_ip_hour, HOUR)
        .map_err(ConsultationError::RateLimited)?;
    let raw = RawBooking::from_json(&body);
    if let Ok(email) = Email::parse(&raw.email) {
        state
            .limiter
            .check("consultation_booking_email", email.as_str(), limits.bookings_per_email_hour, HOUR)
            .map_err(ConsultationError::RateLimited)?;
    }
    let key = hold::idempotency_key(headers.get("idempotency-key").map(|v| v.to_str().unwrap_or("\u{0}")))?;
    let user_id = access::bearer_user(&state, &headers);
    let held = hold::create(&state, &raw, key.as_deref(), user_id, now_unix()).await?;
    let mut conn = state.db.pool.acquire().await?;
    let body = view::render(&state, &mut conn, &held.booking, Some(&held.access_token)).await?;
    let status = if held.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(body)).into_response())
}

pub async fn get(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&state, &mut conn, &id, &headers).await?;
    // A held booking whose payment could not be created yet gets another try.
    if booking.hold_is_live(now_unix()) && crate::payments::db::of_booking(&mut conn, &booking.id, BOOKING).await?.is_none() {
        if let Err(e) = payment::ensure(&state, &booking).await {
            tracing::warn!(booking = %booking.id, error = %e, "the payment was not created yet");
        }
    }
    let body = view::render(&state, &mut conn, &booking, None).await?;
    Ok(([(http::header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The sandbox card form. The booking id is the capability: whoever holds the time may pay it.
pub async fn pay(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Path(id): Path<String>,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let id = access::booking_id(&id).ok_or(ConsultationError::NotFound)?;
    state.limiter.check("consultation_payment_ip", &ip.to_string(), PAYMENTS_PER_IP_HOUR, HOUR).map_err(ConsultationError::RateLimited)?;
    state.limiter.check("consultation_payment_booking", &id, PAYMENTS_PER_BOOKING_HOUR, HOUR).map_err(ConsultationError::RateLimited)?;
    let mut conn = state.db.pool.acquire().await?;
    let booking = bookings::find(&mut conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    drop(conn);
    let confirmed = payment::pay_with_card(&state, booking, &body).await?;
    let mut conn = state.db.pool.acquire().await?;
    let body = view::render(&state, &mut conn, &confirmed, None).await?;
    Ok(Json(body).into_response())
}

pub async fn mine(State(state): State<AppState>, caller: Result<CurrentUser, AuthError>) -> ConsultationResult<Response> {
    let caller = caller.map_err(|e| ConsultationError::Unauthorized(e.status, e.code, e.message.to_string()))?;
    let mut conn = state.db.pool.acquire().await?;
    let rows = bookings::of_user(&mut conn, &caller.user.id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for booking in &rows {
        items.push(view::render(&state, &mut conn, booking, None).await?);
    }
    Ok(([(http::header::CACHE_CONTROL, "no-store")], Json(json!({ "items": items }))).into_response())
}
