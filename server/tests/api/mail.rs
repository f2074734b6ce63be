//! E-mail: the outbox, delivery over real SMTP to a loopback sink (tests/api/smtp_sink.rs),
//! retries and failure, two instances sharing the outbox, and the development mailbox.

use std::time::Duration;

use clap::Parser;
use rumbo::config::Config;
use rumbo::mail::{self, MailKind, NewEmail};
use rumbo::platform::db::Db;
use rumbo::platform::i18n::Lang;
use serde_json::Value;
use time::format_description::well_known::Rfc3339;
use time::OffsetDateTime;
use uuid::Uuid;

use crate::helpers::TestApp;
use crate::smtp_sink::SmtpSink;

const LINK: &str = "http://rumbo.localhost/auth/v1/verify?token=abc&type=signup";

#[derive(Parser)]
struct Cli {
    #[command(flatten)]
    config: Config,
}

/// The configuration the caller of `enqueue` holds (site name and URL for the templates).
fn config(site_name: &str) -> Config {
    Cli::parse_from(["rumbo", "--site-url", "http://rumbo.localhost", "--site-name", site_name]).config
}

async fn open(app: &TestApp) -> Db {
    Db::connect(&app.database_url().parse().expect("database url"), 2).await.expect("database answers")
}

/// Queues one message the way a feature does: through `rumbo::mail::enqueue` on a connection.
async fn enqueue(app: &TestApp, to: &str, lang: Lang, kind: MailKind, vars: &[(&str, &str)]) -> Uuid {
    let db = open(app).await;
    let mut conn = db.pool.acquire().await.unwrap();
    mail::enqueue(&mut conn, &config("Rumbo"), NewEmail { to, lang, kind, vars }).await.expect("mail queued")
}

async fn message(app: &TestApp, id: Uuid) -> Value {
    app.mailbox().await.into_iter().find(|m| m["id"] == id.to_string()).expect("message in the mailbox")
}

