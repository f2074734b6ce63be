//! Newsletter inputs, parsed once at the edge: the subscriber's address, the form it came
//! from, the tokens of the mailed links; and the subscription's states.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use rand::RngCore;
use serde_json::Value;
use sha2::{Digest, Sha256};

use super::api::{SubscribeBody, TokenBody};
use super::error::NewsletterError;
pub use crate::platform::email::Email;
use crate::platform::i18n::Lang;

/// The form a subscription came from (`hero`, `footer`, `home`, …): `[a-z0-9_-]{1,32}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Source(String);

impl Source {
    pub const MAX_CHARS: usize = 32;

    pub fn parse(raw: &str) -> Result<Source, NewsletterError> {
        let shaped = (1..=Self::MAX_CHARS).contains(&raw.len())
            && raw.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'-');
        shaped.then(|| Source(raw.to_owned())).ok_or(NewsletterError::InvalidSource)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// `POST /newsletter/subscriptions`: `{email, language, source}`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscribeRequest {
    pub email: Email,
    pub lang: Lang,
    pub source: Source,
}

impl SubscribeRequest {
    /// Reads the JSON body; each field that is missing, of the wrong type or invalid has its code.
    pub fn parse(body: &[u8]) -> Result<SubscribeRequest, NewsletterError> {
        let body: SubscribeBody = serde_json::from_slice(body).map_err(|_| NewsletterError::InvalidBody)?;
        let email = Email::parse(text(&body.email).ok_or(NewsletterError::InvalidEmail)?)?;
        let lang = text(&body.language).and_then(Lang::from_code).ok_or(NewsletterError::InvalidLanguage)?;
        let source = Source::parse(text(&body.source).ok_or(NewsletterError::InvalidSource)?)?;
        Ok(SubscribeRequest { email, lang, source })
    }
}

/// The raw token of a mailed link: 32 random bytes, URL-safe base64 (43 characters). Only its
/// SHA-256 is stored, so a copy of the database cannot confirm or unsubscribe anyone.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token(String);

impl Token {
    pub fn generate() -> Token {
        let mut bytes = [0u8; 32];
        rand::rngs::OsRng.fill_bytes(&mut bytes);
        Token(URL_SAFE_NO_PAD.encode(bytes))
    }

    /// Anything that is not shaped like a token we give out is refused before any lookup.
    pub fn parse(raw: &str) -> Result<Token, NewsletterError> {
        let raw = raw.trim();
        let shaped = raw.len() == 43 && raw.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
        shaped.then(|| Token(raw.to_owned())).ok_or(NewsletterError::InvalidToken)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// What the database holds: hex SHA-256.
    pub fn hash(&self) -> String {
        Sha256::digest(self.0.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
    }
}

/// `{ "token": "…" }` (confirm and resubscribe).
pub fn token_from_json(body: &[u8]) -> Result<Token, NewsletterError> {
    let body: TokenBody = serde_json::from_slice(body).map_err(|_| NewsletterError::InvalidBody)?;
    Token::parse(text(&body.token).ok_or(NewsletterError::InvalidToken)?)
}

/// The unsubscribe token: from the query string (the List-Unsubscribe URL; RFC 8058 one-click
/// posts the form body `List-Unsubscribe=One-Click` to it), else a form field `token`, else a
/// JSON body `{token}` (the web page).
pub fn unsubscribe_token(query_token: Option<&str>, content_type: Option<&str>, body: &[u8]) -> Result<Token, NewsletterError> {
    if let Some(token) = query_token {
        return Token::parse(token);
    }
    let is_form = content_type.is_some_and(|t| t.trim_start().to_ascii_lowercase().starts_with("application/x-www-form-urlencoded"));
    if is_form {
        let token = url::form_urlencoded::parse(body).find(|(name, _)| name == "token").map(|(_, value)| value.into_owned());
        return Token::parse(&token.ok_or(NewsletterError::InvalidToken)?);
    }
    if body.iter().all(u8::is_ascii_whitespace) {
        return Err(NewsletterError::InvalidToken);
    }
    token_from_json(body)
}

/// A member that is a string; anything else reads as missing (and gets the member's code).
fn text(member: &Option<Value>) -> Option<&str> {
    member.as_ref().and_then(Value::as_str)
}

/// What a mailed token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    Confirm,
    Unsubscribe,
}

impl Purpose {
    pub fn as_str(self) -> &'static str {
        match self {
            Purpose::Confirm => "confirm",
            Purpose::Unsubscribe => "unsubscribe",
        }
    }
}

/// pending → confirmed → unsubscribed, and back to pending (form) or confirmed (resubscribe link).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pending,
    Confirmed,
    Unsubscribed,
}

