//! Carts: a guest's is reached with its random token; a signed-in user's also needs the
//! user's session, and follows the user across devices. Lines remember the price they were
//! added at, so a change is shown until the buyer accepts it (docs/decisions/011-store.md).

use sqlx::AnyConnection;

use super::api::{AppliedDiscount, Cart, CartLine, LineProblem, ProductImage, StockStatus};
use super::catalog::files::{ImageRef, LocalNames};
use super::catalog::read::{stock_state, CURRENCY};
use super::discounts;
use super::error::{StoreError, StoreResult};
use crate::platform::i18n::Lang;
use crate::platform::token::AccessToken;

/// The most of one item a cart holds.
pub const MAX_QUANTITY: i64 = 99;

#[derive(Debug, Clone)]
pub struct CartRow {
    pub id: String,
    pub user_id: Option<String>,
    pub discount_code: Option<String>,
}

/// A cart line with today's price and stock.
#[derive(Debug, Clone)]
pub struct LineRow {
    pub sku: String,
    pub slug: String,
    pub kind: String,
    pub quantity: i64,
    pub added_price_cents: i64,
    pub price_cents: i64,
    pub stock: Option<i64>,
    pub name: String,
    pub variant_name: String,
    pub image: ProductImage,
}

impl LineRow {
    /// How many can be bought now.
    pub fn buyable(&self) -> i64 {
        self.stock.map_or(self.quantity, |left| self.quantity.min(left.max(0)))
    }
}

/// A new guest cart.
pub async fn create(conn: &mut AnyConnection, now: i64) -> sqlx::Result<CartRow> {
    let id = AccessToken::generate().raw;
    sqlx::query("INSERT INTO store_carts (id, created_at, updated_at) VALUES ($1, $2, $2)").bind(&id).bind(now).execute(conn).await?;
    Ok(CartRow { id, user_id: None, discount_code: None })
}

pub async fn find(conn: &mut AnyConnection, token: &str) -> sqlx::Result<Option<CartRow>> {
    let row: Option<(String, Option<String>, Option<String>)> =
        sqlx::query_as("SELECT id, user_id, discount_code FROM store_carts WHERE id = $1").bind(token).fetch_optional(conn).await?;
    Ok(row.map(|(id, user_id, discount_code)| CartRow { id, user_id, discount_code }))
}

/// The cart of `token`, if the caller may use it: a user's cart only with that user signed in.
pub async fn open(conn: &mut AnyConnection, token: &str, user_id: Option<&str>) -> StoreResult<CartRow> {
    let cart = find(conn, token).await?.ok_or(StoreError::CartNotFound)?;
    match (&cart.user_id, user_id) {
        (Some(owner), Some(caller)) if owner == caller => Ok(cart),
        (Some(_), _) => Err(StoreError::CartOfAnotherUser),
        (None, _) => Ok(cart),
    }
}

pub async fn find_of_user(conn: &mut AnyConnection, user_id: &str) -> sqlx::Result<Option<CartRow>> {
    let row: Option<(String, Option<String>)> =
        sqlx::query_as("SELECT id, discount_code FROM store_carts WHERE user_id = $1").bind(user_id).fetch_optional(conn).await?;
    Ok(row.map(|(id, discount_code)| CartRow { id, user_id: Some(user_id.to_owned()), discount_code }))
}

