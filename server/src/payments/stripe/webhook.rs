//! `POST /api/v1/payments/stripe/webhook`: Stripe's events, verified on the raw body
//! (signature.rs), handled once per event id (stripe_events), then applied (settle.rs).
//! Answers: 200 once handled (or recognised as a redelivery), 400 for a bad signature or body
//! (Stripe shows these in the Dashboard and does not count them as ours to retry), 404 when
//! Stripe is not the configured provider, 503 when handling failed and a redelivery should
//! try again.

use axum::body::Bytes;
use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderMap, StatusCode};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::client::PaymentIntent;
use super::db::{self, Claim};
use super::settle::{self, Charge, Outcome, SettleError};
use super::signature::{self, SignatureError};
use super::StripeProvider;
use crate::payments::PaymentProvider;
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::startup::AppState;

/// The envelope of every Stripe event (only these members are read).
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"id": "evt_1Q2w3E4r5T6y7U8i", "type": "payment_intent.succeeded", "created": 1795435200,
    "data": {"object": {"id": "pi_3Q2w3E4r5T6y7U8i", "amount": 9900, "currency": "usd", "status": "succeeded"}}}))]
pub struct Event {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: String,
    pub created: i64,
    pub data: EventData,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EventData {
    #[schema(value_type = Object)]
    pub object: serde_json::Value,
}

/// An event handled, now or at an earlier delivery (`duplicate`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Received {
    pub received: bool,
    pub duplicate: bool,
    /// What the event did (`confirmed`, `refunded`, `ignored`…).
    pub outcome: Option<String>,
}

impl Event {
    fn object_id(&self) -> Option<&str> {
        self.data.object.get("id").and_then(|v| v.as_str())
    }
}

#[utoipa::path(
    post,
    path = "/payments/stripe/webhook",
    tag = "payments",
    params(("Stripe-Signature" = String, Header, description = "`t=…,v1=…`: the HMAC-SHA256 of the raw body with the webhook secret")),
    request_body(content = Event, content_type = "application/json"),
    responses(
        (status = 200, description = "Handled", body = Received),
        (status = 400, description = "`invalid_signature` or `invalid_payload`", body = ApiError),
        (status = 404, description = "`not_found`: Stripe is not this site's payment provider", body = ApiError),
        (status = 503, description = "`try_again`: Stripe delivers the event again", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn receive(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let PaymentProvider::Stripe(stripe) = &state.payments else {
        return ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "Stripe is not this site's payment provider.").into_response();
    };
    let header = headers.get("stripe-signature").and_then(|v| v.to_str().ok());
    let tolerance = state.config.stripe.stripe_webhook_tolerance.as_secs() as i64;
    if let Err(reason) = signature::verify(header, &body, stripe.webhook_secret(), now_unix(), tolerance) {
        tracing::warn!(reason = reason.as_str(), "a Stripe webhook was refused: bad signature");
        let message = match reason {
            SignatureError::Stale => "The signature's timestamp is outside the tolerance.",
            _ => "The Stripe-Signature header does not verify.",
        };
        return ApiError::bad_request(ErrorCode::InvalidSignature, message).into_response();
    }
    let event: Event = match serde_json::from_slice(&body) {
        Ok(event) => event,
        Err(_) => return ApiError::bad_request(ErrorCode::InvalidPayload, "The body is not a Stripe event.").into_response(),
    };
    match handle(&state, stripe, &event).await {
        Ok((outcome, duplicate)) => Json(Received { received: true, duplicate, outcome }).into_response(),
        Err(e) => {
            tracing::error!(event = %event.id, kind = %event.kind, error = %e, "a Stripe event could not be handled: Stripe will deliver it again");
            ApiError::new(StatusCode::SERVICE_UNAVAILABLE, ErrorCode::TryAgain, "The event could not be handled now.").into_response()
        }
    }
}

/// Claims the event, applies it, records the outcome. A redelivery answers the first outcome.
async fn handle(state: &AppState, stripe: &StripeProvider, event: &Event) -> Result<(Option<String>, bool), SettleError> {
    let pool = &state.db.pool;
    match db::claim(pool, &event.id, &event.kind, event.object_id(), event.created, now_unix()).await? {
        Claim::Duplicate { outcome } => {
            tracing::info!(event = %event.id, kind = %event.kind, "a Stripe event arrived again: already handled");
            return Ok((outcome, true));
        }
        Claim::Claimed => {}
    }
    match apply(state, stripe, event).await {
        Ok(outcome) => {
            db::finish(pool, &event.id, outcome.as_str(), now_unix()).await?;
            tracing::info!(event = %event.id, kind = %event.kind, outcome = outcome.as_str(), "Stripe event handled");
            Ok((Some(outcome.as_str().to_owned()), false))
        }
        Err(e) => {
            if let Err(release) = db::release(pool, &event.id).await {
                tracing::warn!(event = %event.id, error = %release, "a failed Stripe event stays claimed until its lease ends");
            }
            Err(e)
        }
    }
}

async fn apply(state: &AppState, stripe: &StripeProvider, event: &Event) -> Result<Outcome, SettleError> {
    let intent =
        || serde_json::from_value::<PaymentIntent>(event.data.object.clone()).map_err(|e| SettleError(format!("{}: {e}", event.kind)));
    let outcome = match event.kind.as_str() {
        "payment_intent.succeeded" => settle::succeeded(state, stripe, &intent()?).await?,
        "payment_intent.payment_failed" => settle::failed(state, &intent()?).await?,
        "payment_intent.canceled" => settle::canceled(state, &intent()?).await?,
        "charge.refunded" => {
            let charge: Charge =
                serde_json::from_value(event.data.object.clone()).map_err(|e| SettleError(format!("{}: {e}", event.kind)))?;
            settle::refunded(state, &charge).await?
        }
        _ => Outcome::Ignored,
    };
    // A success for a purchase of ours that we have no record of yet (the record is written
    // just after Stripe answers the creation): let Stripe deliver it again later. Older
    // PaymentIntents name their booking in `booking_id`.
    let metadata = |key: &str| event.data.object.pointer(&format!("/metadata/{key}")).is_some();
    if outcome == Outcome::UnknownPayment && event.kind == "payment_intent.succeeded" && (metadata("purchase_id") || metadata("booking_id"))
    {
        return Err(SettleError(format!("payment {} is not on record yet", event.object_id().unwrap_or("?"))));
    }
    Ok(outcome)
}
