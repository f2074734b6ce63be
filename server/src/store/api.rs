//! The store's typed bodies: what `/api/v1/store/…` reads and answers (docs/decisions/011-store.md).
//! Money is in USD cents; texts are in the language asked for.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::payments::api::{CardRequest, PaymentView};
use crate::platform::http::extract::FormText;
use crate::platform::i18n::Lang;

/// `digital` goods are downloads; `physical` goods are shipped.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum ProductKind {
    Digital,
    Physical,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum StockStatus {
    InStock,
    LowStock,
    SoldOut,
}

/// Whether a variant can be bought; `left` only when few are left.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StockState {
    pub status: StockStatus,
    #[schema(required = true)]
    pub left: Option<i64>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductImage {
    /// `/media/{file}`
    pub src: String,
    pub alt: String,
    pub width: i32,
    pub height: i32,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductCard {
    pub slug: String,
    pub name: String,
    pub summary: String,
    pub category: String,
    pub category_name: String,
    #[schema(value_type = ProductKind)]
    pub kind: String,
    pub image: ProductImage,
    /// The lowest price of its variants.
    pub price_cents: i64,
    /// The "was" price of that variant, when on sale.
    #[schema(required = true)]
    pub compare_at_cents: Option<i64>,
    pub on_sale: bool,
    pub currency: String,
    /// The best state among its variants.
    pub stock: StockState,
    #[schema(format = Date)]
    pub published: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Variant {
    pub sku: String,
    pub name: String,
    pub price_cents: i64,
    #[schema(required = true)]
    pub compare_at_cents: Option<i64>,
    pub stock: StockState,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ProductDetail {
    #[serde(flatten)]
    pub card: ProductCard,
    /// Sanitized HTML of the description.
    pub description_html: String,
    /// The meta description.
    pub description: String,
    pub images: Vec<ProductImage>,
    pub variants: Vec<Variant>,
    pub related: Vec<ProductCard>,
    /// Digital goods: the languages their file comes in.
    #[schema(value_type = Vec<Lang>)]
    pub languages: Vec<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Category {
    pub key: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ProductPage {
    pub items: Vec<ProductCard>,
    #[schema(required = true)]
    pub next_cursor: Option<String>,
    pub categories: Vec<Category>,
}

/// `featured` (the default), `price_asc`, `price_desc` or `newest`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ProductSort {
    Featured,
    PriceAsc,
    PriceDesc,
    Newest,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ProductsQuery {
    #[param(value_type = Option<Lang>)]
    pub lang: Option<String>,
    /// A category key.
    pub category: Option<String>,
    #[param(value_type = Option<ProductSort>, inline)]
    pub sort: Option<String>,
    /// How many products (default 24).
    #[param(value_type = Option<u32>, minimum = 1, maximum = 50)]
    pub limit: Option<String>,
    /// The `next_cursor` of the previous page, as given.
    #[param(min_length = 1)]
    pub cursor: Option<String>,
}

// ---- Cart

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineProblem {
    /// Nothing of it can be bought now: it stays in the cart, outside the total.
    SoldOut,
    /// Fewer are left than the cart holds: the order takes what is left.
    QuantityReduced,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CartLine {
    pub sku: String,
    pub slug: String,
    pub name: String,
    pub variant_name: String,
    #[schema(value_type = ProductKind)]
    pub kind: String,
    pub image: ProductImage,
    pub quantity: i64,
    pub unit_price_cents: i64,
    /// The price when it was added: when it differs, the cart shows both until accepted.
    pub added_price_cents: i64,
    pub price_changed: bool,
    pub stock: StockState,
    #[schema(required = true)]
    pub problem: Option<LineProblem>,
    pub line_total_cents: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct AppliedDiscount {
    pub code: String,
    pub amount_cents: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Cart {
    /// The cart's secret: kept by the browser, sent in the path.
    pub token: String,
    pub lines: Vec<CartLine>,
    /// Units in the cart.
    pub count: i64,
    pub subtotal_cents: i64,
    pub currency: String,
    #[schema(required = true)]
    pub discount: Option<AppliedDiscount>,
    pub has_physical: bool,
    /// A line's price or stock changed since it was added: shown until accepted.
    pub changed: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"sku": "RG-RIGHTS-PDF", "quantity": 1}))]
pub struct CartLineRequest {
    pub sku: String,
    /// The quantity to hold (0 removes the line).
    #[schema(minimum = 0, maximum = 99)]
    pub quantity: i64,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"code": "WELCOME10"}))]
pub struct DiscountRequest {
    pub code: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"token": "k3V0mJ9d6bQ2g9F8yqWwq1k6m8hYt3Zr0uXo5sN2aLc"}))]
pub struct MergeRequest {
    /// The guest cart's token.
    pub token: String,
}

// ---- Checkout

