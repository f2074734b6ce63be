//! Holding a time: one transaction expires the run-out holds over the same cells, inserts the
//! booking (held for CONSULTATION_HOLD_SECS) and one claim per 15-minute cell it covers. The
//! claims' unique key decides races: exactly one of any number of concurrent holds wins.

use sqlx::AnyConnection;

use super::super::db::{bookings, claims, plans};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::input::{parse_booking, BookingForm, RawBooking};
use super::super::model::{BookingRow, BookingStatus, Plan, SlotView};
use super::super::team::Team;
use super::meeting;
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
    let plans = plans::active(&mut conn, Lang::En).await?;
    let team = Team::load(state, &mut conn, now).await?;
    let form = parse_booking(raw, &plans, &team, now).map_err(ConsultationError::Validation)?;
    let candidates = team.candidates(&mut conn, form.language, form.slot_start, form.plan.duration_secs(), now, None).await?;
    drop(conn);
    let token = AccessToken::generate();
    let hold_until = now + state.config.consultations.hold.as_secs() as i64;
    let key_hash = key.map(token::hash);
    let sealed = key.map(|k| token.seal(k));
    let digest = raw.digest();
    // Each consultant who could take the time is tried in turn, each in a transaction of its
    // own: the unique claim per consultant and cell decides every race (decision 014).
    for consultant in candidates {
        let booking = new_booking(&form, holder.user_id.clone(), hold_until, consultant);
        let new = bookings::NewBooking {
            row: &booking,
            idempotency_hash: key_hash.as_deref(),
            request_hash: key.map(|_| digest.as_str()),
            token_sealed: sealed.as_deref(),
            holder_key: &holder.key,
            now,
        };
        match try_hold(state, &team, &new, &token, now).await {
            Ok(true) => {}
            Ok(false) => continue,
            // The same key raced in from another request: answer what that one made.
            Err(HoldFailure::Duplicate(e)) => {
                let Some(key) = key else { return Err(e.into()) };
                let mut conn = state.db.pool.acquire().await?;
                return replay(&mut conn, key, raw).await?.ok_or(ConsultationError::Database(e));
            }
            Err(HoldFailure::Refused(e)) => return Err(e),
        }
        // The payment is created now so the payer can start at once (Stripe needs its client
        // secret); when the provider fails it is created again on the next read or payment.
        if let Err(e) = payment::ensure(state, &booking).await {
            tracing::warn!(booking = %booking.id, error = %e, "the payment was not created yet");
        }
        return Ok(Hold { booking, access_token: token.raw, created: true });
    }
    Err(ConsultationError::SlotTaken(next_slots(state, &team, &form.plan, form.language, form.slot_start, now).await?))
}

enum HoldFailure {
    /// The Idempotency-Key's unique index: another request under the same key won.
    Duplicate(sqlx::Error),
    Refused(ConsultationError),
}

impl From<sqlx::Error> for HoldFailure {
    fn from(error: sqlx::Error) -> HoldFailure {
        HoldFailure::Refused(error.into())
    }
}

/// One consultant's try: false when one of the cells is already theirs to someone else.
async fn try_hold(
    state: &AppState,
    team: &Team,
    new: &bookings::NewBooking<'_>,
    token: &AccessToken,
    now: i64,
) -> Result<bool, HoldFailure> {
    let booking = new.row;
    let cells = team.cells(booking.start_at, booking.end_at);
    let mut tx = state.db.begin_write().await?;
    claims::release_expired_over(&mut tx, &booking.consultant_id, &cells, now).await?;
    if let Err(e) = bookings::insert(&mut tx, new).await {
        tx.rollback().await?;
        return Err(if claims::is_unique_violation(&e) && new.idempotency_hash.is_some() { HoldFailure::Duplicate(e) } else { e.into() });
    }
    // Counted after the insert, so a retry racing under the same Idempotency-Key is answered
    // its booking (above) rather than refused here; the count includes this new hold.
    if let Err(e) = check_live_holds(state, &mut tx, new.holder_key, &booking.email, now).await {
        tx.rollback().await?;
        return Err(HoldFailure::Refused(e));
    }
    bookings::add_token(&mut tx, &booking.id, &token.hash(), now).await?;
    if let Err(e) = claims::claim(&mut tx, &booking.consultant_id, &booking.id, &cells).await {
        tx.rollback().await?;
        return if claims::is_unique_violation(&e) { Ok(false) } else { Err(e.into()) };
    }
    tx.commit().await?;
    Ok(true)
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

fn new_booking(form: &BookingForm, user_id: Option<String>, hold_until: i64, consultant_id: String) -> BookingRow {
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
        consultant_id,
        traveller_time_zone: form.time_zone.clone(),
        meeting_code: Some(meeting::new_code()),
        meeting_url: None,
        meeting_phone: None,
        outcome: None,
        case_state: "scheduled".to_owned(),
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
pub async fn next_slots(state: &AppState, team: &Team, plan: &Plan, lang: Lang, after: i64, now: i64) -> ConsultationResult<Vec<SlotView>> {
    let mut conn = state.db.pool.acquire().await?;
    let from = team.site.local_date(after.max(now));
    let to = team.site.last_date(now);
    let slots = team.free_slots(&mut conn, Some(lang), from, to, plan.duration_secs(), now).await?;
    Ok(slots.into_iter().filter(|slot| slot.start >= after).take(NEXT_SLOTS).map(|slot| SlotView::new(slot.start, slot.end)).collect())
}
