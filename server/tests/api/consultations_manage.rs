//! The manage link: cancel and reschedule on both sides of the 24-hour line (refunds, fee,
//! updated and cancelled invitations), and travel documents.

use reqwest::Method;
use serde_json::{json, Value};

use crate::consultations::{card, confirmed, hold, slots, unix, with_token, ALL_HOURS, SOON};
use crate::consultations_payment::{ics_time, invitation, property};
use crate::helpers::TestApp;
use crate::smtp_sink::SmtpSink;

async fn sandbox_total(app: &TestApp, sql: &str) -> i64 {
    app.fetch_one_text(sql).await.parse().unwrap()
}

#[tokio::test]
async fn cancelling_more_than_24_hours_ahead_refunds_everything_and_cancels_the_invitation() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &["--smtp-url", &sink.url(), "--mail-poll-interval-secs", "1"]].concat()).await;
    let (start, _) = slots(&app, "complete", 3).await[2].clone();
    let booking = confirmed(&app, "complete", &start, "pt").await;
    let response = with_token(&app, Method::POST, &booking, "/cancel", None).await;
    assert_eq!(response.status(), 200);
    let cancelled: Value = response.json().await.unwrap();
    assert_eq!((&cancelled["status"], &cancelled["refund_cents"]), (&json!("cancelled"), &json!(9900)));
    assert_eq!(cancelled["payment"]["status"], "refunded");
    assert_eq!(sandbox_total(&app, "SELECT CAST(SUM(amount_cents) AS TEXT) FROM sandbox_refunds").await, 9900);
    assert!(slots(&app, "complete", 3).await.iter().any(|(s, _)| *s == start), "the time is free again");
    let again = with_token(&app, Method::POST, &booking, "/cancel", None).await;
    assert_eq!(again.status(), 409);
    assert_eq!(again.json::<Value>().await.unwrap()["error_code"], "not_changeable");
    let mails = sink.wait_for(2, 15).await;
    let (confirmation, cancellation) = (invitation(&mails[0]).1, invitation(&mails[1]));
    assert!(mails[1].header("subject").unwrap().contains("cancelada"));
    assert!(cancellation.0.contains("method=CANCEL"));
    assert_eq!(property(&cancellation.1, "METHOD"), "CANCEL");
    assert_eq!(property(&cancellation.1, "STATUS"), "CANCELLED");
    assert_eq!(property(&cancellation.1, "UID"), property(&confirmation, "UID"));
    assert_eq!(property(&cancellation.1, "SEQUENCE"), "1");
}

#[tokio::test]
async fn cancelling_under_24_hours_keeps_the_change_fee() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &SOON].concat()).await;
    let (start, _) = slots(&app, "essential", 2).await[1].clone();
    let booking = confirmed(&app, "essential", &start, "en").await;
    assert!(unix(booking["cancellation_deadline"].as_str().unwrap()) < crate::consultations::now());
    let cancelled: Value = with_token(&app, Method::POST, &booking, "/cancel", None).await.json().await.unwrap();
    assert_eq!((&cancelled["status"], &cancelled["refund_cents"]), (&json!("cancelled"), &json!(4900 - 1500)));
    assert_eq!(sandbox_total(&app, "SELECT CAST(SUM(amount_cents) AS TEXT) FROM sandbox_refunds").await, 3400);
}

