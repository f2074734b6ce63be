//! The consultations feature's errors, mapped to the `/api/v1` envelope (`ApiError`) in this
//! one place, with `fields` or extra members where the contract has them.

use axum::response::{IntoResponse, Response};
use http::StatusCode;
use serde_json::json;

use super::model::SlotView;
use crate::payments::{DeclineCode, PaymentError};
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::rate_limit::RetryAfter;

/// (field, code) pairs, in the order of the form.
pub type FieldErrors = Vec<(&'static str, &'static str)>;

#[derive(Debug, thiserror::Error)]
pub enum ConsultationError {
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
    #[error("too many unpaid holds")]
    TooManyHolds,
    #[error("upload quota of unpaid holds spent")]
    UploadQuota(RetryAfter),
    #[error("personal data in the opinion {0:?}")]
    PersonalData(FieldErrors),
    #[error("the case is not at that step")]
    CaseState,
    #[error("an opinion's author cannot approve it")]
    SelfApproval,
    #[error("no such consultant")]
    ConsultantNotFound,
    /// A refusal of the staff gate (`not_admin`…), answered as it is.
    #[error("refused: {0:?}")]
    Refused(ApiError),
    #[error("payment provider: {0}")]
    Provider(String),
    #[error("storage: {0}")]
    Storage(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

pub type ConsultationResult<T> = Result<T, ConsultationError>;

impl From<ApiError> for ConsultationError {
    fn from(error: ApiError) -> Self {
        ConsultationError::Refused(error)
    }
}

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

impl From<ConsultationError> for ApiError {
    fn from(error: ConsultationError) -> ApiError {
        use ConsultationError as E;
        use ErrorCode as C;
        let conflict = |code, message| ApiError::new(StatusCode::CONFLICT, code, message);
        match error {
            E::Validation(fields) => ApiError::fields(fields),
            E::InvalidPlan => ApiError::bad_request(C::InvalidPlan, "plan must be the id of a plan."),
            E::InvalidRange => {
                ApiError::bad_request(C::InvalidRange, "from and to must be dates YYYY-MM-DD, from <= to, at most 62 days apart.")
            }
            E::InvalidLang => ApiError::bad_request(C::InvalidLanguage, "lang must be en, es or pt."),
            E::InvalidIdempotencyKey => {
                ApiError::bad_request(C::InvalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters.")
            }
            E::IdempotencyKeyReused => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                C::IdempotencyKeyReused,
                "This Idempotency-Key was used with a different request.",
            ),
            E::SlotTaken(next) => {
                conflict(C::SlotTaken, "That time was just taken; here are the next free ones.").with("next_slots", json!(next))
            }
            E::NotFound => ApiError::new(StatusCode::NOT_FOUND, C::NotFound, "No such booking."),
            E::HoldExpired => conflict(C::HoldExpired, "The time was held while you paid and has been released; book again."),
            E::AlreadyPaid => conflict(C::AlreadyPaid, "This booking is already paid."),
            E::NotPayable => conflict(C::NotPayable, "This booking can no longer be paid."),
            E::NotChangeable => conflict(C::NotChangeable, "This booking can no longer be changed."),
            E::UseStripe => conflict(C::UseStripe, "Card details are entered in the Stripe payment form."),
            E::Declined(code) => ApiError::new(StatusCode::PAYMENT_REQUIRED, code.error_code(), "The card was declined."),
            E::ChangeFeeRequired(fee) => ApiError::new(
                StatusCode::PAYMENT_REQUIRED,
                C::ChangeFeeRequired,
                "Changes less than 24 hours ahead carry a fee: send a card.",
            )
            .with("fee_cents", fee),
            E::UnsupportedDocument => {
                ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, C::UnsupportedDocument, "Documents must be PDF, JPEG or PNG files.")
            }
            E::DocumentTooLarge => ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, C::DocumentTooLarge, "Documents may be at most 10 MB."),
            E::TooManyDocuments => conflict(C::TooManyDocuments, "A booking may carry at most 5 documents."),
            E::RateLimited(retry) => ApiError::rate_limited(retry),
            E::TooManyHolds => ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                C::TooManyHolds,
                "Times already held and waiting for payment: pay for one, or wait until a hold runs out.",
            ),
            E::UploadQuota(retry) => ApiError {
                retry_after: Some(retry.0),
                ..ApiError::new(
                    StatusCode::TOO_MANY_REQUESTS,
                    C::UploadQuotaExceeded,
                    "Enough documents were attached to unpaid bookings for now: pay first, or try again later.",
                )
            },
            E::PersonalData(fields) => ApiError {
                fields: Some(fields.into_iter().map(|(field, code)| (field.to_owned(), code.to_owned())).collect()),
                ..ApiError::new(
                    StatusCode::UNPROCESSABLE_ENTITY,
                    C::PersonalData,
                    "The text names the traveller or gives contact details; personal data is never published.",
                )
            },
            E::CaseState => conflict(C::CaseState, "The case is not at the step where this can be done."),
            E::SelfApproval => {
                ApiError::new(StatusCode::FORBIDDEN, C::SelfApproval, "An opinion is approved by someone other than its author.")
            }
            E::ConsultantNotFound => ApiError::new(StatusCode::NOT_FOUND, C::ConsultantNotFound, "No such consultant."),
            E::Refused(error) => error,
            E::Provider(detail) => {
                tracing::error!(error = %detail, "consultations: payment provider failed");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    C::PaymentProviderError,
                    "The payment service did not answer as expected; try again.",
                )
            }
            E::Storage(error) => ApiError::internal("consultations: document storage failed", &error),
            E::Database(error) => ApiError::internal("consultations: database error", &error),
        }
    }
}

impl IntoResponse for ConsultationError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}
