//! The public opinions (`GET opinions`, `GET opinions/{slug}`): what the experts concluded on
//! travellers' cases, without personal data, in the visitor's language where written.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::header::CACHE_CONTROL;
use serde::Deserialize;
use utoipa::IntoParams;

use super::super::case::opinions::{self, OpinionPage, OpinionSummaryList, CATEGORIES};
use super::super::error::{ConsultationError, ConsultationResult};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::{Lang, LangQuery};
use crate::platform::slug::Slug;
use crate::startup::AppState;

#[derive(Debug, Deserialize, IntoParams)]
pub struct OpinionsQuery {
    #[param(value_type = Option<Lang>)]
    lang: Option<String>,
    /// airline, airport, hotel, agency, rail, bus, insurance or other.
    category: Option<String>,
}

/// Published opinions, newest first.
#[utoipa::path(
    get,
    path = "/opinions",
    tag = "consultations",
    params(OpinionsQuery),
    responses(
        (status = 200, description = "The opinions", body = OpinionSummaryList),
        (status = 400, description = "`invalid_language`, `validation_failed` (`invalid_category`) or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_opinions(State(state): State<AppState>, ApiQuery(query): ApiQuery<OpinionsQuery>) -> ConsultationResult<Response> {
    let lang = Lang::from_query(query.lang.as_deref()).ok_or(ConsultationError::InvalidLang)?;
    let category = match query.category.as_deref().map(str::trim).filter(|c| !c.is_empty()) {
        Some(c) if CATEGORIES.contains(&c) => Some(c),
        Some(_) => return Err(ConsultationError::Validation(vec![("category", "invalid_category")])),
        None => None,
    };
    let mut conn = state.db.pool.acquire().await?;
    let items = opinions::published(&mut conn, lang, category).await?;
    Ok(([(CACHE_CONTROL, "public, max-age=60")], Json(OpinionSummaryList { items })).into_response())
}

/// One published opinion.
#[utoipa::path(
    get,
    path = "/opinions/{slug}",
    tag = "consultations",
    params(("slug" = String, Path, description = "The opinion's slug"), LangQuery),
    responses(
        (status = 200, description = "The opinion", body = OpinionPage),
        (status = 400, description = "`invalid_language`", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn opinion_page(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> ConsultationResult<Response> {
    let lang = Lang::from_query(query.lang.as_deref()).ok_or(ConsultationError::InvalidLang)?;
    let slug = Slug::parse(&slug).ok_or(ConsultationError::NotFound)?;
    let mut conn = state.db.pool.acquire().await?;
    let page = opinions::published_page(&mut conn, slug.as_str(), lang).await?.ok_or(ConsultationError::NotFound)?;
    Ok(([(CACHE_CONTROL, "public, max-age=60")], Json(page)).into_response())
}