/// The signed-in user's cart, made on first use (two first requests at once make one).
pub async fn of_user(conn: &mut AnyConnection, user_id: &str, now: i64) -> sqlx::Result<CartRow> {
    if let Some(cart) = find_of_user(&mut *conn, user_id).await? {
        return Ok(cart);
    }
    sqlx::query("INSERT INTO store_carts (id, user_id, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (user_id) DO NOTHING")
        .bind(AccessToken::generate().raw)
        .bind(user_id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    find_of_user(conn, user_id).await?.ok_or(sqlx::Error::RowNotFound)
}

type LineQueryRow = (String, String, String, i64, i64, i64, Option<i64>, String, String, String, String);

pub async fn lines(conn: &mut AnyConnection, cart_id: &str, lang: Lang) -> sqlx::Result<Vec<LineRow>> {
    let rows: Vec<LineQueryRow> = sqlx::query_as(
        "SELECT l.sku, v.slug, p.kind, l.quantity, l.added_price_cents, v.price_cents, v.stock, v.names, p.images, t.name, t.image_alts \
         FROM store_cart_lines l JOIN store_variants v ON v.sku = l.sku JOIN store_products p ON p.slug = v.slug \
         JOIN store_product_texts t ON t.slug = p.slug AND t.lang = $2 WHERE l.cart_id = $1 ORDER BY l.added_at, l.sku",
    )
    .bind(cart_id)
    .bind(lang.code())
    .fetch_all(conn)
    .await?;
    Ok(rows
        .into_iter()
        .map(|(sku, slug, kind, quantity, added_price_cents, price_cents, stock, names, images, name, alts)| {
            let variant_name = serde_json::from_str::<LocalNames>(&names).map(|n| n.get(lang).to_owned()).unwrap_or_default();
            let image = first_image(&images, &alts);
            LineRow { sku, slug, kind, quantity, added_price_cents, price_cents, stock, name, variant_name, image }
        })
        .collect())
}

fn first_image(images: &str, alts: &str) -> ProductImage {
    let image = serde_json::from_str::<Vec<ImageRef>>(images).ok().and_then(|i| i.into_iter().next());
    let alt = serde_json::from_str::<Vec<String>>(alts).ok().and_then(|a| a.into_iter().next()).unwrap_or_default();
    match image {
        Some(image) => ProductImage { src: format!("/media/{}", image.file), alt, width: image.width, height: image.height },
        None => ProductImage { src: String::new(), alt, width: 0, height: 0 },
    }
}

/// Checks a line's new quantity against the catalogue: its price now, or why not. More than
/// is left is refused with how many are (the order's reservation is what guarantees stock).
pub async fn check_line(conn: &mut AnyConnection, sku: &str, quantity: i64) -> StoreResult<i64> {
    if !(0..=MAX_QUANTITY).contains(&quantity) {
        return Err(StoreError::InvalidQuantity);
    }
    if quantity == 0 {
        // Removing needs no price: a line of a variant gone from the catalogue can go too.
        return Ok(0);
    }
    let variant: Option<(i64, Option<i64>)> =
        sqlx::query_as("SELECT price_cents, stock FROM store_variants WHERE sku = $1").bind(sku).fetch_optional(conn).await?;
    let (price_cents, stock) = variant.ok_or(StoreError::ProductNotFound)?;
    if stock.is_some_and(|left| quantity > left) {
        return Err(StoreError::OutOfStock { sku: sku.to_owned(), available: stock.unwrap_or(0).max(0) });
    }
    Ok(price_cents)
}

/// Sets a checked line's quantity (0 removes it): one statement, so the writer is held briefly.
/// A line keeps the price it was first added at.
pub async fn write_line(
    conn: &mut AnyConnection,
    cart: &CartRow,
    sku: &str,
    quantity: i64,
    price_cents: i64,
    now: i64,
) -> sqlx::Result<()> {
    if quantity == 0 {
        sqlx::query("DELETE FROM store_cart_lines WHERE cart_id = $1 AND sku = $2").bind(&cart.id).bind(sku).execute(conn).await?;
        return Ok(());
    }
    sqlx::query("INSERT INTO store_cart_lines (cart_id, sku, quantity, added_price_cents, added_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = excluded.quantity")
        .bind(&cart.id).bind(sku).bind(quantity).bind(price_cents).bind(now)
        .execute(conn).await?;
    Ok(())
}

/// The buyer saw the changes: lines take today's price and what is left.
pub async fn accept_changes(conn: &mut AnyConnection, cart: &CartRow, now: i64) -> StoreResult<()> {
    sqlx::query("DELETE FROM store_cart_lines WHERE cart_id = $1 AND sku IN (SELECT sku FROM store_variants WHERE stock IS NOT NULL AND stock <= 0)")
        .bind(&cart.id)
        .execute(&mut *conn)
        .await?;
    cap_to_stock(conn, &cart.id).await?;
    sqlx::query("UPDATE store_cart_lines SET added_price_cents = (SELECT price_cents FROM store_variants v WHERE v.sku = store_cart_lines.sku) WHERE cart_id = $1")
        .bind(&cart.id)
        .execute(&mut *conn)
        .await?;
    touch(conn, &cart.id, now).await
}

pub async fn set_discount(conn: &mut AnyConnection, cart: &CartRow, code: Option<&str>, now: i64) -> StoreResult<()> {
    sqlx::query("UPDATE store_carts SET discount_code = $2, updated_at = $3 WHERE id = $1")
        .bind(&cart.id)
        .bind(code)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(())
}

/// Moves a guest cart's lines into the user's (quantities added, capped by stock) and deletes it.
pub async fn merge(conn: &mut AnyConnection, guest: &CartRow, into: &CartRow, now: i64) -> StoreResult<()> {
    if guest.id == into.id {
        return Ok(());
    }
    sqlx::query(
        "INSERT INTO store_cart_lines (cart_id, sku, quantity, added_price_cents, added_at) \
         SELECT $2, g.sku, g.quantity, g.added_price_cents, g.added_at FROM store_cart_lines g WHERE g.cart_id = $1 \
         ON CONFLICT (cart_id, sku) DO UPDATE SET quantity = store_cart_lines.quantity + excluded.quantity",
    )
    .bind(&guest.id)
    .bind(&into.id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("UPDATE store_cart_lines SET quantity = $2 WHERE cart_id = $1 AND quantity > $2")
        .bind(&into.id)
        .bind(MAX_QUANTITY)
        .execute(&mut *conn)
        .await?;
    cap_to_stock(conn, &into.id).await?;
    sqlx::query("DELETE FROM store_cart_lines WHERE cart_id = $1 AND quantity <= 0").bind(&into.id).execute(&mut *conn).await?;
    if into.discount_code.is_none() {
        if let Some(code) = &guest.discount_code {
            set_discount(&mut *conn, into, Some(code), now).await?;
        }
    }
    sqlx::query("DELETE FROM store_cart_lines WHERE cart_id = $1").bind(&guest.id).execute(&mut *conn).await?;
    sqlx::query("DELETE FROM store_carts WHERE id = $1").bind(&guest.id).execute(&mut *conn).await?;
    touch(conn, &into.id, now).await
}

/// Lines holding more than is left now hold what is left.
async fn cap_to_stock(conn: &mut AnyConnection, cart_id: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE store_cart_lines SET quantity = (SELECT stock FROM store_variants v WHERE v.sku = store_cart_lines.sku) WHERE cart_id = $1 AND quantity > (SELECT COALESCE(stock, quantity) FROM store_variants v WHERE v.sku = store_cart_lines.sku)")
        .bind(cart_id)
        .execute(conn)
        .await?;
    Ok(())
}

async fn touch(conn: &mut AnyConnection, cart_id: &str, now: i64) -> StoreResult<()> {
    sqlx::query("UPDATE store_carts SET updated_at = $2 WHERE id = $1").bind(cart_id).bind(now).execute(conn).await?;
    Ok(())
}

/// The cart as its buyer sees it: today's prices, what changed, and the discount if it applies.
pub async fn view(conn: &mut AnyConnection, cart: &CartRow, lang: Lang, low_threshold: i64, now: i64) -> StoreResult<Cart> {
    let rows = lines(&mut *conn, &cart.id, lang).await?;
    let subtotal_cents: i64 = rows.iter().map(|l| l.price_cents * l.buyable()).sum();
    let discount = match &cart.discount_code {
        Some(code) => match discounts::find(&mut *conn, code).await? {
            Some(rule) if rule.check(subtotal_cents, now).is_ok() => {
                Some(AppliedDiscount { code: rule.code.clone(), amount_cents: rule.amount_off(subtotal_cents) })
            }
            _ => None,
        },
        None => None,
    };
    let lines: Vec<CartLine> = rows.iter().map(|l| line_view(l, low_threshold)).collect();
    Ok(Cart {
        token: cart.id.clone(),
        count: rows.iter().map(|l| l.quantity).sum(),
        subtotal_cents,
        currency: CURRENCY.to_owned(),
        discount,
        has_physical: rows.iter().any(|l| l.kind == "physical"),
        changed: lines.iter().any(|l| l.price_changed || l.problem.is_some()),
        lines,
    })
}

fn line_view(l: &LineRow, low_threshold: i64) -> CartLine {
    let stock = stock_state(l.stock, low_threshold);
    let problem = match (stock.status, l.stock) {
        (StockStatus::SoldOut, _) => Some(LineProblem::SoldOut),
        (_, Some(left)) if l.quantity > left => Some(LineProblem::QuantityReduced),
        _ => None,
    };
    CartLine {
        sku: l.sku.clone(),
        slug: l.slug.clone(),
        name: l.name.clone(),
        variant_name: l.variant_name.clone(),
        kind: l.kind.clone(),
        image: l.image.clone(),
        quantity: l.quantity,
        unit_price_cents: l.price_cents,
        added_price_cents: l.added_price_cents,
        price_changed: l.price_cents != l.added_price_cents,
        stock,
        problem,
        line_total_cents: l.price_cents * l.buyable(),
    }
}
