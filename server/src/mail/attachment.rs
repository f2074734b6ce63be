//! Files a queued message carries: checked when queued, stored with the outbox row
//! (`mail_attachments`), and turned into MIME parts by `message::build`.

use lettre::message::header::ContentType;

/// The most a message may carry in all, before transfer encoding (base64 adds a third; common
/// relays refuse messages above 20–25 MB).
pub const MAX_TOTAL_BYTES: usize = 15 * 1024 * 1024;

/// Where a file goes in the message.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Placement {
    /// A file part of the multipart/mixed message, offered for download (e.g. `invite.ics`).
    Attachment,
    /// One more rendering of the message, inside multipart/alternative after the text and HTML
    /// parts (e.g. `text/calendar; method=REQUEST`, which calendar clients show as an invitation).
    Alternative,
}

impl Placement {
    pub fn as_str(self) -> &'static str {
        match self {
            Placement::Attachment => "attachment",
            Placement::Alternative => "alternative",
        }
    }

    pub fn parse(stored: &str) -> Option<Placement> {
        match stored {
            "attachment" => Some(Placement::Attachment),
            "alternative" => Some(Placement::Alternative),
            _ => None,
        }
    }
}

/// A file for `mail::enqueue_with_attachments`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub filename: String,
    /// The full MIME type with its parameters, e.g. `text/calendar; method=REQUEST; charset=UTF-8`.
    pub content_type: String,
    pub content: Vec<u8>,
    pub placement: Placement,
}

impl Attachment {
    /// A file offered for download.
    pub fn file(filename: impl Into<String>, content_type: impl Into<String>, content: impl Into<Vec<u8>>) -> Attachment {
        Attachment {
            filename: filename.into(),
            content_type: content_type.into(),
            content: content.into(),
            placement: Placement::Attachment,
        }
    }

    /// One more rendering of the message, beside its text and HTML (the type must be text/*).
    pub fn alternative(filename: impl Into<String>, content_type: impl Into<String>, content: impl Into<Vec<u8>>) -> Attachment {
        Attachment { placement: Placement::Alternative, ..Attachment::file(filename, content_type, content) }
    }
}

/// Checks every file now, so a bad one fails the caller rather than every delivery attempt.
pub fn check(attachments: &[Attachment]) -> Result<(), String> {
    let mut total = 0usize;
    for attachment in attachments {
        let name = &attachment.filename;
        if name.trim().is_empty() || name.len() > 200 || name.chars().any(|c| c.is_control() || matches!(c, '/' | '\\' | '"')) {
            return Err(format!("attachment file name {name:?} is empty, too long, or has a control character, slash or quote"));
        }
        ContentType::parse(&attachment.content_type)
            .map_err(|_| format!("attachment {name:?}: {:?} is not a MIME type", attachment.content_type))?;
        if attachment.placement == Placement::Alternative && !attachment.content_type.trim().to_ascii_lowercase().starts_with("text/") {
            return Err(format!("attachment {name:?}: an alternative rendering must be text/*"));
        }
        total = total.saturating_add(attachment.content.len());
    }
    if total > MAX_TOTAL_BYTES {
        return Err(format!("attachments of {total} bytes exceed {MAX_TOTAL_BYTES}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn good_files_pass() {
        let files = [
            Attachment::alternative("invite.ics", "text/calendar; method=REQUEST; charset=UTF-8", "BEGIN:VCALENDAR\r\n"),
            Attachment::file("invite.ics", "application/ics", "BEGIN:VCALENDAR\r\n"),
            Attachment::file("Reserva de café.pdf", "application/pdf", vec![0u8, 1, 2]),
        ];
        assert_eq!(check(&files), Ok(()));
    }

    #[test]
    fn bad_files_are_refused() {
        let refused = |attachment: Attachment| check(&[attachment]).unwrap_err();
        assert!(refused(Attachment::file("", "text/plain", "x")).contains("file name"));
        assert!(refused(Attachment::file("a\r\nb.txt", "text/plain", "x")).contains("file name"));
        assert!(refused(Attachment::file("../etc/passwd", "text/plain", "x")).contains("file name"));
        assert!(refused(Attachment::file("a.txt", "not a type", "x")).contains("MIME type"));
        assert!(refused(Attachment::alternative("a.pdf", "application/pdf", "x")).contains("text/*"));
        assert!(refused(Attachment::file("big.bin", "application/octet-stream", vec![0u8; MAX_TOTAL_BYTES + 1])).contains("exceed"));
    }
}