/// Polls the mailbox until the message satisfies `done` (at most `seconds`).
async fn wait_until(app: &TestApp, id: Uuid, seconds: u64, done: impl Fn(&Value) -> bool) -> Value {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let message = message(app, id).await;
        if done(&message) {
            return message;
        }
        assert!(tokio::time::Instant::now() < deadline, "gave up waiting: {message:#}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

fn unix(rfc3339: &Value) -> i64 {
    OffsetDateTime::parse(rfc3339.as_str().expect("a timestamp"), &Rfc3339).expect("RFC 3339").unix_timestamp()
}

#[tokio::test]
async fn queued_mail_is_delivered_over_smtp_with_both_parts() {
    let sink = SmtpSink::start().await;
    // A long poll interval: only the wake-up after enqueue can deliver within seconds.
    let app = TestApp::spawn_with(&[
        "--smtp-url",
        &sink.url(),
        "--mail-from",
        "Rumbo Travel <hola@rumbo.test>",
        "--mail-poll-interval-secs",
        "60",
    ])
    .await;
    let id = enqueue(&app, "ana@example.com", Lang::En, MailKind::ConfirmSignup, &[("confirmation_url", LINK)]).await;

    let received = sink.wait_for(1, 5).await;
    assert_eq!(received.len(), 1, "delivered promptly");
    let mail = &received[0];
    assert!(mail.mail_from.starts_with("FROM:<hola@rumbo.test>"), "{}", mail.mail_from);
    assert_eq!(mail.rcpt_to, ["TO:<ana@example.com>"]);
    let from = mail.header("from").unwrap();
    assert!(from.contains("Rumbo Travel") && from.ends_with("<hola@rumbo.test>"), "{from}");
    assert_eq!(mail.header("to").unwrap(), "ana@example.com");
    assert_eq!(mail.header("subject").unwrap(), "Confirm your e-mail for Rumbo");
    assert_eq!(mail.header("message-id").unwrap(), format!("<{id}@rumbo.test>"));
    assert!(mail.header("date").is_some());
    assert!(mail.header("content-type").unwrap().starts_with("multipart/alternative"));
    let text = mail.part("text/plain; charset=utf-8").expect("a text part");
    let html = mail.part("text/html; charset=utf-8").expect("an HTML part");
    assert!(text.contains(LINK), "{text}");
    assert!(html.contains(&format!("href=\"{}\"", LINK.replace('&', "&amp;"))), "{html}");

    let stored = wait_until(&app, id, 5, |m| m["status"] == "sent").await;
    assert_eq!(stored["attempts"], 1);
    assert_eq!(text.trim_end(), stored["text"].as_str().unwrap().trim_end(), "what was sent is what was queued");
    assert_eq!(html.trim_end(), stored["html"].as_str().unwrap().trim_end());
}

#[tokio::test]
async fn each_message_speaks_its_recipients_language() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url()]).await;
    enqueue(&app, "es@example.com", Lang::Es, MailKind::Reauthentication, &[("token", "482913")]).await;
    enqueue(&app, "pt@example.com", Lang::Pt, MailKind::MagicLink, &[("confirmation_url", LINK)]).await;
    enqueue(&app, "en@example.com", Lang::En, MailKind::Recovery, &[("confirmation_url", LINK)]).await;

    let received = sink.wait_for(3, 10).await;
    let subject_to = |to: &str| {
        let mail = received.iter().find(|m| m.rcpt_to == [format!("TO:<{to}>")]).expect("delivered");
        (mail.header("subject").unwrap(), mail.part("text/html").unwrap())
    };
    let (es, es_html) = subject_to("es@example.com");
    assert_eq!(es, "482913 es tu código de verificación");
    assert!(es_html.contains("<html lang=\"es\">") && es_html.contains("482913"));
    let (pt, pt_html) = subject_to("pt@example.com");
    assert_eq!(pt, "Seu link para entrar no Rumbo");
    assert!(pt_html.contains("<html lang=\"pt\">"));
    assert_eq!(subject_to("en@example.com").0, "Reset your Rumbo password");
}

