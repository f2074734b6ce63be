//! Payments settle purchases of a kind through the handler registered for that kind
//! (docs/decisions/010-payments-purchases.md): seen here through Stripe's webhooks (the fake in
//! fake_stripe.rs), for a kind this build does not know and for PaymentIntents made before
//! payments had kinds.

use serde_json::json;

use crate::consultations::{hold, slots};
use crate::fake_stripe::FakeStripe;
use crate::helpers::TestApp;
use crate::stripe_bookings::{app, intent_of, mails_to, outcome, view};

async fn execute(app: &TestApp, sql: &str) {
    let db = rumbo::platform::db::Db::connect(&app.database_url().parse().unwrap(), 1).await.unwrap();
    sqlx::query(sql).execute(&db.pool).await.expect("statement runs");
}

#[tokio::test]
async fn a_payment_of_a_kind_nobody_registered_is_refused_and_never_settles_a_booking() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let (start, _) = slots(&app, "complete", 7).await[0].clone();
    let held = hold(&app, "complete", &start, "en").await;
    let (id, pi) = (held["id"].as_str().unwrap(), intent_of(&held));
    // A payment of a kind this build has no handler for (a later build's gift cards) that
    // names the booking's id as its purchase: only its kind may decide who settles it.
    execute(&app, &format!("UPDATE payments SET purchase_kind = 'gift_card' WHERE provider_ref = '{pi}'")).await;
    fake.set_metadata(&pi, &[("purchase_kind", "gift_card"), ("purchase_id", id), ("purpose", "purchase")]);

    let paid = fake.pay(&pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "unknown_purchase_kind".to_owned()));
    let refund_news = fake.refund_event(&pi);
    assert_eq!(outcome(fake.send(&app.address, &refund_news).await).await, (false, "unknown_purchase_kind".to_owned()));

    assert_eq!(view(&app, &held).await["status"], "held", "the booking is not confirmed");
    let payment = format!("SELECT status FROM payments WHERE provider_ref = '{pi}'");
    assert_eq!(app.fetch_one_text(&payment).await, "requires_payment", "left unsettled, for a build that knows the kind");
    assert_eq!(mails_to(&app, held["email"].as_str().unwrap()).await, 0, "no confirmation e-mail");
    assert!(fake.refunds().is_empty(), "nor refunded as a late booking payment");
}

#[tokio::test]
async fn a_payment_intent_made_before_purchase_kinds_still_confirms_its_booking() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &[]).await;
    let times = slots(&app, "essential", 7).await;
    let old = hold(&app, "essential", &times[0].0, "es").await;
    let other = hold(&app, "essential", &times[4].0, "es").await;
    // What the previous build wrote: the booking in `booking_id`, and `kind`.
    let old_pi = intent_of(&old);
    fake.set_metadata(&old_pi, &[("booking_id", old["id"].as_str().unwrap()), ("kind", "consultation")]);
    let paid = fake.pay(&old_pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "confirmed".to_owned()));
    let confirmed = view(&app, &old).await;
    assert_eq!((&confirmed["status"], &confirmed["payment"]["card_last4"]), (&json!("confirmed"), &json!("4242")));

    // …and one naming another booking there is not this payment's to confirm.
    let other_pi = intent_of(&other);
    fake.set_metadata(&other_pi, &[("booking_id", old["id"].as_str().unwrap()), ("kind", "consultation")]);
    let paid = fake.pay(&other_pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "amount_mismatch".to_owned()));
    assert_eq!(view(&app, &other).await["status"], "held");
}
