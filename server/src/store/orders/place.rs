//! Placing an order (docs/decisions/011-store.md): in one write transaction the cart's lines
//! are priced from the database, every physical unit is reserved with a conditional update
//! the database enforces (`stock >= quantity`, never read-then-write), a discount use is
//! taken the same way, and the order is written with its number. The payment is created with
//! the provider after the commit; a retry with the same Idempotency-Key answers the same order.

use crate::store::catalog::answers::stock_moved;
use sqlx::AnyConnection;

use super::address::{country_code, parse_address};
use super::rows::{self, OrderRow, PENDING};
use crate::platform::email::Email;
use crate::platform::i18n::Lang;
use crate::platform::token::{self, unseal, AccessToken};
use crate::startup::AppState;
use crate::store::api::{Address, OrderRequest};
use crate::store::carts::{self, CartRow};
use crate::store::catalog::read::CURRENCY;
use crate::store::discounts;
use crate::store::error::{FieldErrors, StoreError, StoreResult};
use crate::store::shipping;

/// A checked order form.
pub struct OrderForm {
    pub cart_token: String,
    pub email: String,
    pub language: Lang,
    pub shipping: Option<Address>,
    pub shipping_method: Option<String>,
}

impl OrderForm {
    /// What a retry must repeat to be the same request.
    fn digest(&self) -> String {
        token::hash(&format!("{}\u{0}{}\u{0}{}\u{0}{:?}", self.cart_token, self.email, self.language.code(), self.shipping_method))
    }
}

pub fn parse(raw: &OrderRequest) -> StoreResult<OrderForm> {
    let mut errors = FieldErrors::new();
    let email = Email::parse(raw.email.as_str()).ok();
    if email.is_none() {
        errors.push(("email", "invalid_email"));
    }
    let language = match raw.language.as_str().trim() {
        "" => Some(Lang::En),
        code => Lang::from_code(code),
    };
    if language.is_none() {
        errors.push(("language", "invalid_language"));
    }
    let shipping = raw.shipping.as_ref().and_then(|address| parse_address(address, &mut errors));
    let method = raw.shipping_method.as_str().trim();
    match (email, language, errors.is_empty()) {
        (Some(email), Some(language), true) => Ok(OrderForm {
            cart_token: raw.cart_token.as_str().trim().to_owned(),
            email: email.as_str().to_owned(),
            language,
            shipping,
            shipping_method: (!method.is_empty()).then(|| method.to_owned()),
        }),
        _ => Err(StoreError::Validation(errors)),
    }
}

/// A placed order and the raw token of its private link.
pub struct Placed {
    pub order: OrderRow,
    pub access_token: String,
    /// A retry of an earlier request: nothing new was placed.
    pub replayed: bool,
}

