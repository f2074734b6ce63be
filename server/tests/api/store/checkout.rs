use serde_json::json;

use super::{cart_with, execute, order_body, pay, place, send, set_line, stock_of, store_app, ORGANIZER, RIGHTS_GUIDE};

async fn add_discount(app: &crate::helpers::TestApp, code: &str, kind: &str, amount: i64, min: &str, max_uses: &str) {
    execute(
        app,
        &format!("INSERT INTO store_discounts (code, kind, amount, min_subtotal_cents, expires_at, max_uses, uses, active, created_at) VALUES ('{code}', '{kind}', {amount}, {min}, NULL, {max_uses}, 0, 1, 0)"),
    )
    .await;
}

#[tokio::test]
async fn totals_come_from_the_server_with_discounts_zones_and_free_shipping() {
    let app = store_app().await;
    add_discount(&app, "TEN", "percent", 10, "NULL", "NULL").await;
    add_discount(&app, "BIG", "fixed", 500, "10000", "NULL").await;
    let token = cart_with(&app, ORGANIZER, 1).await;
    set_line(&app, &token, RIGHTS_GUIDE, 1).await;
    let (status, refused) =
        send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{token}/discount"), Some(&json!({"code": "big"})), &[]).await;
    assert_eq!((status, refused["error_code"].as_str(), refused["minimum_cents"].as_i64()), (422, Some("discount_minimum"), Some(10000)));
    let (status, unknown) =
        send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{token}/discount"), Some(&json!({"code": "NOPE"})), &[]).await;
    assert_eq!((status, unknown["error_code"].as_str()), (422, Some("discount_not_found")));
    let (_, cart) =
        send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{token}/discount"), Some(&json!({"code": " ten "})), &[]).await;
    assert_eq!(cart["discount"], json!({ "code": "TEN", "amount_cents": 310 }));

    let quote = |country: &str, method: &str| json!({ "cart_token": token, "country": country, "shipping_method": method, "lang": "pt" });
    let (_, iberia) = send(&app, reqwest::Method::POST, "/api/v1/store/quote", Some(&quote("PT", "standard")), &[]).await;
    assert_eq!(
        (
            iberia["subtotal_cents"].as_i64(),
            iberia["discount_cents"].as_i64(),
            iberia["shipping_cents"].as_i64(),
            iberia["total_cents"].as_i64()
        ),
        (Some(3100), Some(310), Some(495), Some(3285))
    );
    assert_eq!(iberia["taxes_included"], true);
    let (_, japan) = send(&app, reqwest::Method::POST, "/api/v1/store/quote", Some(&quote("JP", "standard")), &[]).await;
    assert!(japan["shipping_cents"].as_i64().unwrap() > 495, "the rest of the world costs more: {japan}");
    let (status, _) = send(&app, reqwest::Method::POST, "/api/v1/store/quote", Some(&quote("PT", "teleport")), &[]).await;
    assert_eq!(status, 422);
    let (_, options) = send(&app, reqwest::Method::GET, "/api/v1/store/shipping?country=ES&subtotal_cents=7000&lang=es", None, &[]).await;
    assert_eq!(options["methods"][0]["price_cents"], 0, "free over the threshold: {options}");
    assert!(options["methods"][1]["price_cents"].as_i64().unwrap() > 0, "express keeps its price");

    // The browser's numbers are never read: a tampered body changes nothing.
    let mut body = order_body(&token, "ana@example.com");
    body["total_cents"] = json!(1);
    body["subtotal_cents"] = json!(1);
    body["lines"] = json!([{ "sku": ORGANIZER, "unit_price_cents": 1 }]);
    let (status, order) = place(&app, &body, Some("tamper-1")).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(
        order["totals"],
        json!({ "subtotal_cents": 3100, "discount_cents": 310, "shipping_cents": 495, "total_cents": 3285, "currency": "USD", "taxes_included": true })
    );
    assert!(order["number"].as_str().unwrap().starts_with("R-20"), "{}", order["number"]);
    assert_eq!(order["payment"]["provider"], "sandbox");
}

