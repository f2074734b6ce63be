//! The HTTP layer: parse at the edge, call the service, answer the contract's shape.

pub mod bookings;
pub mod catalog;
pub mod documents;
pub mod manage;

use axum::extract::{FromRequest, Request};
use serde_json::{Map, Value};

use super::error::ConsultationError;
use crate::startup::AppState;

/// A JSON object body; anything else is `bad_json`.
pub struct JsonObject(pub Map<String, Value>);

impl FromRequest<AppState> for JsonObject {
    type Rejection = ConsultationError;

    async fn from_request(request: Request, state: &AppState) -> Result<Self, Self::Rejection> {
        let axum::Json(value) = axum::Json::<Value>::from_request(request, state).await.map_err(|_| ConsultationError::BadJson)?;
        match value {
            Value::Object(map) => Ok(JsonObject(map)),
            _ => Err(ConsultationError::BadJson),
        }
    }
}
