//! The store's errors, mapped to the `/api/v1` envelope in this one place.

use axum::response::{IntoResponse, Response};
use http::StatusCode;
use serde_json::json;

use super::api::Cart;
use crate::payments::{DeclineCode, PaymentError};
use crate::platform::http::error::{ApiError, ErrorCode};

/// (field, code) pairs, in the order of the form.
pub type FieldErrors = Vec<(&'static str, &'static str)>;

/// Why a discount code does not apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DiscountProblem {
    Unknown,
    Expired,
    UsedUp,
    /// The subtotal is under the code's minimum (cents).
    Minimum(i64),
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("invalid fields {0:?}")]
    Validation(FieldErrors),
    #[error("invalid lang")]
    InvalidLang,
    #[error("invalid limit")]
    InvalidLimit,
    #[error("invalid cursor")]
    InvalidCursor,
    #[error("invalid sort")]
    InvalidSort,
    #[error("invalid category")]
    InvalidCategory,
    #[error("no such product")]
    ProductNotFound,
    #[error("no such cart")]
    CartNotFound,
    #[error("the cart belongs to a signed-in user")]
    CartOfAnotherUser,
    #[error("the cart is empty")]
    CartEmpty,
    #[error("prices or stock changed since the cart was filled")]
    CartChanged(Box<Cart>),
    #[error("out of stock: {sku}")]
    OutOfStock { sku: String, available: i64 },
    #[error("quantity out of range")]
    InvalidQuantity,
    #[error("discount: {0:?}")]
    Discount(DiscountProblem),
    #[error("not shipped there")]
    NotShipped,
    #[error("invalid Idempotency-Key")]
    InvalidIdempotencyKey,
    #[error("Idempotency-Key reused with another body")]
    IdempotencyKeyReused,
    #[error("no such order, or not this caller's")]
    OrderNotFound,
    #[error("only a paid order with an address can be shipped")]
    NotShippable,
    #[error("the order has no succeeded payment to refund")]
    NotRefundable,
    #[error("more than is left to refund")]
    RefundTooLarge,
    #[error("only an order waiting for payment can be cancelled")]
    NotCancelable,
    #[error("the stock would go below zero")]
    StockBelowZero,
    #[error("no such variant with stock")]
    VariantNotFound,
    #[error("the discount code exists")]
    DiscountExists,
    #[error("the reservation ran out")]
    ReservationExpired,
    #[error("already paid")]
    AlreadyPaid,
    #[error("card payments go through Stripe")]
    UseStripe,
    #[error("declined: {}", .0.as_str())]
    Declined(DeclineCode),
    #[error("no such download")]
    DownloadNotFound,
    #[error("the download link expired")]
    DownloadExpired,
    #[error("the download link was used up")]
    DownloadUsedUp,
    #[error("rate limited")]
    RateLimited(crate::platform::rate_limit::RetryAfter),
    #[error("payment provider: {0}")]
    Provider(String),
    #[error("storage: {0}")]
    Storage(#[from] std::io::Error),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

pub type StoreResult<T> = Result<T, StoreError>;

impl From<PaymentError> for StoreError {
    fn from(error: PaymentError) -> Self {
        match error {
            PaymentError::Declined(code) => StoreError::Declined(code),
            PaymentError::InvalidCard(fields) => StoreError::Validation(fields),
            PaymentError::NotFound => StoreError::Provider("the provider does not know the payment".into()),
            PaymentError::Provider(message) => StoreError::Provider(message),
        }
    }
}

impl From<StoreError> for ApiError {
    fn from(error: StoreError) -> ApiError {
        use ErrorCode as C;
        use StoreError as E;
        let conflict = |code, message| ApiError::new(StatusCode::CONFLICT, code, message);
        let not_found = |code, message| ApiError::new(StatusCode::NOT_FOUND, code, message);
        let gone = |code, message| ApiError::new(StatusCode::GONE, code, message);
        match error {
            E::Validation(fields) => ApiError::fields(fields),
            E::InvalidLang => ApiError::bad_request(C::InvalidLanguage, "lang must be en, es or pt."),
            E::InvalidLimit => ApiError::bad_request(C::InvalidLimit, "limit must be a number from 1 to 50."),
            E::InvalidCursor => ApiError::bad_request(C::InvalidCursor, "cursor is not valid."),
            E::InvalidSort => ApiError::bad_request(C::InvalidSort, "sort must be featured, price_asc, price_desc or newest."),
            E::InvalidCategory => ApiError::bad_request(C::InvalidCategory, "category must be one of the store's categories."),
            E::ProductNotFound => not_found(C::ProductNotFound, "No such product."),
            E::CartNotFound => not_found(C::CartNotFound, "No such cart; start a new one."),
            E::CartOfAnotherUser => {
                ApiError::new(StatusCode::FORBIDDEN, C::CartNotYours, "This cart belongs to a signed-in account: sign in to use it.")
            }
            E::CartEmpty => conflict(C::CartEmpty, "The cart is empty."),
            E::CartChanged(cart) => conflict(C::CartChanged, "Prices or stock changed since these items were added: review the cart.")
                .with("cart", serde_json::to_value(*cart).unwrap_or_default()),
            E::OutOfStock { sku, available } => {
                conflict(C::OutOfStock, "Not enough left in stock.").with("sku", sku).with("available", available)
            }
            E::InvalidQuantity => ApiError::bad_request(C::InvalidQuantity, "quantity must be a whole number from 0 to 99."),
            E::Discount(problem) => discount_error(problem),
            E::NotShipped => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                C::ShippingUnavailable,
                "That shipping method does not ship to this country.",
            ),
            E::InvalidIdempotencyKey => {
                ApiError::bad_request(C::InvalidIdempotencyKey, "Idempotency-Key must be 1 to 255 visible ASCII characters.")
            }
            E::IdempotencyKeyReused => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                C::IdempotencyKeyReused,
                "This Idempotency-Key was used with a different request.",
            ),
            E::OrderNotFound => not_found(C::OrderNotFound, "No such order."),
            E::ReservationExpired => {
                conflict(C::ReservationExpired, "The items were held while you paid and have been released; order again.")
            }
            E::NotShippable => {
                conflict(C::NotShippable, "Only a paid order with a shipping address, not shipped yet, can be marked shipped.")
            }
            E::NotRefundable => conflict(C::NotRefundable, "This order has no payment to refund."),
            E::RefundTooLarge => conflict(C::RefundTooLarge, "That is more than is left to refund on this order."),
            E::NotCancelable => conflict(C::NotCancelable, "Only an order waiting for payment can be cancelled."),
            E::StockBelowZero => conflict(C::StockBelowZero, "Stock cannot go below zero."),
            E::VariantNotFound => not_found(C::NotFound, "No such variant with stock."),
            E::DiscountExists => conflict(C::DiscountExists, "A discount code with that name already exists."),
            E::AlreadyPaid => conflict(C::AlreadyPaid, "This order is already paid."),
            E::UseStripe => conflict(C::UseStripe, "Card details are entered in the Stripe payment form."),
            E::Declined(code) => ApiError::new(StatusCode::PAYMENT_REQUIRED, code.error_code(), "The card was declined."),
            E::DownloadNotFound => not_found(C::NotFound, "No such download."),
            E::DownloadExpired => gone(C::DownloadExpired, "This download link has expired: get a new one from your order."),
            E::DownloadUsedUp => {
                gone(C::DownloadUsedUp, "This download link was used its maximum number of times: get a new one from your order.")
            }
            E::RateLimited(retry) => ApiError::rate_limited(retry),
            E::Provider(detail) => {
                tracing::error!(error = %detail, "store: payment provider failed");
                ApiError::new(
                    StatusCode::BAD_GATEWAY,
                    C::PaymentProviderError,
                    "The payment service did not answer as expected; try again.",
                )
            }
            E::Storage(error) => ApiError::internal("store: file storage failed", &error),
            E::Database(error) => ApiError::internal("store: database error", &error),
        }
    }
}

fn discount_error(problem: DiscountProblem) -> ApiError {
    use ErrorCode as C;
    let refuse = |code, message| ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message);
    match problem {
        DiscountProblem::Unknown => refuse(C::DiscountNotFound, "No such discount code."),
        DiscountProblem::Expired => refuse(C::DiscountExpired, "This discount code has expired."),
        DiscountProblem::UsedUp => refuse(C::DiscountUsedUp, "This discount code has been used its maximum number of times."),
        DiscountProblem::Minimum(cents) => {
            refuse(C::DiscountMinimum, "The subtotal is under this code's minimum.").with("minimum_cents", json!(cents))
        }
    }
}

impl IntoResponse for StoreError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}
