//! iCalendar (RFC 5545) invitations as calendar clients expect them in e-mail (iTIP, RFC 5546):
//! one VCALENDAR with METHOD:REQUEST (an invitation or an update) or METHOD:CANCEL, holding one
//! VEVENT whose UID stays the same for the booking's whole life and whose SEQUENCE grows with
//! every change, so a client updates or removes the event it already has. Times are UTC.
//! `Calendar::attachments` gives the two MIME parts a message carries (docs/decisions/003,
//! addendum): a text/calendar alternative and an `invite.ics` file.

mod content_line;

use time::macros::format_description;
use time::OffsetDateTime;

use crate::mail::Attachment;
pub use content_line::MAX_LINE_OCTETS;
use content_line::{param, push_folded, text, uri};

/// What the message asks of the calendar client.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    /// Add the event, or update it when the UID is known and SEQUENCE is higher.
    Request,
    /// Remove the event (SEQUENCE must be higher than the last REQUEST's).
    Cancel,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Request => "REQUEST",
            Method::Cancel => "CANCEL",
        }
    }

    /// The event's STATUS under this method.
    fn status(self) -> &'static str {
        match self {
            Method::Request => "CONFIRMED",
            Method::Cancel => "CANCELLED",
        }
    }
}

/// A person on the invitation: a display name and an e-mail address.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Person {
    pub name: String,
    pub email: String,
}

/// One event in one calendar object.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Calendar {
    /// PRODID, e.g. `-//Rumbo//Consultations//EN`.
    pub product_id: String,
    pub method: Method,
    /// Stable for the event's whole life: see `booking_uid`.
    pub uid: String,
    /// 0 for the first invitation, raised on every change (reschedule, cancellation).
    pub sequence: u32,
    /// When this version of the object was made (DTSTAMP).
    pub stamp: OffsetDateTime,
    pub start: OffsetDateTime,
    pub end: OffsetDateTime,
    pub summary: String,
    pub description: String,
    pub location: Option<String>,
    pub url: Option<String>,
    pub organizer: Person,
    pub attendee: Person,
}

/// A UID stable for a booking's life and unique to this site: `booking-<id>@<host>`.
pub fn booking_uid(booking_id: &str, site_url: &url::Url) -> String {
    format!("booking-{booking_id}@{}", site_url.host_str().unwrap_or("localhost"))
}

/// `20261124T140000Z`: a DATE-TIME in UTC (RFC 5545 §3.3.5, form #2).
pub fn utc_stamp(at: OffsetDateTime) -> String {
    let format = format_description!("[year][month][day]T[hour][minute][second]Z");
    at.to_offset(time::UtcOffset::UTC).format(&format).unwrap_or_default()
}

impl Calendar {
    /// The iCalendar object: CRLF line ends, lines folded at 75 octets, values escaped.
    pub fn to_ics(&self) -> String {
        let mut lines: Vec<String> = vec![
            "BEGIN:VCALENDAR".into(),
            format!("PRODID:{}", text(&self.product_id)),
            "VERSION:2.0".into(),
            "CALSCALE:GREGORIAN".into(),
            format!("METHOD:{}", self.method.as_str()),
            "BEGIN:VEVENT".into(),
            format!("UID:{}", text(&self.uid)),
            format!("SEQUENCE:{}", self.sequence),
            format!("DTSTAMP:{}", utc_stamp(self.stamp)),
            format!("DTSTART:{}", utc_stamp(self.start)),
            format!("DTEND:{}", utc_stamp(self.end)),
            format!("SUMMARY:{}", text(&self.summary)),
            format!("DESCRIPTION:{}", text(&self.description)),
        ];
        if let Some(location) = &self.location {
            lines.push(format!("LOCATION:{}", text(location)));
        }
        if let Some(url) = &self.url {
            lines.push(format!("URL:{}", uri(url)));
        }
        lines.push(format!("ORGANIZER;CN={}:mailto:{}", param(&self.organizer.name), uri(&self.organizer.email)));
        lines.push(format!(
            "ATTENDEE;CN={};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:{}",
            param(&self.attendee.name),
            uri(&self.attendee.email)
        ));
        lines.push(format!("STATUS:{}", self.method.status()));
        lines.push("TRANSP:OPAQUE".into());
        lines.push("END:VEVENT".into());
        lines.push("END:VCALENDAR".into());
        let mut out = String::with_capacity(lines.iter().map(|l| l.len() + 4).sum());
        for line in &lines {
            push_folded(&mut out, line);
        }
        out
    }

