//! Consultations paid through Stripe (the fake in tests/api/fake_stripe.rs): the booking holds
//! its time with a PaymentIntent, and only a verified webhook or the reconciliation confirms
//! it — once, whatever Stripe redelivers or reorders, and only for the amount asked.

use std::time::Duration;

use serde_json::{json, Value};

use crate::consultations::{form, hold, pay, post, slots, unique_email, with_token, ALL_HOURS};
use crate::fake_stripe::{FakeStripe, PUBLISHABLE_KEY, SECRET_KEY};
use crate::helpers::TestApp;

pub async fn app(fake: &FakeStripe, extra: &[&str]) -> TestApp {
    let flags = fake.flags();
    let mut args: Vec<&str> = flags.iter().map(String::as_str).collect();
    args.extend_from_slice(&ALL_HOURS);
    args.extend_from_slice(extra);
    TestApp::spawn_with(&args).await
}

/// The PaymentIntent id behind a booking view's client secret.
pub fn intent_of(view: &Value) -> String {
    let secret = view["payment"]["client_secret"].as_str().expect("a client secret for the Payment Element");
    secret.split("_secret_").next().unwrap().to_owned()
}

pub async fn view(app: &TestApp, booking: &Value) -> Value {
    let response = with_token(app, reqwest::Method::GET, booking, "", None).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

pub async fn outcome(response: reqwest::Response) -> (bool, String) {
    assert_eq!(response.status(), 200, "webhook accepted");
    let body: Value = response.json().await.unwrap();
    (body["duplicate"].as_bool().unwrap(), body["outcome"].as_str().unwrap_or_default().to_owned())
}

pub async fn mails_to(app: &TestApp, email: &str) -> usize {
    app.mailbox().await.iter().filter(|m| m["to"] == email).count()
}

#[tokio::test]
async fn a_verified_webhook_confirms_the_booking_once_whatever_stripe_redelivers() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let held = hold(&app, "complete", &start, "es").await;
    let id = held["id"].as_str().unwrap();
    let email = held["email"].as_str().unwrap().to_owned();
    assert_eq!(held["payment"]["provider"], "stripe");
    assert_eq!(held["payment"]["status"], "requires_payment");
    assert_eq!(held["payment"]["publishable_key"], PUBLISHABLE_KEY);
    let pi = intent_of(&held);
    let intent = fake.intent(&pi);
    assert_eq!((intent["amount"].as_i64(), intent["currency"].as_str()), (Some(9900), Some("usd")));
    assert_eq!(intent["metadata"], json!({ "purchase_kind": "consultation", "purchase_id": id, "purpose": "purchase" }));

    // The sandbox card form is not for Stripe bookings.
    let sandbox = pay(&app, id, "4242424242424242").await;
    assert_eq!(sandbox.status(), 409);
    assert_eq!(sandbox.json::<Value>().await.unwrap()["error_code"], "use_stripe");

    // A declined card in the Payment Element: the hold stays for another try.
    let declined = fake.pay(&pi, "4000000000000002");
    assert_eq!(outcome(fake.send(&app.address, &declined).await).await, (false, "payment_failed".to_owned()));
    assert_eq!(view(&app, &held).await["status"], "held");

    let succeeded = fake.pay(&pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &succeeded).await).await, (false, "confirmed".to_owned()));
    let confirmed = view(&app, &held).await;
    assert_eq!(confirmed["status"], "confirmed");
    assert_eq!(
        confirmed["payment"],
        json!({ "provider": "stripe", "status": "succeeded", "client_secret": confirmed["payment"]["client_secret"], "publishable_key": PUBLISHABLE_KEY,
                "card_brand": "visa", "card_last4": "4242" })
    );
    assert_eq!(mails_to(&app, &email).await, 1, "one confirmation e-mail");

    // Redelivered twice, the older failure delivered late, and news the PaymentIntent contradicts.
    assert_eq!(outcome(fake.send(&app.address, &succeeded).await).await, (true, "confirmed".to_owned()));
    assert_eq!(outcome(fake.send(&app.address, &succeeded).await).await, (true, "confirmed".to_owned()));
    assert_eq!(outcome(fake.send(&app.address, &declined).await).await, (true, "payment_failed".to_owned()));
    let canceled_news = fake.event("payment_intent.canceled", &pi);
    assert_eq!(outcome(fake.send(&app.address, &canceled_news).await).await, (false, "stale_news".to_owned()));
    // The same success as a new event (Stripe may send one per attempt): still one effect.
    let again = fake.event("payment_intent.succeeded", &pi);
    assert_eq!(outcome(fake.send(&app.address, &again).await).await, (false, "already_confirmed".to_owned()));
    assert_eq!(view(&app, &held).await["status"], "confirmed");
    assert_eq!(mails_to(&app, &email).await, 1, "still one confirmation e-mail");
}

