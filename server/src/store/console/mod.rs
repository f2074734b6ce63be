//! The owners' side of the store in the staff API (`/api/v1/staff/…`, docs/decisions/018):
//! orders and fulfilment, refunds, stock, discount codes and the accounting exports. Admins
//! only: every handler starts with `Admin`, and every change is in the audit log.

mod discounts;
mod export;
mod orders;
pub mod refunds;
pub mod stock;
mod views;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::startup::AppState;

pub use views::{order_summaries_of_user, StaffOrderSummary};

/// Nested under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(orders::list_orders))
        .routes(routes!(orders::order_detail))
        .routes(routes!(orders::ship_order))
        .routes(routes!(orders::cancel_order))
        .routes(routes!(refunds::refund_order))
        .routes(routes!(export::export_orders))
        .routes(routes!(export::export_payouts))
        .routes(routes!(stock::list_stock))
        .routes(routes!(stock::adjust_stock))
        .routes(routes!(discounts::list_discounts, discounts::create_discount))
        .routes(routes!(discounts::set_discount_active))
}
