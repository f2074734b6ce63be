//! Two-factor authentication: GoTrue's TOTP factor API and our recovery codes, over HTTP.

use serde_json::{json, Value};

use super::{access_token, autoconfirm_app, base32_decode, claims, get_with_token, refresh, sign_in, sign_up, unique_email, PASSWORD};
use crate::helpers::TestApp;

/// Codes for an enrolled factor, each from a step no earlier code used.
struct Authenticator {
    secret: Vec<u8>,
    last_step: i64,
}

impl Authenticator {
    fn now_step() -> i64 {
        rumbo::auth::mfa::totp::step_of(rumbo::platform::db::now_unix())
    }

    fn next_code(&mut self) -> String {
        let step = Self::now_step().max(self.last_step + 1);
        self.last_step = step;
        rumbo::auth::mfa::totp::code_at(&self.secret, step, 6)
    }

    /// A code no step within a minute either side gives.
    fn wrong_code(&self) -> String {
        let near: Vec<String> = (-2..=2).map(|d| rumbo::auth::mfa::totp::code_at(&self.secret, Self::now_step() + d, 6)).collect();
        (0..1_000_000).map(|n| format!("{n:06}")).find(|code| !near.contains(code)).unwrap()
    }
}

async fn call(app: &TestApp, method: &str, path: &str, token: &str, body: Value) -> (u16, Value) {
    let request =
        app.client.request(method.parse().unwrap(), app.url(path)).bearer_auth(token).header("x-supabase-api-version", "2024-01-01");
    let response = request.json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn enroll(app: &TestApp, token: &str, name: &str) -> (String, Authenticator) {
    let (status, body) = call(app, "POST", "/auth/v1/factors", token, json!({ "factor_type": "totp", "friendly_name": name })).await;
    assert_eq!(status, 200, "{body}");
    let secret = body["totp"]["secret"].as_str().unwrap();
    (body["id"].as_str().unwrap().to_owned(), Authenticator { secret: base32_decode(secret), last_step: i64::MIN })
}

/// Challenges and verifies `code`; the answer's status and body.
async fn verify(app: &TestApp, token: &str, factor: &str, code: &str) -> (u16, Value) {
    let (status, challenge) = call(app, "POST", &format!("/auth/v1/factors/{factor}/challenge"), token, json!({})).await;
    assert_eq!(status, 200, "{challenge}");
    let body = json!({ "challenge_id": challenge["id"], "code": code });
    call(app, "POST", &format!("/auth/v1/factors/{factor}/verify"), token, body).await
}

fn amr_methods(session: &Value) -> Vec<String> {
    claims(access_token(session))["amr"].as_array().unwrap().iter().map(|m| m["method"].as_str().unwrap().to_owned()).collect()
}

#[tokio::test]
async fn enrolment_verification_sign_in_step_up_and_removal() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let first = sign_up(&app, &email).await;
    let token = access_token(&first).to_owned();
    assert_eq!(claims(&token)["aal"], "aal1");

    let (status, enrolled) =
        call(&app, "POST", "/auth/v1/factors", &token, json!({ "factor_type": "totp", "friendly_name": "phone" })).await;
    assert_eq!(status, 200, "{enrolled}");
    assert_eq!((enrolled["type"].as_str(), enrolled["friendly_name"].as_str()), (Some("totp"), Some("phone")));
    let secret = enrolled["totp"]["secret"].as_str().unwrap();
    assert_eq!(base32_decode(secret).len(), 20, "160-bit secret");
    let uri = url::Url::parse(enrolled["totp"]["uri"].as_str().unwrap()).unwrap();
    assert_eq!(uri.scheme(), "otpauth");
    assert!(uri.query_pairs().any(|(k, v)| k == "secret" && v == secret));
    assert!(enrolled["totp"]["qr_code"].as_str().unwrap().starts_with("data:image/svg+xml;utf-8,"));
    let stored = app.fetch_one_text("SELECT secret_sealed FROM auth_mfa_factors").await;
    assert!(!stored.contains(secret), "the secret is sealed at rest");
    let factor = enrolled["id"].as_str().unwrap().to_owned();
    let mut phone = Authenticator { secret: base32_decode(secret), last_step: i64::MIN };

    let user: Value = get_with_token(&app, "/auth/v1/user", &token).await.json().await.unwrap();
    assert_eq!(user["factors"][0]["status"], "unverified");

    let (status, wrong) = verify(&app, &token, &factor, &phone.wrong_code()).await;
    assert_eq!((status, wrong["code"].as_str()), (422, Some("mfa_verification_failed")), "{wrong}");
    assert_eq!(wrong["message"], "Invalid TOTP code entered");

    let first_code = phone.next_code();
    let (status, raised) = verify(&app, &token, &factor, &first_code).await;
    assert_eq!(status, 200, "{raised}");
    assert_eq!(claims(access_token(&raised))["aal"], "aal2");
    let methods = amr_methods(&raised);
    assert!(methods.contains(&"totp".to_owned()) && methods.contains(&"password".to_owned()), "{methods:?}");
    assert_eq!(raised["user"]["factors"][0]["status"], "verified");
    assert_eq!(claims(access_token(&raised))["session_id"], claims(&token)["session_id"], "the same session, raised");
    let refreshed: Value = refresh(&app, raised["refresh_token"].as_str().unwrap()).await.json().await.unwrap();
    assert_eq!(claims(access_token(&refreshed))["aal"], "aal2", "refresh keeps the level");
    let old_refresh = refresh(&app, first["refresh_token"].as_str().unwrap()).await;
    assert_eq!(old_refresh.status(), 400, "refresh tokens minted at aal1 are spent (presenting one ends the session, as any replay)");

    // A new sign-in is aal1 until a code steps it up; a used code is refused.
    let signed_in: Value = sign_in(&app, &email, PASSWORD).await.json().await.unwrap();
    let aal1 = access_token(&signed_in).to_owned();
    assert_eq!(claims(&aal1)["aal"], "aal1");
    assert_eq!(signed_in["user"]["factors"][0]["status"], "verified", "auth-js reads nextLevel from the user's factors");
    let (status, replay) = verify(&app, &aal1, &factor, &first_code).await;
    assert_eq!((status, replay["code"].as_str()), (422, Some("mfa_verification_failed")), "a code works once");
    let (status, refused) = call(&app, "DELETE", &format!("/auth/v1/factors/{factor}"), &aal1, json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("insufficient_aal")));
    let (status, second) = call(&app, "POST", "/auth/v1/factors", &aal1, json!({ "factor_type": "totp" })).await;
    assert_eq!((status, second["code"].as_str()), (422, Some("insufficient_aal")), "{second}");
    let (status, stepped) = verify(&app, &aal1, &factor, &phone.next_code()).await;
    assert_eq!(status, 200, "{stepped}");
    let aal2 = access_token(&stepped).to_owned();
    assert_eq!(claims(&aal2)["aal"], "aal2");

    let (status, removed) = call(&app, "DELETE", &format!("/auth/v1/factors/{factor}"), &aal2, json!({})).await;
    assert_eq!((status, removed["id"].as_str()), (200, Some(factor.as_str())));
    let user: Value = get_with_token(&app, "/auth/v1/user", &aal2).await.json().await.unwrap();
    assert!(user.get("factors").is_none(), "no factors left: {user}");
    let refreshed: Value = refresh(&app, stepped["refresh_token"].as_str().unwrap()).await.json().await.unwrap();
    assert_eq!(claims(access_token(&refreshed))["aal"], "aal1", "the session its factor raised goes back to aal1");
}

