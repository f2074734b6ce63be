//! Who may see and change a booking: the holder of one of its access tokens
//! (`X-Booking-Token`), or its owner signed in (`Authorization: Bearer`, decided by the one
//! auth extractor, so a signed-out, expired or banned session opens nothing). Anything else —
//! including an id that does not exist — is the same 404, so ids cannot be probed.

use axum::extract::FromRequestParts;
use http::request::Parts;
use sqlx::AnyConnection;

use super::super::db::bookings;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::BookingRow;
use crate::auth::extract::MaybeUser;
use crate::platform::http::error::ApiError;
use crate::platform::ids::BookingId;
use crate::platform::token;
use crate::startup::AppState;

pub const TOKEN_HEADER: &str = "x-booking-token";

/// What a request brings to open a booking: a manage-link token and/or a signed-in user.
pub struct Caller {
    token: Option<String>,
    pub user_id: Option<String>,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        let token = parts.headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|t| !t.is_empty());
        Ok(Caller { token: token.map(str::to_owned), user_id: user.map(|u| u.user.id) })
    }
}

/// The canonical form of a booking id from a path, or None when it cannot be one.
pub fn booking_id(raw: &str) -> Option<String> {
    BookingId::parse(raw).map(BookingId::into_string)
}

/// The booking, when the caller may see it.
pub async fn authorize(conn: &mut AnyConnection, raw_id: &str, caller: &Caller) -> ConsultationResult<BookingRow> {
    let id = booking_id(raw_id).ok_or(ConsultationError::NotFound)?;
    let booking = bookings::find(conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    if may_see(conn, &booking, caller).await? {
        Ok(booking)
    } else {
        Err(ConsultationError::NotFound)
    }
}

/// True for the holder of one of the booking's tokens and for its signed-in owner.
pub async fn may_see(conn: &mut AnyConnection, booking: &BookingRow, caller: &Caller) -> ConsultationResult<bool> {
    if let Some(presented) = &caller.token {
        if bookings::token_opens(conn, &booking.id, &token::hash(presented)).await? {
            return Ok(true);
        }
    }
    Ok(caller.user_id.is_some() && caller.user_id == booking.user_id)
}