impl Status {
    pub fn as_str(self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Confirmed => "confirmed",
            Status::Unsubscribed => "unsubscribed",
        }
    }

    pub fn from_name(name: &str) -> Option<Status> {
        [Status::Pending, Status::Confirmed, Status::Unsubscribed].into_iter().find(|s| s.as_str() == name)
    }
}

/// The answer to every valid subscribe request, whatever the address's state (nothing leaks).
pub fn check_inbox_message(lang: Lang) -> &'static str {
    &crate::platform::words::words(lang).newsletter_check_inbox
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(result: Result<impl std::fmt::Debug, NewsletterError>) -> String {
        crate::platform::http::error::ApiError::from(result.unwrap_err()).error_code.to_string()
    }

    #[test]
    fn subscribe_bodies_parse_into_normalized_values() {
        let request = SubscribeRequest::parse(br#"{"email":"  Ana.Silva@Example.COM ","language":"pt","source":"footer"}"#).unwrap();
        assert_eq!(request.email.as_str(), "ana.silva@example.com");
        assert_eq!((request.lang, request.source.as_str()), (Lang::Pt, "footer"));
    }

    #[test]
    fn each_bad_field_has_its_code() {
        assert_eq!(code(SubscribeRequest::parse(b"not json")), "invalid_body");
        assert_eq!(code(SubscribeRequest::parse(b"[1]")), "invalid_body");
        assert_eq!(code(SubscribeRequest::parse(br#"{"email":"nope","language":"en","source":"hero"}"#)), "invalid_email");
        assert_eq!(code(SubscribeRequest::parse(br#"{"email":7,"language":"en","source":"hero"}"#)), "invalid_email");
        assert_eq!(code(SubscribeRequest::parse(br#"{"email":"a@b.co","language":"fr","source":"hero"}"#)), "invalid_language");
        assert_eq!(code(SubscribeRequest::parse(br#"{"email":"a@b.co","language":"en"}"#)), "invalid_source");
    }

    #[test]
    fn sources_are_short_lowercase_names() {
        for good in ["hero", "footer", "home", "blog_sidebar", "post-end", "a", &"x".repeat(32)] {
            assert!(Source::parse(good).is_ok(), "{good}");
        }
        for bad in ["", "Footer", "foot er", "<script>", "héro", &"x".repeat(33)] {
            assert!(Source::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn tokens_are_random_url_safe_and_stored_as_sha256() {
        let (a, b) = (Token::generate(), Token::generate());
        assert_ne!(a, b);
        assert_eq!(Token::parse(a.as_str()).unwrap(), a);
        assert_eq!(a.hash().len(), 64);
        assert_ne!(a.hash(), a.as_str());
        let known = Token("a".repeat(43));
        assert_eq!(known.hash(), format!("{:x}", Sha256::digest("a".repeat(43).as_bytes())));
        for bad in ["", "short", &"a".repeat(44), &format!("{}!", "a".repeat(42)), &format!("{}=", "a".repeat(42))] {
            assert_eq!(code(Token::parse(bad)), "invalid_token", "{bad}");
        }
    }

    #[test]
    fn the_unsubscribe_token_comes_from_the_query_a_form_or_json() {
        let token = Token::generate();
        let raw = token.as_str();
        let form = Some("application/x-www-form-urlencoded");
        let json = format!(r#"{{"token":"{raw}"}}"#);
        assert_eq!(unsubscribe_token(Some(raw), form, b"List-Unsubscribe=One-Click").unwrap(), token);
        assert_eq!(unsubscribe_token(None, form, format!("token={raw}").as_bytes()).unwrap(), token);
        assert_eq!(unsubscribe_token(None, Some("application/json"), json.as_bytes()).unwrap(), token);
        assert_eq!(unsubscribe_token(None, None, json.as_bytes()).unwrap(), token);
        assert_eq!(code(unsubscribe_token(None, form, b"List-Unsubscribe=One-Click")), "invalid_token");
        assert_eq!(code(unsubscribe_token(None, None, b"")), "invalid_token");
        assert_eq!(code(unsubscribe_token(None, Some("application/json"), b"{")), "invalid_body");
        assert_eq!(code(unsubscribe_token(Some("forged"), None, b"")), "invalid_token");
    }

    #[test]
    fn states_round_trip_and_messages_are_localized() {
        for status in [Status::Pending, Status::Confirmed, Status::Unsubscribed] {
            assert_eq!(Status::from_name(status.as_str()), Some(status));
        }
        let messages: std::collections::HashSet<_> = Lang::ALL.into_iter().map(check_inbox_message).collect();
        assert_eq!(messages.len(), 3);
    }
}