#[tokio::test]
async fn extra_headers_and_smtp_credentials_are_used_and_the_password_is_not_stored() {
    let sink = SmtpSink::start().await;
    let url = format!("smtp://mailer:s3cr%40t@127.0.0.1:{}", sink.port);
    let app = TestApp::spawn_with(&["--smtp-url", &url]).await;
    let db = open(&app).await;
    let mut conn = db.pool.acquire().await.unwrap();
    let email = NewEmail { to: "ana@example.com", lang: Lang::En, kind: MailKind::MagicLink, vars: &[("confirmation_url", LINK)] };
    let headers = [("List-Unsubscribe", "<http://rumbo.localhost/unsubscribe/1>"), ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click")];
    mail::enqueue_with_headers(&mut conn, &config("Rumbo"), email, &headers).await.unwrap();

    let received = sink.wait_for(1, 5).await;
    assert_eq!(received[0].auth.as_deref(), Some("mailer:s3cr@t"), "the URL's credentials, percent-decoded");
    assert_eq!(received[0].header("list-unsubscribe").unwrap(), "<http://rumbo.localhost/unsubscribe/1>");
    assert_eq!(received[0].header("list-unsubscribe-post").unwrap(), "List-Unsubscribe=One-Click");
    let body = app.get("/dev/mailbox?format=json").await.text().await.unwrap();
    assert!(!body.contains("s3cr"), "no password in the outbox");
}

#[tokio::test]
async fn bad_messages_are_refused_when_queued() {
    let app = TestApp::spawn().await;
    let db = open(&app).await;
    let mut conn = db.pool.acquire().await.unwrap();
    let config = config("Rumbo");
    let bad_address = NewEmail { to: "not an address", lang: Lang::En, kind: MailKind::Invite, vars: &[("confirmation_url", LINK)] };
    assert!(matches!(mail::enqueue(&mut conn, &config, bad_address).await, Err(sqlx::Error::Encode(_))));
    let missing_var = NewEmail { to: "ana@example.com", lang: Lang::En, kind: MailKind::Invite, vars: &[] };
    assert!(matches!(mail::enqueue(&mut conn, &config, missing_var).await, Err(sqlx::Error::Encode(_))));
    let email = NewEmail { to: "ana@example.com", lang: Lang::En, kind: MailKind::Invite, vars: &[("confirmation_url", LINK)] };
    let injected = mail::enqueue_with_headers(&mut conn, &config, email, &[("X-Note", "a\r\nBcc: b@example.com")]).await;
    assert!(matches!(injected, Err(sqlx::Error::Encode(_))));
    assert!(app.mailbox().await.is_empty());
}

#[tokio::test]
async fn a_refused_message_is_retried_later_with_back_off() {
    let sink = SmtpSink::refusing("451 4.3.0 Mailbox busy, try again later").await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-retry-base-secs", "60", "--mail-poll-interval-secs", "1"]).await;
    let id = enqueue(&app, "ana@example.com", Lang::En, MailKind::ConfirmSignup, &[("confirmation_url", LINK)]).await;

    let failed_once = wait_until(&app, id, 10, |m| m["attempts"] == 1).await;
    let recorded_at = OffsetDateTime::now_utc().unix_timestamp();
    assert_eq!(failed_once["status"], "pending", "still to be sent");
    assert!(failed_once["last_error"].as_str().unwrap().contains("451"), "{failed_once:#}");
    let wait = unix(&failed_once["next_attempt_at"]) - recorded_at;
    assert!((55..=61).contains(&wait), "retried after the base back-off, not {wait} s");

    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(sink.refusals(), 1, "no retry before the back-off ends");
    assert_eq!(message(&app, id).await["attempts"], 1);
}

#[tokio::test]
async fn a_message_fails_for_good_after_the_last_attempt() {
    // A port nobody listens on: every connection is refused.
    let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let smtp = format!("smtp://127.0.0.1:{closed}");
    let app = TestApp::spawn_with(&[
        "--smtp-url",
        &smtp,
        "--mail-max-attempts",
        "3",
        "--mail-retry-base-secs",
        "1",
        "--mail-poll-interval-secs",
        "1",
    ])
    .await;
    let id = enqueue(&app, "ana@example.com", Lang::Pt, MailKind::Recovery, &[("confirmation_url", LINK)]).await;

    let failed = wait_until(&app, id, 20, |m| m["status"] == "failed").await;
    assert_eq!(failed["attempts"], 3);
    assert!(!failed["last_error"].as_str().unwrap().is_empty());
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(message(&app, id).await["attempts"], 3, "no attempt after the last");
}

#[tokio::test]
async fn two_instances_never_deliver_a_message_twice() {
    // A slow server keeps the first instance busy long enough for the second to claim too.
    let sink = SmtpSink::slow(Duration::from_millis(60)).await;
    let first = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-poll-interval-secs", "1"]).await;
    let second =
        TestApp::spawn_with(&["--database-url", first.database_url(), "--smtp-url", &sink.url(), "--mail-poll-interval-secs", "1"]).await;
    let db = open(&first).await;
    let mut tx = db.pool.begin().await.unwrap();
    let config = config("Rumbo");
    let recipients: Vec<String> = (0..40).map(|i| format!("traveller{i}@example.com")).collect();
    for to in &recipients {
        let email = NewEmail { to, lang: Lang::En, kind: MailKind::MagicLink, vars: &[("confirmation_url", LINK)] };
        mail::enqueue(&mut tx, &config, email).await.unwrap();
    }
    tx.commit().await.unwrap();

    let received = sink.wait_for(40, 30).await;
    assert_eq!(received.len(), 40);
    tokio::time::sleep(Duration::from_secs(3)).await;
    let mut ids: Vec<String> = sink.messages().iter().map(|m| m.header("message-id").unwrap()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!(ids.len(), 40, "each message delivered exactly once");
    assert_eq!(sink.messages().len(), 40);
    let mut sessions: Vec<usize> = sink.messages().iter().map(|m| m.session).collect();
    sessions.sort_unstable();
    sessions.dedup();
    assert!(sessions.len() >= 2, "both instances delivered: {sessions:?}");
    let outbox = second.mailbox().await;
    assert!(outbox.iter().all(|m| m["status"] == "sent" && m["attempts"] == 1), "{outbox:#?}");
}

#[tokio::test]
async fn without_smtp_mail_stays_in_the_outbox_and_the_dev_mailbox_shows_it() {
    let app = TestApp::spawn().await;
    let db = open(&app).await;
    let mut conn = db.pool.acquire().await.unwrap();
    let first = NewEmail { to: "ana@example.com", lang: Lang::En, kind: MailKind::ConfirmSignup, vars: &[("confirmation_url", LINK)] };
    let first = mail::enqueue(&mut conn, &config("Rumbo & <Co>"), first).await.unwrap();
    let second = enqueue(&app, "bea@example.com", Lang::Es, MailKind::Reauthentication, &[("token", "123456")]).await;

    let listed = app.mailbox().await;
    assert_eq!(listed.len(), 2);
    assert_eq!(listed[0]["id"], second.to_string(), "newest first");
    assert_eq!(listed[1]["id"], first.to_string());
    let newest = &listed[0];
    assert_eq!(newest["to"], "bea@example.com");
    assert_eq!(newest["subject"], "123456 es tu código de verificación");
    assert_eq!(
        (&newest["kind"], &newest["lang"], &newest["status"], &newest["attempts"]),
        (&"reauthentication".into(), &"es".into(), &"pending".into(), &0.into())
    );
    assert!(unix(&newest["created_at"]) > 0);
    assert!(newest["text"].as_str().unwrap().contains("123456") && newest["html"].as_str().unwrap().contains("123456"));
    assert!(listed[1]["text"].as_str().unwrap().contains(LINK), "the confirmation link can be read from the mailbox");

    let by_accept = app.get_with("/dev/mailbox", "accept", "application/json").await.json::<Vec<Value>>().await.unwrap();
    assert_eq!(by_accept, listed);
    let to_ana = app.get("/dev/mailbox?format=json&to=ANA@example.com").await.json::<Vec<Value>>().await.unwrap();
    assert_eq!(to_ana.len(), 1);
    assert_eq!(to_ana[0]["id"], first.to_string());
}

#[tokio::test]
async fn the_dev_mailbox_pages_are_html_and_text() {
    let app = TestApp::spawn().await;
    let db = open(&app).await;
    let mut conn = db.pool.acquire().await.unwrap();
    let email = NewEmail { to: "ana@example.com", lang: Lang::Pt, kind: MailKind::Invite, vars: &[("confirmation_url", LINK)] };
    let id = mail::enqueue(&mut conn, &config("Rumbo & <Co>"), email).await.unwrap();
    let stored = message(&app, id).await;

    let list = app.get("/dev/mailbox").await;
    assert_eq!(list.status(), 200);
    assert!(list.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    assert!(list.headers()["content-security-policy"].to_str().unwrap().contains("script-src 'self'"), "the site's policy");
    let page = list.text().await.unwrap();
    assert_eq!(crate::helpers::title_of(&page), "Development mailbox · Rumbo");
    assert!(page.contains("Um convite para você no Rumbo &amp; &lt;Co&gt;"), "subjects are escaped: {page}");
    assert!(page.contains(&format!("href=\"/dev/mailbox/{id}\"")) && page.contains(&format!("href=\"/dev/mailbox/{id}/text\"")));
    assert!(!page.contains("<script") && !page.contains("style="));

    let html = app.get(&format!("/dev/mailbox/{id}")).await;
    assert_eq!(html.status(), 200);
    assert!(html.headers()["content-type"].to_str().unwrap().starts_with("text/html"));
    assert_eq!(html.headers()["cache-control"], "no-store");
    let csp = html.headers()["content-security-policy"].to_str().unwrap().to_owned();
    assert!(csp.contains("script-src 'none'") && !csp.contains("script-src 'unsafe"), "{csp}");
    assert_eq!(html.text().await.unwrap(), stored["html"].as_str().unwrap());

    let text = app.get(&format!("/dev/mailbox/{id}/text")).await;
    assert!(text.headers()["content-type"].to_str().unwrap().starts_with("text/plain"));
    assert_eq!(text.text().await.unwrap(), stored["text"].as_str().unwrap());

    for missing in [format!("/dev/mailbox/{}", Uuid::new_v4()), "/dev/mailbox/nope/text".to_owned()] {
        assert_eq!(app.get(&missing).await.status(), 404, "{missing}");
    }
}

#[tokio::test]
async fn the_dev_mailbox_does_not_exist_in_production() {
    let app = TestApp::spawn_with(&["--environment", "production", "--payment-provider", "sandbox"]).await;
    let id = enqueue(&app, "ana@example.com", Lang::En, MailKind::ConfirmSignup, &[("confirmation_url", LINK)]).await;
    for path in
        ["/dev/mailbox".to_owned(), "/dev/mailbox?format=json".to_owned(), format!("/dev/mailbox/{id}"), format!("/dev/mailbox/{id}/text")]
    {
        let response = app.get_with(&path, "accept", "application/json").await;
        assert_eq!(response.status(), 404, "{path}");
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}: the site's not-found page");
        assert!(!response.text().await.unwrap().contains("ana@example.com"), "{path}");
    }
}

/// Even in development the outbox is only for this machine: a client a local proxy names as
/// remote gets the not-found page (docs/decisions/008-safe-defaults.md).
#[tokio::test]
async fn the_dev_mailbox_answers_only_loopback_clients() {
    let app = TestApp::spawn_with(&["--client-ip-header", "x-forwarded-for"]).await;
    enqueue(&app, "ana@example.com", Lang::En, MailKind::ConfirmSignup, &[("confirmation_url", LINK)]).await;
    let remote = app.get_with("/dev/mailbox?format=json", "x-forwarded-for", "203.0.113.9").await;
    assert_eq!(remote.status(), 404);
    assert!(!remote.text().await.unwrap().contains("ana@example.com"));
    let local = app.get_with("/dev/mailbox?format=json", "x-forwarded-for", "127.0.0.1").await;
    assert_eq!(local.status(), 200);
    assert!(local.text().await.unwrap().contains("ana@example.com"));
}

#[test]
fn bad_mail_settings_stop_start_up_without_echoing_secrets() {
    for (key, value, expected) in [
        ("SMTP_URL", "ftp://mailer:s3cret@mail.example.com", "must start with smtp:// or smtps://"),
        ("SMTP_URL", "smtp://mailer:s3cret@mail.example.com?tls=maybe", "tls=maybe"),
        ("SMTP_URL", "", "unset it"),
        ("MAIL_FROM", "Rumbo", "not an e-mail address"),
        ("MAIL_MAX_ATTEMPTS", "0", "--mail-max-attempts"),
    ] {
        let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
            .arg("check-config")
            .env_remove("DATABASE_URL")
            .env(key, value)
            .output()
            .unwrap();
        assert!(!output.status.success(), "{key}={value} accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{key}={value}: {stderr}");
        assert!(!stderr.contains("s3cret"), "{key}: the password is echoed: {stderr}");
    }
}

#[test]
fn help_never_shows_the_smtp_password() {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .args(["serve", "--help"])
        .env("SMTP_URL", "smtp://mailer:s3cret@mail.example.com:587")
        .output()
        .unwrap();
    let help = String::from_utf8_lossy(&output.stdout);
    assert!(help.contains("SMTP_URL") && !help.contains("s3cret"), "{help}");
}