#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingMethod {
    pub id: String,
    pub name: String,
    pub days_min: i64,
    pub days_max: i64,
    /// 0 when the order ships free.
    pub price_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ShippingOptions {
    pub methods: Vec<ShippingMethod>,
    pub free_over_cents: i64,
}

#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ShippingQuery {
    /// ISO 3166-1 alpha-2.
    pub country: Option<String>,
    #[param(value_type = Option<i64>)]
    pub subtotal_cents: Option<String>,
    #[param(value_type = Option<Lang>)]
    pub lang: Option<String>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Totals {
    pub subtotal_cents: i64,
    pub discount_cents: i64,
    pub shipping_cents: i64,
    pub total_cents: i64,
    pub currency: String,
    /// Prices include taxes.
    pub taxes_included: bool,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"cart_token": "k3V0mJ9d6bQ2g9F8yqWwq1k6m8hYt3Zr0uXo5sN2aLc", "country": "PT", "shipping_method": "standard", "lang": "pt"}))]
pub struct QuoteRequest {
    pub cart_token: String,
    pub country: Option<String>,
    pub shipping_method: Option<String>,
    #[schema(value_type = Option<Lang>)]
    pub lang: Option<String>,
}

/// A shipping address as typed; checked per country.
#[derive(Debug, Default, Clone, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Ana Souza", "line1": "Rua Augusta 100", "city": "Lisboa", "postal_code": "1100-053", "country": "PT"}))]
pub struct AddressRequest {
    #[schema(value_type = String)]
    pub name: FormText,
    #[schema(value_type = String)]
    pub line1: FormText,
    #[schema(value_type = Option<String>)]
    pub line2: FormText,
    #[schema(value_type = String)]
    pub city: FormText,
    /// State or province: required where the post needs it (US, CA, BR, MX, AR…).
    #[schema(value_type = Option<String>)]
    pub region: FormText,
    #[schema(value_type = String)]
    pub postal_code: FormText,
    /// ISO 3166-1 alpha-2.
    #[schema(value_type = String)]
    pub country: FormText,
    #[schema(value_type = Option<String>)]
    pub phone: FormText,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"cart_token": "k3V0mJ9d6bQ2g9F8yqWwq1k6m8hYt3Zr0uXo5sN2aLc", "email": "ana@example.com", "language": "pt", "shipping": {"name": "Ana Souza", "line1": "Rua Augusta 100", "city": "Lisboa", "postal_code": "1100-053", "country": "PT"}, "shipping_method": "standard"}))]
pub struct OrderRequest {
    #[schema(value_type = String)]
    pub cart_token: FormText,
    #[schema(value_type = String, format = Email)]
    pub email: FormText,
    /// The language of the receipt and the files (default `en`).
    #[schema(value_type = Option<Lang>)]
    pub language: FormText,
    /// Required when the cart holds physical goods.
    pub shipping: Option<AddressRequest>,
    #[schema(value_type = Option<String>)]
    pub shipping_method: FormText,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct Address {
    pub name: String,
    pub line1: String,
    pub line2: String,
    pub city: String,
    pub region: String,
    pub postal_code: String,
    pub country: String,
    pub phone: String,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum OrderStatus {
    PendingPayment,
    Paid,
    Fulfilled,
    Canceled,
    Refunded,
    PartiallyRefunded,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OrderLine {
    pub sku: String,
    pub slug: String,
    pub name: String,
    pub variant_name: String,
    #[schema(value_type = ProductKind)]
    pub kind: String,
    pub quantity: i64,
    pub unit_price_cents: i64,
    pub line_total_cents: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Download {
    pub id: String,
    pub name: String,
    #[schema(value_type = Lang)]
    pub language: String,
    /// Signed and expiring; a re-issue voids it.
    pub url: String,
    #[schema(format = DateTime)]
    pub expires_at: String,
    pub downloads_left: i64,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Tracking {
    pub carrier: String,
    pub number: String,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct ChosenShipping {
    pub id: String,
    pub name: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Order {
    pub id: String,
    /// Human-friendly, e.g. `R-2026-000123`.
    pub number: String,
    #[schema(value_type = OrderStatus)]
    pub status: String,
    pub email: String,
    #[schema(value_type = Lang)]
    pub language: String,
    pub lines: Vec<OrderLine>,
    pub totals: Totals,
    #[schema(required = true)]
    pub shipping: Option<Address>,
    #[schema(required = true)]
    pub shipping_method: Option<ChosenShipping>,
    /// Until when the stock is held for the payment (pending orders only).
    #[schema(format = DateTime, required = true)]
    pub reserved_until: Option<String>,
    pub payment: Option<PaymentView>,
    pub downloads: Vec<Download>,
    #[schema(required = true)]
    pub tracking: Option<Tracking>,
    #[schema(format = DateTime)]
    pub created_at: String,
    /// The private link's token: only in the answer that places the order (and its replay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OrderList {
    pub items: Vec<Order>,
}

/// The sandbox's card form, as for consultations.
pub type OrderCardRequest = CardRequest;
