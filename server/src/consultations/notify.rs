//! The traveller's e-mails, queued inside the transaction that makes the change: the
//! confirmation (invitation, METHOD:REQUEST), a new time (the same UID, SEQUENCE raised) and
//! the cancellation (METHOD:CANCEL). Each is in the booker's language and, apart from the
//! cancellation, carries a fresh private manage link.

use sqlx::AnyConnection;
use time::OffsetDateTime;

use super::db::bookings;
use super::format;
use super::model::{BookingRow, Plan};
use super::service::meeting;
use crate::calendar::{booking_uid, Calendar, Method, Person};
use crate::config::Config;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::i18n::Lang;
use crate::platform::money::Money;
use crate::platform::token::AccessToken;
use crate::platform::words;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    Confirmed,
    Rescheduled,
    Cancelled,
}

/// `{SITE_URL}{''|/es|/pt}/help/booking/{id}?token=…` (docs/product.md#manage-link).
pub fn manage_url(config: &Config, lang: Lang, booking_id: &str, token: &str) -> String {
    format!("{}{}?token={token}", config.site_origin(), lang.localize(&format!("/help/booking/{booking_id}")))
}

fn summary(lang: Lang, site: &str, plan: &Plan) -> String {
    let minutes = plan.duration_minutes.to_string();
    words::fill(&words::words(lang).invite_summary, &[("site", site), ("plan", &plan.name), ("minutes", &minutes)])
}

fn description(lang: Lang, booking: &BookingRow, manage: Option<&str>) -> String {
    let (topic, manage_label) = (&words::words(lang).invite_topic, &words::words(lang).invite_manage);
    match manage {
        Some(url) => format!("{topic}: {}\n\n{manage_label}: {url}", booking.message),
        None => format!("{topic}: {}", booking.message),
    }
}

fn instant(unix: i64) -> OffsetDateTime {
    OffsetDateTime::from_unix_timestamp(unix).unwrap_or(OffsetDateTime::UNIX_EPOCH)
}

/// Queues the e-mail for `booking` as it now stands (its `ics_sequence` already raised by the
/// change), with a new access token for the manage link when the booking stays live.
pub async fn enqueue(
    conn: &mut AnyConnection,
    config: &Config,
    booking: &BookingRow,
    plan: &Plan,
    notice: Notice,
    now: i64,
) -> sqlx::Result<()> {
    let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    let zone = &config.consultations.time_zone;
    let manage = if notice == Notice::Cancelled {
        None
    } else {
        let token = AccessToken::generate();
        bookings::add_token(conn, &booking.id, &token.hash(), now).await?;
        Some(manage_url(config, lang, &booking.id, &token.raw))
    };
    let date = format::date(booking.start_at, zone, lang);
    let time_local = format::span(booking.start_at, booking.end_at, zone);
    let time_utc = format::utc_span(booking.start_at, booking.end_at);
    let deadline = booking.cancellation_deadline();
    let deadline =
        format!("{}, {} ({})", format::date(deadline, zone, lang), format::clock(deadline, zone), format::offset(deadline, zone));
    let duration = plan.duration_minutes.to_string();
    let change_fee = Money::new(config.consultations.change_fee_cents, &booking.currency).format(lang);
    let refund = Money::new(booking.refund_cents.unwrap_or(0), &booking.currency).format(lang);
    let manage_link = manage.clone().unwrap_or_default();
    let (meeting_url, meeting_phone) = meeting::place(config, booking);
    let meeting = meeting_text(lang, meeting_url.as_deref(), meeting_phone.as_deref());
    let vars = [
        ("name", booking.name.as_str()),
        ("plan_name", plan.name.as_str()),
        ("date", date.as_str()),
        ("time_local", time_local.as_str()),
        ("time_utc", time_utc.as_str()),
        ("duration", duration.as_str()),
        ("topic", booking.message.as_str()),
        ("deadline", deadline.as_str()),
        ("change_fee", change_fee.as_str()),
        ("refund", refund.as_str()),
        ("manage_url", manage_link.as_str()),
        ("meeting", meeting.as_str()),
    ];
    let calendar = Calendar {
        product_id: format!("-//{}//Consultations//EN", config.site_name),
        method: if notice == Notice::Cancelled { Method::Cancel } else { Method::Request },
        uid: booking_uid(&booking.id, &config.site_url),
        sequence: u32::try_from(booking.ics_sequence).unwrap_or(0),
        stamp: instant(now),
        start: instant(booking.start_at),
        end: instant(booking.end_at),
        summary: summary(lang, &config.site_name, plan),
        description: description(lang, booking, manage.as_deref()),
        // Where to meet, as calendars show it; the manage link stays in the description.
        location: meeting_url.clone().or_else(|| meeting_phone.clone()),
        url: meeting_url.clone().or_else(|| manage.clone()),
        organizer: Person { name: config.site_name.clone(), email: config.contact_email.clone() },
        attendee: Person { name: booking.name.clone(), email: booking.email.clone() },
    };
    let kind = match notice {
        Notice::Confirmed => MailKind::ConsultationConfirmed,
        Notice::Rescheduled => MailKind::ConsultationRescheduled,
        Notice::Cancelled => MailKind::ConsultationCancelled,
    };
    let email = NewEmail { to: &booking.email, lang, kind, vars: &vars };
    mail::enqueue_with_attachments(conn, config, email, &[], &calendar.attachments()).await.map(drop)
}

