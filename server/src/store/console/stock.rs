//! Stock from the console: the physical variants with their units, an adjustment with a reason
//! (the reservation's conditional update, so it never races a checkout, and audit-logged), and
//! the daily low-stock mail to the admins, sent once a day however many instances run.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};

use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::platform::i18n::Lang;
use crate::staff::audit;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::staff::roles::admin_emails;
use crate::startup::AppState;
use crate::store::catalog::answers::stock_moved;
use crate::store::error::{StoreError, StoreResult};

#[derive(Debug, Serialize, ToSchema)]
pub struct StockItem {
    pub sku: String,
    pub slug: String,
    /// In English, as the team reads it.
    pub product_name: String,
    pub variant_name: String,
    /// Units that can still be sold.
    pub stock: i64,
    /// At or under `STORE_LOW_STOCK_THRESHOLD`.
    pub low: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StockList {
    pub threshold: i64,
    pub items: Vec<StockItem>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct StockQuery {
    /// Only the variants at or under the threshold.
    #[serde(default)]
    pub low: bool,
}

type Row = (String, String, String, String, i64);

/// Physical variants, fewest units first (`sku` = one variant when given).
async fn items(conn: &mut AnyConnection, threshold: i64, only_low: bool, sku: Option<&str>) -> sqlx::Result<Vec<StockItem>> {
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT v.sku, v.slug, COALESCE(t.name, v.slug), v.names, v.stock FROM store_variants v \
         LEFT JOIN store_product_texts t ON t.slug = v.slug AND t.lang = 'en' \
         WHERE v.stock IS NOT NULL AND ($1 = 0 OR v.stock <= $2) AND ($3 = '' OR v.sku = $3) ORDER BY v.stock, v.sku",
    )
    .bind(i64::from(only_low))
    .bind(threshold)
    .bind(sku.unwrap_or(""))
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(sku, slug, product_name, names, stock)| {
            let names: serde_json::Value = serde_json::from_str(&names).unwrap_or_default();
            StockItem {
                sku,
                slug,
                product_name,
                variant_name: names["en"].as_str().unwrap_or("").to_owned(),
                stock,
                low: stock <= threshold,
            }
        })
        .collect())
}

