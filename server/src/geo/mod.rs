//! The visitor's country, from a header set by a trusted proxy (DECISIONS: the browser never
//! asks a third party). Used only to suggest a language.

mod countries;

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use http::StatusCode;
use serde::Serialize;

use crate::startup::AppState;

#[derive(Debug, Serialize, PartialEq)]
pub struct Country {
    pub country_code: &'static str,
    pub country_name: &'static str,
}

pub fn router() -> Router<AppState> {
    Router::new().route("/geo", get(geo))
}

async fn geo(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let country = state
        .config
        .trusted_country_header
        .as_ref()
        .and_then(|name| headers.get(name))
        .and_then(|value| value.to_str().ok())
        .and_then(country_from_code);
    match country {
        Some(country) => Json(country).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    }
}

/// Proxies send placeholders for unknown origins (`XX`, Tor's `T1`): those are not countries.
pub fn country_from_code(raw: &str) -> Option<Country> {
    let code = raw.trim().to_ascii_uppercase();
    countries::COUNTRIES.iter().find(|(known, _)| *known == code).map(|(country_code, country_name)| Country { country_code, country_name })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_codes_have_names() {
        assert_eq!(country_from_code("br"), Some(Country { country_code: "BR", country_name: "Brazil" }));
        assert_eq!(country_from_code(" MX ").map(|c| c.country_name), Some("Mexico"));
    }

    #[test]
    fn placeholders_are_unknown() {
        assert_eq!(country_from_code("XX"), None);
        assert_eq!(country_from_code("T1"), None);
        assert_eq!(country_from_code(""), None);
    }
}
