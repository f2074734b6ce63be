//! `/dev/mailbox`: in development, the outbox as a developer (or a test) reads it: a list,
//! each message's HTML and text, and the same list as JSON. Elsewhere these paths do not exist.

use std::net::SocketAddr;

use axum::extract::{ConnectInfo, FromRequestParts, Path, Query, State};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use http::header::{ACCEPT, CACHE_CONTROL, CONTENT_DISPOSITION, CONTENT_SECURITY_POLICY, CONTENT_TYPE};
use http::request::Parts;
use http::{HeaderMap, HeaderValue, StatusCode};
use serde::{Deserialize, Serialize};
use uuid::Uuid;

use super::mailbox_page::{list_page, timestamp};
use super::outbox::{self, AttachmentInfo, Stored};
use crate::config::Environment;
use crate::platform::http::client_ip::ClientIp;
use crate::seo::serve_page_or_file;
use crate::startup::AppState;

/// The list shows this many of the newest messages.
const LIST_LIMIT: i64 = 200;

/// The message view may use the inline styles e-mail needs, and nothing else: no script at all.
const MESSAGE_CSP: &str =
    "default-src 'none'; script-src 'none'; style-src 'unsafe-inline'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/dev/mailbox", get(list))
        .route("/dev/mailbox/{id}", get(show_html))
        .route("/dev/mailbox/{id}/text", get(show_text))
        .route("/dev/mailbox/{id}/attachments/{position}", get(show_attachment))
}

/// Lets a request through only in development and only from this machine (the socket peer
/// and, behind a local proxy, the client it names are loopback addresses); anything else gets
/// the site's not-found page, exactly like any unknown path.
struct DevOnly;

impl FromRequestParts<AppState> for DevOnly {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        let Ok(ClientIp(client)) = ClientIp::from_request_parts(parts, state).await;
        let local = peer.is_some_and(|ip| ip.is_loopback()) && client.is_loopback();
        if state.config.environment == Environment::Development && local {
            return Ok(DevOnly);
        }
        Err(serve_page_or_file(State(state.clone()), parts.method.clone(), parts.uri.clone(), parts.headers.clone()).await)
    }
}

#[derive(Deserialize)]
struct ListQuery {
    format: Option<String>,
    #[serde(default)]
    to: String,
}

/// One message in the JSON list.
#[derive(Serialize)]
struct Entry {
    id: String,
    to: String,
    subject: String,
    kind: String,
    lang: String,
    status: String,
    attempts: i32,
    created_at: String,
    next_attempt_at: String,
    sent_at: Option<String>,
    last_error: Option<String>,
    text: String,
    html: String,
    attachments: Vec<FileEntry>,
}

/// One file of a message in the JSON list; `url` downloads it.
#[derive(Serialize)]
pub(super) struct FileEntry {
    pub filename: String,
    pub content_type: String,
    pub placement: String,
    pub size_bytes: i64,
    pub url: String,
}

impl From<AttachmentInfo> for FileEntry {
    fn from(a: AttachmentInfo) -> FileEntry {
        FileEntry {
            url: format!("/dev/mailbox/{}/attachments/{}", a.mail_id, a.position),
            filename: a.filename,
            content_type: a.content_type,
            placement: a.placement,
            size_bytes: a.size_bytes,
        }
    }
}

/// Each message's files, by message id.
pub(super) type Files = std::collections::HashMap<String, Vec<FileEntry>>;

fn group(files: Vec<AttachmentInfo>) -> Files {
    let mut grouped = Files::new();
    for file in files {
        grouped.entry(file.mail_id.clone()).or_default().push(FileEntry::from(file));
    }
    grouped
}

