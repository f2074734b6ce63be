//! The owners' console over HTTP (issue 15, docs/decisions/018): orders, shipping, refunds
//! (arithmetic, idempotency, concurrency), stock adjustments racing checkouts, discounts, the
//! CSV exports, users and the dashboard — admins only. On SQLite and PostgreSQL.

use std::sync::Arc;

use serde_json::{json, Value};
use tokio::task::JoinSet;

use super::{cart_with, order_body, pay, place, send, stock_of, ORGANIZER, RIGHTS_GUIDE};
use crate::auth::access_token;
use crate::helpers::TestApp;
use crate::staff::member;

async fn console_app() -> TestApp {
    TestApp::spawn_with(&[
        "--auth-autoconfirm",
        "true",
        "--store-orders-per-ip-hour",
        "100000",
        "--store-writes-per-ip-hour",
        "100000",
        "--store-sweep-secs",
        "1",
    ])
    .await
}

/// A signed-in admin's bearer token.
async fn admin(app: &TestApp) -> String {
    let (_, session) = member(app, Some("admin")).await;
    access_token(&session).to_owned()
}

async fn call(app: &TestApp, method: reqwest::Method, path: &str, token: &str, body: Option<&Value>, key: Option<&str>) -> (u16, Value) {
    let bearer = format!("Bearer {token}");
    let mut headers = vec![("authorization", bearer.as_str())];
    if let Some(key) = key {
        headers.push(("idempotency-key", key));
    }
    send(app, method, path, body, &headers).await
}

/// A paid order of `quantity` organizers (physical) and one guide (digital).
async fn paid_order(app: &TestApp, email: &str, quantity: i64) -> Value {
    let token = cart_with(app, ORGANIZER, quantity).await;
    super::set_line(app, &token, RIGHTS_GUIDE, 1).await;
    let (status, order) = place(app, &order_body(&token, email), None).await;
    assert_eq!(status, 201, "{order}");
    let (status, paid) = pay(app, &order, "4242424242424242").await;
    assert_eq!(status, 200, "{paid}");
    order
}

fn refunds_path(order: &Value) -> String {
    format!("/api/v1/staff/orders/{}/refunds", order["id"].as_str().unwrap())
}

