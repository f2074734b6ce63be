//! Newsletter (docs/product.md#newsletter): double opt-in lifecycle, one row per address under
//! duplicate and concurrent subscribes, token expiry and reuse, the confirmation mail over
//! real SMTP with the RFC 8058 headers, one-click unsubscribe, validation and rate limits.

use rumbo::platform::db::Db;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};

use crate::helpers::TestApp;
use crate::smtp_sink::SmtpSink;

const SUBSCRIBE: &str = "/api/v1/newsletter/subscriptions";
const CONFIRM: &str = "/api/v1/newsletter/confirm";
const UNSUBSCRIBE: &str = "/api/v1/newsletter/unsubscribe";
const RESUBSCRIBE: &str = "/api/v1/newsletter/resubscribe";

async fn subscribe(app: &TestApp, email: &str, language: &str, source: &str) -> reqwest::Response {
    app.post_json(SUBSCRIBE, &json!({ "email": email, "language": language, "source": source })).await
}

async fn post_token(app: &TestApp, path: &str, token: &str) -> reqwest::Response {
    app.post_json(path, &json!({ "token": token })).await
}

/// Status and JSON body of a response.
async fn answer(response: reqwest::Response) -> (u16, Value) {
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn open(app: &TestApp) -> Db {
    Db::connect(&app.database_url().parse().expect("database url"), 1).await.expect("database answers")
}

async fn count(app: &TestApp, sql: &str) -> i64 {
    let db = open(app).await;
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&db.pool).await.expect("query answers");
    db.pool.close().await;
    n
}

async fn status_of(app: &TestApp, email: &str) -> String {
    app.fetch_one_text(&format!("SELECT status FROM newsletter_subscriptions WHERE email = '{email}'")).await
}

/// Newsletter mails in the development outbox, oldest first.
async fn newsletter_mails(app: &TestApp) -> Vec<Value> {
    let mut mails: Vec<Value> = app.mailbox().await.into_iter().filter(|m| m["kind"] == "newsletter_confirm").collect();
    mails.reverse();
    mails
}

