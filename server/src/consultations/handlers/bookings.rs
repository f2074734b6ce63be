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
use super::super::service::access::{self, Caller};
use super::super::service::{hold, payment, purchase, view};
use super::JsonObject;
use crate::auth::extract::ApiUser;
use crate::auth::model::Email;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::{rate_key, ClientIp};
use crate::startup::AppState;

const HOUR: Duration = Duration::from_secs(3600);
/// Card attempts per booking and per client address, an hour (card testing is the abuse).
const PAYMENTS_PER_BOOKING_HOUR: u32 = 20;
const PAYMENTS_PER_IP_HOUR: u32 = 60;

pub async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    headers: HeaderMap,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let limits = &state.config.consultations;
    state.limiter.check_ip("consultation_booking_ip", ip, limits.bookings_per_ip_hour, HOUR).map_err(ConsultationError::RateLimited)?;
    let raw = RawBooking::from_json(&body);
    if let Ok(email) = Email::parse(&raw.email) {
        state
            .limiter
            .check("consultation_booking_email", email.as_str(), limits.bookings_per_email_hour, HOUR)
            .map_err(ConsultationError::RateLimited)?;
    }
    let key = hold::idempotency_key(headers.get("idempotency-key").map(|v| v.to_str().unwrap_or("\u{0}")))?;
    let holder = hold::Holder { user_id: caller.user_id, key: rate_key(ip) };
    let held = hold::create(&state, &raw, key.as_deref(), holder, now_unix()).await?;
    let mut conn = state.db.pool.acquire().await?;
    let body = view::render(&state, &mut conn, &held.booking, Some(&held.access_token)).await?;
    let status = if held.created { StatusCode::CREATED } else { StatusCode::OK };
    Ok((status, Json(body)).into_response())
}

pub async fn get(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    // A held booking whose payment could not be created yet gets another try.
    if booking.hold_is_live(now_unix()) && purchase::payment_of(&mut conn, &booking.id).await?.is_none() {
        if let Err(e) = payment::ensure(&state, &booking).await {
            tracing::warn!(booking = %booking.id, error = %e, "the payment was not created yet");
        }
    }
    let body = view::render(&state, &mut conn, &booking, None).await?;
    Ok(([(http::header::CACHE_CONTROL, "no-store")], Json(body)).into_response())
}

/// The sandbox card form (a test-mode deployment; with Stripe the card goes to Stripe). Anyone
/// holding the id may pay the held time, like a payment link, but only the booking's token or
/// its signed-in owner gets the booking back; an id alone learns nothing of it
/// (docs/decisions/007-consultation-bookings.md).
pub async fn pay(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    Path(id): Path<String>,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let id = access::booking_id(&id).ok_or(ConsultationError::NotFound)?;
    state.limiter.check_ip("consultation_payment_ip", ip, PAYMENTS_PER_IP_HOUR, HOUR).map_err(ConsultationError::RateLimited)?;
    state.limiter.check("consultation_payment_booking", &id, PAYMENTS_PER_BOOKING_HOUR, HOUR).map_err(ConsultationError::RateLimited)?;
    let mut conn = state.db.pool.acquire().await?;
    let booking = bookings::find(&mut conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    drop(conn);
    let confirmed = payment::pay_with_card(&state, booking, &body).await?;
    let mut conn = state.db.pool.acquire().await?;
    if !access::may_see(&mut conn, &confirmed, &caller).await? {
        return Ok(Json(json!({ "id": confirmed.id, "status": confirmed.status.as_str() })).into_response());
    }
    let body = view::render(&state, &mut conn, &confirmed, None).await?;
    Ok(Json(body).into_response())
}

pub async fn mine(ApiUser(caller): ApiUser, State(state): State<AppState>) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = bookings::of_user(&mut conn, &caller.user.id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for booking in &rows {
        items.push(view::render(&state, &mut conn, booking, None).await?);
    }
    Ok(([(http::header::CACHE_CONTROL, "no-store")], Json(json!({ "items": items }))).into_response())
}
