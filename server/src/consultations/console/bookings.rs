//! The agenda and one booking: its outcome, meeting place, time, consultant and documents.

use axum::body::Body;
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::header::{CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_TYPE};
use serde::Deserialize;
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::super::case::CaseState;
use super::super::db::{cases, consultants};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::{parse_instant, Calendar};
use super::super::model::{BookingRow, BookingStatus};
use super::super::service::manage::{free_candidates, move_to, reassign as reassign_booking};
use super::super::service::view::plan_of;
use super::super::team::Team;
use super::views::{self, paid_booking, StaffBookingDetail, StaffBookingList};
use super::REFUSALS;
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::staff::audit;
use crate::staff::extract::StaffUser;
use crate::startup::AppState;

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AgendaQuery {
    /// The first day, `YYYY-MM-DD` (default today), in the caller's zone as a consultant (else the site's).
    #[param(value_type = Option<String>, format = Date)]
    from: Option<String>,
    /// The last day (default `from`; at most 31 days after it).
    #[param(value_type = Option<String>, format = Date)]
    to: Option<String>,
    /// `mine`, a consultant's id, or nothing for everyone.
    consultant: Option<String>,
}

/// Confirmed consultations between two days, by start.
#[utoipa::path(
    get,
    path = "/staff/bookings",
    tag = "staff",
    security(("bearer" = [])),
    params(AgendaQuery),
    responses(
        (status = 200, description = "The agenda", body = StaffBookingList),
        (status = 400, description = "`invalid_range`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_agenda(
    staff: StaffUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AgendaQuery>,
) -> ConsultationResult<Json<StaffBookingList>> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let mine = consultants::of_user(&mut conn, &staff.user.id).await?;
    let team = Team::load(&state, &mut conn, now).await?;
    let zone = mine.as_ref().and_then(|c| team.member(&c.id)).map_or(&team.site, |m| &m.schedule);
    let date =
        |raw: Option<&str>| raw.map(|d| d.trim().parse::<jiff::civil::Date>().map_err(|_| ConsultationError::InvalidRange)).transpose();
    let from = date(query.from.as_deref())?.unwrap_or_else(|| zone.today(now));
    let to = date(query.to.as_deref())?.unwrap_or(from);
    if to < from || (to - from).get_days() > 31 {
        return Err(ConsultationError::InvalidRange);
    }
    let consultant = match query.consultant.as_deref().map(str::trim) {
        Some("mine") => Some(mine.map_or_else(String::new, |c| c.id)),
        Some("") | None => None,
        Some(id) => Some(id.to_owned()),
    };
    // Somebody who is not a consultant has no bookings of their own.
    if consultant.as_deref() == Some("") {
        return Ok(Json(StaffBookingList { items: Vec::new() }));
    }
    let end = to.tomorrow().map_or(i64::MAX, |d| zone.day_start(d));
    let rows = cases::agenda(&mut conn, zone.day_start(from), end, consultant.as_deref()).await?;
    Ok(Json(views::summaries(&state, &mut conn, &rows).await?))
}

