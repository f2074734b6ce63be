//! Shipping rules (content's `store.toml`, stored at import) and the methods a country gets.

use sqlx::AnyConnection;

use super::api::{ShippingMethod, ShippingOptions};
use super::catalog::files::{Method, Shipping};
use super::pricing::{method_price, zone_of};
use crate::platform::i18n::Lang;

pub async fn settings(conn: &mut AnyConnection) -> sqlx::Result<Option<Shipping>> {
    let row: Option<(String,)> = sqlx::query_as("SELECT value FROM store_settings WHERE key = 'shipping'").fetch_optional(conn).await?;
    Ok(row.and_then(|(json,)| serde_json::from_str(&json).ok()))
}

/// The methods that ship to `country` (ISO code), priced for this subtotal.
pub fn options(rules: &Shipping, country: &str, subtotal_cents: i64, lang: Lang) -> ShippingOptions {
    let methods = zone_of(rules, country)
        .map(|zone| {
            zone.methods
                .iter()
                .map(|m| ShippingMethod {
                    id: m.id.clone(),
                    name: m.name.get(lang).to_owned(),
                    days_min: m.days_min,
                    days_max: m.days_max,
                    price_cents: method_price(rules, zone, m, subtotal_cents),
                })
                .collect()
        })
        .unwrap_or_default();
    ShippingOptions { methods, free_over_cents: rules.free_over_cents }
}

/// The method chosen for `country` (the zone's first when none is named) and its price for
/// this subtotal: `None` when the store does not ship there that way.
pub fn choose<'a>(rules: &'a Shipping, country: &str, method: Option<&str>, subtotal_cents: i64) -> Option<(&'a Method, i64)> {
    let zone = zone_of(rules, country)?;
    let chosen = match method {
        None => zone.methods.first(),
        Some(id) => zone.methods.iter().find(|m| m.id == id),
    }?;
    Some((chosen, method_price(rules, zone, chosen, subtotal_cents)))
}

/// A method's name in `lang`, for the order and its receipt.
pub fn method_name(rules: &Shipping, id: &str, lang: Lang) -> Option<String> {
    rules.zones.iter().flat_map(|z| z.methods.iter()).find(|m| m.id == id).map(|m| m.name.get(lang).to_owned())
}
