//! The reminders (one worker per instance, like the hold sweeper): the traveller's 24 h and 1 h
//! before the consultation, the consultant's at day 14 and 20 of the case, the admins' once it
//! is overdue. Each is marked sent by a conditional UPDATE in the transaction that queues its
//! mail, so instances may run at once and nobody is reminded twice.

use std::time::Duration;

use sqlx::AnyConnection;

use super::{due_at, CaseState};
use crate::auth::db::users;
use crate::config::Config;
use crate::consultations::db::{cases, consultants, plans};
use crate::consultations::error::ConsultationResult;
use crate::consultations::model::BookingRow;
use crate::consultations::notify;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

const HOUR: i64 = 3600;
const DAY: i64 = 86_400;
const EVERY: Duration = Duration::from_secs(60);

pub fn spawn(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(EVERY).await;
            if let Err(e) = run(&state, now_unix()).await {
                tracing::warn!(error = %e, "the reminders failed; they run again shortly");
            }
        }
    });
}

/// Which reminder, with the column that marks it sent and which bookings are due for it at `now`.
#[derive(Debug, Clone, Copy)]
enum Reminder {
    DayBefore,
    HourBefore,
    CaseDay14,
    CaseDay20,
    CaseOverdue,
}

impl Reminder {
    const ALL: [Reminder; 5] = [Reminder::DayBefore, Reminder::HourBefore, Reminder::CaseDay14, Reminder::CaseDay20, Reminder::CaseOverdue];

    fn column(self) -> &'static str {
        match self {
            Reminder::DayBefore => "reminded_day_at",
            Reminder::HourBefore => "reminded_hour_at",
            Reminder::CaseDay14 => "case_reminded_14_at",
            Reminder::CaseDay20 => "case_reminded_20_at",
            Reminder::CaseOverdue => "case_overdue_at",
        }
    }

    /// The window of `start_at` this reminder is due for: (after, up to and including).
    fn window(self, now: i64) -> (i64, i64) {
        match self {
            Reminder::DayBefore => (now + HOUR, now + DAY),
            Reminder::HourBefore => (now, now + HOUR),
            Reminder::CaseDay14 => (now - 20 * DAY, now - 14 * DAY),
            Reminder::CaseDay20 => (now - 21 * DAY, now - 20 * DAY),
            Reminder::CaseOverdue => (i64::MIN, now - 21 * DAY),
        }
    }

    fn is_case(self) -> bool {
        matches!(self, Reminder::CaseDay14 | Reminder::CaseDay20 | Reminder::CaseOverdue)
    }
}