/// The token of the first link in `text` that starts with `prefix`.
fn token_after(text: &str, prefix: &str) -> String {
    let start = text.find(prefix).unwrap_or_else(|| panic!("no {prefix} link in:\n{text}")) + prefix.len();
    text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

fn confirm_token(mail: &Value, lang_prefix: &str) -> String {
    token_after(mail["text"].as_str().unwrap(), &format!("http://rumbo.localhost{lang_prefix}/newsletter/confirm?token="))
}

fn unsubscribe_token(mail: &Value, lang_prefix: &str) -> String {
    token_after(mail["text"].as_str().unwrap(), &format!("http://rumbo.localhost{lang_prefix}/newsletter/unsubscribe?token="))
}

#[tokio::test]
async fn a_subscription_goes_pending_confirmed_unsubscribed_and_back() {
    let app = TestApp::spawn().await;
    let response = subscribe(&app, "  Ana.Silva@Example.COM ", "pt", "footer").await;
    assert_eq!(response.status(), 202);
    let first_answer = response.text().await.unwrap();
    let message = json!({ "message": "Confira seu e-mail para confirmar sua inscrição." });
    assert_eq!(serde_json::from_str::<Value>(&first_answer).unwrap(), message);
    let email = "ana.silva@example.com";
    assert_eq!(status_of(&app, email).await, "pending");
    assert_eq!(app.fetch_one_text("SELECT source FROM newsletter_subscriptions").await, "footer");

    let mails = newsletter_mails(&app).await;
    assert_eq!(mails.len(), 1);
    assert_eq!((mails[0]["to"].as_str(), mails[0]["lang"].as_str()), (Some(email), Some("pt")));
    let (confirm, mailed_unsubscribe) = (confirm_token(&mails[0], "/pt"), unsubscribe_token(&mails[0], "/pt"));
    assert!(mails[0]["html"].as_str().unwrap().contains(&format!("href=\"http://rumbo.localhost/pt/newsletter/confirm?token={confirm}\"")));

    // Confirming works, and again with the same still-valid link too.
    let (status, body) = answer(post_token(&app, CONFIRM, &confirm).await).await;
    assert_eq!((status, &body["status"], &body["language"]), (200, &json!("confirmed"), &json!("pt")), "{body}");
    let page_unsubscribe = body["unsubscribe_token"].as_str().expect("an unsubscribe token for the page").to_owned();
    assert_eq!(answer(post_token(&app, CONFIRM, &confirm).await).await.0, 200);
    assert_eq!(status_of(&app, email).await, "confirmed");

    // A confirmed address gets nothing new, and the answer does not tell.
    let again = subscribe(&app, email, "pt", "hero").await;
    assert_eq!((again.status().as_u16(), again.text().await.unwrap()), (202, first_answer.clone()));
    assert_eq!(newsletter_mails(&app).await.len(), 1);

    // Unsubscribe (idempotent) with the token the confirm page got.
    for _ in 0..2 {
        let (status, body) = answer(post_token(&app, UNSUBSCRIBE, &page_unsubscribe).await).await;
        assert_eq!((status, body), (200, json!({ "status": "unsubscribed", "language": "pt" })));
    }
    assert_eq!(status_of(&app, email).await, "unsubscribed");
    // The old confirmation link died with the unsubscribe.
    let (status, body) = answer(post_token(&app, CONFIRM, &confirm).await).await;
    assert_eq!((status, &body["error_code"]), (400, &json!("invalid_token")));
    assert_eq!(status_of(&app, email).await, "unsubscribed");

    // The unsubscribe page's "subscribe again" (the mailed token proves ownership).
    let (status, body) = answer(post_token(&app, RESUBSCRIBE, &mailed_unsubscribe).await).await;
    assert_eq!((status, body), (200, json!({ "status": "confirmed", "language": "pt" })));
    assert_eq!(status_of(&app, email).await, "confirmed");

    // Unsubscribed, then the form again: pending with a new mail (in the new language) and a new link.
    assert_eq!(answer(post_token(&app, UNSUBSCRIBE, &mailed_unsubscribe).await).await.0, 200);
    let restarted = subscribe(&app, email, "es", "hero").await;
    assert_eq!(restarted.status(), 202);
    assert_eq!(status_of(&app, email).await, "pending");
    let mails = newsletter_mails(&app).await;
    assert_eq!(mails.len(), 2);
    assert_eq!(mails[1]["lang"], "es");
    let new_confirm = confirm_token(&mails[1], "/es");
    assert_ne!(new_confirm, confirm);
    let (status, body) = answer(post_token(&app, CONFIRM, &new_confirm).await).await;
    assert_eq!((status, &body["language"]), (200, &json!("es")));
    assert_eq!(status_of(&app, email).await, "confirmed");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions").await, 1);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn duplicate_and_concurrent_subscribes_leave_one_row_and_one_mail() {
    let app = TestApp::spawn_with(&["--newsletter-rate-limit-ip", "1000", "--newsletter-rate-limit-email", "1000"]).await;
    let spellings = ["leo@example.com", "Leo@Example.com", " LEO@EXAMPLE.COM ", "leo@EXAMPLE.com"];
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let request =
                app.client.post(app.url(SUBSCRIBE)).json(&json!({ "email": spellings[i % 4], "language": "en", "source": "hero" }));
            tokio::spawn(async move { request.send().await.expect("request sent").status().as_u16() })
        })
        .collect();
    let mut statuses = Vec::new();
    for task in tasks {
        statuses.push(task.await.unwrap());
    }
    assert_eq!(statuses, vec![202; 20]);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions").await, 1);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions WHERE email = 'leo@example.com'").await, 1);
    assert_eq!(newsletter_mails(&app).await.len(), 1, "one confirmation mail, not one per request");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_tokens WHERE purpose = 'confirm'").await, 1);

    // And sequentially, a duplicate within the resend interval changes nothing.
    assert_eq!(subscribe(&app, "leo@example.com", "en", "footer").await.status(), 202);
    assert_eq!(newsletter_mails(&app).await.len(), 1);

    // An existing row raced for: 20 concurrent re-subscribes of the unsubscribed address restart it once.
    let unsubscribe = unsubscribe_token(&newsletter_mails(&app).await[0], "");
    assert_eq!(post_token(&app, UNSUBSCRIBE, &unsubscribe).await.status(), 200);
    let tasks: Vec<_> = (0..20)
        .map(|i| {
            let request =
                app.client.post(app.url(SUBSCRIBE)).json(&json!({ "email": spellings[i % 4], "language": "pt", "source": "footer" }));
            tokio::spawn(async move { request.send().await.expect("request sent").status().as_u16() })
        })
        .collect();
    for task in tasks {
        assert_eq!(task.await.unwrap(), 202);
    }
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions").await, 1);
    assert_eq!(status_of(&app, "leo@example.com").await, "pending");
    assert_eq!(newsletter_mails(&app).await.len(), 2, "one new confirmation mail for the restart");
}

