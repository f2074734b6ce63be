//! Discount codes from the console: the list with their uses, a new code, pause and resume.

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::auth::model::timestamp;
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiJson;
use crate::staff::audit;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::startup::AppState;
use crate::store::discounts::{self, NewDiscount};
use crate::store::error::{StoreError, StoreResult};

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffDiscount {
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// Percent (1–100) or cents.
    pub amount: i64,
    #[schema(required = true)]
    pub min_subtotal_cents: Option<i64>,
    #[schema(required = true)]
    pub expires_at: Option<String>,
    #[schema(required = true)]
    pub max_uses: Option<i64>,
    /// Orders holding a use (waiting for payment or paid).
    pub uses: i64,
    pub active: bool,
    pub created_at: String,
    pub paid_orders: i64,
    pub discount_given_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct DiscountList {
    pub items: Vec<StaffDiscount>,
}

type Row = (String, String, i64, Option<i64>, Option<i64>, Option<i64>, i64, i64, i64, i64, i64);

async fn discounts_where(conn: &mut AnyConnection, code: Option<&str>) -> sqlx::Result<Vec<StaffDiscount>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT d.code, d.kind, d.amount, d.min_subtotal_cents, d.expires_at, d.max_uses, d.uses, d.active, d.created_at, \
         (SELECT COUNT(*) FROM store_orders o WHERE o.discount_code = d.code AND o.paid_at IS NOT NULL), \
         (SELECT CAST(COALESCE(SUM(o.discount_cents), 0) AS BIGINT) FROM store_orders o WHERE o.discount_code = d.code AND o.paid_at IS NOT NULL) \
         FROM store_discounts d WHERE ($1 = '' OR d.code = $1) ORDER BY d.created_at DESC, d.code",
    )
    .bind(code.unwrap_or(""))
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active, created_at, paid_orders, given)| StaffDiscount {
            code,
            kind,
            amount,
            min_subtotal_cents,
            expires_at: expires_at.map(timestamp),
            max_uses,
            uses,
            active: active != 0,
            created_at: timestamp(created_at),
            paid_orders,
            discount_given_cents: given,
        })
        .collect())
}

async fn one(conn: &mut AnyConnection, code: &str) -> StoreResult<StaffDiscount> {
    discounts_where(conn, Some(code)).await?.into_iter().next().ok_or(StoreError::Discount(crate::store::error::DiscountProblem::Unknown))
}

/// Every discount code with its uses.
#[utoipa::path(
    get,
    path = "/staff/discounts",
    tag = "staff",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The codes, newest first", body = DiscountList),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_discounts(_: Admin, State(state): State<AppState>) -> Result<Json<DiscountList>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    Ok(Json(DiscountList { items: discounts_where(&mut conn, None).await.map_err(StoreError::from)? }))
}

/// `POST /staff/discounts`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"code": "WELCOME10", "kind": "percent", "amount": 10, "max_uses": 100}))]
pub struct NewDiscountRequest {
    /// 3 to 32 letters, digits, `-` or `_` (kept in capitals).
    pub code: String,
    /// `percent` or `fixed`.
    pub kind: String,
    /// Percent (1–100) or cents (at least 1).
    pub amount: i64,
    pub min_subtotal_cents: Option<i64>,
    /// RFC 3339; in the future.
    pub expires_at: Option<String>,
    pub max_uses: Option<i64>,
}

