//! Turns an outbox row into an RFC 5322 message: multipart/alternative (text, then HTML, then
//! any alternative rendering such as text/calendar), UTF-8, with a Message-ID that stays the
//! same across retries so receivers can drop duplicates. With attached files the message is
//! multipart/mixed: that alternative part first, then each file (base64, so bytes arrive intact).

use lettre::message::header::{ContentType, HeaderName, HeaderValue};
use lettre::message::{Attachment as FilePart, Mailbox, MultiPart, SinglePart};
use lettre::{Address, Message};

use super::attachment::{Attachment, Placement};
use super::outbox::Claimed;

pub fn build(row: &Claimed, attachments: &[Attachment], from: &Mailbox) -> Result<Message, String> {
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
    builder.multipart(body(row, attachments)?).map_err(|e| format!("message: {e}"))
}

fn body(row: &Claimed, attachments: &[Attachment]) -> Result<MultiPart, String> {
    let content_type =
        |file: &Attachment| ContentType::parse(&file.content_type).map_err(|_| format!("attachment {:?}: bad content type", file.filename));
    let mut alternative = MultiPart::alternative_plain_html(row.body_text.clone(), row.body_html.clone());
    for file in attachments.iter().filter(|f| f.placement == Placement::Alternative) {
        alternative = alternative.singlepart(SinglePart::builder().header(content_type(file)?).body(file.content.clone()));
    }
    let files: Vec<&Attachment> = attachments.iter().filter(|f| f.placement == Placement::Attachment).collect();
    if files.is_empty() {
        return Ok(alternative);
    }
    let mut mixed = MultiPart::mixed().multipart(alternative);
    for file in files {
        mixed = mixed.singlepart(FilePart::new(file.filename.clone()).body(file.content.clone(), content_type(file)?));
    }
    Ok(mixed)
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
        let formatted = String::from_utf8(build(&row("{}"), &[], &from).unwrap().formatted()).unwrap();
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
        let formatted = String::from_utf8(build(&row(headers), &[], &from).unwrap().formatted()).unwrap();
        assert!(formatted.contains("List-Unsubscribe: <https://rumbo.travel/u/1>"), "{formatted}");
        assert!(formatted.contains("List-Unsubscribe-Post: List-Unsubscribe=One-Click"));
    }

    #[test]
    fn files_make_a_mixed_message_and_alternatives_join_the_text_and_html() {
        let from: Mailbox = "no-reply@rumbo.travel".parse().unwrap();
        let ics = "BEGIN:VCALENDAR\r\nMETHOD:REQUEST\r\nEND:VCALENDAR\r\n";
        let files = [
            Attachment::alternative("invite.ics", "text/calendar; method=REQUEST; charset=UTF-8", ics),
            Attachment::file("invite.ics", "application/ics", ics),
        ];
        let formatted = String::from_utf8(build(&row("{}"), &files, &from).unwrap().formatted()).unwrap();
        let mixed = formatted.find("Content-Type: multipart/mixed").expect("mixed");
        let alternative = formatted.find("Content-Type: multipart/alternative").expect("alternative inside");
        let calendar = formatted
            .find("Content-Type: text/calendar; method=REQUEST; charset=utf-8")
            .unwrap_or_else(|| panic!("calendar part: {formatted}"));
        let attached = formatted.find("Content-Disposition: attachment; filename=\"invite.ics\"").expect("attachment");
        let html = formatted.find("text/html").unwrap();
        assert!(mixed < alternative && alternative < html && html < calendar && calendar < attached, "{formatted}");

        let alternatives_only = String::from_utf8(build(&row("{}"), &files[..1], &from).unwrap().formatted()).unwrap();
        assert!(!alternatives_only.contains("multipart/mixed") && alternatives_only.contains("text/calendar"), "{alternatives_only}");
    }
}
