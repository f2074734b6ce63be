//! The Stripe provider against the fake Stripe server (tests/api/fake_stripe.rs): the client's
//! requests, idempotency, cancel and refunds, retries and timeouts; and the webhook endpoint's
//! signature checks and event de-duplication over real HTTP.

use std::time::Duration;

use rumbo::payments::stripe::signature;
use rumbo::payments::stripe::{SecretKey, StripeConfig, StripeProvider};
use rumbo::payments::{NewPayment, PaymentError, PaymentStatus};
use serde_json::{json, Value};

use crate::fake_stripe::{self, FakeStripe, PUBLISHABLE_KEY, SECRET_KEY, WEBHOOK_SECRET};
use crate::helpers::TestApp;

fn provider(fake: &FakeStripe, timeout_secs: u64) -> StripeProvider {
    let config = StripeConfig {
        stripe_secret_key: Some(SecretKey::new(SECRET_KEY)),
        stripe_webhook_secret: Some(SecretKey::new(WEBHOOK_SECRET)),
        stripe_publishable_key: Some(PUBLISHABLE_KEY.into()),
        stripe_api_base: fake.url().parse().unwrap(),
        stripe_timeout: Duration::from_secs(timeout_secs),
        stripe_webhook_tolerance: Duration::from_secs(300),
        stripe_reconcile_after: Duration::from_secs(1200),
        stripe_reconcile_interval: Duration::from_secs(60),
    };
    StripeProvider::from_config(&config).expect("both secrets given")
}

fn payment<'a>(amount_cents: i64, key: &'a str, metadata: &'a [(&'a str, &'a str)]) -> NewPayment<'a> {
    NewPayment {
        amount_cents,
        currency: "usd",
        idempotency_key: key,
        description: "Consultation complete (2026-11-24T14:00:00Z)",
        metadata,
    }
}

#[tokio::test]
async fn a_payment_intent_is_created_once_per_idempotency_key() {
    let fake = FakeStripe::start().await;
    let stripe = provider(&fake, 5);
    let metadata = [("booking_id", "0b5c9a2e-0000-4000-8000-000000000001"), ("kind", "consultation")];
    let first = stripe.create(&payment(9900, "booking-0b5c9a2e", &metadata)).await.expect("created");
    assert_eq!((first.status, first.amount_cents, first.currency.as_str()), (PaymentStatus::RequiresPayment, 9900, "usd"));
    assert!(first.provider_ref.starts_with("pi_"));
    assert!(first.client_secret.as_deref().unwrap().starts_with(&format!("{}_secret_", first.provider_ref)));

    let again = stripe.create(&payment(9900, "booking-0b5c9a2e", &metadata)).await.expect("replayed");
    assert_eq!(again, first, "same key, same parameters: the same PaymentIntent");
    assert_eq!(fake.intent_count(), 1);

    let other = stripe.create(&payment(4900, "booking-0b5c9a2e", &metadata)).await;
    assert!(matches!(&other, Err(PaymentError::Provider(m)) if m.contains("idempotency_error")), "{other:?}");
    assert_eq!(fake.intent_count(), 1);

    let request = &fake.requests()[0];
    assert_eq!((request.method.as_str(), request.path.as_str()), ("POST", "/v1/payment_intents"));
    assert_eq!(request.authorization.as_deref(), Some(format!("Bearer {SECRET_KEY}").as_str()));
    assert_eq!(request.stripe_version.as_deref(), Some(rumbo::payments::stripe::client::API_VERSION));
    assert_eq!(request.idempotency_key.as_deref(), Some("booking-0b5c9a2e"));
    assert_eq!(request.param("amount"), Some("9900"));
    assert_eq!(request.param("currency"), Some("usd"));
    assert_eq!(request.param("automatic_payment_methods[enabled]"), Some("true"));
    assert_eq!(request.param("metadata[booking_id]"), Some("0b5c9a2e-0000-4000-8000-000000000001"));
    assert_eq!(request.param("metadata[kind]"), Some("consultation"));
    assert_eq!(request.param("description"), Some("Consultation complete (2026-11-24T14:00:00Z)"));
}

