//! Google sign-in over OpenID Connect, against the fake provider in `fake_oidc`.

use serde_json::{json, Value};

use super::{access_token, autoconfirm_app, fragment, get_with_token, query, sign_in, sign_up, unique_email, PASSWORD};
use crate::fake_oidc::{FakeOidc, Profile, CLIENT_ID, CLIENT_SECRET};
use crate::helpers::TestApp;

async fn google_app(extra: &[&str]) -> (TestApp, FakeOidc) {
    let fake = FakeOidc::start().await;
    let mut args = vec!["--google-client-id", CLIENT_ID, "--google-client-secret", CLIENT_SECRET, "--google-issuer-url", &fake.issuer];
    args.extend_from_slice(extra);
    (TestApp::spawn_with(&args).await, fake)
}

/// The browser's trip: our /authorize (keeping its cookie), the provider, our /callback.
/// Answers where the browser lands.
async fn browser_sign_in(app: &TestApp, start: &str, with_cookie: bool) -> String {
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let started = http.get(app.url(start)).send().await.unwrap();
    assert_eq!(started.status(), 303, "{}", started.text().await.unwrap());
    let cookie = started.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let at_provider = http.get(started.headers()["location"].to_str().unwrap()).send().await.unwrap();
    let callback = at_provider.headers()["location"].to_str().unwrap().to_owned();
    assert!(callback.starts_with("http://rumbo.localhost/auth/v1/callback?"), "{callback}");
    let callback = callback.replace("http://rumbo.localhost", &app.address);
    let mut request = http.get(&callback);
    if with_cookie {
        request = request.header("cookie", &cookie);
    }
    let landed = request.send().await.unwrap();
    assert_eq!(landed.status(), 303);
    landed.headers()["location"].to_str().unwrap().to_owned()
}

const START: &str = "/auth/v1/authorize?provider=google&redirect_to=http://rumbo.localhost/es/";

fn google_identities(user: &Value) -> Vec<&Value> {
    user["identities"].as_array().unwrap().iter().filter(|i| i["provider"] == "google").collect()
}

