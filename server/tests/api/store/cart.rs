use serde_json::json;

use super::{cart_with, execute, new_cart, order_body, place, send, set_line, store_app, ORGANIZER, RIGHTS_GUIDE};
use crate::auth::{access_token, sign_up, unique_email};

#[tokio::test]
async fn a_cart_refuses_more_than_is_left_and_shows_price_changes_until_accepted() {
    let app = store_app().await;
    let token = new_cart(&app).await;
    let (status, refused) = set_line(&app, &token, ORGANIZER, 4).await;
    assert_eq!((status, &refused["error_code"], &refused["available"]), (409, &json!("out_of_stock"), &json!(3)));
    let (_, cart) = set_line(&app, &token, ORGANIZER, 2).await;
    assert_eq!(
        (cart["count"].as_i64(), cart["subtotal_cents"].as_i64(), cart["has_physical"].as_bool()),
        (Some(2), Some(4400), Some(true))
    );
    let (status, bad) = set_line(&app, &token, ORGANIZER, -1).await;
    assert_eq!((status, bad["error_code"].as_str()), (400, Some("invalid_quantity")));
    let (status, bad) = set_line(&app, &token, "NO-SUCH-SKU", 1).await;
    assert_eq!((status, bad["error_code"].as_str()), (404, Some("product_not_found")));

    execute(&app, &format!("UPDATE store_variants SET price_cents = 2500 WHERE sku = '{ORGANIZER}'")).await;
    let (_, cart) = send(&app, reqwest::Method::GET, &format!("/api/v1/store/carts/{token}"), None, &[]).await;
    let line = &cart["lines"][0];
    assert_eq!(
        (line["price_changed"].as_bool(), line["added_price_cents"].as_i64(), line["unit_price_cents"].as_i64()),
        (Some(true), Some(2200), Some(2500))
    );
    assert_eq!(cart["changed"], true);
    let (status, changed) = place(&app, &order_body(&token, "ana@example.com"), None).await;
    assert_eq!((status, changed["error_code"].as_str()), (409, Some("cart_changed")), "a new price is never applied silently");
    assert_eq!(changed["cart"]["lines"][0]["unit_price_cents"], 2500);
    let (_, accepted) = send(&app, reqwest::Method::POST, &format!("/api/v1/store/carts/{token}/accept"), None, &[]).await;
    assert_eq!((accepted["changed"].as_bool(), accepted["lines"][0]["added_price_cents"].as_i64()), (Some(false), Some(2500)));

    execute(&app, &format!("UPDATE store_variants SET stock = 0 WHERE sku = '{ORGANIZER}'")).await;
    let (_, cart) = send(&app, reqwest::Method::GET, &format!("/api/v1/store/carts/{token}"), None, &[]).await;
    assert_eq!((cart["lines"][0]["problem"].as_str(), cart["subtotal_cents"].as_i64()), (Some("sold_out"), Some(0)));
    let (status, sold_out) = place(&app, &order_body(&token, "ana@example.com"), None).await;
    assert_eq!(
        (status, sold_out["error_code"].as_str(), sold_out["sku"].as_str()),
        (409, Some("out_of_stock"), Some(ORGANIZER)),
        "sold out at checkout: a clear refusal"
    );
    let (status, gone) = send(&app, reqwest::Method::GET, "/api/v1/store/carts/not-a-cart", None, &[]).await;
    assert_eq!((status, gone["error_code"].as_str()), (404, Some("cart_not_found")));
}

#[tokio::test]
async fn a_guest_cart_merges_into_the_users_at_sign_in_capped_by_stock() {
    let app = crate::helpers::TestApp::spawn_with(&["--auth-autoconfirm", "true", "--store-writes-per-ip-hour", "100000"]).await;
    let session = sign_up(&app, &unique_email("buyer")).await;
    let bearer = format!("Bearer {}", access_token(&session));
    let auth = [("authorization", bearer.as_str())];
    let (status, mine) = send(&app, reqwest::Method::GET, "/api/v1/store/cart", None, &auth).await;
    assert_eq!(status, 200);
    let user_token = mine["token"].as_str().unwrap().to_owned();
    let (_, _) = send(
        &app,
        reqwest::Method::PUT,
        &format!("/api/v1/store/carts/{user_token}/lines"),
        Some(&json!({"sku": ORGANIZER, "quantity": 2})),
        &auth,
    )
    .await;
    let guest = cart_with(&app, ORGANIZER, 2).await;
    set_line(&app, &guest, RIGHTS_GUIDE, 1).await;
    let (status, merged) = send(&app, reqwest::Method::POST, "/api/v1/store/cart/merge", Some(&json!({ "token": guest })), &auth).await;
    assert_eq!(status, 200, "{merged}");
    assert_eq!(merged["token"].as_str(), Some(user_token.as_str()));
    let quantities: Vec<(String, i64)> = merged["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| (l["sku"].as_str().unwrap().to_owned(), l["quantity"].as_i64().unwrap()))
        .collect();
    assert!(quantities.contains(&(ORGANIZER.to_owned(), 3)), "2 + 2 capped at the 3 left: {quantities:?}");
    assert!(quantities.contains(&(RIGHTS_GUIDE.to_owned(), 1)));
    let (status, _) = send(&app, reqwest::Method::GET, &format!("/api/v1/store/carts/{guest}"), None, &[]).await;
    assert_eq!(status, 404, "the guest cart is gone");
    let (status, theirs) = send(&app, reqwest::Method::GET, &format!("/api/v1/store/carts/{user_token}"), None, &[]).await;
    assert_eq!((status, theirs["error_code"].as_str()), (403, Some("cart_not_yours")), "a user's cart needs the user");
    let (_, again) = send(&app, reqwest::Method::GET, "/api/v1/store/cart", None, &auth).await;
    assert_eq!(again["count"], 4, "the same cart on every device");
}
