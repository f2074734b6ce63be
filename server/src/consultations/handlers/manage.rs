//! The manage link's changes: `POST bookings/{id}/cancel` and `POST bookings/{id}/reschedule`.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::super::api::{BookingView, RescheduleRequest};
use super::super::error::ConsultationResult;
use super::super::service::access::{self, Caller};
use super::super::service::{manage, view};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::JsonForm;
use crate::startup::AppState;

/// Cancels a booking: refunded in full until 24 hours before its start.
#[utoipa::path(
    post,
    path = "/consultations/bookings/{id}/cancel",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security(("booking_token" = []), ("bearer" = [])),
    responses(
        (status = 200, description = "Cancelled, with `refund_cents`", body = BookingView),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`not_changeable`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn cancel(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    drop(conn);
    let cancelled = manage::cancel(&state, booking).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &cancelled, None).await?).into_response())
}

/// Moves a confirmed booking to another free start of its plan.
#[utoipa::path(
    post,
    path = "/consultations/bookings/{id}/reschedule",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security(("booking_token" = []), ("bearer" = [])),
    request_body(content = RescheduleRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "Moved", body = BookingView),
        (status = 400, description = "`validation_failed` (`invalid_slot`, the card's fields) or `invalid_body`", body = ApiError),
        (status = 402, description = "`change_fee_required` with `fee_cents`, or the card was declined", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`slot_taken` with `next_slots`, `not_changeable` or `use_stripe`", body = ApiError),
        (status = 415, description = "`unsupported_media_type`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn reschedule(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonForm(body): JsonForm<RescheduleRequest>,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    drop(conn);
    let moved = manage::reschedule(&state, booking, &body).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &moved, None).await?).into_response())
}
