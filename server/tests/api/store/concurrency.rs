//! The stock and discount guarantees under concurrency, on SQLite and PostgreSQL.

use std::sync::Arc;

use serde_json::json;
use tokio::task::JoinSet;

use super::{cart_with, execute, order_body, place, send, stock_of, store_app, ORGANIZER, RIGHTS_GUIDE};
use crate::helpers::TestApp;

/// Places one order per cart, all at once: (the carts that placed one, out of stock, anything else).
async fn race(app: &Arc<TestApp>, carts: Vec<String>) -> (Vec<String>, usize, Vec<String>) {
    let mut attempts = JoinSet::new();
    for (i, token) in carts.into_iter().enumerate() {
        let app = app.clone();
        attempts.spawn(async move {
            let (status, body) = place(&app, &order_body(&token, &format!("buyer{i}@example.com")), Some(&format!("race-{token}"))).await;
            (token, status, body["error_code"].as_str().unwrap_or_default().to_owned())
        });
    }
    let (mut placed, mut out, mut other) = (Vec::new(), 0, Vec::new());
    while let Some(result) = attempts.join_next().await {
        match result.unwrap() {
            (token, 201, _) => placed.push(token),
            (_, 409, code) if code == "out_of_stock" => out += 1,
            (_, status, code) => other.push(format!("{status} {code}")),
        }
    }
    (placed, out, other)
}

async fn carts(app: &TestApp, n: usize) -> Vec<String> {
    let mut tokens = Vec::with_capacity(n);
    for _ in 0..n {
        tokens.push(cart_with(app, ORGANIZER, 1).await);
    }
    tokens
}

#[tokio::test]
async fn five_hundred_checkouts_for_ten_units_sell_exactly_ten() {
    let app = Arc::new(store_app().await);
    execute(&app, &format!("UPDATE store_variants SET stock = 10 WHERE sku = '{ORGANIZER}'")).await;
    let tokens = carts(&app, 500).await;
    let (winners, out, other) = race(&app, tokens.clone()).await;
    assert_eq!((winners.len(), out, other), (10, 490, Vec::<String>::new()));
    assert_eq!(stock_of(&app, ORGANIZER).await, 0, "never below zero");
    let reserved = app.fetch_one_text("SELECT CAST(SUM(l.quantity) AS TEXT) FROM store_order_lines l JOIN store_orders o ON o.id = l.order_id WHERE o.status = 'pending_payment'").await;
    assert_eq!(reserved, "10", "no unit is sold twice");

    // The reservations run out; the units come back; retries of the same carts race again.
    execute(&app, "UPDATE store_orders SET reserved_until = 1").await;
    for _ in 0..100 {
        if stock_of(&app, ORGANIZER).await == 10 {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(stock_of(&app, ORGANIZER).await, 10, "expired reservations gave their units back");
    let (replayed, _, answers) = race(&app, winners.clone()).await;
    assert_eq!((replayed.len(), answers.len()), (0, 10), "a retried key answers its first order (now cancelled), reserving nothing");
    assert_eq!(stock_of(&app, ORGANIZER).await, 10);
    let fresh: Vec<String> = tokens.iter().filter(|t| !winners.contains(t)).take(200).cloned().collect();
    let (placed, out, other) = race(&app, fresh).await;
    assert_eq!((placed.len(), out, other), (10, 190, Vec::<String>::new()));
    assert_eq!(stock_of(&app, ORGANIZER).await, 0);
}

#[tokio::test]
async fn a_code_limited_to_five_uses_is_used_five_times_under_a_hundred_attempts() {
    let app = Arc::new(store_app().await);
    execute(&app, "INSERT INTO store_discounts (code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active, created_at) VALUES ('FIVE', 'percent', 20, NULL, NULL, 5, 0, 1, 0)").await;
    let mut tokens = Vec::new();
    for _ in 0..100 {
        let token = cart_with(&app, RIGHTS_GUIDE, 1).await;
        let (status, _) =
            send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{token}/discount"), Some(&json!({"code": "FIVE"})), &[]).await;
        assert_eq!(status, 200);
        tokens.push(token);
    }
    let mut attempts = JoinSet::new();
    for token in tokens {
        let app = app.clone();
        attempts.spawn(async move {
            let body = json!({ "cart_token": token, "email": "deal@example.com", "language": "es" });
            let (status, body) = place(&app, &body, None).await;
            (status, body["error_code"].as_str().unwrap_or_default().to_owned())
        });
    }
    let (mut placed, mut refused) = (0, 0);
    while let Some(result) = attempts.join_next().await {
        match result.unwrap() {
            (201, _) => placed += 1,
            (422, code) if code == "discount_used_up" => refused += 1,
            other => panic!("unexpected {other:?}"),
        }
    }
    assert_eq!((placed, refused), (5, 95));
    assert_eq!(app.fetch_one_text("SELECT CAST(uses AS TEXT) FROM store_discounts WHERE code = 'FIVE'").await, "5");
}