#[tokio::test]
async fn a_new_factor_signs_out_sessions_that_never_passed_it() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let here = sign_up(&app, &email).await;
    let elsewhere: Value = sign_in(&app, &email, PASSWORD).await.json().await.unwrap();
    let (factor, mut phone) = enroll(&app, access_token(&here), "phone").await;
    assert_eq!(verify(&app, access_token(&here), &factor, &phone.next_code()).await.0, 200);
    assert_eq!(refresh(&app, elsewhere["refresh_token"].as_str().unwrap()).await.status(), 400);
    assert_eq!(get_with_token(&app, "/auth/v1/user", access_token(&elsewhere)).await.status(), 403);
}

#[tokio::test]
async fn recovery_codes_stand_in_for_a_code_once_each() {
    let app = autoconfirm_app().await;
    let email = unique_email("ana");
    let token = access_token(&sign_up(&app, &email).await).to_owned();
    let (factor, mut phone) = enroll(&app, &token, "phone").await;
    let (status, refused) = call(&app, "POST", "/auth/v1/recovery-codes", &token, json!({})).await;
    assert_eq!((status, refused["code"].as_str()), (422, Some("insufficient_aal")), "codes are made at aal2 only");
    let (_, raised) = verify(&app, &token, &factor, &phone.next_code()).await;
    let (status, made) = call(&app, "POST", "/auth/v1/recovery-codes", access_token(&raised), json!({})).await;
    assert_eq!(status, 200, "{made}");
    let codes: Vec<String> = made["codes"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_owned()).collect();
    assert_eq!(codes.len(), 10);
    let stored = app.fetch_one_text("SELECT code_hash FROM auth_mfa_recovery_codes LIMIT 1").await;
    assert!(codes.iter().all(|code| !stored.contains(code.as_str()) && !stored.contains(&code.replace('-', ""))), "only hashes are kept");

    let aal1 = access_token(&sign_in(&app, &email, PASSWORD).await.json::<Value>().await.unwrap()).to_owned();
    let (status, wrong) = call(&app, "POST", "/auth/v1/recovery-codes/verify", &aal1, json!({ "code": "aaaaa-bbbbb" })).await;
    assert_eq!(
        (status, wrong["code"].as_str(), wrong["message"].as_str()),
        (422, Some("mfa_verification_failed"), Some("Invalid recovery code"))
    );
    let typed = codes[3].to_uppercase().replace('-', " ");
    let (status, recovered) = call(&app, "POST", "/auth/v1/recovery-codes/verify", &aal1, json!({ "code": typed })).await;
    assert_eq!(status, 200, "{recovered}");
    assert_eq!(claims(access_token(&recovered))["aal"], "aal2");
    assert!(amr_methods(&recovered).contains(&"recovery".to_owned()));
    let (status, _) = call(&app, "POST", "/auth/v1/recovery-codes/verify", access_token(&recovered), json!({ "code": codes[3] })).await;
    assert_eq!(status, 422, "a recovery code works once");
    let (_, left) = call(&app, "GET", "/auth/v1/recovery-codes", access_token(&recovered), Value::Null).await;
    assert_eq!(left["remaining"], 9);

    let (status, _) = call(&app, "DELETE", &format!("/auth/v1/factors/{factor}"), access_token(&recovered), json!({})).await;
    assert_eq!(status, 200);
    let (_, left) = call(&app, "GET", "/auth/v1/recovery-codes", access_token(&recovered), Value::Null).await;
    assert_eq!(left["remaining"], 0, "the codes go with the last factor");
}

