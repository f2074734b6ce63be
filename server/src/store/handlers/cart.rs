//! The cart: guests reach theirs with its token, signed-in users also through `/store/cart`.

use std::time::Duration;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;

use super::catalog::lang_of;
use crate::auth::extract::{ApiUser, MaybeUser};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::platform::i18n::{Lang, LangQuery};
use crate::startup::AppState;
use crate::store::api::{Cart, CartLineRequest, DiscountRequest, MergeRequest};
use crate::store::carts::{self, CartRow};
use crate::store::discounts;
use crate::store::error::{StoreError, StoreResult};

const HOUR: Duration = Duration::from_secs(3600);

fn caller(user: &MaybeUser) -> Option<&str> {
    user.0.as_ref().map(|u| u.user.id.as_str())
}

async fn limit_writes(state: &AppState, ip: std::net::IpAddr) -> StoreResult<()> {
    state.limiter.check_ip("store_write_ip", ip, state.config.store.writes_per_ip_hour, HOUR).await.map_err(StoreError::RateLimited)
}

async fn answer(state: &AppState, cart: &CartRow, lang: Lang) -> StoreResult<Json<Cart>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(Json(carts::view(&mut conn, cart, lang, state.config.store.low_stock_threshold, now_unix()).await?))
}

/// Checks on a reading connection, then writes the line in one short write transaction.
async fn change_line(state: &AppState, token: &str, user_id: Option<&str>, sku: &str, quantity: i64) -> StoreResult<CartRow> {
    let mut conn = state.db.pool.acquire().await?;
    let cart = carts::open(&mut conn, token, user_id).await?;
    let price_cents = carts::check_line(&mut conn, sku, quantity).await?;
    drop(conn);
    let mut tx = state.db.begin_write_unsynced().await?;
    carts::write_line(&mut tx, &cart, sku, quantity, price_cents, now_unix()).await?;
    tx.commit().await?;
    Ok(cart)
}

/// Starts a guest cart: keep its `token` (it is the cart's only key).
#[utoipa::path(
    post,
    path = "/store/carts",
    tag = "store",
    params(LangQuery),
    responses(
        (status = 201, description = "A new, empty cart", body = Cart),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn create_cart(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Response> {
    let lang = lang_of(query.lang.as_deref())?;
    limit_writes(&state, ip).await?;
    let mut tx = state.db.begin_write_unsynced().await?;
    let cart = carts::create(&mut tx, now_unix()).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, answer(&state, &cart, lang).await?).into_response())
}

