//! Pre-registration takeover: someone signs up another person's address with a password of
//! their own. That password must open the account only if that very sign-up's link confirms
//! it; however else the address gets confirmed, no earlier password survives.

use serde_json::{json, Value};

use super::{admin_post, follow, fragment, latest_mail_to, mails_to, sign_in, unique_email, verify_link};
use crate::helpers::TestApp;

const ATTACKER: &str = "Attacker-123";
const VICTIM: &str = "Victim-456";

async fn sign_up_with(app: &TestApp, email: &str, password: &str) {
    let response = app.post_json("/auth/v1/signup", &json!({ "email": email, "password": password })).await;
    assert_eq!(response.status(), 200, "sign-up answers 200");
}

async fn sign_in_code(app: &TestApp, email: &str, password: &str) -> (u16, String) {
    let response = sign_in(app, email, password).await;
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    (status, body["code"].as_str().unwrap_or("session").to_owned())
}

/// Follows the newest link mailed to `email`; it must sign in.
async fn confirm_by_newest_mail(app: &TestApp, email: &str) -> Value {
    let location = follow(app, &verify_link(app, &latest_mail_to(app, email).await)).await;
    let params = fragment(&location);
    assert!(params.contains_key("access_token"), "the link signs in: {location}");
    json!(params)
}

#[tokio::test]
async fn a_sign_up_confirmed_by_its_own_link_gets_its_own_password() {
    let app = TestApp::spawn().await;
    let email = unique_email("owner");
    sign_up_with(&app, &email, VICTIM).await;
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (400, "email_not_confirmed".into()), "GoTrue's answer before confirmation");
    assert_eq!(sign_in_code(&app, &email, ATTACKER).await, (400, "invalid_credentials".into()));
    confirm_by_newest_mail(&app, &email).await;
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (200, "session".into()));
}

#[tokio::test]
async fn a_later_sign_up_confirmed_by_its_own_link_keeps_only_its_own_password() {
    let app = TestApp::spawn_with(&["--auth-email-max-frequency", "0"]).await;
    let email = unique_email("victim");
    sign_up_with(&app, &email, ATTACKER).await;
    sign_up_with(&app, &email, VICTIM).await;
    assert_eq!(sign_in_code(&app, &email, ATTACKER).await, (400, "invalid_credentials".into()), "the pending password is the newest");
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (400, "email_not_confirmed".into()));
    let mails = mails_to(&app, &email).await;
    assert_eq!(mails.len(), 2, "each sign-up mails its own link");
    let first_link = verify_link(&app, &mails[1]);
    confirm_by_newest_mail(&app, &email).await;
    assert_eq!(sign_in_code(&app, &email, ATTACKER).await, (400, "invalid_credentials".into()), "the attacker's password is refused");
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (200, "session".into()), "the victim's password works");
    let stale = fragment(&follow(&app, &first_link).await);
    assert_eq!(stale["error_code"], "otp_expired", "the first sign-up's link is void");
    assert_eq!(sign_in_code(&app, &email, ATTACKER).await, (400, "invalid_credentials".into()));
}

/// The other ways an unconfirmed address gets confirmed.
#[derive(Debug, Clone, Copy)]
enum OtherWay {
    MagicLink,
    EmailCode,
    Recovery,
    Resend,
    Invite,
    AdminMagicLink,
}

/// Confirms `email` the given way; returns the access token it signs in with.
async fn confirm_another_way(app: &TestApp, email: &str, way: OtherWay) -> String {
    let params = match way {
        OtherWay::MagicLink => mail_then_follow(app, "/auth/v1/otp", json!({ "email": email }), email).await,
        OtherWay::Recovery => mail_then_follow(app, "/auth/v1/recover", json!({ "email": email }), email).await,
        OtherWay::Resend => mail_then_follow(app, "/auth/v1/resend", json!({ "email": email, "type": "signup" }), email).await,
        OtherWay::Invite => {
            admin_post(app, "/auth/v1/invite", json!({ "email": email })).await;
            confirm_by_newest_mail(app, email).await
        }
        OtherWay::EmailCode => {
            let link = admin_post(app, "/auth/v1/admin/generate_link", json!({ "type": "magiclink", "email": email })).await;
            let body = json!({ "type": "email", "email": email, "token": link["email_otp"] });
            let session: Value = app.post_json("/auth/v1/verify", &body).await.json().await.unwrap();
            return session["access_token"].as_str().expect("the code signs in").to_owned();
        }
        OtherWay::AdminMagicLink => {
            let link = admin_post(app, "/auth/v1/admin/generate_link", json!({ "type": "magiclink", "email": email })).await;
            json!(fragment(&follow(app, &link["action_link"].as_str().unwrap().replace("http://rumbo.localhost", &app.address)).await))
        }
    };
    params["access_token"].as_str().expect("signed in").to_owned()
}

async fn mail_then_follow(app: &TestApp, path: &str, body: Value, email: &str) -> Value {
    assert_eq!(app.post_json(path, &body).await.status(), 200, "{path}");
    confirm_by_newest_mail(app, email).await
}

#[tokio::test]
async fn an_account_confirmed_any_other_way_keeps_no_password_set_before() {
    let app = TestApp::spawn_with(&["--auth-email-max-frequency", "0"]).await;
    for way in [OtherWay::MagicLink, OtherWay::EmailCode, OtherWay::Recovery, OtherWay::Resend, OtherWay::Invite, OtherWay::AdminMagicLink]
    {
        let email = unique_email("victim");
        sign_up_with(&app, &email, ATTACKER).await;
        let token = confirm_another_way(&app, &email, way).await;
        let user: Value = super::get_with_token(&app, "/auth/v1/user", &token).await.json().await.unwrap();
        assert!(user["email_confirmed_at"].is_string(), "{way:?} confirms the address");
        assert_eq!(sign_in_code(&app, &email, ATTACKER).await, (400, "invalid_credentials".into()), "{way:?}: no password works");
    }
}

#[tokio::test]
async fn an_admin_signup_link_confirms_with_its_password() {
    let app = TestApp::spawn().await;
    let email = unique_email("listed");
    let link = admin_post(&app, "/auth/v1/admin/generate_link", json!({ "type": "signup", "email": email, "password": VICTIM })).await;
    assert!(link.get("email_confirmed_at").is_none());
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (400, "email_not_confirmed".into()));
    let params = fragment(&follow(&app, &link["action_link"].as_str().unwrap().replace("http://rumbo.localhost", &app.address)).await);
    assert!(params.contains_key("access_token"));
    assert_eq!(sign_in_code(&app, &email, VICTIM).await, (200, "session".into()));
}