impl Entry {
    fn new(m: Stored, files: &mut Files) -> Entry {
        Entry {
            attachments: files.remove(&m.id).unwrap_or_default(),
            created_at: timestamp(m.created_at_ms / 1000),
            next_attempt_at: timestamp(m.next_attempt_at),
            sent_at: m.sent_at.map(timestamp),
            id: m.id,
            to: m.recipient,
            subject: m.subject,
            kind: m.kind,
            lang: m.lang,
            status: m.status,
            attempts: m.attempts,
            last_error: m.last_error,
            text: m.body_text,
            html: m.body_html,
        }
    }
}

async fn list(_: DevOnly, State(state): State<AppState>, Query(query): Query<ListQuery>, headers: HeaderMap) -> Response {
    let listed = tokio::try_join!(
        outbox::list(&state.db.pool, query.to.trim(), LIST_LIMIT),
        outbox::list_attachments(&state.db.pool, query.to.trim(), LIST_LIMIT)
    );
    let (messages, mut files) = match listed {
        Ok((messages, files)) => (messages, group(files)),
        Err(e) => return server_error(e),
    };
    let wants_json = query.format.as_deref() == Some("json")
        || headers.get(ACCEPT).and_then(|v| v.to_str().ok()).is_some_and(|v| v.contains("application/json"));
    let response = if wants_json {
        Json(messages.into_iter().map(|m| Entry::new(m, &mut files)).collect::<Vec<_>>()).into_response()
    } else {
        Html(list_page(&messages, &files, &state.config.site_name)).into_response()
    };
    no_store(response)
}

async fn show_html(_: DevOnly, State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match find(&state, &id).await {
        Ok(message) => {
            let mut response = no_store(Html(message.body_html).into_response());
            response.headers_mut().insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(MESSAGE_CSP));
            response
        }
        Err(response) => response,
    }
}

async fn show_text(_: DevOnly, State(state): State<AppState>, Path(id): Path<String>) -> Response {
    match find(&state, &id).await {
        Ok(message) => no_store(([(CONTENT_TYPE, "text/plain; charset=utf-8")], message.body_text).into_response()),
        Err(response) => response,
    }
}

/// A file of a message, always as a download (never rendered by the browser on this origin).
async fn show_attachment(_: DevOnly, State(state): State<AppState>, Path((id, position)): Path<(String, String)>) -> Response {
    let not_found = || (StatusCode::NOT_FOUND, "No such attachment in the outbox.").into_response();
    let (Ok(id), Ok(position)) = (Uuid::parse_str(&id), position.parse::<i32>()) else {
        return not_found();
    };
    match outbox::attachment(&state.db.pool, &id.to_string(), position).await {
        Ok(Some((content_type, filename, content))) => {
            let mut response = no_store(content.into_response());
            let headers = response.headers_mut();
            let content_type = HeaderValue::from_str(&content_type).unwrap_or(HeaderValue::from_static("application/octet-stream"));
            headers.insert(CONTENT_TYPE, content_type);
            let ascii: String = filename.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_ ".contains(c) { c } else { '_' }).collect();
            if let Ok(value) = HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"")) {
                headers.insert(CONTENT_DISPOSITION, value);
            }
            headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(MESSAGE_CSP));
            response
        }
        Ok(None) => not_found(),
        Err(e) => server_error(e),
    }
}

async fn find(state: &AppState, id: &str) -> Result<Stored, Response> {
    let not_found = || (StatusCode::NOT_FOUND, "No such message in the outbox.").into_response();
    let id = Uuid::parse_str(id).map_err(|_| not_found())?;
    match outbox::find(&state.db.pool, &id.to_string()).await {
        Ok(Some(message)) => Ok(message),
        Ok(None) => Err(not_found()),
        Err(e) => Err(server_error(e)),
    }
}

fn server_error(e: sqlx::Error) -> Response {
    tracing::error!(error = %e, "cannot read the mail outbox");
    StatusCode::INTERNAL_SERVER_ERROR.into_response()
}

/// Mail holds sign-in links: never cached.
fn no_store(mut response: Response) -> Response {
    response.headers_mut().insert(CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}
