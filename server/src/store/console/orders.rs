//! `/staff/orders`: the list with its filters, one order, shipping it and cancelling an unpaid one.

use axum::extract::{Path, State};
use axum::Json;
use serde::Deserialize;
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};

use super::views::{self, StaffOrderDetail, StaffOrderList, StaffOrderSummary};
use crate::payments::db as payments_db;
use crate::payments::dispatch::cancel_unpaid;
use crate::payments::PURCHASE;
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::staff::audit;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};
use crate::store::orders::rows::{self, OrderRow, COLUMNS};
use crate::store::orders::view::KIND;
use crate::store::orders::{expiry, fulfilment};

const PAGE_SIZE: i64 = 50;

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct OrderFilter {
    /// `pending_payment`, `paid`, `fulfilled`, `partially_refunded`, `refunded` or `canceled`.
    pub status: Option<String>,
    /// Placed on or after this day (UTC), `YYYY-MM-DD`.
    #[param(value_type = Option<String>, format = Date)]
    pub from: Option<String>,
    /// Placed on or before this day (UTC), `YYYY-MM-DD`.
    #[param(value_type = Option<String>, format = Date)]
    pub to: Option<String>,
    /// `digital` (nothing to ship) or `physical` (something to ship).
    pub kind: Option<String>,
    /// Part of the order number or of the buyer's e-mail.
    pub q: Option<String>,
    /// Orders that used this discount code.
    pub discount: Option<String>,
    /// 1-based.
    pub page: Option<i64>,
}

const STATUSES: [&str; 6] = ["pending_payment", "paid", "fulfilled", "partially_refunded", "refunded", "canceled"];

/// The start of a `YYYY-MM-DD` day in UTC, in unix seconds; `days` later for the day after.
pub fn day_start(raw: &str, days: i64) -> Option<i64> {
    let date: jiff::civil::Date = raw.trim().parse().ok()?;
    let start = date.to_zoned(jiff::tz::TimeZone::UTC).ok()?.timestamp().as_second();
    Some(start + days * 86_400)
}

/// The WHERE clause and its values (all text or numbers bound as parameters).
struct Filters {
    clauses: Vec<String>,
    values: Vec<Value>,
}

enum Value {
    Text(String),
    Number(i64),
}

impl Filters {
    fn parse(filter: &OrderFilter) -> StoreResult<Filters> {
        let mut f = Filters { clauses: Vec::new(), values: Vec::new() };
        let mut errors = Vec::new();
        let text = |v: &Option<String>| v.as_deref().map(str::trim).filter(|t| !t.is_empty()).map(str::to_owned);
        if let Some(status) = text(&filter.status) {
            if STATUSES.contains(&status.as_str()) {
                f.push("o.status = {}", Value::Text(status));
            } else {
                errors.push(("status", "invalid"));
            }
        }
        for (field, raw, days, op) in [("from", &filter.from, 0, ">="), ("to", &filter.to, 1, "<")] {
            if let Some(day) = text(raw) {
                match day_start(&day, days) {
                    Some(at) => f.push(&format!("o.created_at {op} {{}}"), Value::Number(at)),
                    None => errors.push((field, "invalid_date")),
                }
            }
        }
        match text(&filter.kind).as_deref() {
            None => {}
            Some("physical") => f.clauses.push(PHYSICAL.to_owned()),
            Some("digital") => f.clauses.push(format!("NOT {PHYSICAL}")),
            Some(_) => errors.push(("kind", "invalid")),
        }
        if let Some(q) = text(&filter.q) {
            let n = f.values.len() + 1;
            f.clauses.push(format!("(LOWER(o.number) LIKE ${n} ESCAPE '\\' OR LOWER(o.email) LIKE ${n} ESCAPE '\\')"));
            f.values.push(Value::Text(crate::platform::db::like_contains(&q)));
        }
        if let Some(code) = text(&filter.discount) {
            f.push("o.discount_code = {}", Value::Text(crate::store::discounts::normalize(&code)));
        }
        if errors.is_empty() {
            Ok(f)
        } else {
            Err(StoreError::Validation(errors))
        }
    }

    fn push(&mut self, clause: &str, value: Value) {
        self.values.push(value);
        self.clauses.push(clause.replace("{}", &format!("${}", self.values.len())));
    }

    fn sql(&self) -> String {
        if self.clauses.is_empty() {
            String::new()
        } else {
            format!(" WHERE {}", self.clauses.join(" AND "))
        }
    }

    fn bind<'q, O>(
        &'q self,
        mut query: sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::QueryAs<'q, sqlx::Any, O, sqlx::any::AnyArguments<'q>> {
        for value in &self.values {
            query = match value {
                Value::Text(t) => query.bind(t.as_str()),
                Value::Number(n) => query.bind(*n),
            };
        }
        query
    }
}

const PHYSICAL: &str = "EXISTS (SELECT 1 FROM store_order_lines l WHERE l.order_id = o.id AND l.kind = 'physical')";

#[derive(sqlx::FromRow)]
struct ListedOrder {
    #[sqlx(flatten)]
    order: OrderRow,
    physical_lines: i64,
    digital_lines: i64,
}

