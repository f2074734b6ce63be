//! The content API (`/api/v1/posts`, `/api/v1/destinations`) and `/media/{name}`.

use axum::extract::{Path, State};
use axum::response::Response;
use http::HeaderMap;
use serde::Deserialize;
use utoipa::IntoParams;

use super::catalog::TRIP_TYPES;
use super::db;
use super::error::ContentError;
use super::model::{Cursor, DestinationDetail, DestinationKind, DestinationList, PostDetail, PostPage, DEFAULT_PAGE, MAX_PAGE};
use crate::platform::http::cached_json::revalidated;
use crate::platform::http::encoded::json_text;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::{Lang, LangQuery};
use crate::startup::AppState;

/// A page of posts. Query strings are read as text and parsed here, so a bad value gets our code.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PostsQuery {
    #[param(value_type = Option<Lang>)]
    lang: Option<String>,
    /// How many posts (default 9).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 50)]
    limit: Option<String>,
    /// The `next_cursor` of the previous page, as given.
    #[param(min_length = 1)]
    cursor: Option<String>,
}

/// Destinations, all or of one kind (and, for trip types, one type).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DestinationsQuery {
    #[param(value_type = Option<Lang>)]
    lang: Option<String>,
    #[param(value_type = Option<DestinationKind>, inline)]
    kind: Option<String>,
    #[serde(rename = "type")]
    #[param(rename = "type", value_type = Option<TripType>, inline)]
    trip_type: Option<String>,
}

/// The trip types of the home page's filter (`?type=`), documented like `DestinationKind`.
#[derive(serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
enum TripType {
    Beaches,
    Mountains,
    Cities,
    Cultural,
}

fn lang_of(raw: Option<&str>) -> Result<Lang, ContentError> {
    Lang::from_query(raw).ok_or(ContentError::InvalidLang)
}

/// Posts, newest first, a page at a time (keyset pages: follow `next_cursor`).
#[utoipa::path(
    get,
    path = "/posts",
    tag = "content",
    params(PostsQuery),
    responses(
        (status = 200, description = "A page of posts", body = PostPage),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language`, `invalid_limit`, `invalid_cursor` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_posts(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<PostsQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(query.lang.as_deref())?;
    let limit = match query.limit.as_deref() {
        None => DEFAULT_PAGE,
        Some(text) => text.parse::<u32>().ok().filter(|n| (1..=MAX_PAGE).contains(n)).ok_or(ContentError::InvalidLimit)?,
    };
    let cursor = query.cursor.as_deref().map(|c| Cursor::decode(c).ok_or(ContentError::InvalidCursor)).transpose()?;
    let key = format!("posts?lang={}&limit={limit}&cursor={}", lang.code(), query.cursor.as_deref().unwrap_or_default());
    let render = async { Ok(Some(json_text(&db::posts_page(&state.db, lang, limit, cursor.as_ref()).await?))) };
    answer(&state, &headers, key, render).await?.ok_or(ContentError::PostNotFound)
}

/// One post, with its text, destinations and related posts.
#[utoipa::path(
    get,
    path = "/posts/{slug}",
    tag = "content",
    params(("slug" = String, Path, description = "The post's slug"), LangQuery),
    responses(
        (status = 200, description = "The post", body = PostDetail),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language` or `invalid_query`", body = ApiError),
        (status = 404, description = "`post_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_post(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(query.lang.as_deref())?;
    let render = async { Ok(db::post(&state.db, lang, &slug).await?.as_ref().map(json_text)) };
    answer(&state, &headers, format!("post/{slug}?lang={}", lang.code()), render).await?.ok_or(ContentError::PostNotFound)
}

/// Destination collections: regions, trip types and themes.
#[utoipa::path(
    get,
    path = "/destinations",
    tag = "content",
    params(DestinationsQuery),
    responses(
        (status = 200, description = "The destinations", body = DestinationList),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language`, `invalid_kind`, `invalid_type` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_destinations(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<DestinationsQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(query.lang.as_deref())?;
    let kind = match query.kind.as_deref() {
        None => None,
        Some(kind @ ("region" | "type" | "theme")) => Some(kind),
        Some(_) => return Err(ContentError::InvalidKind),
    };
    let trip_type = match query.trip_type.as_deref() {
        None => None,
        Some(t) if TRIP_TYPES.contains(&t) => Some(t),
        Some(_) => return Err(ContentError::InvalidType),
    };
    let key = format!("destinations?lang={}&kind={}&type={}", lang.code(), kind.unwrap_or_default(), trip_type.unwrap_or_default());
    let render = async { Ok(Some(json_text(&DestinationList { items: db::destinations(&state.db, lang, kind, trip_type).await? }))) };
    answer(&state, &headers, key, render).await?.ok_or(ContentError::DestinationNotFound)
}

/// One destination, with its text and posts.
#[utoipa::path(
    get,
    path = "/destinations/{slug}",
    tag = "content",
    params(("slug" = String, Path, description = "The destination's slug"), LangQuery),
    responses(
        (status = 200, description = "The destination", body = DestinationDetail),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language` or `invalid_query`", body = ApiError),
        (status = 404, description = "`destination_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_destination(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
    headers: HeaderMap,
) -> Result<Response, ContentError> {
    let lang = lang_of(query.lang.as_deref())?;
    let render = async { Ok(db::destination(&state.db, lang, &slug).await?.as_ref().map(json_text)) };
    answer(&state, &headers, format!("destination/{slug}?lang={}", lang.code()), render).await?.ok_or(ContentError::DestinationNotFound)
}

/// The kept answer for `key` (rendered now when missing), precompressed, with its ETag.
async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    key: String,
    render: impl std::future::Future<Output = Result<Option<String>, ContentError>>,
) -> Result<Option<Response>, ContentError> {
    state.shell.json_answer(headers, key, render).await
}

/// Illustrations, addressed by name; revalidated by their hash.
pub async fn media(State(state): State<AppState>, Path(name): Path<String>, headers: HeaderMap) -> Result<Response, ContentError> {
    let (content_type, sha256, bytes) = db::media(&state.db, &name).await?.ok_or(ContentError::MediaNotFound)?;
    let etag = format!("\"{}\"", &sha256[..32.min(sha256.len())]);
    Ok(revalidated(&headers, &etag, &content_type, "public, max-age=86400", bytes))
}