#[tokio::test]
async fn a_new_google_user_signs_in_with_names_in_the_profile() {
    let (app, fake) = google_app(&[]).await;
    let settings: Value = app.client.get(app.url("/auth/v1/settings")).send().await.unwrap().json().await.unwrap();
    assert_eq!(settings["external"]["google"], true);
    let email = unique_email("gina");
    fake.next(Profile::new("109876543210", &email, true).with("picture", json!(format!("{}/photo.png", fake.issuer))));
    let landed = browser_sign_in(&app, START, true).await;
    assert!(landed.starts_with("http://rumbo.localhost/es/#access_token="), "{landed}");
    let session = fragment(&landed);
    let token = session["access_token"].clone();
    let user: Value = get_with_token(&app, "/auth/v1/user", &token).await.json().await.unwrap();
    assert_eq!(user["email"], email);
    assert_eq!(user["app_metadata"]["provider"], "google");
    let google = google_identities(&user);
    assert_eq!((google.len(), google[0]["id"].as_str()), (1, Some("109876543210")));
    assert_eq!(super::claims(&token)["amr"][0]["method"], "oauth");
    let profile: Value = get_with_token(&app, "/api/v1/profile", &token).await.json().await.unwrap();
    assert_eq!((profile["first_name"].as_str(), profile["last_name"].as_str()), (Some("Gina"), Some("Gómez")));
    let mut avatar = Value::Null;
    for _ in 0..50 {
        avatar = get_with_token(&app, "/api/v1/profile", &token).await.json::<Value>().await.unwrap()["avatar_url"].clone();
        if !avatar.is_null() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let avatar = avatar.as_str().expect("the Google picture becomes the avatar").to_owned();
    assert!(avatar.starts_with("http://rumbo.localhost/media/avatars/"), "kept here, not loaded from the provider: {avatar}");
    let served = app.client.get(avatar.replace("http://rumbo.localhost", &app.address)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/jpeg");

    // The same Google account signs in as the same user, through a rotated provider key too.
    fake.rotate();
    fake.next(Profile::new("109876543210", &email, true));
    let again = fragment(&browser_sign_in(&app, START, true).await);
    let same: Value = get_with_token(&app, "/auth/v1/user", &again["access_token"]).await.json().await.unwrap();
    assert_eq!(same["id"], user["id"]);
}

#[tokio::test]
async fn an_unverified_google_email_never_enters_the_account_of_that_address() {
    let (app, fake) = google_app(&["--auth-autoconfirm", "true"]).await;
    let email = unique_email("owner");
    let owner = sign_up(&app, &email).await;
    fake.next(Profile::new("108000000000", &email, false));
    let landed = browser_sign_in(&app, START, true).await;
    let error = fragment(&landed);
    assert_eq!(error["error_code"], "provider_email_needs_verification", "{landed}");
    assert!(!error.contains_key("access_token"));
    let signed_in: Value = sign_in(&app, &email, PASSWORD).await.json().await.unwrap();
    assert_eq!(signed_in["user"]["id"], owner["user"]["id"]);
    assert!(google_identities(&signed_in["user"]).is_empty());

    // A verified Google address of a confirmed account links to it.
    fake.next(Profile::new("108000000001", &email, true));
    let linked = fragment(&browser_sign_in(&app, START, true).await);
    let user: Value = get_with_token(&app, "/auth/v1/user", &linked["access_token"]).await.json().await.unwrap();
    assert_eq!(user["id"], owner["user"]["id"]);
    assert_eq!(google_identities(&user).len(), 1);
    assert_eq!(user["app_metadata"]["providers"], json!(["email", "google"]));
}

#[tokio::test]
async fn an_unconfirmed_sign_up_is_taken_over_by_the_proven_owner_without_its_password() {
    let (app, fake) = google_app(&[]).await;
    let email = unique_email("victim");
    let squatted = app.post_json("/auth/v1/signup", &json!({ "email": email, "password": "Squatter-1" })).await;
    assert_eq!(squatted.status(), 200);
    fake.next(Profile::new("108000000002", &email, true));
    let session = fragment(&browser_sign_in(&app, START, true).await);
    assert!(session.contains_key("access_token"));
    let squatter = sign_in(&app, &email, "Squatter-1").await;
    assert_eq!(squatter.status(), 400, "the password set before the address was proven is gone");
}

#[tokio::test]
async fn tokens_the_site_did_not_ask_for_are_refused() {
    let (app, fake) = google_app(&[]).await;
    let now = rumbo::platform::db::now_unix();
    for (key, value) in [
        ("aud", json!("someone-else")),
        ("exp", json!(now - 120)),
        ("nonce", json!("replayed-nonce")),
        ("iss", json!("https://evil.example")),
    ] {
        fake.next(Profile::new("107000000000", &unique_email("gina"), true).with(key, value));
        let landed = fragment(&browser_sign_in(&app, START, true).await);
        assert_eq!(landed.get("error_code").map(String::as_str), Some("bad_oauth_callback"), "{key}: {landed:?}");
    }
    fake.next(Profile::new("107000000001", &unique_email("gina"), true));
    let other_browser = fragment(&browser_sign_in(&app, START, false).await);
    assert_eq!(other_browser["error_code"], "bad_oauth_state", "a callback without the flow's cookie");
    let unknown = app.client.get(app.url("/auth/v1/callback?code=x&state=made-up")).send().await.unwrap();
    assert!(unknown.headers()["location"].to_str().unwrap().contains("error_code=bad_oauth_state"));
    let elsewhere = browser_sign_in(&app, "/auth/v1/authorize?provider=google&redirect_to=https://evil.example/", true).await;
    assert!(elsewhere.starts_with("http://rumbo.localhost/"), "redirects only to allowed places: {elsewhere}");
}

#[tokio::test]
async fn the_pkce_flow_lands_with_a_code_and_id_tokens_sign_in_directly() {
    let (app, fake) = google_app(&[]).await;
    let verifier = "a-pkce-verifier-that-is-long-enough-to-be-valid-0123456789";
    let challenge = {
        use base64::Engine;
        use sha2::Digest;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(sha2::Sha256::digest(verifier.as_bytes()))
    };
    fake.next(Profile::new("106000000000", &unique_email("gina"), true));
    let landed = browser_sign_in(&app, &format!("{START}&code_challenge={challenge}&code_challenge_method=s256"), true).await;
    let code = query(&landed)["code"].clone();
    let session: Value = app
        .post_json("/auth/v1/token?grant_type=pkce", &json!({ "auth_code": code, "code_verifier": verifier }))
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(google_identities(&session["user"]).len(), 1, "{session}");

    let profile = Profile::new("106000000001", &unique_email("tap"), true);
    let id_token = fake.id_token(&profile, Some(&rumbo_sha256("raw-nonce")));
    let body = json!({ "provider": "google", "id_token": id_token, "nonce": "raw-nonce" });
    let tapped = app.post_json("/auth/v1/token?grant_type=id_token", &body).await;
    assert_eq!(tapped.status(), 200);
    let wrong_nonce = json!({ "provider": "google", "id_token": id_token, "nonce": "other" });
    assert_eq!(app.post_json("/auth/v1/token?grant_type=id_token", &wrong_nonce).await.status(), 400);
    let foreign = fake.id_token(&profile.clone().with("aud", json!("another-app")), None);
    assert_eq!(
        app.post_json("/auth/v1/token?grant_type=id_token", &json!({ "provider": "google", "id_token": foreign })).await.status(),
        400
    );

    let plain = autoconfirm_app().await;
    let off = plain.post_json("/auth/v1/token?grant_type=id_token", &json!({ "provider": "google", "id_token": id_token })).await;
    assert_eq!(off.status(), 400);
    assert_eq!(off.headers()["x-sb-error-code"], "provider_disabled");
    let authorize = plain.client.get(plain.url(START)).send().await.unwrap();
    assert_eq!(authorize.status(), 400, "no Google without its settings");
}

fn rumbo_sha256(text: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(text.as_bytes()).iter().map(|b| format!("{b:02x}")).collect()
}

#[tokio::test]
async fn identities_link_and_unlink_but_never_the_last() {
    let (app, fake) = google_app(&["--auth-autoconfirm", "true"]).await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let token = access_token(&session).to_owned();
    let path = "/auth/v1/user/identities/authorize?provider=google&skip_http_redirect=true";
    let disabled = get_with_token(&app, path, &token).await;
    assert_eq!((disabled.status().as_u16(), disabled.headers()["x-sb-error-code"].to_str().unwrap()), (404, "manual_linking_disabled"));

    let (app, fake_linking) = google_app(&["--auth-autoconfirm", "true", "--auth-manual-linking", "true"]).await;
    drop(fake);
    let email = unique_email("ana");
    let session = sign_up(&app, &email).await;
    let token = access_token(&session).to_owned();
    let http = reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap();
    let started = http.get(app.url(path)).bearer_auth(&token).send().await.unwrap();
    let cookie = started.headers()["set-cookie"].to_str().unwrap().split(';').next().unwrap().to_owned();
    let url = started.json::<Value>().await.unwrap()["url"].as_str().unwrap().to_owned();
    fake_linking.next(Profile::new("105000000000", "ana.at.google@example.com", true));
    let at_provider = http.get(&url).send().await.unwrap();
    let callback = at_provider.headers()["location"].to_str().unwrap().replace("http://rumbo.localhost", &app.address);
    let landed = http.get(&callback).header("cookie", cookie).send().await.unwrap();
    assert!(fragment(landed.headers()["location"].to_str().unwrap()).contains_key("access_token"));
    let user: Value = get_with_token(&app, "/auth/v1/user", &token).await.json().await.unwrap();
    assert_eq!(user["email"], email, "linking keeps the account's address");
    let google = google_identities(&user)[0]["identity_id"].as_str().unwrap().to_owned();
    let email_identity = user["identities"].as_array().unwrap().iter().find(|i| i["provider"] == "email").unwrap()["identity_id"]
        .as_str()
        .unwrap()
        .to_owned();

    let unlink = |id: String| {
        let (app, token) = (&app, token.clone());
        async move { app.client.delete(app.url(&format!("/auth/v1/user/identities/{id}"))).bearer_auth(token).send().await.unwrap() }
    };
    assert_eq!(unlink(google).await.status(), 200);
    let last = unlink(email_identity).await;
    assert_eq!((last.status().as_u16(), last.headers()["x-sb-error-code"].to_str().unwrap()), (422, "single_identity_not_deletable"));
    let user: Value = get_with_token(&app, "/auth/v1/user", &token).await.json().await.unwrap();
    assert_eq!(user["app_metadata"]["providers"], json!(["email"]));
}
