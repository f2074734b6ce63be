use serde_json::Value;

use super::{cart_with, execute, pay, place, send, RIGHTS_GUIDE};
use crate::helpers::TestApp;

/// The order token of the receipt's `…/store/orders/{id}?token=…` link.
pub fn receipt_order_link(text: &str) -> String {
    let start = text.find("?token=").expect("the receipt links the order") + "?token=".len();
    text[start..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_').collect()
}

/// A paid order of the rights guide, in `lang`.
async fn paid_guide(app: &TestApp, email: &str, lang: &str) -> Value {
    let token = cart_with(app, RIGHTS_GUIDE, 1).await;
    let body = serde_json::json!({ "cart_token": token, "email": email, "language": lang });
    let (status, order) = place(app, &body, None).await;
    assert_eq!(status, 201, "{order}");
    let (status, paid) = pay(app, &order, "4242424242424242").await;
    assert_eq!((status, paid["status"].as_str()), (200, Some("fulfilled")), "digital goods are fulfilled at once: {paid}");
    let mut paid = paid;
    paid["access_token"] = order["access_token"].clone();
    paid
}

/// The path and query of an absolute link of this site.
fn local(url: &str) -> String {
    let start = url.find("/api/").expect("an API link");
    url[start..].to_owned()
}

async fn fetch(app: &TestApp, url: &str) -> (u16, Vec<u8>) {
    let response = app.client.get(app.url(&local(url))).send().await.unwrap();
    (response.status().as_u16(), response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn download_links_are_signed_counted_expiring_and_reissued() {
    let app = TestApp::spawn_with(&["--store-download-limit", "2", "--store-writes-per-ip-hour", "100000"]).await;
    let order = paid_guide(&app, "reader@example.com", "es").await;
    let download = &order["downloads"][0];
    assert_eq!((download["language"].as_str(), download["downloads_left"].as_i64()), (Some("es"), Some(2)));
    let url = download["url"].as_str().unwrap();
    let (status, pdf) = fetch(&app, url).await;
    assert_eq!(status, 200);
    assert!(pdf.starts_with(b"%PDF-"), "the Spanish PDF");
    assert_eq!(fetch(&app, url).await.0, 200);
    let (status, used_up) = fetch(&app, url).await;
    assert_eq!(status, 410);
    assert_eq!(serde_json::from_slice::<Value>(&used_up).unwrap()["error_code"], "download_used_up");

    let forged = url.replace("&s=", "&s=x");
    assert_eq!(fetch(&app, &forged).await.0, 404, "a link this site did not sign");
    let later = url.replacen("&e=", "&e=9", 1);
    assert_eq!(fetch(&app, &later).await.0, 404, "the expiry is signed too");

    let id = order["id"].as_str().unwrap();
    let token = order["access_token"].as_str().unwrap();
    let reissue = format!("/api/v1/store/orders/{id}/downloads/{}/reissue", download["id"].as_str().unwrap());
    let (status, fresh) = send(&app, reqwest::Method::POST, &reissue, None, &[("x-order-token", token)]).await;
    assert_eq!((status, fresh["downloads_left"].as_i64()), (200, Some(2)), "{fresh}");
    assert_ne!(fresh["url"], download["url"]);
    assert_eq!(fetch(&app, url).await.0, 410, "the old link stopped working");
    assert_eq!(fetch(&app, fresh["url"].as_str().unwrap()).await.0, 200);

    execute(&app, &format!("UPDATE store_downloads SET expires_at = 1 WHERE order_id = '{id}'")).await;
    let (status, expired) = fetch(&app, fresh["url"].as_str().unwrap()).await;
    assert_eq!(status, 410);
    assert_eq!(serde_json::from_slice::<Value>(&expired).unwrap()["error_code"], "download_expired");

    let other = paid_guide(&app, "someone@example.com", "en").await;
    let (status, _) =
        send(&app, reqwest::Method::POST, &reissue, None, &[("x-order-token", other["access_token"].as_str().unwrap())]).await;
    assert_eq!(status, 404, "another order's token opens nothing of this one");
    let theirs = format!("/api/v1/store/orders/{}/downloads/{}/reissue", other["id"].as_str().unwrap(), download["id"].as_str().unwrap());
    let (status, _) = send(&app, reqwest::Method::POST, &theirs, None, &[("x-order-token", other["access_token"].as_str().unwrap())]).await;
    assert_eq!(status, 404, "a download of another order is not theirs to reissue");
    assert_eq!(other["downloads"][0]["language"], "en");
    assert_eq!(app.get("/data/store-files/").await.status(), 404, "files are never reachable by a path");
}

/// The receipt travels over real SMTP (a loopback sink) in the buyer's language, and its
/// download link fetches the guide.
#[tokio::test]
async fn the_receipt_is_delivered_over_smtp_and_its_link_downloads_the_guide() {
    let sink = crate::smtp_sink::SmtpSink::start().await;
    let app = TestApp::spawn_with(&["--smtp-url", &sink.url(), "--mail-from", "Rumbo <hola@rumbo.test>"]).await;
    let order = paid_guide(&app, "leitora@example.com", "pt").await;
    let received = sink.wait_for(1, 10).await;
    let mail = received.iter().find(|m| m.rcpt_to == ["TO:<leitora@example.com>"]).expect("the receipt arrived");
    assert!(mail.header("subject").unwrap().contains(order["number"].as_str().unwrap()));
    let text = mail.part("text/plain; charset=utf-8").expect("a text part");
    let html = mail.part("text/html; charset=utf-8").expect("an HTML part");
    assert!(text.contains("Seu pagamento foi aprovado") && html.contains("Obrigado pelo seu pedido"), "{text}");
    let link = text.split_whitespace().find(|w| w.contains("/api/v1/store/downloads/")).expect("a download link");
    let (status, pdf) = fetch(&app, link).await;
    assert_eq!(status, 200);
    assert!(pdf.starts_with(b"%PDF-"));
}
