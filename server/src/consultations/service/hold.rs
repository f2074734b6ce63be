//! Holding a time: one transaction expires the run-out holds over the same cells, inserts the
//! booking (held for CONSULTATION_HOLD_SECS) and one claim per 15-minute cell it covers. The
//! claims' unique key decides races: exactly one of any number of concurrent holds wins.

use sqlx::AnyConnection;

use super::super::db::{bookings, claims, plans};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::{parse_booking, BookingForm, RawBooking};
use super::super::model::{BookingRow, BookingStatus, Plan, SlotView};
use super::super::schedule::{cells, Schedule};
use super::payment;
use crate::platform::i18n::Lang;
use crate::platform::token::{self, unseal, AccessToken};
use crate::startup::AppState;

/// How many free times a 409 offers.
const NEXT_SLOTS: usize = 5;

pub struct Hold {
    pub booking: BookingRow,
    pub access_token: String,
    /// False when an Idempotency-Key replayed an earlier booking.
    pub created: bool,
}

/// The request's Idempotency-Key, checked: 1 to 255 visible ASCII characters.
pub fn idempotency_key(raw: Option<&str>) -> ConsultationResult<Option<String>> {
    token::idempotency_key(raw).map_err(|_| ConsultationError::InvalidIdempotencyKey)
}

/// Who asks for a hold: the signed-in user, if any, and the client's rate-limit key.
pub struct Holder {
    pub user_id: Option<String>,
    pub key: String,
}

pub async fn create(state: &AppState, raw: &RawBooking, key: Option<&str>, holder: Holder, now: i64) -> ConsultationResult<Hold> {
    let mut conn = state.db.pool.acquire().await?;
    if let Some(key) = key {
        if let Some(hold) = replay(&mut conn, key, raw).await? {
            return Ok(hold);
        }
    }
    let schedule = state.config.consultations.schedule();
    let plans = plans::active(&mut conn, Lang::En).await?;
    let form = parse_booking(raw, &plans, &schedule, now).map_err(ConsultationError::Validation)?;
    drop(conn);
    let token = AccessToken::generate();
    let booking = new_booking(&form, holder.user_id, now + state.config.consultations.hold.as_secs() as i64);
    let cells = cells(booking.start_at, booking.end_at, schedule.buffer_secs);
    let key_hash = key.map(token::hash);
    let sealed = key.map(|k| token.seal(k));
    let digest = raw.digest();
    let new = bookings::NewBooking {
        row: &booking,
        idempotency_hash: key_hash.as_deref(),
        request_hash: key.map(|_| digest.as_str()),
        token_sealed: sealed.as_deref(),
        holder_key: &holder.key,
        now,
    };
    let mut tx = state.db.begin_write().await?;
    claims::release_expired_over(&mut tx, &cells, now).await?;
    if let Err(e) = bookings::insert(&mut tx, &new).await {
        tx.rollback().await?;
        // The same key raced in from another request: answer what that one made.
        if let (true, Some(key)) = (claims::is_unique_violation(&e), key) {
            let mut conn = state.db.pool.acquire().await?;
            return replay(&mut conn, key, raw).await?.ok_or(ConsultationError::Database(e));
        }
        return Err(e.into());
    }
    // Counted after the insert, so a retry racing under the same Idempotency-Key is answered
    // its booking (above) rather than refused here; the count includes this new hold.
    if let Err(e) = check_live_holds(state, &mut tx, &holder.key, &booking.email, now).await {
        tx.rollback().await?;
        return Err(e);
    }
    bookings::add_token(&mut tx, &booking.id, &token.hash(), now).await?;
    if let Err(e) = claims::claim(&mut tx, &booking.id, &cells).await {
        tx.rollback().await?;
        if claims::is_unique_violation(&e) {
            return Err(ConsultationError::SlotTaken(next_slots(state, &schedule, &form.plan, form.slot_start, now).await?));
        }
        return Err(e.into());
    }
    tx.commit().await?;
    // The payment is created now so the payer can start at once (Stripe needs its client
    // secret); when the provider fails it is created again on the next read or payment.
    if let Err(e) = payment::ensure(state, &booking).await {
        tracing::warn!(booking = %booking.id, error = %e, "the payment was not created yet");
    }
    Ok(Hold { booking, access_token: token.raw, created: true })
}

/// Nobody blocks the calendar with unpaid holds: a client address and an e-mail address may
/// each keep only a few running at once (docs/decisions/007-consultation-bookings.md). The
/// counts include the hold being made.
async fn check_live_holds(state: &AppState, conn: &mut AnyConnection, holder_key: &str, email: &str, now: i64) -> ConsultationResult<()> {
    let limits = &state.config.consultations;
    let (by_holder, by_email) = bookings::live_holds(conn, holder_key, email, now).await?;
    if by_holder > i64::from(limits.live_holds_per_ip) || by_email > i64::from(limits.live_holds_per_email) {
        return Err(ConsultationError::TooManyHolds);
    }
    Ok(())
}

fn new_booking(form: &BookingForm, user_id: Option<String>, hold_until: i64) -> BookingRow {
    BookingRow {
        id: uuid::Uuid::new_v4().to_string(),
        plan_id: form.plan.id.clone(),
        status: BookingStatus::Held,
        start_at: form.slot_start,
        end_at: form.slot_start + form.plan.duration_secs(),
        hold_expires_at: Some(hold_until),
        amount_cents: form.plan.price_cents,
        currency: form.plan.currency.clone(),
        name: form.name.clone(),
        email: form.email.clone(),
        country: form.country.clone(),
        message: form.message.clone(),
        language: form.language.code().to_owned(),
        user_id,
        ics_sequence: 0,
        refund_cents: None,
    }
}

/// The booking an Idempotency-Key already made, when there is one: the same request gets it
/// back (with its token); another request under that key is refused.
async fn replay(conn: &mut AnyConnection, key: &str, raw: &RawBooking) -> ConsultationResult<Option<Hold>> {
    let Some((booking, digest, sealed)) = bookings::find_by_idempotency(conn, &token::hash(key)).await? else { return Ok(None) };
    if digest != raw.digest() {
        return Err(ConsultationError::IdempotencyKeyReused);
    }
    let access_token = unseal(&sealed, key).ok_or(ConsultationError::IdempotencyKeyReused)?;
    Ok(Some(Hold { booking, access_token, created: false }))
}

/// The next free starts of the plan from `after` on, for a 409.
pub async fn next_slots(state: &AppState, schedule: &Schedule, plan: &Plan, after: i64, now: i64) -> ConsultationResult<Vec<SlotView>> {
    let mut conn = state.db.pool.acquire().await?;
    let from = schedule.local_date(after.max(now));
    let to = schedule.last_date(now);
    let taken = claims::taken(&mut conn, after.max(now) - 86_400, now + schedule.horizon_secs + 2 * 86_400, now).await?;
    Ok(schedule
        .free_slots(from, to, plan.duration_secs(), now, &taken)
        .into_iter()
        .filter(|slot| slot.start >= after)
        .take(NEXT_SLOTS)
        .map(|slot| SlotView::new(slot.start, slot.end))
        .collect())
}
