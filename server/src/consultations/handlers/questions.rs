//! `POST bookings/{id}/questions`: the traveller asks about their case from the manage page;
//! the question is kept on the case and mailed to the consultant.

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;

use super::super::case::messages::{self, CaseMessage, QuestionRequest, MESSAGE_MAX, MESSAGE_MIN};
use super::super::case::reminders::{console_url, consultant_contact, short_ref};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::BookingStatus;
use super::super::service::access::{self, Caller};
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiJson;
use crate::platform::text::is_clean_text;
use crate::startup::AppState;

/// Questions one case may carry (the team answers by e-mail; this is not a chat).
const MAX_QUESTIONS: usize = 20;

/// Asks the consultant a question about the case.
#[utoipa::path(
    post,
    path = "/consultations/bookings/{id}/questions",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security(("booking_token" = []), ("bearer" = [])),
    request_body(content = QuestionRequest, content_type = "application/json"),
    responses(
        (status = 201, description = "Kept and sent", body = CaseMessage),
        (status = 400, description = "`validation_failed`: `message_too_short`, `message_too_long`, `invalid_characters`", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`not_changeable`: not a confirmed consultation; `too_many_documents` never", body = ApiError),
        (status = 429, description = "`rate_limited`: 20 questions per case", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn ask_question(
    State(state): State<AppState>,
    caller: Caller,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<QuestionRequest>,
) -> ConsultationResult<(StatusCode, Json<CaseMessage>)> {
    let message = body.message.trim();
    match message.chars().count() {
        n if n < MESSAGE_MIN => return Err(ConsultationError::Validation(vec![("message", "message_too_short")])),
        n if n > MESSAGE_MAX => return Err(ConsultationError::Validation(vec![("message", "message_too_long")])),
        _ if !is_clean_text(message) => return Err(ConsultationError::Validation(vec![("message", "invalid_characters")])),
        _ => {}
    }
    let mut tx = state.db.begin_write().await?;
    let booking = access::authorize(&mut tx, &id, &caller).await?;
    if booking.status != BookingStatus::Confirmed {
        return Err(ConsultationError::NotChangeable);
    }
    if messages::of_booking(&mut tx, &booking.id).await?.len() >= MAX_QUESTIONS {
        return Err(ConsultationError::RateLimited(crate::platform::rate_limit::RetryAfter(86_400)));
    }
    let now_ms = time::OffsetDateTime::now_utc().unix_timestamp_nanos() as i64 / 1_000_000;
    let kept = messages::add(&mut tx, &booking.id, "traveller", message, now_ms).await?;
    let (to, lang) = consultant_contact(&mut tx, &state.config, &booking.consultant_id).await?;
    let url = console_url(&state.config, lang, &booking.id);
    let vars = [("booking_ref", short_ref(&booking.id)), ("question", message), ("console_url", url.as_str())];
    mail::enqueue(&mut tx, &state.config, NewEmail { to: &to, lang, kind: MailKind::CaseQuestion, vars: &vars }).await?;
    tx.commit().await?;
    Ok((StatusCode::CREATED, Json(kept)))
}
