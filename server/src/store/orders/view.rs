//! An order as its buyer sees it (private link or account page).

use sqlx::AnyConnection;

use super::downloads::{self, signing_key};
use super::rows::{self, OrderRow};
use crate::payments::api::PaymentView;
use crate::payments::db as payments_db;
use crate::payments::PURCHASE;
use crate::platform::db::rfc3339;
use crate::platform::i18n::Lang;
use crate::startup::AppState;
use crate::store::api::{ChosenShipping, Order, OrderLine, Totals, Tracking};
use crate::store::shipping;

/// The `purchase_kind` of an order's payments.
pub const KIND: &str = "order";

pub async fn view(state: &AppState, conn: &mut AnyConnection, order: &OrderRow, access_token: Option<String>) -> sqlx::Result<Order> {
    let lang = Lang::from_code(&order.language).unwrap_or(Lang::En);
    let lines = rows::lines(&mut *conn, &order.id).await?;
    let payment = payments_db::of_purchase(&mut *conn, KIND, &order.id, PURCHASE).await?;
    let rows = downloads::of_order(&mut *conn, &order.id).await?;
    let key = if rows.is_empty() { Vec::new() } else { signing_key(&mut *conn).await? };
    let origin = state.config.site_origin();
    let method = match &order.shipping_method {
        Some(id) => {
            let name = shipping::settings(&mut *conn)
                .await?
                .and_then(|rules| shipping::method_name(&rules, id, lang))
                .unwrap_or_else(|| id.clone());
            Some(ChosenShipping { id: id.clone(), name })
        }
        None => None,
    };
    Ok(Order {
        id: order.id.clone(),
        number: order.number.clone(),
        status: order.status.clone(),
        email: order.email.clone(),
        language: order.language.clone(),
        lines: lines
            .into_iter()
            .map(|l| OrderLine {
                sku: l.sku,
                slug: l.slug,
                name: l.name,
                variant_name: l.variant_name,
                kind: l.kind,
                quantity: l.quantity,
                unit_price_cents: l.unit_price_cents,
                line_total_cents: l.line_total_cents,
            })
            .collect(),
        totals: totals(order),
        shipping: order.address(),
        shipping_method: method,
        reserved_until: (order.status == rows::PENDING).then_some(order.reserved_until).flatten().map(rfc3339),
        payment: payment.map(|p| PaymentView {
            provider: p.provider.clone(),
            status: p.status.clone(),
            client_secret: (p.status != "succeeded").then(|| p.client_secret.clone()).flatten(),
            publishable_key: state.payments.publishable_key().map(str::to_owned),
            card_brand: p.card_brand.clone(),
            card_last4: p.card_last4.clone(),
        }),
        downloads: rows.iter().map(|row| downloads::view(origin, &key, row)).collect(),
        tracking: match (&order.carrier, &order.tracking_number) {
            (Some(carrier), Some(number)) => Some(Tracking { carrier: carrier.clone(), number: number.clone() }),
            _ => None,
        },
        created_at: rfc3339(order.created_at),
        access_token,
    })
}

pub fn totals(order: &OrderRow) -> Totals {
    Totals {
        subtotal_cents: order.subtotal_cents,
        discount_cents: order.discount_cents,
        shipping_cents: order.shipping_cents,
        total_cents: order.total_cents,
        currency: order.currency.clone(),
        taxes_included: true,
    }
}
