//! The consultations' bodies as the OpenAPI document describes them. Requests are read as a JSON
//! object and each member is then checked on its own (input.rs), so every wrong field gets its
//! own code at once; the request schemas say what each member must be.

use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::model::{DocumentView, Plan, SlotView};
use crate::content::model::Testimonial;
use crate::payments::api::{CardRequest, PaymentView};
use crate::platform::http::extract::FormText;
use crate::platform::i18n::Lang;

/// `?lang=&plan=&from=&to=` of the catalogue reads (each read uses the members it needs).
#[derive(Debug, Default, serde::Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CatalogQuery {
    #[param(value_type = Option<Lang>)]
    pub lang: Option<String>,
    /// A plan's id (slots only; required there).
    #[param(min_length = 1)]
    pub plan: Option<String>,
    /// The first day, `YYYY-MM-DD` in the consultants' zone (default today).
    #[param(value_type = Option<String>, format = Date)]
    pub from: Option<String>,
    /// The last day, at most 62 days after `from` (default 13 days after it).
    #[param(value_type = Option<String>, format = Date)]
    pub to: Option<String>,
}

/// The plans on sale, in the asked language.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanList {
    pub items: Vec<Plan>,
}

/// Travellers' words about their consultation.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestimonialList {
    pub items: Vec<Testimonial>,
}

/// The free starts of a plan between two days.
#[derive(Debug, Serialize, ToSchema)]
pub struct FreeSlots {
    pub plan: String,
    /// The consultants' IANA zone, in which days are counted.
    pub time_zone: String,
    /// The earliest free start in the range, for a calendar that opens on it.
    #[schema(format = DateTime, required = true)]
    pub next_start: Option<String>,
    pub slots: Vec<SlotView>,
}

/// `POST /consultations/bookings`: holds a free time for the booker while they pay.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"name": "Ana Souza", "email": "ana@example.com", "country": "Brazil",
    "message": "My flight from Lima was cancelled and the airline refuses to refund it.", "plan": "complete",
    "slot_start": "2026-12-01T14:00:00Z", "language": "pt"}))]
pub struct BookingRequest {
    #[schema(value_type = String, min_length = 2, max_length = 100)]
    pub name: FormText,
    #[schema(value_type = String, format = Email)]
    pub email: FormText,
    /// A country's name in any of the site's languages, or its ISO code.
    #[schema(value_type = String)]
    pub country: FormText,
    #[schema(value_type = String, min_length = 10, max_length = 5000)]
    pub message: FormText,
    /// A plan's id.
    #[schema(value_type = String)]
    pub plan: FormText,
    /// A start from the slots list.
    #[schema(value_type = String, format = DateTime)]
    pub slot_start: FormText,
    /// The language of the mails (default `en`).
    #[schema(value_type = Option<Lang>)]
    pub language: FormText,
    /// The booker's IANA time zone (their browser's), shown beside the consultant's in the agenda.
    #[schema(value_type = Option<String>, example = "America/Sao_Paulo")]
    pub time_zone: FormText,
}

/// `POST /consultations/bookings/{id}/reschedule`: a new start; under 24 hours before the
/// current start, also the card that pays the change fee (`change_fee_required` tells the fee).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"slot_start": "2026-12-02T15:00:00Z"}))]
pub struct RescheduleRequest {
    #[schema(value_type = String, format = DateTime)]
    pub slot_start: FormText,
    pub card: Option<CardRequest>,
}

/// `multipart/form-data` with one PDF, JPEG or PNG file of at most 10 MB.
#[derive(Debug, ToSchema)]
#[allow(dead_code)]
pub struct DocumentUpload {
    #[schema(value_type = String, format = Binary, content_media_type = "application/octet-stream")]
    file: Vec<u8>,
}

/// Where a booking stands (`held` until paid or until its hold ends).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum BookingState {
    Held,
    Confirmed,
    Cancelled,
    Expired,
}

/// The plan of a booking, as it was sold.
#[derive(Debug, Serialize, ToSchema)]
pub struct PlanSummary {
    pub id: String,
    pub name: String,
    pub duration_minutes: i64,
    pub price_cents: i64,
    pub currency: String,
}

/// A booking, as its booker (manage link or signed-in owner) sees it.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookingView {
    pub id: String,
    #[schema(value_type = BookingState)]
    pub status: &'static str,
    pub plan: PlanSummary,
    #[schema(format = DateTime)]
    pub start: String,
    #[schema(format = DateTime)]
    pub end: String,
    pub time_zone: String,
    /// Until when the time is held unpaid (held bookings only).
    #[schema(format = DateTime, required = true)]
    pub hold_expires_at: Option<String>,
    pub amount_cents: i64,
    pub currency: String,
    pub name: String,
    pub email: String,
    pub country: String,
    pub message: String,
    pub language: String,
    pub payment: PaymentView,
    /// Until when cancelling is free and refunded in full.
    #[schema(format = DateTime)]
    pub cancellation_deadline: String,
    pub change_fee_cents: i64,
    #[schema(required = true)]
    pub refund_cents: Option<i64>,
    pub documents: Vec<DocumentView>,
    /// Where to meet (confirmed bookings): a link, a phone number, or both.
    #[schema(required = true)]
    pub meeting_url: Option<String>,
    #[schema(required = true)]
    pub meeting_phone: Option<String>,
    /// What came after the consultation (confirmed bookings).
    #[schema(required = true)]
    pub case: Option<CaseView>,
    /// The manage link's token: only in the answer that creates the booking (and its replay).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
}

/// The 21-day promise as the traveller follows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CaseView {
    pub state: crate::consultations::case::CaseState,
    /// The consultation plus 21 days.
    #[schema(format = DateTime)]
    pub due_at: String,
    /// The published opinion's page.
    #[schema(required = true)]
    pub opinion_url: Option<String>,
    #[schema(required = true)]
    pub advice: Option<crate::consultations::case::advice::Advice>,
    pub messages: Vec<crate::consultations::case::messages::CaseMessage>,
}

/// The signed-in user's bookings, newest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookingList {
    pub items: Vec<BookingView>,
}

/// What a payment by id alone answers: the booking stays private to its token and owner.
#[derive(Debug, Serialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PaymentReceipt {
    pub id: String,
    #[schema(value_type = BookingState)]
    pub status: &'static str,
}

/// The answer to a payment: the whole booking for its token or owner, a receipt otherwise.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum PaymentAnswer {
    Booking(Box<BookingView>),
    Receipt(PaymentReceipt),
}
