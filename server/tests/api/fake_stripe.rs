//! A fake Stripe API for the tests, on 127.0.0.1:0: real HTTP, form-encoded requests, Bearer
//! auth and Stripe's JSON errors. It keeps PaymentIntent state (create, retrieve with
//! `expand[]=latest_charge`, cancel, refunds), replays idempotency keys as Stripe does (same key
//! and parameters → the first answer again; same key, other parameters → 400
//! `idempotency_error`), can fail or stall the next requests, and sends signed webhook events
//! to our server — once, twice, out of order, or with an old timestamp.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use http::{HeaderMap, StatusCode};
use rumbo::payments::stripe::signature;
use serde_json::{json, Value};
use tokio::task::JoinHandle;

pub const SECRET_KEY: &str = "sk_test_fake_51Hrumbo";
pub const WEBHOOK_SECRET: &str = "whsec_fake_rumbo_endpoint";
pub const PUBLISHABLE_KEY: &str = "pk_test_fake_51Hrumbo";

/// One request as the fake received it.
#[derive(Debug, Clone)]
pub struct Request {
    pub method: String,
    pub path: String,
    pub authorization: Option<String>,
    pub stripe_version: Option<String>,
    pub idempotency_key: Option<String>,
    pub params: Vec<(String, String)>,
}

impl Request {
    pub fn param(&self, name: &str) -> Option<&str> {
        self.params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
    }
}

#[derive(Debug, Clone)]
struct Intent {
    id: String,
    amount: i64,
    currency: String,
    status: String,
    client_secret: String,
    description: String,
    metadata: BTreeMap<String, String>,
    created: i64,
    charge: Option<Charge>,
    last_payment_error: Option<Value>,
}

#[derive(Debug, Clone)]
struct Charge {
    id: String,
    brand: String,
    last4: String,
    amount_refunded: i64,
}

#[derive(Default)]
struct Books {
    intents: HashMap<String, Intent>,
    /// Idempotency key → (what was asked, the answer given).
    replies: HashMap<String, (String, u16, Value)>,
    refunds: Vec<Value>,
    requests: Vec<Request>,
    counter: u64,
    /// Answer the next this-many requests with a 500.
    fail_next: usize,
    /// Let the next this-many requests wait this long before answering.
    stall_next: (usize, Duration),
}

impl Books {
    fn next_id(&mut self, prefix: &str) -> String {
        self.counter += 1;
        format!("{prefix}_fake{:06}", self.counter)
    }
}

pub struct FakeStripe {
    pub port: u16,
    books: Arc<Mutex<Books>>,
    http: reqwest::Client,
    task: JoinHandle<()>,
}

impl Drop for FakeStripe {
    fn drop(&mut self) {
        self.task.abort();
    }
}

type Shared = Arc<Mutex<Books>>;

impl FakeStripe {
    pub async fn start() -> FakeStripe {
        let books: Shared = Arc::default();
        let app = Router::new()
            .route("/v1/payment_intents", post(create_intent))
            .route("/v1/payment_intents/{id}", get(retrieve_intent))
            .route("/v1/payment_intents/{id}/cancel", post(cancel_intent))
            .route("/v1/refunds", post(create_refund))
            .with_state(books.clone());
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let task = tokio::spawn(async move {
            axum::serve(listener, app).await.unwrap();
        });
        FakeStripe { port, books, http: reqwest::Client::new(), task }
    }

