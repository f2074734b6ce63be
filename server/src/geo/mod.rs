//! The visitor's country, from a header set by a trusted proxy (docs/product.md#language-suggestion: the browser never
//! asks a third party). Used only to suggest a language.

use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use serde::Serialize;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::platform::countries::iso as countries;
use crate::startup::AppState;

/// The visitor's country.
#[derive(Debug, Serialize, PartialEq, utoipa::ToSchema)]
pub struct Country {
    /// ISO 3166-1 alpha-2, upper case.
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country_code: &'static str,
    /// In English.
    pub country_name: &'static str,
}

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(geo))
}

/// The visitor's country, when a trusted proxy names it (`TRUSTED_COUNTRY_HEADER`).
#[utoipa::path(
    get,
    path = "/geo",
    tag = "geo",
    responses(
        (status = 200, description = "The country", body = Country),
        (status = 204, description = "Unknown: no trusted proxy header, or a placeholder such as XX"),
        (status = "default", description = "Any refusal", body = crate::platform::http::error::ApiError),
    )
)]
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
