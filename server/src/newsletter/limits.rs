//! Rate limits (NEWSLETTER_RATE_LIMIT_*): per client IP on every endpoint, and per address on
//! subscribe — checked before the address is looked up, so every address is refused alike.

use std::net::IpAddr;

use super::error::NewsletterError;
use super::model::Email;
use crate::startup::AppState;

#[derive(Debug, Clone, Copy)]
pub enum Bucket {
    Subscribe,
    Confirm,
    Unsubscribe,
    Resubscribe,
}

impl Bucket {
    fn name(self) -> &'static str {
        match self {
            Bucket::Subscribe => "newsletter_subscribe",
            Bucket::Confirm => "newsletter_confirm",
            Bucket::Unsubscribe => "newsletter_unsubscribe",
            Bucket::Resubscribe => "newsletter_resubscribe",
        }
    }
}

pub async fn per_ip(state: &AppState, bucket: Bucket, ip: IpAddr) -> Result<(), NewsletterError> {
    let limits = &state.config.newsletter.limits;
    let limit = match bucket {
        Bucket::Subscribe => limits.subscribe_per_ip,
        Bucket::Confirm | Bucket::Unsubscribe | Bucket::Resubscribe => limits.token_per_ip,
    };
    state.limiter.check_ip(bucket.name(), ip, limit, limits.rate_window).await.map_err(NewsletterError::RateLimited)
}

pub async fn per_email(state: &AppState, email: &Email) -> Result<(), NewsletterError> {
    let limits = &state.config.newsletter.limits;
    state
        .limiter
        .check("newsletter_subscribe_email", email.as_str(), limits.subscribe_per_email, limits.rate_window)
        .await
        .map_err(NewsletterError::RateLimited)
}
