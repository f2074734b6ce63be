//! `GET plans`, `GET testimonials`, `GET slots`: what the help page shows before booking.

use super::super::api::{CatalogQuery, FreeSlots, PlanList, TestimonialList};
use super::super::db::plans;
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::SlotView;
use super::super::team::Team;
use crate::content;
use crate::platform::db::now_unix;
use crate::platform::http::encoded::json_text;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::{Lang, LangQuery};
use crate::startup::AppState;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::header::CACHE_CONTROL;
use http::HeaderMap;
use jiff::civil::Date;

/// The widest range one slots request may cover.
const MAX_RANGE_DAYS: i32 = 62;
/// The range when `to` is not given: two weeks.
const DEFAULT_RANGE_DAYS: i32 = 13;

fn lang_of(lang: Option<&str>) -> ConsultationResult<Lang> {
    Lang::from_query(lang).ok_or(ConsultationError::InvalidLang)
}

/// The plans on sale, in the asked language.
#[utoipa::path(
    get,
    path = "/consultations/plans",
    tag = "consultations",
    params(LangQuery),
    responses(
        (status = 200, description = "The plans", body = PlanList),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_plans(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LangQuery>,
    headers: HeaderMap,
) -> ConsultationResult<Response> {
    let lang = lang_of(query.lang.as_deref())?;
    // Plans come with the content (docs/decisions/016-page-cache.md): kept until it moves.
    let render = async {
        let mut conn = state.db.pool.acquire().await?;
        Ok::<_, ConsultationError>(Some(json_text(&PlanList { items: plans::active(&mut conn, lang).await? })))
    };
    Ok(state.shell.json_answer(&headers, format!("plans?lang={}", lang.code()), render).await?.unwrap_or_default())
}

/// The travellers' words, from the shipped content (the same the home page shows).
#[utoipa::path(
    get,
    path = "/consultations/testimonials",
    tag = "consultations",
    params(LangQuery),
    responses(
        (status = 200, description = "The testimonials", body = TestimonialList),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_testimonials(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<LangQuery>,
    headers: HeaderMap,
) -> ConsultationResult<Response> {
    let lang = lang_of(query.lang.as_deref())?;
    let render = async {
        Ok::<_, ConsultationError>(Some(json_text(&TestimonialList { items: content::db::testimonials(&state.db, lang).await? })))
    };
    Ok(state.shell.json_answer(&headers, format!("testimonials?lang={}", lang.code()), render).await?.unwrap_or_default())
}

fn parse_date(raw: Option<&str>) -> ConsultationResult<Option<Date>> {
    raw.map(|text| text.trim().parse::<Date>().map_err(|_| ConsultationError::InvalidRange)).transpose()
}

/// A plan's free starts between two days, in the consultants' zone; with `lang`, the starts
/// of the consultants who speak it.
#[utoipa::path(
    get,
    path = "/consultations/slots",
    tag = "consultations",
    params(CatalogQuery),
    responses(
        (status = 200, description = "The free starts", body = FreeSlots),
        (status = 400, description = "`invalid_plan`, `invalid_range` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_slots(State(state): State<AppState>, ApiQuery(query): ApiQuery<CatalogQuery>) -> ConsultationResult<Response> {
    let now = now_unix();
    let config = &state.config.consultations;
    let schedule = config.schedule();
    let mut conn = state.db.pool.acquire().await?;
    let plan_id = query.plan.as_deref().unwrap_or_default();
    let plan = plans::find(&mut conn, plan_id, Lang::En).await?.ok_or(ConsultationError::InvalidPlan)?;
    let from = parse_date(query.from.as_deref())?.unwrap_or_else(|| schedule.today(now));
    let to = match parse_date(query.to.as_deref())? {
        Some(to) => to,
        None => from.checked_add(jiff::Span::new().days(DEFAULT_RANGE_DAYS)).map_err(|_| ConsultationError::InvalidRange)?,
    };
    let days = (to - from).get_days();
    if to < from || days > MAX_RANGE_DAYS {
        return Err(ConsultationError::InvalidRange);
    }
    // Nothing can start before the notice or after the horizon.
    let first = schedule.today(now).max(from);
    let last = schedule.last_date(now).min(to);
    // With a language, only the consultants who speak it (decision 014).
    let lang = query.lang.as_deref().map(|code| lang_of(Some(code))).transpose()?;
    let slots = if first <= last {
        let team = Team::load(&state, &mut conn, now).await?;
        team.free_slots(&mut conn, lang, first, last, plan.duration_secs(), now).await?
    } else {
        Vec::new()
    };
    // The earliest free start, for a calendar that opens on the first day with room.
    let next_start = slots.first().map(|slot| SlotView::new(slot.start, slot.end).start);
    let slots: Vec<SlotView> = slots.into_iter().map(|slot| SlotView::new(slot.start, slot.end)).collect();
    let body = FreeSlots { plan: plan.id, time_zone: config.zone_name().to_owned(), next_start, slots };
    Ok(([(CACHE_CONTROL, "no-store")], Json(body)).into_response())
}
