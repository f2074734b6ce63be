//! The manage link's changes. Free until 24 h before the start; after that the change fee
//! applies: a cancellation refunds the amount minus the fee, a new time charges the fee.

use sqlx::AnyConnection;

use super::super::api::RescheduleRequest;
use super::super::db::{bookings, claims};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::parse_instant;
use super::super::input::Calendar;
use super::super::model::{BookingRow, BookingStatus, Plan};
use super::super::notify::{self, Notice};
use super::super::team::Team;
use super::hold::next_slots;
use super::payment::from_dispatch;
use super::purchase::{payment_of, CHANGE_FEE, KIND};
use super::view::{lang_of, plan_of};
use crate::payments::db as payments_db;
use crate::payments::dispatch::cancel_unpaid;
use crate::payments::{CardCharge, NewPayment, PaymentFor};
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// What a cancellation refunds: everything before the deadline, the amount minus the fee after.
pub fn refund_for(booking: &BookingRow, fee_cents: i64, now: i64) -> i64 {
    if now < booking.cancellation_deadline() {
        booking.amount_cents
    } else {
        (booking.amount_cents - fee_cents).max(0)
    }
}

pub async fn cancel(state: &AppState, booking: BookingRow) -> ConsultationResult<BookingRow> {
    let now = now_unix();
    match booking.status {
        BookingStatus::Held => cancel_hold(state, booking, now).await,
        BookingStatus::Confirmed if now < booking.start_at => cancel_confirmed(state, booking, now).await,
        _ => Err(ConsultationError::NotChangeable),
    }
}

/// A hold given up before paying: the time is released and the payment cancelled.
async fn cancel_hold(state: &AppState, booking: BookingRow, now: i64) -> ConsultationResult<BookingRow> {
    let mut tx = state.db.begin_write().await?;
    if !bookings::cancel(&mut tx, &booking.id, BookingStatus::Held, None, now).await? {
        return Err(ConsultationError::NotChangeable);
    }
    claims::release(&mut tx, &booking.id).await?;
    tx.commit().await?;
    let mut conn = state.db.pool.acquire().await?;
    if let Some(payment) = payment_of(&mut conn, &booking.id).await? {
        drop(conn);
        if let Err(e) = cancel_unpaid(state, &payment).await.map_err(from_dispatch) {
            tracing::warn!(booking = %booking.id, error = %e, "the abandoned payment was not cancelled");
        }
    }
    Ok(BookingRow { status: BookingStatus::Cancelled, hold_expires_at: None, ..booking })
}

async fn cancel_confirmed(state: &AppState, booking: BookingRow, now: i64) -> ConsultationResult<BookingRow> {
    let refund = refund_for(&booking, state.config.consultations.change_fee_cents, now);
    let mut conn = state.db.pool.acquire().await?;
    let payment = payment_of(&mut conn, &booking.id).await?;
    drop(conn);
    // The refund goes first, under a key of its own, so a retry never refunds twice and a
    // failed refund leaves the booking as it was.
    if let (Some(payment), true) = (&payment, refund > 0) {
        if payment.refunded_cents == 0 {
            state.payments.refund(&payment.provider_ref, refund, &format!("cancel-{}", booking.id)).await?;
        }
    }
    let mut tx = state.db.begin_write().await?;
    if !bookings::cancel(&mut tx, &booking.id, BookingStatus::Confirmed, Some(refund), now).await? {
        return Err(ConsultationError::NotChangeable);
    }
    claims::release(&mut tx, &booking.id).await?;
    if let (Some(payment), true) = (&payment, refund > 0) {
        if payment.refunded_cents == 0 {
            payments_db::add_refund(&mut tx, &payment.id, refund, now).await?;
        }
    }
    let cancelled =
        BookingRow { status: BookingStatus::Cancelled, refund_cents: Some(refund), ics_sequence: booking.ics_sequence + 1, ..booking };
    let plan = plan_of(&mut tx, &cancelled).await?;
    notify::enqueue(&mut tx, &state.config, &cancelled, &plan, Notice::Cancelled, now).await?;
    tx.commit().await?;
    Ok(cancelled)
}

