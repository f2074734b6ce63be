//! The consultants' calendars in the console: hours, languages, time off, and the bookings a
//! change left without a free consultant (to reassign, never dropped).

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;

use super::super::db::{cases, consultants};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::hours::WeeklyHours;
use super::super::input::parse_instant;
use super::super::team::{ConsultantRow, Team, TimeOffRow};
use super::views::{self, StaffBooking};
use super::REFUSALS;
use crate::auth::db::users;
use crate::auth::model::Email;
use crate::platform::db::{now_unix, rfc3339};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiJson;
use crate::platform::i18n::Lang;
use crate::platform::text::is_clean_line;
use crate::staff::audit;
use crate::staff::extract::StaffUser;
use crate::startup::AppState;

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct TimeOff {
    pub id: String,
    #[schema(format = DateTime)]
    pub starts_at: String,
    #[schema(format = DateTime)]
    pub ends_at: String,
    pub reason: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Consultant {
    pub id: String,
    #[schema(required = true)]
    pub user_id: Option<String>,
    #[schema(required = true)]
    pub email: Option<String>,
    pub name: String,
    /// IANA zone of the hours.
    pub time_zone: String,
    /// e.g. `mon-fri 09:00-17:00` or `mon-thu 09:00-13:00,14:00-18:00; fri 09:00-13:00`.
    pub weekly_hours: String,
    pub languages: Vec<Lang>,
    pub active: bool,
    pub time_off: Vec<TimeOff>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Availability {
    pub consultants: Vec<Consultant>,
    /// Upcoming consultations whose consultant no longer has the time (new hours, time off,
    /// inactive): to reassign.
    pub conflicts: Vec<StaffBooking>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ConsultantChange {
    pub consultant: Consultant,
    pub conflicts: Vec<StaffBooking>,
}

async fn consultant_view(conn: &mut sqlx::AnyConnection, row: &ConsultantRow, time_off: &[TimeOffRow]) -> sqlx::Result<Consultant> {
    let email = match &row.user_id {
        Some(id) => users::find_by_id(conn, id).await?.and_then(|u| u.email),
        None => None,
    };
    Ok(Consultant {
        id: row.id.clone(),
        user_id: row.user_id.clone(),
        email,
        name: row.name.clone(),
        time_zone: row.time_zone.clone(),
        weekly_hours: row.weekly_hours.clone(),
        languages: row.language_list(),
        active: row.active,
        time_off: time_off
            .iter()
            .filter(|off| off.consultant_id == row.id)
            .map(|off| TimeOff {
                id: off.id.clone(),
                starts_at: rfc3339(off.start_at),
                ends_at: rfc3339(off.end_at),
                reason: off.reason.clone(),
            })
            .collect(),
    })
}

/// Upcoming confirmed bookings that no longer fit their consultant's calendar.
async fn conflicts(state: &AppState, conn: &mut sqlx::AnyConnection, now: i64) -> ConsultationResult<Vec<StaffBooking>> {
    let team = Team::load(state, conn, now).await?;
    let upcoming = cases::upcoming(conn, now).await?;
    let stuck: Vec<_> =
        upcoming.into_iter().filter(|b| !team.member(&b.consultant_id).is_some_and(|m| m.still_fits(b.start_at, b.end_at))).collect();
    Ok(views::summaries(state, conn, &stuck).await?.items)
}

/// Every consultant's calendar, and the consultations to reassign.
#[utoipa::path(
    get,
    path = "/staff/availability",
    tag = "staff",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The calendars", body = Availability),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn staff_availability(_staff: StaffUser, State(state): State<AppState>) -> ConsultationResult<Json<Availability>> {
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let rows = consultants::all(&mut conn).await?;
    let time_off = consultants::time_off(&mut conn, now).await?;
    let mut list = Vec::new();
    for row in &rows {
        list.push(consultant_view(&mut conn, row, &time_off).await?);
    }
    let conflicts = conflicts(&state, &mut conn, now).await?;
    Ok(Json(Availability { consultants: list, conflicts }))
}

/// `PUT /staff/consultants/{id}` (and, with `email`, `POST /staff/consultants`).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Lucía Gómez", "time_zone": "America/Bogota", "weekly_hours": "mon-fri 09:00-17:00", "languages": ["es", "en"], "active": true}))]
pub struct ConsultantRequest {
    /// A staff member's e-mail (new consultants only).
    pub email: Option<String>,
    pub name: String,
    pub time_zone: String,
    pub weekly_hours: String,
    pub languages: Vec<String>,
    #[serde(default = "yes")]
    pub active: bool,
}

fn yes() -> bool {
    true
}

fn parse_consultant(body: &ConsultantRequest, id: String, user_id: Option<String>) -> ConsultationResult<ConsultantRow> {
    let mut errors = Vec::new();
    let name = body.name.trim();
    if !(2..=100).contains(&name.chars().count()) || !is_clean_line(name) {
        errors.push(("name", "invalid_name"));
    }
    if jiff::tz::TimeZone::get(body.time_zone.trim()).is_err() {
        errors.push(("time_zone", "invalid_time_zone"));
    }
    if WeeklyHours::parse(&body.weekly_hours).is_err() {
        errors.push(("weekly_hours", "invalid_hours"));
    }
    let mut languages: Vec<Lang> = body.languages.iter().filter_map(|code| Lang::from_code(code.trim())).collect();
    languages.sort_by_key(|l| l.code());
    languages.dedup();
    if languages.is_empty() || languages.len() != body.languages.len() {
        errors.push(("languages", "invalid_languages"));
    }
    if !errors.is_empty() {
        return Err(ConsultationError::Validation(errors));
    }
    Ok(ConsultantRow {
        id,
        user_id,
        name: name.to_owned(),
        time_zone: body.time_zone.trim().to_owned(),
        weekly_hours: body.weekly_hours.trim().to_owned(),
        languages: languages.iter().map(|l| l.code()).collect::<Vec<_>>().join(","),
        active: body.active,
    })
}

fn forbidden() -> ApiError {
    ApiError::new(StatusCode::FORBIDDEN, crate::platform::http::error::ErrorCode::NotAdmin, "Only admins may do this.")
}

/// Admins, and a consultant for their own calendar.
fn may_edit(staff: &StaffUser, row: &ConsultantRow) -> Result<(), ApiError> {
    if staff.require_admin().is_ok() || row.user_id.as_deref() == Some(staff.user.id.as_str()) {
        Ok(())
    } else {
        Err(forbidden())
    }
}

/// Makes a staff member a consultant with a calendar (admins only).
#[utoipa::path(
    post,
    path = "/staff/consultants",
    tag = "staff",
    security(("bearer" = [])),
    request_body(content = ConsultantRequest, content_type = "application/json"),
    responses(
        (status = 201, description = "The consultant", body = Consultant),
        (status = 400, description = "`validation_failed`: `invalid_name`, `invalid_time_zone`, `invalid_hours`, `invalid_languages`, `not_staff_email`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin`, or as every staff operation", body = ApiError),
        (status = 409, description = "`validation_failed`: already a consultant", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn add_consultant(
    staff: StaffUser,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<ConsultantRequest>,
) -> ConsultationResult<(StatusCode, Json<Consultant>)> {
    staff.require_admin()?;
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    let email = body.email.as_deref().and_then(|e| Email::parse(e).ok());
    let user = match &email {
        Some(email) => users::find_by_email(&mut tx, email.as_str()).await?,
        None => None,
    };
    let Some(user) = user.filter(|u| !crate::staff::roles::roles_of(u).is_empty()) else {
        return Err(ConsultationError::Validation(vec![("email", "not_staff_email")]));
    };
    if consultants::of_user(&mut tx, &user.id).await?.is_some() {
        return Err(ConsultationError::Validation(vec![("email", "already_consultant")]));
    }
    let row = parse_consultant(&body, uuid::Uuid::new_v4().to_string(), Some(user.id.clone()))?;
    consultants::insert(&mut tx, &row, now, false).await?;
    let view = consultant_view(&mut tx, &row, &[]).await?;
    audit::record(&mut tx, Some(&staff.user), "consultant.add", &format!("consultant:{}", row.id), None, Some(&json!(view))).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(view)))
}

/// Changes a consultant's name, zone, hours, languages or whether they take bookings. Existing
/// bookings stay: those that no longer fit are answered as conflicts, to reassign.
#[utoipa::path(
    put,
    path = "/staff/consultants/{id}",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The consultant's id")),
    request_body(content = ConsultantRequest, content_type = "application/json"),
    responses(
        (status = 200, description = "The consultant and the consultations to reassign", body = ConsultantChange),
        (status = 400, description = "`validation_failed`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin` (another consultant's calendar), or as every staff operation", body = ApiError),
        (status = 404, description = "`consultant_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn update_consultant(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ConsultantRequest>,
) -> ConsultationResult<Json<ConsultantChange>> {
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    let before = consultants::find(&mut tx, id.trim()).await?.ok_or(ConsultationError::ConsultantNotFound)?;
    may_edit(&staff, &before)?;
    let after = parse_consultant(&body, before.id.clone(), before.user_id.clone())?;
    consultants::update(&mut tx, &after, now).await?;
    let time_off = consultants::time_off(&mut tx, now).await?;
    let (old, new) = (consultant_view(&mut tx, &before, &time_off).await?, consultant_view(&mut tx, &after, &time_off).await?);
    audit::record(
        &mut tx,
        Some(&staff.user),
        "consultant.update",
        &format!("consultant:{}", after.id),
        Some(&json!(old)),
        Some(&json!(new)),
    )
    .await?;
    tx.commit().await?;
    let mut conn = state.db.pool.acquire().await?;
    let conflicts = conflicts(&state, &mut conn, now).await?;
    Ok(Json(ConsultantChange { consultant: new, conflicts }))
}

/// `POST /staff/consultants/{id}/time-off`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"starts_at": "2026-12-24T00:00:00Z", "ends_at": "2026-12-27T00:00:00Z", "reason": "Holidays"}))]
pub struct TimeOffRequest {
    #[schema(format = DateTime)]
    pub starts_at: String,
    #[schema(format = DateTime)]
    pub ends_at: String,
    #[serde(default)]
    pub reason: String,
}

/// Adds time off. Bookings inside it stay, and are answered as conflicts to reassign.
#[utoipa::path(
    post,
    path = "/staff/consultants/{id}/time-off",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The consultant's id")),
    request_body(content = TimeOffRequest, content_type = "application/json"),
    responses(
        (status = 201, description = "The consultant and the consultations to reassign", body = ConsultantChange),
        (status = 400, description = "`validation_failed`: `invalid_range`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin` (another consultant's calendar), or as every staff operation", body = ApiError),
        (status = 404, description = "`consultant_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn add_time_off(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<TimeOffRequest>,
) -> ConsultationResult<(StatusCode, Json<ConsultantChange>)> {
    let now = now_unix();
    let (start, end) = match (parse_instant(&body.starts_at), parse_instant(&body.ends_at)) {
        (Some(start), Some(end)) if end > start && end > now && end - start <= 366 * 86_400 => (start, end),
        _ => return Err(ConsultationError::Validation(vec![("ends_at", "invalid_range")])),
    };
    let reason = body.reason.trim();
    if reason.chars().count() > 200 || !is_clean_line(reason) {
        return Err(ConsultationError::Validation(vec![("reason", "invalid_reason")]));
    }
    let mut tx = state.db.begin_write().await?;
    let row = consultants::find(&mut tx, id.trim()).await?.ok_or(ConsultationError::ConsultantNotFound)?;
    may_edit(&staff, &row)?;
    let off = TimeOffRow {
        id: uuid::Uuid::new_v4().to_string(),
        consultant_id: row.id.clone(),
        start_at: start,
        end_at: end,
        reason: reason.to_owned(),
    };
    consultants::add_time_off(&mut tx, &off, now).await?;
    audit::record(
        &mut tx,
        Some(&staff.user),
        "consultant.time_off.add",
        &format!("consultant:{}", row.id),
        None,
        Some(&json!({"id": off.id, "starts_at": rfc3339(start), "ends_at": rfc3339(end), "reason": reason})),
    )
    .await?;
    let time_off = consultants::time_off(&mut tx, now).await?;
    let consultant = consultant_view(&mut tx, &row, &time_off).await?;
    tx.commit().await?;
    let mut conn = state.db.pool.acquire().await?;
    let conflicts = conflicts(&state, &mut conn, now).await?;
    Ok((StatusCode::CREATED, Json(ConsultantChange { consultant, conflicts })))
}

/// Removes time off.
#[utoipa::path(
    delete,
    path = "/staff/consultants/{id}/time-off/{time_off}",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The consultant's id"), ("time_off" = String, Path, description = "The time off's id")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin` (another consultant's calendar), or as every staff operation", body = ApiError),
        (status = 404, description = "`consultant_not_found`, `not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn remove_time_off(
    staff: StaffUser,
    State(state): State<AppState>,
    Path((id, off)): Path<(String, String)>,
) -> ConsultationResult<StatusCode> {
    let mut tx = state.db.begin_write().await?;
    let row = consultants::find(&mut tx, id.trim()).await?.ok_or(ConsultationError::ConsultantNotFound)?;
    may_edit(&staff, &row)?;
    if !consultants::remove_time_off(&mut tx, &row.id, off.trim()).await? {
        return Err(ConsultationError::NotFound);
    }
    audit::record(
        &mut tx,
        Some(&staff.user),
        "consultant.time_off.remove",
        &format!("consultant:{}", row.id),
        Some(&json!({"id": off})),
        None,
    )
    .await?;
    tx.commit().await?;
    Ok(StatusCode::NO_CONTENT)
}