#[tokio::test]
async fn rescheduling_more_than_24_hours_ahead_moves_the_same_paid_booking_for_free() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &["--smtp-url", &sink.url(), "--mail-poll-interval-secs", "1"]].concat()).await;
    let listed = slots(&app, "complete", 3).await;
    let (old, new, busy) = (listed[2].0.clone(), listed[8].0.clone(), listed[14].0.clone());
    let booking = confirmed(&app, "complete", &old, "en").await;
    hold(&app, "complete", &busy, "en").await;
    let taken = with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": busy }))).await;
    assert_eq!(taken.status(), 409);
    let taken: Value = taken.json().await.unwrap();
    assert_eq!(taken["error_code"], "slot_taken");
    assert!(!taken["next_slots"].as_array().unwrap().is_empty());
    let invalid = with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": "2020-01-01T00:00:00Z" }))).await;
    assert_eq!(invalid.json::<Value>().await.unwrap()["fields"], json!({ "slot_start": "invalid_slot" }));
    let moved = with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": new }))).await;
    assert_eq!(moved.status(), 200);
    let moved: Value = moved.json().await.unwrap();
    assert_eq!((&moved["id"], &moved["status"], &moved["start"]), (&booking["id"], &json!("confirmed"), &json!(new)));
    assert_eq!(moved["payment"], booking["payment"], "the same payment");
    assert_eq!(sandbox_total(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM sandbox_payments").await, 2, "nothing charged again");
    let now_free: Vec<String> = slots(&app, "complete", 3).await.into_iter().map(|(s, _)| s).collect();
    assert!(now_free.contains(&old) && !now_free.contains(&new));
    // The update: same UID, SEQUENCE 1, the new times.
    let mails = sink.wait_for(2, 15).await;
    let (first, update) = (invitation(&mails[0]).1, invitation(&mails[1]).1);
    assert!(mails[1].header("subject").unwrap().contains("moved"));
    assert_eq!(property(&update, "METHOD"), "REQUEST");
    assert_eq!(property(&update, "UID"), property(&first, "UID"));
    assert_eq!((property(&first, "SEQUENCE"), property(&update, "SEQUENCE")), ("0", "1"));
    assert_eq!(property(&update, "DTSTART"), ics_time(&new));
}

#[tokio::test]
async fn rescheduling_under_24_hours_charges_the_fee_with_a_card() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &SOON].concat()).await;
    let listed = slots(&app, "essential", 2).await;
    let booking = confirmed(&app, "essential", &listed[1].0, "en").await;
    let target = listed[6].0.clone();
    let without = with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": target }))).await;
    assert_eq!(without.status(), 402);
    let without: Value = without.json().await.unwrap();
    assert_eq!((&without["error_code"], &without["fee_cents"]), (&json!("change_fee_required"), &json!(1500)));
    let declined =
        with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": target, "card": card("4000000000009995") })))
            .await;
    assert_eq!(declined.status(), 402);
    assert_eq!(declined.json::<Value>().await.unwrap()["error_code"], "insufficient_funds");
    let moved =
        with_token(&app, Method::POST, &booking, "/reschedule", Some(&json!({ "slot_start": target, "card": card("4242424242424242") })))
            .await;
    assert_eq!(moved.status(), 200);
    assert_eq!(moved.json::<Value>().await.unwrap()["start"], target.as_str());
    let fees = "SELECT CAST(SUM(amount_cents) AS TEXT) FROM sandbox_payments WHERE status = 'succeeded' AND amount_cents = 1500";
    assert_eq!(sandbox_total(&app, fees).await, 1500, "one fee charged");
    // The fee is the only charge: the plan is not paid again.
    assert_eq!(sandbox_total(&app, "SELECT CAST(COUNT(*) AS TEXT) FROM sandbox_payments WHERE status = 'succeeded'").await, 2);
}

#[tokio::test]
async fn a_held_booking_cannot_be_rescheduled_and_a_past_one_cannot_change() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &SOON].concat()).await;
    let listed = slots(&app, "essential", 2).await;
    let held = hold(&app, "essential", &listed[2].0, "en").await;
    let response = with_token(&app, Method::POST, &held, "/reschedule", Some(&json!({ "slot_start": listed[5].0 }))).await;
    assert_eq!(response.status(), 409);
    assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "not_changeable");
}

pub fn multipart(filename: &str, bytes: &[u8]) -> (String, Vec<u8>) {
    let boundary = format!("----rumbo{}", uuid::Uuid::new_v4().simple());
    let mut body = Vec::new();
    body.extend_from_slice(format!("--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{filename}\"\r\nContent-Type: application/octet-stream\r\n\r\n").as_bytes());
    body.extend_from_slice(bytes);
    body.extend_from_slice(format!("\r\n--{boundary}--\r\n").as_bytes());
    (format!("multipart/form-data; boundary={boundary}"), body)
}

