//! The HTML of `/dev/mailbox`: a plain, accessible table with no script and no inline style,
//! so the site's Content-Security-Policy applies unchanged.

use std::fmt::Write;

use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;

use super::mailbox::Files;
use super::outbox::Stored;
use crate::platform::html::escape;

pub fn list_page(messages: &[Stored], files: &Files, site_name: &str) -> String {
    let site = escape(site_name);
    let mut page = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>Development mailbox · {site}</title>\n</head>\n<body>\n<main>\n<h1>Development mailbox</h1>\n\
         <p>Every e-mail {site} has queued, newest first. Without <code>SMTP_URL</code> nothing is sent: \
         open a message to follow its links. Also as <a href=\"/dev/mailbox?format=json\">JSON</a>.</p>\n"
    );
    if messages.is_empty() {
        page.push_str("<p>No mail yet.</p>\n");
    } else {
        page.push_str(&table(messages, files));
    }
    page.push_str("</main>\n</body>\n</html>\n");
    page
}

fn table(messages: &[Stored], files: &Files) -> String {
    let mut table = format!(
        "<table>\n<caption>{} messages</caption>\n<thead>\n<tr><th scope=\"col\">To</th><th scope=\"col\">Subject</th>\
         <th scope=\"col\">Kind</th><th scope=\"col\">Files</th><th scope=\"col\">Status</th><th scope=\"col\">Queued (UTC)</th></tr>\n</thead>\n<tbody>\n",
        messages.len()
    );
    for m in messages {
        let id = escape(&m.id);
        let _ = writeln!(
            table,
            "<tr><td>{to}</td><td><a href=\"/dev/mailbox/{id}\">{subject}</a> (<a href=\"/dev/mailbox/{id}/text\">text</a>)</td>\
             <td>{kind} ({lang})</td><td>{files}</td><td>{status}</td><td><time datetime=\"{time}\">{shown}</time></td></tr>",
            to = escape(&m.recipient),
            subject = escape(&m.subject),
            kind = escape(&m.kind),
            lang = escape(&m.lang),
            files = file_links(files.get(&m.id).map(Vec::as_slice).unwrap_or_default()),
            status = escape(&status(m)),
            time = timestamp(m.created_at_ms / 1000),
            shown = timestamp(m.created_at_ms / 1000).replace('T', " ").trim_end_matches('Z'),
        );
    }
    table.push_str("</tbody>\n</table>\n");
    table
}

fn file_links(files: &[super::mailbox::FileEntry]) -> String {
    let links: Vec<String> =
        files.iter().map(|f| format!("<a href=\"{}\">{}</a> ({})", escape(&f.url), escape(&f.filename), escape(&f.content_type))).collect();
    links.join("<br>")
}

fn status(m: &Stored) -> String {
    let attempts = |n: i32| if n == 1 { "1 attempt".to_owned() } else { format!("{n} attempts") };
    match (m.status.as_str(), m.attempts) {
        ("pending", 0) => "pending".into(),
        ("pending", n) => format!("pending, {} failed", attempts(n)),
        (status, n) => format!("{status} after {}", attempts(n)),
    }
}

/// Unix seconds as RFC 3339 in UTC, e.g. `2026-11-21T10:00:00Z`.
pub fn timestamp(unix_seconds: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix_seconds).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default()
}