/// Moves a confirmed booking to another free start of its plan, in one transaction (new claims
/// in, old claims out). Under 24 h before the current start the fee is charged first.
pub async fn reschedule(state: &AppState, booking: BookingRow, body: &RescheduleRequest) -> ConsultationResult<BookingRow> {
    let now = now_unix();
    if booking.status != BookingStatus::Confirmed || now >= booking.start_at {
        return Err(ConsultationError::NotChangeable);
    }
    let mut conn = state.db.pool.acquire().await?;
    let plan = plan_of(&mut conn, &booking).await?;
    let team = Team::load(state, &mut conn, now).await?;
    let start = parse_instant(body.slot_start.as_str())
        .filter(|&start| start != booking.start_at && team.offers(start, plan.duration_secs(), now))
        .ok_or(ConsultationError::Validation(vec![("slot_start", "invalid_slot")]))?;
    let candidates = free_candidates(&mut conn, &team, &booking, plan.duration_secs(), start, now).await?;
    drop(conn);
    if candidates.is_empty() {
        return Err(ConsultationError::SlotTaken(next_slots(state, &team, &plan, lang_of(&booking), start, now).await?));
    }
    let fee = charge_fee(state, &booking, body, now).await?;
    match move_to(state, &team, &booking, &plan, start, &candidates, now).await {
        Ok(moved) => Ok(moved),
        Err(e) => {
            refund_fee(state, fee.as_ref(), &booking.id).await;
            Err(e)
        }
    }
}

/// The consultants (its own first) who speak the traveller's language and look free for the
/// booking at `start`: none of the cells claimed, but by the booking itself.
pub async fn free_candidates(
    conn: &mut AnyConnection,
    team: &Team,
    booking: &BookingRow,
    duration_secs: i64,
    start: i64,
    now: i64,
) -> ConsultationResult<Vec<String>> {
    let end = start + duration_secs;
    let wanted = team.cells(start, end);
    let own = team.cells(booking.start_at, booking.end_at);
    let mut free = Vec::new();
    for consultant in team.candidates(conn, lang_of(booking), start, duration_secs, now, Some(&booking.consultant_id)).await? {
        let taken = claims::taken(conn, &consultant, start, end + team.site.buffer_secs, now).await?;
        let theirs = consultant == booking.consultant_id;
        if wanted.iter().all(|cell| !taken.contains(cell) || (theirs && own.contains(cell))) {
            free.push(consultant);
        }
    }
    Ok(free)
}

/// Moves a confirmed booking to `start`, trying `candidates` in turn, one transaction each:
/// new claims in, old claims out, the new invitation mailed.
pub async fn move_to(
    state: &AppState,
    team: &Team,
    booking: &BookingRow,
    plan: &Plan,
    start: i64,
    candidates: &[String],
    now: i64,
) -> ConsultationResult<BookingRow> {
    let end = start + plan.duration_secs();
    for consultant in candidates {
        if let Some(moved) = try_move(state, team, booking, plan, (start, end), consultant, now).await? {
            return Ok(moved);
        }
    }
    Err(ConsultationError::SlotTaken(next_slots(state, team, plan, lang_of(booking), start, now).await?))
}

/// Reassigns a confirmed booking to another consultant at the same time.
pub async fn reassign(
    state: &AppState,
    team: &Team,
    booking: &BookingRow,
    plan: &Plan,
    consultant: &str,
    now: i64,
) -> ConsultationResult<BookingRow> {
    try_move(state, team, booking, plan, (booking.start_at, booking.end_at), consultant, now)
        .await?
        .ok_or(ConsultationError::SlotTaken(Vec::new()))
}

