//! A thin client for the parts of Stripe's API that payments use: PaymentIntents (create,
//! retrieve, cancel) and refunds. Form-encoded requests with Bearer auth, an `Idempotency-Key`
//! on every POST, a timeout on every request, and a bounded retry — with the same key — of
//! the failures Stripe says are safe to retry. Errors come back as `StripeError`, which maps
//! onto the provider interface's `PaymentError`. Keys and client secrets are never logged.

use std::collections::BTreeMap;
use std::time::Duration;

use http::StatusCode;
use serde::Deserialize;
use url::Url;

use super::config::{SecretKey, StripeConfig};
use crate::payments::provider::{DeclineCode, PaymentError, PaymentRecord, PaymentStatus};

/// The API version the requests and answers follow (what this client was written against).
pub const API_VERSION: &str = "2024-06-20";
/// Attempts for a request that may be retried (the first one included).
const ATTEMPTS: u32 = 3;
/// The wait before the second attempt; it doubles for the third.
const RETRY_WAIT: Duration = Duration::from_millis(300);

#[derive(Clone)]
pub struct StripeClient {
    http: reqwest::Client,
    base: Url,
    secret: SecretKey,
}

/// A PaymentIntent as far as we read it.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct PaymentIntent {
    pub id: String,
    pub amount: i64,
    pub currency: String,
    pub status: String,
    #[serde(default)]
    pub client_secret: Option<String>,
    #[serde(default)]
    pub metadata: BTreeMap<String, String>,
    /// The charge's id, or the charge itself when expanded (`retrieve` expands it).
    #[serde(default)]
    pub latest_charge: Option<serde_json::Value>,
}

impl PaymentIntent {
    /// Stripe's statuses folded into the provider interface's.
    pub fn payment_status(&self) -> PaymentStatus {
        match self.status.as_str() {
            "succeeded" => PaymentStatus::Succeeded,
            "canceled" => PaymentStatus::Canceled,
            "processing" | "requires_capture" => PaymentStatus::Processing,
            // requires_payment_method (also after a failed attempt: the payer may try another
            // card), requires_confirmation, requires_action.
            _ => PaymentStatus::RequiresPayment,
        }
    }

    pub fn record(&self) -> PaymentRecord {
        PaymentRecord {
            provider_ref: self.id.clone(),
            status: self.payment_status(),
            amount_cents: self.amount,
            currency: self.currency.to_ascii_lowercase(),
            client_secret: self.client_secret.clone(),
        }
    }

    /// The card's brand and last four digits, when the latest charge is expanded and was by card.
    pub fn card(&self) -> Option<(String, String)> {
        let card = self.latest_charge.as_ref()?.get("payment_method_details")?.get("card")?;
        let brand = card.get("brand")?.as_str()?;
        let last4 = card.get("last4")?.as_str()?;
        (last4.len() == 4 && last4.chars().all(|c| c.is_ascii_digit())).then(|| (brand.to_owned(), last4.to_owned()))
    }
}

#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
pub struct StripeRefund {
    pub id: String,
    pub amount: i64,
    pub status: String,
}

/// What went wrong talking to Stripe.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StripeError {
    /// Stripe answered with an error object.
    Api { status: u16, kind: String, code: Option<String>, decline_code: Option<String>, message: String },
    /// No usable answer: connection, timeout, or a body that is not what the API returns.
    Transport(String),
}

impl StripeError {
    pub fn code(&self) -> Option<&str> {
        match self {
            StripeError::Api { code, .. } => code.as_deref(),
            StripeError::Transport(_) => None,
        }
    }
}

impl std::fmt::Display for StripeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            StripeError::Api { status, kind, code, message, .. } => {
                write!(f, "stripe answered {status} {kind}/{}: {message}", code.as_deref().unwrap_or("-"))
            }
            StripeError::Transport(e) => write!(f, "stripe unreachable: {e}"),
        }
    }
}

impl From<StripeError> for PaymentError {
    fn from(error: StripeError) -> PaymentError {
        match &error {
            StripeError::Api { kind, code, decline_code, .. } if kind == "card_error" => {
                let code = decline_code.as_deref().or(code.as_deref()).unwrap_or_default();
                PaymentError::Declined(match code {
                    "insufficient_funds" => DeclineCode::InsufficientFunds,
                    "expired_card" => DeclineCode::ExpiredCard,
                    "incorrect_cvc" => DeclineCode::IncorrectCvc,
                    "processing_error" => DeclineCode::ProcessingError,
                    _ => DeclineCode::CardDeclined,
                })
            }
            StripeError::Api { status: 404, .. } => PaymentError::NotFound,
            StripeError::Api { code: Some(code), .. } if code == "resource_missing" => PaymentError::NotFound,
            _ => PaymentError::Provider(error.to_string()),
        }
    }
}

#[derive(Deserialize)]
struct ErrorBody {
    error: ErrorObject,
}

