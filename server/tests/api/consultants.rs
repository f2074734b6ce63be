//! Issue 14 over HTTP, on both databases: the console's role checks, several consultants'
//! calendars (languages, assignment, capacity under concurrency, time off over bookings), the
//! case from the consultation to the published opinion and the course of action, the
//! personal-data check, the reminders on a controllable clock, and the audit log.

use serde_json::{json, Value};

use crate::auth::{access_token, execute, rumbo_command, sign_in, sign_up, PASSWORD};
use crate::consultations::{confirmed, form, slots, unique_email, with_token, ALL_HOURS};
use crate::helpers::TestApp;

const NO_IP_LIMIT: [&str; 4] = ["--consultation-bookings-per-ip-hour", "100000", "--consultation-live-holds-per-ip", "100000"];

async fn app() -> TestApp {
    TestApp::spawn_with(&[&ALL_HOURS[..], &NO_IP_LIMIT, &["--auth-autoconfirm", "true"]].concat()).await
}

/// A signed-in user with `role` (none: a plain user), and their access token.
async fn member(app: &TestApp, role: Option<&str>) -> (String, String) {
    let email = unique_email(role.unwrap_or("user"));
    sign_up(app, &email).await;
    if let Some(role) = role {
        let out = rumbo_command(app, &["staff", "grant", &email, role]);
        assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    }
    let session: Value = sign_in(app, &email, PASSWORD).await.json().await.unwrap();
    (email, access_token(&session).to_owned())
}

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: Option<&str>, body: Option<Value>) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

async fn get(app: &TestApp, path: &str, token: &str) -> Value {
    let (status, body) = call(app, reqwest::Method::GET, path, Some(token), None).await;
    assert_eq!(status, 200, "GET {path}: {body}");
    body
}

async fn send(app: &TestApp, method: reqwest::Method, path: &str, token: &str, body: Value) -> (u16, Value) {
    call(app, method, path, Some(token), Some(body)).await
}

/// Makes a consultant with a calendar through the console (as `admin`).
async fn consultant(app: &TestApp, admin: &str, name: &str, languages: &[&str]) -> (String, String) {
    let (email, token) = member(app, Some("consultant")).await;
    let body =
        json!({"email": email, "name": name, "time_zone": "America/Bogota", "weekly_hours": "mon-sun 00:00-24:00", "languages": languages});
    let (status, made) = send(app, reqwest::Method::POST, "/api/v1/staff/consultants", admin, body).await;
    assert_eq!(status, 201, "{made}");
    (made["id"].as_str().unwrap().to_owned(), token)
}

#[tokio::test]
async fn every_console_read_is_for_staff_and_consultants_read_their_work() {
    let app = app().await;
    let (_, plain) = member(&app, None).await;
    let (_, consultant) = member(&app, Some("consultant")).await;
    let (revoked_email, revoked) = member(&app, Some("consultant")).await;
    assert!(rumbo_command(&app, &["staff", "revoke", &revoked_email, "consultant"]).status.success());
    for path in ["/api/v1/staff/bookings", "/api/v1/staff/cases", "/api/v1/staff/opinions", "/api/v1/staff/availability"] {
        let (status, body) = call(&app, reqwest::Method::GET, path, None, None).await;
        assert_eq!((status, body["error_code"].as_str()), (401, Some("no_authorization")), "{path}");
        for (token, who) in [(&plain, "a user"), (&revoked, "a revoked consultant")] {
            let (status, body) = call(&app, reqwest::Method::GET, path, Some(token), None).await;
            assert_eq!((status, body["error_code"].as_str()), (403, Some("not_staff")), "{path} as {who}");
        }
        get(&app, path, &consultant).await;
    }
    // A signed-out session opens nothing, whatever its token still says.
    let (_, stale) = member(&app, Some("consultant")).await;
    let signed_out = app.client.post(app.url("/auth/v1/logout")).bearer_auth(&stale).send().await.unwrap();
    assert_eq!(signed_out.status(), 204);
    let (status, body) = call(&app, reqwest::Method::GET, "/api/v1/staff/bookings", Some(&stale), None).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("session_not_found")));
    // Changing calendars is for admins (or the consultant's own).
    let (status, body) = send(
        &app,
        reqwest::Method::PUT,
        "/api/v1/staff/consultants/main",
        &consultant,
        json!({"name": "X", "time_zone": "UTC", "weekly_hours": "mon 09:00-10:00", "languages": ["en"]}),
    )
    .await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("not_admin")));
}

