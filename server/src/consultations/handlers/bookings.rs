//! `POST bookings` (hold a time), `GET bookings/{id}`, `POST bookings/{id}/payment`,
//! `GET my-bookings`.

use std::time::Duration;

use super::super::api::{BookingList, BookingRequest, BookingView, PaymentAnswer, PaymentReceipt};
use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::RawBooking;
use super::super::service::access::{self, Caller};
use super::super::service::{hold, payment, purchase, view};
use crate::auth::extract::ApiUser;
use crate::auth::model::Email;
use crate::payments::api::CardRequest;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::{rate_key, ClientIp};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::JsonForm;
use crate::startup::AppState;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderMap, StatusCode};

const HOUR: Duration = Duration::from_secs(3600);
/// Card attempts per booking and per client address, an hour (card testing is the abuse).
const PAYMENTS_PER_BOOKING_HOUR: u32 = 20;
const PAYMENTS_PER_IP_HOUR: u32 = 60;

/// Holds a free time for the booker while they pay (`Idempotency-Key` makes a retry safe).
#[utoipa::path(
    post,
    path = "/consultations/bookings",
    tag = "consultations",
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 visible ASCII characters: a retry with the same key and body answers the same booking")),
    request_body(content = BookingRequest, content_type = "application/json"),
    responses(
        (status = 201, description = "Held; `access_token` opens the booking (the manage link)", body = BookingView),
        (status = 200, description = "A retry of an earlier request with the same Idempotency-Key", body = BookingView),
        (status = 400, description = "`validation_failed` with `fields` (`name_too_short`, `name_too_long`, `invalid_characters`, `invalid_email`, `country_required`, `message_too_short`, `message_too_long`, `unknown_plan`, `invalid_slot`, `invalid_language`), `invalid_idempotency_key` or `invalid_body`", body = ApiError),
        (status = 409, description = "`slot_taken`, with `next_slots`", body = ApiError),
        (status = 413, description = "`payload_too_large`", body = ApiError),
        (status = 415, description = "`unsupported_media_type`", body = ApiError),
        (status = 422, description = "`idempotency_key_reused` with another body", body = ApiError),
        (status = 429, description = "`rate_limited` or `too_many_holds` (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn create(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    headers: HeaderMap,
    JsonForm(body): JsonForm<BookingRequest>,
) -> ConsultationResult<Response> {
    let limits = &state.config.consultations;
    state
        .limiter
        .check_ip("consultation_booking_ip", ip, limits.bookings_per_ip_hour, HOUR)
        .await
        .map_err(ConsultationError::RateLimited)?;
    let raw = RawBooking::from(body);
    if let Ok(email) = Email::parse(&raw.email) {
        state
            .limiter
            .check("consultation_booking_email", email.as_str(), limits.bookings_per_email_hour, HOUR)
            .await
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

/// A booking, for its manage link's token or its signed-in owner.
#[utoipa::path(
    get,
    path = "/consultations/bookings/{id}",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security(("booking_token" = []), ("bearer" = [])),
    responses(
        (status = 200, description = "The booking", body = BookingView),
        (status = 404, description = "`not_found`: no such booking, or not the caller's", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
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
#[utoipa::path(
    post,
    path = "/consultations/bookings/{id}/payment",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security((), ("booking_token" = []), ("bearer" = [])),
    request_body(content = CardRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "Paid: the booking for its token or owner, only its id and status otherwise", body = PaymentAnswer),
        (status = 400, description = "`validation_failed` with the card's `fields`, or `invalid_body`", body = ApiError),
        (status = 402, description = "`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc` or `processing_error`", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`hold_expired`, `already_paid`, `not_payable` or `use_stripe`", body = ApiError),
        (status = 415, description = "`unsupported_media_type`", body = ApiError),
        (status = 429, description = "`rate_limited` (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn pay(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    Path(id): Path<String>,
    JsonForm(card): JsonForm<CardRequest>,
) -> ConsultationResult<Response> {
    let id = access::booking_id(&id).ok_or(ConsultationError::NotFound)?;
    state.limiter.check_ip("consultation_payment_ip", ip, PAYMENTS_PER_IP_HOUR, HOUR).await.map_err(ConsultationError::RateLimited)?;
    state
        .limiter
        .check("consultation_payment_booking", &id, PAYMENTS_PER_BOOKING_HOUR, HOUR)
        .await
        .map_err(ConsultationError::RateLimited)?;
    let mut conn = state.db.pool.acquire().await?;
    let booking = bookings::find(&mut conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    drop(conn);
    let confirmed = payment::pay_with_card(&state, booking, &card).await?;
    let mut conn = state.db.pool.acquire().await?;
    if !access::may_see(&mut conn, &confirmed, &caller).await? {
        return Ok(Json(PaymentAnswer::Receipt(PaymentReceipt { id: confirmed.id, status: confirmed.status.as_str() })).into_response());
    }
    let body = view::render(&state, &mut conn, &confirmed, None).await?;
    Ok(Json(PaymentAnswer::Booking(Box::new(body))).into_response())
}

/// The signed-in user's bookings.
#[utoipa::path(
    get,
    path = "/consultations/my-bookings",
    tag = "consultations",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The bookings", body = BookingList),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn mine(ApiUser(caller): ApiUser, State(state): State<AppState>) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let rows = bookings::of_user(&mut conn, &caller.user.id).await?;
    let mut items = Vec::with_capacity(rows.len());
    for booking in &rows {
        items.push(view::render(&state, &mut conn, booking, None).await?);
    }
    Ok(([(http::header::CACHE_CONTROL, "no-store")], Json(BookingList { items })).into_response())
}