/// The meeting place as one line of an e-mail: the link, or the phone number to expect a call
/// from (or both).
pub fn meeting_text(lang: Lang, url: Option<&str>, phone: Option<&str>) -> String {
    let phone_label = match lang {
        Lang::En => "Phone",
        Lang::Es => "Teléfono",
        Lang::Pt => "Telefone",
    };
    match (url, phone) {
        (Some(url), Some(phone)) => format!("{url} · {phone_label}: {phone}"),
        (Some(url), None) => url.to_owned(),
        (None, Some(phone)) => format!("{phone_label}: {phone}"),
        (None, None) => String::new(),
    }
}

/// "tomorrow" / "in one hour", for the reminders' subject and text.
fn when_text(lang: Lang, hour: bool) -> &'static str {
    match (lang, hour) {
        (Lang::En, false) => "tomorrow",
        (Lang::En, true) => "in one hour",
        (Lang::Es, false) => "mañana",
        (Lang::Es, true) => "en una hora",
        (Lang::Pt, false) => "amanhã",
        (Lang::Pt, true) => "em uma hora",
    }
}

/// The reminder 24 hours (`hour` false) or 1 hour before, with a fresh manage link.
pub async fn reminder(
    conn: &mut AnyConnection,
    config: &Config,
    booking: &BookingRow,
    plan: &Plan,
    hour: bool,
    now: i64,
) -> sqlx::Result<()> {
    let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    let zone = &config.consultations.time_zone;
    let token = AccessToken::generate();
    bookings::add_token(conn, &booking.id, &token.hash(), now).await?;
    let manage = manage_url(config, lang, &booking.id, &token.raw);
    let (url, phone) = meeting::place(config, booking);
    let meeting = meeting_text(lang, url.as_deref(), phone.as_deref());
    let date = format::date(booking.start_at, zone, lang);
    let time_local = format::span(booking.start_at, booking.end_at, zone);
    let time_utc = format::utc_span(booking.start_at, booking.end_at);
    let vars = [
        ("name", booking.name.as_str()),
        ("plan_name", plan.name.as_str()),
        ("date", date.as_str()),
        ("time_local", time_local.as_str()),
        ("time_utc", time_utc.as_str()),
        ("when", when_text(lang, hour)),
        ("meeting", meeting.as_str()),
        ("manage_url", manage.as_str()),
    ];
    let email = NewEmail { to: &booking.email, lang, kind: MailKind::ConsultationReminder, vars: &vars };
    mail::enqueue(conn, config, email).await.map(drop)
}
