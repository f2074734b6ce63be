//! What an abuser could do with free holds and hostile text (issue 10): nothing is stored
//! that PostgreSQL would refuse, an id alone learns nothing of a booking, unpaid holds are few
//! per client and per address, their documents are bounded and go when the hold runs out.

use reqwest::Method;
use serde_json::{json, Value};

use crate::consultations::{card, form, hold, pay, post, slots, unique_email, with_token, ALL_HOURS};
use crate::consultations_manage::upload;
use crate::helpers::TestApp;

const BOOKINGS: &str = "/api/v1/consultations/bookings";
const PDF: &[u8] = b"%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n";

#[tokio::test]
async fn control_characters_and_text_direction_overrides_are_field_errors() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    for (field, value) in [
        ("name", "Ana\u{0}Maria"),
        ("name", "Ana\u{202E}airaM"),
        ("name", "Ana\nMaria"),
        ("message", "They lost my bag in Lima\u{0} and nobody answers."),
        ("message", "They lost my bag in Lima \u{1b}[2J and nobody answers."),
    ] {
        let mut body = form("essential", &start, &unique_email("nul"), "en");
        body[field] = json!(value);
        let response = post(&app, BOOKINGS, &body).await;
        assert_eq!(response.status(), 400, "{field}: {value:?}");
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["fields"][field], "invalid_characters", "{answer}");
    }
    let mut multi_line = form("essential", &start, &unique_email("lines"), "en");
    multi_line["message"] = json!("Line one about my lost bag.\r\nLine two:\tthe airline never answered.");
    assert_eq!(post(&app, BOOKINGS, &multi_line).await.status(), 201, "line breaks and tabs are ordinary text");
}

#[tokio::test]
async fn an_id_alone_may_pay_but_learns_nothing_of_the_booking() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    let held = hold(&app, "essential", &start, "en").await;
    let id = held["id"].as_str().unwrap();
    assert_eq!(app.get(&format!("{BOOKINGS}/{id}")).await.status(), 404, "reading needs the token");
    let declined = pay(&app, id, "4000000000000002").await;
    assert_eq!(declined.status(), 402);
    let declined: Value = declined.json().await.unwrap();
    assert!(declined.get("email").is_none() && declined.get("name").is_none(), "{declined}");
    let paid = pay(&app, id, "4242424242424242").await;
    assert_eq!(paid.status(), 200);
    assert_eq!(paid.json::<Value>().await.unwrap(), json!({ "id": id, "status": "confirmed" }));
    let view: Value = with_token(&app, Method::GET, &held, "", None).await.json().await.unwrap();
    assert_eq!((&view["status"], &view["email"]), (&json!("confirmed"), &held["email"]), "the token still opens all of it");
}

#[tokio::test]
async fn a_paying_token_holder_gets_the_whole_booking_back() {
    let app = TestApp::spawn().await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    let held = hold(&app, "essential", &start, "es").await;
    let paid: Value = with_token(&app, Method::POST, &held, "/payment", Some(&card("4242424242424242"))).await.json().await.unwrap();
    assert_eq!((&paid["status"], &paid["name"], &paid["language"]), (&json!("confirmed"), &json!("Ana Gómez"), &json!("es")));
}

#[tokio::test]
async fn unpaid_holds_are_limited_per_client_and_per_address() {
    let app = TestApp::spawn_with(&[&ALL_HOURS[..], &["--client-ip-header", "x-forwarded-for"]].concat()).await;
    let times = slots(&app, "essential", 3).await;
    let book = |i: usize, email: String, client: &'static str| {
        let request = app.client.post(app.url(BOOKINGS)).header("x-forwarded-for", client);
        let body = form("essential", &times[i * 4].0, &email, "en");
        async move { request.json(&body).send().await.unwrap() }
    };
    for i in 0..2 {
        assert_eq!(book(i, unique_email("a"), "198.51.100.7").await.status(), 201);
    }
    let third = book(2, unique_email("a"), "198.51.100.7").await;
    assert_eq!(third.status(), 429);
    let answer: Value = third.json().await.unwrap();
    assert_eq!(answer["error_code"], "too_many_holds", "{answer}");
    // The same e-mail address from elsewhere is limited too; another client is not.
    let shared = unique_email("shared");
    assert_eq!(book(3, shared.clone(), "198.51.100.8").await.status(), 201);
    assert_eq!(book(4, shared.clone(), "198.51.100.9").await.status(), 201);
    assert_eq!(book(5, shared, "198.51.100.10").await.status(), 429);
    // Paying for a hold frees its place.
    let held: Value = book(6, unique_email("b"), "203.0.113.1").await.json().await.unwrap();
    let _second = book(7, unique_email("b"), "203.0.113.1").await;
    with_token(&app, Method::POST, &held, "/payment", Some(&card("4242424242424242"))).await;
    assert_eq!(book(8, unique_email("b"), "203.0.113.1").await.status(), 201);
}

