//! The bodies the console reads.

use serde::Serialize;
use sqlx::AnyConnection;
use utoipa::ToSchema;

use super::super::case::advice::{self, Advice};
use super::super::case::messages::{self, CaseMessage};
use super::super::case::opinions::{self, Opinion};
use super::super::case::{due_at, CaseState};
use super::super::db::{cases, consultants, documents, plans};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{BookingRow, DocumentView};
use super::super::service::meeting;
use crate::platform::db::rfc3339;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// A booking as the agenda and the case lists show it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffBooking {
    pub id: String,
    pub plan_id: String,
    pub plan_name: String,
    /// `confirmed` or `cancelled` (the console shows paid bookings).
    pub status: String,
    /// `held` or `no_show` once marked.
    #[schema(required = true)]
    pub outcome: Option<String>,
    pub case_state: CaseState,
    #[schema(format = DateTime)]
    pub starts_at: String,
    #[schema(format = DateTime)]
    pub ends_at: String,
    /// The 21-day promise: the consultation plus 21 days.
    #[schema(format = DateTime)]
    pub due_at: String,
    /// The booker's IANA zone, when their browser told it.
    #[schema(required = true)]
    pub traveller_time_zone: Option<String>,
    pub consultant_id: String,
    pub consultant_name: String,
    pub name: String,
    pub email: String,
    /// The traveller's country as the booking form stored it (its English name).
    pub country: String,
    /// Its ISO 3166-1 alpha-2 code (an opinion's country starts from it).
    #[schema(required = true)]
    pub country_code: Option<String>,
    pub language: String,
    #[schema(required = true)]
    pub meeting_url: Option<String>,
    #[schema(required = true)]
    pub meeting_phone: Option<String>,
}

/// A booking with everything the consultant works with.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct StaffBookingDetail {
    #[serde(flatten)]
    pub booking: StaffBooking,
    pub message: String,
    pub amount_cents: i64,
    pub currency: String,
    /// Downloaded through `/staff/bookings/{id}/documents/{document}` (each access logged).
    pub documents: Vec<DocumentView>,
    /// Other bookings made with the same e-mail address.
    pub previous: Vec<StaffBooking>,
    #[schema(required = true)]
    pub opinion: Option<Opinion>,
    #[schema(required = true)]
    pub advice: Option<Advice>,
    pub messages: Vec<CaseMessage>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBookingList {
    pub items: Vec<StaffBooking>,
}

/// Names of plans and consultants, read once for a list.
pub struct Names {
    plans: Vec<(String, String)>,
    consultants: Vec<(String, String)>,
}

impl Names {
    pub async fn load(conn: &mut AnyConnection) -> sqlx::Result<Names> {
        let plans = plans::all_names(conn, Lang::En).await?;
        let consultants = consultants::all(conn).await?.into_iter().map(|c| (c.id, c.name)).collect();
        Ok(Names { plans, consultants })
    }

    fn of(list: &[(String, String)], id: &str) -> String {
        list.iter().find(|(known, _)| known == id).map_or_else(|| id.to_owned(), |(_, name)| name.clone())
    }
}

pub fn summary(state: &AppState, booking: &BookingRow, names: &Names) -> StaffBooking {
    let (meeting_url, meeting_phone) = meeting::place(&state.config, booking);
    StaffBooking {
        id: booking.id.clone(),
        plan_id: booking.plan_id.clone(),
        plan_name: Names::of(&names.plans, &booking.plan_id),
        status: booking.status.as_str().to_owned(),
        outcome: booking.outcome.clone(),
        case_state: CaseState::parse(&booking.case_state),
        starts_at: rfc3339(booking.start_at),
        ends_at: rfc3339(booking.end_at),
        due_at: rfc3339(due_at(booking.start_at)),
        traveller_time_zone: booking.traveller_time_zone.clone(),
        consultant_id: booking.consultant_id.clone(),
        consultant_name: Names::of(&names.consultants, &booking.consultant_id),
        name: booking.name.clone(),
        email: booking.email.clone(),
        country: booking.country.clone(),
        country_code: crate::platform::countries::code_of(&booking.country).map(str::to_owned),
        language: booking.language.clone(),
        meeting_url,
        meeting_phone,
    }
}

pub async fn summaries(state: &AppState, conn: &mut AnyConnection, bookings: &[BookingRow]) -> ConsultationResult<StaffBookingList> {
    let names = Names::load(conn).await?;
    Ok(StaffBookingList { items: bookings.iter().map(|b| summary(state, b, &names)).collect() })
}

pub async fn detail(state: &AppState, conn: &mut AnyConnection, booking: &BookingRow) -> ConsultationResult<StaffBookingDetail> {
    let names = Names::load(conn).await?;
    let previous = cases::same_email(conn, &booking.email, &booking.id).await?;
    Ok(StaffBookingDetail {
        booking: summary(state, booking, &names),
        message: booking.message.clone(),
        amount_cents: booking.amount_cents,
        currency: booking.currency.clone(),
        documents: documents::of_booking(conn, &booking.id).await?,
        previous: previous.iter().map(|b| summary(state, b, &names)).collect(),
        opinion: opinions::of_booking(conn, &booking.id).await?,
        advice: advice::of_booking(conn, &booking.id).await?,
        messages: messages::of_booking(conn, &booking.id).await?,
    })
}

/// A paid booking (the console has nothing to do with holds), by id.
pub async fn paid_booking(conn: &mut AnyConnection, raw_id: &str) -> ConsultationResult<BookingRow> {
    let id = crate::platform::ids::BookingId::parse(raw_id).ok_or(ConsultationError::NotFound)?.into_string();
    let booking = super::super::db::bookings::find(conn, &id).await?.ok_or(ConsultationError::NotFound)?;
    match booking.status {
        super::super::model::BookingStatus::Confirmed | super::super::model::BookingStatus::Cancelled => Ok(booking),
        _ => Err(ConsultationError::NotFound),
    }
}
