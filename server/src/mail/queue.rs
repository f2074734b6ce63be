//! Queuing a message: render it now, in the recipient's language, and store it in the outbox
//! within the caller's transaction, so it is sent if and only if the caller's change commits.

use lettre::message::header::HeaderName;
use lettre::Address;
use sqlx::AnyConnection;
use tokio::sync::Notify;
use uuid::Uuid;

use super::attachment::{self, Attachment};
use super::kind::MailKind;
use super::outbox::{self, NewMessage};
use super::render::TemplateError;
use super::templates::render_email;
use crate::config::Config;
use crate::platform::db::now_ms;
use crate::platform::i18n::Lang;

/// Wakes this process's worker after an enqueue. A process-wide signal rather than state,
/// because `enqueue` is called with a bare connection; other instances find the message on
/// their next poll. It carries no data, so sharing it between test apps in one process is harmless.
pub(super) static WAKE: Notify = Notify::const_new();

/// Headers the message builder writes itself; a caller may not replace them.
const RESERVED_HEADERS: [&str; 9] = ["from", "to", "cc", "bcc", "subject", "date", "message-id", "mime-version", "content-type"];

pub struct NewEmail<'a> {
    pub to: &'a str,
    pub lang: Lang,
    pub kind: MailKind,
    /// Template variables, e.g. ("confirmation_url", url), ("token", "123456"), ("email", …), ("new_email", …).
    pub vars: &'a [(&'a str, &'a str)],
}

/// Renders the template now and inserts the message into the outbox, inside the caller's
/// transaction or connection. A bad address or a template variable left without a value is
/// refused as `sqlx::Error::Encode` (the message cannot be turned into a row).
pub async fn enqueue(conn: &mut AnyConnection, config: &Config, email: NewEmail<'_>) -> Result<Uuid, sqlx::Error> {
    enqueue_with_headers(conn, config, email, &[]).await
}

/// As `enqueue`, with extra headers for the message (e.g. List-Unsubscribe).
pub async fn enqueue_with_headers(
    conn: &mut AnyConnection,
    config: &Config,
    email: NewEmail<'_>,
    headers: &[(&str, &str)],
) -> Result<Uuid, sqlx::Error> {
    enqueue_with_attachments(conn, config, email, headers, &[]).await
}

/// As `enqueue_with_headers`, with files (e.g. a calendar invitation: see
/// `calendar::Calendar::attachments`), stored with the message in the same transaction. A bad
/// file name or MIME type, or more than `attachment::MAX_TOTAL_BYTES`, is refused as
/// `sqlx::Error::Encode`.
pub async fn enqueue_with_attachments(
    conn: &mut AnyConnection,
    config: &Config,
    email: NewEmail<'_>,
    headers: &[(&str, &str)],
    attachments: &[Attachment],
) -> Result<Uuid, sqlx::Error> {
    let recipient = email.to.trim().parse::<Address>().map_err(|e| encode_error(format!("recipient {:?}: {e}", email.to)))?;
    let headers_json = headers_json(headers).map_err(encode_error)?;
    attachment::check(attachments).map_err(encode_error)?;
    let rendered = render_email(email.kind, email.lang, config, recipient.as_ref(), email.vars)
        .map_err(|TemplateError(e)| encode_error(format!("{}/{}: {e}", email.kind, email.lang.code())))?;
    let id = Uuid::new_v4();
    let message = NewMessage {
        id: &id.to_string(),
        kind: email.kind.as_str(),
        lang: email.lang.code(),
        recipient: recipient.as_ref(),
        rendered: &rendered,
        headers_json: &headers_json,
        now_ms: now_ms(),
    };
    outbox::insert(conn, &message).await?;
    for (position, file) in attachments.iter().enumerate() {
        outbox::insert_attachment(conn, message.id, position as i32, file).await?;
    }
    WAKE.notify_one();
    Ok(id)
}

/// Checks names and values now, so a bad header fails the caller rather than every delivery.
fn headers_json(headers: &[(&str, &str)]) -> Result<String, String> {
    let mut map = serde_json::Map::new();
    for (name, value) in headers {
        HeaderName::new_from_ascii((*name).to_owned()).map_err(|_| format!("invalid header name {name:?}"))?;
        if RESERVED_HEADERS.contains(&name.to_ascii_lowercase().as_str()) {
            return Err(format!("header {name} is set by the mailer"));
        }
        if value.contains(['\r', '\n']) {
            return Err(format!("header {name} has a line break"));
        }
        map.insert((*name).to_owned(), serde_json::Value::String((*value).to_owned()));
    }
    Ok(serde_json::Value::Object(map).to_string())
}

fn encode_error(message: String) -> sqlx::Error {
    sqlx::Error::Encode(message.into())
}