pub async fn upload(app: &TestApp, booking: &Value, token: &str, filename: &str, bytes: &[u8]) -> reqwest::Response {
    let (content_type, body) = multipart(filename, bytes);
    app.client
        .post(app.url(&format!("/api/v1/consultations/bookings/{}/documents", booking["id"].as_str().unwrap())))
        .header("x-booking-token", token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn travel_documents_are_sniffed_limited_and_kept_private() {
    let uploads = std::env::temp_dir().join(format!("rumbo-uploads-{}", uuid::Uuid::new_v4().simple()));
    let app = TestApp::spawn_with(&["--upload-dir", uploads.to_str().unwrap()]).await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    let booking = hold(&app, "essential", &start, "en").await;
    let token = booking["access_token"].as_str().unwrap();
    let pdf = b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n".to_vec();
    let jpeg = [&[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10][..], b"JFIF\0 rest of a photo"].concat();
    let png = [&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A][..], &[0u8; 64]].concat();
    let mut ids = Vec::new();
    for (name, bytes, kind) in
        [("../../boarding pass.pdf", &pdf, "application/pdf"), ("receipt.jpg", &jpeg, "image/jpeg"), ("damage.png", &png, "image/png")]
    {
        let response = upload(&app, &booking, token, name, bytes).await;
        assert_eq!(response.status(), 201, "{name}");
        let document: Value = response.json().await.unwrap();
        assert_eq!((document["content_type"].as_str(), document["size_bytes"].as_u64()), (Some(kind), Some(bytes.len() as u64)));
        ids.push(document["id"].as_str().unwrap().to_owned());
    }
    // Named as a PDF, but a GIF; a script; too large.
    for (name, bytes, status, code) in [
        ("fake.pdf", b"GIF89a\x01\x00\x01\x00".to_vec(), 415, "unsupported_document"),
        ("run.sh", b"#!/bin/sh\necho hi\n".to_vec(), 415, "unsupported_document"),
        ("huge.pdf", [b"%PDF-1.7\n".to_vec(), vec![b'x'; 10 * 1024 * 1024]].concat(), 413, "document_too_large"),
    ] {
        let response = upload(&app, &booking, token, name, &bytes).await;
        assert_eq!(response.status(), status, "{name}");
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], code, "{name}");
    }
    let wrong = upload(&app, &booking, "not-the-token", "a.pdf", &pdf).await;
    assert_eq!(wrong.status(), 404);
    for _ in 0..2 {
        assert_eq!(upload(&app, &booking, token, "more.pdf", &pdf).await.status(), 201);
    }
    let sixth = upload(&app, &booking, token, "sixth.pdf", &pdf).await;
    assert_eq!(sixth.status(), 409);
    assert_eq!(sixth.json::<Value>().await.unwrap()["error_code"], "too_many_documents");
    let view: Value = with_token(&app, Method::GET, &booking, "", None).await.json().await.unwrap();
    let listed: Vec<&str> = view["documents"].as_array().unwrap().iter().map(|d| d["filename"].as_str().unwrap()).collect();
    assert_eq!(listed[..3], ["boarding pass.pdf", "receipt.jpg", "damage.png"]);
    // Stored under generated names in the booking's folder, with nothing left over.
    let folder = uploads.join(booking["id"].as_str().unwrap());
    let mut stored: Vec<String> = std::fs::read_dir(&folder).unwrap().map(|e| e.unwrap().file_name().into_string().unwrap()).collect();
    stored.sort();
    assert_eq!(stored.len(), 5, "{stored:?}");
    assert!(stored.iter().any(|name| name == &format!("{}.pdf", ids[0])));
    assert_eq!(std::fs::read(folder.join(format!("{}.jpg", ids[1]))).unwrap(), jpeg);
    // Never served.
    for path in [format!("/uploads/{}/{}.pdf", booking["id"].as_str().unwrap(), ids[0]), format!("/data/uploads/{}.pdf", ids[0])] {
        let response = app.get(&path).await;
        assert_eq!(response.status(), 404, "{path}");
    }
    let _ = std::fs::remove_dir_all(&uploads);
}
