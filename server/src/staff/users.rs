//! `/staff/users`: find a user, see their bookings and orders, ban or unban them, send their
//! confirmation again (admins only). Bans and mails go through the same admin service as
//! `/auth/v1/admin`; roles through `/staff/members/{id}/roles`. Everything is audit-logged.

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};

use super::audit;
use super::extract::{Admin, ADMIN_REFUSALS};
use super::roles::{roles_of, Role};
use crate::auth::db::users;
use crate::auth::model::{timestamp, UserRow};
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::startup::AppState;
use crate::store::console::{order_summaries_of_user, StaffOrderSummary};

fn internal(error: sqlx::Error) -> ApiError {
    ApiError::internal("staff users: database error", &error)
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserSummary {
    pub id: String,
    pub email: String,
    pub created_at: String,
    #[schema(required = true)]
    pub last_sign_in_at: Option<String>,
    #[schema(required = true)]
    pub email_confirmed_at: Option<String>,
    #[schema(required = true)]
    pub banned_until: Option<String>,
    pub roles: Vec<Role>,
}

impl From<&UserRow> for StaffUserSummary {
    fn from(user: &UserRow) -> StaffUserSummary {
        StaffUserSummary {
            id: user.id.clone(),
            email: user.email_or_empty().to_owned(),
            created_at: timestamp(user.created_at),
            last_sign_in_at: user.last_sign_in_at.map(timestamp),
            email_confirmed_at: user.email_confirmed_at.map(timestamp),
            banned_until: user.banned_until.map(timestamp),
            roles: roles_of(user),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserList {
    pub items: Vec<StaffUserSummary>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserBooking {
    pub id: String,
    pub plan: String,
    /// `held`, `confirmed`, `cancelled` or `expired`.
    pub status: String,
    #[schema(required = true)]
    pub starts_at: Option<String>,
    pub amount_cents: i64,
    pub currency: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffUserDetail {
    #[serde(flatten)]
    pub user: StaffUserSummary,
    pub bookings: Vec<StaffUserBooking>,
    pub orders: Vec<StaffOrderSummary>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UserQuery {
    /// Part of the e-mail; empty: the newest users.
    pub q: Option<String>,
}

/// Users whose e-mail contains `q`, newest first (50 at most).
#[utoipa::path(get, path = "/staff/users", tag = "staff", security(("bearer" = [])), params(UserQuery),
    responses(
        (status = 200, description = "The users", body = StaffUserList),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn search_users(
    _: Admin,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<UserQuery>,
) -> Result<Json<StaffUserList>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let found = users::search(&mut conn, query.q.as_deref().unwrap_or(""), 50).await.map_err(internal)?;
    Ok(Json(StaffUserList { items: found.iter().map(StaffUserSummary::from).collect() }))
}

type BookingRow = (String, String, String, i64, i64, String);

async fn detail(conn: &mut AnyConnection, user: &UserRow) -> Result<StaffUserDetail, ApiError> {
    let rows: Vec<BookingRow> = sqlx::query_as(
        "SELECT id, plan_id, status, start_at, amount_cents, currency FROM consultation_bookings WHERE user_id = $1 \
         ORDER BY start_at DESC LIMIT 100",
    )
    .bind(&user.id)
    .fetch_all(&mut *conn)
    .await
    .map_err(internal)?;
    let bookings = rows
        .into_iter()
        .map(|(id, plan, status, start_at, amount_cents, currency)| StaffUserBooking {
            id,
            plan,
            status,
            starts_at: Some(timestamp(start_at)),
            amount_cents,
            currency,
        })
        .collect();
    let orders = order_summaries_of_user(conn, &user.id).await.map_err(ApiError::from)?;
    Ok(StaffUserDetail { user: StaffUserSummary::from(user), bookings, orders })
}

async fn find(conn: &mut AnyConnection, id: &str) -> Result<UserRow, ApiError> {
    let user = crate::platform::ids::UserId::parse(id).map(|id| id.as_str().to_owned());
    let found = match user {
        Some(id) => users::find_by_id(conn, &id).await.map_err(internal)?,
        None => None,
    };
    found.ok_or_else(|| ApiError::new(StatusCode::NOT_FOUND, ErrorCode::UserNotFound, "No such user."))
}

/// A user with their bookings and orders.
#[utoipa::path(get, path = "/staff/users/{id}", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses(
        (status = 200, description = "The user", body = StaffUserDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`user_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn user_detail(_: Admin, State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<StaffUserDetail>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let user = find(&mut conn, &id).await?;
    Ok(Json(detail(&mut conn, &user).await?))
}

/// `POST /staff/users/{id}/ban`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"banned": true, "hours": 72}))]
pub struct BanRequest {
    pub banned: bool,
    /// How long (1 to 876,000 hours); none: until lifted.
    pub hours: Option<i64>,
}

/// Bans a user (they can no longer sign in or use their sessions) or lifts the ban.
#[utoipa::path(post, path = "/staff/users/{id}/ban", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")), request_body = BanRequest,
    responses(
        (status = 200, description = "The user", body = StaffUserDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`user_not_found`", body = ApiError),
        (status = 400, description = "`validation_failed` (hours; `banned`: `own_account`)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn ban_user(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<BanRequest>,
) -> Result<Json<StaffUserDetail>, ApiError> {
    let hours = body.hours.unwrap_or(876_000);
    if body.banned && !(1..=876_000).contains(&hours) {
        return Err(ApiError::fields([("hours", "invalid")]));
    }
    if body.banned && staff.user.id == id {
        return Err(ApiError::fields([("banned", "own_account")]));
    }
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let before = find(&mut tx, &id).await?;
    let duration = if body.banned { format!("{hours}h") } else { "none".to_owned() };
    let user = crate::auth::set_ban(&mut tx, &before.id, &duration).await?;
    audit::record(
        &mut tx,
        Some(&staff.user),
        if body.banned { "users.ban" } else { "users.unban" },
        &format!("user:{}", user.id),
        Some(&json!({"banned_until": before.banned_until.map(timestamp)})),
        Some(&json!({"banned_until": user.banned_until.map(timestamp)})),
    )
    .await
    .map_err(internal)?;
    let answer = detail(&mut tx, &user).await?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(answer))
}

/// Sends the sign-up confirmation again (only to an address not confirmed yet).
#[utoipa::path(post, path = "/staff/users/{id}/resend-confirmation", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The user's id")),
    responses(
        (status = 202, description = "Queued"),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`user_not_found`", body = ApiError),
        (status = 409, description = "`not_changeable` (the address is already confirmed)", body = ApiError),
        (status = 429, description = "`rate_limited` (the instance's mail quota)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn resend_confirmation(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<StatusCode, ApiError> {
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let user = find(&mut tx, &id).await?;
    if user.is_confirmed() {
        return Err(ApiError::new(StatusCode::CONFLICT, ErrorCode::NotChangeable, "This address is already confirmed."));
    }
    crate::auth::resend_confirmation(&mut tx, &state, &user).await?;
    audit::record(&mut tx, Some(&staff.user), "users.resend_confirmation", &format!("user:{}", user.id), None, None)
        .await
        .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(StatusCode::ACCEPTED)
}