#[tokio::test]
async fn challenges_expire_and_wear_out() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-mfa-challenge-expiry", "1"]).await;
    let token = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let (factor, mut phone) = enroll(&app, &token, "phone").await;
    let (_, challenge) = call(&app, "POST", &format!("/auth/v1/factors/{factor}/challenge"), &token, json!({})).await;
    assert_eq!(challenge["type"], "totp");
    assert!(challenge["expires_at"].as_i64().unwrap() > 0);
    tokio::time::sleep(std::time::Duration::from_millis(2100)).await;
    let body = json!({ "challenge_id": challenge["id"], "code": phone.next_code() });
    let (status, expired) = call(&app, "POST", &format!("/auth/v1/factors/{factor}/verify"), &token, body).await;
    assert_eq!((status, expired["code"].as_str()), (422, Some("mfa_challenge_expired")), "{expired}");

    let app = autoconfirm_app().await;
    let token = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let (factor, mut phone) = enroll(&app, &token, "phone").await;
    let (_, challenge) = call(&app, "POST", &format!("/auth/v1/factors/{factor}/challenge"), &token, json!({})).await;
    let verify_path = format!("/auth/v1/factors/{factor}/verify");
    for _ in 0..5 {
        let (status, _) =
            call(&app, "POST", &verify_path, &token, json!({ "challenge_id": challenge["id"], "code": phone.wrong_code() })).await;
        assert_eq!(status, 422);
    }
    let (status, worn) =
        call(&app, "POST", &verify_path, &token, json!({ "challenge_id": challenge["id"], "code": phone.next_code() })).await;
    assert_eq!((status, worn["code"].as_str()), (404, Some("mfa_factor_not_found")), "five wrong codes spend a challenge");
}