    /// The parts an e-mail carries (see docs/decisions/003, addendum): the object as a
    /// `text/calendar; method=…` alternative of the message, which Gmail, Outlook and Apple Mail
    /// turn into an invitation, and the same bytes as an `invite.ics` file for everyone else.
    pub fn attachments(&self) -> Vec<Attachment> {
        let ics = self.to_ics();
        let content_type = format!("text/calendar; method={}; charset=UTF-8", self.method.as_str());
        vec![Attachment::alternative("invite.ics", content_type, ics.clone()), Attachment::file("invite.ics", "application/ics", ics)]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mail::Placement;
    use time::macros::datetime;

    /// A content line read back: name, parameters, value (still escaped).
    #[derive(Debug)]
    struct Line {
        name: String,
        params: Vec<(String, String)>,
        value: String,
    }

    /// Unfolds (CRLF + one space or tab) and splits content lines, checking the octet limit and
    /// line ends on the way, as a strict client would.
    fn parse(ics: &str) -> Vec<Line> {
        assert!(ics.ends_with("\r\n"), "ends with CRLF");
        assert!(!ics.replace("\r\n", "").contains(['\r', '\n']), "only CRLF line ends");
        for physical in ics.split_terminator("\r\n") {
            assert!(physical.len() <= MAX_LINE_OCTETS, "{} octets: {physical:?}", physical.len());
        }
        let unfolded = ics.replace("\r\n ", "").replace("\r\n\t", "");
        unfolded.split_terminator("\r\n").map(parse_line).collect()
    }

    fn parse_line(line: &str) -> Line {
        // The name and parameters end at the first ':' outside a quoted parameter value.
        let mut quoted = false;
        let colon = line
            .char_indices()
            .find(|&(_, c)| {
                if c == '"' {
                    quoted = !quoted;
                }
                c == ':' && !quoted
            })
            .map(|(i, _)| i)
            .unwrap_or_else(|| panic!("no value in {line:?}"));
        let (head, value) = (&line[..colon], &line[colon + 1..]);
        let mut parts = Vec::new();
        let (mut start, mut quoted) = (0, false);
        for (i, c) in head.char_indices() {
            match c {
                '"' => quoted = !quoted,
                ';' if !quoted => {
                    parts.push(&head[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        parts.push(&head[start..]);
        let params = parts[1..]
            .iter()
            .map(|p| {
                let (k, v) = p.split_once('=').unwrap();
                (k.to_owned(), v.trim_matches('"').to_owned())
            })
            .collect();
        Line { name: parts[0].to_owned(), params, value: value.to_owned() }
    }

    /// RFC 5545 §3.3.11 TEXT, the other way.
    fn unescape(value: &str) -> String {
        let mut out = String::new();
        let mut chars = value.chars();
        while let Some(c) = chars.next() {
            if c != '\\' {
                assert!(c != ';' && c != ',', "unescaped {c:?} in {value:?}");
                out.push(c);
                continue;
            }
            match chars.next() {
                Some('n' | 'N') => out.push('\n'),
                Some(c @ ('\\' | ';' | ',')) => out.push(c),
                other => panic!("bad escape \\{other:?} in {value:?}"),
            }
        }
        out
    }

    fn value<'a>(lines: &'a [Line], name: &str) -> &'a str {
        let found: Vec<&Line> = lines.iter().filter(|l| l.name == name).collect();
        assert_eq!(found.len(), 1, "exactly one {name}");
        &found[0].value
    }

    fn sample(method: Method) -> Calendar {
        Calendar {
            product_id: "-//Rumbo//Consultations//EN".into(),
            method,
            uid: booking_uid("5f0c2d9e-1111-4222-8333-444455556666", &"https://rumbo.travel".parse().unwrap()),
            sequence: 2,
            stamp: datetime!(2026-11-22 10:15:00 UTC),
            start: datetime!(2026-11-24 09:00:00 -5),
            end: datetime!(2026-11-24 10:00:00 -5),
            summary: "Consulta completa, 60 min; Rumbo".into(),
            description: "Olá João! Tópico: roteiro por São Paulo, Paraty e Ilhabela; \
                          ¿Qué llevar? Cancelación gratuita hasta 24 h antes.\nGerenciar: https://rumbo.travel/pt/help/booking/5f0c?token=abc\\def"
                .into(),
            location: Some("Videollamada (enlace por correo), Bogotá".into()),
            url: Some("https://rumbo.travel/pt/help/booking/5f0c2d9e?token=abc".into()),
            organizer: Person { name: "Rumbo".into(), email: "hola@rumbo.travel".into() },
            attendee: Person { name: "Peña, María \"Mari\" Łucja".into(), email: "maria@example.com".into() },
        }
    }

    #[test]
    fn a_request_parses_back_with_every_property() {
        let calendar = sample(Method::Request);
        let lines = parse(&calendar.to_ics());
        let names: Vec<&str> = lines.iter().map(|l| l.name.as_str()).collect();
        assert_eq!(&names[..2], ["BEGIN", "PRODID"]);
        assert_eq!(names.iter().filter(|n| **n == "BEGIN").count(), 2);
        assert_eq!(lines.first().unwrap().value, "VCALENDAR");
        assert_eq!(lines.last().unwrap().value, "VCALENDAR");
        assert_eq!(value(&lines, "VERSION"), "2.0");
        assert_eq!(value(&lines, "METHOD"), "REQUEST");
        assert_eq!(value(&lines, "PRODID"), "-//Rumbo//Consultations//EN");
        assert_eq!(value(&lines, "UID"), "booking-5f0c2d9e-1111-4222-8333-444455556666@rumbo.travel");
        assert_eq!(value(&lines, "SEQUENCE"), "2");
        assert_eq!(value(&lines, "DTSTAMP"), "20261122T101500Z");
        assert_eq!(value(&lines, "DTSTART"), "20261124T140000Z", "09:00 in UTC-5 is 14:00 UTC");
        assert_eq!(value(&lines, "DTEND"), "20261124T150000Z");
        assert_eq!(unescape(value(&lines, "SUMMARY")), calendar.summary);
        assert_eq!(unescape(value(&lines, "DESCRIPTION")), calendar.description);
        assert_eq!(unescape(value(&lines, "LOCATION")), calendar.location.unwrap());
        assert_eq!(value(&lines, "URL"), calendar.url.unwrap());
        assert_eq!(value(&lines, "STATUS"), "CONFIRMED");

        let organizer = lines.iter().find(|l| l.name == "ORGANIZER").unwrap();
        assert_eq!(organizer.value, "mailto:hola@rumbo.travel");
        assert_eq!(organizer.params, [("CN".to_owned(), "Rumbo".to_owned())]);
        let attendee = lines.iter().find(|l| l.name == "ATTENDEE").unwrap();
        assert_eq!(attendee.value, "mailto:maria@example.com");
        assert_eq!(attendee.params[0], ("CN".to_owned(), "Peña, María 'Mari' Łucja".to_owned()));
        assert!(attendee.params.contains(&("RSVP".to_owned(), "FALSE".to_owned())));
    }

    #[test]
    fn long_non_ascii_lines_fold_on_character_boundaries() {
        let mut calendar = sample(Method::Request);
        // Two-, three- and four-octet characters at every offset of the fold.
        calendar.description = "ção€🙂, ".repeat(60);
        let ics = calendar.to_ics();
        assert!(ics.split_terminator("\r\n").filter(|l| l.starts_with(' ')).count() > 10, "folded");
        let lines = parse(&ics);
        assert_eq!(unescape(value(&lines, "DESCRIPTION")), calendar.description);
    }

    #[test]
    fn a_cancellation_is_method_cancel_with_status_cancelled_and_the_same_uid() {
        let request = parse(&sample(Method::Request).to_ics());
        let mut cancel = sample(Method::Cancel);
        cancel.sequence = 3;
        let cancelled = parse(&cancel.to_ics());
        assert_eq!(value(&cancelled, "METHOD"), "CANCEL");
        assert_eq!(value(&cancelled, "STATUS"), "CANCELLED");
        assert_eq!(value(&cancelled, "SEQUENCE"), "3");
        assert_eq!(value(&cancelled, "UID"), value(&request, "UID"));
    }

    #[test]
    fn the_mail_parts_are_a_calendar_alternative_and_an_ics_file() {
        let calendar = sample(Method::Cancel);
        let parts = calendar.attachments();
        assert_eq!(parts.len(), 2);
        assert_eq!(parts[0].placement, Placement::Alternative);
        assert_eq!(parts[0].content_type, "text/calendar; method=CANCEL; charset=UTF-8");
        assert_eq!(parts[1].placement, Placement::Attachment);
        assert_eq!((parts[1].filename.as_str(), parts[1].content_type.as_str()), ("invite.ics", "application/ics"));
        assert_eq!(parts[0].content, calendar.to_ics().into_bytes());
        assert_eq!(parts[0].content, parts[1].content);
    }
}
