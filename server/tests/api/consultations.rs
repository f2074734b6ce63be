//! Consultations (issue 6) over HTTP: plans, testimonials and free times. Shared steps for the
//! other consultations_* files live here.

use std::time::{SystemTime, UNIX_EPOCH};

use serde_json::{json, Value};
use time::format_description::well_known::Rfc3339;
use time::{Duration, OffsetDateTime, UtcOffset, Weekday};

use crate::helpers::TestApp;

/// Consultants available around the clock, so there is always a time to book in a test.
pub const ALL_HOURS: [&str; 2] = ["--consultation-weekly-hours", "mon-sun 00:00-24:00"];
/// Bookings may start a second from now: the next times are less than 24 h ahead.
pub const SOON: [&str; 2] = ["--consultation-min-notice-secs", "1"];

pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs() as i64
}

pub fn instant(text: &str) -> OffsetDateTime {
    OffsetDateTime::parse(text, &Rfc3339).unwrap_or_else(|_| panic!("{text} is RFC 3339"))
}

pub fn unix(text: &str) -> i64 {
    instant(text).unix_timestamp()
}

pub fn rfc3339(unix: i64) -> String {
    OffsetDateTime::from_unix_timestamp(unix).unwrap().format(&Rfc3339).unwrap()
}

/// Today's date in Bogota (the consultants' zone).
pub fn bogota_today() -> time::Date {
    OffsetDateTime::now_utc().to_offset(UtcOffset::from_hms(-5, 0, 0).unwrap()).date()
}

/// The free slots of a plan over `days` days from today: (start, end) as listed.
pub async fn slots(app: &TestApp, plan: &str, days: i64) -> Vec<(String, String)> {
    let from = bogota_today();
    let to = from + Duration::days(days);
    let response = app.get(&format!("/api/v1/consultations/slots?plan={plan}&from={from}&to={to}")).await;
    assert_eq!(response.status(), 200);
    let body: Value = response.json().await.unwrap();
    body["slots"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["start"].as_str().unwrap().to_owned(), s["end"].as_str().unwrap().to_owned()))
        .collect()
}