#[derive(Deserialize)]
struct ErrorObject {
    #[serde(rename = "type", default)]
    kind: String,
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    decline_code: Option<String>,
    #[serde(default)]
    message: Option<String>,
}

impl StripeClient {
    /// None unless a secret key is configured.
    pub fn from_config(config: &StripeConfig) -> Option<StripeClient> {
        let secret = config.stripe_secret_key.clone()?;
        let http = reqwest::Client::builder()
            .timeout(config.stripe_timeout)
            .connect_timeout(config.stripe_timeout.min(Duration::from_secs(10)))
            .user_agent(concat!("Rumbo/", env!("CARGO_PKG_VERSION")))
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap_or_default();
        Some(StripeClient { http, base: config.stripe_api_base.clone(), secret })
    }

    /// `POST /v1/payment_intents`: card and wallet methods chosen in the Dashboard
    /// (`automatic_payment_methods[enabled]`), our metadata, and the caller's idempotency key.
    pub async fn create_payment_intent(
        &self,
        amount: i64,
        currency: &str,
        description: &str,
        metadata: &[(&str, &str)],
        idempotency_key: &str,
    ) -> Result<PaymentIntent, StripeError> {
        let mut form = vec![
            ("amount".to_owned(), amount.to_string()),
            ("currency".to_owned(), currency.to_ascii_lowercase()),
            ("automatic_payment_methods[enabled]".to_owned(), "true".to_owned()),
            ("description".to_owned(), description.to_owned()),
        ];
        form.extend(metadata.iter().map(|(k, v)| (format!("metadata[{k}]"), (*v).to_owned())));
        self.send(reqwest::Method::POST, "/v1/payment_intents", &form, Some(idempotency_key)).await
    }

    /// `GET /v1/payment_intents/{id}`, with the latest charge expanded (for the card's brand and last four).
    pub async fn retrieve_payment_intent(&self, id: &str) -> Result<PaymentIntent, StripeError> {
        let path = format!("/v1/payment_intents/{}", checked_id(id)?);
        self.send(reqwest::Method::GET, &path, &[("expand[]".to_owned(), "latest_charge".to_owned())], None).await
    }

    /// `POST /v1/payment_intents/{id}/cancel`.
    pub async fn cancel_payment_intent(&self, id: &str) -> Result<PaymentIntent, StripeError> {
        let path = format!("/v1/payment_intents/{}/cancel", checked_id(id)?);
        self.send(reqwest::Method::POST, &path, &[], Some(&format!("cancel-{id}"))).await
    }

    /// `POST /v1/refunds` for `amount` of the PaymentIntent's charge.
    pub async fn create_refund(&self, payment_intent: &str, amount: i64, idempotency_key: &str) -> Result<StripeRefund, StripeError> {
        let form = [("payment_intent".to_owned(), checked_id(payment_intent)?.to_owned()), ("amount".to_owned(), amount.to_string())];
        self.send(reqwest::Method::POST, "/v1/refunds", &form, Some(idempotency_key)).await
    }

    async fn send<T: serde::de::DeserializeOwned>(
        &self,
        method: reqwest::Method,
        path: &str,
        params: &[(String, String)],
        idempotency_key: Option<&str>,
    ) -> Result<T, StripeError> {
        let mut url = self.base.clone();
        url.set_path(&format!("{}{path}", self.base.path().trim_end_matches('/')));
        let encoded = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(params).finish();
        let mut attempt = 1;
        loop {
            let mut request = if method == reqwest::Method::GET {
                let mut with_query = url.clone();
                with_query.set_query(Some(encoded.as_str()).filter(|q| !q.is_empty()));
                self.http.get(with_query)
            } else {
                self.http
                    .request(method.clone(), url.clone())
                    .header(http::header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                    .body(encoded.clone())
            };
            request = request.bearer_auth(self.secret.expose()).header("Stripe-Version", API_VERSION);
            if let Some(key) = idempotency_key {
                request = request.header("Idempotency-Key", key);
            }
            let outcome = self.answer(request.send().await).await;
            // GETs and keyed POSTs are safe to repeat; Stripe says which failures are worth it.
            let retry = match &outcome {
                Ok(_) => false,
                Err((_, retryable)) => *retryable,
            };
            if !retry || attempt >= ATTEMPTS {
                return outcome.map_err(|(error, _)| error);
            }
            tracing::warn!(path, attempt, "stripe request failed: retrying");
            tokio::time::sleep(RETRY_WAIT * 2u32.pow(attempt - 1)).await;
            attempt += 1;
        }
    }

    /// The decoded answer, or the error and whether repeating the request may help.
    async fn answer<T: serde::de::DeserializeOwned>(
        &self,
        sent: Result<reqwest::Response, reqwest::Error>,
    ) -> Result<T, (StripeError, bool)> {
        let response = sent.map_err(|e| (StripeError::Transport(without_url(e)), true))?;
        let status = response.status();
        let should_retry = response.headers().get("stripe-should-retry").and_then(|v| v.to_str().ok()).map(|v| v == "true");
        let body = response.bytes().await.map_err(|e| (StripeError::Transport(without_url(e)), true))?;
        if status.is_success() {
            return serde_json::from_slice(&body).map_err(|e| (StripeError::Transport(format!("unexpected answer: {e}")), false));
        }
        let error = match serde_json::from_slice::<ErrorBody>(&body) {
            Ok(ErrorBody { error }) => StripeError::Api {
                status: status.as_u16(),
                kind: error.kind,
                code: error.code,
                decline_code: error.decline_code,
                message: error.message.unwrap_or_default(),
            },
            Err(_) => StripeError::Api {
                status: status.as_u16(),
                kind: "api_error".into(),
                code: None,
                decline_code: None,
                message: String::new(),
            },
        };
        // 409: another request with this key is still running; 429: rate limited; 5xx: Stripe's side.
        let retryable =
            should_retry.unwrap_or(status == StatusCode::CONFLICT || status == StatusCode::TOO_MANY_REQUESTS || status.is_server_error());
        Err((error, retryable))
    }
}

/// Ids go into paths: only Stripe's alphabet is allowed.
fn checked_id(id: &str) -> Result<&str, StripeError> {
    if !id.is_empty() && id.len() <= 255 && id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        Ok(id)
    } else {
        Err(StripeError::Transport(format!("not a Stripe id: {id:?}")))
    }
}

