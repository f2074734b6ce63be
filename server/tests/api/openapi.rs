//! `/api/v1/openapi.json` is generated from the routes; the committed snapshot
//! (`server/src/openapi/openapi.json`, which the web app's types come from) must be exactly
//! it, and everything it documents must be served. That every answer matches it is checked
//! by the harness's client on every request (contract.rs).

use serde_json::Value;

use crate::helpers::TestApp;

fn generated() -> String {
    rumbo::openapi::render(&rumbo::startup::api_document())
}

#[test]
fn the_committed_snapshot_is_what_the_code_generates() {
    assert!(
        generated() == rumbo::openapi::SNAPSHOT,
        "server/src/openapi/openapi.json is stale: run `make openapi` and review the difference like code"
    );
}

#[test]
fn paths_are_written_in_full_and_every_operation_says_what_it_refuses() {
    let document: Value = serde_json::from_str(&generated()).unwrap();
    assert_eq!(document["openapi"], "3.1.0");
    assert_eq!(document["servers"][0]["url"], "/");
    for (path, item) in document["paths"].as_object().unwrap() {
        assert!(path.starts_with("/api/v1/"), "{path}");
        for (method, operation) in item.as_object().unwrap() {
            let responses = operation["responses"].as_object().unwrap();
            assert!(responses.keys().any(|s| s.starts_with('2')), "{method} {path} documents no success");
            if path != "/api/v1/openapi.json" {
                let refusals = responses.get("default").or_else(|| responses.get("4XX"));
                assert!(refusals.is_some(), "{method} {path} does not document its refusals (a `default` envelope)");
            }
        }
    }
}

/// Every JSON or form request body shows an example of itself, for whoever writes a client.
#[test]
fn every_request_body_has_an_example() {
    let document: Value = serde_json::from_str(&generated()).unwrap();
    let schemas = &document["components"]["schemas"];
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            let Some(content) = operation["requestBody"]["content"].as_object() else { continue };
            for (media, body) in content.iter().filter(|(media, _)| media.as_str() != "multipart/form-data") {
                let name = body["schema"]["$ref"].as_str().and_then(|r| r.rsplit('/').next()).unwrap_or_default();
                assert!(schemas[name]["example"].is_object(), "{method} {path} ({media}): the schema {name:?} has no example");
            }
        }
    }
}

/// A reference to a schema the document never defines breaks every client generated from it.
#[test]
fn every_schema_reference_resolves() {
    let text = generated();
    let document: Value = serde_json::from_str(&text).unwrap();
    let defined = document["components"]["schemas"].as_object().unwrap();
    for reference in text.split("\"#/components/schemas/").skip(1) {
        let name = &reference[..reference.find('"').unwrap()];
        assert!(defined.contains_key(name), "the document refers to the schema {name} and never defines it");
    }
}

#[tokio::test]
async fn every_documented_operation_is_served() {
    let app = TestApp::spawn().await;
    let response = app.get("/api/v1/openapi.json").await;
    assert_eq!(response.status(), 200);
    let served: Value = response.json().await.unwrap();
    assert_eq!(served, serde_json::from_str::<Value>(&generated()).unwrap(), "the served document is the generated one");
    for (path, item) in served["paths"].as_object().unwrap() {
        for method in item.as_object().unwrap().keys() {
            let url = format!("{}{}", app.address, path.replace("{slug}", "no-such-slug").replace("{id}", "no-such-id"));
            let response = reqwest::Client::new().request(method.to_uppercase().parse().unwrap(), &url).send().await.unwrap();
            assert_ne!(response.status(), 405, "{method} {path} is documented but the method is not routed");
            let body: Value = response.json().await.unwrap_or(Value::Null);
            assert!(!(body["error_code"] == "not_found" && body["message"] == "No such API endpoint."), "{method} {path} is not routed");
        }
    }
}
