//! The HTTP layer: parse at the edge, call the service, answer the contract's shape.

pub mod bookings;
pub mod catalog;
pub mod documents;
pub mod manage;

use axum::extract::{FromRequest, Request};
use serde_json::{Map, Value};

use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiJson;
use crate::startup::AppState;

/// A JSON object body (`invalid_body` otherwise; 415 unless sent as JSON).
pub struct JsonObject(pub Map<String, Value>);

impl FromRequest<AppState> for JsonObject {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let ApiJson(map) = ApiJson::<Map<String, Value>>::from_request(request, state).await?;
        Ok(JsonObject(map))
    }
}
