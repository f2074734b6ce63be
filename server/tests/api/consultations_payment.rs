//! Paying a held booking with the sandbox provider: Stripe's test cards, the form's checks,
//! the confirmation e-mail with its calendar invitation over real SMTP, and no card number in
//! the logs or the database.

use std::process::{Command, Stdio};
use std::time::Duration;

use serde_json::{json, Value};

use crate::consultations::{card, confirmed, hold, pay, post, slots, unix, with_token, ALL_HOURS};
use crate::helpers::TestApp;
use crate::smtp_sink::{Received, SmtpSink};

#[tokio::test]
async fn each_test_card_has_its_outcome_and_a_decline_keeps_the_hold() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let held = hold(&app, "complete", &start, "en").await;
    let id = held["id"].as_str().unwrap();
    for (number, code) in [
        ("4000000000000002", "card_declined"),
        ("4000 0000 0000 9995", "insufficient_funds"),
        ("4000000000000069", "expired_card"),
        ("4000000000000127", "incorrect_cvc"),
        ("4000000000000119", "processing_error"),
    ] {
        let response = pay(&app, id, number).await;
        assert_eq!(response.status(), 402, "{number}");
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], code, "{number}");
        let view: Value = with_token(&app, reqwest::Method::GET, &held, "", None).await.json().await.unwrap();
        assert_eq!((&view["status"], &view["payment"]["status"]), (&json!("held"), &json!("requires_payment")), "{number}");
    }
    let path = format!("/api/v1/consultations/bookings/{id}/payment");
    let bad = post(&app, &path, &json!({ "card_number": "4242424242424241", "exp": "01/20", "cvc": "12", "cardholder_name": "" })).await;
    assert_eq!(bad.status(), 400);
    assert_eq!(
        bad.json::<Value>().await.unwrap()["fields"],
        json!({ "card_number": "invalid_card_number", "exp": "invalid_expiry", "cvc": "invalid_cvc", "cardholder_name": "cardholder_required" })
    );
    let paid = with_token(&app, reqwest::Method::POST, &held, "/payment", Some(&card("4242 4242 4242 4242"))).await;
    assert_eq!(paid.status(), 200);
    let paid: Value = paid.json().await.unwrap();
    assert_eq!((&paid["status"], &paid["hold_expires_at"]), (&json!("confirmed"), &Value::Null));
    assert_eq!(
        paid["payment"],
        json!({ "provider": "sandbox", "status": "succeeded", "client_secret": null, "publishable_key": null, "card_brand": "visa", "card_last4": "4242" })
    );
    let again = pay(&app, id, "4242424242424242").await;
    assert_eq!(again.status(), 409);
    assert_eq!(again.json::<Value>().await.unwrap()["error_code"], "already_paid");
    let unknown = pay(&app, &uuid::Uuid::new_v4().to_string(), "4242424242424242").await;
    assert_eq!(unknown.status(), 404);
    let mastercard = hold(&app, "essential", &slots(&app, "essential", 7).await[5].0, "en").await;
    let paid: Value =
        with_token(&app, reqwest::Method::POST, &mastercard, "/payment", Some(&card("5555555555554444"))).await.json().await.unwrap();
    assert_eq!((&paid["payment"]["card_brand"], &paid["payment"]["card_last4"]), (&json!("mastercard"), &json!("4444")));
}

/// The decoded text of the calendar part, and the properties of its lines (unfolded).
pub fn invitation(mail: &Received) -> (String, Vec<(String, String)>) {
    let part = mail
        .leaf_parts()
        .into_iter()
        .find(|p| p.content_type.to_ascii_lowercase().starts_with("text/calendar"))
        .expect("a text/calendar part");
    let ics = String::from_utf8(part.bytes).expect("UTF-8");
    assert!(ics.starts_with("BEGIN:VCALENDAR\r\n") && ics.ends_with("END:VCALENDAR\r\n"), "{ics}");
    let lines = ics
        .replace("\r\n ", "")
        .split("\r\n")
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (name, value) = l.split_once(':').expect("name:value");
            (name.split(';').next().unwrap().to_owned(), value.to_owned())
        })
        .collect();
    (part.content_type, lines)
}

pub fn property<'a>(lines: &'a [(String, String)], name: &str) -> &'a str {
    let found: Vec<&str> = lines.iter().filter(|(n, _)| n == name).map(|(_, v)| v.as_str()).collect();
    assert_eq!(found.len(), 1, "one {name}");
    found[0]
}

/// `20261124T140000Z` for an RFC 3339 instant such as `2026-11-24T14:00:00Z`.
pub fn ics_time(rfc3339: &str) -> String {
    rfc3339.replace(['-', ':'], "")
}