    /// STRIPE_API_BASE for this fake.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}", self.port)
    }

    /// The flags that make a test app use this fake as Stripe.
    pub fn flags(&self) -> Vec<String> {
        [
            "--stripe-secret-key",
            SECRET_KEY,
            "--stripe-webhook-secret",
            WEBHOOK_SECRET,
            "--stripe-publishable-key",
            PUBLISHABLE_KEY,
            "--stripe-api-base",
            &self.url(),
        ]
        .map(String::from)
        .to_vec()
    }

    pub fn requests(&self) -> Vec<Request> {
        self.books.lock().unwrap().requests.clone()
    }

    pub fn intent_count(&self) -> usize {
        self.books.lock().unwrap().intents.len()
    }

    pub fn refunds(&self) -> Vec<Value> {
        self.books.lock().unwrap().refunds.clone()
    }

    pub fn fail_next(&self, count: usize) {
        self.books.lock().unwrap().fail_next = count;
    }

    pub fn stall_next(&self, count: usize, wait: Duration) {
        self.books.lock().unwrap().stall_next = (count, wait);
    }

    /// The PaymentIntent as Stripe would show it (latest charge expanded).
    pub fn intent(&self, id: &str) -> Value {
        let books = self.books.lock().unwrap();
        intent_json(books.intents.get(id).expect("a known PaymentIntent"), true)
    }

    /// Changes what the intent asks for behind our back (to test the amount check).
    pub fn tamper(&self, id: &str, amount: i64, currency: &str) {
        let mut books = self.books.lock().unwrap();
        let intent = books.intents.get_mut(id).expect("a known PaymentIntent");
        intent.amount = amount;
        intent.currency = currency.into();
    }

    /// Replaces what the intent carries in its metadata (e.g. as an older build wrote it).
    pub fn set_metadata(&self, id: &str, metadata: &[(&str, &str)]) {
        let mut books = self.books.lock().unwrap();
        let intent = books.intents.get_mut(id).expect("a known PaymentIntent");
        intent.metadata = metadata.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())).collect();
    }

    /// The payer confirms in the Payment Element with a test card: 4242… succeeds (visa), 5555…4444
    /// succeeds (mastercard), anything else is declined. Returns the event Stripe would send.
    pub fn pay(&self, id: &str, card: &str) -> Value {
        let mut books = self.books.lock().unwrap();
        let charge_id = books.next_id("ch");
        let intent = books.intents.get_mut(id).expect("a known PaymentIntent");
        assert!(intent.status.starts_with("requires_"), "only an unpaid PaymentIntent can be paid, not {}", intent.status);
        let brand = match card {
            "4242424242424242" => Some("visa"),
            "5555555555554444" => Some("mastercard"),
            _ => None,
        };
        let kind = match brand {
            Some(brand) => {
                intent.status = "succeeded".into();
                intent.last_payment_error = None;
                intent.charge =
                    Some(Charge { id: charge_id, brand: brand.into(), last4: card[card.len() - 4..].into(), amount_refunded: 0 });
                "payment_intent.succeeded"
            }
            None => {
                intent.status = "requires_payment_method".into();
                intent.last_payment_error =
                    Some(json!({ "type": "card_error", "code": "card_declined", "decline_code": "generic_decline" }));
                "payment_intent.payment_failed"
            }
        };
        let object = intent_json(intent, false);
        event(&mut books, kind, object)
    }

    /// An event about the intent as it is now, e.g. ("payment_intent.canceled", id).
    pub fn event(&self, kind: &str, id: &str) -> Value {
        let mut books = self.books.lock().unwrap();
        let object = intent_json(books.intents.get(id).expect("a known PaymentIntent"), false);
        event(&mut books, kind, object)
    }

    /// A `charge.refunded` event for the intent's charge as it is now.
    pub fn refund_event(&self, id: &str) -> Value {
        let mut books = self.books.lock().unwrap();
        let intent = books.intents.get(id).expect("a known PaymentIntent");
        let object = charge_json(intent, intent.charge.as_ref().expect("a charge"));
        event(&mut books, "charge.refunded", object)
    }

    /// Delivers an event to `app_url`'s webhook, signed now with the endpoint secret.
    pub async fn send(&self, app_url: &str, event: &Value) -> reqwest::Response {
        let body = serde_json::to_vec(event).unwrap();
        let t = now();
        self.deliver(app_url, body.clone(), &format!("t={t},v1={}", signature::sign(WEBHOOK_SECRET, t, &body))).await
    }

    /// Delivers raw bytes with any `Stripe-Signature` header.
    pub async fn deliver(&self, app_url: &str, body: Vec<u8>, signature_header: &str) -> reqwest::Response {
        self.http
            .post(format!("{app_url}/api/v1/payments/stripe/webhook"))
            .header("content-type", "application/json; charset=utf-8")
            .header("stripe-signature", signature_header)
            .body(body)
            .send()
            .await
            .expect("webhook delivered")
    }
}

