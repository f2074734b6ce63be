//! The case's e-mails to the traveller, queued in the transaction that moves the case: the
//! published opinion's link, and the course of action (HTML, text and a PDF of it).

use sqlx::AnyConnection;

use super::advice::{self, AdviceRequest};
use super::opinions::Opinion;
use super::pdf::{self, Line};
use crate::config::Config;
use crate::consultations::db::bookings;
use crate::consultations::model::BookingRow;
use crate::consultations::notify::manage_url;
use crate::mail::{self, Attachment, MailKind, NewEmail};
use crate::platform::i18n::Lang;
use crate::platform::token::AccessToken;

async fn fresh_manage_url(conn: &mut AnyConnection, config: &Config, booking: &BookingRow, lang: Lang, now: i64) -> sqlx::Result<String> {
    let token = AccessToken::generate();
    bookings::add_token(conn, &booking.id, &token.hash(), now).await?;
    Ok(manage_url(config, lang, &booking.id, &token.raw))
}

pub async fn opinion_published(
    conn: &mut AnyConnection,
    config: &Config,
    booking: &BookingRow,
    opinion: &Opinion,
    now: i64,
) -> sqlx::Result<()> {
    let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    let opinion_url = format!("{}{}", config.site_origin(), opinion.url.as_deref().unwrap_or_default());
    let manage = fresh_manage_url(conn, config, booking, lang, now).await?;
    let vars = [("name", booking.name.as_str()), ("opinion_url", opinion_url.as_str()), ("manage_url", manage.as_str())];
    mail::enqueue(conn, config, NewEmail { to: &booking.email, lang, kind: MailKind::OpinionPublished, vars: &vars }).await.map(drop)
}

/// Words of the plan's PDF and e-mail that are not in the templates.
struct PlanWords {
    title: &'static str,
    due: &'static str,
    steps: &'static str,
}

fn plan_words(lang: Lang) -> PlanWords {
    match lang {
        Lang::En => PlanWords { title: "Your course of action", due: "by", steps: "Steps" },
        Lang::Es => PlanWords { title: "Tu plan de acción", due: "antes del", steps: "Pasos" },
        Lang::Pt => PlanWords { title: "Seu plano de ação", due: "até", steps: "Etapas" },
    }
}

pub async fn course_of_action(
    conn: &mut AnyConnection,
    config: &Config,
    booking: &BookingRow,
    plan: &AdviceRequest,
    now: i64,
) -> sqlx::Result<()> {
    let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    let words = plan_words(lang);
    let manage = fresh_manage_url(conn, config, booking, lang, now).await?;
    let steps_text = advice::steps_text(&plan.steps, words.due);
    let steps_html = advice::steps_html(&plan.steps, words.due);
    let summary_html = advice::summary_html(&plan.summary);
    let vars = [
        ("name", booking.name.as_str()),
        ("summary_text", plan.summary.as_str()),
        ("summary_html", summary_html.as_str()),
        ("steps_text", steps_text.as_str()),
        ("steps_html", steps_html.as_str()),
        ("manage_url", manage.as_str()),
    ];
    let pdf = pdf_of(config, plan, &words);
    let attachment = Attachment::file("course-of-action.pdf", "application/pdf", pdf);
    let email = NewEmail { to: &booking.email, lang, kind: MailKind::CourseOfAction, vars: &vars };
    mail::enqueue_with_attachments(conn, config, email, &[], &[attachment]).await.map(drop)
}

fn pdf_of(config: &Config, plan: &AdviceRequest, words: &PlanWords) -> Vec<u8> {
    let mut lines = vec![Line::Text(plan.summary.clone()), Line::Blank, Line::Heading(words.steps.to_owned())];
    for (i, step) in plan.steps.iter().enumerate() {
        lines.push(Line::Blank);
        lines.push(Line::Heading(format!("{}. {} ({} {})", i + 1, step.title, words.due, step.due_date)));
        if !step.detail.is_empty() {
            lines.push(Line::Text(step.detail.clone()));
        }
    }
    lines.push(Line::Blank);
    lines.push(Line::Text(format!("{} · {}", config.site_name, config.site_origin())));
    pdf::render(&format!("{} — {}", config.site_name, words.title), &lines)
}