pub fn unique_email(who: &str) -> String {
    format!("{who}.{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..10])
}

/// A valid booking form (docs/product.md#booking-form).
pub fn form(plan: &str, start: &str, email: &str, language: &str) -> Value {
    json!({
        "name": "Ana Gómez",
        "email": email,
        "country": "Colombia",
        "message": "The airline lost my suitcase in Lima and nobody answers.",
        "plan": plan,
        "slot_start": start,
        "language": language,
    })
}

pub async fn post(app: &TestApp, path: &str, body: &Value) -> reqwest::Response {
    app.client.post(app.url(path)).json(body).send().await.expect("request sent")
}

/// Books and expects a held booking.
pub async fn hold(app: &TestApp, plan: &str, start: &str, language: &str) -> Value {
    let response = post(app, "/api/v1/consultations/bookings", &form(plan, start, &unique_email("ana"), language)).await;
    assert_eq!(response.status(), 201, "the time is held");
    response.json().await.unwrap()
}

pub fn card(number: &str) -> Value {
    json!({ "card_number": number, "exp": "12/34", "cvc": "123", "cardholder_name": "Ana Gómez" })
}

pub async fn pay(app: &TestApp, booking_id: &str, number: &str) -> reqwest::Response {
    post(app, &format!("/api/v1/consultations/bookings/{booking_id}/payment"), &card(number)).await
}

/// Books and pays with the booking's token: a confirmed booking.
pub async fn confirmed(app: &TestApp, plan: &str, start: &str, language: &str) -> Value {
    let held = hold(app, plan, start, language).await;
    let response = with_token(app, reqwest::Method::POST, &held, "/payment", Some(&card("4242424242424242"))).await;
    assert_eq!(response.status(), 200, "4242 pays");
    let mut paid: Value = response.json().await.unwrap();
    assert_eq!(paid["status"], "confirmed");
    paid["access_token"] = held["access_token"].clone();
    paid
}

/// A request to a booking with its access token.
pub async fn with_token(app: &TestApp, method: reqwest::Method, booking: &Value, suffix: &str, body: Option<&Value>) -> reqwest::Response {
    let url = app.url(&format!("/api/v1/consultations/bookings/{}{suffix}", booking["id"].as_str().unwrap()));
    let mut request = app.client.request(method, url).header("x-booking-token", booking["access_token"].as_str().unwrap());
    if let Some(body) = body {
        request = request.json(body);
    }
    request.send().await.expect("request sent")
}

#[tokio::test]
async fn plans_come_from_the_database_localized_and_by_price() {
    let app = TestApp::spawn().await;
    let es: Value = app.get("/api/v1/consultations/plans?lang=es").await.json().await.unwrap();
    let items = es["items"].as_array().unwrap();
    let summary: Vec<(&str, &str, i64, i64, bool)> = items
        .iter()
        .map(|p| {
            let text = |k: &str| p[k].as_str().unwrap();
            (
                text("id"),
                text("name"),
                p["duration_minutes"].as_i64().unwrap(),
                p["price_cents"].as_i64().unwrap(),
                p["recommended"].as_bool().unwrap(),
            )
        })
        .collect();
    assert_eq!(
        summary,
        [("essential", "Esencial", 30, 4900, false), ("complete", "Completa", 60, 9900, true), ("premium", "Premium", 90, 14900, false)]
    );
    assert!(items.iter().all(|p| p["currency"] == "USD" && !p["description"].as_str().unwrap().is_empty()));
    let pt: Value = app.get("/api/v1/consultations/plans?lang=pt").await.json().await.unwrap();
    assert_eq!(pt["items"][0]["name"], "Essencial");
    let en: Value = app.get("/api/v1/consultations/plans").await.json().await.unwrap();
    assert_eq!(en["items"][1]["name"], "Complete");
    let bad = app.get("/api/v1/consultations/plans?lang=fr").await;
    assert_eq!(bad.status(), 400);
    assert_eq!(bad.json::<Value>().await.unwrap()["error_code"], "invalid_language");
}

#[tokio::test]
async fn testimonials_have_quote_name_and_trip_in_each_language() {
    let app = TestApp::spawn().await;
    let mut quotes = Vec::new();
    for lang in ["en", "es", "pt"] {
        let body: Value = app.get(&format!("/api/v1/consultations/testimonials?lang={lang}")).await.json().await.unwrap();
        let items = body["items"].as_array().unwrap();
        assert!(items.len() >= 3, "{lang}: {body}");
        assert!(items.iter().all(|t| ["quote", "name", "trip"].iter().all(|k| !t[k].as_str().unwrap().is_empty())));
        quotes.push(items[0]["quote"].as_str().unwrap().to_owned());
    }
    assert!(quotes[0] != quotes[1] && quotes[1] != quotes[2], "translated: {quotes:?}");
}

#[tokio::test]
async fn free_times_follow_the_hours_notice_and_horizon_in_bogota() {
    let app = TestApp::spawn().await;
    let now = now();
    let bogota = UtcOffset::from_hms(-5, 0, 0).unwrap();
    for (plan, minutes) in [("essential", 30), ("complete", 60), ("premium", 90)] {
        let listed = slots(&app, plan, 20).await;
        assert!(listed.len() > 100, "{plan}: {} slots in three weeks", listed.len());
        for (start, end) in &listed {
            let (start, end) = (instant(start), instant(end));
            assert_eq!((end - start).whole_minutes(), minutes, "{plan}");
            assert!(start.unix_timestamp() >= now + 86_400, "{plan}: {start} is 24 h ahead");
            let local = start.to_offset(bogota);
            assert!(!matches!(local.weekday(), Weekday::Saturday | Weekday::Sunday), "{plan}: {local} is a weekday");
            assert!(local.hour() >= 9 && local.minute() % 30 == 0 && local.second() == 0, "{plan}: {local}");
            let local_end = end.to_offset(bogota);
            assert!(local_end.date() == local.date() && (local_end.hour(), local_end.minute()) <= (17, 0), "{plan}: ends by 17:00");
        }
        assert!(listed.windows(2).all(|w| w[0].0 < w[1].0), "in order");
    }
    // The horizon: nothing more than 60 days ahead.
    let from = bogota_today() + Duration::days(50);
    let body: Value = app
        .get(&format!("/api/v1/consultations/slots?plan=essential&from={from}&to={}", from + Duration::days(20)))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(body["time_zone"], "America/Bogota");
    let starts: Vec<i64> = body["slots"].as_array().unwrap().iter().map(|s| unix(s["start"].as_str().unwrap())).collect();
    assert!(!starts.is_empty() && starts.iter().all(|&s| s <= now + 60 * 86_400 + 60), "{body}");
    // Defaults: two weeks from today.
    let default: Value = app.get("/api/v1/consultations/slots?plan=complete").await.json().await.unwrap();
    assert_eq!(default["plan"], "complete");
    assert!(!default["slots"].as_array().unwrap().is_empty());
    assert_eq!(default["next_start"], default["slots"][0]["start"], "the earliest free start leads the answer");
    // A range with no free time has no earliest start.
    let past = bogota_today() - Duration::days(10);
    let empty: Value = app
        .get(&format!("/api/v1/consultations/slots?plan=complete&from={past}&to={}", past + Duration::days(1)))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(empty["slots"], json!([]));
    assert!(empty["next_start"].is_null());
}

#[tokio::test]
async fn bad_slot_queries_get_their_codes() {
    let app = TestApp::spawn().await;
    let today = bogota_today();
    for (query, code) in [
        ("plan=gold".to_owned(), "invalid_plan"),
        (String::new(), "invalid_plan"),
        (format!("plan=essential&from={today}&to={}", today + Duration::days(63)), "invalid_range"),
        (format!("plan=essential&from={}&to={today}", today + Duration::days(1)), "invalid_range"),
        ("plan=essential&from=24/11/2026".to_owned(), "invalid_range"),
    ] {
        let response = app.get(&format!("/api/v1/consultations/slots?{query}")).await;
        assert_eq!(response.status(), 400, "{query}");
        assert_eq!(response.json::<Value>().await.unwrap()["error_code"], code, "{query}");
    }
}

#[tokio::test]
async fn blocked_dates_and_buffers_take_times_away() {
    let first = bogota_today() + Duration::days(3);
    let blocked = first.to_string();
    let app =
        TestApp::spawn_with(&[&ALL_HOURS[..], &["--consultation-blocked-dates", &blocked, "--consultation-buffer-minutes", "30"]].concat())
            .await;
    let listed = slots(&app, "essential", 5).await;
    let bogota = UtcOffset::from_hms(-5, 0, 0).unwrap();
    assert!(listed.iter().all(|(start, _)| instant(start).to_offset(bogota).date() != first), "nothing on {blocked}");
    // A booking takes its time and the 30 minutes after it, for every plan. The time is one
    // with free times 90 minutes before and an hour after it (not next to the blocked day),
    // and a 60-minute consultation offered 90 minutes before it (its starts keep their own grid).
    let offered: Vec<i64> = listed.iter().map(|(s, _)| unix(s)).collect();
    let complete_offered: Vec<i64> = slots(&app, "complete", 5).await.iter().map(|(s, _)| unix(s)).collect();
    let (start, _) = listed
        .iter()
        .find(|(s, _)| {
            [-5400, -3600, 3600].iter().all(|d| offered.contains(&(unix(s) + d))) && complete_offered.contains(&(unix(s) - 5400))
        })
        .expect("a time with free neighbours")
        .clone();
    hold(&app, "essential", &start, "en").await;
    let starts: Vec<String> = slots(&app, "essential", 5).await.into_iter().map(|(s, _)| s).collect();
    let at = unix(&start);
    for gone in [at - 1800, at, at + 1800] {
        assert!(!starts.contains(&rfc3339(gone)), "{} is taken or too close", rfc3339(gone));
    }
    assert!(starts.contains(&rfc3339(at - 3600)) && starts.contains(&rfc3339(at + 3600)));
    let complete: Vec<String> = slots(&app, "complete", 5).await.into_iter().map(|(s, _)| s).collect();
    assert!(!complete.contains(&rfc3339(at - 3600)), "a 60-minute consultation plus its buffer would reach the booking");
    assert!(complete.contains(&rfc3339(at - 5400)));
}

/// The form rules the web app checks come from the server, in every page's config block.
#[tokio::test]
async fn the_form_rules_reach_the_browser_from_the_server() {
    let app = TestApp::spawn_with(&["--auth-password-min-length", "9"]).await;
    let html = app.get("/es/help").await.text().await.unwrap();
    let block = html.split(r#"<script type="application/json" id="rumbo-config">"#).nth(1).and_then(|rest| rest.split("</script>").next());
    let config: Value = serde_json::from_str(block.expect("config block")).unwrap();
    assert_eq!(config["limits"]["passwordMinLength"], 9);
    assert_eq!(
        config["limits"]["booking"],
        json!({ "nameMin": 2, "nameMax": 100, "messageMin": 10, "messageMax": 5000, "documentMaxBytes": 10_485_760, "documentsPerBooking": 5 })
    );
}