fn parse(body: &NewDiscountRequest, now: i64) -> StoreResult<(String, NewDiscountFields)> {
    let mut errors = Vec::new();
    let code = discounts::normalize(&body.code);
    if !(3..=32).contains(&code.len()) || !code.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_') {
        errors.push(("code", "invalid"));
    }
    let percent = match body.kind.trim() {
        "percent" => true,
        "fixed" => false,
        _ => {
            errors.push(("kind", "invalid"));
            true
        }
    };
    if body.amount < 1 || (percent && body.amount > 100) || body.amount > 10_000_000 {
        errors.push(("amount", "invalid"));
    }
    if body.min_subtotal_cents.is_some_and(|m| m < 0) {
        errors.push(("min_subtotal_cents", "invalid"));
    }
    if body.max_uses.is_some_and(|m| m < 1) {
        errors.push(("max_uses", "invalid"));
    }
    let expires_at = match body.expires_at.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => None,
        Some(raw) => match raw.parse::<jiff::Timestamp>() {
            Ok(at) if at.as_second() > now => Some(at.as_second()),
            _ => {
                errors.push(("expires_at", "invalid"));
                None
            }
        },
    };
    if !errors.is_empty() {
        return Err(StoreError::Validation(errors));
    }
    Ok((code, NewDiscountFields { percent, expires_at }))
}

struct NewDiscountFields {
    percent: bool,
    expires_at: Option<i64>,
}

/// Creates a discount code.
#[utoipa::path(
    post,
    path = "/staff/discounts",
    tag = "staff",
    security(("bearer" = [])),
    request_body = NewDiscountRequest,
    responses(
        (status = 201, description = "The new code", body = StaffDiscount),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 409, description = "`discount_exists`", body = ApiError),
        (status = 400, description = "`validation_failed` (code, kind, amount, min_subtotal_cents, expires_at, max_uses)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn create_discount(
    Admin(staff): Admin,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<NewDiscountRequest>,
) -> Result<(http::StatusCode, Json<StaffDiscount>), ApiError> {
    let now = now_unix();
    let (code, fields) = parse(&body, now)?;
    let new = NewDiscount {
        code: &code,
        percent: fields.percent,
        amount: body.amount,
        min_subtotal_cents: body.min_subtotal_cents,
        expires_at: fields.expires_at,
        max_uses: body.max_uses,
    };
    let mut tx = state.db.begin_write().await.map_err(StoreError::from)?;
    if !discounts::create(&mut tx, &new, now).await.map_err(StoreError::from)? {
        return Err(StoreError::DiscountExists.into());
    }
    let created = one(&mut tx, &code).await?;
    let after = serde_json::to_value(&created).unwrap_or_default();
    audit::record(&mut tx, Some(&staff.user), "store.discount_create", &format!("discount:{code}"), None, Some(&after))
        .await
        .map_err(StoreError::from)?;
    tx.commit().await.map_err(StoreError::from)?;
    Ok((http::StatusCode::CREATED, Json(created)))
}

/// `POST /staff/discounts/{code}/active`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"active": false}))]
pub struct DiscountActive {
    pub active: bool,
}

/// Pauses (`active: false`) or resumes a code; orders already holding a use keep it.
#[utoipa::path(
    post,
    path = "/staff/discounts/{code}/active",
    tag = "staff",
    security(("bearer" = [])),
    params(("code" = String, Path, description = "The code")),
    request_body = DiscountActive,
    responses(
        (status = 200, description = "The code", body = StaffDiscount),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 422, description = "`discount_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn set_discount_active(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(code): Path<String>,
    ApiJson(body): ApiJson<DiscountActive>,
) -> Result<Json<StaffDiscount>, ApiError> {
    let code = discounts::normalize(&code);
    let mut tx = state.db.begin_write().await.map_err(StoreError::from)?;
    let before = one(&mut tx, &code).await?;
    sqlx::query("UPDATE store_discounts SET active = $2 WHERE code = $1")
        .bind(&code)
        .bind(i64::from(body.active))
        .execute(&mut *tx)
        .await
        .map_err(StoreError::from)?;
    let after = one(&mut tx, &code).await?;
    audit::record(
        &mut tx,
        Some(&staff.user),
        "store.discount_active",
        &format!("discount:{code}"),
        Some(&json!({"active": before.active})),
        Some(&json!({"active": after.active})),
    )
    .await
    .map_err(StoreError::from)?;
    tx.commit().await.map_err(StoreError::from)?;
    Ok(Json(after))
}
