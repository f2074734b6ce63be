//! Stripe as the payment provider (when `STRIPE_SECRET_KEY` and `STRIPE_WEBHOOK_SECRET` are
//! set): PaymentIntents created with an idempotency key and the purchase (kind and id) in
//! their metadata, the card entered in Stripe's Payment Element (so card data never reaches
//! this server), and a purchase settled only by a verified webhook (webhook.rs) or by the
//! reconciliation (reconcile.rs), both through settle.rs and the dispatcher.

pub mod client;
pub mod config;
pub mod db;
pub mod reconcile;
pub mod settle;
pub mod signature;
pub mod webhook;

use utoipa_axum::router::OpenApiRouter;

pub use client::{PaymentIntent, StripeClient, StripeError};
pub use config::{SecretKey, StripeConfig};

use crate::payments::provider::{NewPayment, PaymentError, PaymentRecord, Refund};
use crate::startup::AppState;

#[derive(Clone)]
pub struct StripeProvider {
    client: StripeClient,
    webhook_secret: SecretKey,
    publishable_key: Option<String>,
}

impl StripeProvider {
    /// The provider when both secrets are configured; None otherwise.
    pub fn from_config(config: &StripeConfig) -> Option<StripeProvider> {
        Some(StripeProvider {
            client: StripeClient::from_config(config)?,
            webhook_secret: config.stripe_webhook_secret.clone()?,
            publishable_key: config.stripe_publishable_key.clone(),
        })
    }

    pub fn client(&self) -> &StripeClient {
        &self.client
    }

    pub fn webhook_secret(&self) -> &str {
        self.webhook_secret.expose()
    }

    pub fn publishable_key(&self) -> Option<&str> {
        self.publishable_key.as_deref()
    }

    pub async fn create(&self, new: &NewPayment<'_>) -> Result<PaymentRecord, PaymentError> {
        let intent =
            self.client.create_payment_intent(new.amount_cents, new.currency, new.description, new.metadata, new.idempotency_key).await?;
        Ok(intent.record())
    }

    pub async fn retrieve(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        Ok(self.client.retrieve_payment_intent(provider_ref).await?.record())
    }

    /// Cancels a PaymentIntent that has not succeeded. One that has (or was already canceled)
    /// cannot be: Stripe answers `payment_intent_unexpected_state`, and its current state is returned.
    pub async fn cancel(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        match self.client.cancel_payment_intent(provider_ref).await {
            Ok(intent) => Ok(intent.record()),
            Err(e) if e.code() == Some("payment_intent_unexpected_state") => self.retrieve(provider_ref).await,
            Err(e) => Err(e.into()),
        }
    }

    pub async fn refund(&self, provider_ref: &str, amount_cents: i64, idempotency_key: &str) -> Result<Refund, PaymentError> {
        let refund = self.client.create_refund(provider_ref, amount_cents, idempotency_key).await?;
        Ok(Refund { provider_ref: refund.id, amount_cents: refund.amount })
    }
}

/// The webhook route, nested under `/api/v1`.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(utoipa_axum::routes!(webhook::receive))
}
