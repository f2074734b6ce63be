//! Who may see and change a booking: the holder of one of its access tokens
//! (`X-Booking-Token`), or its owner signed in (`Authorization: Bearer`). Anything else —
//! including an id that does not exist — is the same 404, so ids cannot be probed.

use http::HeaderMap;
use sqlx::AnyConnection;

use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::BookingRow;
use super::super::token;
use crate::auth::jwt;
use crate::startup::AppState;

pub const TOKEN_HEADER: &str = "x-booking-token";

/// The canonical form of a booking id from a path, or None when it cannot be one.
pub fn booking_id(raw: &str) -> Option<String> {
    uuid::Uuid::parse_str(raw).ok().map(|id| id.to_string())
}

/// The verified user id of a bearer token, if the request carries a valid one.
pub fn bearer_user(state: &AppState, headers: &HeaderMap) -> Option<String> {
    let value = headers.get(http::header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.split_once(' ')?;
    if !scheme.eq_ignore_ascii_case("bearer") {
        return None;
    }
    let claims = jwt::verify(&state.auth.keys, token.trim()).ok()?;
    claims.sub.filter(|sub| uuid::Uuid::parse_str(sub).is_ok())
}

/// The booking, when the request may see it.
pub async fn authorize(state: &AppState, conn: &mut AnyConnection, raw_id: &str, headers: &HeaderMap) -> ConsultationResult<BookingRow> {
    let id = booking_id(raw_id).ok_or(ConsultationError::NotFound)?;
    let booking = bookings::find(conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    if let Some(presented) = headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|t| !t.is_empty()) {
        if bookings::token_opens(conn, &booking.id, &token::hash(presented)).await? {
            return Ok(booking);
        }
    }
    match (bearer_user(state, headers), &booking.user_id) {
        (Some(caller), Some(owner)) if &caller == owner => Ok(booking),
        _ => Err(ConsultationError::NotFound),
    }
}
