//! The 21-day case: the lists of what is due, the opinion (draft, approval, publication) and
//! the course of action.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::super::case::advice::{self, AdviceRequest};
use super::super::case::opinions::{self, Opinion, OpinionRequest, Refusal};
use super::super::case::{deliver, CaseState, PROMISE_SECS};
use super::super::db::{bookings as booking_db, cases};
use super::super::error::{ConsultationError, ConsultationResult};
use super::bookings::{begin, finish};
use super::views::{self, StaffBookingDetail, StaffBookingList};
use super::REFUSALS;
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::staff::audit;
use crate::staff::extract::StaffUser;
use crate::startup::AppState;

/// Due soon: within this many days.
const DUE_SOON_DAYS: i64 = 7;

#[derive(Debug, Deserialize, IntoParams)]
pub struct CasesQuery {
    /// `open` (default: the promise still to keep), `due_soon` (due within 7 days), `overdue`, `all`.
    filter: Option<String>,
}

/// Cases of confirmed consultations, due first.
#[utoipa::path(
    get,
    path = "/staff/cases",
    tag = "staff",
    security(("bearer" = [])),
    params(CasesQuery),
    responses(
        (status = 200, description = "The cases", body = StaffBookingList),
        (status = 400, description = "`invalid_query`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_cases(
    _staff: StaffUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<CasesQuery>,
) -> ConsultationResult<Json<StaffBookingList>> {
    use CaseState as S;
    let now = now_unix();
    let open = [S::Scheduled, S::Held, S::OpinionDrafted, S::OpinionPublished];
    let (states, started_before): (&[CaseState], i64) = match query.filter.as_deref().unwrap_or("open") {
        "open" => (&open, i64::MAX),
        // Due within 7 days, not yet overdue: the consultation was 14 to 21 days ago.
        "due_soon" => (&open, now - PROMISE_SECS + DUE_SOON_DAYS * 86_400),
        "overdue" => (&open, now - PROMISE_SECS),
        "all" => (&[S::Scheduled, S::Held, S::OpinionDrafted, S::OpinionPublished, S::AdviceSent, S::Closed], i64::MAX),
        _ => return Err(ConsultationError::Validation(vec![("filter", "invalid_filter")])),
    };
    let mut conn = state.db.pool.acquire().await?;
    let mut rows = cases::in_states(&mut conn, states, started_before).await?;
    if query.filter.as_deref() == Some("due_soon") {
        rows.retain(|b| super::super::case::due_at(b.start_at) > now);
    }
    Ok(Json(views::summaries(&state, &mut conn, &rows).await?))
}

/// Writes (or rewrites) the case's opinion as a draft, after the personal-data check.
#[utoipa::path(
    put,
    path = "/staff/bookings/{id}/opinion",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = OpinionRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The draft", body = Opinion),
        (status = 400, description = "`validation_failed` (per field)", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`case_state`: not held yet, or already published", body = ApiError),
        (status = 422, description = "`personal_data`: the fields that name the traveller, give an e-mail, the booking id or a phone", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn save_opinion(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<OpinionRequest>,
) -> ConsultationResult<Json<Opinion>> {
    let now = now_unix();
    let (booking, mut tx) = begin(&state, &id).await?;
    let draft = opinions::parse(&body, &booking).map_err(|refusal| match refusal {
        Refusal::Invalid(fields) => ConsultationError::Validation(fields),
        Refusal::PersonalData(fields) => ConsultationError::PersonalData(fields),
    })?;
    let movable = [CaseState::Held, CaseState::OpinionDrafted];
    if !cases::advance(&mut tx, &booking.id, &movable, CaseState::OpinionDrafted, None, now).await? {
        return Err(ConsultationError::CaseState);
    }
    let author = (staff.user.id.as_str(), staff.user.email_or_empty());
    if !opinions::save_draft(&mut tx, &booking, &draft, author, now).await? {
        return Err(ConsultationError::CaseState);
    }
    let opinion = opinions::of_booking(&mut tx, &booking.id).await?.ok_or(ConsultationError::NotFound)?;
    audit::record(&mut tx, Some(&staff.user), "opinion.draft", &format!("booking:{}", booking.id), None, Some(&json!(opinion))).await?;
    tx.commit().await?;
    Ok(Json(opinion))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct OpinionsQuery {
    /// `draft` (default: awaiting approval) or `published`.
    status: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OpinionList {
    pub items: Vec<Opinion>,
}

/// Opinions awaiting approval, or published.
#[utoipa::path(
    get,
    path = "/staff/opinions",
    tag = "staff",
    security(("bearer" = [])),
    params(OpinionsQuery),
    responses(
        (status = 200, description = "The opinions", body = OpinionList),
        (status = 400, description = "`validation_failed`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_opinions(
    _staff: StaffUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<OpinionsQuery>,
) -> ConsultationResult<Json<OpinionList>> {
    let status = match query.status.as_deref().unwrap_or("draft") {
        status @ ("draft" | "published") => status,
        _ => return Err(ConsultationError::Validation(vec![("status", "invalid_status")])),
    };
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(OpinionList { items: opinions::list(&mut conn, status).await? }))
}

/// Approves and publishes an opinion (an admin, or a consultant who did not write it); the
/// traveller is mailed its link.
#[utoipa::path(
    post,
    path = "/staff/opinions/{id}/approve",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The opinion's id")),
    responses(
        (status = 200, description = "The published opinion", body = Opinion),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`self_approval`, or as every staff operation", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`case_state`: already published", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn approve_opinion(staff: StaffUser, State(state): State<AppState>, Path(id): Path<String>) -> ConsultationResult<Json<Opinion>> {
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    let opinion = opinions::find(&mut tx, id.trim()).await?.ok_or(ConsultationError::NotFound)?;
    if opinion.author_id == staff.user.id {
        return Err(ConsultationError::SelfApproval);
    }
    let booking = booking_db::find(&mut tx, &opinion.booking_id).await?.ok_or(ConsultationError::NotFound)?;
    if !opinions::publish(&mut tx, &opinion.id, &staff.user.id, now).await?
        || !cases::advance(&mut tx, &booking.id, &[CaseState::OpinionDrafted], CaseState::OpinionPublished, None, now).await?
    {
        return Err(ConsultationError::CaseState);
    }
    let published = opinions::find(&mut tx, &opinion.id).await?.ok_or(ConsultationError::NotFound)?;
    deliver::opinion_published(&mut tx, &state.config, &booking, &published, now).await?;
    audit::record(
        &mut tx,
        Some(&staff.user),
        "opinion.publish",
        &format!("opinion:{}", opinion.id),
        Some(&json!({"status": "draft"})),
        Some(&json!({"status": "published", "url": published.url})),
    )
    .await?;
    // Every instance renders its pages again (the lists, the sitemap) when the content moves.
    crate::content::db::bump_version(&mut tx, now).await?;
    tx.commit().await?;
    if let Err(e) = crate::seo::refresh(&state.shell, &state.db).await {
        tracing::warn!(error = %e, "the pages were not refreshed after a publication; the next poll does it");
    }
    Ok(Json(published))
}

/// Sends the course of action to the traveller (e-mail with the PDF), once the opinion is out.
#[utoipa::path(
    post,
    path = "/staff/bookings/{id}/advice",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = AdviceRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 400, description = "`validation_failed`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`case_state`: the opinion is not published yet, or the plan was sent", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn send_advice(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<AdviceRequest>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let now = now_unix();
    let plan = advice::parse(&body).map_err(ConsultationError::Validation)?;
    let (booking, mut tx) = begin(&state, &id).await?;
    if !cases::advance(&mut tx, &booking.id, &[CaseState::OpinionPublished], CaseState::AdviceSent, None, now).await?
        || !advice::insert(&mut tx, &booking.id, &plan, &staff.user.id, now).await?
    {
        return Err(ConsultationError::CaseState);
    }
    deliver::course_of_action(&mut tx, &state.config, &booking, &plan, now).await?;
    finish(&state, &staff, "case.advice", booking, tx).await
}

/// Closes a case whose course of action was sent.
#[utoipa::path(
    post,
    path = "/staff/bookings/{id}/close",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`case_state`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn close_case(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let (booking, mut tx) = begin(&state, &id).await?;
    if !cases::advance(&mut tx, &booking.id, &[CaseState::AdviceSent], CaseState::Closed, None, now_unix()).await? {
        return Err(ConsultationError::CaseState);
    }
    finish(&state, &staff, "case.close", booking, tx).await
}
