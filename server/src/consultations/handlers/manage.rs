//! The manage link's changes: `POST bookings/{id}/cancel` and `POST bookings/{id}/reschedule`.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::HeaderMap;

use super::super::error::ConsultationResult;
use super::super::service::{access, manage, view};
use super::JsonObject;
use crate::startup::AppState;

pub async fn cancel(State(state): State<AppState>, Path(id): Path<String>, headers: HeaderMap) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&state, &mut conn, &id, &headers).await?;
    drop(conn);
    let cancelled = manage::cancel(&state, booking).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &cancelled, None).await?).into_response())
}

pub async fn reschedule(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    JsonObject(body): JsonObject,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&state, &mut conn, &id, &headers).await?;
    drop(conn);
    let moved = manage::reschedule(&state, booking, &body).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::render(&state, &mut conn, &moved, None).await?).into_response())
}
