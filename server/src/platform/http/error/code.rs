//! Every `error_code` the site API answers, in one list: the web app translates each one
//! (web/src/i18n/locales/*/errors.json) and a test fails when one has no text in a language.
//! A code, once published, keeps its spelling.

use serde::Serialize;

/// A stable, snake_case error code of the `/api/v1` envelope. The OpenAPI document lists
/// them all (the `ErrorCode` schema), which is where the web app's types come from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    // The request itself (any endpoint).
    BadRequest,
    InvalidBody,
    InvalidQuery,
    UnsupportedMediaType,
    PayloadTooLarge,
    MethodNotAllowed,
    NotFound,
    RequestTimeout,
    RateLimited,
    ValidationFailed,
    InternalError,
    InvalidLanguage,
    // The caller's session (endpoints that need or use a signed-in user).
    NoAuthorization,
    BadJwt,
    SessionNotFound,
    SessionExpired,
    UserNotFound,
    UserBanned,
    // Content.
    InvalidLimit,
    InvalidCursor,
    InvalidKind,
    InvalidType,
    PostNotFound,
    DestinationNotFound,
    MediaNotFound,
    // Newsletter and events.
    InvalidEmail,
    InvalidSource,
    InvalidToken,
    TokenExpired,
    InvalidEvent,
    // Profiles.
    ProfileNotFound,
    // The staff API (staff).
    NotStaff,
    NotAdmin,
    InsufficientAal,
    // The consultants' console (consultations).
    PersonalData,
    CaseState,
    SelfApproval,
    ConsultantNotFound,
    UnsupportedImage,
    ImageTooLarge,
    // The account page (account).
    ReauthenticationNeeded,
    ReauthenticationFailed,
    // Consultations.
    InvalidPlan,
    InvalidRange,
    InvalidIdempotencyKey,
    IdempotencyKeyReused,
    SlotTaken,
    HoldExpired,
    AlreadyPaid,
    NotPayable,
    NotChangeable,
    TooManyHolds,
    ChangeFeeRequired,
    UnsupportedDocument,
    DocumentTooLarge,
    TooManyDocuments,
    UploadQuotaExceeded,
    // Payments.
    UseStripe,
    CardDeclined,
    InsufficientFunds,
    ExpiredCard,
    IncorrectCvc,
    ProcessingError,
    PaymentProviderError,
    InvalidSignature,
    InvalidPayload,
    TryAgain,
    // Store.
    InvalidSort,
    InvalidCategory,
    ProductNotFound,
    CartNotFound,
    CartNotYours,
    CartEmpty,
    CartChanged,
    OutOfStock,
    InvalidQuantity,
    DiscountNotFound,
    DiscountExpired,
    DiscountUsedUp,
    DiscountMinimum,
    ShippingUnavailable,
    OrderNotFound,
    ReservationExpired,
    DownloadExpired,
    DownloadUsedUp,
    // The owners' console (store, newsletter issues).
    RefundTooLarge,
    NotRefundable,
    NotShippable,
    NotCancelable,
    StockBelowZero,
    DiscountExists,
    IssueNotEditable,
}

impl ErrorCode {
    /// Every code, in the order of the enum, read from its schema.
    pub fn all() -> Vec<String> {
        let schema = serde_json::to_value(<ErrorCode as utoipa::PartialSchema>::schema()).unwrap_or_default();
        schema["enum"].as_array().map(|values| values.iter().filter_map(|v| v.as_str().map(str::to_owned)).collect()).unwrap_or_default()
    }
}

impl std::fmt::Display for ErrorCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let text = serde_json::to_value(self).ok().and_then(|v| v.as_str().map(str::to_owned)).unwrap_or_default();
        f.write_str(&text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_schema_lists_every_code_as_it_is_sent() {
        let all = ErrorCode::all();
        assert!(all.len() > 40, "{all:?}");
        assert!(all.iter().all(|c| c.chars().all(|c| c.is_ascii_lowercase() || c == '_')), "{all:?}");
        assert_eq!(ErrorCode::InvalidBody.to_string(), "invalid_body");
        assert!(all.contains(&ErrorCode::UploadQuotaExceeded.to_string()));
    }

    /// The web app shows `errors:codes.<code>`: every code needs its text in every language,
    /// and a text for a code the API no longer answers is dead weight.
    #[test]
    fn every_code_has_its_text_in_every_language() {
        let files = [
            ("en", include_str!("../../../../../web/src/i18n/locales/en/errors.json")),
            ("es", include_str!("../../../../../web/src/i18n/locales/es/errors.json")),
            ("pt", include_str!("../../../../../web/src/i18n/locales/pt/errors.json")),
        ];
        let mut all = ErrorCode::all();
        all.sort();
        for (lang, raw) in files {
            let texts: serde_json::Value = serde_json::from_str(raw).unwrap();
            let codes = texts["codes"].as_object().unwrap_or_else(|| panic!("{lang}/errors.json has no `codes`"));
            let mut named: Vec<String> = codes.keys().cloned().collect();
            named.sort();
            assert_eq!(named, all, "{lang}/errors.json must name exactly the API's codes");
            assert!(codes.values().all(|text| text.as_str().is_some_and(|t| !t.trim().is_empty())), "{lang}: an empty text");
        }
    }
}