/// A booking with its case: message, documents, earlier bookings, opinion, plan, messages.
#[utoipa::path(
    get,
    path = "/staff/bookings/{id}",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    responses(
        (status = 200, description = "The booking", body = StaffBookingDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_booking(
    _staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = paid_booking(&mut conn, &id).await?;
    Ok(Json(views::detail(&state, &mut conn, &booking).await?))
}

/// `POST /staff/bookings/{id}/outcome`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"outcome": "held"}))]
pub struct OutcomeRequest {
    /// `held` (the case goes on) or `no_show` (the case closes).
    pub outcome: String,
}

/// Marks the consultation held or the traveller a no-show.
#[utoipa::path(
    post,
    path = "/staff/bookings/{id}/outcome",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = OutcomeRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 400, description = "`validation_failed`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`case_state`: already marked", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn set_outcome(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<OutcomeRequest>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let (outcome, next) = match body.outcome.trim() {
        "held" => ("held", CaseState::Held),
        "no_show" => ("no_show", CaseState::Closed),
        _ => return Err(ConsultationError::Validation(vec![("outcome", "invalid_outcome")])),
    };
    let (before, mut tx) = begin(&state, &id).await?;
    if !cases::advance(&mut tx, &before.id, &[CaseState::Scheduled], next, Some(outcome), now_unix()).await? {
        return Err(ConsultationError::CaseState);
    }
    finish(&state, &staff, "booking.outcome", before, tx).await
}

/// `PUT /staff/bookings/{id}/meeting`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"url": "https://meet.example.com/abc-defg-hij", "phone": null}))]
pub struct MeetingRequest {
    /// Another meeting link (https), or null for the generated one.
    pub url: Option<String>,
    /// A phone number the consultant will call, or null.
    pub phone: Option<String>,
}

fn parse_meeting(body: &MeetingRequest) -> ConsultationResult<(Option<String>, Option<String>)> {
    let url = body.url.as_deref().map(str::trim).filter(|u| !u.is_empty());
    let phone = body.phone.as_deref().map(str::trim).filter(|p| !p.is_empty());
    let mut errors = Vec::new();
    if let Some(url) = url {
        let ok = url::Url::parse(url).is_ok_and(|u| u.scheme() == "https" && u.host().is_some()) && url.len() <= 500;
        if !ok {
            errors.push(("url", "invalid_url"));
        }
    }
    if let Some(phone) = phone {
        let digits = phone.chars().filter(char::is_ascii_digit).count();
        let ok = (6..=20).contains(&digits) && phone.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c)) && phone.len() <= 40;
        if !ok {
            errors.push(("phone", "invalid_phone"));
        }
    }
    if errors.is_empty() {
        Ok((url.map(str::to_owned), phone.map(str::to_owned)))
    } else {
        Err(ConsultationError::Validation(errors))
    }
}

/// Sets where the consultation happens: another link and/or a phone number.
#[utoipa::path(
    put,
    path = "/staff/bookings/{id}/meeting",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = MeetingRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 400, description = "`validation_failed`: `invalid_url` (https only), `invalid_phone`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn set_meeting(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<MeetingRequest>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let (url, phone) = parse_meeting(&body)?;
    let (before, mut tx) = begin(&state, &id).await?;
    cases::set_meeting(&mut tx, &before.id, url.as_deref(), phone.as_deref(), now_unix()).await?;
    finish(&state, &staff, "booking.meeting", before, tx).await
}

/// `POST /staff/bookings/{id}/reschedule`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"start": "2026-12-02T15:00:00Z"}))]
pub struct StaffRescheduleRequest {
    #[schema(format = DateTime)]
    pub start: String,
}

/// Moves a consultation on the traveller's behalf: free, and the new invitation is mailed.
#[utoipa::path(
    post,
    path = "/staff/bookings/{id}/reschedule",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = StaffRescheduleRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 400, description = "`validation_failed`: `invalid_slot`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`slot_taken` (with `next_slots`), `not_changeable`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_reschedule(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<StaffRescheduleRequest>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let booking = paid_booking(&mut conn, &id).await?;
    if booking.status != BookingStatus::Confirmed || CaseState::parse(&booking.case_state) != CaseState::Scheduled {
        return Err(ConsultationError::NotChangeable);
    }
    let plan = plan_of(&mut conn, &booking).await?;
    let team = Team::load(&state, &mut conn, now).await?;
    // Staff may move a consultation inside the notice (they agreed it with the traveller).
    let start = parse_instant(&body.start)
        .filter(|&start| {
            start != booking.start_at && start > now && team.offers(start, plan.duration_secs(), start - team.site.min_notice_secs)
        })
        .ok_or(ConsultationError::Validation(vec![("start", "invalid_slot")]))?;
    let candidates = free_candidates(&mut conn, &team, &booking, plan.duration_secs(), start, now).await?;
    drop(conn);
    let moved = move_to(&state, &team, &booking, &plan, start, &candidates, now).await?;
    record(
        &state,
        &staff,
        "booking.reschedule",
        &booking.id,
        json!({"start": booking.start_at, "consultant": booking.consultant_id}),
        json!({"start": moved.start_at, "consultant": moved.consultant_id}),
    )
    .await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(views::detail(&state, &mut conn, &moved).await?))
}

/// `POST /staff/bookings/{id}/reassign`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"consultant_id": "main"}))]
pub struct ReassignRequest {
    pub consultant_id: String,
}

