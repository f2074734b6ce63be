//! The staff API's gate and roles: who gets in (a live session with a staff role, at aal2 when
//! STAFF_REQUIRE_MFA), who is refused and how (401/403 in the envelope), `rumbo staff`, the
//! admins' role changes, and the audit log of each.

use serde_json::{json, Value};

use crate::auth::{access_token, base32_decode, rumbo_command, sign_in, sign_up, unique_email, PASSWORD};
use crate::helpers::TestApp;

async fn app_with(extra: &[&str]) -> TestApp {
    let mut args = vec!["--auth-autoconfirm", "true"];
    args.extend_from_slice(extra);
    TestApp::spawn_with(&args).await
}

fn staff(app: &TestApp, args: &[&str]) -> String {
    let mut all = vec!["staff"];
    all.extend_from_slice(args);
    let output = rumbo_command(app, &all);
    assert!(output.status.success(), "rumbo {all:?}: {}", String::from_utf8_lossy(&output.stderr));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// A user with `role` (granted by the command line), signed in afresh.
pub async fn member(app: &TestApp, role: Option<&str>) -> (String, Value) {
    let email = unique_email(role.unwrap_or("user"));
    sign_up(app, &email).await;
    if let Some(role) = role {
        staff(app, &["grant", &email, role]);
    }
    (email.clone(), sign_in(app, &email, PASSWORD).await.json().await.unwrap())
}

async fn get(app: &TestApp, path: &str, token: Option<&str>) -> (u16, Value) {
    let mut request = app.client.get(app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.unwrap();
    (response.status().as_u16(), response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_staff_api_lets_in_staff_only_and_admins_only_where_it_says() {
    let app = app_with(&[]).await;
    let (_, plain) = member(&app, None).await;
    let (consultant_email, consultant) = member(&app, Some("consultant")).await;
    let (_, admin) = member(&app, Some("admin")).await;
    assert_eq!(consultant["user"]["app_metadata"]["roles"], json!(["consultant"]), "the role travels with the session's user");

    for path in ["/api/v1/staff/me", "/api/v1/staff/members", "/api/v1/staff/audit"] {
        let (status, body) = get(&app, path, None).await;
        assert_eq!((status, body["error_code"].as_str()), (401, Some("no_authorization")), "{path}");
        let (status, body) = get(&app, path, Some(access_token(&plain))).await;
        assert_eq!((status, body["error_code"].as_str()), (403, Some("not_staff")), "{path}");
        assert_eq!(get(&app, path, Some(access_token(&admin))).await.0, 200, "{path}");
    }
    let (status, me) = get(&app, "/api/v1/staff/me", Some(access_token(&consultant))).await;
    assert_eq!((status, &me["roles"], &me["email"]), (200, &json!(["consultant"]), &json!(consultant_email)));
    for path in ["/api/v1/staff/members", "/api/v1/staff/audit"] {
        let (status, body) = get(&app, path, Some(access_token(&consultant))).await;
        assert_eq!((status, body["error_code"].as_str()), (403, Some("not_admin")), "{path}");
    }
    let (_, team) = get(&app, "/api/v1/staff/members", Some(access_token(&admin))).await;
    assert_eq!(team.as_array().unwrap().len(), 2);
    assert!(staff(&app, &["list"]).contains(&format!("{consultant_email}\tconsultant")));
}

#[tokio::test]
async fn a_revoked_role_stops_at_once_and_every_change_is_audited() {
    let app = app_with(&[]).await;
    let (_, admin) = member(&app, Some("admin")).await;
    let (consultant_email, consultant) = member(&app, Some("consultant")).await;
    let token = access_token(&consultant).to_owned();
    assert_eq!(get(&app, "/api/v1/staff/me", Some(&token)).await.0, 200);

    let id = consultant["user"]["id"].as_str().unwrap();
    let path = format!("/api/v1/staff/members/{id}/roles");
    let changed = app.client.put(app.url(&path)).bearer_auth(access_token(&admin)).json(&json!({ "roles": [] })).send().await.unwrap();
    assert_eq!(changed.status(), 200);
    assert_eq!(changed.json::<Value>().await.unwrap()["roles"], json!([]));
    let (status, body) = get(&app, "/api/v1/staff/me", Some(&token)).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("not_staff")), "the same live session, the role gone");

    let own = admin["user"]["id"].as_str().unwrap();
    let demote = app
        .client
        .put(app.url(&format!("/api/v1/staff/members/{own}/roles")))
        .bearer_auth(access_token(&admin))
        .json(&json!({ "roles": ["consultant"] }))
        .send()
        .await
        .unwrap();
    assert_eq!(demote.status(), 422, "an admin keeps their own admin role");
    let by_consultant = app.client.put(app.url(&path)).bearer_auth(&token).json(&json!({ "roles": ["admin"] })).send().await.unwrap();
    assert_eq!(by_consultant.status(), 403);

    let (_, log) = get(&app, "/api/v1/staff/audit", Some(access_token(&admin))).await;
    let entries = log.as_array().unwrap();
    assert_eq!(entries.len(), 3, "two grants from the command line and one change in the API: {log}");
    assert_eq!(entries[0]["action"], "staff.roles");
    assert_eq!(entries[0]["actor_email"], admin["user"]["email"]);
    assert_eq!((&entries[0]["before"], &entries[0]["after"]), (&json!({ "roles": ["consultant"] }), &json!({ "roles": [] })));
    assert_eq!(entries[0]["target"], format!("user:{id}"));
    assert!(entries[1]["actor_email"].is_null(), "the command line acts as nobody in particular");

    staff(&app, &["revoke", &consultant_email, "consultant"]);
    let refused = rumbo_command(&app, &["staff", "grant", "nobody@example.com", "admin"]);
    assert!(!refused.status.success() && String::from_utf8_lossy(&refused.stderr).contains("no account has the address"));
    let signed_out = app.client.post(app.url("/auth/v1/logout")).bearer_auth(access_token(&admin)).send().await.unwrap();
    assert_eq!(signed_out.status(), 204);
    let (status, body) = get(&app, "/api/v1/staff/me", Some(access_token(&admin))).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("session_not_found")), "a stale session");
}

#[tokio::test]
async fn with_staff_mfa_required_the_team_needs_aal2() {
    let app = app_with(&["--staff-require-mfa", "true"]).await;
    let (_, admin) = member(&app, Some("admin")).await;
    let token = access_token(&admin).to_owned();
    let (status, body) = get(&app, "/api/v1/staff/me", Some(&token)).await;
    assert_eq!((status, body["error_code"].as_str()), (403, Some("insufficient_aal")));

    let enrolled: Value = app
        .client
        .post(app.url("/auth/v1/factors"))
        .bearer_auth(&token)
        .json(&json!({ "factor_type": "totp" }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let factor = enrolled["id"].as_str().unwrap();
    let secret = enrolled["totp"]["uri"].as_str().unwrap().split("secret=").nth(1).unwrap().to_owned();
    let challenge: Value = app
        .client
        .post(app.url(&format!("/auth/v1/factors/{factor}/challenge")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let code =
        rumbo::auth::mfa::totp::code_at(&base32_decode(&secret), rumbo::auth::mfa::totp::step_of(rumbo::platform::db::now_unix()), 6);
    let raised: Value = app
        .client
        .post(app.url(&format!("/auth/v1/factors/{factor}/verify")))
        .bearer_auth(&token)
        .json(&json!({ "challenge_id": challenge["id"], "code": code }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let (status, me) = get(&app, "/api/v1/staff/me", Some(access_token(&raised))).await;
    assert_eq!((status, me["aal"].as_str()), (200, Some("aal2")));
}
