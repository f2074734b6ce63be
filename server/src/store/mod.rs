//! The travel store (docs/decisions/011-store.md): a catalogue shipped as content files,
//! carts for guests and users, checkout with stock reserved by the database, payments through
//! the shared dispatcher, receipts and signed downloads.

pub mod api;
pub mod carts;
pub mod catalog;
mod config;
pub mod console;
pub mod discounts;
pub mod error;
mod handlers;
pub mod orders;
pub mod pricing;
pub mod shipping;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use config::StoreConfig;

use crate::payments::PurchaseRegistry;
use crate::startup::AppState;

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    use handlers::{cart, catalog, orders};
    OpenApiRouter::new()
        .routes(routes!(catalog::list_products))
        .routes(routes!(catalog::get_product))
        .routes(routes!(cart::create_cart))
        .routes(routes!(cart::get_cart))
        .routes(routes!(cart::set_line))
        .routes(routes!(cart::remove_line))
        .routes(routes!(cart::accept_changes))
        .routes(routes!(cart::apply_discount, cart::remove_discount))
        .routes(routes!(cart::my_cart))
        .routes(routes!(cart::merge_cart))
        .routes(routes!(orders::shipping_options))
        .routes(routes!(orders::quote))
        .routes(routes!(orders::place_order, orders::my_orders))
        .routes(routes!(orders::get_order))
        .routes(routes!(orders::pay_order))
        .routes(routes!(orders::reissue_download))
        .routes(routes!(orders::download))
        .merge(console::router())
}

/// Called when the application is built (startup.rs).
pub fn register_purchases(registry: &mut PurchaseRegistry) {
    orders::purchase::register(registry);
}

pub fn spawn_workers(state: &AppState) {
    orders::expiry::spawn(state);
    catalog::answers::spawn_stock_watch(state);
    console::stock::spawn_low_stock_mail(state);
}
