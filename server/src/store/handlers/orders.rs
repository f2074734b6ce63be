//! Checkout: shipping options, the server's totals, placing the order, paying it, and the
//! order's page and downloads.

use std::time::Duration;

use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;

use super::catalog::lang_of;
use crate::auth::extract::{ApiUser, MaybeUser};
use crate::payments::api::CardRequest;
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery, JsonForm};
use crate::platform::token;
use crate::startup::AppState;
use crate::store::api::{Download, Order, OrderList, OrderRequest, QuoteRequest, ShippingOptions, ShippingQuery, Totals};
use crate::store::carts;
use crate::store::catalog::import::file_path;
use crate::store::catalog::read::CURRENCY;
use crate::store::error::{StoreError, StoreResult};
use crate::store::orders::access::{self, Caller};
use crate::store::orders::address::country_code;
use crate::store::orders::{downloads, payment, place, rows, view};
use crate::store::shipping;

const HOUR: Duration = Duration::from_secs(3600);

/// The methods that ship to a country, priced for a subtotal (free over the threshold).
#[utoipa::path(
    get,
    path = "/store/shipping",
    tag = "store",
    params(ShippingQuery),
    responses(
        (status = 200, description = "The methods", body = ShippingOptions),
        (status = 400, description = "`validation_failed` (`country`: `invalid_country`), `invalid_language` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn shipping_options(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ShippingQuery>,
) -> StoreResult<Json<ShippingOptions>> {
    let lang = lang_of(query.lang.as_deref())?;
    let country = query.country.as_deref().and_then(country_code).ok_or(StoreError::Validation(vec![("country", "invalid_country")]))?;
    let subtotal = query.subtotal_cents.as_deref().map(|s| s.trim().parse::<i64>().unwrap_or(0)).unwrap_or(0).max(0);
    let mut conn = state.db.pool.acquire().await?;
    let rules = shipping::settings(&mut conn).await?.ok_or(StoreError::NotShipped)?;
    Ok(Json(shipping::options(&rules, country, subtotal, lang)))
}

/// The totals of a cart as the order would charge them (the server's numbers only).
#[utoipa::path(
    post,
    path = "/store/quote",
    tag = "store",
    request_body = QuoteRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The totals", body = Totals),
        (status = 400, description = "`validation_failed` or `invalid_body`", body = ApiError),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = 422, description = "`shipping_unavailable`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn quote(State(state): State<AppState>, user: MaybeUser, ApiJson(body): ApiJson<QuoteRequest>) -> StoreResult<Json<Totals>> {
    let lang = lang_of(body.lang.as_deref())?;
    let now = now_unix();
    let mut conn = state.db.pool.acquire().await?;
    let user_id = user.0.as_ref().map(|u| u.user.id.clone());
    let cart = carts::open(&mut conn, body.cart_token.trim(), user_id.as_deref()).await?;
    let view = carts::view(&mut conn, &cart, lang, state.config.store.low_stock_threshold, now).await?;
    let discount = view.discount.as_ref().map_or(0, |d| d.amount_cents);
    let after_discount = view.subtotal_cents - discount;
    let shipping_cents = match (view.has_physical, body.country.as_deref()) {
        (false, _) | (true, None) => 0,
        (true, Some(raw)) => {
            let country = country_code(raw).ok_or(StoreError::Validation(vec![("country", "invalid_country")]))?;
            let rules = shipping::settings(&mut conn).await?.ok_or(StoreError::NotShipped)?;
            shipping::choose(&rules, country, body.shipping_method.as_deref(), after_discount).ok_or(StoreError::NotShipped)?.1
        }
    };
    Ok(Json(Totals {
        subtotal_cents: view.subtotal_cents,
        discount_cents: discount,
        shipping_cents,
        total_cents: after_discount + shipping_cents,
        currency: CURRENCY.to_owned(),
        taxes_included: true,
    }))
}

