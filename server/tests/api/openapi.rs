//! `/api/v1/openapi.json` stays true: every documented operation is routed, and every route of
//! the API routers is documented.

use std::collections::BTreeSet;

use serde_json::Value;

use crate::helpers::TestApp;

/// The routers merged under `/api/v1` (startup.rs). A new API feature adds its file here.
const API_ROUTER_FILES: [&str; 8] = [
    "src/geo/mod.rs",
    "src/profiles/mod.rs",
    "src/content/mod.rs",
    "src/newsletter/mod.rs",
    "src/events/mod.rs",
    "src/consultations/mod.rs",
    "src/payments/stripe/mod.rs",
    "src/openapi/mod.rs",
];
const METHODS: [&str; 5] = ["get", "post", "put", "patch", "delete"];

/// `(path under /api/v1, method)` of every documented operation (the document's paths are absolute).
fn documented() -> BTreeSet<(String, String)> {
    let doc: Value = serde_json::from_str(rumbo::openapi::DOCUMENT).expect("the document is JSON");
    assert_eq!(doc["servers"][0]["url"], "/", "paths are written in full, from the site root");
    let paths = doc["paths"].as_object().expect("paths");
    paths
        .iter()
        .flat_map(|(path, item)| {
            let path = path.strip_prefix("/api/v1").unwrap_or_else(|| panic!("{path} is not under /api/v1")).to_owned();
            item.as_object().unwrap().keys().map(move |method| (path.clone(), method.clone()))
        })
        .collect()
}

/// `(path, method)` of every `.route("…", get(…).patch(…))` in the API routers' `router`/`api_router`/`upload_router` functions.
fn routed() -> BTreeSet<(String, String)> {
    let mut routes = BTreeSet::new();
    for file in API_ROUTER_FILES {
        let source = std::fs::read_to_string(format!("{}/{file}", env!("CARGO_MANIFEST_DIR"))).unwrap();
        for function in ["pub fn router()", "pub fn api_router()", "pub fn upload_router()"] {
            let Some(start) = source.find(function) else { continue };
            let body = &source[start..start + source[start..].find("\n}\n").unwrap_or(source.len() - start)];
            for call in body.split(".route(").skip(1) {
                let (path, rest) = call.trim_start().strip_prefix('"').and_then(|c| c.split_once('"')).expect("a route path literal");
                let handlers = rest.split(".route(").next().unwrap();
                for method in METHODS.iter().filter(|m| handlers.contains(&format!(" {m}(")) || handlers.contains(&format!(".{m}("))) {
                    routes.insert((path.to_owned(), method.to_string()));
                }
            }
        }
    }
    routes
}

#[test]
fn every_api_route_is_documented_and_nothing_else() {
    assert_eq!(routed(), documented());
}

#[tokio::test]
async fn every_documented_operation_is_served() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200);
    let served: Value = response.json().await.unwrap();
    assert_eq!(served["openapi"], "3.1.0");
    for (path, method) in documented() {
        let url = format!("{}/api/v1{}", app.address, path.replace("{slug}", "no-such-slug"));
        let response = app.client.request(method.to_uppercase().parse().unwrap(), &url).send().await.unwrap();
        let status = response.status();
        let body: Value = response.json().await.unwrap_or(Value::Null);
        // The API's fallback answers unknown paths; a routed operation may answer 404 itself.
        assert!(!(status == 404 && body["message"] == "No such API endpoint."), "{method} {path} is documented but not routed");
        assert_ne!(status, 405, "{method} {path} is documented but the method is not routed");
    }
}
