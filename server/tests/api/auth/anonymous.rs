//! Anonymous sign-ins (`signInAnonymously()`), off unless AUTH_ANONYMOUS_SIGNINS, and turning
//! such an account into a permanent one by adding and confirming an e-mail address.

use serde_json::{json, Value};

use super::{access_token, claims, follow, fragment, get_with_token, latest_mail_to, sign_in, unique_email, verify_link};
use crate::helpers::TestApp;

#[tokio::test]
async fn anonymous_sign_ins_are_off_by_default() {
    let app = TestApp::spawn().await;
    let response = app.post_json("/auth/v1/signup", &json!({ "data": {} })).await;
    assert_eq!(response.status(), 422);
    assert_eq!(response.headers()["x-sb-error-code"], "anonymous_provider_disabled");
    let settings: Value = app.client.get(app.url("/auth/v1/settings")).send().await.unwrap().json().await.unwrap();
    assert_eq!(settings["external"]["anonymous_users"], false);
}

#[tokio::test]
async fn an_anonymous_account_becomes_permanent_with_a_confirmed_address() {
    let app = TestApp::spawn_with(&["--auth-anonymous-signins", "true"]).await;
    let response = app.post_json("/auth/v1/signup", &json!({ "data": { "lang": "es" }, "gotrue_meta_security": {} })).await;
    assert_eq!(response.status(), 200);
    let session: Value = response.json().await.unwrap();
    let token = access_token(&session).to_owned();
    assert_eq!(claims(&token)["is_anonymous"], true);
    assert_eq!(claims(&token)["amr"][0]["method"], "anonymous");
    assert_eq!((session["user"]["is_anonymous"].as_bool(), session["user"]["email"].as_str()), (Some(true), Some("")));
    assert_eq!(session["user"]["identities"], json!([]));

    let email = unique_email("anon");
    let updated = app.client.put(app.url("/auth/v1/user")).bearer_auth(&token).json(&json!({ "email": email })).send().await.unwrap();
    assert_eq!(updated.status(), 200);
    let mail = latest_mail_to(&app, &email).await;
    assert_eq!((mail["kind"].as_str(), mail["lang"].as_str()), (Some("email_change"), Some("es")));
    let landed = fragment(&follow(&app, &verify_link(&app, &mail)).await);
    let converted = landed["access_token"].clone();
    assert_eq!(claims(&converted)["is_anonymous"], false);
    let user: Value = get_with_token(&app, "/auth/v1/user", &converted).await.json().await.unwrap();
    assert_eq!((user["email"].as_str(), user["is_anonymous"].as_bool()), (Some(email.as_str()), Some(false)));
    assert_eq!(user["identities"][0]["provider"], "email");
    assert_eq!(user["id"], session["user"]["id"], "the same account, now permanent");

    let password = app
        .client
        .put(app.url("/auth/v1/user"))
        .bearer_auth(&converted)
        .json(&json!({ "password": "Now-permanent-1" }))
        .send()
        .await
        .unwrap();
    assert_eq!(password.status(), 200);
    assert_eq!(sign_in(&app, &email, "Now-permanent-1").await.status(), 200);
}
