//! The manage link's changes: `POST bookings/{id}/cancel` and `POST bookings/{id}/reschedule`.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::super::error::ConsultationResult;
use super::super::service::access::{self, Caller};
use super::super::service::{manage, view};
use super::JsonObject;
use crate::startup::AppState;

pub async fn cancel(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    drop(conn);
    let cancelled = manage::cancel(&state, booking).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &cancelled, None).await?).into_response())
}

pub async fn reschedule(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    drop(conn);
    let moved = manage::reschedule(&state, booking, &body).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &moved, None).await?).into_response())
}
