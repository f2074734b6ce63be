//! The course of action: a summary and dated steps, sent once to the traveller by e-mail (HTML,
//! text and the same as a PDF) and shown on their booking page.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::consultations::error::FieldErrors;
use crate::content::markdown::to_safe_html;
use crate::platform::db::rfc3339;
use crate::platform::html::escape;
use crate::platform::text::{is_clean_line, is_clean_text};

const MAX_STEPS: usize = 20;

/// One step of the plan.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct AdviceStep {
    pub title: String,
    /// Markdown: what to do, where to write, a template to use.
    pub detail: String,
    /// By when, `YYYY-MM-DD`.
    #[schema(format = Date)]
    pub due_date: String,
}

/// `POST /staff/bookings/{id}/advice`.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(example = json!({"summary": "Claim the refund in writing first, then escalate.", "steps": [
    {"title": "Write to the airline", "detail": "Send the claim letter to the airline's customer relations address.", "due_date": "2026-12-15"}]}))]
pub struct AdviceRequest {
    /// Markdown.
    pub summary: String,
    pub steps: Vec<AdviceStep>,
}

/// The plan as sent.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Advice {
    pub summary: String,
    pub steps: Vec<AdviceStep>,
    #[schema(format = DateTime)]
    pub sent_at: String,
}

/// Every rule, every problem at once.
pub fn parse(body: &AdviceRequest) -> Result<AdviceRequest, FieldErrors> {
    let mut errors = FieldErrors::new();
    let summary = body.summary.trim();
    match summary.chars().count() {
        n if n < 20 => errors.push(("summary", "summary_too_short")),
        n if n > 10_000 => errors.push(("summary", "summary_too_long")),
        _ if !is_clean_text(summary) => errors.push(("summary", "invalid_characters")),
        _ => {}
    }
    if body.steps.is_empty() || body.steps.len() > MAX_STEPS {
        errors.push(("steps", "steps_count"));
    }
    let mut steps = Vec::new();
    for step in &body.steps {
        let (title, detail, due) = (step.title.trim(), step.detail.trim(), step.due_date.trim());
        if !(3..=200).contains(&title.chars().count()) || !is_clean_line(title) {
            errors.push(("steps.title", "invalid_step_title"));
        }
        if detail.chars().count() > 5_000 || !is_clean_text(detail) {
            errors.push(("steps.detail", "invalid_step_detail"));
        }
        if due.parse::<jiff::civil::Date>().is_err() {
            errors.push(("steps.due_date", "invalid_date"));
        }
        steps.push(AdviceStep { title: title.to_owned(), detail: detail.to_owned(), due_date: due.to_owned() });
    }
    errors.dedup();
    if errors.is_empty() {
        Ok(AdviceRequest { summary: summary.to_owned(), steps })
    } else {
        Err(errors)
    }
}

pub async fn of_booking(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<Option<Advice>> {
    let row: Option<(String, String, i64)> =
        sqlx::query_as("SELECT summary, steps, sent_at FROM consultation_advice WHERE booking_id = $1")
            .bind(booking_id)
            .fetch_optional(conn)
            .await?;
    Ok(row.map(|(summary, steps, sent_at)| Advice {
        summary,
        steps: serde_json::from_str(&steps).unwrap_or_default(),
        sent_at: rfc3339(sent_at),
    }))
}

/// Stores the plan; false when one was already sent (the primary key).
pub async fn insert(conn: &mut AnyConnection, booking_id: &str, plan: &AdviceRequest, author: &str, now: i64) -> sqlx::Result<bool> {
    let steps = serde_json::to_string(&plan.steps).unwrap_or_else(|_| "[]".into());
    let done = sqlx::query(
        "INSERT INTO consultation_advice (booking_id, summary, steps, author_id, sent_at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT (booking_id) DO NOTHING",
    )
    .bind(booking_id)
    .bind(&plan.summary)
    .bind(steps)
    .bind(author)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The steps as the text part lists them.
pub fn steps_text(steps: &[AdviceStep], due_label: &str) -> String {
    steps
        .iter()
        .enumerate()
        .map(|(i, step)| {
            let detail = if step.detail.is_empty() { String::new() } else { format!("\n   {}", step.detail.replace('\n', "\n   ")) };
            format!("{}. {} ({due_label}: {}){detail}", i + 1, step.title, step.due_date)
        })
        .collect::<Vec<_>>()
        .join("\n\n")
}

/// The steps as the HTML part shows them (the details' markdown made safe).
pub fn steps_html(steps: &[AdviceStep], due_label: &str) -> String {
    let items: String = steps
        .iter()
        .map(|step| {
            format!(
                "<li style=\"margin:0 0 12px;\"><strong>{}</strong> <span style=\"color:#475569;\">({} {})</span>{}</li>",
                escape(&step.title),
                escape(due_label),
                escape(&step.due_date),
                to_safe_html(&step.detail)
            )
        })
        .collect();
    format!("<ol style=\"margin:0 0 16px;padding-left:20px;\">{items}</ol>")
}

pub fn summary_html(summary: &str) -> String {
    to_safe_html(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn step(title: &str, due: &str) -> AdviceStep {
        AdviceStep { title: title.into(), detail: "Write to **claims@airline.example**.".into(), due_date: due.into() }
    }

    #[test]
    fn a_plan_needs_a_summary_and_dated_steps() {
        let good = AdviceRequest { summary: "Claim in writing first, then escalate.".into(), steps: vec![step("Write", "2026-12-15")] };
        assert!(parse(&good).is_ok());
        let bad = AdviceRequest { summary: "short".into(), steps: vec![step("Write", "15/12/2026")] };
        assert_eq!(parse(&bad).unwrap_err(), vec![("summary", "summary_too_short"), ("steps.due_date", "invalid_date")]);
        let empty = AdviceRequest { summary: "Claim in writing first, then escalate.".into(), steps: vec![] };
        assert_eq!(parse(&empty).unwrap_err(), vec![("steps", "steps_count")]);
    }

    #[test]
    fn steps_render_in_text_and_safe_html() {
        let steps = vec![step("Write <now>", "2026-12-15")];
        assert!(steps_text(&steps, "by").starts_with("1. Write <now> (by: 2026-12-15)"));
        let html = steps_html(&steps, "by");
        assert!(html.contains("Write &lt;now&gt;") && html.contains("<strong>claims@airline.example</strong>"));
    }
}