#[tokio::test]
async fn an_order_is_checked_placed_once_per_key_paid_after_a_decline_and_receipted() {
    let app = store_app().await;
    let token = cart_with(&app, ORGANIZER, 1).await;
    set_line(&app, &token, RIGHTS_GUIDE, 1).await;
    let mut bad = order_body(&token, "not-an-email");
    bad["shipping"] = json!({ "name": "", "line1": "Main St 1", "city": "Austin", "postal_code": "7870", "country": "US" });
    let (status, refused) = place(&app, &bad, None).await;
    assert_eq!(status, 400);
    assert_eq!(
        refused["fields"],
        json!({ "email": "invalid_email", "shipping.name": "required", "shipping.region": "required", "shipping.postal_code": "invalid_postal_code" })
    );
    let mut no_address = order_body(&token, "ana@example.com");
    no_address.as_object_mut().unwrap().remove("shipping");
    let (status, refused) = place(&app, &no_address, None).await;
    assert_eq!((status, &refused["fields"]), (400, &json!({ "shipping": "required" })), "physical goods need an address");

    let body = order_body(&token, "ana@example.com");
    let (status, order) = place(&app, &body, Some("order-key-1")).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(stock_of(&app, ORGANIZER).await, 2, "one unit reserved");
    let (status, again) = place(&app, &body, Some("order-key-1")).await;
    assert_eq!(
        (status, &again["id"], &again["access_token"]),
        (200, &order["id"], &order["access_token"]),
        "a retry answers the same order"
    );
    let (status, reused) = place(&app, &order_body(&token, "other@example.com"), Some("order-key-1")).await;
    assert_eq!((status, reused["error_code"].as_str()), (422, Some("idempotency_key_reused")));
    assert_eq!(stock_of(&app, ORGANIZER).await, 2, "retries reserve nothing more");

    let (status, declined) = pay(&app, &order, "4000 0000 0000 0002").await;
    assert_eq!((status, declined["error_code"].as_str()), (402, Some("card_declined")));
    assert_eq!(stock_of(&app, ORGANIZER).await, 2, "a decline keeps the reservation");
    let (status, paid) = pay(&app, &order, "4242 4242 4242 4242").await;
    assert_eq!((status, paid["status"].as_str()), (200, Some("paid")), "{paid}");
    assert_eq!(paid["downloads"].as_array().unwrap().len(), 1);
    assert_eq!(paid["downloads"][0]["language"], "pt");
    let (status, _) = pay(&app, &order, "4242 4242 4242 4242").await;
    assert_eq!(status, 409);
    assert_eq!(stock_of(&app, ORGANIZER).await, 2, "the reservation became a sale");

    let mail = app.mailbox().await.into_iter().find(|m| m["to"] == "ana@example.com").expect("a receipt");
    let number = order["number"].as_str().unwrap();
    assert!(mail["subject"].as_str().unwrap().contains(number), "{}", mail["subject"]);
    let text = mail["text"].as_str().unwrap();
    assert!(text.contains("Obrigado") || text.contains("Seu pagamento"), "in Portuguese: {text}");
    assert!(text.contains("/api/v1/store/downloads/") && text.contains("/pt/store/orders/"), "{text}");
    assert!(text.contains("Rua Augusta 100") && text.contains("1100-053 Lisboa"));

    let (_, cart) = send(&app, reqwest::Method::GET, &format!("/api/v1/store/carts/{token}"), None, &[]).await;
    assert_eq!(cart["count"], 0, "what was bought left the cart");
    let link = super::downloads::receipt_order_link(text);
    let (status, _) = send(
        &app,
        reqwest::Method::GET,
        &format!("/api/v1/store/orders/{}", order["id"].as_str().unwrap()),
        None,
        &[("x-order-token", link.as_str())],
    )
    .await;
    assert_eq!(status, 200, "the receipt's link opens the order");
    let (status, hidden) = send(
        &app,
        reqwest::Method::GET,
        &format!("/api/v1/store/orders/{}", order["id"].as_str().unwrap()),
        None,
        &[("x-order-token", "wrong")],
    )
    .await;
    assert_eq!((status, hidden["error_code"].as_str()), (404, Some("order_not_found")));
}

#[tokio::test]
async fn an_unpaid_order_gives_its_stock_and_discount_back_when_its_reservation_runs_out() {
    let app = store_app().await;
    add_discount(&app, "ONCE", "fixed", 100, "NULL", "1").await;
    let token = cart_with(&app, ORGANIZER, 3).await;
    send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{token}/discount"), Some(&json!({"code": "ONCE"})), &[]).await;
    let (status, order) = place(&app, &order_body(&token, "late@example.com"), None).await;
    assert_eq!(status, 201, "{order}");
    assert_eq!(stock_of(&app, ORGANIZER).await, 0);
    let other = cart_with(&app, RIGHTS_GUIDE, 1).await;
    let (status, used_up) =
        send(&app, reqwest::Method::PUT, &format!("/api/v1/store/carts/{other}/discount"), Some(&json!({"code": "ONCE"})), &[]).await;
    assert_eq!((status, used_up["error_code"].as_str()), (422, Some("discount_used_up")));
    execute(&app, &format!("UPDATE store_orders SET reserved_until = 1 WHERE id = '{}'", order["id"].as_str().unwrap())).await;
    let (status, expired) = pay(&app, &order, "4242424242424242").await;
    assert_eq!((status, expired["error_code"].as_str()), (409, Some("reservation_expired")));
    let mut released = false;
    for _ in 0..50 {
        if stock_of(&app, ORGANIZER).await == 3 {
            released = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(released, "the sweeper gave the units back");
    let (_, view) = send(
        &app,
        reqwest::Method::GET,
        &format!("/api/v1/store/orders/{}", order["id"].as_str().unwrap()),
        None,
        &[("x-order-token", order["access_token"].as_str().unwrap())],
    )
    .await;
    assert_eq!(view["status"], "canceled");
    assert_eq!(app.fetch_one_text("SELECT CAST(uses AS TEXT) FROM store_discounts WHERE code = 'ONCE'").await, "0");
}