pub async fn summaries(conn: &mut AnyConnection, filter: &OrderFilter, page: i64) -> StoreResult<StaffOrderList> {
    let filters = Filters::parse(filter)?;
    let (total,): (i64,) =
        filters.bind(sqlx::query_as(&format!("SELECT COUNT(*) FROM store_orders o{}", filters.sql()))).fetch_one(&mut *conn).await?;
    let columns = COLUMNS.split(", ").map(|c| format!("o.{c}")).collect::<Vec<_>>().join(", ");
    let sql = format!(
        "SELECT {columns}, \
         (SELECT COUNT(*) FROM store_order_lines l WHERE l.order_id = o.id AND l.kind = 'physical') AS physical_lines, \
         (SELECT COUNT(*) FROM store_order_lines l WHERE l.order_id = o.id AND l.kind <> 'physical') AS digital_lines \
         FROM store_orders o{} ORDER BY o.created_at DESC, o.number DESC LIMIT {PAGE_SIZE} OFFSET {}",
        filters.sql(),
        (page - 1) * PAGE_SIZE
    );
    let rows: Vec<ListedOrder> = filters.bind(sqlx::query_as(&sql)).fetch_all(&mut *conn).await?;
    let items = rows.iter().map(|r| StaffOrderSummary::new(&r.order, r.physical_lines > 0, r.digital_lines > 0)).collect();
    Ok(StaffOrderList { items, total, page, page_size: PAGE_SIZE })
}

/// Orders, newest first, 50 a page.
#[utoipa::path(
    get,
    path = "/staff/orders",
    tag = "staff",
    security(("bearer" = [])),
    params(OrderFilter),
    responses(
        (status = 200, description = "A page of orders", body = StaffOrderList),
        (status = 400, description = "`validation_failed` (a filter is not valid)", body = ApiError),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_orders(
    _: Admin,
    State(state): State<AppState>,
    ApiQuery(filter): ApiQuery<OrderFilter>,
) -> Result<Json<StaffOrderList>, ApiError> {
    let page = filter.page.unwrap_or(1);
    if !(1..=10_000).contains(&page) {
        return Err(StoreError::Validation(vec![("page", "invalid")]).into());
    }
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    Ok(Json(summaries(&mut conn, &filter, page).await?))
}

async fn load(conn: &mut AnyConnection, id: &str) -> StoreResult<OrderRow> {
    rows::find(conn, id).await?.ok_or(StoreError::OrderNotFound)
}

pub async fn detail_of(state: &AppState, id: &str) -> StoreResult<StaffOrderDetail> {
    let mut conn = state.db.pool.acquire().await?;
    let order = load(&mut conn, id).await?;
    views::detail(&mut conn, order).await
}

/// One order with its lines, payments, refunds, address and timeline.
#[utoipa::path(
    get,
    path = "/staff/orders/{id}",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The order", body = StaffOrderDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn order_detail(_: Admin, State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<StaffOrderDetail>, ApiError> {
    Ok(Json(detail_of(&state, &id).await?))
}

/// `POST /staff/orders/{id}/ship`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"carrier": "CTT Expresso", "tracking_number": "EA123456789PT"}))]
pub struct ShipRequest {
    pub carrier: String,
    pub tracking_number: String,
}

/// Marks a paid order shipped with its carrier and tracking number, and mails the buyer in
/// their language.
#[utoipa::path(
    post,
    path = "/staff/orders/{id}/ship",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    request_body = ShipRequest,
    responses(
        (status = 200, description = "The order, shipped", body = StaffOrderDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = 409, description = "`not_shippable`", body = ApiError),
        (status = 400, description = "`validation_failed` (carrier, tracking_number)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn ship_order(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<ShipRequest>,
) -> Result<Json<StaffOrderDetail>, ApiError> {
    let order = fulfilment::mark_shipped(&state, &id, &body.carrier, &body.tracking_number, Some(&staff.user), now_unix()).await?;
    Ok(Json(detail_of(&state, &order.id).await?))
}

/// Cancels an order still waiting for payment: its units and discount use go back, its
/// payment is cancelled with the provider (one that succeeded meanwhile is refunded in full).
#[utoipa::path(
    post,
    path = "/staff/orders/{id}/cancel",
    tag = "staff",
    security(("bearer" = [])),
    params(("id" = String, Path, description = "The order's id")),
    responses(
        (status = 200, description = "The order, cancelled", body = StaffOrderDetail),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = 409, description = "`not_cancelable`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn cancel_order(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<StaffOrderDetail>, ApiError> {
    let now = now_unix();
    let mut tx = state.db.begin_write().await.map_err(StoreError::from)?;
    let order = load(&mut tx, &id).await?;
    if !expiry::cancel(&mut tx, &id, now).await.map_err(StoreError::from)? {
        return Err(StoreError::NotCancelable.into());
    }
    let target = format!("order:{}", order.number);
    audit::record(
        &mut tx,
        Some(&staff.user),
        "store.order_cancel",
        &target,
        Some(&json!({"status": order.status})),
        Some(&json!({"status": rows::CANCELED})),
    )
    .await
    .map_err(StoreError::from)?;
    tx.commit().await.map_err(StoreError::from)?;
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    let payment = payments_db::of_purchase(&mut conn, KIND, &id, PURCHASE).await.map_err(StoreError::from)?;
    drop(conn);
    if let Some(payment) = payment.filter(|p| matches!(p.status.as_str(), "requires_payment" | "processing")) {
        if let Err(e) = cancel_unpaid(&state, &payment).await {
            // The sweeper cancels it on its next pass (its pay_by has passed or will).
            tracing::warn!(order = %order.number, error = %e, "a cancelled order's payment was not cancelled yet");
        }
    }
    Ok(Json(detail_of(&state, &id).await?))
}
