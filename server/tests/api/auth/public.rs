//! Public endpoints: JWKS, settings, health, unknown paths, CORS, the keys the web app receives.

use serde_json::Value;

use crate::helpers::TestApp;

#[tokio::test]
async fn jwks_publishes_one_ec_signing_key_for_an_hour_of_caching() {
    let app = TestApp::spawn().await;
    let response = app.get("/auth/v1/.well-known/jwks.json").await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=600");
    let jwks: Value = response.json().await.unwrap();
    let keys = jwks["keys"].as_array().unwrap();
    assert_eq!(keys.len(), 1);
    let key = &keys[0];
    assert_eq!(
        (key["kty"].as_str(), key["crv"].as_str(), key["alg"].as_str(), key["use"].as_str()),
        (Some("EC"), Some("P-256"), Some("ES256"), Some("sig"))
    );
    assert_eq!(key["key_ops"], serde_json::json!(["verify"]));
    assert!(key["kid"].as_str().is_some_and(|k| !k.is_empty()));
    assert!(key.get("d").is_none(), "no private part");
}

#[tokio::test]
async fn settings_report_the_enabled_providers_and_autoconfirm() {
    let app = TestApp::spawn().await;
    let settings: Value = app.get("/auth/v1/settings").await.json().await.unwrap();
    assert_eq!(settings["external"]["email"], true);
    assert_eq!(settings["external"]["google"], false);
    assert_eq!(settings["mailer_autoconfirm"], false);
    assert_eq!(settings["disable_signup"], false);
    let autoconfirm = TestApp::spawn_with(&["--auth-autoconfirm", "true", "--auth-disable-signup", "true"]).await;
    let settings: Value = autoconfirm.get("/auth/v1/settings").await.json().await.unwrap();
    assert_eq!((settings["mailer_autoconfirm"].as_bool(), settings["disable_signup"].as_bool()), (Some(true), Some(true)));
}

#[tokio::test]
async fn health_names_gotrue_and_unknown_paths_answer_json() {
    let app = TestApp::spawn().await;
    let health: Value = app.get("/auth/v1/health").await.json().await.unwrap();
    assert_eq!(health["name"], "GoTrue");
    let missing = app.get("/auth/v1/nothing/here").await;
    assert_eq!(missing.status(), 404);
    let body: Value = missing.json().await.unwrap();
    assert_eq!((body["code"].as_i64(), body["error_code"].as_str()), (Some(404), Some("not_found")));
}

#[tokio::test]
async fn cors_preflight_allows_auth_js_headers_and_exposes_the_version() {
    let app = TestApp::spawn().await;
    let preflight = app
        .client
        .request(reqwest::Method::OPTIONS, app.url("/auth/v1/token?grant_type=password"))
        .header("origin", "http://rumbo.localhost")
        .header("access-control-request-method", "POST")
        .header("access-control-request-headers", "apikey,content-type,x-supabase-api-version,x-client-info")
        .send()
        .await
        .unwrap();
    assert!(preflight.status().is_success(), "{}", preflight.status());
    let allowed = preflight.headers()["access-control-allow-headers"].to_str().unwrap().to_lowercase();
    for header in ["apikey", "x-supabase-api-version", "x-client-info", "authorization"] {
        assert!(allowed.contains(header), "{header} in {allowed}");
    }
    assert_eq!(preflight.headers()["access-control-allow-origin"], "http://rumbo.localhost", "the site's own origin");
    let error = app.client.get(app.url("/auth/v1/user")).header("origin", "http://rumbo.localhost").send().await.unwrap();
    let exposed = error.headers()["access-control-expose-headers"].to_str().unwrap().to_lowercase();
    assert!(exposed.contains("x-supabase-api-version") && exposed.contains("x-total-count"), "{exposed}");
}

#[tokio::test]
async fn pages_carry_the_auth_url_and_an_anon_key_signed_by_the_stored_key() {
    let app = TestApp::spawn().await;
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains(r#""authUrl":"http://rumbo.localhost/auth/v1""#), "auth URL in the config block");
    let start = html.find(r#""anonKey":""#).expect("anon key in the config block") + r#""anonKey":""#.len();
    let anon = &html[start..start + html[start..].find('"').unwrap()];
    let claims = super::claims(anon);
    assert_eq!(claims["role"], "anon");
    assert_eq!(claims["iss"], "http://rumbo.localhost/auth/v1");
    // The anon key is not an admin key.
    let refused = app.client.get(app.url("/auth/v1/admin/users")).bearer_auth(anon).send().await.unwrap();
    assert_eq!(refused.status(), 403);
}

#[tokio::test]
async fn rumbo_keys_prints_the_served_anon_key_and_a_working_service_key() {
    let app = TestApp::spawn().await;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .arg("keys")
        .env("DATABASE_URL", app.database_url())
        .env("SITE_URL", "http://rumbo.localhost")
        .output()
        .unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    let printed = String::from_utf8(output.stdout).unwrap();
    let tokens: Vec<&str> = printed.split_whitespace().filter(|w| w.starts_with("eyJ") && w.matches('.').count() == 2).collect();
    assert_eq!(tokens.len(), 2, "{printed}");
    let roles: Vec<Value> = tokens.iter().map(|t| super::claims(t)["role"].clone()).collect();
    assert_eq!(roles, vec![Value::from("anon"), Value::from("service_role")]);
    let html = app.get("/").await.text().await.unwrap();
    assert!(html.contains(&format!(r#""anonKey":"{}""#, tokens[0])), "the served anon key is the printed one");
    let listed = app.client.get(app.url("/auth/v1/admin/users")).bearer_auth(tokens[1]).send().await.unwrap();
    assert_eq!(listed.status(), 200);
}

#[tokio::test]
async fn providers_this_site_does_not_offer_answer_as_disabled_not_missing() {
    let app = crate::helpers::TestApp::spawn().await;
    for (method, path, status, code) in [
        ("POST", "/auth/v1/sso", 404, "saml_provider_disabled"),
        ("GET", "/auth/v1/sso/saml/metadata", 404, "saml_provider_disabled"),
        ("GET", "/auth/v1/admin/sso/providers", 404, "saml_provider_disabled"),
        ("GET", "/auth/v1/admin/oauth/clients", 404, "oauth_server_disabled"),
        ("POST", "/auth/v1/token?grant_type=web3", 400, "web3_provider_disabled"),
        ("POST", "/auth/v1/token?grant_type=id_token", 400, "validation_failed"),
        ("GET", "/auth/v1/authorize?provider=google", 400, "validation_failed"),
    ] {
        let response = app.client.request(method.parse().unwrap(), app.url(path)).json(&serde_json::json!({})).send().await.unwrap();
        assert_eq!(response.status().as_u16(), status, "{method} {path}");
        assert_eq!(response.headers()["x-sb-error-code"], code, "{method} {path}");
    }
}
