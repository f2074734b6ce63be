//! Bad input always gets one clear JSON answer in the API's own shape — never plain text,
//! never an empty body, never a 500 — whatever part of the stack refused it (issue 10).

use std::io::{Read, Write};
use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::TestApp;

/// The status and the parsed body; fails unless the body is JSON.
async fn json_answer(response: reqwest::Response) -> (u16, Value, reqwest::header::HeaderMap) {
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let content_type = headers.get("content-type").map(|v| v.to_str().unwrap().to_owned()).unwrap_or_default();
    let text = response.text().await.unwrap();
    assert!(content_type.starts_with("application/json"), "HTTP {status} answered {content_type:?}: {text:?}");
    (status, serde_json::from_str(&text).unwrap(), headers)
}

fn assert_envelope(body: &Value, code: &str) {
    assert_eq!(body["error_code"], code, "{body}");
    assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()), "{body}");
}

#[tokio::test]
async fn query_strings_the_api_cannot_read_answer_the_envelope() {
    let app = TestApp::spawn().await;
    for (path, code) in [
        ("/api/v1/posts?limit=1&limit=2", "invalid_query"),
        ("/api/v1/destinations?lang=en&lang=es", "invalid_query"),
        ("/api/v1/consultations/plans?lang=en&lang=pt", "invalid_query"),
        ("/api/v1/posts?limit=abc", "invalid_limit"),
    ] {
        let (status, body, _) = json_answer(app.get(path).await).await;
        assert_eq!(status, 400, "{path}");
        assert_envelope(&body, code);
    }
}

#[tokio::test]
async fn a_method_an_endpoint_does_not_take_answers_405_in_the_envelope() {
    let app = TestApp::spawn().await;
    let response = app.client.delete(app.url("/api/v1/posts")).send().await.unwrap();
    let (status, body, headers) = json_answer(response).await;
    assert_eq!(status, 405);
    assert_envelope(&body, "method_not_allowed");
    assert!(headers["allow"].to_str().unwrap().contains("GET"), "Allow says what would work");
}

#[tokio::test]
async fn oversized_bodies_answer_413_in_each_apis_shape() {
    let app = TestApp::spawn_with(&["--request-body-limit", "1024"]).await;
    let big = json!({ "email": "ana@example.com", "language": "en", "pad": "x".repeat(4096) }).to_string();
    let declared =
        app.client.post(app.url("/api/v1/newsletter/subscriptions")).header("content-type", "application/json").body(big.clone());
    let (status, body, _) = json_answer(declared.send().await.unwrap()).await;
    assert_eq!(status, 413);
    assert_envelope(&body, "payload_too_large");
    // Chunked, so no Content-Length tells in advance: the limit trips while the body is read.
    let answer = chunked_post(&app, "/api/v1/newsletter/subscriptions", &big).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("\"error_code\":\"payload_too_large\""), "{answer}");
    let auth = app.client.post(app.url("/auth/v1/signup")).header("content-type", "application/json").body(big.clone());
    let (status, body, _) = json_answer(auth.header("x-supabase-api-version", "2024-01-01").send().await.unwrap()).await;
    assert_eq!((status, &body["code"]), (413, &json!("request_entity_too_large")), "{body}");
    let legacy = app.client.post(app.url("/auth/v1/signup")).header("content-type", "application/json").body(big);
    let (status, body, _) = json_answer(legacy.send().await.unwrap()).await;
    assert_eq!((status, &body["error_code"], &body["code"]), (413, &json!("request_entity_too_large"), &json!(413)), "{body}");
}

/// Sends `request` as written over a plain connection and returns the raw answer (status
/// line, headers and body), read until the server closes or a complete JSON body arrived.
async fn raw_exchange(app: &TestApp, request: Vec<u8>) -> String {
    let address = app.address.trim_start_matches("http://").to_owned();
    tokio::task::spawn_blocking(move || {
        let mut stream = std::net::TcpStream::connect(address).unwrap();
        stream.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
        stream.write_all(&request).unwrap();
        let mut answer = Vec::new();
        let mut buffer = [0u8; 4096];
        while let Ok(n) = stream.read(&mut buffer) {
            answer.extend_from_slice(&buffer[..n]);
            let complete = answer.windows(4).any(|w| w == b"\r\n\r\n") && answer.ends_with(b"}");
            if n == 0 || complete {
                break;
            }
        }
        String::from_utf8_lossy(&answer).into_owned()
    })
    .await
    .unwrap()
}

