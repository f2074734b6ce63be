//! Totals, computed only here from the database's prices (the browser's numbers are never
//! read): discount, shipping by zone with the free-shipping threshold, taxes included.

use super::catalog::files::{Method, Shipping, Zone};
use super::error::DiscountProblem;

/// Card networks will not charge less: a discount never takes a total under it.
pub const MIN_CHARGE_CENTS: i64 = 50;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DiscountRule {
    pub code: String,
    pub percent: bool,
    pub amount: i64,
    pub min_subtotal_cents: Option<i64>,
    pub expires_at: Option<i64>,
    pub max_uses: Option<i64>,
    pub uses: i64,
    pub active: bool,
}

impl DiscountRule {
    /// Whether the code applies to this subtotal now (its uses are counted again, atomically,
    /// when an order takes one).
    pub fn check(&self, subtotal_cents: i64, now: i64) -> Result<(), DiscountProblem> {
        if !self.active {
            return Err(DiscountProblem::Unknown);
        }
        if self.expires_at.is_some_and(|at| at <= now) {
            return Err(DiscountProblem::Expired);
        }
        if self.max_uses.is_some_and(|max| self.uses >= max) {
            return Err(DiscountProblem::UsedUp);
        }
        match self.min_subtotal_cents {
            Some(min) if subtotal_cents < min => Err(DiscountProblem::Minimum(min)),
            _ => Ok(()),
        }
    }

    /// What it takes off the subtotal: a percentage rounds down to the cent, and neither kind
    /// goes under the minimum charge.
    pub fn amount_off(&self, subtotal_cents: i64) -> i64 {
        let off = if self.percent { subtotal_cents * self.amount.min(100) / 100 } else { self.amount };
        off.clamp(0, (subtotal_cents - MIN_CHARGE_CENTS).max(0))
    }
}

/// The zone of a country: its own, or the rest of the world.
pub fn zone_of<'a>(shipping: &'a Shipping, country: &str) -> Option<&'a Zone> {
    shipping
        .zones
        .iter()
        .find(|zone| zone.countries.iter().any(|c| c == country))
        .or_else(|| shipping.zones.iter().find(|zone| zone.countries.iter().any(|c| c == "*")))
}

/// A method's price for this subtotal: the zone's first (cheapest) method ships free over the
/// threshold; faster ones keep their price.
pub fn method_price(shipping: &Shipping, zone: &Zone, method: &Method, subtotal_cents: i64) -> i64 {
    let first = zone.methods.first().is_some_and(|m| m.id == method.id);
    if first && shipping.free_over_cents > 0 && subtotal_cents >= shipping.free_over_cents {
        0
    } else {
        method.price_cents
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::catalog::files::LocalNames;

    fn rule(percent: bool, amount: i64) -> DiscountRule {
        DiscountRule {
            code: "X".into(),
            percent,
            amount,
            min_subtotal_cents: None,
            expires_at: None,
            max_uses: None,
            uses: 0,
            active: true,
        }
    }

    fn method(id: &str, price_cents: i64) -> Method {
        let name = LocalNames { en: id.into(), es: id.into(), pt: id.into() };
        Method { id: id.into(), price_cents, days_min: 1, days_max: 3, name }
    }

    fn shipping() -> Shipping {
        Shipping {
            free_over_cents: 6000,
            zones: vec![
                Zone {
                    key: "iberia".into(),
                    countries: vec!["ES".into(), "PT".into()],
                    methods: vec![method("standard", 495), method("express", 1200)],
                },
                Zone { key: "world".into(), countries: vec!["*".into()], methods: vec![method("standard", 1500)] },
            ],
        }
    }

    #[test]
    fn percentages_round_down_and_nothing_goes_under_the_minimum_charge() {
        assert_eq!(rule(true, 10).amount_off(1999), 199);
        assert_eq!(rule(false, 500).amount_off(1999), 500);
        assert_eq!(rule(false, 5000).amount_off(1999), 1949, "a total of at least 50 cents remains");
        assert_eq!(rule(true, 100).amount_off(1000), 950);
        assert_eq!(rule(true, 10).amount_off(40), 0);
    }

    #[test]
    fn a_code_checks_expiry_uses_and_minimum() {
        let mut code = rule(true, 10);
        assert_eq!(code.check(1000, 100), Ok(()));
        code.expires_at = Some(100);
        assert_eq!(code.check(1000, 100), Err(DiscountProblem::Expired));
        code.expires_at = None;
        code.max_uses = Some(5);
        code.uses = 5;
        assert_eq!(code.check(1000, 100), Err(DiscountProblem::UsedUp));
        code.uses = 4;
        code.min_subtotal_cents = Some(2000);
        assert_eq!(code.check(1999, 100), Err(DiscountProblem::Minimum(2000)));
        assert_eq!(code.check(2000, 100), Ok(()));
        code.active = false;
        assert_eq!(code.check(2000, 100), Err(DiscountProblem::Unknown), "a paused code reads as unknown");
    }

    #[test]
    fn shipping_finds_the_zone_and_ships_free_over_the_threshold() {
        let shipping = shipping();
        let iberia = zone_of(&shipping, "PT").unwrap();
        assert_eq!(iberia.key, "iberia");
        assert_eq!(zone_of(&shipping, "JP").unwrap().key, "world");
        assert_eq!(method_price(&shipping, iberia, &iberia.methods[0], 5999), 495);
        assert_eq!(method_price(&shipping, iberia, &iberia.methods[0], 6000), 0);
        assert_eq!(method_price(&shipping, iberia, &iberia.methods[1], 9000), 1200, "express keeps its price");
    }
}
