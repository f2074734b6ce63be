//! The account page's API: devices, the data download, and deleting the account, which must
//! leave nothing personal behind (checked by reading every text column of every table).

use serde_json::{json, Value};

use crate::auth::{access_token, sign_in, sign_up, unique_email, PASSWORD};
use crate::helpers::TestApp;
use crate::store;

async fn app() -> TestApp {
    TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await
}

async fn signed_up(app: &TestApp, who: &str) -> (String, Value) {
    let email = unique_email(who);
    let response = app
        .post_json(
            "/auth/v1/signup",
            &json!({ "email": email, "password": PASSWORD, "data": { "first_name": "Zuleica", "last_name": "Marchetti" } }),
        )
        .await;
    (email, response.json().await.unwrap())
}

#[tokio::test]
async fn devices_are_listed_and_signed_out_one_by_one() {
    let app = app().await;
    let (email, here) = signed_up(&app, "ana").await;
    let there: Value = sign_in(&app, &email, PASSWORD).await.json().await.unwrap();
    let token = access_token(&here).to_owned();
    let listed: Value = app.client.get(app.url("/api/v1/account/sessions")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    let sessions = listed["sessions"].as_array().unwrap();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    let other = sessions.iter().find(|s| s["current"] == false).unwrap()["id"].as_str().unwrap().to_owned();
    let ended = app.client.delete(app.url(&format!("/api/v1/account/sessions/{other}"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(ended.status(), 204);
    let refused = app.client.get(app.url("/auth/v1/user")).bearer_auth(access_token(&there)).send().await.unwrap();
    assert_eq!(refused.status(), 403, "the signed-out device's token is refused");
    let again = app.client.delete(app.url(&format!("/api/v1/account/sessions/{other}"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(again.status(), 404);
    let (_, stranger) = signed_up(&app, "bruno").await;
    let mine = sessions.iter().find(|s| s["current"] == true).unwrap()["id"].as_str().unwrap();
    let theirs =
        app.client.delete(app.url(&format!("/api/v1/account/sessions/{mine}"))).bearer_auth(access_token(&stranger)).send().await.unwrap();
    assert_eq!(theirs.status(), 404, "another account's session is not found");
    assert_eq!(app.client.get(app.url("/api/v1/account/sessions")).send().await.unwrap().status(), 401);
}

#[tokio::test]
async fn the_download_holds_the_persons_data_and_no_secret() {
    let app = app().await;
    let (email, session) = signed_up(&app, "ana").await;
    let token = access_token(&session).to_owned();
    app.post_json("/api/v1/newsletter/subscriptions", &json!({ "email": email, "language": "es", "source": "footer" })).await;
    let response = app.client.get(app.url("/api/v1/account/export")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.status(), 200);
    assert!(response.headers()["content-disposition"].to_str().unwrap().starts_with("attachment; filename=\"rumbo-my-data-"));
    let body = response.text().await.unwrap();
    let data: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(data["account"]["email"], email);
    assert_eq!(data["profile"]["first_name"], "Zuleica");
    assert_eq!(data["identities"][0]["provider"], "email");
    assert_eq!(data["sessions"][0]["current"], true);
    assert_eq!(data["two_factor"]["factors"], json!([]));
    assert!(data["consultations"].is_array() && data["orders"].is_array());
    for secret in ["encrypted_password", "refresh_token", "$argon2", access_token(&session)] {
        assert!(!body.contains(secret), "{secret} must not be exported");
    }
}

/// Every text value in the database, as `table.column: value` lines.
async fn database_text(app: &TestApp) -> String {
    let db = rumbo::platform::db::Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    let postgres = app.database_url().starts_with("postgres");
    let tables: Vec<(String,)> = if postgres {
        sqlx::query_as(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
        )
        .fetch_all(&db.pool)
        .await
        .unwrap()
    } else {
        sqlx::query_as("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            .fetch_all(&db.pool)
            .await
            .unwrap()
    };
    let mut out = String::new();
    for (table,) in tables {
        let columns: Vec<(String,)> = if postgres {
            sqlx::query_as(
                "SELECT column_name::text FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1",
            )
            .bind(&table)
            .fetch_all(&db.pool)
            .await
            .unwrap()
        } else {
            sqlx::query_as("SELECT name FROM pragma_table_info($1)").bind(&table).fetch_all(&db.pool).await.unwrap()
        };
        for (column,) in columns {
            // Binary columns (SQLite BLOBs: the mail attachments) hold no text to look for.
            let not_binary = if postgres { String::new() } else { format!(" WHERE typeof(\"{column}\") <> 'blob'") };
            let sql = format!("SELECT CAST(\"{column}\" AS TEXT) FROM \"{table}\"{not_binary}");
            let values: Vec<(Option<String>,)> = sqlx::query_as(&sql).fetch_all(&db.pool).await.unwrap();
            for (value,) in values.into_iter().flat_map(|(v,)| v).map(|v| (v,)) {
                out.push_str(&format!("{table}.{column}: {}\n", value.replace('\n', " ")));
            }
        }
    }
    db.pool.close().await;
    out
}

#[tokio::test]
async fn deleting_the_account_leaves_nothing_personal() {
    let app = app().await;
    let (email, session) = signed_up(&app, "zuleica").await;
    let token = access_token(&session).to_owned();
    let user_id = session["user"]["id"].as_str().unwrap().to_owned();
    app.post_json("/api/v1/newsletter/subscriptions", &json!({ "email": email, "language": "pt", "source": "footer" })).await;
    let cart = store::cart_with(&app, store::ORGANIZER, 1).await;
    let mut body = store::order_body(&cart, &email);
    body["shipping"]["name"] = json!("Zuleica Marchetti");
    let (status, order) = store::place(&app, &body, None).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(store::pay(&app, &order, "4242424242424242").await.0, 200);
    assert!(database_text(&app).await.contains(&email), "the probe finds the address before");

    let delete = |body: Value| {
        let (app, token) = (&app, token.clone());
        async move { app.client.delete(app.url("/api/v1/account")).bearer_auth(token).json(&body).send().await.unwrap() }
    };
    let unconfirmed = delete(json!({})).await;
    assert_eq!(unconfirmed.status(), 403);
    assert_eq!(unconfirmed.json::<Value>().await.unwrap()["error_code"], "reauthentication_needed");
    let wrong = delete(json!({ "password": "not-my-password" })).await;
    assert_eq!(wrong.status(), 422);
    assert_eq!(delete(json!({ "password": PASSWORD, "lang": "pt" })).await.status(), 204);

    let mails = app.mailbox().await;
    let farewell = mails.iter().find(|m| m["kind"] == "account_deleted").expect("a confirmation mail");
    assert_eq!((farewell["to"].as_str(), farewell["lang"].as_str()), (Some(email.as_str()), Some("pt")));
    let left = database_text(&app).await;
    let personal: Vec<&str> = left
        .lines()
        .filter(|line| line.contains(&email) || line.contains(&user_id) || line.contains("Zuleica") || line.contains("Marchetti"))
        .filter(|line| !line.starts_with("mail_outbox."))
        .collect();
    assert!(personal.is_empty(), "personal data left behind: {personal:#?}");
    let outbox: Vec<&str> = left.lines().filter(|l| l.starts_with("mail_outbox.kind:")).collect();
    assert_eq!(outbox, vec!["mail_outbox.kind: account_deleted"], "only the confirmation mail is kept, to be sent");
    let kept = app.fetch_one_text("SELECT CAST(total_cents AS TEXT) || ' ' || shipping_address FROM store_orders").await;
    assert!(kept.ends_with(r#" {"country":"PT"}"#), "the order keeps its amounts and country for the accounts: {kept}");
    assert_eq!(sign_in(&app, &email, PASSWORD).await.status(), 400);
    let again = sign_up(&app, &email).await;
    assert!(again["access_token"].is_string(), "the address is free again");
}

#[tokio::test]
async fn the_newsletter_switch_confirms_the_accounts_own_address_at_once() {
    let app = app().await;
    let (email, session) = signed_up(&app, "ana").await;
    let token = access_token(&session).to_owned();
    let put = |body: Value| {
        let (app, token) = (&app, token.clone());
        async move { app.client.put(app.url("/api/v1/account/newsletter")).bearer_auth(token).json(&body).send().await.unwrap() }
    };
    let before: Value =
        app.client.get(app.url("/api/v1/account/newsletter")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    assert_eq!(before, json!({ "subscribed": false, "language": null }));
    let on: Value = put(json!({ "subscribed": true, "language": "es" })).await.json().await.unwrap();
    assert_eq!(on, json!({ "subscribed": true, "language": "es" }));
    let status = app.fetch_one_text(&format!("SELECT status FROM newsletter_subscriptions WHERE email = '{email}'")).await;
    assert_eq!(status, "confirmed", "no second confirmation for a proven address");
    assert!(app.mailbox().await.iter().all(|m| m["kind"] != "newsletter_confirm"));
    let off: Value = put(json!({ "subscribed": false })).await.json().await.unwrap();
    assert_eq!(off, json!({ "subscribed": false, "language": "es" }));
    assert_eq!(put(json!({ "subscribed": true, "language": "fr" })).await.status(), 400);
}