#[tokio::test]
async fn limits_names_and_other_users_factors() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-mfa-max-enrolled-factors", "1"]).await;
    let token = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let (factor, mut phone) = enroll(&app, &token, "phone").await;
    let (_, raised) = verify(&app, &token, &factor, &phone.next_code()).await;
    let (status, full) = call(&app, "POST", "/auth/v1/factors", access_token(&raised), json!({ "factor_type": "totp" })).await;
    assert_eq!((status, full["code"].as_str()), (422, Some("too_many_enrolled_mfa_factors")));
    for (kind, code) in [("phone", "mfa_phone_enroll_not_enabled"), ("webauthn", "mfa_webauthn_enroll_not_enabled")] {
        let (status, body) = call(&app, "POST", "/auth/v1/factors", &token, json!({ "factor_type": kind })).await;
        assert_eq!((status, body["code"].as_str()), (422, Some(code)));
    }
    let (status, body) = call(&app, "POST", "/auth/v1/factors", &token, json!({ "factor_type": "sms" })).await;
    assert_eq!((status, body["code"].as_str()), (400, Some("validation_failed")));

    let app = autoconfirm_app().await;
    let ana = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let (factor, mut phone) = enroll(&app, &ana, "phone").await;
    let (_, raised) = verify(&app, &ana, &factor, &phone.next_code()).await;
    let (status, clash) =
        call(&app, "POST", "/auth/v1/factors", access_token(&raised), json!({ "factor_type": "totp", "friendly_name": "phone" })).await;
    assert_eq!((status, clash["code"].as_str()), (422, Some("mfa_factor_name_conflict")));
    let bruno = access_token(&sign_up(&app, &unique_email("bruno")).await).to_owned();
    for (method, path) in [("POST", format!("/auth/v1/factors/{factor}/challenge")), ("DELETE", format!("/auth/v1/factors/{factor}"))] {
        let (status, body) = call(&app, method, &path, &bruno, json!({})).await;
        assert_eq!((status, body["code"].as_str()), (404, Some("mfa_factor_not_found")), "{method} {path}");
    }
    let (status, _) = call(&app, "POST", "/auth/v1/factors", "", json!({ "factor_type": "totp" })).await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn admins_list_and_remove_a_users_factors() {
    let app = autoconfirm_app().await;
    let session = sign_up(&app, &unique_email("ana")).await;
    let user_id = session["user"]["id"].as_str().unwrap().to_owned();
    let (factor, _) = enroll(&app, access_token(&session), "phone").await;
    let key = app.service_role_key().await;
    let (status, listed) = call(&app, "GET", &format!("/auth/v1/admin/users/{user_id}/factors"), &key, Value::Null).await;
    assert_eq!((status, listed[0]["id"].as_str()), (200, Some(factor.as_str())));
    let (status, _) = call(&app, "GET", &format!("/auth/v1/admin/users/{user_id}/factors"), access_token(&session), Value::Null).await;
    assert_eq!(status, 403, "users are not admins");
    let (status, removed) = call(&app, "DELETE", &format!("/auth/v1/admin/users/{user_id}/factors/{factor}"), &key, Value::Null).await;
    assert_eq!((status, removed["id"].as_str()), (200, Some(factor.as_str())));
    let (_, listed) = call(&app, "GET", &format!("/auth/v1/admin/users/{user_id}/factors"), &key, Value::Null).await;
    assert_eq!(listed, json!([]));
}