#[tokio::test]
async fn a_pending_address_gets_at_most_one_mail_per_resend_interval() {
    let app = TestApp::spawn().await;
    assert_eq!(subscribe(&app, "eva@example.com", "en", "footer").await.status(), 202);
    assert_eq!(subscribe(&app, "eva@example.com", "en", "footer").await.status(), 202);
    assert_eq!(newsletter_mails(&app).await.len(), 1, "no second mail within the interval");
    // The interval (600 s) passes in the database rather than on the clock.
    let long_ago = rumbo::platform::db::now_unix() - 601;
    crate::auth::execute(&app, &format!("UPDATE newsletter_subscriptions SET last_sent_at = {long_ago}")).await;
    assert_eq!(subscribe(&app, "eva@example.com", "es", "hero").await.status(), 202);
    let mails = newsletter_mails(&app).await;
    assert_eq!(mails.len(), 2, "a new mail once the interval passed");
    assert_eq!(mails[1]["lang"], "es");
    // Both links work while they are valid.
    assert_eq!(answer(post_token(&app, CONFIRM, &confirm_token(&mails[0], "")).await).await.0, 200);
    assert_eq!(answer(post_token(&app, CONFIRM, &confirm_token(&mails[1], "/es")).await).await.0, 200);
}

#[tokio::test]
async fn an_expired_confirmation_link_is_refused() {
    // Links last a minute here, less than the resend interval. The first one is aged in the
    // database rather than waited for, so the fresh link made later cannot expire too while a
    // loaded machine runs the test.
    let app = TestApp::spawn_with(&["--newsletter-confirm-ttl-secs", "60"]).await;
    subscribe(&app, "max@example.com", "en", "footer").await;
    let token = confirm_token(&newsletter_mails(&app).await[0], "");
    let now = rumbo::platform::db::now_unix();
    crate::auth::execute(&app, &format!("UPDATE newsletter_tokens SET expires_at = {} WHERE purpose = 'confirm'", now - 1)).await;
    crate::auth::execute(&app, &format!("UPDATE newsletter_subscriptions SET last_sent_at = {}", now - 61)).await;
    let (status, body) = answer(post_token(&app, CONFIRM, &token).await).await;
    assert_eq!((status, &body["error_code"]), (410, &json!("token_expired")), "{body}");
    assert_eq!(status_of(&app, "max@example.com").await, "pending");

    // Subscribing again mails a fresh link that works; the expired one is swept.
    subscribe(&app, "max@example.com", "en", "footer").await;
    let mails = newsletter_mails(&app).await;
    assert_eq!(mails.len(), 2, "the resend interval does not hold back a pending address whose link expired");
    assert_eq!(answer(post_token(&app, CONFIRM, &confirm_token(&mails[1], "")).await).await.0, 200);
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_tokens WHERE purpose = 'confirm'").await, 1);
}

