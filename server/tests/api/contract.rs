//! The test harness's HTTP client checks every `/api/v1` answer against the OpenAPI document
//! the code generates: its path and method must be documented, its status declared, and its
//! JSON body valid for that status's schema. So the document cannot drift from the server:
//! any integration test that meets an undocumented answer fails, on both databases.

use std::sync::OnceLock;

use reqwest::header::{HeaderMap, HeaderName, HeaderValue, CONTENT_TYPE};
use reqwest::{IntoUrl, Method, StatusCode};
use serde::Serialize;
use serde_json::{json, Value};

/// A `reqwest::Client` whose answers are checked against the contract.
#[derive(Clone)]
pub struct ContractClient {
    inner: reqwest::Client,
}

impl ContractClient {
    pub fn new(inner: reqwest::Client) -> ContractClient {
        ContractClient { inner }
    }

    pub fn request(&self, method: Method, url: impl IntoUrl) -> ContractRequest {
        ContractRequest { method: method.clone(), builder: self.inner.request(method, url) }
    }

    pub fn get(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::GET, url)
    }

    pub fn head(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::HEAD, url)
    }

    pub fn post(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::POST, url)
    }

    pub fn put(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::PUT, url)
    }

    pub fn patch(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::PATCH, url)
    }

    pub fn delete(&self, url: impl IntoUrl) -> ContractRequest {
        self.request(Method::DELETE, url)
    }
}

pub struct ContractRequest {
    method: Method,
    builder: reqwest::RequestBuilder,
}

impl ContractRequest {
    pub fn header<K, V>(self, key: K, value: V) -> ContractRequest
    where
        HeaderName: TryFrom<K>,
        <HeaderName as TryFrom<K>>::Error: Into<http::Error>,
        HeaderValue: TryFrom<V>,
        <HeaderValue as TryFrom<V>>::Error: Into<http::Error>,
    {
        ContractRequest { builder: self.builder.header(key, value), ..self }
    }

    pub fn bearer_auth(self, token: impl std::fmt::Display) -> ContractRequest {
        ContractRequest { builder: self.builder.bearer_auth(token), ..self }
    }

    pub fn json(self, body: &impl Serialize) -> ContractRequest {
        ContractRequest { builder: self.builder.json(body), ..self }
    }

    pub fn body(self, body: impl Into<reqwest::Body>) -> ContractRequest {
        ContractRequest { builder: self.builder.body(body), ..self }
    }

    /// Sends, checks the answer against the contract, and gives it back whole.
    pub async fn send(self) -> reqwest::Result<reqwest::Response> {
        let response = self.builder.send().await?;
        let (status, headers, path) = (response.status(), response.headers().clone(), response.url().path().to_owned());
        let version = response.version();
        let bytes = response.bytes().await?;
        check(&self.method, &path, status, &headers, &bytes);
        let mut rebuilt = http::Response::builder().status(status).version(version);
        for (name, value) in &headers {
            rebuilt = rebuilt.header(name, value);
        }
        Ok(reqwest::Response::from(rebuilt.body(bytes).expect("the answer is rebuilt")))
    }
}

/// The document, as JSON, generated in this process from the same code as the server's.
fn document() -> &'static Value {
    static DOCUMENT: OnceLock<Value> = OnceLock::new();
    DOCUMENT.get_or_init(|| serde_json::from_str(&rumbo::openapi::render(&rumbo::startup::api_document())).expect("the document is JSON"))
}

/// Panics, with the reason, when an `/api/v1` answer is not what the document says.
fn check(method: &Method, path: &str, status: StatusCode, headers: &HeaderMap, body: &[u8]) {
    if !path.starts_with("/api/v1/") {
        return;
    }
    let what = format!("{method} {path} answered {status}");
    // HEAD is answered like GET, without the body.
    let documented_method = if method == Method::HEAD { "get".to_owned() } else { method.as_str().to_ascii_lowercase() };
    let operation = template_of(path).and_then(|template| document()["paths"][template].get(&documented_method));
    let response = match operation {
        Some(operation) => declared(operation, status).unwrap_or_else(|| panic!("{what}, a status the document does not declare")),
        // No such operation (an unknown path or method, or a refusal of the stack before routing,
        // such as 413): only an error, in the envelope.
        None if status.is_client_error() || status.is_server_error() => &ENVELOPE_RESPONSE,
        None => panic!("{what}: the document has no such operation"),
    };
    let json = headers.get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|t| t.starts_with("application/json"));
    if body.is_empty() || !json {
        return;
    }
    let Some(schema) = response.pointer("/content/application~1json/schema") else {
        if response.pointer("/content/application~1json").is_some() {
            return;
        }
        panic!("{what} with a JSON body the document does not describe");
    };
    let instance: Value = serde_json::from_slice(body).unwrap_or_else(|e| panic!("{what} with a body that is not JSON: {e}"));
    validate(&what, schema, &instance);
}

static ENVELOPE_RESPONSE: std::sync::LazyLock<Value> =
    std::sync::LazyLock::new(|| json!({ "content": { "application/json": { "schema": { "$ref": "#/components/schemas/ApiError" } } } }));

/// The documented path template of a concrete path (`{param}` matches one segment).
fn template_of(path: &str) -> Option<&'static str> {
    let segments: Vec<&str> = path.split('/').collect();
    let matches = |template: &str| {
        let parts: Vec<&str> = template.split('/').collect();
        parts.len() == segments.len() && parts.iter().zip(&segments).all(|(t, s)| (t.starts_with('{') && !s.is_empty()) || t == s)
    };
    let paths = document()["paths"].as_object()?;
    // A literal segment wins over a parameter (`/bookings/mine` before `/bookings/{id}`).
    paths.keys().filter(|t| matches(t)).min_by_key(|t| t.matches('{').count()).map(String::as_str)
}

/// The response object for `status`: exact, then its class (`4XX`), then `default`.
fn declared(operation: &Value, status: StatusCode) -> Option<&Value> {
    let responses = &operation["responses"];
    let class = format!("{}XX", status.as_u16() / 100);
    let found = [status.as_str(), class.as_str(), "default"].into_iter().find_map(|key| responses.get(key));
    found
}

fn validate(what: &str, schema: &Value, instance: &Value) {
    let mut root = schema.as_object().cloned().unwrap_or_default();
    root.insert("$schema".into(), json!("https://json-schema.org/draft/2020-12/schema"));
    root.insert("components".into(), document()["components"].clone());
    let validator = jsonschema::validator_for(&Value::Object(root)).unwrap_or_else(|e| panic!("{what}: the schema does not compile: {e}"));
    if let Err(error) = validator.validate(instance) {
        panic!("{what}, and its body does not match the document: {error} at {}\n{instance:#}", error.instance_path());
    }
}

#[test]
fn templates_prefer_literal_segments() {
    assert_eq!(template_of("/api/v1/posts/delayed-flight"), Some("/api/v1/posts/{slug}"));
    assert_eq!(template_of("/api/v1/posts"), Some("/api/v1/posts"));
    assert_eq!(template_of("/api/v1/nope/at/all"), None);
}