/// A client that writes its whole oversized body before reading (as Python's urllib does)
/// still gets the 413 in the envelope, not a reset connection.
#[tokio::test]
async fn a_client_that_sends_everything_first_still_reads_its_413() {
    let app = TestApp::spawn().await;
    let body = format!(r#"{{"email":"a@example.com","lang":"en","pad":"{}"}}"#, "x".repeat(3_000_000));
    let mut request = format!(
        "POST /api/v1/newsletter/subscriptions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n",
        body.len()
    )
    .into_bytes();
    request.extend_from_slice(body.as_bytes());
    let answer = raw_exchange(&app, request).await;
    assert!(answer.starts_with("HTTP/1.1 413"), "{}", &answer[..answer.len().min(300)]);
    assert!(answer.contains("\"error_code\":\"payload_too_large\""), "{answer}");
}

/// A POST whose body arrives in chunks, so no Content-Length tells its size in advance.
async fn chunked_post(app: &TestApp, path: &str, body: &str) -> String {
    let mut request = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\nConnection: close\r\n\r\n"
    );
    for chunk in body.as_bytes().chunks(1000) {
        request.push_str(&format!("{:x}\r\n{}\r\n", chunk.len(), String::from_utf8_lossy(chunk)));
    }
    request.push_str("0\r\n\r\n");
    raw_exchange(app, request.into_bytes()).await
}

#[tokio::test]
async fn json_sent_as_another_type_is_refused_with_415() {
    let app = TestApp::spawn().await;
    let subscribe = json!({ "email": "ana@example.com", "language": "en", "source": "footer" }).to_string();
    for (path, content_type) in [
        ("/api/v1/newsletter/subscriptions", "text/plain"),
        ("/api/v1/newsletter/subscriptions", "application/x-www-form-urlencoded"),
        ("/api/v1/events", "text/plain;charset=UTF-8"),
        ("/api/v1/consultations/bookings", "text/plain"),
    ] {
        let request = app.client.post(app.url(path)).header("content-type", content_type).body(subscribe.clone());
        let (status, body, _) = json_answer(request.send().await.unwrap()).await;
        assert_eq!(status, 415, "{path} {content_type}");
        assert_envelope(&body, "unsupported_media_type");
    }
    let auth = app.client.post(app.url("/auth/v1/otp")).header("content-type", "text/plain").body(r#"{"email":"ana@example.com"}"#);
    let (status, body, _) = json_answer(auth.header("x-supabase-api-version", "2024-01-01").send().await.unwrap()).await;
    assert_eq!(status, 415, "{body}");
    assert!(body["code"].is_string() && body["message"].is_string(), "GoTrue's shape: {body}");
    assert_eq!(app.mailbox().await.len(), 0, "nothing was sent");
}

#[tokio::test]
async fn malformed_and_misshapen_json_answer_invalid_body() {
    let app = TestApp::spawn().await;
    for (path, raw) in [
        ("/api/v1/newsletter/subscriptions", "{not json"),
        ("/api/v1/consultations/bookings", "[1,2,3]"),
        ("/api/v1/consultations/bookings", "{\"name\":"),
    ] {
        let request = app.client.post(app.url(path)).header("content-type", "application/json").body(raw);
        let (status, body, _) = json_answer(request.send().await.unwrap()).await;
        assert_eq!(status, 400, "{path} {raw}");
        assert_envelope(&body, "invalid_body");
    }
}

/// A form's members of the wrong type are each reported on their field, all at once, like
/// missing ones; a card that is not an object is not a card at all.
#[tokio::test]
async fn mistyped_form_members_are_reported_on_their_fields() {
    let app = TestApp::spawn().await;
    let body = serde_json::json!({ "name": 7, "email": ["a@b.co"], "country": null, "message": {"text": "long enough"}, "plan": true });
    let (status, answer, _) =
        json_answer(app.client.post(app.url("/api/v1/consultations/bookings")).json(&body).send().await.unwrap()).await;
    assert_eq!(status, 400);
    assert_envelope(&answer, "validation_failed");
    for field in ["name", "email", "country", "message", "plan", "slot_start"] {
        assert!(answer["fields"][field].is_string(), "{field} is reported: {answer}");
    }
    let id = "0b5c9a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b";
    let reschedule = serde_json::json!({ "slot_start": "2030-01-01T10:00:00Z", "card": "4242" });
    let path = format!("/api/v1/consultations/bookings/{id}/reschedule");
    let (status, answer, _) = json_answer(app.client.post(app.url(&path)).json(&reschedule).send().await.unwrap()).await;
    assert_eq!(status, 400);
    assert_envelope(&answer, "invalid_body");
}

/// A client that sends half its body and stalls is answered 408 in the envelope when the
/// request timeout runs out.
#[tokio::test]
async fn a_stalled_request_times_out_in_the_envelope() {
    let app = TestApp::spawn_with(&["--request-timeout-secs", "1"]).await;
    let head = "POST /api/v1/newsletter/subscriptions HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"email\":";
    let answer = raw_exchange(&app, head.as_bytes().to_vec()).await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.to_ascii_lowercase().contains("content-type: application/json"), "{answer}");
    assert!(answer.contains("\"error_code\":\"request_timeout\""), "{answer}");
}

#[tokio::test]
async fn auth_errors_from_the_stack_keep_gotrues_shape() {
    let app = TestApp::spawn().await;
    let response = app.client.delete(app.url("/auth/v1/signup")).header("x-supabase-api-version", "2024-01-01").send().await.unwrap();
    let (status, body, headers) = json_answer(response).await;
    assert_eq!((status, &body["code"]), (405, &json!("method_not_allowed")), "{body}");
    assert_eq!(headers["x-supabase-api-version"], "2024-01-01");
}
