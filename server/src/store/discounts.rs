//! Discount codes: percent or fixed, with an optional minimum, expiry and use limit. A use is
//! taken by a conditional update in the order's transaction, so the limit holds under any
//! concurrency; an order that is cancelled or expires gives its use back.

use sqlx::AnyConnection;

use super::error::DiscountProblem;
use super::pricing::DiscountRule;

/// Codes are compared in capitals, without spaces around.
pub fn normalize(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

type Row = (String, String, i64, Option<i64>, Option<i64>, Option<i64>, i64, i64);

pub async fn find(conn: &mut AnyConnection, code: &str) -> sqlx::Result<Option<DiscountRule>> {
    let row: Option<Row> = sqlx::query_as(
        "SELECT code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active FROM store_discounts WHERE code = $1",
    )
    .bind(normalize(code))
    .fetch_optional(conn)
    .await?;
    Ok(row.map(|(code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active)| DiscountRule {
        code,
        percent: kind == "percent",
        amount,
        min_subtotal_cents,
        expires_at,
        max_uses,
        uses,
        active: active != 0,
    }))
}

/// Takes one use of the code, if one is left and it is live: `false` when it is not.
pub async fn take_use(conn: &mut AnyConnection, code: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE store_discounts SET uses = uses + 1 WHERE code = $1 AND active = 1 AND (expires_at IS NULL OR expires_at > $2) AND (max_uses IS NULL OR uses < max_uses)",
    )
    .bind(code)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn give_back_use(conn: &mut AnyConnection, code: &str) -> sqlx::Result<()> {
    sqlx::query("UPDATE store_discounts SET uses = uses - 1 WHERE code = $1 AND uses > 0").bind(code).execute(conn).await?;
    Ok(())
}

/// A new code (the owners' console creates them; tests and the demo data too).
pub struct NewDiscount<'a> {
    pub code: &'a str,
    pub percent: bool,
    pub amount: i64,
    pub min_subtotal_cents: Option<i64>,
    pub expires_at: Option<i64>,
    pub max_uses: Option<i64>,
}

/// False when the code exists already (it is left as it is).
pub async fn create(conn: &mut AnyConnection, new: &NewDiscount<'_>, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query("INSERT INTO store_discounts (code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active, created_at) VALUES ($1, $2, $3, $4, $5, $6, 0, 1, $7) ON CONFLICT (code) DO NOTHING")
        .bind(normalize(new.code))
        .bind(if new.percent { "percent" } else { "fixed" })
        .bind(new.amount)
        .bind(new.min_subtotal_cents)
        .bind(new.expires_at)
        .bind(new.max_uses)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Why `take_use` refused, for the buyer.
pub fn refusal(rule: Option<&DiscountRule>, subtotal_cents: i64, now: i64) -> DiscountProblem {
    match rule {
        None => DiscountProblem::Unknown,
        Some(rule) => rule.check(subtotal_cents, now).err().unwrap_or(DiscountProblem::UsedUp),
    }
}
