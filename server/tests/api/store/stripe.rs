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
