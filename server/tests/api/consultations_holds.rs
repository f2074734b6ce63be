//! Holding a time: the database guarantee under concurrency, validation codes, idempotent
//! retries, expiry, rate limits and signed-in bookings.

use std::collections::HashSet;
use std::time::Duration;

use serde_json::{json, Value};

use crate::consultations::{form, hold, now, pay, post, slots, unique_email, unix, with_token, ALL_HOURS, SOON};
use crate::helpers::TestApp;

const BOOKINGS: &str = "/api/v1/consultations/bookings";
const NO_IP_LIMIT: [&str; 4] = ["--consultation-bookings-per-ip-hour", "100000", "--consultation-live-holds-per-ip", "100000"];

#[tokio::test]
async fn two_hundred_simultaneous_holds_on_one_time_make_exactly_one() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &NO_IP_LIMIT].concat()).await;
    let (start, _) = slots(&app, "complete", 3).await[4].clone();
    let requests = (0..200).map(|i| {
        let (client, url) = (app.client.clone(), app.url(BOOKINGS));
        let body = form("complete", &start, &unique_email(&format!("racer{i}")), "en");
        tokio::spawn(async move { client.post(url).json(&body).send().await.expect("request sent") })
    });
    let mut held = Vec::new();
    let mut taken = 0;
    for request in requests.collect::<Vec<_>>() {
        let response = request.await.unwrap();
        match response.status().as_u16() {
            201 => held.push(response.json::<Value>().await.unwrap()),
            409 => {
                let body: Value = response.json().await.unwrap();
                assert_eq!(body["error_code"], "slot_taken");
                let next = body["next_slots"].as_array().unwrap();
                assert!(!next.is_empty() && next.len() <= 5 && next.iter().all(|s| s["start"] != start.as_str()), "{body}");
                taken += 1;
            }
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
    }
    assert_eq!((held.len(), taken), (1, 199));
    assert_eq!(held[0]["start"], start.as_str());
    let claims = app.fetch_one_text("SELECT CAST(COUNT(*) AS TEXT) FROM booking_claims").await;
    assert_eq!(claims, "4", "a 60-minute booking claims four quarters");
    assert!(!slots(&app, "complete", 3).await.iter().any(|(s, _)| *s == start));
}

#[tokio::test]
async fn holds_of_different_plans_never_overlap() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &NO_IP_LIMIT].concat()).await;
    // A start early enough in the Bogota day that every plan fits three hours later.
    let bogota = time::UtcOffset::from_hms(-5, 0, 0).unwrap();
    let listed = slots(&app, "essential", 3).await;
    let (base, _) = listed.iter().find(|(s, _)| (1..=18).contains(&crate::consultations::instant(s).to_offset(bogota).hour())).unwrap();
    let base = unix(base);
    let plans = [("essential", 1800), ("complete", 3600), ("premium", 5400)];
    // 120 requests for starts in the same three hours, with every plan.
    let requests: Vec<_> = (0..120)
        .map(|i| {
            let (plan, _) = plans[i % 3];
            let start = crate::consultations::rfc3339(base + (i as i64 % 6) * 1800);
            let body = form(plan, &start, &unique_email(&format!("mix{i}")), "en");
            let (client, url) = (app.client.clone(), app.url(BOOKINGS));
            tokio::spawn(async move { client.post(url).json(&body).send().await.expect("request sent") })
        })
        .collect();
    let mut intervals = Vec::new();
    for request in requests {
        let response = request.await.unwrap();
        match response.status().as_u16() {
            201 => {
                let body: Value = response.json().await.unwrap();
                intervals.push((unix(body["start"].as_str().unwrap()), unix(body["end"].as_str().unwrap())));
            }
            409 => {}
            other => panic!("unexpected {other}: {}", response.text().await.unwrap()),
        }
    }
    assert!(!intervals.is_empty());
    intervals.sort();
    for pair in intervals.windows(2) {
        assert!(pair[0].1 <= pair[1].0, "{pair:?} overlap");
    }
    let covered: i64 = intervals.iter().map(|(s, e)| e - s).sum();
    assert!(covered <= 4 * 3600, "within the four hours the starts allow");
}

#[tokio::test]
async fn the_form_is_checked_with_a_code_per_field() {
    let app = TestApp::spawn().await;
    let bad = json!({ "name": "A", "email": "not-an-address", "country": " ", "message": "too short", "plan": "gold",
                      "slot_start": "2020-01-01T10:00:00Z", "language": "de" });
    let response = post(&app, BOOKINGS, &bad).await;
    assert_eq!(response.status(), 400);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["error_code"], "validation_failed");
    assert_eq!(
        body["fields"],
        json!({ "name": "name_too_short", "email": "invalid_email", "country": "country_required", "message": "message_too_short",
                "plan": "unknown_plan", "slot_start": "invalid_slot", "language": "invalid_language" })
    );
    // A start the calendar never offers (off the half hour), and a past one.
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    for wrong in [crate::consultations::rfc3339(unix(&start) + 600), "2020-01-06T14:00:00Z".to_owned()] {
        let response = post(&app, BOOKINGS, &form("essential", &wrong, &unique_email("ana"), "en")).await;
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["fields"], json!({ "slot_start": "invalid_slot" }), "{wrong}");
    }
    let not_json = app.client.post(app.url(BOOKINGS)).header("content-type", "application/json").body("[1,2]").send().await.unwrap();
    assert_eq!(not_json.json::<Value>().await.unwrap()["error_code"], "invalid_body");
}

