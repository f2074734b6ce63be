//! E-mail: every message is rendered from templates in the recipient's language, queued in
//! the `mail_outbox` table inside the caller's transaction, and delivered by a worker over
//! SMTP when `SMTP_URL` is set (docs/decisions/003). Without SMTP, mail stays in the outbox and
//! development mode shows it at `/dev/mailbox`.

mod attachment;
mod config;
mod kind;
mod mailbox;
mod mailbox_page;
mod message;
mod outbox;
mod queue;
mod render;
mod smtp;
mod templates;
mod worker;

use axum::Router;

pub use attachment::{Attachment, Placement, MAX_TOTAL_BYTES as MAX_ATTACHMENT_BYTES};
pub use config::MailConfig;
pub use kind::MailKind;
pub use queue::{enqueue, enqueue_with_attachments, enqueue_with_headers, NewEmail};
pub use render::TemplateError;
pub use smtp::{Security, SmtpUrl};
pub use templates::{render_email, Rendered};
pub use worker::backoff;

use crate::startup::AppState;

/// Starts the delivery worker when SMTP is configured (runs inside `rumbo serve`, one per
/// instance). The task is dropped with the runtime on shutdown, so it never delays it.
pub fn spawn_worker(state: &AppState) {
    let Some(smtp) = &state.config.mail.smtp_url else {
        tracing::info!("no SMTP_URL: mail stays in the outbox");
        return;
    };
    tracing::info!(smtp = %smtp.redacted(), from = %state.config.mail.mail_from, "mail delivery worker started");
    let worker = worker::Worker::new(state.db.pool.clone(), smtp.transport(), &state.config.mail);
    tokio::spawn(worker.run());
}

/// Development-only routes (`/dev/mailbox`); in production they answer the not-found page.
pub fn router() -> Router<AppState> {
    mailbox::routes()
}