/// Physical variants and their stock.
#[utoipa::path(
    get,
    path = "/staff/stock",
    tag = "staff",
    security(("bearer" = [])),
    params(StockQuery),
    responses(
        (status = 200, description = "The stock", body = StockList),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_stock(
    _: Admin,
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<StockQuery>,
) -> Result<Json<StockList>, ApiError> {
    let threshold = state.config.store.low_stock_threshold;
    let mut conn = state.db.pool.acquire().await.map_err(StoreError::from)?;
    Ok(Json(StockList { threshold, items: items(&mut conn, threshold, query.low, None).await.map_err(StoreError::from)? }))
}

/// `POST /staff/stock/{sku}`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"change": 20, "reason": "Delivery from the supplier"}))]
pub struct StockChange {
    /// Units to add (negative: to remove), not 0.
    pub change: i64,
    pub reason: String,
}

/// Adds or removes units of a variant; the stock never goes below zero.
pub async fn adjust(
    state: &AppState,
    sku: &str,
    change: &StockChange,
    actor: Option<&crate::auth::model::UserRow>,
) -> StoreResult<StockItem> {
    let reason = change.reason.trim();
    let mut errors = Vec::new();
    if change.change == 0 || change.change.abs() > 1_000_000 {
        errors.push(("change", "invalid"));
    }
    if reason.is_empty() || reason.chars().count() > 300 {
        errors.push(("reason", "required"));
    }
    if !errors.is_empty() {
        return Err(StoreError::Validation(errors));
    }
    let threshold = state.config.store.low_stock_threshold;
    let mut tx = state.db.begin_write().await?;
    let before = items(&mut tx, threshold, false, Some(sku)).await?.into_iter().next().ok_or(StoreError::VariantNotFound)?;
    let done = sqlx::query("UPDATE store_variants SET stock = stock + $2 WHERE sku = $1 AND stock IS NOT NULL AND stock + $2 >= 0")
        .bind(sku)
        .bind(change.change)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() == 0 {
        return Err(StoreError::StockBelowZero);
    }
    let after = items(&mut tx, threshold, false, Some(sku)).await?.into_iter().next().ok_or(StoreError::VariantNotFound)?;
    audit::record(
        &mut tx,
        actor,
        "store.stock",
        &format!("sku:{sku}"),
        Some(&json!({"stock": before.stock})),
        Some(&json!({"stock": after.stock, "change": change.change, "reason": reason})),
    )
    .await?;
    tx.commit().await?;
    stock_moved();
    Ok(after)
}

/// Adjusts a variant's stock with a reason (audit-logged).
#[utoipa::path(
    post,
    path = "/staff/stock/{sku}",
    tag = "staff",
    security(("bearer" = [])),
    params(("sku" = String, Path, description = "The variant's SKU")),
    request_body = StockChange,
    responses(
        (status = 200, description = "The variant after the change", body = StockItem),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found` (no physical variant with this SKU)", body = ApiError),
        (status = 409, description = "`stock_below_zero`", body = ApiError),
        (status = 400, description = "`validation_failed` (change, reason)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn adjust_stock(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(sku): Path<String>,
    ApiJson(body): ApiJson<StockChange>,
) -> Result<Json<StockItem>, ApiError> {
    Ok(Json(adjust(&state, &sku, &body, Some(&staff.user)).await?))
}

const CHECK_EVERY: Duration = Duration::from_secs(15 * 60);

pub fn spawn_low_stock_mail(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            // The first look waits too: start-up does nothing more for it.
            tokio::time::sleep(CHECK_EVERY).await;
            if let Err(e) = mail_low_stock(&state, now_unix()).await {
                tracing::warn!(error = %e, "the low-stock mail failed; it is tried again shortly");
            }
        }
    });
}

/// Once per UTC day: the admins get the variants at or under the threshold (none: no mail).
/// The day is claimed with a conditional upsert, so one instance sends it. True when sent.
pub async fn mail_low_stock(state: &AppState, now: i64) -> StoreResult<bool> {
    let day = crate::platform::db::rfc3339(now)[..10].to_owned();
    let threshold = state.config.store.low_stock_threshold;
    let mut tx = state.db.begin_write().await?;
    let low = items(&mut tx, threshold, true, None).await?;
    if low.is_empty() {
        return Ok(false);
    }
    let claimed = sqlx::query(
        "INSERT INTO store_settings (key, value) VALUES ('low_stock_mailed_on', $1) \
         ON CONFLICT (key) DO UPDATE SET value = excluded.value WHERE store_settings.value < excluded.value",
    )
    .bind(&day)
    .execute(&mut *tx)
    .await?;
    if claimed.rows_affected() == 0 {
        return Ok(false);
    }
    let items_text: String = low.iter().map(|i| format!("- {} — {} ({}): {}\n", i.product_name, i.variant_name, i.sku, i.stock)).collect();
    let items_html: String = low
        .iter()
        .map(|i| {
            let e = crate::platform::html::escape;
            format!(
                "<tr><td style=\"padding:4px 12px 4px 0;\">{} — {} ({})</td><td style=\"padding:4px 0;text-align:right;\">{}</td></tr>",
                e(&i.product_name),
                e(&i.variant_name),
                e(&i.sku),
                i.stock
            )
        })
        .collect();
    let items_html = format!("<table role=\"presentation\" style=\"border-collapse:collapse;margin:0 0 20px;\">{items_html}</table>");
    let console_url = format!("{}/staff/stock", state.config.site_origin());
    let threshold_text = threshold.to_string();
    let vars = [
        ("items_text", items_text.as_str()),
        ("items_html", items_html.as_str()),
        ("console_url", console_url.as_str()),
        ("threshold", threshold_text.as_str()),
    ];
    for email in admin_emails(&mut tx).await? {
        mail::enqueue(&mut tx, &state.config, NewEmail { to: &email, lang: Lang::En, kind: MailKind::StockLow, vars: &vars }).await?;
    }
    tx.commit().await?;
    Ok(true)
}
