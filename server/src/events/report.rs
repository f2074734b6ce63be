//! `rumbo events [--days N]`: the counts of the last N days (today included, UTC) as a table,
//! then the total of each event — how the business reads sign-ups per language and form.

use std::collections::BTreeMap;
use std::fmt::Write;

use time::macros::format_description;
use time::{Date, Duration, OffsetDateTime};

use super::db::{self, DailyCount};
use crate::platform::db::Db;

/// The UTC day of `date` as stored: `YYYY-MM-DD`.
pub fn day(date: Date) -> String {
    date.format(format_description!("[year]-[month]-[day]")).unwrap_or_default()
}

pub fn today() -> Date {
    OffsetDateTime::now_utc().date()
}

/// Reads the counts of the last `days` days and lays them out.
pub async fn report(db: &Db, days: u32) -> sqlx::Result<String> {
    let to = today();
    let from = to - Duration::days(i64::from(days.max(1)) - 1);
    let mut conn = db.pool.acquire().await?;
    let rows = db::counts_since(&mut conn, &day(from)).await?;
    Ok(format(&rows, &day(from), &day(to)))
}

pub fn format(rows: &[DailyCount], from: &str, to: &str) -> String {
    let mut out = format!("event counts from {from} to {to} (UTC)\n");
    if rows.is_empty() {
        out.push_str("no events recorded\n");
        return out;
    }
    let source = |row: &DailyCount| if row.source.is_empty() { "-".to_owned() } else { row.source.clone() };
    let name_width = rows.iter().map(|r| r.name.len()).max().unwrap_or(0).max("event".len());
    let source_width = rows.iter().map(|r| source(r).len()).max().unwrap_or(0).max("source".len());
    let _ = writeln!(out, "{:<10}  {:<name_width$}  {:<4}  {:<source_width$}  {:>7}", "day", "event", "lang", "source", "count");
    let mut totals: BTreeMap<&str, i64> = BTreeMap::new();
    for row in rows {
        let _ =
            writeln!(out, "{:<10}  {:<name_width$}  {:<4}  {:<source_width$}  {:>7}", row.day, row.name, row.lang, source(row), row.count);
        *totals.entry(&row.name).or_default() += row.count;
    }
    out.push_str("\ntotals\n");
    for (name, total) in totals {
        let _ = writeln!(out, "{name:<name_width$}  {total:>7}");
    }
    out
}

#[cfg(test)]
mod tests {
    use time::macros::date;

    use super::*;

    fn row(day: &str, name: &str, lang: &str, source: &str, count: i64) -> DailyCount {
        DailyCount { day: day.into(), name: name.into(), lang: lang.into(), source: source.into(), count }
    }

    #[test]
    fn days_are_iso_dates() {
        assert_eq!(day(date!(2026 - 11 - 02)), "2026-11-02");
    }

    #[test]
    fn the_table_has_a_line_per_counter_and_totals_per_event() {
        let rows = [
            row("2026-11-22", "newsletter_signup", "pt", "footer", 3),
            row("2026-11-22", "page_view", "en", "", 120),
            row("2026-11-21", "newsletter_signup", "es", "hero", 2),
        ];
        let text = format(&rows, "2026-11-16", "2026-11-22");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "event counts from 2026-11-16 to 2026-11-22 (UTC)");
        assert_eq!(lines[1].split_whitespace().collect::<Vec<_>>(), ["day", "event", "lang", "source", "count"]);
        assert_eq!(lines[2].split_whitespace().collect::<Vec<_>>(), ["2026-11-22", "newsletter_signup", "pt", "footer", "3"]);
        assert_eq!(lines[3].split_whitespace().collect::<Vec<_>>(), ["2026-11-22", "page_view", "en", "-", "120"]);
        assert!(text.contains("\ntotals\n"));
        let totals: Vec<Vec<&str>> = text.split("totals\n").nth(1).unwrap().lines().map(|l| l.split_whitespace().collect()).collect();
        assert_eq!(totals, [vec!["newsletter_signup", "5"], vec!["page_view", "120"]]);
    }

    #[test]
    fn an_empty_period_says_so() {
        assert!(format(&[], "2026-11-22", "2026-11-22").ends_with("no events recorded\n"));
    }
}
