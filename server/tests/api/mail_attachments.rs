//! E-mail attachments: stored with the outbox row, delivered over real SMTP (tests/api/smtp_sink.rs)
//! as MIME parts whose bytes arrive intact, and listed in the development mailbox.

use clap::Parser;
use rumbo::calendar::{self, Calendar, Method, Person};
use rumbo::config::Config;
use rumbo::mail::{self, Attachment, MailKind, NewEmail};
use rumbo::platform::db::Db;
use rumbo::platform::i18n::Lang;
use time::macros::datetime;
use uuid::Uuid;

use crate::helpers::TestApp;
use crate::smtp_sink::SmtpSink;

const LINK: &str = "http://rumbo.localhost/auth/v1/verify?token=abc&type=magiclink";

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    config: Config,
}

fn config() -> Config {
    Cli::parse_from(["rumbo", "--site-url", "http://rumbo.localhost"]).config
}

fn invite() -> Calendar {
    Calendar {
        product_id: "-//Rumbo//Consultations//EN".into(),
        method: Method::Request,
        uid: calendar::booking_uid("0b5c9a2e-0000-4000-8000-000000000001", &"http://rumbo.localhost".parse().unwrap()),
        sequence: 0,
        stamp: datetime!(2026-11-22 10:00:00 UTC),
        start: datetime!(2026-11-24 14:00:00 UTC),
        end: datetime!(2026-11-24 15:00:00 UTC),
        summary: "Consulta completa con Rumbo".into(),
        description: "Tema: viaje a Cartagena, Medellín y el Eje Cafetero; cancelación gratuita hasta 24 h antes. ".repeat(3),
        location: Some("Videollamada".into()),
        url: Some("http://rumbo.localhost/es/help/booking/0b5c9a2e?token=abc".into()),
        organizer: Person { name: "Rumbo".into(), email: "hola@rumbo.test".into() },
        attendee: Person { name: "María Peña".into(), email: "maria@example.com".into() },
    }
}

/// Every byte value, and bytes that are not UTF-8: only a faithful transfer encoding keeps them.
fn binary() -> Vec<u8> {
    let mut bytes: Vec<u8> = (0..=255u8).collect();
    bytes.extend_from_slice(b"\r\n.\r\n\n\r\xff\xfe\x00%PDF-1.7\r\n");
    bytes
}

async fn enqueue(app: &TestApp, attachments: &[Attachment]) -> Result<Uuid, sqlx::Error> {
    let db = Db::connect(&app.database_url().parse().expect("database url"), 2).await.expect("database answers");
    let mut conn = db.pool.acquire().await.unwrap();
    let email = NewEmail { to: "maria@example.com", lang: Lang::Es, kind: MailKind::MagicLink, vars: &[("confirmation_url", LINK)] };
    mail::enqueue_with_attachments(&mut conn, &config(), email, &[], attachments).await
}

#[tokio::test]
async fn attachments_arrive_intact_as_mime_parts() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-poll-interval-secs", "60"]).await;
    let invite = invite();
    let mut files = invite.attachments();
    files.push(Attachment::file("Reserva – documento.bin", "application/octet-stream", binary()));
    let id = enqueue(&app, &files).await.expect("queued");

    let received = sink.wait_for(1, 5).await;
    assert_eq!(received.len(), 1, "delivered");
    let mail = &received[0];
    assert!(mail.header("message-id").unwrap().starts_with(&format!("<{id}@")));
    assert!(mail.header("content-type").unwrap().starts_with("multipart/mixed"), "{}", mail.data);
    let parts = mail.leaf_parts();
    let types: Vec<&str> = parts.iter().map(|p| p.content_type.split(';').next().unwrap()).collect();
    assert_eq!(types, ["text/plain", "text/html", "text/calendar", "application/ics", "application/octet-stream"], "{}", mail.data);
    let text = String::from_utf8(parts[0].bytes.clone()).unwrap();
    assert!(text.contains(LINK), "the message itself is still there: {text}");

    let ics = invite.to_ics().into_bytes();
    let calendar = &parts[2];
    assert_eq!(calendar.content_type.to_ascii_lowercase(), "text/calendar; method=request; charset=utf-8");
    assert_eq!(calendar.disposition, None, "an alternative rendering, not a file");
    assert_eq!(calendar.bytes, ics, "the calendar object, byte for byte");
    let file = &parts[3];
    assert_eq!(file.disposition.as_deref(), Some("attachment; filename=\"invite.ics\""));
    assert_eq!(file.bytes, ics);
    let document = &parts[4];
    // A non-ASCII file name is written the RFC 2231 way.
    assert_eq!(document.disposition.as_deref(), Some("attachment; filename*0*=utf-8''Reserva%20%E2%80%93%20documento.bin"));
    assert_eq!(document.bytes, binary(), "binary bytes survive SMTP");
}

#[tokio::test]
async fn the_dev_mailbox_lists_and_serves_attachments() {
    let app = TestApp::spawn().await;
    let id = enqueue(&app, &[Attachment::file("datos.bin", "application/octet-stream", binary())]).await.expect("queued");
    let listed = app.mailbox().await;
    let message = listed.iter().find(|m| m["id"] == id.to_string()).expect("listed");
    let files = message["attachments"].as_array().expect("attachments listed");
    assert_eq!(files.len(), 1);
    assert_eq!(files[0]["filename"], "datos.bin");
    assert_eq!(files[0]["content_type"], "application/octet-stream");
    assert_eq!(files[0]["placement"], "attachment");
    assert_eq!(files[0]["size_bytes"], binary().len());

    let download = app.get(files[0]["url"].as_str().unwrap()).await;
    assert_eq!(download.status(), 200);
    assert_eq!(download.headers()["content-disposition"], "attachment; filename=\"datos.bin\"");
    assert_eq!(download.headers()["cache-control"], "no-store");
    assert_eq!(download.bytes().await.unwrap().to_vec(), binary());
    assert_eq!(app.get(&format!("/dev/mailbox/{id}/attachments/7")).await.status(), 404);

    let page = app.get("/dev/mailbox").await.text().await.unwrap();
    assert!(page.contains(&format!("href=\"/dev/mailbox/{id}/attachments/0\">datos.bin</a>")), "{page}");
}

#[tokio::test]
async fn bad_attachments_are_refused_when_queued() {
    let app = TestApp::spawn().await;
    let bad_name = enqueue(&app, &[Attachment::file("a\r\nBcc: x@example.com", "text/plain", "x")]).await;
    assert!(matches!(bad_name, Err(sqlx::Error::Encode(_))));
    let bad_type = enqueue(&app, &[Attachment::file("a.txt", "plain text", "x")]).await;
    assert!(matches!(bad_type, Err(sqlx::Error::Encode(_))));
    let too_big =
        enqueue(&app, &[Attachment::file("big.bin", "application/octet-stream", vec![7u8; mail::MAX_ATTACHMENT_BYTES + 1])]).await;
    assert!(matches!(too_big, Err(sqlx::Error::Encode(_))));
    assert!(app.mailbox().await.is_empty(), "nothing queued");
}
