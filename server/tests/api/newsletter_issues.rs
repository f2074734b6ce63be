//! Newsletter issues (issue 15, docs/decisions/018): written per language, previewed, tested,
//! sent once to each confirmed subscriber of that language — through interrupted and
//! concurrent sends — with a one-click unsubscribe of its own, figures and a public archive.

use std::collections::HashMap;
use std::sync::Arc;

use serde_json::{json, Value};
use tokio::task::JoinSet;

use crate::auth::access_token;
use crate::helpers::TestApp;
use crate::staff::member;

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: &str, body: Option<&Value>) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path)).bearer_auth(token);
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

/// `n` subscribers of `lang` in `status`, straight into the table.
async fn subscribers(app: &TestApp, lang: &str, status: &str, n: usize) {
    let mut tx = app.state.db.pool.begin().await.unwrap();
    for i in 0..n {
        sqlx::query(
            "INSERT INTO newsletter_subscriptions (id, email, lang, source, status, confirmed_at, created_at, updated_at) \
             VALUES ($1, $2, $3, 'footer', $4, 1, 1, 1)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(format!("{status}.{lang}.{i}@example.com"))
        .bind(lang)
        .bind(status)
        .execute(&mut *tx)
        .await
        .unwrap();
    }
    tx.commit().await.unwrap();
}

/// (recipient, List-Unsubscribe) of every queued copy of an issue.
async fn copies(app: &TestApp) -> Vec<(String, String)> {
    let rows: Vec<(String, String)> =
        sqlx::query_as("SELECT recipient, headers FROM mail_outbox WHERE kind = 'newsletter_issue' AND subject NOT LIKE '[TEST]%'")
            .fetch_all(&app.state.db.pool)
            .await
            .unwrap();
    rows.into_iter()
        .map(|(to, headers)| {
            let headers: Value = serde_json::from_str(&headers).unwrap();
            (to, headers["List-Unsubscribe"].as_str().unwrap_or_default().to_owned())
        })
        .collect()
}

#[tokio::test]
async fn an_issue_reaches_each_confirmed_subscriber_of_its_language_once() {
    use reqwest::Method;
    let app = Arc::new(TestApp::spawn_with(&["--auth-autoconfirm", "true", "--newsletter-send-per-minute", "1200"]).await);
    let (admin_email, session) = member(&app, Some("admin")).await;
    let token = access_token(&session).to_owned();
    subscribers(&app, "pt", "confirmed", 400).await;
    subscribers(&app, "es", "confirmed", 30).await;
    subscribers(&app, "pt", "unsubscribed", 20).await;
    subscribers(&app, "pt", "pending", 10).await;

    let draft = json!({"lang": "pt", "subject": "Praias do Sul", "preheader": "Florianópolis e além", "body_markdown": "Olá! Leia [o guia](/pt/blog/x).", "public": true});
    let (status, refused) = call(
        &app,
        Method::POST,
        "/api/v1/staff/newsletter/issues",
        &token,
        Some(&json!({"lang": "de", "subject": "", "body_markdown": ""})),
    )
    .await;
    assert_eq!(
        (status, refused["fields"]["lang"].as_str(), refused["fields"]["subject"].as_str()),
        (400, Some("invalid_language"), Some("required"))
    );
    let (status, issue) = call(&app, Method::POST, "/api/v1/staff/newsletter/issues", &token, Some(&draft)).await;
    assert_eq!((status, issue["status"].as_str()), (201, Some("draft")), "{issue}");
    let id = issue["id"].as_str().unwrap().to_owned();

    let (status, preview) = call(&app, Method::POST, "/api/v1/staff/newsletter/preview", &token, Some(&draft)).await;
    assert_eq!(status, 200);
    let html = preview["html"].as_str().unwrap();
    assert!(
        html.contains("lang=\"pt\"") && html.contains("Cancelar a inscrição") && html.contains("href=\"http://rumbo.localhost/pt/blog/x\""),
        "{html}"
    );

    let (status, test) = call(&app, Method::POST, &format!("/api/v1/staff/newsletter/issues/{id}/test"), &token, None).await;
    assert_eq!((status, test["to"].as_str()), (202, Some(admin_email.as_str())));

    let (status, scheduled) =
        call(&app, Method::POST, &format!("/api/v1/staff/newsletter/issues/{id}/send"), &token, Some(&json!({}))).await;
    assert_eq!((status, scheduled["status"].as_str()), (200, Some("scheduled")), "{scheduled}");
    let (status, locked) = call(&app, Method::PUT, &format!("/api/v1/staff/newsletter/issues/{id}"), &token, Some(&draft)).await;
    assert_eq!(status, 200, "a scheduled issue can still change: {locked}");
    // Someone leaves after it was scheduled: they get nothing.
    sqlx::query(
        "UPDATE newsletter_subscriptions SET status = 'unsubscribed', unsubscribed_at = 2 WHERE email = 'confirmed.pt.0@example.com'",
    )
    .execute(&app.state.db.pool)
    .await
    .unwrap();

    // A tick queues at most its share of the rate (1,200 a minute: 40 per 2-second tick).
    let now = rumbo::platform::db::now_unix();
    let first = rumbo::newsletter::issues::send::tick(&app.state, now).await.unwrap();
    assert!(first <= 40, "{first}");
    // Then several senders at once (as instances, or a restart resuming), until it is sent.
    for _ in 0..40 {
        let mut senders = JoinSet::new();
        for _ in 0..3 {
            let app = app.clone();
            senders.spawn(async move { rumbo::newsletter::issues::send::tick(&app.state, now).await.unwrap() });
        }
        while senders.join_next().await.is_some() {}
        let (_, now_issue) = call(&app, Method::GET, &format!("/api/v1/staff/newsletter/issues/{id}"), &token, None).await;
        if now_issue["status"] == "sent" {
            break;
        }
    }
    let copies = copies(&app).await;
    let mut per_recipient: HashMap<&str, usize> = HashMap::new();
    for (to, _) in &copies {
        *per_recipient.entry(to.as_str()).or_default() += 1;
    }
    assert_eq!(per_recipient.len(), 399, "every confirmed Portuguese subscriber but the one who left");
    assert!(per_recipient.values().all(|n| *n == 1), "nobody twice");
    assert!(per_recipient.keys().all(|to| to.starts_with("confirmed.pt.") && *to != "confirmed.pt.0@example.com"));
    let unsubscribe_links: std::collections::HashSet<&str> = copies.iter().map(|(_, link)| link.as_str()).collect();
    assert_eq!(unsubscribe_links.len(), 399, "each copy has its own unsubscribe link");
    let (_, sent) = call(&app, Method::GET, &format!("/api/v1/staff/newsletter/issues/{id}"), &token, None).await;
    assert_eq!((sent["status"].as_str(), sent["figures"]["recipients"].as_i64()), (Some("sent"), Some(399)), "{sent}");

    // One-click unsubscribe from a copy: that subscription ends and counts in the figures.
    let link = copies[0].1.trim_matches(|c| c == '<' || c == '>').replace("http://rumbo.localhost", &app.address);
    let response = app
        .client
        .post(link)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("List-Unsubscribe=One-Click")
        .send()
        .await
        .unwrap();
    assert!(response.status().is_success(), "{}", response.status());
    let (_, after) = call(&app, Method::GET, &format!("/api/v1/staff/newsletter/issues/{id}"), &token, None).await;
    assert_eq!(after["figures"]["unsubscribes_7d"], 1, "{after}");

    // The public archive: Portuguese only.
    let archive: Value = app.get("/api/v1/newsletter/archive?lang=pt").await.json().await.unwrap();
    let slug = archive["items"][0]["slug"].as_str().unwrap().to_owned();
    assert_eq!(archive["items"][0]["subject"], "Praias do Sul");
    let one: Value = app.get(&format!("/api/v1/newsletter/archive/{slug}?lang=pt")).await.json().await.unwrap();
    assert!(one["html"].as_str().unwrap().contains("Olá!"), "{one}");
    assert_eq!(app.get(&format!("/api/v1/newsletter/archive/{slug}?lang=es")).await.status().as_u16(), 404);
    let spanish: Value = app.get("/api/v1/newsletter/archive?lang=es").await.json().await.unwrap();
    assert_eq!(spanish["items"], json!([]));
    // The same, server-rendered for crawlers: the list and the issue's own page.
    let page = app.get("/pt/newsletter").await;
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.unwrap();
    assert!(html.contains("Praias do Sul") && html.contains(&format!("href=\"/pt/newsletter/{slug}\"")), "{html}");
    let page = app.get(&format!("/pt/newsletter/{slug}")).await;
    assert_eq!(page.status().as_u16(), 200);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("<title>Praias do Sul | Rumbo</title>") && html.contains("\"@type\":\"Article\"") && html.contains("Olá!"),
        "{html}"
    );
    assert_eq!(app.get(&format!("/es/newsletter/{slug}")).await.status().as_u16(), 404);
    assert!(!app.get("/es/newsletter").await.text().await.unwrap().contains("Praias do Sul"));
    let (status, done) = call(&app, Method::PUT, &format!("/api/v1/staff/newsletter/issues/{id}"), &token, Some(&draft)).await;
    assert_eq!((status, done["error_code"].as_str()), (409, Some("issue_not_editable")));
}