#[tokio::test]
async fn a_payment_of_another_amount_or_currency_confirms_nothing() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let times = slots(&app, "essential", 7).await;
    for (i, (amount, currency)) in [(100, "usd"), (4900, "eur")].into_iter().enumerate() {
        let held = hold(&app, "essential", &times[i * 4].0, "en").await;
        let pi = intent_of(&held);
        fake.tamper(&pi, amount, currency);
        let paid = fake.pay(&pi, "4242424242424242");
        assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "amount_mismatch".to_owned()), "{amount} {currency}");
        let after = view(&app, &held).await;
        assert_eq!((&after["status"], &after["payment"]["status"]), (&json!("held"), &json!("requires_payment")));
    }
}

#[tokio::test]
async fn the_reconciliation_confirms_a_booking_whose_webhook_was_lost() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &["--stripe-reconcile-after-secs", "1", "--stripe-reconcile-interval-secs", "1"]).await;
    let times = slots(&app, "premium", 7).await;
    let paid = hold(&app, "premium", &times[0].0, "pt").await;
    let unpaid = hold(&app, "premium", &times[6].0, "pt").await;
    fake.pay(&intent_of(&paid), "5555555555554444"); // …and the webhook never arrives.

    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    let confirmed = loop {
        let current = view(&app, &paid).await;
        if current["status"] == "confirmed" || tokio::time::Instant::now() > deadline {
            break current;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(confirmed["status"], "confirmed", "{confirmed:#}");
    assert_eq!((&confirmed["payment"]["card_brand"], &confirmed["payment"]["card_last4"]), (&json!("mastercard"), &json!("4444")));
    assert_eq!(mails_to(&app, paid["email"].as_str().unwrap()).await, 1);
    // The pass looks the payments up one after the other: the paid one may be confirmed before
    // the unpaid one is asked about.
    let looked_up = |intent: String| {
        let fake = &fake;
        async move {
            let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
            loop {
                let lookups: Vec<_> = fake.requests().into_iter().filter(|r| r.method == "GET" && r.path.ends_with(&intent)).collect();
                if !lookups.is_empty() || tokio::time::Instant::now() > deadline {
                    return lookups;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
        }
    };
    assert!(looked_up(intent_of(&paid)).await.iter().any(|r| r.param("expand[]") == Some("latest_charge")));
    assert!(!looked_up(intent_of(&unpaid)).await.is_empty(), "the unpaid one was looked up too");
    assert_eq!(view(&app, &unpaid).await["status"], "held", "…and left as it is");

    // The webhook turning up after all changes nothing.
    let late = fake.event("payment_intent.succeeded", &intent_of(&paid));
    assert_eq!(outcome(fake.send(&app.address, &late).await).await, (false, "already_confirmed".to_owned()));
    assert_eq!(mails_to(&app, paid["email"].as_str().unwrap()).await, 1);
}

#[tokio::test]
async fn a_booking_paid_just_before_its_hold_ends_is_confirmed_not_released() {
    let fake = FakeStripe::start().await;
    let flags = ["--consultation-hold-secs", "5", "--consultation-hold-sweep-secs", "1", "--stripe-reconcile-interval-secs", "1"];
    let app = app(&fake, &flags).await;
    let (start, _) = slots(&app, "essential", 7).await[0].clone();
    let held = hold(&app, "essential", &start, "en").await;
    fake.pay(&intent_of(&held), "4242424242424242"); // The webhook is late: only the last look before the sweep can tell.

    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    let settled = loop {
        let current = view(&app, &held).await;
        if current["status"] != "held" || tokio::time::Instant::now() > deadline {
            break current;
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    assert_eq!(settled["status"], "confirmed", "{settled:#}");
    assert!(fake.refunds().is_empty(), "nothing refunded");
    tokio::time::sleep(Duration::from_secs(2)).await;
    assert_eq!(view(&app, &held).await["status"], "confirmed", "the sweeper leaves it alone");
}

#[tokio::test]
async fn a_retried_booking_request_creates_one_payment_intent() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let body = form("complete", &start, &unique_email("rui"), "pt");
    let send = || app.client.post(app.url("/api/v1/consultations/bookings")).header("idempotency-key", "form-7f3a").json(&body).send();
    let first: Value = send().await.unwrap().json().await.unwrap();
    let second: Value = send().await.unwrap().json().await.unwrap();
    assert_eq!(first["id"], second["id"]);
    assert_eq!(intent_of(&first), intent_of(&second));
    assert_eq!(fake.intent_count(), 1);
    let creations: Vec<_> = fake.requests().into_iter().filter(|r| r.path == "/v1/payment_intents").collect();
    assert!(!creations.is_empty());
    let key = format!("booking-{}", first["id"].as_str().unwrap());
    assert!(creations.iter().all(|r| r.idempotency_key.as_deref() == Some(key.as_str())), "{creations:?}");
}

#[tokio::test]
async fn a_cancellation_refunds_at_stripe_and_the_refund_event_agrees() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let held = hold(&app, "complete", &start, "en").await;
    let pi = intent_of(&held);
    let paid = fake.pay(&pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await.1, "confirmed");

    let cancelled = with_token(&app, reqwest::Method::POST, &held, "/cancel", Some(&json!({}))).await;
    assert_eq!(cancelled.status(), 200);
    let cancelled: Value = cancelled.json().await.unwrap();
    assert_eq!((&cancelled["status"], &cancelled["refund_cents"]), (&json!("cancelled"), &json!(9900)));
    let refunds = fake.refunds();
    assert_eq!(refunds.len(), 1);
    assert_eq!((&refunds[0]["payment_intent"], &refunds[0]["amount"]), (&json!(pi), &json!(9900)));

    // Stripe then reports the refund (twice): the recorded total does not move past it.
    let refunded = fake.refund_event(&pi);
    assert_eq!(outcome(fake.send(&app.address, &refunded).await).await, (false, "refunded".to_owned()));
    assert_eq!(outcome(fake.send(&app.address, &refunded).await).await, (true, "refunded".to_owned()));
    let after = view(&app, &held).await;
    assert_eq!(
        (&after["status"], &after["payment"]["status"], &after["refund_cents"]),
        (&json!("cancelled"), &json!("refunded"), &json!(9900))
    );
}

#[tokio::test]
async fn a_refund_event_that_overtakes_our_own_record_of_the_refund_is_not_counted_twice() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let held = hold(&app, "complete", &start, "en").await;
    let pi = intent_of(&held);
    let paid = fake.pay(&pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await.1, "confirmed");

    // Stripe makes the refund and sends `charge.refunded` before its answer reaches us: our
    // refund request is held up, the refund is made meanwhile under the same idempotency key
    // (so our request gets that refund back), and the event is delivered first.
    fake.stall_next(1, Duration::from_secs(2));
    let empty = json!({});
    let cancel = with_token(&app, reqwest::Method::POST, &held, "/cancel", Some(&empty));
    let stripe_side = async {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        while !fake.requests().iter().any(|r| r.path == "/v1/refunds") {
            assert!(tokio::time::Instant::now() < deadline, "the cancellation asks Stripe for the refund");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        let made = reqwest::Client::new()
            .post(format!("{}/v1/refunds", fake.url()))
            .bearer_auth(SECRET_KEY)
            .header("idempotency-key", format!("cancel-{}", held["id"].as_str().unwrap()))
            .form(&[("payment_intent", pi.as_str()), ("amount", "9900")])
            .send()
            .await
            .unwrap();
        assert_eq!(made.status(), 200);
        assert_eq!(outcome(fake.send(&app.address, &fake.refund_event(&pi)).await).await, (false, "refunded".to_owned()));
    };
    let (cancelled, ()) = tokio::join!(cancel, stripe_side);
    assert_eq!(cancelled.status(), 200);
    assert_eq!(fake.refunds().len(), 1, "one refund at Stripe");

    let recorded = app.fetch_one_text(&format!("SELECT CAST(refunded_cents AS TEXT) FROM payments WHERE provider_ref = '{pi}'")).await;
    assert_eq!(recorded, "9900", "the refund is recorded once, not once per report");
    let after = view(&app, &held).await;
    assert_eq!(
        (&after["status"], &after["payment"]["status"], &after["refund_cents"]),
        (&json!("cancelled"), &json!("refunded"), &json!(9900))
    );
}

#[tokio::test]
async fn an_expired_hold_cancels_its_payment_intent_and_a_late_payment_is_refunded_once() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &["--consultation-hold-secs", "2", "--consultation-hold-sweep-secs", "1"]).await;
    let times = slots(&app, "essential", 7).await;
    let abandoned = hold(&app, "essential", &times[0].0, "es").await;
    let late = hold(&app, "essential", &times[4].0, "es").await;
    let late_pi = intent_of(&late);
    // Paid at the last moment, but the webhook is slower than the sweeper.
    let paid = fake.pay(&late_pi, "4242424242424242");

    let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
    while fake.intent(&intent_of(&abandoned))["status"] != "canceled" || fake.refunds().is_empty() {
        assert!(tokio::time::Instant::now() < deadline, "the sweeper cancels and refunds");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    assert_eq!(view(&app, &abandoned).await["status"], "expired");
    assert_eq!(view(&app, &late).await["status"], "expired");
    let (duplicate, result) = outcome(fake.send(&app.address, &paid).await).await;
    assert!(!duplicate);
    assert_eq!(result, "refunded_late");
    assert_eq!(fake.refunds().len(), 1, "refunded once");
    assert_eq!(fake.refunds()[0]["amount"], 4900);
    let retry = post(&app, &format!("/api/v1/consultations/bookings/{}/payment", late["id"].as_str().unwrap()), &json!({})).await;
    assert_eq!(retry.status(), 409);
}