/// reqwest's errors quote the URL; ours carries no secret, but the text stays short.
fn without_url(error: reqwest::Error) -> String {
    let kind = if error.is_timeout() {
        "timed out"
    } else if error.is_connect() {
        "cannot connect"
    } else {
        "request failed"
    };
    format!("{kind}: {}", error.without_url())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn api(status: u16, kind: &str, code: Option<&str>, decline: Option<&str>) -> StripeError {
        StripeError::Api {
            status,
            kind: kind.into(),
            code: code.map(Into::into),
            decline_code: decline.map(Into::into),
            message: "m".into(),
        }
    }

    #[test]
    fn errors_map_to_the_provider_interface() {
        let declined = |decline| PaymentError::from(api(402, "card_error", Some("card_declined"), decline));
        assert_eq!(declined(Some("insufficient_funds")), PaymentError::Declined(DeclineCode::InsufficientFunds));
        assert_eq!(declined(Some("generic_decline")), PaymentError::Declined(DeclineCode::CardDeclined));
        assert_eq!(declined(None), PaymentError::Declined(DeclineCode::CardDeclined));
        assert_eq!(
            PaymentError::from(api(402, "card_error", Some("expired_card"), None)),
            PaymentError::Declined(DeclineCode::ExpiredCard)
        );
        assert_eq!(PaymentError::from(api(404, "invalid_request_error", Some("resource_missing"), None)), PaymentError::NotFound);
        assert!(
            matches!(PaymentError::from(api(400, "idempotency_error", None, None)), PaymentError::Provider(m) if m.contains("idempotency_error"))
        );
        assert!(matches!(PaymentError::from(StripeError::Transport("timed out".into())), PaymentError::Provider(_)));
    }

    #[test]
    fn statuses_and_cards_are_read_from_payment_intents() {
        let intent: PaymentIntent = serde_json::from_value(serde_json::json!({
            "id": "pi_1", "object": "payment_intent", "amount": 9900, "currency": "usd", "status": "requires_action",
            "client_secret": "pi_1_secret_x", "metadata": { "booking_id": "b1" },
            "latest_charge": { "id": "ch_1", "payment_method_details": { "type": "card", "card": { "brand": "visa", "last4": "4242" } } }
        }))
        .unwrap();
        assert_eq!(intent.payment_status(), PaymentStatus::RequiresPayment);
        assert_eq!(intent.card(), Some(("visa".into(), "4242".into())));
        assert_eq!(intent.metadata["booking_id"], "b1");
        let record = intent.record();
        assert_eq!((record.amount_cents, record.currency.as_str(), record.client_secret.as_deref()), (9900, "usd", Some("pi_1_secret_x")));
        for (stripe, ours) in [
            ("succeeded", PaymentStatus::Succeeded),
            ("processing", PaymentStatus::Processing),
            ("canceled", PaymentStatus::Canceled),
            ("requires_payment_method", PaymentStatus::RequiresPayment),
        ] {
            assert_eq!(PaymentIntent { status: stripe.into(), ..intent.clone() }.payment_status(), ours);
        }
        assert_eq!(PaymentIntent { latest_charge: Some("ch_1".into()), ..intent }.card(), None, "not expanded");
    }

    #[test]
    fn ids_cannot_leave_their_path_segment() {
        assert!(checked_id("pi_3MtwBwLkdIwHu7ix28a3tqPa").is_ok());
        assert!(checked_id("pi_1/../../v1/refunds").is_err());
        assert!(checked_id("pi_1?expand[]=x").is_err());
        assert!(checked_id("").is_err());
    }
}
