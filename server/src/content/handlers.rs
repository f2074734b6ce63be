//! The content API (`/api/v1/posts`, `/api/v1/destinations`) and `/media/{name}`.

use axum::extract::{Path, Query, State};
use axum::response::Response;
use http::HeaderMap;
use serde::Deserialize;

use super::catalog::TRIP_TYPES;
use super::db;
use super::error::ContentError;
use super::model::{Cursor, DEFAULT_PAGE, MAX_PAGE};
use crate::platform::http::cached_json::{cached_json, revalidated};
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// Query strings are read as text and parsed here, so a bad value gets our error code.
#[derive(Debug, Default, Deserialize)]
pub struct RawQuery {
    lang: Option<String>,
    limit: Option<String>,
    cursor: Option<String>,
    kind: Option<String>,
    #[serde(rename = "type")]
    trip_type: Option<String>,
}

fn lang_of(raw: &RawQuery) -> Result<Lang, ContentError> {
    raw.lang.as_deref().map_or(Ok(Lang::En), |code| Lang::from_code(code).ok_or(ContentError::InvalidLang))
}

pub async fn list_posts(State(state): State<AppState>, Query(raw): Query<RawQuery>, headers: HeaderMap) -> Result<Response, ContentError> {
    let lang = lang_of(&raw)?;
    let limit = match raw.limit.as_deref() {
        None => DEFAULT_PAGE,
        Some(text) => text.parse::<u32>().ok().filter(|n| (1..=MAX_PAGE).contains(n)).ok_or(ContentError::InvalidLimit)?,
    };
    let cursor = raw.cursor.as_deref().map(|c| Cursor::decode(c).ok_or(ContentError::InvalidCursor)).transpose()?;
    let page = db::posts_page(&state.db, lang, limit, cursor.as_ref()).await?;
    Ok(cached_json(&headers, &page))
}

pub async fn get_post(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(raw): Query<RawQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(&raw)?;
    let post = db::post(&state.db, lang, &slug).await?.ok_or(ContentError::PostNotFound)?;
    Ok(cached_json(&headers, &post))
}

pub async fn list_destinations(
    State(state): State<AppState>,
    Query(raw): Query<RawQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(&raw)?;
    let kind = match raw.kind.as_deref() {
        None => None,
        Some(kind @ ("region" | "type" | "theme")) => Some(kind),
        Some(_) => return Err(ContentError::InvalidKind),
    };
    let trip_type = match raw.trip_type.as_deref() {
        None => None,
        Some(t) if TRIP_TYPES.contains(&t) => Some(t),
        Some(_) => return Err(ContentError::InvalidType),
    };
    let destinations = db::destinations(&state.db, lang, kind, trip_type).await?;
    Ok(cached_json(&headers, &serde_json::json!({ "items": destinations })))
}

pub async fn get_destination(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    Query(raw): Query<RawQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(&raw)?;
    let destination = db::destination(&state.db, lang, &slug).await?.ok_or(ContentError::DestinationNotFound)?;
    Ok(cached_json(&headers, &destination))
}

/// Illustrations, addressed by name; revalidated by their hash.
pub async fn media(State(state): State<AppState>, Path(name): Path<String>, headers: HeaderMap) -> Result<Response, ContentError> {
    let (content_type, sha256, bytes) = db::media(&state.db, &name).await?.ok_or(ContentError::MediaNotFound)?;
    let etag = format!("\"{}\"", &sha256[..32.min(sha256.len())]);
    Ok(revalidated(&headers, &etag, &content_type, "public, max-age=86400", bytes))
}