pub fn now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

fn event(books: &mut Books, kind: &str, object: Value) -> Value {
    json!({
        "id": books.next_id("evt"), "object": "event", "api_version": "2024-06-20", "created": now(), "livemode": false,
        "pending_webhooks": 1, "request": { "id": null, "idempotency_key": null }, "type": kind, "data": { "object": object }
    })
}

fn intent_json(intent: &Intent, expand_charge: bool) -> Value {
    let latest_charge = match &intent.charge {
        Some(charge) if expand_charge => charge_json(intent, charge),
        Some(charge) => json!(charge.id),
        None => Value::Null,
    };
    json!({
        "id": intent.id, "object": "payment_intent", "amount": intent.amount, "amount_received": if intent.status == "succeeded" { intent.amount } else { 0 },
        "currency": intent.currency, "status": intent.status, "client_secret": intent.client_secret, "description": intent.description,
        "metadata": intent.metadata, "created": intent.created, "livemode": false, "latest_charge": latest_charge,
        "automatic_payment_methods": { "enabled": true }, "last_payment_error": intent.last_payment_error,
    })
}

fn charge_json(intent: &Intent, charge: &Charge) -> Value {
    json!({
        "id": charge.id, "object": "charge", "amount": intent.amount, "amount_refunded": charge.amount_refunded, "currency": intent.currency,
        "payment_intent": intent.id, "refunded": charge.amount_refunded == intent.amount, "status": "succeeded",
        "payment_method_details": { "type": "card", "card": { "brand": charge.brand, "last4": charge.last4, "exp_month": 12, "exp_year": 2034 } },
    })
}

fn error(status: u16, kind: &str, code: Option<&str>, message: &str) -> (u16, Value) {
    (status, json!({ "error": { "type": kind, "code": code, "message": message } }))
}

/// Stripe's request handling in order: record, stall or fail on demand, authenticate,
/// replay an idempotency key, then the operation itself.
async fn handle(
    books: &Shared,
    method: &str,
    path: String,
    headers: &HeaderMap,
    params: Vec<(String, String)>,
    operation: impl FnOnce(&mut Books, &[(String, String)]) -> (u16, Value),
) -> Response {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(String::from);
    let request = Request {
        method: method.into(),
        path: path.clone(),
        authorization: header("authorization"),
        stripe_version: header("stripe-version"),
        idempotency_key: header("idempotency-key"),
        params: params.clone(),
    };
    let stall = {
        let mut books = books.lock().unwrap();
        books.requests.push(request.clone());
        let (count, wait) = books.stall_next;
        if count > 0 {
            books.stall_next.0 -= 1;
            Some(wait)
        } else {
            None
        }
    };
    if let Some(wait) = stall {
        tokio::time::sleep(wait).await;
    }
    let mut books = books.lock().unwrap();
    if books.fail_next > 0 {
        books.fail_next -= 1;
        return reply(error(500, "api_error", None, "Something went wrong on Stripe's end."));
    }
    if request.authorization.as_deref() != Some(&format!("Bearer {SECRET_KEY}")) {
        return reply(error(401, "invalid_request_error", None, "Invalid API Key provided."));
    }
    let fingerprint = format!("{method} {path} {params:?}");
    if let Some(key) = &request.idempotency_key {
        if let Some((asked, status, body)) = books.replies.get(key) {
            if *asked != fingerprint {
                let message = format!(
                    "Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '{key}' if you meant to execute a different request."
                );
                return reply(error(400, "idempotency_error", None, &message));
            }
            let mut response = reply((*status, body.clone()));
            response.headers_mut().insert("idempotent-replayed", "true".parse().unwrap());
            return response;
        }
    }
    let (status, body) = operation(&mut books, &params);
    if let Some(key) = request.idempotency_key {
        books.replies.insert(key, (fingerprint, status, body.clone()));
    }
    reply((status, body))
}

fn reply((status, body): (u16, Value)) -> Response {
    (StatusCode::from_u16(status).unwrap(), Json(body)).into_response()
}

fn form(body: &[u8]) -> Vec<(String, String)> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

fn param<'a>(params: &'a [(String, String)], name: &str) -> Option<&'a str> {
    params.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}

