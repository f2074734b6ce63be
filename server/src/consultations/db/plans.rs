//! Plans and their texts in one language.

use sqlx::{AnyConnection, Row};

use super::super::model::Plan;
use crate::platform::i18n::Lang;

const SELECT: &str = "SELECT p.id, t.name, t.description, p.duration_minutes, p.price_cents, p.currency, \
     CASE WHEN p.recommended THEN 1 ELSE 0 END AS recommended \
     FROM consultation_plans p JOIN consultation_plan_texts t ON t.plan_id = p.id AND t.lang = $1";

fn plan(row: &sqlx::any::AnyRow) -> sqlx::Result<Plan> {
    Ok(Plan {
        id: row.try_get("id")?,
        name: row.try_get("name")?,
        description: row.try_get("description")?,
        duration_minutes: i64::from(row.try_get::<i32, _>("duration_minutes")?),
        price_cents: row.try_get("price_cents")?,
        currency: row.try_get("currency")?,
        recommended: row.try_get::<i32, _>("recommended")? == 1,
    })
}

/// The plans on sale, cheapest first.
pub async fn active(conn: &mut AnyConnection, lang: Lang) -> sqlx::Result<Vec<Plan>> {
    let rows = sqlx::query(&format!("{SELECT} WHERE p.active = $2 ORDER BY p.price_cents, p.position"))
        .bind(lang.code())
        .bind(true)
        .fetch_all(conn)
        .await?;
    rows.iter().map(plan).collect()
}

/// One plan, on sale or not (a booking keeps its plan).
pub async fn find(conn: &mut AnyConnection, id: &str, lang: Lang) -> sqlx::Result<Option<Plan>> {
    let row = sqlx::query(&format!("{SELECT} WHERE p.id = $2")).bind(lang.code()).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(plan).transpose()
}

/// Every plan's id and name in one language (on sale or not).
pub async fn all_names(conn: &mut AnyConnection, lang: Lang) -> sqlx::Result<Vec<(String, String)>> {
    sqlx::query_as("SELECT plan_id, name FROM consultation_plan_texts WHERE lang = $1").bind(lang.code()).fetch_all(conn).await
}
