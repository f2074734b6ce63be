//! The feature's domain types (docs/product.md#consultations); the bodies they become are in api.rs.

use serde::Serialize;
use utoipa::ToSchema;

use super::api::{BookingView, PlanSummary};
use crate::payments::api::PaymentView;
use crate::payments::db::PaymentRow;
use crate::platform::db::rfc3339;

/// The first consultant (made from the configuration), who has every booking made before
/// there were several (docs/decisions/014-consultants-deliver.md).
pub const CONSULTANT: &str = "main";
/// Cancelling or rescheduling is free until this long before the start (docs/product.md#manage-link).
pub const FREE_CHANGE_SECS: i64 = 24 * 3600;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BookingStatus {
    Held,
    Confirmed,
    Cancelled,
    Expired,
}

impl BookingStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            BookingStatus::Held => "held",
            BookingStatus::Confirmed => "confirmed",
            BookingStatus::Cancelled => "cancelled",
            BookingStatus::Expired => "expired",
        }
    }

    pub fn parse(raw: &str) -> BookingStatus {
        match raw {
            "held" => BookingStatus::Held,
            "confirmed" => BookingStatus::Confirmed,
            "cancelled" => BookingStatus::Cancelled,
            _ => BookingStatus::Expired,
        }
    }
}

/// A consultation plan on sale.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Plan {
    pub id: String,
    pub name: String,
    pub description: String,
    pub duration_minutes: i64,
    pub price_cents: i64,
    pub currency: String,
    pub recommended: bool,
}

impl Plan {
    pub fn duration_secs(&self) -> i64 {
        self.duration_minutes * 60
    }
}

#[derive(Debug, Clone)]
pub struct BookingRow {
    pub id: String,
    pub plan_id: String,
    pub status: BookingStatus,
    pub start_at: i64,
    pub end_at: i64,
    pub hold_expires_at: Option<i64>,
    pub amount_cents: i64,
    pub currency: String,
    pub name: String,
    pub email: String,
    pub country: String,
    pub message: String,
    pub language: String,
    pub user_id: Option<String>,
    pub ics_sequence: i64,
    pub refund_cents: Option<i64>,
    pub consultant_id: String,
    /// The booker's IANA zone, as their browser told it (for the agenda).
    pub traveller_time_zone: Option<String>,
    pub meeting_code: Option<String>,
    /// A link or phone the consultant set instead of the generated link.
    pub meeting_url: Option<String>,
    pub meeting_phone: Option<String>,
    /// `held` or `no_show`, once the consultant marks it.
    pub outcome: Option<String>,
    pub case_state: String,
}

impl BookingRow {
    /// Held and still inside its hold.
    pub fn hold_is_live(&self, now: i64) -> bool {
        self.status == BookingStatus::Held && self.hold_expires_at.is_some_and(|until| until > now)
    }

    pub fn cancellation_deadline(&self) -> i64 {
        self.start_at - FREE_CHANGE_SECS
    }
}

/// A travel document attached to a booking (its content is never served back).
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct DocumentView {
    pub id: String,
    pub filename: String,
    pub size_bytes: i64,
    pub content_type: String,
}

/// A free time as the API shows it. `end` is written before `start` — JSON objects are
/// unordered, and this way the last instant of a slot list is a start.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, ToSchema)]
pub struct SlotView {
    #[schema(format = DateTime)]
    pub end: String,
    #[schema(format = DateTime)]
    pub start: String,
}

impl SlotView {
    pub fn new(start: i64, end: i64) -> SlotView {
        SlotView { end: rfc3339(end), start: rfc3339(start) }
    }
}

/// What the booking view needs besides the booking itself.
pub struct ViewParts<'a> {
    pub plan: &'a Plan,
    pub payment: Option<&'a PaymentRow>,
    pub publishable_key: Option<&'a str>,
    pub provider: &'a str,
    pub documents: &'a [DocumentView],
    pub time_zone: &'a str,
    pub change_fee_cents: i64,
    /// Only in the answer that creates the booking (or its idempotent replay).
    pub access_token: Option<&'a str>,
}

/// The booking as its booker sees it.
pub fn booking_view(booking: &BookingRow, parts: &ViewParts<'_>) -> BookingView {
    let payment = parts.payment;
    BookingView {
        id: booking.id.clone(),
        status: booking.status.as_str(),
        plan: PlanSummary {
            id: parts.plan.id.clone(),
            name: parts.plan.name.clone(),
            duration_minutes: parts.plan.duration_minutes,
            price_cents: parts.plan.price_cents,
            currency: parts.plan.currency.clone(),
        },
        start: rfc3339(booking.start_at),
        end: rfc3339(booking.end_at),
        time_zone: parts.time_zone.to_owned(),
        hold_expires_at: booking.hold_expires_at.filter(|_| booking.status == BookingStatus::Held).map(rfc3339),
        amount_cents: booking.amount_cents,
        currency: booking.currency.clone(),
        name: booking.name.clone(),
        email: booking.email.clone(),
        country: booking.country.clone(),
        message: booking.message.clone(),
        language: booking.language.clone(),
        payment: PaymentView {
            provider: payment.map_or(parts.provider, |p| p.provider.as_str()).to_owned(),
            status: payment.map_or("requires_payment", |p| p.status.as_str()).to_owned(),
            client_secret: payment.and_then(|p| p.client_secret.clone()),
            publishable_key: parts.publishable_key.map(str::to_owned),
            card_brand: payment.and_then(|p| p.card_brand.clone()),
            card_last4: payment.and_then(|p| p.card_last4.clone()),
        },
        cancellation_deadline: rfc3339(booking.cancellation_deadline()),
        change_fee_cents: parts.change_fee_cents,
        refund_cents: booking.refund_cents,
        documents: parts.documents.to_vec(),
        meeting_url: None,
        meeting_phone: None,
        case: None,
        access_token: parts.access_token.map(str::to_owned),
    }
}