#[tokio::test]
async fn the_confirmation_reaches_the_mail_server_in_the_bookers_language_with_an_invitation() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-poll-interval-secs", "1"]).await;
    let (start, end) = slots(&app, "complete", 7).await[2].clone();
    let booking = confirmed(&app, "complete", &start, "es").await;
    let mail = sink.wait_for(1, 15).await.remove(0);
    assert_eq!(mail.rcpt_to, [format!("TO:<{}>", booking["email"].as_str().unwrap())]);
    let subject = mail.header("subject").unwrap();
    assert!(subject.starts_with("Tu consulta Completa está reservada"), "{subject}");
    let text = mail.leaf_parts().into_iter().find(|p| p.content_type.starts_with("text/plain")).expect("a text part");
    let text = String::from_utf8(text.bytes).unwrap();
    let id = booking["id"].as_str().unwrap();
    for expected in ["Completa", "60 minutos", "(UTC-5)", " UTC", "The airline lost my suitcase", "21 días", "USD 15", "24 horas"] {
        assert!(text.contains(expected), "{expected:?} in {text}");
    }
    // The manage link opens the booking with a token of its own.
    let prefix = format!("http://rumbo.localhost/es/help/booking/{id}?token=");
    let link_start = text.find(&prefix).expect("the manage link") + prefix.len();
    let token: String = text[link_start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect();
    assert_eq!(token.len(), 43);
    let view = app.get_with(&format!("/api/v1/consultations/bookings/{id}"), "x-booking-token", &token).await;
    assert_eq!(view.status(), 200);
    // The invitation: an iTIP request with a stable UID, sequence 0, the booking's times.
    let (content_type, lines) = invitation(&mail);
    assert!(content_type.contains("method=REQUEST"), "{content_type}");
    assert_eq!(property(&lines, "METHOD"), "REQUEST");
    assert_eq!(property(&lines, "UID"), format!("booking-{id}@rumbo.localhost"));
    assert_eq!(property(&lines, "SEQUENCE"), "0");
    assert_eq!(property(&lines, "DTSTART"), ics_time(&start));
    assert_eq!(property(&lines, "DTEND"), ics_time(&end));
    assert_eq!(property(&lines, "STATUS"), "CONFIRMED");
    assert!(property(&lines, "ATTENDEE").ends_with(booking["email"].as_str().unwrap()));
    assert!(mail.leaf_parts().iter().any(|p| p.disposition.as_deref().is_some_and(|d| d.contains("invite.ics"))), "an .ics file too");
    assert_eq!(unix(&start) + 3600, unix(&end));
}

#[tokio::test]
async fn a_payment_for_a_cancelled_hold_is_refused() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    let held = hold(&app, "essential", &start, "en").await;
    let cancelled = with_token(&app, reqwest::Method::POST, &held, "/cancel", None).await;
    assert_eq!(cancelled.status(), 200);
    let cancelled: Value = cancelled.json().await.unwrap();
    assert_eq!((&cancelled["status"], &cancelled["refund_cents"]), (&json!("cancelled"), &Value::Null));
    assert_eq!(cancelled["payment"]["status"], "canceled");
    let response = pay(&app, held["id"].as_str().unwrap(), "4242424242424242").await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "not_payable");
    assert!(slots(&app, "essential", 7).await.iter().any(|(s, _)| *s == start), "the time is free again");
}

/// The real binary, logging everything at trace level to a pipe; the card numbers of a
/// decline, a typo and a success must appear neither there nor in the database files (the
/// security code is never kept past the form check: `payments::card`).
#[tokio::test]
async fn card_numbers_never_reach_the_logs_or_the_database() {
    let folder = std::env::temp_dir().join(format!("rumbo-cards-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder).unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let url = format!("sqlite://{}/rumbo.db", folder.display());
    let log_path = std::env::temp_dir().join(format!("rumbo-cards-{}.log", uuid::Uuid::new_v4().simple()));
    let log_file = std::fs::File::create(&log_path).unwrap();
    let mut server = Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .arg("serve")
        .env_remove("DATABASE_URL")
        .envs([
            ("HOST", "127.0.0.1"),
            ("PORT", &port.to_string()),
            ("DATABASE_URL", &url),
            ("SITE_URL", "http://rumbo.localhost"),
            ("RUMBO_ENV", "development"),
            ("RUST_LOG", "trace,hyper=debug,h2=debug"),
            ("LOG_FORMAT", "json"),
            ("CONSULTATION_WEEKLY_HOURS", ALL_HOURS[1]),
        ])
        .stdout(Stdio::from(log_file.try_clone().unwrap()))
        .stderr(Stdio::from(log_file))
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let mut ready = false;
    for _ in 0..150 {
        if client.get(format!("{base}/health")).send().await.is_ok_and(|r| r.status() == 200) {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(ready, "the server starts");
    let listed: Value = client.get(format!("{base}/api/v1/consultations/slots?plan=essential")).send().await.unwrap().json().await.unwrap();
    let start = listed["slots"][0]["start"].as_str().unwrap().to_owned();
    let held: Value = client
        .post(format!("{base}/api/v1/consultations/bookings"))
        .json(&crate::consultations::form("essential", &start, "cards@example.com", "en"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let pay_url = format!("{base}/api/v1/consultations/bookings/{}/payment", held["id"].as_str().unwrap());
    let mut statuses = Vec::new();
    for number in ["4000000000000002", "4242424242424241", "4242424242424242"] {
        let mut body = card(number);
        body["cvc"] = "8462".into();
        statuses.push(client.post(&pay_url).json(&body).send().await.unwrap().status().as_u16());
    }
    assert_eq!(statuses, [402, 400, 200]);
    tokio::time::sleep(Duration::from_millis(300)).await;
    server.kill().unwrap();
    let _ = server.wait();
    let logs = String::from_utf8_lossy(&std::fs::read(&log_path).unwrap()).into_owned();
    let _ = std::fs::remove_file(&log_path);
    assert!(logs.contains("/payment"), "the requests were logged: {} bytes", logs.len());
    let mut stored = Vec::new();
    for entry in std::fs::read_dir(&folder).unwrap() {
        stored.extend(std::fs::read(entry.unwrap().path()).unwrap());
    }
    let stored = String::from_utf8_lossy(&stored);
    for number in ["4000000000000002", "4242424242424241", "4242424242424242", "4242 4242"] {
        assert!(!logs.contains(number), "{number} in the logs");
        assert!(!stored.contains(number), "{number} in the database");
    }
    assert!(stored.contains("4242"), "the last four digits are kept");
    let _ = std::fs::remove_dir_all(&folder);
}