#[tokio::test]
async fn free_times_follow_the_bookers_language_and_capacity_grows_with_consultants() {
    let app = app().await;
    let (_, admin) = member(&app, Some("admin")).await;
    // The first consultant (from the configuration) speaks all three; make them English only.
    let (status, _) = send(
        &app,
        reqwest::Method::PUT,
        "/api/v1/staff/consultants/main",
        &admin,
        json!({"name": "Main", "time_zone": "America/Bogota", "weekly_hours": "mon-sun 00:00-24:00", "languages": ["en"]}),
    )
    .await;
    assert_eq!(status, 200);
    let pt_slots = app.get("/api/v1/consultations/slots?plan=complete&lang=pt").await.json::<Value>().await.unwrap();
    assert_eq!(pt_slots["slots"].as_array().unwrap().len(), 0, "nobody speaks Portuguese yet");
    let (lucia, _) = consultant(&app, &admin, "Lucía", &["es", "pt"]).await;
    consultant(&app, &admin, "Pedro", &["pt", "en"]).await;
    consultant(&app, &admin, "Ana", &["en", "es"]).await;
    let pt_slots = app.get("/api/v1/consultations/slots?plan=complete&lang=pt").await.json::<Value>().await.unwrap();
    assert!(!pt_slots["slots"].as_array().unwrap().is_empty());

    // 200 simultaneous holds of one time in English: three consultants speak it (Main, Pedro,
    // Ana; Lucía does not), so exactly three are held, one each.
    let (start, _) = slots(&app, "complete", 3).await[6].clone();
    let requests = (0..200).map(|i| {
        let (client, url) = (app.client.clone(), app.url("/api/v1/consultations/bookings"));
        let body = form("complete", &start, &unique_email(&format!("racer{i}")), "en");
        tokio::spawn(async move { client.post(url).json(&body).send().await.expect("sent").status().as_u16() })
    });
    let mut statuses = Vec::new();
    for request in requests.collect::<Vec<_>>() {
        statuses.push(request.await.unwrap());
    }
    assert_eq!(statuses.iter().filter(|s| **s == 201).count(), 3, "one per English-speaking consultant");
    assert!(statuses.iter().all(|s| *s == 201 || *s == 409));
    let owners =
        app.fetch_one_text("SELECT CAST(COUNT(DISTINCT consultant_id) AS TEXT) FROM consultation_bookings WHERE status = 'held'").await;
    assert_eq!(owners, "3");
    // In Portuguese, the same time still has Lucía.
    let response = app
        .client
        .post(app.url("/api/v1/consultations/bookings"))
        .json(&form("complete", &start, &unique_email("pt"), "pt"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 201);
    let held: Value = response.json().await.unwrap();
    let id = held["id"].as_str().unwrap();
    let who = app.fetch_one_text(&format!("SELECT consultant_id FROM consultation_bookings WHERE id = '{id}'")).await;
    assert_eq!(who, lucia);
    // A fourth at that time: nobody is left.
    let response = app
        .client
        .post(app.url("/api/v1/consultations/bookings"))
        .json(&form("complete", &start, &unique_email("late"), "pt"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 409);
}

#[tokio::test]
async fn time_off_over_a_booking_lists_it_for_reassignment_and_reassigning_moves_the_claim() {
    let app = app().await;
    let (_, admin) = member(&app, Some("admin")).await;
    let (start, _) = slots(&app, "complete", 3).await[2].clone();
    let booking = confirmed(&app, "complete", &start, "es").await;
    let id = booking["id"].as_str().unwrap();
    let (lucia, _) = consultant(&app, &admin, "Lucía", &["es"]).await;
    let start_unix = crate::consultations::unix(&start);
    let off = json!({"starts_at": crate::consultations::rfc3339(start_unix - 3600), "ends_at": crate::consultations::rfc3339(start_unix + 7200), "reason": "Dentist"});
    let (status, change) = send(&app, reqwest::Method::POST, "/api/v1/staff/consultants/main/time-off", &admin, off).await;
    assert_eq!(status, 201, "{change}");
    assert_eq!(
        change["conflicts"].as_array().unwrap().iter().map(|b| b["id"].as_str().unwrap()).collect::<Vec<_>>(),
        vec![id],
        "listed, not dropped"
    );
    let status_now = app.fetch_one_text(&format!("SELECT status FROM consultation_bookings WHERE id = '{id}'")).await;
    assert_eq!(status_now, "confirmed");
    let (status, moved) =
        send(&app, reqwest::Method::POST, &format!("/api/v1/staff/bookings/{id}/reassign"), &admin, json!({"consultant_id": lucia})).await;
    assert_eq!((status, moved["consultant_id"].as_str()), (200, Some(lucia.as_str())), "{moved}");
    let claims = app
        .fetch_one_text(&format!(
            "SELECT CAST(COUNT(*) AS TEXT) FROM booking_claims WHERE booking_id = '{id}' AND consultant_id = '{lucia}'"
        ))
        .await;
    assert_eq!(claims, "4");
    assert!(get(&app, "/api/v1/staff/availability", &admin).await["conflicts"].as_array().unwrap().is_empty());
    let audit = get(&app, "/api/v1/staff/audit", &admin).await;
    let actions: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    for action in ["consultant.add", "consultant.time_off.add", "booking.reassign"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
}

#[tokio::test]
async fn a_case_goes_from_the_consultation_to_the_published_opinion_and_the_course_of_action() {
    let app = app().await;
    let (_, admin) = member(&app, Some("admin")).await;
    let (_, author) = member(&app, Some("consultant")).await;
    let (start, _) = slots(&app, "complete", 3).await[3].clone();
    let booking = confirmed(&app, "complete", &start, "es").await;
    let id = booking["id"].as_str().unwrap().to_owned();
    let base = format!("/api/v1/staff/bookings/{id}");

    // The meeting link is in the confirmation, the manage page and the agenda.
    let view: Value = with_token(&app, reqwest::Method::GET, &booking, "", None).await.json().await.unwrap();
    let link = view["meeting_url"].as_str().unwrap().to_owned();
    assert!(link.starts_with("https://meet.jit.si/rumbo-") && link.len() > 50, "{link}");
    assert_eq!(view["case"]["state"], "scheduled");
    let day = bogota_day(&start);
    let agenda = get(&app, &format!("/api/v1/staff/bookings?from={day}&to={day}"), &author).await;
    assert!(agenda["items"].as_array().unwrap().iter().any(|b| b["id"] == id.as_str() && b["meeting_url"] == link.as_str()));

    // An opinion before the consultation is held: refused.
    let opinion = |title: &str, body: &str| json!({"category": "airline", "country": "CO", "outcome": "Reembolso obtenido", "texts": {"es": {"title": title, "body": body}}});
    let body =
        "La aerolínea canceló el vuelo con dos días de aviso y solo ofreció un bono. La normativa obliga a ofrecer el reembolso en dinero.";
    let (status, refused) =
        send(&app, reqwest::Method::PUT, &format!("{base}/opinion"), &author, opinion("Vuelo cancelado sin reembolso", body)).await;
    assert_eq!((status, refused["error_code"].as_str()), (409, Some("case_state")));
    let (status, held) = send(&app, reqwest::Method::POST, &format!("{base}/outcome"), &author, json!({"outcome": "held"})).await;
    assert_eq!((status, held["case_state"].as_str()), (200, Some("held")), "{held}");

    // Personal data never goes out: the name (any case, accents), the e-mail, a phone.
    for (text, field) in [
        (format!("{body} Lo contó ANA gomez."), "contains_name"),
        (format!("{body} Escribió desde {}.", booking["email"].as_str().unwrap().to_uppercase()), "contains_email"),
        (format!("{body} Llamar al +57 (300) 123-4567."), "contains_phone"),
        (format!("{body} Reserva {id}."), "contains_booking_id"),
    ] {
        let (status, refused) =
            send(&app, reqwest::Method::PUT, &format!("{base}/opinion"), &author, opinion("Vuelo cancelado sin reembolso", &text)).await;
        assert_eq!((status, refused["error_code"].as_str()), (422, Some("personal_data")), "{text}");
        // The address starts with the traveller's name ("ana.…"): either finding refuses it.
        let found = refused["fields"]["texts.es.body"].as_str().unwrap();
        assert!(found == field || (field == "contains_email" && found == "contains_name"), "{refused}");
    }
    let (status, draft) =
        send(&app, reqwest::Method::PUT, &format!("{base}/opinion"), &author, opinion("Vuelo cancelado sin reembolso", body)).await;
    assert_eq!((status, draft["status"].as_str()), (200, Some("draft")), "{draft}");
    let opinion_id = draft["id"].as_str().unwrap();

    // Its author cannot approve it; an admin can, and the page, the sitemap and the mail follow.
    let approve = format!("/api/v1/staff/opinions/{opinion_id}/approve");
    let (status, refused) = call(&app, reqwest::Method::POST, &approve, Some(&author), None).await;
    assert_eq!((status, refused["error_code"].as_str()), (403, Some("self_approval")));
    let (status, published) = call(&app, reqwest::Method::POST, &approve, Some(&admin), None).await;
    assert_eq!((status, published["status"].as_str()), (200, Some("published")), "{published}");
    let url = published["url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("/es/help/opinions/vuelo-cancelado-sin-reembolso-"), "{url}");
    let page = app.get(&url).await;
    assert_eq!(page.status(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("<h1>Vuelo cancelado sin reembolso</h1>") && html.contains(r#""@type":"Article""#), "server-rendered");
    assert!(!html.contains("Gómez") && !html.contains(booking["email"].as_str().unwrap()));
    let list = app.get("/pt/help/opinions").await.text().await.unwrap();
    assert!(list.contains("Vuelo cancelado sin reembolso"), "listed in every language (in the language it was written)");
    let sitemap = app.get("/sitemap.xml").await.text().await.unwrap();
    assert!(sitemap.contains(&url.replace("/es/", "/")), "in the sitemap");
    let api = app.get("/api/v1/opinions?lang=es&category=airline").await.json::<Value>().await.unwrap();
    assert_eq!(api["items"][0]["title"], "Vuelo cancelado sin reembolso");
    assert_eq!(app.get("/api/v1/opinions?category=hotel").await.json::<Value>().await.unwrap()["items"], json!([]));

    // The course of action: sent once, with its PDF; the traveller sees both and may ask.
    let plan = json!({"summary": "Reclama primero por escrito y luego ante la autoridad.", "steps": [
        {"title": "Escribe a la aerolínea", "detail": "Usa la plantilla de reclamación.", "due_date": "2026-12-15"},
        {"title": "Queja ante la Aerocivil", "detail": "", "due_date": "2027-01-15"}]});
    let (status, sent) = send(&app, reqwest::Method::POST, &format!("{base}/advice"), &author, plan.clone()).await;
    assert_eq!((status, sent["case_state"].as_str()), (200, Some("advice_sent")), "{sent}");
    let (status, _) = send(&app, reqwest::Method::POST, &format!("{base}/advice"), &author, plan).await;
    assert_eq!(status, 409, "sent once");
    let view: Value = with_token(&app, reqwest::Method::GET, &booking, "", None).await.json().await.unwrap();
    assert_eq!(view["case"]["state"], "advice_sent");
    assert_eq!(view["case"]["opinion_url"], url.as_str());
    assert_eq!(view["case"]["advice"]["steps"][1]["title"], "Queja ante la Aerocivil");
    let asked = with_token(
        &app,
        reqwest::Method::POST,
        &booking,
        "/questions",
        Some(&json!({"message": "¿Envío la carta por correo certificado?"})),
    )
    .await;
    assert_eq!(asked.status(), 201);
    let detail = get(&app, &base, &author).await;
    assert_eq!(detail["messages"][0]["from"], "traveller");
    let kinds = app
        .fetch_one_text(&format!(
            "SELECT CAST(COUNT(*) AS TEXT) FROM mail_outbox WHERE kind IN ('opinion_published', 'course_of_action') AND recipient = '{}'",
            booking["email"].as_str().unwrap()
        ))
        .await;
    assert_eq!(kinds, "2", "the traveller got the opinion's link and the plan");
    let pdf = app.fetch_one_text("SELECT CAST(COUNT(*) AS TEXT) FROM mail_attachments WHERE filename = 'course-of-action.pdf'").await;
    assert_eq!(pdf, "1");
    let audit = get(&app, "/api/v1/staff/audit", &admin).await;
    let actions: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    for action in ["booking.outcome", "opinion.draft", "opinion.publish", "case.advice"] {
        assert!(actions.contains(&action), "{action} in {actions:?}");
    }
}

#[tokio::test]
async fn reminders_go_once_at_24_hours_1_hour_day_14_day_20_and_overdue() {
    let app = app().await;
    let (admin_email, _) = member(&app, Some("admin")).await;
    let (start, _) = slots(&app, "complete", 3).await[1].clone();
    let booking = confirmed(&app, "complete", &start, "pt").await;
    let id = booking["id"].as_str().unwrap();
    let start = crate::consultations::unix(&start);
    let count = |kind: &'static str| {
        let app = &app;
        async move { app.fetch_one_text(&format!("SELECT CAST(COUNT(*) AS TEXT) FROM mail_outbox WHERE kind = '{kind}'")).await }
    };
    let state = &app.state;
    rumbo::consultations::run_reminders(state, start - 2 * 86_400).await.unwrap();
    assert_eq!(count("consultation_reminder").await, "0", "nothing two days before");
    rumbo::consultations::run_reminders(state, start - 20 * 3600).await.unwrap();
    rumbo::consultations::run_reminders(state, start - 19 * 3600).await.unwrap();
    assert_eq!(count("consultation_reminder").await, "1", "once, the day before");
    rumbo::consultations::run_reminders(state, start - 1800).await.unwrap();
    assert_eq!(count("consultation_reminder").await, "2", "and an hour before");
    let day = 86_400;
    rumbo::consultations::run_reminders(state, start + 14 * day + 60).await.unwrap();
    rumbo::consultations::run_reminders(state, start + 15 * day).await.unwrap();
    assert_eq!(count("case_reminder").await, "1", "day 14, once");
    rumbo::consultations::run_reminders(state, start + 20 * day + 60).await.unwrap();
    assert_eq!(count("case_reminder").await, "2", "day 20");
    rumbo::consultations::run_reminders(state, start + 21 * day + 60).await.unwrap();
    rumbo::consultations::run_reminders(state, start + 22 * day).await.unwrap();
    let overdue = app.fetch_one_text("SELECT recipient FROM mail_outbox WHERE kind = 'case_overdue'").await;
    assert_eq!(overdue, admin_email, "the admins, once");
    let due = get(&app, "/api/v1/staff/cases?filter=overdue", &member(&app, Some("consultant")).await.1).await;
    let _ = id;
    assert!(due["items"].as_array().unwrap().is_empty(), "not overdue on the real clock");
    execute(&app, &format!("UPDATE consultation_bookings SET start_at = start_at - {} WHERE id = '{id}'", 23 * day)).await;
    let (_, consultant) = member(&app, Some("consultant")).await;
    let due = get(&app, "/api/v1/staff/cases?filter=overdue", &consultant).await;
    assert_eq!(due["items"][0]["id"], id);
}

/// The day a start (RFC 3339, UTC) falls on in Bogotá, the consultants' zone, as the agenda
/// reads its days: the UTC date differs for starts from 19:00 there.
fn bogota_day(start: &str) -> time::Date {
    let utc = time::OffsetDateTime::parse(start, &time::format_description::well_known::Rfc3339).unwrap();
    utc.to_offset(time::UtcOffset::from_hms(-5, 0, 0).unwrap()).date()
}