/// One pass at `now` (the tests pass their own clock): how many reminders were queued.
pub async fn run(state: &AppState, now: i64) -> ConsultationResult<usize> {
    let mut sent = 0;
    for reminder in Reminder::ALL {
        let mut conn = state.db.pool.acquire().await?;
        let due = due(&mut conn, reminder, now).await?;
        drop(conn);
        for booking in due {
            let mut tx = state.db.begin_write().await?;
            if mark(&mut tx, reminder, &booking.id, now).await? {
                queue(&mut tx, state, reminder, &booking, now).await?;
                sent += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(sent)
}

async fn due(conn: &mut AnyConnection, reminder: Reminder, now: i64) -> sqlx::Result<Vec<BookingRow>> {
    let (after, until) = reminder.window(now);
    cases::due_for(conn, reminder.column(), after, until, reminder.is_case()).await
}

async fn mark(conn: &mut AnyConnection, reminder: Reminder, id: &str, now: i64) -> sqlx::Result<bool> {
    let column = reminder.column();
    let done = sqlx::query(&format!("UPDATE consultation_bookings SET {column} = $2 WHERE id = $1 AND {column} IS NULL"))
        .bind(id)
        .bind(now)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

async fn queue(conn: &mut AnyConnection, state: &AppState, reminder: Reminder, booking: &BookingRow, now: i64) -> ConsultationResult<()> {
    let config = &state.config;
    let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    match reminder {
        Reminder::DayBefore | Reminder::HourBefore => {
            let Some(plan) = plans::find(conn, &booking.plan_id, lang).await? else { return Ok(()) };
            notify::reminder(conn, config, booking, &plan, matches!(reminder, Reminder::HourBefore), now).await?;
        }
        Reminder::CaseDay14 | Reminder::CaseDay20 => {
            let (email, lang) = consultant_contact(conn, config, &booking.consultant_id).await?;
            let days_left = ((due_at(booking.start_at) - now).max(0) / DAY).to_string();
            let (due, state_label, url) = case_words(config, booking, lang);
            let vars = [
                ("booking_ref", short_ref(&booking.id)),
                ("traveller_language", booking.language.as_str()),
                ("due_date", due.as_str()),
                ("days_left", days_left.as_str()),
                ("state", state_label),
                ("console_url", url.as_str()),
            ];
            mail::enqueue(conn, config, NewEmail { to: &email, lang, kind: MailKind::CaseReminder, vars: &vars }).await?;
        }
        Reminder::CaseOverdue => {
            let consultant = consultants::find(conn, &booking.consultant_id).await?.map(|c| c.name).unwrap_or_default();
            for email in crate::staff::roles::admin_emails(conn).await? {
                let (due, state_label, url) = case_words(config, booking, Lang::En);
                let vars = [
                    ("booking_ref", short_ref(&booking.id)),
                    ("due_date", due.as_str()),
                    ("consultant", consultant.as_str()),
                    ("state", state_label),
                    ("console_url", url.as_str()),
                ];
                mail::enqueue(conn, config, NewEmail { to: &email, lang: Lang::En, kind: MailKind::CaseOverdue, vars: &vars }).await?;
            }
        }
    }
    Ok(())
}

/// The first 8 characters of the booking id, as the console shows it.
pub fn short_ref(id: &str) -> &str {
    &id[..id.len().min(8)]
}

fn case_words(config: &Config, booking: &BookingRow, lang: Lang) -> (String, &'static str, String) {
    let due = crate::platform::db::rfc3339(due_at(booking.start_at))[..10].to_owned();
    (due, state_label(lang, CaseState::parse(&booking.case_state)), console_url(config, lang, &booking.id))
}

/// `{SITE_URL}{''|/es|/pt}/staff/bookings/{id}`.
pub fn console_url(config: &Config, lang: Lang, booking_id: &str) -> String {
    format!("{}{}", config.site_origin(), lang.localize(&format!("/staff/bookings/{booking_id}")))
}

/// The assigned consultant's address and first language; the site's contact address when the
/// consultant has no account (the first consultant, made from the configuration).
pub async fn consultant_contact(conn: &mut AnyConnection, config: &Config, consultant_id: &str) -> sqlx::Result<(String, Lang)> {
    let Some(consultant) = consultants::find(conn, consultant_id).await? else { return Ok((config.contact_email.clone(), Lang::En)) };
    let lang = consultant.language_list().first().copied().unwrap_or(Lang::En);
    let email = match &consultant.user_id {
        Some(user_id) => users::find_by_id(conn, user_id).await?.and_then(|u| u.email),
        None => None,
    };
    Ok((email.unwrap_or_else(|| config.contact_email.clone()), lang))
}

pub fn state_label(lang: Lang, state: CaseState) -> &'static str {
    use CaseState as S;
    match (lang, state) {
        (Lang::En, S::Scheduled) => "scheduled",
        (Lang::En, S::Held) => "consultation held",
        (Lang::En, S::OpinionDrafted) => "opinion drafted",
        (Lang::En, S::OpinionPublished) => "opinion published",
        (Lang::En, S::AdviceSent) => "course of action sent",
        (Lang::En, S::Closed) => "closed",
        (Lang::Es, S::Scheduled) => "programada",
        (Lang::Es, S::Held) => "consulta realizada",
        (Lang::Es, S::OpinionDrafted) => "opinión en borrador",
        (Lang::Es, S::OpinionPublished) => "opinión publicada",
        (Lang::Es, S::AdviceSent) => "plan de acción enviado",
        (Lang::Es, S::Closed) => "cerrado",
        (Lang::Pt, S::Scheduled) => "agendada",
        (Lang::Pt, S::Held) => "consulta realizada",
        (Lang::Pt, S::OpinionDrafted) => "opinião em rascunho",
        (Lang::Pt, S::OpinionPublished) => "opinião publicada",
        (Lang::Pt, S::AdviceSent) => "plano de ação enviado",
        (Lang::Pt, S::Closed) => "encerrado",
    }
}