/// Places the order: the stock is reserved for `STORE_RESERVATION_SECS` while the buyer pays
/// (`Idempotency-Key` makes a retry answer the same order).
#[utoipa::path(
    post,
    path = "/store/orders",
    tag = "store",
    params(("Idempotency-Key" = Option<String>, Header, description = "1 to 255 visible ASCII characters: a retry with the same key and body answers the same order")),
    request_body = OrderRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 201, description = "The order, waiting for its payment, with `access_token` (its private link's token)", body = Order),
        (status = 200, description = "A retry of an earlier request with the same Idempotency-Key", body = Order),
        (status = 400, description = "`validation_failed` with `fields` (`invalid_email`, `invalid_language`, `shipping`: `required`, `shipping.*`: `required`, `too_long`, `invalid_characters`, `invalid_country`, `invalid_postal_code`, `invalid_phone`), `invalid_idempotency_key` or `invalid_body`", body = ApiError),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = 409, description = "`cart_empty`, `cart_changed` (with `cart`: accept the changes first) or `out_of_stock` (with `sku`, `available`)", body = ApiError),
        (status = 422, description = "`shipping_unavailable`, a discount refusal, or `idempotency_key_reused`", body = ApiError),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn place_order(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeUser,
    headers: HeaderMap,
    JsonForm(body): JsonForm<OrderRequest>,
) -> StoreResult<Response> {
    state.limiter.check_ip("store_order_ip", ip, state.config.store.orders_per_ip_hour, HOUR).await.map_err(StoreError::RateLimited)?;
    let key = token::idempotency_key(headers.get("idempotency-key").map(|v| v.to_str().unwrap_or("\u{0}")))
        .map_err(|_| StoreError::InvalidIdempotencyKey)?;
    let form = place::parse(&body)?;
    let user_id = user.0.as_ref().map(|u| u.user.id.clone());
    let placed = place::place(&state, &form, user_id.as_deref(), key.as_deref(), now_unix()).await?;
    // The payment is made now, so the buyer's browser gets what the card form needs.
    if placed.order.status == rows::PENDING {
        payment::ensure(&state, &placed.order).await?;
    }
    let mut conn = state.db.pool.acquire().await?;
    let order = view::view(&state, &mut conn, &placed.order, Some(placed.access_token)).await?;
    let status = if placed.replayed { StatusCode::OK } else { StatusCode::CREATED };
    Ok((status, Json(order)).into_response())
}

/// An order, for its private link's token or its signed-in owner.
#[utoipa::path(
    get,
    path = "/store/orders/{id}",
    tag = "store",
    params(("id" = String, Path, description = "The order's id")),
    security(("order_token" = []), ("bearer" = [])),
    responses(
        (status = 200, description = "The order", body = Order),
        (status = 404, description = "`order_not_found` (also for a wrong token)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_order(State(state): State<AppState>, caller: Caller, Path(id): Path<String>) -> StoreResult<Json<Order>> {
    let mut conn = state.db.pool.acquire().await?;
    let order = access::open(&mut conn, &id, &caller).await?;
    Ok(Json(view::view(&state, &mut conn, &order, None).await?))
}

/// The signed-in user's orders, newest first.
#[utoipa::path(
    get,
    path = "/store/orders",
    tag = "store",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The orders", body = OrderList),
        (status = 401, description = "`no_authorization`, `bad_jwt` or `session_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn my_orders(State(state): State<AppState>, ApiUser(user): ApiUser) -> StoreResult<Json<OrderList>> {
    let mut conn = state.db.pool.acquire().await?;
    let mut items = Vec::new();
    for order in rows::of_user(&mut conn, &user.user.id).await? {
        items.push(view::view(&state, &mut conn, &order, None).await?);
    }
    Ok(Json(OrderList { items }))
}

/// Pays a pending order with the sandbox card form (with Stripe, the Payment Element confirms it).
#[utoipa::path(
    post,
    path = "/store/orders/{id}/payment",
    tag = "store",
    params(("id" = String, Path, description = "The order's id")),
    request_body = CardRequest,
    security(("order_token" = []), ("bearer" = [])),
    responses(
        (status = 200, description = "The paid order", body = Order),
        (status = 400, description = "`validation_failed` with the card's `fields`, or `invalid_body`", body = ApiError),
        (status = 402, description = "`card_declined`, `insufficient_funds`, `expired_card`, `incorrect_cvc` or `processing_error`: the stock stays reserved for another card", body = ApiError),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = 409, description = "`already_paid`, `reservation_expired` or `use_stripe`", body = ApiError),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = 502, description = "`payment_provider_error`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn pay_order(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    Path(id): Path<String>,
    JsonForm(card): JsonForm<CardRequest>,
) -> StoreResult<Json<Order>> {
    state.limiter.check_ip("store_write_ip", ip, state.config.store.writes_per_ip_hour, HOUR).await.map_err(StoreError::RateLimited)?;
    let mut conn = state.db.pool.acquire().await?;
    let order = access::open(&mut conn, &id, &caller).await?;
    drop(conn);
    let paid = payment::pay_with_card(&state, order, &card).await?;
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(view::view(&state, &mut conn, &paid, None).await?))
}

