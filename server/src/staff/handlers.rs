//! `/api/v1/staff/me`, `/staff/members` (the team and its roles, admins only) and
//! `/staff/audit` (admins only).

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::{IntoParams, ToSchema};

use super::audit::{self, AuditEntry};
use super::extract::StaffUser;
use super::roles::{roles_of, with_roles, Role};
use crate::auth::db::users;
use crate::auth::model::UserRow;
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::startup::AppState;

fn internal(error: sqlx::Error) -> ApiError {
    ApiError::internal("staff: database error", &error)
}

/// A member of the team.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffMember {
    pub id: String,
    pub email: String,
    pub roles: Vec<Role>,
}

impl From<&UserRow> for StaffMember {
    fn from(user: &UserRow) -> StaffMember {
        StaffMember { id: user.id.clone(), email: user.email_or_empty().to_owned(), roles: roles_of(user) }
    }
}

/// The caller, as the console shows them.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffMe {
    #[serde(flatten)]
    pub member: StaffMember,
    /// `aal1` or `aal2`.
    pub aal: String,
    /// The caller's calendar, when they are one of the consultants.
    #[schema(required = true)]
    pub consultant: Option<crate::consultations::ConsultantCard>,
}

const REFUSALS: &str = "`no_authorization` (401); `not_staff`, `insufficient_aal` (403, when STAFF_REQUIRE_MFA), `bad_jwt`, `session_not_found`, `session_expired`, `user_banned` (403)";

/// Who is signed in to the console, with their roles.
#[utoipa::path(
    get,
    path = "/staff/me",
    tag = "staff",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller", body = StaffMe),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn me(staff: StaffUser, State(state): State<AppState>) -> Result<Json<StaffMe>, ApiError> {
    let aal = staff.session.as_ref().map_or_else(|| "aal1".to_owned(), |s| s.aal.clone());
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let consultant = crate::consultations::consultant_card(&mut conn, &staff.user.id).await.map_err(internal)?;
    Ok(Json(StaffMe { member: StaffMember::from(&staff.user), aal, consultant }))
}

/// The team: every user with a staff role (admins only).
#[utoipa::path(
    get,
    path = "/staff/members",
    tag = "staff",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The team", body = [StaffMember]),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin`, or as every staff operation", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn members(staff: StaffUser, State(state): State<AppState>) -> Result<Json<Vec<StaffMember>>, ApiError> {
    staff.require_admin()?;
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    Ok(Json(
        users::with_app_metadata_key(&mut conn, "roles")
            .await
            .map_err(internal)?
            .iter()
            .map(StaffMember::from)
            .filter(|m| !m.roles.is_empty())
            .collect(),
    ))
}

#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"roles": ["consultant"]}))]
pub struct RolesChange {
    /// The member's roles from now on (empty: no longer staff).
    pub roles: Vec<Role>,
}

/// Sets a user's staff roles (admins only); an admin cannot take the admin role from themselves.
#[utoipa::path(
    put,
    path = "/staff/members/{id}/roles",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    request_body(content = RolesChange, content_type = "application/json"),
    responses(
        (status = 200, description = "The member now", body = StaffMember),
        (status = 400, description = "`invalid_body`", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin`, or as every staff operation", body = ApiError),
        (status = 404, description = "`user_not_found`", body = ApiError),
        (status = 422, description = "`validation_failed`: an admin's own admin role", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn set_roles(
    staff: StaffUser,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(change): ApiJson<RolesChange>,
) -> Result<Json<StaffMember>, ApiError> {
    staff.require_admin()?;
    if id == staff.user.id && !change.roles.contains(&Role::Admin) {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            ErrorCode::ValidationFailed,
            "You cannot take the admin role from yourself.",
        ));
    }
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let mut user = users::find_by_id(&mut tx, &id)
        .await
        .map_err(internal)?
        .ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, ErrorCode::UserNotFound, "There is no such user."))?;
    let before = json!({ "roles": roles_of(&user) });
    user.app_metadata = with_roles(&user.app_metadata, &change.roles);
    user.updated_at = now_unix();
    users::save(&mut tx, &user).await.map_err(internal)?;
    let member = StaffMember::from(&user);
    audit::record(
        &mut tx,
        Some(&staff.user),
        "staff.roles",
        &format!("user:{}", user.id),
        Some(&before),
        Some(&json!({ "roles": member.roles })),
    )
    .await
    .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(member))
}

#[derive(Debug, Deserialize, IntoParams)]
pub struct AuditQuery {
    /// How many entries, newest first (1–200, default 50).
    limit: Option<i64>,
}

/// The audit log, newest first (admins only).
#[utoipa::path(
    get,
    path = "/staff/audit",
    tag = "staff",
    security(("bearer" = [])),
    params(AuditQuery),
    responses(
        (status = 200, description = "The latest staff actions", body = [AuditEntry]),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = "`not_admin`, or as every staff operation", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn audit_log(
    staff: StaffUser,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<AuditQuery>,
) -> Result<Json<Vec<AuditEntry>>, ApiError> {
    staff.require_admin()?;
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    Ok(Json(audit::latest(&mut conn, query.limit.unwrap_or(50).clamp(1, 200)).await.map_err(internal)?))
}
