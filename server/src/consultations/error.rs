//! The consultations feature's errors, mapped to HTTP in this one place (the `/api/v1`
//! envelope: `error_code`, `message`, and `fields` or extra members where the contract has them).

use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderValue, StatusCode};
use serde_json::{json, Map, Value};

use super::model::SlotView;
use crate::payments::{DeclineCode, PaymentError};
use crate::platform::rate_limit::RetryAfter;

/// (field, code) pairs, in the order of the form.
pub type FieldErrors = Vec<(&'static str, &'static str)>;

#[derive(Debug, thiserror::Error)]
pub enum ConsultationError {
    #[error("bad JSON body")]
    BadJson,
    #[error("invalid fields {0:?}")]
    Validation(FieldErrors),
    #[error("unknown plan")]
    InvalidPlan,
    #[error("invalid date range")]
    InvalidRange,
    #[error("invalid lang")]
    InvalidLang,
    #[error("invalid Idempotency-Key")]
    InvalidIdempotencyKey,
    #[error("Idempotency-Key reused with another body")]
    IdempotencyKeyReused,
    #[error("slot taken")]
    SlotTaken(Vec<SlotView>),
    #[error("no such booking, or not this caller's")]
    NotFound,
    #[error("the hold expired")]
    HoldExpired,
    #[error("already paid")]
    AlreadyPaid,
    #[error("not payable")]
    NotPayable,
    #[error("the booking cannot be changed")]
    NotChangeable,
    #[error("card payments go through Stripe")]
    UseStripe,
    #[error("declined: {}", .0.as_str())]
    Declined(DeclineCode),
    #[error("change fee required")]
    ChangeFeeRequired(i64),
    #[error("unsupported document")]
    UnsupportedDocument,
    #[error("document too large")]
    DocumentTooLarge,
    #[error("too many documents")]
    TooManyDocuments,
    #[error("rate limited")]
    RateLimited(RetryAfter),
    #[error("sign-in required")]
    Unauthorized(StatusCode, &'static str, String),
    #[error("payment provider: {0}")]
    Provider(String),
    #[error("storage: {0}")]
    Storage(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

pub type ConsultationResult<T> = Result<T, ConsultationError>;

impl From<PaymentError> for ConsultationError {
    fn from(error: PaymentError) -> Self {
        match error {
            PaymentError::Declined(code) => ConsultationError::Declined(code),
            PaymentError::InvalidCard(fields) => ConsultationError::Validation(fields),
            PaymentError::NotFound => ConsultationError::Provider("the provider does not know the payment".into()),
            PaymentError::Provider(message) => ConsultationError::Provider(message),
        }
    }
}

fn envelope(status: StatusCode, code: &str, message: &str, extra: Map<String, Value>) -> Response {
    let mut body = Map::new();
    body.insert("error_code".into(), code.into());
    body.insert("message".into(), message.into());
    body.extend(extra);
    (status, Json(Value::Object(body))).into_response()
}

impl IntoResponse for ConsultationError {
    fn into_response(self) -> Response {
        use ConsultationError as E;
        let mut extra = Map::new();
        let (status, code, message) = match &self {
            E::BadJson => (StatusCode::BAD_REQUEST, "bad_json", "The body must be a JSON object."),
            E::Validation(fields) => {
                let fields: Map<String, Value> = fields.iter().map(|(field, code)| ((*field).to_owned(), Value::from(*code))).collect();
                extra.insert("fields".into(), Value::Object(fields));
                (StatusCode::BAD_REQUEST, "validation_failed", "Some fields are not valid.")
            }
            E::InvalidPlan => (StatusCode::BAD_REQUEST, "invalid_plan", "plan must be the id of a plan."),
            E::InvalidRange => {
                (StatusCode::BAD_REQUEST, "invalid_range", "from and to must be dates YYYY-MM-DD, from <= to, at most 62 days apart.")
            }
            E::InvalidLang => (StatusCode::BAD_REQUEST, "invalid_lang", "lang must be en, es or pt."),
            E::InvalidIdempotencyKey => {
                (StatusCode::BAD_REQUEST, "invalid_idempotency_key", "Idempotency-Key must be 1 to 255 visible ASCII characters.")
            }
            E::IdempotencyKeyReused => {
                (StatusCode::UNPROCESSABLE_ENTITY, "idempotency_key_reused", "This Idempotency-Key was used with a different request.")
            }
            E::SlotTaken(next) => {
                extra.insert("next_slots".into(), json!(next));
                (StatusCode::CONFLICT, "slot_taken", "That time was just taken; here are the next free ones.")
            }
            E::NotFound => (StatusCode::NOT_FOUND, "not_found", "No such booking."),
            E::HoldExpired => (StatusCode::CONFLICT, "hold_expired", "The time was held for 15 minutes and has been released; book again."),
            E::AlreadyPaid => (StatusCode::CONFLICT, "already_paid", "This booking is already paid."),
            E::NotPayable => (StatusCode::CONFLICT, "not_payable", "This booking can no longer be paid."),
            E::NotChangeable => (StatusCode::CONFLICT, "not_changeable", "This booking can no longer be changed."),
            E::UseStripe => (StatusCode::CONFLICT, "use_stripe", "Card details are entered in the Stripe payment form."),
            E::Declined(code) => (StatusCode::PAYMENT_REQUIRED, code.as_str(), "The card was declined."),
            E::ChangeFeeRequired(fee) => {
                extra.insert("fee_cents".into(), (*fee).into());
                (StatusCode::PAYMENT_REQUIRED, "change_fee_required", "Changes less than 24 hours ahead carry a fee: send a card.")
            }
            E::UnsupportedDocument => {
                (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_document", "Documents must be PDF, JPEG or PNG files.")
            }
            E::DocumentTooLarge => (StatusCode::PAYLOAD_TOO_LARGE, "document_too_large", "Documents may be at most 10 MB."),
            E::TooManyDocuments => (StatusCode::CONFLICT, "too_many_documents", "A booking may carry at most 5 documents."),
            E::RateLimited(_) => (StatusCode::TOO_MANY_REQUESTS, "rate_limited", "Too many requests; try again later."),
            E::Unauthorized(status, code, message) => return envelope(*status, code, message, extra),
            E::Provider(detail) => {
                tracing::error!(error = %detail, "consultations: payment provider failed");
                (StatusCode::BAD_GATEWAY, "payment_provider_error", "The payment service did not answer as expected; try again.")
            }
            E::Storage(error) => {
                tracing::error!(%error, "consultations: document storage failed");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong on our side.")
            }
            E::Database(error) => {
                tracing::error!(%error, "consultations: database error");
                (StatusCode::INTERNAL_SERVER_ERROR, "internal_error", "Something went wrong on our side.")
            }
        };
        let mut response = envelope(status, code, message, extra);
        if let E::RateLimited(RetryAfter(seconds)) = self {
            if let Ok(value) = HeaderValue::from_str(&seconds.to_string()) {
                response.headers_mut().insert(http::header::RETRY_AFTER, value);
            }
        }
        response
    }
}