/// A cart with today's prices and stock, and what changed since its lines were added.
#[utoipa::path(
    get,
    path = "/store/carts/{token}",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), LangQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart", body = Cart),
        (status = 403, description = "`cart_not_yours`: the cart of a signed-in account", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_cart(
    State(state): State<AppState>,
    user: MaybeUser,
    Path(token): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let mut conn = state.db.pool.acquire().await?;
    let cart = carts::open(&mut conn, &token, caller(&user)).await?;
    drop(conn);
    answer(&state, &cart, lang).await
}

/// Sets how many of a variant the cart holds (0 removes it); more than is left is refused.
#[utoipa::path(
    put,
    path = "/store/carts/{token}/lines",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), LangQuery),
    request_body = CartLineRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart", body = Cart),
        (status = 400, description = "`invalid_quantity`, `invalid_body` or `invalid_language`", body = ApiError),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found` or `product_not_found`", body = ApiError),
        (status = 409, description = "`out_of_stock`, with `sku` and `available`", body = ApiError),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn set_line(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeUser,
    Path(token): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
    ApiJson(body): ApiJson<CartLineRequest>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    limit_writes(&state, ip).await?;
    let cart = change_line(&state, &token, caller(&user), body.sku.trim(), body.quantity).await?;
    answer(&state, &cart, lang).await
}

/// Removes a line.
#[utoipa::path(
    delete,
    path = "/store/carts/{token}/lines/{sku}",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), ("sku" = String, Path, description = "The variant's SKU"), LangQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart", body = Cart),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn remove_line(
    State(state): State<AppState>,
    user: MaybeUser,
    Path((token, sku)): Path<(String, String)>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let cart = change_line(&state, &token, caller(&user), &sku, 0).await?;
    answer(&state, &cart, lang).await
}

/// The buyer saw what changed: lines take today's prices and what is left in stock.
#[utoipa::path(
    post,
    path = "/store/carts/{token}/accept",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), LangQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart, without changes to show", body = Cart),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn accept_changes(
    State(state): State<AppState>,
    user: MaybeUser,
    Path(token): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let mut tx = state.db.begin_write_unsynced().await?;
    let cart = carts::open(&mut tx, &token, caller(&user)).await?;
    carts::accept_changes(&mut tx, &cart, now_unix()).await?;
    tx.commit().await?;
    answer(&state, &cart, lang).await
}

/// Applies a discount code (one per cart), if it applies to this cart now.
#[utoipa::path(
    put,
    path = "/store/carts/{token}/discount",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), LangQuery),
    request_body = DiscountRequest,
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart with its discount", body = Cart),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = 422, description = "`discount_not_found`, `discount_expired`, `discount_used_up` or `discount_minimum` (with `minimum_cents`)", body = ApiError),
        (status = 429, description = "`rate_limited`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn apply_discount(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    user: MaybeUser,
    Path(token): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
    ApiJson(body): ApiJson<DiscountRequest>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    // Guessing codes costs as much as changing a cart.
    limit_writes(&state, ip).await?;
    let now = now_unix();
    let mut tx = state.db.begin_write_unsynced().await?;
    let cart = carts::open(&mut tx, &token, caller(&user)).await?;
    let view = carts::view(&mut tx, &cart, lang, state.config.store.low_stock_threshold, now).await?;
    let rule = discounts::find(&mut tx, &body.code).await?;
    match &rule {
        Some(rule) if rule.check(view.subtotal_cents, now).is_ok() => carts::set_discount(&mut tx, &cart, Some(&rule.code), now).await?,
        _ => return Err(StoreError::Discount(discounts::refusal(rule.as_ref(), view.subtotal_cents, now))),
    }
    tx.commit().await?;
    let cart = CartRow { discount_code: rule.map(|r| r.code), ..cart };
    answer(&state, &cart, lang).await
}

/// Removes the discount code.
#[utoipa::path(
    delete,
    path = "/store/carts/{token}/discount",
    tag = "store",
    params(("token" = String, Path, description = "The cart's token"), LangQuery),
    security((), ("bearer" = [])),
    responses(
        (status = 200, description = "The cart", body = Cart),
        (status = 403, description = "`cart_not_yours`", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn remove_discount(
    State(state): State<AppState>,
    user: MaybeUser,
    Path(token): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let mut tx = state.db.begin_write_unsynced().await?;
    let cart = carts::open(&mut tx, &token, caller(&user)).await?;
    carts::set_discount(&mut tx, &cart, None, now_unix()).await?;
    tx.commit().await?;
    let cart = CartRow { discount_code: None, ..cart };
    answer(&state, &cart, lang).await
}

/// The signed-in user's cart (the same on every device), made on first use.
#[utoipa::path(
    get,
    path = "/store/cart",
    tag = "store",
    params(LangQuery),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user's cart", body = Cart),
        (status = 401, description = "`no_authorization`, `bad_jwt` or `session_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn my_cart(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    ApiQuery(query): ApiQuery<LangQuery>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let mut conn = state.db.pool.acquire().await?;
    let cart = match carts::find_of_user(&mut conn, &user.user.id).await? {
        Some(cart) => cart,
        None => {
            drop(conn);
            let mut tx = state.db.begin_write_unsynced().await?;
            let cart = carts::of_user(&mut tx, &user.user.id, now_unix()).await?;
            tx.commit().await?;
            cart
        }
    };
    answer(&state, &cart, lang).await
}

/// Moves a guest cart into the signed-in user's (quantities added, capped by stock); the guest
/// cart is gone afterwards.
#[utoipa::path(
    post,
    path = "/store/cart/merge",
    tag = "store",
    params(LangQuery),
    request_body = MergeRequest,
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The user's cart", body = Cart),
        (status = 401, description = "`no_authorization`, `bad_jwt` or `session_not_found`", body = ApiError),
        (status = 403, description = "`cart_not_yours`: the token is another account's cart", body = ApiError),
        (status = 404, description = "`cart_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn merge_cart(
    State(state): State<AppState>,
    ApiUser(user): ApiUser,
    ApiQuery(query): ApiQuery<LangQuery>,
    ApiJson(body): ApiJson<MergeRequest>,
) -> StoreResult<Json<Cart>> {
    let lang = lang_of(query.lang.as_deref())?;
    let now = now_unix();
    let mut tx = state.db.begin_write_unsynced().await?;
    let mine = carts::of_user(&mut tx, &user.user.id, now).await?;
    let guest = carts::open(&mut tx, body.token.trim(), Some(&user.user.id)).await?;
    carts::merge(&mut tx, &guest, &mine, now).await?;
    tx.commit().await?;
    answer(&state, &mine, lang).await
}
