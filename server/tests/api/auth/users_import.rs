//! `rumbo users import`: users exported from Supabase sign in here with their old passwords.

use serde_json::{json, Value};

use super::{access_token, get_with_token, rumbo_command, sign_in};
use crate::helpers::TestApp;

fn write(name: &str, text: &str) -> std::path::PathBuf {
    let folder = std::env::temp_dir().join(format!("rumbo-users-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder).unwrap();
    let path = folder.join(name);
    std::fs::write(&path, text).unwrap();
    path
}

fn import(app: &TestApp, path: &std::path::Path) -> (bool, String) {
    let output = rumbo_command(app, &["users", "import", path.to_str().unwrap()]);
    (output.status.success(), format!("{}{}", String::from_utf8_lossy(&output.stdout), String::from_utf8_lossy(&output.stderr)))
}

#[tokio::test]
async fn a_supabase_export_keeps_passwords_metadata_and_google_identities() {
    let app = TestApp::spawn().await;
    let hash = bcrypt::hash("old-supabase-pass", 4).unwrap();
    let export = json!([{
        "id": "5f0c6e4e-1b7a-4a43-9d1e-3f1f2b6f7a10", "aud": "authenticated", "role": "authenticated",
        "email": "Lucia@Example.com", "encrypted_password": hash,
        "email_confirmed_at": "2024-03-01 10:00:00.123456+00", "created_at": "2024-03-01 09:59:00+00",
        "last_sign_in_at": "2024-06-01T08:00:00Z",
        "raw_app_meta_data": { "provider": "email", "providers": ["email", "google"] },
        "raw_user_meta_data": { "first_name": "Lucía", "last_name": "Pérez" },
        "identities": [{
            "id": "8a3d1d2e-0000-4000-8000-000000000001", "user_id": "5f0c6e4e-1b7a-4a43-9d1e-3f1f2b6f7a10",
            "provider": "google", "provider_id": "112233445566", "identity_data": { "sub": "112233445566", "email": "lucia@example.com" },
            "created_at": "2024-03-02 10:00:00+00"
        }]
    }]);
    let path = write("users.json", &export.to_string());
    let (ok, out) = import(&app, &path);
    assert!(ok && out.contains("imported 1 users (2 identities)"), "{out}");

    let session: Value = sign_in(&app, "lucia@example.com", "old-supabase-pass").await.json().await.unwrap();
    assert_eq!(session["user"]["id"], "5f0c6e4e-1b7a-4a43-9d1e-3f1f2b6f7a10", "{session}");
    let stored = app.fetch_one_text("SELECT encrypted_password FROM auth_users").await;
    assert!(stored.starts_with("$argon2id$"), "upgraded on sign-in: {stored}");
    let user: Value = get_with_token(&app, "/auth/v1/user", access_token(&session)).await.json().await.unwrap();
    let providers: Vec<&str> = user["identities"].as_array().unwrap().iter().map(|i| i["provider"].as_str().unwrap()).collect();
    assert_eq!(providers, ["email", "google"]);
    assert_eq!(user["user_metadata"]["first_name"], "Lucía");
    let profile: Value = get_with_token(&app, "/api/v1/profile", access_token(&session)).await.json().await.unwrap();
    assert_eq!(profile["last_name"], "Pérez");

    let (ok, again) = import(&app, &path);
    assert!(ok && again.contains("imported 0 users (0 identities); 1 were already here"), "idempotent: {again}");
    assert_eq!(sign_in(&app, "lucia@example.com", "old-supabase-pass").await.status(), 200, "the re-run changed nothing");
}

#[tokio::test]
async fn csv_exports_import_and_problems_name_their_line() {
    let app = TestApp::spawn().await;
    let hash = bcrypt::hash("csv-pass-123", 4).unwrap();
    let csv = format!(
        "id,email,encrypted_password,email_confirmed_at,created_at,raw_user_meta_data\n\
         7c9e6679-7425-40de-944b-e07fc1f90ae7,marco@example.com,{hash},2024-01-01 00:00:00+00,2024-01-01 00:00:00+00,\"{{\"\"first_name\"\": \"\"Marco, o Grande\"\"}}\"\n"
    );
    let (ok, out) = import(&app, &write("users.csv", &csv));
    assert!(ok, "{out}");
    assert_eq!(sign_in(&app, "marco@example.com", "csv-pass-123").await.status(), 200);

    let bad = "id,email,encrypted_password\n\
               not-a-uuid,ana@example.com,\n\
               1b4e28ba-2fa1-41d2-883f-0016d3cca427,not-an-address,\n\
               2b4e28ba-2fa1-41d2-883f-0016d3cca427,eva@example.com,plaintext\n\
               3b4e28ba-2fa1-41d2-883f-0016d3cca427,fine@example.com,\n";
    let (ok, out) = import(&app, &write("bad.csv", bad));
    assert!(!ok);
    for expected in ["line 2: id \"not-a-uuid\" is not a UUID", "line 3: email \"not-an-address\"", "line 4: encrypted_password"] {
        assert!(out.contains(expected), "{expected} in {out}");
    }
    assert_eq!(sign_in(&app, "fine@example.com", "whatever").await.status(), 400, "nothing of a file with problems is imported");
    assert_eq!(app.fetch_one_text("SELECT CAST(COUNT(*) AS TEXT) FROM auth_users").await, "1");
}
