//! An event as the browser reports it, parsed once at the edge: a known name, one of our
//! languages and an optional short source. Nothing else is read, so nothing else is kept.

use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::ToSchema;

use super::error::EventsError;
use crate::platform::i18n::Lang;

/// The events of docs/product.md#events that the web app counts first-party.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EventName {
    PageView,
    NewsletterSignup,
    HelpFormSubmit,
    GenerateLead,
    FormInteraction,
    UserEngagement,
    Purchase,
    /// A passenger-rights check, counted by outcome (the source) and language only: what the
    /// traveller typed never leaves the browser (docs/decisions/015-passenger-rights.md).
    RightsCheck,
}

impl EventName {
    pub const ALL: [EventName; 8] = [
        EventName::PageView,
        EventName::NewsletterSignup,
        EventName::HelpFormSubmit,
        EventName::GenerateLead,
        EventName::FormInteraction,
        EventName::UserEngagement,
        EventName::Purchase,
        EventName::RightsCheck,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            EventName::PageView => "page_view",
            EventName::NewsletterSignup => "newsletter_signup",
            EventName::HelpFormSubmit => "help_form_submit",
            EventName::GenerateLead => "generate_lead",
            EventName::FormInteraction => "form_interaction",
            EventName::UserEngagement => "user_engagement",
            EventName::Purchase => "purchase",
            EventName::RightsCheck => "rights_check",
        }
    }

    pub fn from_name(name: &str) -> Option<EventName> {
        EventName::ALL.into_iter().find(|event| event.as_str() == name)
    }
}

/// The body of `POST /api/v1/events` as sent. Members are read as JSON values and checked one
/// by one, so each wrong one gets its own code; the schema says what each must be.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"name": "newsletter_signup", "language": "pt", "source": "footer"}))]
pub struct EventBody {
    #[schema(value_type = EventNameValue, required = true)]
    name: Option<Value>,
    #[schema(value_type = Lang, required = true)]
    language: Option<Value>,
    /// The form or place it came from; empty or null for none.
    #[schema(value_type = Option<String>, pattern = "^[a-z0-9_-]{0,64}$")]
    source: Option<Value>,
}

/// The event names this site counts.
#[derive(Serialize, ToSchema)]
#[schema(as = EventNameValue)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
enum EventNameValue {
    PageView,
    NewsletterSignup,
    HelpFormSubmit,
    GenerateLead,
    FormInteraction,
    UserEngagement,
    Purchase,
    RightsCheck,
}

/// An event that passed every rule; source `[a-z0-9_-]{0,64}` ("" = none).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEvent {
    pub name: EventName,
    pub lang: Lang,
    pub source: String,
}

pub const SOURCE_MAX_CHARS: usize = 64;

impl NewEvent {
    pub fn parse(body: &[u8]) -> Result<NewEvent, EventsError> {
        let body: EventBody = serde_json::from_slice(body).map_err(|_| EventsError::InvalidBody)?;
        let name = body.name.as_ref().and_then(Value::as_str).and_then(EventName::from_name).ok_or(EventsError::InvalidEvent)?;
        let lang = body.language.as_ref().and_then(Value::as_str).and_then(Lang::from_code).ok_or(EventsError::InvalidLanguage)?;
        let source = match body.source {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(source)) if is_source(&source) => source,
            Some(_) => return Err(EventsError::InvalidSource),
        };
        Ok(NewEvent { name, lang, source })
    }
}

fn is_source(raw: &str) -> bool {
    raw.len() <= SOURCE_MAX_CHARS && raw.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(body: &str) -> String {
        crate::platform::http::error::ApiError::from(NewEvent::parse(body.as_bytes()).unwrap_err()).error_code.to_string()
    }

    #[test]
    fn names_round_trip_and_unknown_ones_are_not_events() {
        for event in EventName::ALL {
            assert_eq!(EventName::from_name(event.as_str()), Some(event));
        }
        assert_eq!(EventName::from_name("PAGE_VIEW"), None);
        assert_eq!(EventName::from_name("click"), None);
    }

    #[test]
    fn events_parse_with_or_without_a_source() {
        let event = NewEvent::parse(br#"{"name":"newsletter_signup","language":"pt","source":"footer"}"#).unwrap();
        assert_eq!(event, NewEvent { name: EventName::NewsletterSignup, lang: Lang::Pt, source: "footer".into() });
        for body in [r#"{"name":"page_view","language":"en","source":null}"#, r#"{"name":"page_view","language":"en"}"#] {
            assert_eq!(NewEvent::parse(body.as_bytes()).unwrap().source, "");
        }
        let extra = NewEvent::parse(br#"{"name":"purchase","language":"es","source":"","value":2,"currency":"USD"}"#).unwrap();
        assert_eq!((extra.name, extra.source.as_str()), (EventName::Purchase, ""));
    }

    #[test]
    fn bad_input_has_its_code() {
        assert_eq!(code("nope"), "invalid_body");
        assert_eq!(code("[]"), "invalid_body");
        assert_eq!(code(r#"{"name":"click","language":"en"}"#), "invalid_event");
        assert_eq!(code(r#"{"language":"en"}"#), "invalid_event");
        assert_eq!(code(r#"{"name":"page_view","language":"de"}"#), "invalid_language");
        assert_eq!(code(r#"{"name":"page_view","language":"en","source":"Hero"}"#), "invalid_source");
        assert_eq!(code(r#"{"name":"page_view","language":"en","source":7}"#), "invalid_source");
        let long = format!(r#"{{"name":"page_view","language":"en","source":"{}"}}"#, "a".repeat(65));
        assert_eq!(code(&long), "invalid_source");
    }
}
