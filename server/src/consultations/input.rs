//! Request bodies parsed once at the edge: the booking form (docs/product.md#booking-form, as field codes), the
//! card form, and the slot start. Past here the handlers trust these types.

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::api::BookingRequest;
use super::error::FieldErrors;
use super::model::Plan;
use super::schedule::Schedule;
use crate::auth::model::Email;
use crate::platform::countries::canonical_name;
use crate::platform::i18n::Lang;
use crate::platform::text::{is_clean_line, is_clean_text};

pub const NAME_MIN: usize = 2;
pub const NAME_MAX: usize = 100;
pub const MESSAGE_MIN: usize = 10;
pub const MESSAGE_MAX: usize = 5000;

/// The booking form exactly as sent (for the idempotency check).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RawBooking {
    pub name: String,
    pub email: String,
    pub country: String,
    pub message: String,
    pub plan: String,
    pub slot_start: String,
    pub language: String,
    pub time_zone: String,
}

impl From<BookingRequest> for RawBooking {
    fn from(body: BookingRequest) -> RawBooking {
        RawBooking {
            name: body.name.0,
            email: body.email.0,
            country: body.country.0,
            message: body.message.0,
            plan: body.plan.0,
            slot_start: body.slot_start.0,
            language: body.language.0,
            time_zone: body.time_zone.0,
        }
    }
}

impl RawBooking {
    /// A digest of the request, to tell a retry from another request under the same key.
    pub fn digest(&self) -> String {
        let fields = [&self.name, &self.email, &self.country, &self.message, &self.plan, &self.slot_start, &self.language, &self.time_zone];
        crate::platform::token::hash(&serde_json::to_string(&fields).unwrap_or_default())
    }
}

/// A booking form that passed every rule.
#[derive(Debug, Clone)]
pub struct BookingForm {
    pub name: String,
    pub email: String,
    pub country: String,
    pub message: String,
    pub plan: Plan,
    pub slot_start: i64,
    pub language: Lang,
    /// The booker's zone when they sent a known one (it is only shown, never relied on).
    pub time_zone: Option<String>,
}

/// What offers a start (claims aside): one consultant's schedule, or the whole team.
pub trait Calendar {
    fn offers(&self, start: i64, duration_secs: i64, now: i64) -> bool;
}

impl Calendar for Schedule {
    fn offers(&self, start: i64, duration_secs: i64, now: i64) -> bool {
        self.is_start(start, duration_secs, now)
    }
}

pub fn parse_instant(raw: &str) -> Option<i64> {
    OffsetDateTime::parse(raw.trim(), &Rfc3339).ok().map(OffsetDateTime::unix_timestamp)
}

/// Checks every field and reports every problem at once.
pub fn parse_booking(raw: &RawBooking, plans: &[Plan], schedule: &impl Calendar, now: i64) -> Result<BookingForm, FieldErrors> {
    let mut errors = FieldErrors::new();
    let name = raw.name.trim();
    match name.chars().count() {
        n if n < NAME_MIN => errors.push(("name", "name_too_short")),
        n if n > NAME_MAX => errors.push(("name", "name_too_long")),
        _ if !is_clean_line(name) => errors.push(("name", "invalid_characters")),
        _ => {}
    }
    let email = Email::parse(&raw.email).ok();
    if email.is_none() {
        errors.push(("email", "invalid_email"));
    }
    let country = canonical_name(&raw.country);
    if country.is_none() {
        errors.push(("country", "country_required"));
    }
    let message = raw.message.trim();
    match message.chars().count() {
        n if n < MESSAGE_MIN => errors.push(("message", "message_too_short")),
        n if n > MESSAGE_MAX => errors.push(("message", "message_too_long")),
        _ if !is_clean_text(message) => errors.push(("message", "invalid_characters")),
        _ => {}
    }
    let plan = plans.iter().find(|p| p.id == raw.plan.trim());
    if plan.is_none() {
        errors.push(("plan", "unknown_plan"));
    }
    let slot_start = parse_instant(&raw.slot_start);
    let slot_ok = match (plan, slot_start) {
        (Some(plan), Some(start)) => schedule.offers(start, plan.duration_secs(), now),
        // Without a plan, the start must at least be one some plan offers.
        (None, Some(start)) => plans.iter().any(|p| schedule.offers(start, p.duration_secs(), now)),
        _ => false,
    };
    if !slot_ok {
        errors.push(("slot_start", "invalid_slot"));
    }
    let language = match raw.language.trim() {
        "" => Some(Lang::En),
        code => Lang::from_code(code),
    };
    if language.is_none() {
        errors.push(("language", "invalid_language"));
    }
    match (email, country, plan, slot_start, language) {
        (Some(email), Some(country), Some(plan), Some(slot_start), Some(language)) if errors.is_empty() => Ok(BookingForm {
            name: name.to_owned(),
            email: email.as_str().to_owned(),
            country: country.to_owned(),
            message: message.to_owned(),
            plan: plan.clone(),
            slot_start,
            language,
            time_zone: known_zone(&raw.time_zone),
        }),
        _ => Err(errors),
    }
}