#[tokio::test]
async fn tokens_are_stored_hashed_and_only_work_for_their_purpose() {
    let app = TestApp::spawn().await;
    subscribe(&app, "zoe@example.com", "en", "home").await;
    let mail = &newsletter_mails(&app).await[0];
    let (confirm, unsubscribe) = (confirm_token(mail, ""), unsubscribe_token(mail, ""));
    assert_eq!((confirm.len(), unsubscribe.len()), (43, 43));
    let stored: Vec<(String, String, Option<i64>)> = {
        let db = open(&app).await;
        sqlx::query_as("SELECT token_hash, purpose, expires_at FROM newsletter_tokens ORDER BY purpose").fetch_all(&db.pool).await.unwrap()
    };
    let sha = |token: &str| Sha256::digest(token.as_bytes()).iter().map(|b| format!("{b:02x}")).collect::<String>();
    assert_eq!(stored.len(), 2);
    assert_eq!((stored[0].0.as_str(), stored[0].1.as_str()), (sha(&confirm).as_str(), "confirm"));
    assert!(stored[0].2.is_some(), "confirm tokens expire");
    assert_eq!((stored[1].0.as_str(), stored[1].1.as_str(), stored[1].2), (sha(&unsubscribe).as_str(), "unsubscribe", None));

    let refused = |path: &'static str, token: String| {
        let app = &app;
        async move {
            let (status, body) = answer(post_token(app, path, &token).await).await;
            assert_eq!((status, &body["error_code"]), (400, &json!("invalid_token")), "{path} {token}");
        }
    };
    refused(CONFIRM, unsubscribe.clone()).await;
    refused(UNSUBSCRIBE, confirm.clone()).await;
    refused(RESUBSCRIBE, confirm.clone()).await;
    refused(CONFIRM, "x".repeat(43)).await;
    refused(CONFIRM, "not a token".into()).await;
    refused(UNSUBSCRIBE, sha(&unsubscribe)).await;
    assert_eq!(status_of(&app, "zoe@example.com").await, "pending");
    let (status, body) = answer(app.client.post(app.url(UNSUBSCRIBE)).send().await.unwrap()).await;
    assert_eq!((status, &body["error_code"]), (400, &json!("invalid_token")), "no token at all");
}

#[tokio::test]
async fn the_mail_reaches_smtp_with_one_click_unsubscribe_headers_that_work() {
    let sink = SmtpSink::start().await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-from", "Rumbo <hola@rumbo.test>"]).await;
    assert_eq!(subscribe(&app, "lucia@example.com", "es", "hero").await.status(), 202);

    let received = sink.wait_for(1, 10).await;
    assert_eq!(received.len(), 1);
    let mail = &received[0];
    assert_eq!(mail.rcpt_to, ["TO:<lucia@example.com>"]);
    assert_eq!(mail.header("subject").unwrap(), "Confirma tu suscripción al boletín de Rumbo");
    assert_eq!(mail.header("content-language").as_deref(), Some("es"));
    assert_eq!(mail.header("list-unsubscribe-post").as_deref(), Some("List-Unsubscribe=One-Click"));
    let list_unsubscribe = mail.header("list-unsubscribe").expect("a List-Unsubscribe header");
    let one_click = list_unsubscribe.strip_prefix('<').and_then(|h| h.strip_suffix('>')).expect("<url>").to_owned();
    let token = token_after(&one_click, "http://rumbo.localhost/api/v1/newsletter/unsubscribe?token=");
    assert_eq!(token.len(), 43, "{one_click}");

    let text = mail.part("text/plain").expect("a text part");
    let html = mail.part("text/html").expect("an HTML part");
    for part in [&text, &html] {
        assert!(part.contains("http://rumbo.localhost/es/newsletter/confirm?token="), "{part}");
        assert!(part.contains(&format!("http://rumbo.localhost/es/newsletter/unsubscribe?token={token}")), "{part}");
    }
    assert!(html.contains("<html lang=\"es\">") && html.contains("Confirmar mi suscripción"));

    // What a mail provider does for RFC 8058 one-click: POST the form to the header's URL.
    let response = app
        .client
        .post(one_click.replace("http://rumbo.localhost", &app.address))
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    let (status, body) = answer(response).await;
    assert_eq!((status, body), (200, json!({ "status": "unsubscribed", "language": "es" })));
    assert_eq!(status_of(&app, "lucia@example.com").await, "unsubscribed");
    // A GET (a link scanner following the URL) changes nothing.
    assert_eq!(app.get(&format!("{UNSUBSCRIBE}?token={token}")).await.status(), 405);
}

