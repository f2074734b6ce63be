//! The store over HTTP: catalogue, pages, carts, checkout, stock under concurrency, discounts,
//! payments, receipts and downloads. Products come from the shipped content.

mod cart;
mod catalogue;
mod checkout;
mod concurrency;
mod console;
mod downloads;
mod stripe;

use serde_json::{json, Value};

use crate::helpers::TestApp;

/// A one-unit-of-everything store with generous limits, sweeping reservations every second.
pub async fn store_app() -> TestApp {
    TestApp::spawn_with(&["--store-orders-per-ip-hour", "100000", "--store-writes-per-ip-hour", "100000", "--store-sweep-secs", "1"]).await
}

/// A physical product's variant in the shipped catalogue, and a digital one.
pub const ORGANIZER: &str = "ES-DOC-ORGANIZER";
pub const RIGHTS_GUIDE: &str = "RG-RIGHTS-PDF";

pub async fn execute(app: &TestApp, sql: &str) {
    crate::auth::execute(app, sql).await;
}

pub async fn stock_of(app: &TestApp, sku: &str) -> i64 {
    app.fetch_one_text(&format!("SELECT CAST(stock AS TEXT) FROM store_variants WHERE sku = '{sku}'")).await.parse().unwrap()
}

pub async fn send(app: &TestApp, method: reqwest::Method, path: &str, body: Option<&Value>, headers: &[(&str, &str)]) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path));
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.expect("request sent");
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub async fn new_cart(app: &TestApp) -> String {
    let (status, cart) = send(app, reqwest::Method::POST, "/api/v1/store/carts", None, &[]).await;
    assert_eq!(status, 201, "{cart}");
    cart["token"].as_str().unwrap().to_owned()
}

pub async fn set_line(app: &TestApp, token: &str, sku: &str, quantity: i64) -> (u16, Value) {
    let path = format!("/api/v1/store/carts/{token}/lines");
    send(app, reqwest::Method::PUT, &path, Some(&json!({ "sku": sku, "quantity": quantity })), &[]).await
}

/// A cart holding `quantity` of `sku`.
pub async fn cart_with(app: &TestApp, sku: &str, quantity: i64) -> String {
    let token = new_cart(app).await;
    let (status, cart) = set_line(app, &token, sku, quantity).await;
    assert_eq!(status, 200, "{cart}");
    token
}

pub fn lisbon() -> Value {
    json!({ "name": "Ana Souza", "line1": "Rua Augusta 100", "city": "Lisboa", "postal_code": "1100-053", "country": "PT" })
}

pub fn order_body(token: &str, email: &str) -> Value {
    json!({ "cart_token": token, "email": email, "language": "pt", "shipping": lisbon(), "shipping_method": "standard" })
}

pub async fn place(app: &TestApp, body: &Value, key: Option<&str>) -> (u16, Value) {
    let headers: Vec<(&str, &str)> = key.map(|k| vec![("idempotency-key", k)]).unwrap_or_default();
    send(app, reqwest::Method::POST, "/api/v1/store/orders", Some(body), &headers).await
}

pub fn card(number: &str) -> Value {
    json!({ "card_number": number, "exp": "12/30", "cvc": "123", "cardholder_name": "Ana Souza" })
}

pub async fn pay(app: &TestApp, order: &Value, number: &str) -> (u16, Value) {
    let path = format!("/api/v1/store/orders/{}/payment", order["id"].as_str().unwrap());
    let token = order["access_token"].as_str().unwrap();
    send(app, reqwest::Method::POST, &path, Some(&card(number)), &[("x-order-token", token)]).await
}