#[tokio::test]
async fn a_retry_with_the_same_idempotency_key_returns_the_same_booking() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "essential", 7).await[3].clone();
    let body = form("essential", &start, &unique_email("retry"), "pt");
    let send = |body: Value, key: &'static str| {
        let request = app.client.post(app.url(BOOKINGS)).header("idempotency-key", key).json(&body);
        async move { request.send().await.unwrap() }
    };
    let first = send(body.clone(), "retry-key-1").await;
    assert_eq!(first.status(), 201);
    let first: Value = first.json().await.unwrap();
    let again = send(body.clone(), "retry-key-1").await;
    assert_eq!(again.status(), 200);
    let again: Value = again.json().await.unwrap();
    assert_eq!((&again["id"], &again["access_token"]), (&first["id"], &first["access_token"]));
    let mut other = body.clone();
    other["name"] = "Someone Else".into();
    let reused = send(other, "retry-key-1").await;
    assert_eq!(reused.status(), 422);
    assert_eq!(reused.json::<Value>().await.unwrap()["error_code"], "idempotency_key_reused");
    // The token answered twice opens the booking; the key itself is stored only as a hash.
    let view = with_token(&app, reqwest::Method::GET, &again, "", None).await;
    assert_eq!(view.status(), 200);
    let stored = app.fetch_one_text("SELECT idempotency_hash FROM consultation_bookings").await;
    assert!(stored.len() == 64 && stored != "retry-key-1");
    // Concurrent retries with one key still make one booking.
    let second_body = form("essential", &slots(&app, "essential", 7).await[6].0, &unique_email("retry"), "pt");
    let racing: Vec<_> = (0..8)
        .map(|_| {
            let request = app.client.post(app.url(BOOKINGS)).header("idempotency-key", "retry-key-2").json(&second_body);
            tokio::spawn(async move { request.send().await.unwrap().json::<Value>().await.unwrap() })
        })
        .collect();
    let mut ids = HashSet::new();
    for answer in racing {
        ids.insert(answer.await.unwrap()["id"].as_str().unwrap().to_owned());
    }
    assert_eq!(ids.len(), 1);
}

#[tokio::test]
async fn a_booking_is_seen_only_with_its_token() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "premium", 7).await[0].clone();
    let held = hold(&app, "premium", &start, "es").await;
    assert_eq!(held["status"], "held");
    assert_eq!(held["plan"]["name"], "Premium");
    assert_eq!((held["amount_cents"].as_i64(), held["currency"].as_str()), (Some(14900), Some("USD")));
    assert_eq!(held["payment"]["provider"], "sandbox");
    assert_eq!(held["payment"]["status"], "requires_payment");
    assert_eq!(held["time_zone"], "America/Bogota");
    assert_eq!(unix(held["cancellation_deadline"].as_str().unwrap()), unix(&start) - 86_400);
    let expires = unix(held["hold_expires_at"].as_str().unwrap());
    assert!((now() + 890..=now() + 900).contains(&expires), "held for 15 minutes");
    let path = format!("{BOOKINGS}/{}", held["id"].as_str().unwrap());
    let seen = with_token(&app, reqwest::Method::GET, &held, "", None).await;
    assert_eq!(seen.status(), 200);
    assert!(seen.json::<Value>().await.unwrap().get("access_token").is_none(), "the token is shown once");
    for token in [Some("wrong"), None] {
        let mut request = app.client.get(app.url(&path));
        if let Some(token) = token {
            request = request.header("x-booking-token", token);
        }
        let response = request.send().await.unwrap();
        assert_eq!(response.status(), 404);
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "not_found");
    }
    let unknown =
        app.get_with(&format!("{BOOKINGS}/{}", uuid::Uuid::new_v4()), "x-booking-token", held["access_token"].as_str().unwrap()).await;
    assert_eq!(unknown.status(), 404);
}