#[tokio::test]
async fn an_admin_finds_ships_and_refunds_an_order_never_beyond_what_was_paid() {
    use reqwest::Method;
    let app = console_app().await;
    let token = admin(&app).await;
    let (_, consultant) = member(&app, Some("consultant")).await;
    let stock_before = stock_of(&app, ORGANIZER).await;
    let order = paid_order(&app, "ship.console@example.com", 2).await;
    let id = order["id"].as_str().unwrap();

    for path in [
        "/api/v1/staff/orders",
        "/api/v1/staff/stock",
        "/api/v1/staff/discounts",
        "/api/v1/staff/dashboard",
        "/api/v1/staff/users",
        "/api/v1/staff/newsletter/issues",
    ] {
        let (status, body) = call(&app, Method::GET, path, access_token(&consultant), None, None).await;
        assert_eq!((status, body["error_code"].as_str()), (403, Some("not_admin")), "{path}");
    }

    let (status, list) = call(&app, Method::GET, "/api/v1/staff/orders?q=SHIP.CONSOLE&status=paid&kind=physical", &token, None, None).await;
    assert_eq!((status, list["total"].as_i64()), (200, Some(1)), "{list}");
    assert_eq!((list["items"][0]["id"].as_str(), list["items"][0]["kind"].as_str()), (Some(id), Some("mixed")));
    let (_, none) = call(&app, Method::GET, "/api/v1/staff/orders?q=ship.console&kind=digital", &token, None, None).await;
    assert_eq!(none["total"], 0, "the order has something to ship");
    let (status, bad) = call(&app, Method::GET, "/api/v1/staff/orders?from=yesterday", &token, None, None).await;
    assert_eq!((status, bad["fields"]["from"].as_str()), (400, Some("invalid_date")), "{bad}");

    let detail_path = format!("/api/v1/staff/orders/{id}");
    let (_, detail) = call(&app, Method::GET, &detail_path, &token, None, None).await;
    let total = detail["total_cents"].as_i64().unwrap();
    assert_eq!((detail["refundable_cents"].as_i64(), detail["lines"].as_array().map(Vec::len)), (Some(total), Some(2)), "{detail}");
    assert_eq!(detail["payments"][0]["status"], "succeeded");
    assert!(detail["timeline"].as_array().unwrap().iter().any(|e| e["event"] == "paid"), "{detail}");

    // Shipping mails the buyer in the order's language (pt).
    let ship = format!("/api/v1/staff/orders/{id}/ship");
    let (status, refused) = call(&app, Method::POST, &ship, &token, Some(&json!({"carrier": " ", "tracking_number": "X"})), None).await;
    assert_eq!((status, refused["fields"]["carrier"].as_str()), (400, Some("required")));
    let (status, shipped) =
        call(&app, Method::POST, &ship, &token, Some(&json!({"carrier": "CTT Expresso", "tracking_number": "EA123456789PT"})), None).await;
    assert_eq!(
        (status, shipped["status"].as_str(), shipped["tracking_number"].as_str()),
        (200, Some("fulfilled"), Some("EA123456789PT")),
        "{shipped}"
    );
    let (status, again) = call(&app, Method::POST, &ship, &token, Some(&json!({"carrier": "CTT", "tracking_number": "2"})), None).await;
    assert_eq!((status, again["error_code"].as_str()), (409, Some("not_shippable")));
    let mail = app
        .mailbox()
        .await
        .into_iter()
        .find(|m| m["to"] == "ship.console@example.com" && m["kind"] == "order_shipped")
        .expect("shipping mail");
    assert!(mail["subject"].as_str().unwrap().contains("a caminho") && mail["text"].as_str().unwrap().contains("EA123456789PT"));

    // One organizer back, restocked: its price, once, however often the request is repeated.
    let line = detail["lines"].as_array().unwrap().iter().find(|l| l["sku"] == ORGANIZER).unwrap().clone();
    let one = json!({"reason": "Arrived damaged", "restock": true, "lines": [{"position": line["position"], "quantity": 1}]});
    let (status, after) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&one), Some("refund-1")).await;
    let unit = line["unit_price_cents"].as_i64().unwrap();
    assert_eq!(
        (status, after["refunded_cents"].as_i64(), after["status"].as_str()),
        (200, Some(unit), Some("partially_refunded")),
        "{after}"
    );
    let (status, repeated) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&one), Some("refund-1")).await;
    assert_eq!((status, repeated["refunded_cents"].as_i64(), repeated["refunds"].as_array().map(Vec::len)), (200, Some(unit), Some(1)));
    assert_eq!(stock_of(&app, ORGANIZER).await, stock_before - 1, "one of the two units is back");
    let (status, reused) =
        call(&app, Method::POST, &refunds_path(&order), &token, Some(&json!({"reason": "x", "amount_cents": 100})), Some("refund-1")).await;
    assert_eq!((status, reused["error_code"].as_str()), (422, Some("idempotency_key_reused")));
    let (status, missing) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&one), None).await;
    assert_eq!((status, missing["error_code"].as_str()), (400, Some("invalid_idempotency_key")));
    let (status, no_reason) =
        call(&app, Method::POST, &refunds_path(&order), &token, Some(&json!({"reason": " ", "amount_cents": 100})), Some("r")).await;
    assert_eq!((status, no_reason["fields"]["reason"].as_str()), (400, Some("required")), "{no_reason}");
    let both = json!({"reason": "both units", "restock": false, "lines": [{"position": line["position"], "quantity": 2}]});
    let (status, too_many) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&both), Some("refund-2")).await;
    assert_eq!((status, too_many["error_code"].as_str()), (409, Some("refund_too_large")), "only one unit is left on that line");
    let (status, too_much) =
        call(&app, Method::POST, &refunds_path(&order), &token, Some(&json!({"reason": "x", "amount_cents": total})), Some("refund-3"))
            .await;
    assert_eq!((status, too_much["error_code"].as_str()), (409, Some("refund_too_large")));

    // The rest: everything left, once.
    let rest = json!({"reason": "Returned", "restock": true});
    let (status, refunded) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&rest), Some("refund-4")).await;
    assert_eq!(
        (status, refunded["refunded_cents"].as_i64(), refunded["refundable_cents"].as_i64(), refunded["status"].as_str()),
        (200, Some(total), Some(0), Some("refunded")),
        "{refunded}"
    );
    assert_eq!(refunded["payments"][0]["refunded_cents"].as_i64(), Some(total));
    assert_eq!(stock_of(&app, ORGANIZER).await, stock_before, "both units are back");
    let (status, nothing) = call(&app, Method::POST, &refunds_path(&order), &token, Some(&rest), Some("refund-5")).await;
    assert_eq!((status, nothing["error_code"].as_str()), (409, Some("refund_too_large")));
    let (_, audit) = call(&app, Method::GET, "/api/v1/staff/audit", &token, None, None).await;
    let actions: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions.iter().filter(|a| **a == "store.refund").count(), 2, "{actions:?}");
    assert!(actions.contains(&"store.order_ship"), "{actions:?}");

    // The accounting export: one line per order line, UTF-8, amounts in decimals.
    let today = &rumbo::platform::db::rfc3339(rumbo::platform::db::now_unix())[..10];
    let response =
        app.client.get(app.url(&format!("/api/v1/staff/orders/export?from={today}&to={today}"))).bearer_auth(&token).send().await.unwrap();
    assert_eq!(response.headers()["content-type"], "text/csv; charset=utf-8");
    let csv = response.text().await.unwrap();
    let number = order["number"].as_str().unwrap();
    let rows: Vec<&str> = csv.lines().filter(|l| l.starts_with(number)).collect();
    assert_eq!(rows.len(), 2, "{csv}");
    assert!(csv.starts_with("order_number,placed_at,paid_at,status,email"), "{csv}");
    assert!(
        rows.iter().any(|r| r.contains(ORGANIZER) && r.contains(",2,") && r.contains(&format!("{}.{:02}", unit / 100, unit % 100))),
        "{csv}"
    );
    let payouts = app
        .client
        .get(app.url(&format!("/api/v1/staff/payouts/export?from={today}&to={today}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(payouts.lines().any(|l| l.contains(id) && l.contains(",refunded,")), "{payouts}");
    // Without a range: this month so far.
    let default = app.client.get(app.url("/api/v1/staff/orders/export")).bearer_auth(&token).send().await.unwrap();
    assert_eq!(default.status().as_u16(), 200);
    assert!(default.text().await.unwrap().contains(number));
    let (status, bad) = call(&app, Method::GET, "/api/v1/staff/payouts/export?from=2026-13-01", &token, None, None).await;
    assert_eq!((status, bad["fields"]["from"].as_str()), (400, Some("invalid_date")));
}

#[tokio::test]
async fn concurrent_refunds_of_one_payment_never_give_back_more_than_was_paid() {
    let app = Arc::new(console_app().await);
    let token = admin(&app).await;
    let order = paid_order(&app, "race.refund@example.com", 1).await;
    let total = order["totals"]["total_cents"].as_i64().unwrap();
    let part = total / 3 + 1;
    let mut refunds = JoinSet::new();
    for i in 0..10 {
        let (app, token, path) = (app.clone(), token.clone(), refunds_path(&order));
        refunds.spawn(async move {
            let body = json!({"reason": format!("attempt {i}"), "amount_cents": part});
            call(&app, reqwest::Method::POST, &path, &token, Some(&body), Some(&format!("race-{i}"))).await.0
        });
    }
    let mut statuses = Vec::new();
    while let Some(status) = refunds.join_next().await {
        statuses.push(status.unwrap());
    }
    assert_eq!(statuses.iter().filter(|s| **s == 200).count(), 2, "{statuses:?}: two parts of a third fit, a third does not");
    assert!(statuses.iter().all(|s| *s == 200 || *s == 409), "{statuses:?}");
    let id = order["id"].as_str().unwrap();
    let refunded: i64 =
        app.fetch_one_text(&format!("SELECT CAST(refunded_cents AS TEXT) FROM store_orders WHERE id = '{id}'")).await.parse().unwrap();
    let paid_back: i64 = app
        .fetch_one_text(&format!(
            "SELECT CAST(COALESCE(SUM(amount_cents), 0) AS TEXT) FROM store_refunds WHERE order_id = '{id}' AND status = 'succeeded'"
        ))
        .await
        .parse()
        .unwrap();
    assert_eq!((refunded, paid_back), (2 * part, 2 * part));
    assert!(paid_back <= total);
}

#[tokio::test]
async fn stock_adjustments_racing_100_checkouts_never_go_below_zero() {
    let app = Arc::new(console_app().await);
    let token = admin(&app).await;
    let path = format!("/api/v1/staff/stock/{ORGANIZER}");
    let stock = stock_of(&app, ORGANIZER).await;
    let (status, set) =
        call(&app, reqwest::Method::POST, &path, &token, Some(&json!({"change": 60 - stock, "reason": "count"})), None).await;
    assert_eq!((status, set["stock"].as_i64()), (200, Some(60)), "{set}");
    let mut carts = Vec::new();
    for _ in 0..100 {
        carts.push(cart_with(&app, ORGANIZER, 1).await);
    }
    let mut tasks = JoinSet::new();
    for (i, cart) in carts.into_iter().enumerate() {
        let app = app.clone();
        tasks.spawn(async move { ("order", place(&app, &order_body(&cart, &format!("r{i}@example.com")), None).await.0) });
    }
    for _ in 0..20 {
        let (app, token, path) = (app.clone(), token.clone(), path.clone());
        tasks.spawn(async move {
            (
                "adjust",
                call(&app, reqwest::Method::POST, &path, &token, Some(&json!({"change": -1, "reason": "damaged in the warehouse"})), None)
                    .await
                    .0,
            )
        });
    }
    let (mut placed, mut removed) = (0, 0);
    while let Some(result) = tasks.join_next().await {
        match result.unwrap() {
            ("order", 201) => placed += 1,
            ("adjust", 200) => removed += 1,
            ("order", 409) | ("adjust", 409) => {}
            other => panic!("unexpected {other:?}"),
        }
    }
    let left = stock_of(&app, ORGANIZER).await;
    assert!(left >= 0);
    assert_eq!(placed + removed + left, 60, "placed {placed}, removed {removed}, left {left}: every unit accounted for once");
    assert_eq!(left, 0, "120 claims on 60 units use them all");
    let (status, refused) = call(&app, reqwest::Method::POST, &path, &token, Some(&json!({"change": -1, "reason": "x"})), None).await;
    assert_eq!((status, refused["error_code"].as_str()), (409, Some("stock_below_zero")));
    let (status, zero) = call(&app, reqwest::Method::POST, &path, &token, Some(&json!({"change": 0, "reason": ""})), None).await;
    assert_eq!((status, zero["fields"]["change"].as_str(), zero["fields"]["reason"].as_str()), (400, Some("invalid"), Some("required")));
    let (_, low) = call(&app, reqwest::Method::GET, "/api/v1/staff/stock?low=true", &token, None, None).await;
    assert!(low["items"].as_array().unwrap().iter().any(|i| i["sku"] == ORGANIZER && i["low"] == true), "{low}");
    // The daily low-stock mail goes to the admins once a day (the day is claimed afresh, whatever
    // the worker did before this variant ran low).
    super::execute(&app, "DELETE FROM store_settings WHERE key = 'low_stock_mailed_on'").await;
    let now = rumbo::platform::db::now_unix();
    assert!(rumbo::store::console::stock::mail_low_stock(&app.state, now).await.unwrap());
    assert!(!rumbo::store::console::stock::mail_low_stock(&app.state, now).await.unwrap(), "once a day");
    assert!(app.mailbox().await.iter().any(|m| m["kind"] == "stock_low" && m["text"].as_str().unwrap().contains(ORGANIZER)));
}

#[tokio::test]
async fn discount_codes_are_created_paused_and_counted() {
    use reqwest::Method;
    let app = console_app().await;
    let token = admin(&app).await;
    let new = json!({"code": "verano-10", "kind": "percent", "amount": 10, "max_uses": 5});
    let (status, created) = call(&app, Method::POST, "/api/v1/staff/discounts", &token, Some(&new), None).await;
    assert_eq!((status, created["code"].as_str(), created["active"].as_bool()), (201, Some("VERANO-10"), Some(true)), "{created}");
    let (status, dup) = call(&app, Method::POST, "/api/v1/staff/discounts", &token, Some(&new), None).await;
    assert_eq!((status, dup["error_code"].as_str()), (409, Some("discount_exists")));
    let bad = json!({"code": "x", "kind": "percent", "amount": 150, "expires_at": "2001-01-01T00:00:00Z"});
    let (status, refused) = call(&app, Method::POST, "/api/v1/staff/discounts", &token, Some(&bad), None).await;
    assert_eq!(status, 400);
    for field in ["code", "amount", "expires_at"] {
        assert!(refused["fields"][field].is_string(), "{field}: {refused}");
    }
    // A use, then paused: the code no longer applies.
    let cart = cart_with(&app, RIGHTS_GUIDE, 1).await;
    let (status, applied) =
        send(&app, Method::PUT, &format!("/api/v1/store/carts/{cart}/discount"), Some(&json!({"code": "VERANO-10"})), &[]).await;
    assert_eq!(status, 200, "{applied}");
    let (_, order) = place(&app, &json!({"cart_token": cart, "email": "d@example.com", "language": "es"}), None).await;
    pay(&app, &order, "4242424242424242").await;
    let (_, list) = call(&app, Method::GET, "/api/v1/staff/discounts", &token, None, None).await;
    let code = list["items"].as_array().unwrap().iter().find(|d| d["code"] == "VERANO-10").unwrap().clone();
    assert_eq!((code["uses"].as_i64(), code["paid_orders"].as_i64()), (Some(1), Some(1)), "{code}");
    assert!(code["discount_given_cents"].as_i64().unwrap() > 0);
    let (status, paused) =
        call(&app, Method::POST, "/api/v1/staff/discounts/verano-10/active", &token, Some(&json!({"active": false})), None).await;
    assert_eq!((status, paused["active"].as_bool()), (200, Some(false)));
    let other = cart_with(&app, RIGHTS_GUIDE, 1).await;
    let (status, _) =
        send(&app, Method::PUT, &format!("/api/v1/store/carts/{other}/discount"), Some(&json!({"code": "VERANO-10"})), &[]).await;
    assert_eq!(status, 422, "a paused code does not apply");
    let (_, orders) = call(&app, Method::GET, "/api/v1/staff/orders?discount=verano-10", &token, None, None).await;
    assert_eq!(orders["total"], 1);
}

#[tokio::test]
async fn admins_find_users_ban_them_and_see_the_dashboard() {
    use reqwest::Method;
    let app = console_app().await;
    let token = admin(&app).await;
    let (email, _) = member(&app, None).await;
    let (status, found) =
        call(&app, Method::GET, &format!("/api/v1/staff/users?q={}", &email[..email.len() - 4]), &token, None, None).await;
    assert_eq!((status, found["items"].as_array().map(Vec::len)), (200, Some(1)), "{found}");
    let id = found["items"][0]["id"].as_str().unwrap().to_owned();
    let (status, banned) =
        call(&app, Method::POST, &format!("/api/v1/staff/users/{id}/ban"), &token, Some(&json!({"banned": true, "hours": 24})), None).await;
    assert_eq!((status, banned["banned_until"].is_string()), (200, true), "{banned}");
    let signed_in = crate::auth::sign_in(&app, &email, crate::auth::PASSWORD).await;
    assert_eq!(signed_in.status().as_u16(), 400, "a banned user cannot sign in");
    let (status, lifted) =
        call(&app, Method::POST, &format!("/api/v1/staff/users/{id}/ban"), &token, Some(&json!({"banned": false})), None).await;
    assert_eq!((status, lifted["banned_until"].is_null()), (200, true));
    assert_eq!(crate::auth::sign_in(&app, &email, crate::auth::PASSWORD).await.status().as_u16(), 200);
    let (status, confirmed) = call(&app, Method::POST, &format!("/api/v1/staff/users/{id}/resend-confirmation"), &token, None, None).await;
    assert_eq!((status, confirmed["error_code"].as_str()), (409, Some("not_changeable")), "{confirmed}");

    paid_order(&app, "dash@example.com", 1).await;
    let (status, dashboard) = call(&app, Method::GET, "/api/v1/staff/dashboard", &token, None, None).await;
    assert_eq!(status, 200, "{dashboard}");
    assert_eq!((dashboard["week"]["orders"].as_i64(), dashboard["month"]["orders"].as_i64()), (Some(1), Some(1)), "{dashboard}");
    assert!(dashboard["week"]["store_cents"].as_i64().unwrap() > 0);
    assert_eq!(dashboard["subscribers"].as_array().map(Vec::len), Some(3));
    assert!(dashboard["outbox"]["queued"].is_i64());
}

#[tokio::test]
async fn an_unpaid_order_is_cancelled_from_the_console_and_gives_its_units_back() {
    use reqwest::Method;
    let app = console_app().await;
    let token = admin(&app).await;
    let before = stock_of(&app, ORGANIZER).await;
    let cart = cart_with(&app, ORGANIZER, 2).await;
    let (_, order) = place(&app, &order_body(&cart, "unpaid.console@example.com"), None).await;
    assert_eq!(stock_of(&app, ORGANIZER).await, before - 2, "held while the buyer pays");
    let path = format!("/api/v1/staff/orders/{}/cancel", order["id"].as_str().unwrap());
    let (status, canceled) = call(&app, Method::POST, &path, &token, None, None).await;
    assert_eq!((status, canceled["status"].as_str()), (200, Some("canceled")), "{canceled}");
    assert!(canceled["timeline"].as_array().unwrap().iter().any(|e| e["event"] == "canceled"), "{canceled}");
    assert_eq!(stock_of(&app, ORGANIZER).await, before, "its units are back");
    let (status, again) = call(&app, Method::POST, &path, &token, None, None).await;
    assert_eq!((status, again["error_code"].as_str()), (409, Some("not_cancelable")));
    let (status, paid) = pay(&app, &order, "4242424242424242").await;
    assert_ne!(status, 200, "a cancelled order cannot be paid: {paid}");
    let paid = paid_order(&app, "paid.console@example.com", 1).await;
    let (status, refused) =
        call(&app, Method::POST, &format!("/api/v1/staff/orders/{}/cancel", paid["id"].as_str().unwrap()), &token, None, None).await;
    assert_eq!((status, refused["error_code"].as_str()), (409, Some("not_cancelable")), "a paid order is refunded, not cancelled");
}