/// An IANA zone name this server knows, or nothing (the field is optional and only shown).
fn known_zone(raw: &str) -> Option<String> {
    let raw = raw.trim();
    (raw.len() <= 64 && jiff::tz::TimeZone::get(raw).is_ok()).then(|| raw.to_owned())
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::json;

    use super::*;
    use crate::consultations::hours::WeeklyHours;

    fn plans() -> Vec<Plan> {
        vec![Plan {
            id: "essential".into(),
            name: "Essential".into(),
            description: String::new(),
            duration_minutes: 30,
            price_cents: 4900,
            currency: "USD".into(),
            recommended: false,
        }]
    }

    fn schedule() -> Schedule {
        Schedule {
            zone: jiff::tz::TimeZone::get("America/Bogota").unwrap(),
            hours: WeeklyHours::parse("mon-fri 09:00-17:00").unwrap(),
            min_notice_secs: 86_400,
            horizon_secs: 60 * 86_400,
            buffer_secs: 0,
            blocked: BTreeSet::new(),
        }
    }

    fn raw(value: serde_json::Value) -> RawBooking {
        serde_json::from_value::<BookingRequest>(value).unwrap().into()
    }

    const NOW: i64 = 1_795_435_200; // 2026-11-23T12:00:00Z, a Monday

    #[test]
    fn a_good_form_parses() {
        let form = parse_booking(
            &raw(json!({"name": " Ana ", "email": "Ana@Example.com", "country": "colombia", "message": "Lost luggage in Lima.",
                        "plan": "essential", "slot_start": "2026-11-24T14:00:00Z", "language": "es"})),
            &plans(),
            &schedule(),
            NOW,
        )
        .unwrap();
        assert_eq!((form.name.as_str(), form.email.as_str(), form.country.as_str()), ("Ana", "ana@example.com", "Colombia"));
        assert_eq!((form.slot_start, form.language), (1_795_528_800, Lang::Es));
    }

    #[test]
    fn every_rule_of_spec_5_has_its_code() {
        let errors = parse_booking(
            &raw(json!({"name": "A", "email": "nope", "country": "", "message": "short", "plan": "gold",
                        "slot_start": "tomorrow", "language": "fr"})),
            &plans(),
            &schedule(),
            NOW,
        )
        .unwrap_err();
        assert_eq!(
            errors,
            vec![
                ("name", "name_too_short"),
                ("email", "invalid_email"),
                ("country", "country_required"),
                ("message", "message_too_short"),
                ("plan", "unknown_plan"),
                ("slot_start", "invalid_slot"),
                ("language", "invalid_language"),
            ]
        );
        // A start the calendar does not offer: off the half hour, a Saturday, too soon.
        for start in ["2026-11-24T14:10:00Z", "2026-11-28T14:00:00Z", "2026-11-23T20:00:00Z", "2026-11-24T22:00:00Z"] {
            let errors = parse_booking(
                &raw(json!({"name": "Ana", "email": "a@b.co", "country": "Peru", "message": "Lost luggage in Lima.",
                            "plan": "essential", "slot_start": start})),
                &plans(),
                &schedule(),
                NOW,
            )
            .unwrap_err();
            assert_eq!(errors, vec![("slot_start", "invalid_slot")], "{start}");
        }
    }

    #[test]
    fn retries_are_told_apart_by_digest() {
        let a = raw(json!({"name": "Ana", "email": "a@b.co"}));
        let b = raw(json!({"name": "Ana", "email": "a@b.co", "message": ""}));
        let c = raw(json!({"name": "Ana ", "email": "a@b.co"}));
        assert_eq!(a.digest(), b.digest());
        assert_ne!(a.digest(), c.digest());
    }
}
