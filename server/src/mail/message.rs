//! Turns an outbox row into an RFC 5322 message: multipart/alternative (text, then HTML),
//! UTF-8, with a Message-ID that stays the same across retries so receivers can drop duplicates.

use lettre::message::header::{HeaderName, HeaderValue};
use lettre::message::{Mailbox, MultiPart};
use lettre::{Address, Message};

use super::outbox::Claimed;

pub fn build(row: &Claimed, from: &Mailbox) -> Result<Message, String> {
    let to = row.recipient.parse::<Address>().map_err(|e| format!("recipient: {e}"))?;
    let mut builder = Message::builder()
        .from(from.clone())
        .to(Mailbox::new(None, to))
        .subject(row.subject.as_str())
        .message_id(Some(format!("<{}@{}>", row.id, from.email.domain())))
        .date_now();
    for (name, value) in extra_headers(&row.headers)? {
        builder = builder.raw_header(HeaderValue::new(name, value));
    }
    builder.multipart(MultiPart::alternative_plain_html(row.body_text.clone(), row.body_html.clone())).map_err(|e| format!("message: {e}"))
}

/// The row's JSON object of extra headers (checked when queued).
fn extra_headers(json: &str) -> Result<Vec<(HeaderName, String)>, String> {
    let map: serde_json::Map<String, serde_json::Value> = serde_json::from_str(json).map_err(|e| format!("headers: {e}"))?;
    map.into_iter()
        .map(|(name, value)| {
            let value = value.as_str().ok_or_else(|| format!("header {name} is not text"))?.to_owned();
            let name = HeaderName::new_from_ascii(name.clone()).map_err(|_| format!("invalid header name {name:?}"))?;
            Ok((name, value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(headers: &str) -> Claimed {
        Claimed {
            id: "0b5c9a2e-0000-4000-8000-000000000001".into(),
            recipient: "ana@example.com".into(),
            subject: "Confirma tu correo electrónico".into(),
            body_text: "Hola, ¿qué tal?".into(),
            body_html: "<p>Hola, ¿qué tal?</p>".into(),
            headers: headers.into(),
            attempts: 0,
        }
    }

    #[test]
    fn messages_have_both_parts_and_a_stable_id() {
        let from: Mailbox = "Rumbo <no-reply@rumbo.travel>".parse().unwrap();
        let formatted = String::from_utf8(build(&row("{}"), &from).unwrap().formatted()).unwrap();
        assert!(formatted.contains("Message-ID: <0b5c9a2e-0000-4000-8000-000000000001@rumbo.travel>"), "{formatted}");
        assert!(formatted.contains("multipart/alternative"));
        assert!(formatted.contains("text/plain; charset=utf-8"));
        assert!(formatted.contains("text/html; charset=utf-8"));
        assert!(formatted.contains("Date: "));
        assert!(formatted.contains("From: Rumbo <no-reply@rumbo.travel>"));
    }

    #[test]
    fn extra_headers_are_added() {
        let from: Mailbox = "no-reply@rumbo.travel".parse().unwrap();
        let headers = r#"{"List-Unsubscribe":"<https://rumbo.travel/u/1>","List-Unsubscribe-Post":"List-Unsubscribe=One-Click"}"#;
        let formatted = String::from_utf8(build(&row(headers), &from).unwrap().formatted()).unwrap();
        assert!(formatted.contains("List-Unsubscribe: <https://rumbo.travel/u/1>"), "{formatted}");
        assert!(formatted.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    }
}