#[tokio::test]
async fn retrieve_cancel_and_refund_follow_stripe() {
    let fake = FakeStripe::start().await;
    let stripe = provider(&fake, 5);
    let unpaid = stripe.create(&payment(4900, "k1", &[])).await.unwrap();
    assert_eq!(stripe.retrieve(&unpaid.provider_ref).await.unwrap().status, PaymentStatus::RequiresPayment);
    let canceled = stripe.cancel(&unpaid.provider_ref).await.unwrap();
    assert_eq!(canceled.status, PaymentStatus::Canceled);
    assert_eq!(stripe.cancel(&unpaid.provider_ref).await.unwrap().status, PaymentStatus::Canceled, "cancelling twice is harmless");
    assert_eq!(stripe.retrieve("pi_unknown").await, Err(PaymentError::NotFound));
    assert!(matches!(stripe.retrieve("pi_1/../../v1/refunds").await, Err(PaymentError::Provider(_))), "ids stay in their path segment");

    let paid = stripe.create(&payment(9900, "k2", &[])).await.unwrap();
    fake.pay(&paid.provider_ref, "4242424242424242");
    let cancel_paid = stripe.cancel(&paid.provider_ref).await.expect("a succeeded payment is left as it is");
    assert_eq!(cancel_paid.status, PaymentStatus::Succeeded);

    let partial = stripe.refund(&paid.provider_ref, 8400, "refund-1").await.unwrap();
    assert_eq!(partial.amount_cents, 8400);
    assert!(partial.provider_ref.starts_with("re_"));
    assert_eq!(stripe.refund(&paid.provider_ref, 8400, "refund-1").await.unwrap(), partial, "a retried refund is the same refund");
    assert_eq!(fake.refunds().len(), 1);
    assert!(
        matches!(stripe.refund(&paid.provider_ref, 8400, "refund-2").await, Err(PaymentError::Provider(m)) if m.contains("amount_too_large"))
    );
    assert_eq!(stripe.refund(&paid.provider_ref, 1500, "refund-3").await.unwrap().amount_cents, 1500);
    assert_eq!(fake.intent(&paid.provider_ref)["latest_charge"]["amount_refunded"], 9900);
    assert_eq!(
        fake.requests().iter().filter(|r| r.path == "/v1/refunds").map(|r| r.param("amount").unwrap()).collect::<Vec<_>>(),
        ["8400", "8400", "8400", "1500"]
    );
}

#[tokio::test]
async fn failures_are_retried_with_the_same_key_and_then_reported() {
    let fake = FakeStripe::start().await;
    let stripe = provider(&fake, 5);
    fake.fail_next(2);
    let created = stripe.create(&payment(4900, "retry-key", &[])).await.expect("third attempt succeeds");
    assert_eq!(fake.intent_count(), 1);
    let keys: Vec<Option<String>> = fake.requests().into_iter().map(|r| r.idempotency_key).collect();
    assert_eq!(keys, vec![Some("retry-key".to_owned()); 3]);

    fake.fail_next(3);
    let failed = stripe.retrieve(&created.provider_ref).await;
    assert!(matches!(&failed, Err(PaymentError::Provider(m)) if m.contains("500")), "{failed:?}");
    assert_eq!(fake.requests().len(), 6, "three attempts, no more");

    // A declined or invalid request is not retried.
    let before = fake.requests().len();
    let _ = stripe.refund(&created.provider_ref, 100, "r").await;
    assert_eq!(fake.requests().len(), before + 1);
}

#[tokio::test]
async fn a_stalled_request_times_out_and_is_retried() {
    let fake = FakeStripe::start().await;
    let stripe = provider(&fake, 1);
    fake.stall_next(1, Duration::from_secs(3));
    let started = std::time::Instant::now();
    stripe.create(&payment(4900, "slow", &[])).await.expect("the retry answers");
    assert!(started.elapsed() < Duration::from_secs(3), "did not wait for the stalled answer");
    assert_eq!(fake.requests().len(), 2);
    assert_eq!(fake.intent_count(), 1, "the stalled attempt and the retry share one PaymentIntent");

    fake.stall_next(3, Duration::from_secs(3));
    let timed_out = stripe.retrieve("pi_any").await;
    assert!(matches!(&timed_out, Err(PaymentError::Provider(m)) if m.contains("timed out")), "{timed_out:?}");
}

// ---- The webhook endpoint over HTTP ----