pub async fn place(state: &AppState, form: &OrderForm, user_id: Option<&str>, key: Option<&str>, now: i64) -> StoreResult<Placed> {
    let key_hash = key.map(token::hash);
    if let Some(key) = key {
        if let Some(placed) = replay(state, form, key).await? {
            return Ok(placed);
        }
    }
    let mut tx = state.db.begin_write().await?;
    let cart = carts::open(&mut tx, &form.cart_token, user_id).await?;
    let lines = carts::lines(&mut tx, &cart.id, form.language).await?;
    if lines.is_empty() {
        return Err(StoreError::CartEmpty);
    }
    let low = state.config.store.low_stock_threshold;
    if lines.iter().any(|l| l.price_cents != l.added_price_cents) {
        let view = carts::view(&mut tx, &cart, form.language, low, now).await?;
        return Err(StoreError::CartChanged(Box::new(view)));
    }
    for line in lines.iter().filter(|l| l.stock.is_some()) {
        if !reserve(&mut tx, &line.sku, line.quantity).await? {
            return Err(StoreError::OutOfStock { sku: line.sku.clone(), available: line.stock.unwrap_or(0).max(0) });
        }
    }
    let subtotal: i64 = lines.iter().map(|l| l.price_cents * l.quantity).sum();
    let (discount_code, discount_cents) = take_discount(&mut tx, &cart, subtotal, now).await?;
    let has_physical = lines.iter().any(|l| l.kind == "physical");
    let (address, method, shipping_cents) =
        if has_physical { ship(&mut tx, form, subtotal - discount_cents).await? } else { (None, None, 0) };
    let year = time::OffsetDateTime::from_unix_timestamp(now).map(|t| t.year()).unwrap_or(2026);
    let number = rows::next_number(&mut tx, year).await?;
    let access = AccessToken::generate();
    let id = uuid::Uuid::new_v4().to_string();
    let reserved_until = now + state.config.store.reservation.as_secs() as i64;
    let total = subtotal - discount_cents + shipping_cents;
    sqlx::query("INSERT INTO store_orders (id, number, cart_id, user_id, email, language, status, access_token_hash, idempotency_hash, request_digest, sealed_token, subtotal_cents, discount_code, discount_cents, shipping_cents, total_cents, currency, shipping_address, shipping_method, reserved_until, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $21)")
        .bind(&id).bind(&number).bind(&cart.id).bind(user_id).bind(&form.email).bind(form.language.code()).bind(PENDING)
        .bind(access.hash()).bind(&key_hash).bind(key.map(|_| form.digest())).bind(key.map(|k| access.seal(k)))
        .bind(subtotal).bind(&discount_code).bind(discount_cents).bind(shipping_cents).bind(total).bind(CURRENCY)
        .bind(address.as_ref().map(|a| serde_json::to_string(a).unwrap_or_default())).bind(&method).bind(reserved_until).bind(now)
        .execute(&mut *tx).await?;
    for (position, line) in lines.iter().enumerate() {
        sqlx::query("INSERT INTO store_order_lines (order_id, position, sku, slug, kind, name, variant_name, quantity, unit_price_cents, line_total_cents) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
            .bind(&id).bind(position as i32).bind(&line.sku).bind(&line.slug).bind(&line.kind).bind(&line.name).bind(&line.variant_name)
            .bind(line.quantity).bind(line.price_cents).bind(line.price_cents * line.quantity)
            .execute(&mut *tx).await?;
    }
    match tx.commit().await {
        Ok(()) => {}
        // Two retries with one key at once: the second answers the first's order.
        Err(sqlx::Error::Database(e)) if e.is_unique_violation() && key.is_some() => {
            return replay(state, form, key.unwrap_or_default()).await?.ok_or(StoreError::IdempotencyKeyReused);
        }
        Err(e) => return Err(e.into()),
    }
    let mut conn = state.db.pool.acquire().await?;
    let order = rows::find(&mut conn, &id).await?.ok_or(StoreError::OrderNotFound)?;
    Ok(Placed { order, access_token: access.raw, replayed: false })
}

/// The order an earlier request with this key placed, with its token unsealed; the key with
/// another request is refused.
async fn replay(state: &AppState, form: &OrderForm, key: &str) -> StoreResult<Option<Placed>> {
    let mut conn = state.db.pool.acquire().await?;
    let Some(order) = rows::find_by_idempotency(&mut conn, &token::hash(key)).await? else {
        return Ok(None);
    };
    if order.request_digest.as_deref() != Some(form.digest().as_str()) {
        return Err(StoreError::IdempotencyKeyReused);
    }
    let access_token = order.sealed_token.as_deref().and_then(|sealed| unseal(sealed, key)).ok_or(StoreError::IdempotencyKeyReused)?;
    Ok(Some(Placed { order, access_token, replayed: true }))
}

/// Takes `quantity` units: `false` when fewer are left (the database refuses to go below zero).
pub async fn reserve(conn: &mut AnyConnection, sku: &str, quantity: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("UPDATE store_variants SET stock = stock - $2 WHERE sku = $1 AND stock IS NOT NULL AND stock >= $2")
        .bind(sku)
        .bind(quantity)
        .execute(conn)
        .await?;
    stock_moved();
    Ok(done.rows_affected() == 1)
}

/// Gives reserved units back (an order cancelled or expired unpaid).
pub async fn release(conn: &mut AnyConnection, sku: &str, quantity: i64) -> sqlx::Result<()> {
    sqlx::query("UPDATE store_variants SET stock = stock + $2 WHERE sku = $1 AND stock IS NOT NULL")
        .bind(sku)
        .bind(quantity)
        .execute(conn)
        .await?;
    stock_moved();
    Ok(())
}

async fn take_discount(conn: &mut AnyConnection, cart: &CartRow, subtotal: i64, now: i64) -> StoreResult<(Option<String>, i64)> {
    let Some(code) = &cart.discount_code else {
        return Ok((None, 0));
    };
    let rule = discounts::find(&mut *conn, code).await?;
    match &rule {
        Some(rule) if rule.check(subtotal, now).is_ok() && discounts::take_use(&mut *conn, &rule.code, now).await? => {
            Ok((Some(rule.code.clone()), rule.amount_off(subtotal)))
        }
        _ => Err(StoreError::Discount(discounts::refusal(rule.as_ref(), subtotal, now))),
    }
}

/// The address, the chosen method's id and its price for this subtotal.
async fn ship(conn: &mut AnyConnection, form: &OrderForm, subtotal: i64) -> StoreResult<(Option<Address>, Option<String>, i64)> {
    let Some(address) = form.shipping.clone() else {
        return Err(StoreError::Validation(vec![("shipping", "required")]));
    };
    let rules = shipping::settings(conn).await?.ok_or(StoreError::NotShipped)?;
    let country = country_code(&address.country).ok_or(StoreError::Validation(vec![("shipping.country", "invalid_country")]))?;
    let (method, price) = shipping::choose(&rules, country, form.shipping_method.as_deref(), subtotal).ok_or(StoreError::NotShipped)?;
    Ok((Some(address), Some(method.id.clone()), price))
}