#[tokio::test]
async fn documents_on_unpaid_holds_spend_a_per_client_quota() {
    let uploads = std::env::temp_dir().join(format!("rumbo-quota-{}", uuid::Uuid::new_v4().simple()));
    let quota = (PDF.len() * 3).to_string();
    let app = TestApp::spawn_with(
        &[&ALL_HOURS[..], &["--upload-dir", uploads.to_str().unwrap(), "--consultation-held-upload-bytes-per-ip-hour", &quota]].concat(),
    )
    .await;
    let times = slots(&app, "essential", 3).await;
    let held = hold(&app, "essential", &times[0].0, "en").await;
    let token = held["access_token"].as_str().unwrap();
    for _ in 0..3 {
        assert_eq!(upload(&app, &held, token, "ticket.pdf", PDF).await.status(), 201);
    }
    let refused = upload(&app, &held, token, "ticket.pdf", PDF).await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(refused.json::<Value>().await.unwrap()["error_code"], "upload_quota_exceeded");
    // Once paid, the booking's documents no longer count against the quota.
    with_token(&app, Method::POST, &held, "/payment", Some(&card("4242424242424242"))).await;
    assert_eq!(upload(&app, &held, token, "ticket.pdf", PDF).await.status(), 201);
    let _ = std::fs::remove_dir_all(&uploads);
}

#[tokio::test]
async fn an_expired_hold_keeps_no_documents() {
    let uploads = std::env::temp_dir().join(format!("rumbo-expired-{}", uuid::Uuid::new_v4().simple()));
    let app = TestApp::spawn_with(
        &[
            &ALL_HOURS[..],
            &["--upload-dir", uploads.to_str().unwrap(), "--consultation-hold-secs", "2", "--consultation-hold-sweep-secs", "1"],
        ]
        .concat(),
    )
    .await;
    let times = slots(&app, "essential", 3).await;
    let held = hold(&app, "essential", &times[0].0, "en").await;
    let kept = hold(&app, "essential", &times[4].0, "en").await;
    let token = held["access_token"].as_str().unwrap();
    assert_eq!(upload(&app, &held, token, "passport.pdf", PDF).await.status(), 201);
    with_token(&app, Method::POST, &kept, "/payment", Some(&card("4242424242424242"))).await;
    assert_eq!(upload(&app, &kept, kept["access_token"].as_str().unwrap(), "ticket.pdf", PDF).await.status(), 201);
    let folder = uploads.join(held["id"].as_str().unwrap());
    assert!(folder.exists());
    let mut gone = false;
    for _ in 0..80 {
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        if !folder.exists() {
            gone = true;
            break;
        }
    }
    assert!(gone, "the expired hold's folder was removed");
    let view: Value = with_token(&app, Method::GET, &held, "", None).await.json().await.unwrap();
    assert_eq!((&view["status"], &view["documents"]), (&json!("expired"), &json!([])));
    assert!(uploads.join(kept["id"].as_str().unwrap()).exists(), "a confirmed booking keeps its documents");
    let late = upload(&app, &held, token, "late.pdf", PDF).await;
    assert_eq!(late.status(), 409);
    let _ = std::fs::remove_dir_all(&uploads);
}

/// One extractor decides who is signed in: an access token whose session ended (signed out)
/// or whose user is banned opens nothing, though its signature is still good; another
/// booking's token opens nothing either.
#[tokio::test]
async fn only_a_live_session_or_the_bookings_own_token_opens_it() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await;
    let email = unique_email("owner");
    let session = crate::auth::sign_up(&app, &email).await;
    let jwt = crate::auth::access_token(&session).to_owned();
    let times = slots(&app, "essential", 3).await;
    let mine: Value = app
        .client
        .post(app.url(BOOKINGS))
        .bearer_auth(&jwt)
        .json(&form("essential", &times[0].0, &email, "en"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let other = hold(&app, "essential", &times[4].0, "en").await;
    let path = format!("{BOOKINGS}/{}", mine["id"].as_str().unwrap());
    assert_eq!(app.client.get(app.url(&path)).bearer_auth(&jwt).send().await.unwrap().status(), 200);
    let foreign = app.get_with(&path, "x-booking-token", other["access_token"].as_str().unwrap()).await;
    assert_eq!(foreign.status(), 404, "another booking's token");
    // Banned: the same token is refused, in the envelope.
    let key = app.service_role_key().await;
    let admin = app.url(&format!("/auth/v1/admin/users/{}", session["user"]["id"].as_str().unwrap()));
    app.client.put(&admin).bearer_auth(&key).json(&json!({ "ban_duration": "24h" })).send().await.unwrap();
    let banned = app.client.get(app.url(&path)).bearer_auth(&jwt).send().await.unwrap();
    assert_eq!(banned.status(), 403);
    assert_eq!(banned.json::<Value>().await.unwrap()["error_code"], "user_banned");
    app.client.put(&admin).bearer_auth(&key).json(&json!({ "ban_duration": "none" })).send().await.unwrap();
    assert_eq!(app.client.get(app.url(&path)).bearer_auth(&jwt).send().await.unwrap().status(), 200);
    // Signed out: the session is gone, so the token opens nothing, not even a cancellation.
    let out = app.client.post(app.url("/auth/v1/logout")).bearer_auth(&jwt).send().await.unwrap();
    assert_eq!(out.status(), 204);
    for (method, suffix) in [(Method::GET, ""), (Method::POST, "/cancel")] {
        let response = app.client.request(method, app.url(&format!("{path}{suffix}"))).bearer_auth(&jwt).send().await.unwrap();
        assert_eq!(response.status(), 403, "{suffix}");
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "session_not_found", "{suffix}");
    }
    // The manage-link token still works: it does not depend on a session.
    assert_eq!(with_token(&app, Method::GET, &mine, "", None).await.status(), 200);
}