/// Gives a consultation to another consultant at the same time (admins, or the consultant who has it).
#[utoipa::path(
    post,
    path = "/staff/bookings/{id}/reassign",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id")),
    request_body(content = ReassignRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The booking now", body = StaffBookingDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin` (another consultant's consultation), or as every staff operation", body = ApiError),
        (status = 404, description = "`not_found`, `consultant_not_found`", body = ApiError),
        (status = 409, description = "`slot_taken`: the consultant is busy then, `not_changeable`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn reassign_consultant(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ReassignRequest>,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let booking = paid_booking(&mut conn, &id).await?;
    if booking.status != BookingStatus::Confirmed {
        return Err(ConsultationError::NotChangeable);
    }
    // Admins hand out the work; a consultant may give away only a consultation of their own.
    let own = consultants::of_user(&mut conn, &staff.user.id).await?.is_some_and(|c| c.id == booking.consultant_id);
    if !own {
        staff.require_admin()?;
    }
    let team = Team::load(&state, &mut conn, now).await?;
    let target = team.member(body.consultant_id.trim()).filter(|m| m.row.active).ok_or(ConsultationError::ConsultantNotFound)?;
    let plan = plan_of(&mut conn, &booking).await?;
    drop(conn);
    let target_id = target.row.id.clone();
    let moved = reassign_booking(&state, &team, &booking, &plan, &target_id, now).await?;
    record(
        &state,
        &staff,
        "booking.reassign",
        &booking.id,
        json!({"consultant": booking.consultant_id}),
        json!({"consultant": moved.consultant_id}),
    )
    .await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(views::detail(&state, &mut conn, &moved).await?))
}

/// A travel document, for staff only; every access is in the audit log.
#[utoipa::path(
    get,
    path = "/staff/bookings/{id}/documents/{document}",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The booking's id"), ("document" = String, Path, description = "The document's id")),
    responses(
        (status = 200, description = "The file, as an attachment", content_type = "application/octet-stream"),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_document(
    staff: StaffUser,
    State(state): State<AppState>,
    Path((id, document)): Path<(String, String)>,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = paid_booking(&mut conn, &id).await?;
    let (filename, stored, content_type) =
        cases::document(&mut conn, &booking.id, document.trim()).await?.ok_or(ConsultationError::NotFound)?;
    drop(conn);
    let bytes = tokio::fs::read(state.config.consultations.upload_dir.join(&booking.id).join(&stored)).await?;
    record(&state, &staff, "booking.document", &booking.id, json!(null), json!({"document": document, "filename": filename})).await?;
    // The name went through display_name at upload: no quotes or control characters.
    let disposition = format!("attachment; filename=\"{}\"", filename.replace('"', ""));
    Ok(([(CONTENT_TYPE, content_type), (CONTENT_DISPOSITION, disposition), (CACHE_CONTROL, "no-store".to_owned())], Body::from(bytes))
        .into_response())
}

/// One audit entry in its own transaction (for changes made by the shared services).
pub async fn record(
    state: &AppState,
    staff: &StaffUser,
    action: &str,
    booking_id: &str,
    before: serde_json::Value,
    after: serde_json::Value,
) -> ConsultationResult<()> {
    let mut tx = state.db.begin_write().await?;
    audit::record(&mut tx, Some(&staff.user), action, &format!("booking:{booking_id}"), Some(&before), Some(&after)).await?;
    tx.commit().await?;
    Ok(())
}

pub type Tx = sqlx::Transaction<'static, sqlx::Any>;

/// A change to one paid booking begins: the booking as it was, and the change's transaction.
pub async fn begin(state: &AppState, id: &str) -> ConsultationResult<(BookingRow, Tx)> {
    let mut conn = state.db.pool.acquire().await?;
    let before = paid_booking(&mut conn, id).await?;
    drop(conn);
    Ok((before, state.db.begin_write().await?))
}

/// The change is written to the audit log (the case before and after) in its transaction,
/// committed, and the booking answered as it now is.
pub async fn finish(
    state: &AppState,
    staff: &StaffUser,
    action: &str,
    before: BookingRow,
    mut tx: Tx,
) -> ConsultationResult<Json<StaffBookingDetail>> {
    let after = super::super::db::bookings::find(&mut tx, &before.id).await?.ok_or(ConsultationError::NotFound)?;
    let snapshot = |b: &BookingRow| json!({"case_state": b.case_state, "outcome": b.outcome, "meeting_url": b.meeting_url, "meeting_phone": b.meeting_phone});
    audit::record(&mut tx, Some(&staff.user), action, &format!("booking:{}", before.id), Some(&snapshot(&before)), Some(&snapshot(&after)))
        .await?;
    tx.commit().await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(views::detail(state, &mut conn, &after).await?))
}
