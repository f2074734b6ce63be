//! `/staff/dashboard`: the business at a glance for admins — bookings and revenue this week and
//! month (consultations and store, in USD, net of refunds), cases due and overdue against the
//! 21-day promise, subscribers per language and sign-ups per form, the most read posts, the
//! mail outbox's health and payments still waiting for their provider.

use axum::extract::State;
use axum::Json;
use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::extract::{Admin, ADMIN_REFUSALS};
use crate::auth::model::timestamp;
use crate::consultations::case::PROMISE_SECS;
use crate::platform::db::{now_unix, rfc3339};
use crate::platform::http::error::ApiError;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

const DAY: i64 = 86_400;

#[derive(Debug, Serialize, ToSchema)]
pub struct DashboardPeriod {
    /// When the period began (Monday 00:00 UTC, or the 1st of the month).
    pub from: String,
    pub bookings: i64,
    pub consultations_cents: i64,
    pub orders: i64,
    pub store_cents: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct CaseCounts {
    /// Open cases due within 7 days.
    pub due_soon: i64,
    /// Open cases past their due date.
    pub overdue: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SubscriberCount {
    pub lang: Lang,
    pub confirmed: i64,
    pub pending: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct SourceCount {
    pub source: String,
    pub count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TopPost {
    pub slug: String,
    pub lang: Lang,
    pub title: String,
    pub views: i64,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct OutboxHealth {
    pub queued: i64,
    pub failed: i64,
    #[schema(required = true)]
    pub oldest_queued_at: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct Dashboard {
    /// Always `USD`.
    pub currency: String,
    pub week: DashboardPeriod,
    pub month: DashboardPeriod,
    pub cases: CaseCounts,
    pub subscribers: Vec<SubscriberCount>,
    /// Newsletter sign-ups of the last 30 days per form (first-party counts).
    pub signups_by_source: Vec<SourceCount>,
    /// The 10 posts with the most first-party page views in the last 30 days.
    pub top_posts: Vec<TopPost>,
    pub outbox: OutboxHealth,
    /// Payments started more than 10 minutes ago that the provider has not settled either way.
    pub payments_awaiting_reconciliation: i64,
}

/// (Monday of this week, 1st of this month) at 00:00 UTC.
fn period_starts(now: i64) -> (i64, i64) {
    let today = now - now.rem_euclid(DAY);
    // 1970-01-01 was a Thursday.
    let weekday = (today / DAY + 3).rem_euclid(7);
    let date: jiff::civil::Date = rfc3339(now)[..10].parse().unwrap_or_default();
    let month = date.first_of_month().to_zoned(jiff::tz::TimeZone::UTC).map(|z| z.timestamp().as_second()).unwrap_or(today);
    (today - weekday * DAY, month)
}

async fn period(conn: &mut AnyConnection, from: i64) -> sqlx::Result<DashboardPeriod> {
    let mut figures = [(0, 0); 2];
    for (i, kind) in ["consultation", "order"].into_iter().enumerate() {
        figures[i] = sqlx::query_as(
            "SELECT COUNT(*), CAST(COALESCE(SUM(amount_cents - refunded_cents), 0) AS BIGINT) FROM payments \
             WHERE purchase_kind = $1 AND status IN ('succeeded', 'refunded') AND currency = 'USD' AND created_at >= $2",
        )
        .bind(kind)
        .bind(from)
        .fetch_one(&mut *conn)
        .await?;
    }
    Ok(DashboardPeriod {
        from: timestamp(from),
        bookings: figures[0].0,
        consultations_cents: figures[0].1,
        orders: figures[1].0,
        store_cents: figures[1].1,
    })
}

pub async fn dashboard_at(conn: &mut AnyConnection, now: i64) -> sqlx::Result<Dashboard> {
    let (week_start, month_start) = period_starts(now);
    let open_cases = "FROM consultation_bookings WHERE status = 'confirmed' AND case_state NOT IN ('advice_sent', 'closed')";
    let (due_soon,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) {open_cases} AND start_at + $1 >= $2 AND start_at + $1 < $3"))
        .bind(PROMISE_SECS)
        .bind(now)
        .bind(now + 7 * DAY)
        .fetch_one(&mut *conn)
        .await?;
    let (overdue,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) {open_cases} AND start_at + $1 < $2"))
        .bind(PROMISE_SECS)
        .bind(now)
        .fetch_one(&mut *conn)
        .await?;
    let counts: Vec<(String, String, i64)> =
        sqlx::query_as("SELECT lang, status, COUNT(*) FROM newsletter_subscriptions GROUP BY lang, status").fetch_all(&mut *conn).await?;
    let subscribers = Lang::ALL
        .into_iter()
        .map(|lang| {
            let of = |status: &str| counts.iter().find(|(l, s, _)| l == lang.code() && s == status).map_or(0, |c| c.2);
            SubscriberCount { lang, confirmed: of("confirmed"), pending: of("pending") }
        })
        .collect();
    let since = rfc3339(now - 30 * DAY)[..10].to_owned();
    let sources: Vec<(String, i64)> = sqlx::query_as(
        "SELECT source, CAST(SUM(count) AS BIGINT) FROM event_counts WHERE name = 'newsletter_signup' AND day >= $1 GROUP BY source ORDER BY 2 DESC, source",
    )
    .bind(&since)
    .fetch_all(&mut *conn)
    .await?;
    let top: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT e.source, e.lang, t.title, CAST(SUM(e.count) AS BIGINT) FROM event_counts e \
         JOIN content_post_texts t ON t.slug = e.source AND t.lang = e.lang \
         WHERE e.name = 'page_view' AND e.day >= $1 GROUP BY e.source, e.lang, t.title ORDER BY 4 DESC, e.source LIMIT 10",
    )
    .bind(&since)
    .fetch_all(&mut *conn)
    .await?;
    let (queued, failed, oldest): (i64, i64, Option<i64>) = sqlx::query_as(
        "SELECT CAST(COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0) AS BIGINT), CAST(COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0) AS BIGINT), \
         MIN(CASE WHEN status = 'pending' THEN created_at_ms END) FROM mail_outbox",
    )
    .fetch_one(&mut *conn)
    .await?;
    let (awaiting,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM payments WHERE status IN ('requires_payment', 'processing') AND created_at < $1 AND pay_by > $2",
    )
    .bind(now - 600)
    .bind(now - 7 * DAY)
    .fetch_one(&mut *conn)
    .await?;
    Ok(Dashboard {
        currency: "USD".into(),
        week: period(conn, week_start).await?,
        month: period(conn, month_start).await?,
        cases: CaseCounts { due_soon, overdue },
        subscribers,
        signups_by_source: sources.into_iter().map(|(source, count)| SourceCount { source, count }).collect(),
        top_posts: top
            .into_iter()
            .map(|(slug, lang, title, views)| TopPost { slug, lang: Lang::from_code(&lang).unwrap_or(Lang::En), title, views })
            .collect(),
        outbox: OutboxHealth { queued, failed, oldest_queued_at: oldest.map(|ms| timestamp(ms / 1000)) },
        payments_awaiting_reconciliation: awaiting,
    })
}

/// The business at a glance.
#[utoipa::path(get, path = "/staff/dashboard", tag = "staff", security(("bearer" = [])),
    responses(
        (status = 200, description = "The figures", body = Dashboard),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn dashboard(_: Admin, State(state): State<AppState>) -> Result<Json<Dashboard>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(|e| ApiError::internal("dashboard: database error", &e))?;
    Ok(Json(dashboard_at(&mut conn, now_unix()).await.map_err(|e| ApiError::internal("dashboard: database error", &e))?))
}

#[cfg(test)]
mod tests {
    use super::period_starts;

    #[test]
    fn weeks_start_on_monday_and_months_on_the_first() {
        // Wednesday 2026-11-25 12:00 UTC.
        let now = 1_795_608_000;
        let (week, month) = period_starts(now);
        assert_eq!(crate::platform::db::rfc3339(week), "2026-11-23T00:00:00Z");
        assert_eq!(crate::platform::db::rfc3339(month), "2026-11-01T00:00:00Z");
    }
}