#[tokio::test]
async fn an_expired_hold_frees_its_time_and_cannot_be_paid() {
    // The sweeper waits an hour: the next booking itself releases the expired hold.
    let app =
        TestApp::spawn_with(&[&ALL_HOURS[..], &["--consultation-hold-secs", "3", "--consultation-hold-sweep-secs", "3600"]].concat()).await;
    let (start, _) = slots(&app, "complete", 3).await[0].clone();
    let first = hold(&app, "complete", &start, "en").await;
    // Three seconds, so a busy machine still lists the time as taken before the hold runs out.
    assert!(!slots(&app, "complete", 3).await.iter().any(|(s, _)| *s == start));
    tokio::time::sleep(Duration::from_millis(4100)).await;
    let view: Value = with_token(&app, reqwest::Method::GET, &first, "", None).await.json().await.unwrap();
    assert_eq!((&view["status"], &view["hold_expires_at"]), (&json!("expired"), &Value::Null), "shown expired before any sweep");
    assert!(slots(&app, "complete", 3).await.iter().any(|(s, _)| *s == start), "free again once the hold ran out");
    let second = hold(&app, "complete", &start, "en").await;
    assert_ne!(second["id"], first["id"]);
    let paid = pay(&app, first["id"].as_str().unwrap(), "4242424242424242").await;
    assert_eq!(paid.status(), 409);
    assert_eq!(paid.json::<Value>().await.unwrap()["error_code"], "hold_expired");
    let view: Value = with_token(&app, reqwest::Method::GET, &first, "", None).await.json().await.unwrap();
    assert_eq!(view["status"], "expired");
}

#[tokio::test]
async fn the_sweeper_expires_holds_and_cancels_their_payments() {
    let app =
        TestApp::spawn_with(&[&ALL_HOURS[..], &["--consultation-hold-secs", "1", "--consultation-hold-sweep-secs", "1"]].concat()).await;
    let (start, _) = slots(&app, "essential", 3).await[0].clone();
    let held = hold(&app, "essential", &start, "en").await;
    let mut view = Value::Null;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(200)).await;
        view = with_token(&app, reqwest::Method::GET, &held, "", None).await.json().await.unwrap();
        if view["payment"]["status"] == "canceled" {
            break;
        }
    }
    assert_eq!((&view["status"], &view["payment"]["status"]), (&json!("expired"), &json!("canceled")), "{view}");
    assert_eq!(view["hold_expires_at"], Value::Null);
    assert_eq!(app.fetch_one_text("SELECT CAST(COUNT(*) AS TEXT) FROM booking_claims").await, "0");
    assert_eq!(app.fetch_one_text("SELECT status FROM sandbox_payments").await, "canceled");
    let paid = pay(&app, held["id"].as_str().unwrap(), "4242424242424242").await;
    assert_eq!(paid.json::<Value>().await.unwrap()["error_code"], "hold_expired");
}

#[tokio::test]
async fn bookings_are_rate_limited_per_address_and_per_email() {
    let app = TestApp::spawn_with(&["--consultation-bookings-per-ip-hour", "12"]).await;
    let email = unique_email("eager");
    let mut statuses = Vec::new();
    for i in 0..13 {
        let address = if i < 11 { email.clone() } else { unique_email("other") };
        let response = post(&app, BOOKINGS, &form("essential", "2020-01-01T00:00:00Z", &address, "en")).await;
        statuses.push(response.status().as_u16());
        if response.status() == 429 {
            assert!(response.headers().contains_key("retry-after"));
            assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "rate_limited");
        }
    }
    // Ten per e-mail, then twelve per address.
    assert_eq!(statuses, [400, 400, 400, 400, 400, 400, 400, 400, 400, 400, 429, 400, 429]);
}

#[tokio::test]
async fn a_signed_in_booking_shows_in_my_bookings_and_opens_with_the_session() {
    let app = TestApp::spawn_with(&[&["--auth-autoconfirm", "true"][..], &SOON, &ALL_HOURS].concat()).await;
    let email = unique_email("member");
    let session = crate::auth::sign_up(&app, &email).await;
    let jwt = crate::auth::access_token(&session).to_owned();
    let (start, _) = slots(&app, "essential", 2).await[1].clone();
    let mine = app.client.post(app.url(BOOKINGS)).bearer_auth(&jwt).json(&form("essential", &start, &email, "en")).send().await.unwrap();
    assert_eq!(mine.status(), 201);
    let mine: Value = mine.json().await.unwrap();
    hold(&app, "essential", &slots(&app, "essential", 2).await[3].0, "en").await;
    let listed = app.client.get(app.url("/api/v1/consultations/my-bookings")).bearer_auth(&jwt).send().await.unwrap();
    assert_eq!(listed.status(), 200);
    let listed: Value = listed.json().await.unwrap();
    let items = listed["items"].as_array().unwrap();
    assert_eq!(items.len(), 1, "only the user's own booking");
    assert_eq!(items[0]["id"], mine["id"]);
    let path = format!("{BOOKINGS}/{}", mine["id"].as_str().unwrap());
    assert_eq!(app.client.get(app.url(&path)).bearer_auth(&jwt).send().await.unwrap().status(), 200);
    let anonymous = app.get("/api/v1/consultations/my-bookings").await;
    assert_eq!(anonymous.status(), 401);
}