#[tokio::test]
async fn invalid_input_gets_a_400_with_its_code() {
    let app = TestApp::spawn().await;
    for (body, code) in [
        (json!({ "email": "nope", "language": "en", "source": "footer" }), "invalid_email"),
        (json!({ "email": "ana@", "language": "en", "source": "footer" }), "invalid_email"),
        (json!({ "language": "en", "source": "footer" }), "invalid_email"),
        (json!({ "email": "ana@example.com", "language": "fr", "source": "footer" }), "invalid_language"),
        (json!({ "email": "ana@example.com", "source": "footer" }), "invalid_language"),
        (json!({ "email": "ana@example.com", "language": "en", "source": "Footer!" }), "invalid_source"),
        (json!({ "email": "ana@example.com", "language": "en", "source": "x".repeat(33) }), "invalid_source"),
        (json!(["ana@example.com"]), "invalid_body"),
    ] {
        let (status, answer) = answer(app.post_json(SUBSCRIBE, &body).await).await;
        assert_eq!((status, &answer["error_code"]), (400, &json!(code)), "{body}");
        assert!(answer["message"].is_string());
    }
    let response = app.client.post(app.url(SUBSCRIBE)).header("content-type", "application/json").body("{not json").send().await.unwrap();
    assert_eq!(answer(response).await.1["error_code"], "invalid_body");
    let huge = json!({ "email": "ana@example.com", "language": "en", "source": "footer", "pad": "x".repeat(10_000) });
    assert_eq!(
        answer(app.post_json(SUBSCRIBE, &huge).await).await,
        (413, json!({ "error_code": "payload_too_large", "message": "The request body is too large." }))
    );
    let not_json = app.client.post(app.url(CONFIRM)).header("content-type", "application/json").body("[]").send().await.unwrap();
    assert_eq!(answer(not_json).await.1["error_code"], "invalid_body");
    // JSON sent as text/plain (what a cross-site form or a no-preflight fetch sends) is refused.
    let plain = json!({ "email": "ana@example.com", "language": "en", "source": "footer" }).to_string();
    let refused = app.client.post(app.url(SUBSCRIBE)).header("content-type", "text/plain").body(plain).send().await.unwrap();
    assert_eq!(
        answer(refused).await,
        (415, json!({ "error_code": "unsupported_media_type", "message": "The body must be sent as application/json." }))
    );
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions").await, 0);
}

#[tokio::test]
async fn subscribes_are_rate_limited_per_ip_and_per_address() {
    let app = TestApp::spawn_with(&["--newsletter-rate-limit-ip", "3", "--newsletter-rate-limit-email", "100"]).await;
    for i in 0..3 {
        assert_eq!(subscribe(&app, &format!("ip{i}@example.com"), "en", "footer").await.status(), 202);
    }
    let refused = subscribe(&app, "ip3@example.com", "en", "footer").await;
    assert_eq!(refused.status(), 429);
    let retry: u64 = refused.headers()["retry-after"].to_str().unwrap().parse().unwrap();
    assert!(retry > 0 && retry <= 600, "{retry}");
    assert_eq!(answer(refused).await.1["error_code"], "rate_limited");
    assert_eq!(count(&app, "SELECT COUNT(*) FROM newsletter_subscriptions").await, 3);

    let app = TestApp::spawn_with(&["--newsletter-rate-limit-email", "2"]).await;
    assert_eq!(subscribe(&app, "same@example.com", "en", "footer").await.status(), 202);
    assert_eq!(subscribe(&app, "Same@Example.com", "en", "hero").await.status(), 202);
    let refused = subscribe(&app, "same@example.com", "en", "footer").await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
    assert_eq!(subscribe(&app, "other@example.com", "en", "footer").await.status(), 202, "other addresses are not held up");

    let app = TestApp::spawn_with(&["--newsletter-rate-limit-token", "2"]).await;
    for _ in 0..2 {
        assert_eq!(post_token(&app, CONFIRM, &"a".repeat(43)).await.status(), 400);
    }
    let refused = post_token(&app, CONFIRM, &"a".repeat(43)).await;
    assert_eq!(refused.status(), 429);
    assert!(refused.headers().contains_key("retry-after"));
}
