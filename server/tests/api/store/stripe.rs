//! Store orders paid through Stripe (the fake of fake_stripe.rs): the webhook settles them as
//! it settles bookings, through the order's handler; a payment after the reservation ran out
//! goes back in full.

use super::{cart_with, execute, order_body, place, send, stock_of, ORGANIZER, RIGHTS_GUIDE};
use crate::fake_stripe::FakeStripe;
use crate::stripe_bookings::{app, intent_of, mails_to, outcome};

#[tokio::test]
async fn a_stripe_webhook_pays_an_order_and_a_late_payment_is_refunded() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &["--store-orders-per-ip-hour", "1000"]).await;
    let token = cart_with(&app, ORGANIZER, 1).await;
    super::set_line(&app, &token, RIGHTS_GUIDE, 1).await;
    let (status, order) = place(&app, &order_body(&token, "stripe@example.com"), None).await;
    assert_eq!((status, order["payment"]["provider"].as_str()), (201, Some("stripe")), "{order}");
    let (status, refused) = super::pay(&app, &order, "4242424242424242").await;
    assert_eq!((status, refused["error_code"].as_str()), (409, Some("use_stripe")), "cards go to Stripe's form");
    let pi = intent_of(&order);
    let paid = fake.pay(&pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "confirmed".to_owned()));
    let path = format!("/api/v1/store/orders/{}", order["id"].as_str().unwrap());
    let token_header = [("x-order-token", order["access_token"].as_str().unwrap())];
    let (_, view) = send(&app, reqwest::Method::GET, &path, None, &token_header).await;
    assert_eq!((view["status"].as_str(), view["payment"]["card_last4"].as_str()), (Some("paid"), Some("4242")));
    assert_eq!(mails_to(&app, "stripe@example.com").await, 1, "one receipt");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (true, "confirmed".to_owned()), "a redelivery changes nothing");

    let late_cart = cart_with(&app, ORGANIZER, 1).await;
    let (_, late) = place(&app, &order_body(&late_cart, "late@example.com"), None).await;
    execute(
        &app,
        &format!("UPDATE store_orders SET status = 'canceled', reserved_until = NULL WHERE id = '{}'", late["id"].as_str().unwrap()),
    )
    .await;
    execute(&app, &format!("UPDATE store_variants SET stock = stock + 1 WHERE sku = '{ORGANIZER}'")).await;
    let before = stock_of(&app, ORGANIZER).await;
    let late_pi = intent_of(&late);
    let paid = fake.pay(&late_pi, "4242424242424242");
    assert_eq!(outcome(fake.send(&app.address, &paid).await).await, (false, "refunded_late".to_owned()));
    assert_eq!(fake.refunds().len(), 1, "the whole payment goes back");
    assert_eq!(stock_of(&app, ORGANIZER).await, before, "a cancelled order takes nothing");
    assert_eq!(mails_to(&app, "late@example.com").await, 0);
}

/// The console's refunds go to Stripe (its Refunds API, our idempotency key), and Stripe's
/// `charge.refunded` webhook that follows counts nothing twice.
#[tokio::test]
async fn a_console_refund_goes_through_stripe_once() {
    let fake = FakeStripe::start().await;
    let app = app(&fake, &["--store-orders-per-ip-hour", "1000", "--auth-autoconfirm", "true"]).await;
    let (_, session) = crate::staff::member(&app, Some("admin")).await;
    let bearer = format!("Bearer {}", crate::auth::access_token(&session));
    let token = cart_with(&app, ORGANIZER, 2).await;
    let (_, order) = place(&app, &order_body(&token, "stripe.refund@example.com"), None).await;
    let pi = intent_of(&order);
    assert_eq!(outcome(fake.send(&app.address, &fake.pay(&pi, "4242424242424242")).await).await, (false, "confirmed".to_owned()));
    let id = order["id"].as_str().unwrap();
    let body = serde_json::json!({"reason": "One arrived broken", "restock": false, "lines": [{"position": 0, "quantity": 1}]});
    let path = format!("/api/v1/staff/orders/{id}/refunds");
    let headers = [("authorization", bearer.as_str()), ("idempotency-key", "broken-1")];
    let (status, refunded) = send(&app, reqwest::Method::POST, &path, Some(&body), &headers).await;
    let unit = refunded["lines"][0]["unit_price_cents"].as_i64().unwrap();
    assert_eq!((status, refunded["refunded_cents"].as_i64()), (200, Some(unit)), "{refunded}");
    let (status, _) = send(&app, reqwest::Method::POST, &path, Some(&body), &headers).await;
    assert_eq!(status, 200);
    assert_eq!(fake.refunds().len(), 1, "one refund at Stripe however often it is asked");
    assert_eq!(fake.refunds()[0]["amount"].as_i64(), Some(unit));
    fake.send(&app.address, &fake.refund_event(&pi)).await;
    let (_, after) = send(&app, reqwest::Method::GET, &format!("/api/v1/staff/orders/{id}"), None, &headers[..1]).await;
    assert_eq!((after["refunded_cents"].as_i64(), after["status"].as_str()), (Some(unit), Some("partially_refunded")), "{after}");
}