async fn app_with_stripe(fake: &FakeStripe) -> TestApp {
    let flags = fake.flags();
    TestApp::spawn_with(&flags.iter().map(String::as_str).collect::<Vec<_>>()).await
}

/// An event about a PaymentIntent that is not ours (no booking metadata, no payment on record).
async fn foreign_event(fake: &FakeStripe) -> Value {
    let stripe = provider(fake, 5);
    let foreign = stripe.create(&payment(1000, &uuid::Uuid::new_v4().to_string(), &[])).await.unwrap();
    fake.pay(&foreign.provider_ref, "4242424242424242")
}

fn signed(body: &[u8], t: i64, secret: &str) -> String {
    format!("t={t},v1={}", signature::sign(secret, t, body))
}

#[tokio::test]
async fn only_correctly_signed_fresh_events_are_accepted() {
    let fake = FakeStripe::start().await;
    let app = app_with_stripe(&fake).await;
    let event = foreign_event(&fake).await;
    let body = serde_json::to_vec(&event).unwrap();
    let now = fake_stripe::now();
    let refused = |response: reqwest::Response| async move {
        assert_eq!(response.status(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error_code"], "invalid_signature");
    };

    let mut tampered = body.clone();
    let at = tampered.iter().position(|b| *b == b'1').unwrap();
    tampered[at] = b'2';
    refused(fake.deliver(&app.address, tampered, &signed(&body, now, WEBHOOK_SECRET)).await).await;
    refused(fake.deliver(&app.address, body.clone(), &signed(&body, now, "whsec_someone_else")).await).await;
    refused(fake.deliver(&app.address, body.clone(), &signed(&body, now - 301, WEBHOOK_SECRET)).await).await;
    refused(fake.deliver(&app.address, body.clone(), &format!("t={now}")).await).await;
    refused(fake.deliver(&app.address, body.clone(), "").await).await;
    let no_header = app.client.post(app.url("/api/v1/payments/stripe/webhook")).body(body.clone()).send().await.unwrap();
    refused(no_header).await;
    // The body is verified as received: the same JSON re-serialized differently does not pass.
    let pretty = serde_json::to_vec_pretty(&event).unwrap();
    refused(fake.deliver(&app.address, pretty, &signed(&body, now, WEBHOOK_SECRET)).await).await;

    // Two v1 signatures (a secret being rolled): one valid is enough.
    let two = format!("{},v1={}", signed(&body, now, "whsec_old"), signature::sign(WEBHOOK_SECRET, now, &body));
    let accepted = fake.deliver(&app.address, body.clone(), &two).await;
    assert_eq!(accepted.status(), 200);
    let accepted: Value = accepted.json().await.unwrap();
    assert_eq!(accepted, json!({ "received": true, "duplicate": false, "outcome": "unknown_payment" }));
    // A signature from 4 minutes ago is still within the tolerance, and the same event is recognised.
    let late = fake.deliver(&app.address, body.clone(), &signed(&body, now - 240, WEBHOOK_SECRET)).await;
    assert_eq!(late.status(), 200);
    assert_eq!(late.json::<Value>().await.unwrap(), json!({ "received": true, "duplicate": true, "outcome": "unknown_payment" }));
}

#[tokio::test]
async fn the_webhook_is_not_there_without_stripe() {
    let fake = FakeStripe::start().await;
    let app = TestApp::spawn().await;
    let event = foreign_event(&fake).await;
    let response = fake.send(&app.address, &event).await;
    assert_eq!(response.status(), 404);
    assert_eq!(response.json::<Value>().await.unwrap()["error_code"], "not_found");
}

#[tokio::test]
async fn unknown_event_types_are_acknowledged_and_bad_bodies_refused() {
    let fake = FakeStripe::start().await;
    let app = app_with_stripe(&fake).await;
    let event = json!({ "id": "evt_other_1", "object": "event", "type": "customer.created", "created": fake_stripe::now(),
                        "data": { "object": { "id": "cus_1", "object": "customer" } } });
    let response = fake.send(&app.address, &event).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.json::<Value>().await.unwrap()["outcome"], "ignored");
    let not_an_event = fake.send(&app.address, &json!({ "hello": "world" })).await;
    assert_eq!(not_an_event.status(), 400);
    assert_eq!(not_an_event.json::<Value>().await.unwrap()["error_code"], "invalid_payload");
}