async fn try_move(
    state: &AppState,
    team: &Team,
    booking: &BookingRow,
    plan: &Plan,
    (start, end): (i64, i64),
    consultant: &str,
    now: i64,
) -> ConsultationResult<Option<BookingRow>> {
    let wanted = team.cells(start, end);
    let mut tx = state.db.begin_write().await?;
    claims::release_expired_over(&mut tx, consultant, &wanted, now).await?;
    claims::release(&mut tx, &booking.id).await?;
    let moved = match claims::claim(&mut tx, consultant, &booking.id, &wanted).await {
        Ok(()) => bookings::reschedule(&mut tx, booking, start, end, consultant, now).await?,
        Err(e) if claims::is_unique_violation(&e) => false,
        Err(e) => return Err(e.into()),
    };
    if !moved {
        tx.rollback().await?;
        return Ok(None);
    }
    let moved = BookingRow {
        start_at: start,
        end_at: end,
        consultant_id: consultant.to_owned(),
        ics_sequence: booking.ics_sequence + 1,
        ..booking.clone()
    };
    if start != booking.start_at {
        notify::enqueue(&mut tx, &state.config, &moved, plan, Notice::Rescheduled, now).await?;
    }
    tx.commit().await?;
    Ok(Some(moved))
}

/// Under 24 h before the current start: charges the change fee with the card in `card`.
async fn charge_fee(state: &AppState, booking: &BookingRow, body: &RescheduleRequest, now: i64) -> ConsultationResult<Option<CardCharge>> {
    let fee = state.config.consultations.change_fee_cents;
    if now < booking.cancellation_deadline() || fee == 0 {
        return Ok(None);
    }
    let Some(card) = &body.card else { return Err(ConsultationError::ChangeFeeRequired(fee)) };
    if !state.payments.takes_card_details() {
        return Err(ConsultationError::UseStripe);
    }
    let card = card.parse(now).map_err(ConsultationError::Validation)?;
    let key = format!("fee-{}-{}", booking.id, uuid::Uuid::new_v4());
    // Settled here, card in hand, rather than by the dispatcher: it waits for nothing.
    let paying = PaymentFor { kind: KIND, purchase_id: &booking.id, purpose: CHANGE_FEE, pay_by: None };
    let created = state
        .payments
        .create(&NewPayment {
            amount_cents: fee,
            currency: &booking.currency.to_ascii_lowercase(),
            idempotency_key: &key,
            description: &format!("Change fee, consultation {}", booking.id),
            metadata: &paying.metadata(),
        })
        .await?;
    let mut conn = state.db.pool.acquire().await?;
    let payment = payments_db::record(&mut conn, &paying, state.payments.name(), &created, now).await?;
    drop(conn);
    match state.payments.confirm_card(&payment.provider_ref, &card).await {
        Ok(charge) => {
            let mut conn = state.db.pool.acquire().await?;
            payments_db::mark_succeeded(&mut conn, &payment.id, Some(charge.brand), Some(&charge.last4), now).await?;
            Ok(Some(charge))
        }
        Err(e) => {
            let _ = state.payments.cancel(&payment.provider_ref).await;
            let mut conn = state.db.pool.acquire().await?;
            payments_db::set_status(&mut conn, &payment.id, "canceled", now).await?;
            Err(e.into())
        }
    }
}

/// The move failed after the fee was charged: the fee goes back.
async fn refund_fee(state: &AppState, fee: Option<&CardCharge>, booking_id: &str) {
    let Some(fee) = fee else { return };
    let reference = &fee.record.provider_ref;
    match state.payments.refund(reference, fee.record.amount_cents, &format!("fee-back-{reference}")).await {
        Ok(refund) => {
            if let Ok(mut conn) = state.db.pool.acquire().await {
                if let Ok(Some(row)) = payments_db::find_by_ref(&mut conn, state.payments.name(), reference).await {
                    let _ = payments_db::add_refund(&mut conn, &row.id, refund.amount_cents, now_unix()).await;
                }
            }
        }
        Err(e) => tracing::error!(booking = %booking_id, error = %e, "a change fee could not be refunded"),
    }
}