async fn create_intent(State(books): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    handle(&books, "POST", "/v1/payment_intents".into(), &headers, form(&body), |books, params| {
        let Some(amount) = param(params, "amount").and_then(|a| a.parse::<i64>().ok()).filter(|a| *a >= 50) else {
            return error(400, "invalid_request_error", Some("parameter_invalid_integer"), "Invalid amount.");
        };
        let Some(currency) = param(params, "currency").filter(|c| c.len() == 3) else {
            return error(400, "invalid_request_error", Some("parameter_missing"), "Missing required param: currency.");
        };
        let id = books.next_id("pi");
        let metadata =
            params.iter().filter_map(|(k, v)| Some((k.strip_prefix("metadata[")?.strip_suffix(']')?.to_owned(), v.clone()))).collect();
        let intent = Intent {
            client_secret: format!("{id}_secret_{}", uuid::Uuid::new_v4().simple()),
            id: id.clone(),
            amount,
            currency: currency.to_owned(),
            status: "requires_payment_method".into(),
            description: param(params, "description").unwrap_or_default().to_owned(),
            metadata,
            created: now(),
            charge: None,
            last_payment_error: None,
        };
        let body = intent_json(&intent, false);
        books.intents.insert(id, intent);
        (200, body)
    })
    .await
}

async fn retrieve_intent(
    State(books): State<Shared>,
    Path(id): Path<String>,
    Query(query): Query<Vec<(String, String)>>,
    headers: HeaderMap,
) -> Response {
    let expand = query.iter().any(|(k, v)| k == "expand[]" && v == "latest_charge");
    handle(&books, "GET", format!("/v1/payment_intents/{id}"), &headers, query.clone(), |books, _| match books.intents.get(&id) {
        Some(intent) => (200, intent_json(intent, expand)),
        None => missing(&id),
    })
    .await
}

fn missing(id: &str) -> (u16, Value) {
    error(404, "invalid_request_error", Some("resource_missing"), &format!("No such payment_intent: '{id}'"))
}

async fn cancel_intent(State(books): State<Shared>, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    handle(&books, "POST", format!("/v1/payment_intents/{id}/cancel"), &headers, form(&body), |books, _| {
        let Some(intent) = books.intents.get_mut(&id) else { return missing(&id) };
        if matches!(intent.status.as_str(), "succeeded" | "canceled") {
            let message = format!(
                "You cannot cancel this PaymentIntent because it has a status of {}. Only a PaymentIntent with one of the following \
                 statuses may be canceled: requires_payment_method, requires_capture, requires_confirmation, requires_action, processing.",
                intent.status
            );
            return error(400, "invalid_request_error", Some("payment_intent_unexpected_state"), &message);
        }
        intent.status = "canceled".into();
        (200, intent_json(intent, false))
    })
    .await
}

async fn create_refund(State(books): State<Shared>, headers: HeaderMap, body: Bytes) -> Response {
    handle(&books, "POST", "/v1/refunds".into(), &headers, form(&body), |books, params| {
        let id = param(params, "payment_intent").unwrap_or_default().to_owned();
        let refund_id = books.next_id("re");
        let Some(intent) = books.intents.get_mut(&id) else { return missing(&id) };
        let amount_total = intent.amount;
        let Some(charge) = intent.charge.as_mut().filter(|_| intent.status == "succeeded") else {
            return error(
                400,
                "invalid_request_error",
                Some("charge_not_refundable"),
                "This PaymentIntent has no successful charge to refund.",
            );
        };
        let left = amount_total - charge.amount_refunded;
        let amount = param(params, "amount").and_then(|a| a.parse::<i64>().ok()).unwrap_or(left);
        if amount <= 0 || amount > left {
            return error(400, "invalid_request_error", Some("amount_too_large"), "Refund amount is greater than the unrefunded amount.");
        }
        charge.amount_refunded += amount;
        let refund = json!({ "id": refund_id, "object": "refund", "amount": amount, "currency": intent.currency, "payment_intent": id,
                             "charge": charge.id, "status": "succeeded" });
        books.refunds.push(refund.clone());
        (200, refund)
    })
    .await
}