/// A new link for a download: older links stop working; a new expiry and count start.
#[utoipa::path(
    post,
    path = "/store/orders/{id}/downloads/{download_id}/reissue",
    tag = "store",
    params(("id" = String, Path, description = "The order's id"), ("download_id" = String, Path, description = "The download's id")),
    security(("order_token" = []), ("bearer" = [])),
    responses(
        (status = 200, description = "The download with its new link", body = Download),
        (status = 404, description = "`order_not_found`", body = ApiError),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn reissue_download(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    Path((id, download_id)): Path<(String, String)>,
) -> StoreResult<Json<Download>> {
    state.limiter.check_ip("store_write_ip", ip, state.config.store.writes_per_ip_hour, HOUR).await.map_err(StoreError::RateLimited)?;
    let mut conn = state.db.pool.acquire().await?;
    let order = access::open(&mut conn, &id, &caller).await?;
    let row = downloads::reissue(&mut conn, &state.config.store, &order.id, &download_id, now_unix()).await?;
    let key = downloads::signing_key(&mut conn).await?;
    Ok(Json(downloads::view(state.config.site_origin(), &key, &row)))
}

#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SignedLink {
    /// Generation.
    g: i64,
    /// Expiry (Unix seconds).
    e: i64,
    /// Signature.
    s: String,
}

/// A digital product's file, through a signed link from the receipt or the order page.
#[utoipa::path(
    get,
    path = "/store/downloads/{download_id}",
    tag = "store",
    params(("download_id" = String, Path, description = "The download's id"), SignedLink),
    responses(
        (status = 200, description = "The file", content_type = "application/pdf", body = Vec<u8>),
        (status = 400, description = "`invalid_query`", body = ApiError),
        (status = 404, description = "`not_found`: not a link this site signed", body = ApiError),
        (status = 410, description = "`download_expired` or `download_used_up`: get a new link from the order", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn download(State(state): State<AppState>, Path(id): Path<String>, Query(link): Query<SignedLink>) -> StoreResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let key = downloads::signing_key(&mut conn).await?;
    let (sha, row) = downloads::take(&mut conn, &key, &id, link.g, link.e, &link.s, now_unix()).await?;
    drop(conn);
    let bytes = tokio::fs::read(file_path(&state.config.store.files_dir, &sha)).await?;
    let filename = format!("{}-{}.pdf", row.slug, row.lang);
    let mut response = Response::new(Body::from(bytes));
    let headers = response.headers_mut();
    headers.insert(http::header::CONTENT_TYPE, HeaderValue::from_static("application/pdf"));
    headers.insert(http::header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{filename}\"")) {
        headers.insert(http::header::CONTENT_DISPOSITION, value);
    }
    Ok(response)
}
