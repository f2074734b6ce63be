//! A repeated sign-up of an address that never confirmed answers a made-up User shaped exactly
//! like a brand-new sign-up's: nothing of the real account (id, dates, identity) shows.

use serde_json::{json, Map, Value};

use super::{execute, follow, fragment, latest_mail_to, mail_count_to, sign_in, unique_email, verify_link};
use crate::helpers::TestApp;

const FIRST: &str = "First-123";
const SECOND: &str = "Second-456";

async fn sign_up(app: &TestApp, email: &str, password: &str, name: &str) -> Value {
    let body = json!({ "email": email, "password": password, "data": { "first_name": name } });
    let response = app.post_json("/auth/v1/signup", &body).await;
    assert_eq!(response.status(), 200);
    response.json().await.unwrap()
}

/// The keys of every object, recursively, and the JSON type of every value.
fn shape(value: &Value) -> Value {
    match value {
        Value::Object(object) => Value::Object(object.iter().map(|(k, v)| (k.clone(), shape(v))).collect::<Map<_, _>>()),
        Value::Array(items) => Value::Array(items.iter().map(shape).collect()),
        Value::String(_) => json!("string"),
        Value::Number(_) => json!("number"),
        Value::Bool(_) => json!("bool"),
        Value::Null => json!("null"),
    }
}

/// The account as an admin reads it.
async fn stored_user(app: &TestApp, id: &str) -> Value {
    let key = app.service_role_key().await;
    app.client.get(app.url(&format!("/auth/v1/admin/users/{id}"))).bearer_auth(&key).send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn a_repeated_sign_up_answers_a_made_up_new_user_and_mails_its_own_link() {
    let app = TestApp::spawn_with(&["--auth-email-max-frequency", "0"]).await;
    let email = unique_email("eva");
    let real = sign_up(&app, &email, FIRST, "Eva").await;
    // Give the real account dates of its own: created a day ago, and a recovery mail sent.
    execute(
        &app,
        &format!("UPDATE auth_users SET created_at = created_at - 86400, updated_at = updated_at - 86400 WHERE email = '{email}'"),
    )
    .await;
    assert_eq!(app.post_json("/auth/v1/recover", &json!({ "email": email })).await.status(), 200);
    let stored = stored_user(&app, real["id"].as_str().unwrap()).await;
    assert!(stored["recovery_sent_at"].is_string());
    let again = sign_up(&app, &email, SECOND, "Ana").await;
    let fresh = sign_up(&app, &unique_email("new"), SECOND, "Ana").await;
    assert_eq!(shape(&again), shape(&fresh), "exactly the fields of a new sign-up");
    assert_ne!(again["id"], real["id"], "the real id is not revealed");
    assert_ne!(again["identities"][0]["identity_id"], real["identities"][0]["identity_id"]);
    assert_eq!((&again["identities"][0]["id"], &again["identities"][0]["user_id"]), (&again["id"], &again["id"]));
    assert_eq!(again["identities"][0]["identity_data"]["sub"], again["id"]);
    assert!(again.get("recovery_sent_at").is_none(), "nothing of the real account");
    assert_ne!(again["created_at"], stored["created_at"]);
    assert_eq!(again["user_metadata"], json!({ "first_name": "Ana" }), "what this sign-up sent, as a new one would show");
    assert_eq!(again["email"], email);
    assert!(again["confirmation_sent_at"].is_string());

    let mail = latest_mail_to(&app, &email).await;
    assert_eq!(mail["kind"], "confirm_signup", "the repeated sign-up mails its own link");
    assert_eq!(mail_count_to(&app, &email).await, 3);
    assert!(fragment(&follow(&app, &verify_link(&app, &mail)).await).contains_key("access_token"));
    assert_eq!(sign_in(&app, &email, SECOND).await.status(), 200, "that link carries this sign-up's password");
    assert_eq!(sign_in(&app, &email, FIRST).await.status(), 400);
}

#[tokio::test]
async fn a_repeated_sign_up_held_back_by_the_wait_changes_nothing_and_answers_the_same() {
    let app = TestApp::spawn().await;
    let email = unique_email("eva");
    let real = sign_up(&app, &email, FIRST, "Eva").await;
    let first_link = verify_link(&app, &latest_mail_to(&app, &email).await);
    let again = sign_up(&app, &email, SECOND, "Ana").await;
    let fresh = sign_up(&app, &unique_email("new"), SECOND, "Ana").await;
    assert_eq!(shape(&again), shape(&fresh));
    assert_ne!(again["id"], real["id"]);
    assert_eq!(mail_count_to(&app, &email).await, 1, "no second mail within the minute");
    let pending = sign_in(&app, &email, FIRST).await.json::<Value>().await.unwrap();
    assert_eq!(pending["code"], "email_not_confirmed", "the first sign-up is still the pending one");
    assert!(fragment(&follow(&app, &first_link).await).contains_key("access_token"), "its link still works");
    assert_eq!(sign_in(&app, &email, FIRST).await.status(), 200, "and applies its own password");
    assert_eq!(sign_in(&app, &email, SECOND).await.status(), 400);
}

#[tokio::test]
async fn a_confirmed_address_keeps_gotrues_answer_without_identities() {
    let app = TestApp::spawn().await;
    let email = unique_email("ana");
    super::confirmed_user(&app, &email).await;
    let again = sign_up(&app, &email, SECOND, "Ana").await;
    let fresh = sign_up(&app, &unique_email("new"), SECOND, "Ana").await;
    assert_eq!(again["identities"], json!([]), "clients read an empty list as 'already registered'");
    let without_identities = |v: &Value| {
        let mut v = v.clone();
        v.as_object_mut().unwrap().remove("identities");
        shape(&v)
    };
    assert_eq!(without_identities(&again), without_identities(&fresh));
    assert_eq!(mail_count_to(&app, &email).await, 0);
}
