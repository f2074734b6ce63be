//! `GET /api/v1/airports`: the airport search of the flight widget and the rights checker.

use axum::response::{IntoResponse, Response};
use axum::Json;
use http::header::CACHE_CONTROL;
use http::HeaderValue;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::search::search;
use super::table::Airport;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::Lang;

const DEFAULT_LIMIT: usize = 8;
const MAX_LIMIT: usize = 20;
const MAX_QUERY_CHARS: usize = 64;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AirportsQuery {
    /// A code (IATA, ICAO or a city's metropolitan code), a city in any of our languages, or part of a name;
    /// case and accents do not matter.
    #[param(min_length = 1, max_length = 64)]
    q: Option<String>,
    /// The language of the city names in the answer.
    #[param(value_type = Option<Lang>)]
    lang: Option<String>,
    /// How many airports (default 8).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 20)]
    limit: Option<String>,
}

/// One airport, its city in the language asked for.
#[derive(Debug, Serialize, ToSchema)]
pub struct AirportItem {
    #[schema(pattern = "^[A-Z0-9]{3}$", example = "MAD")]
    iata: &'static str,
    /// Null for the few airports without one.
    #[schema(required = true, example = "LEMD")]
    icao: Option<&'static str>,
    #[schema(example = "Madrid Barajas International Airport")]
    name: &'static str,
    #[schema(example = "Madrid")]
    city: &'static str,
    /// ISO 3166-1 alpha-2.
    #[schema(pattern = "^[A-Z]{2}$", example = "ES")]
    country: &'static str,
    lat: f64,
    lon: f64,
    /// IANA time zone.
    #[schema(example = "Europe/Madrid")]
    tz: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct AirportList {
    /// Best match first: the exact code, the city, then prefixes; larger airports first among equals.
    airports: Vec<AirportItem>,
}

impl AirportItem {
    fn of(airport: &'static Airport, lang: Lang) -> AirportItem {
        AirportItem {
            iata: airport.iata,
            icao: (!airport.icao.is_empty()).then_some(airport.icao),
            name: airport.name,
            city: airport.city(lang),
            country: airport.country,
            lat: airport.lat,
            lon: airport.lon,
            tz: airport.tz,
        }
    }
}

/// Airports by code, city or name, in the visitor's language.
#[utoipa::path(
    get,
    path = "/airports",
    tag = "airports",
    params(AirportsQuery),
    responses(
        (status = 200, description = "The airports that match, best first (none is an empty list)", body = AirportList),
        (status = 400, description = "`invalid_query` (no q, or longer than 64 characters), `invalid_language` or `invalid_limit`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn search_airports(ApiQuery(query): ApiQuery<AirportsQuery>) -> Result<Response, ApiError> {
    let text = query.q.as_deref().map(str::trim).unwrap_or_default();
    if text.is_empty() || text.chars().count() > MAX_QUERY_CHARS {
        return Err(ApiError::bad_request(ErrorCode::InvalidQuery, "q must be 1 to 64 characters: a code, a city or an airport's name."));
    }
    let lang = Lang::from_query(query.lang.as_deref())
        .ok_or_else(|| ApiError::bad_request(ErrorCode::InvalidLanguage, "lang must be en, es or pt."))?;
    let limit = match query.limit.as_deref() {
        None => DEFAULT_LIMIT,
        Some(raw) => raw
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_LIMIT).contains(n))
            .ok_or_else(|| ApiError::bad_request(ErrorCode::InvalidLimit, "limit must be a number from 1 to 20."))?,
    };
    let airports = search(text, lang, limit).into_iter().map(|airport| AirportItem::of(airport, lang)).collect();
    let mut response = Json(AirportList { airports }).into_response();
    // The table changes only with a new release of the server.
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    Ok(response)
}
