//! The built-in sandbox provider (the default): payments live in this site's own database,
//! cards are checked like a real form (Luhn, expiry, CVC) and answered with Stripe's test-card
//! outcomes, so the whole flow can be exercised without an account anywhere.

use sqlx::Row;

use super::card::Card;
use super::provider::{CardCharge, DeclineCode, NewPayment, PaymentError, PaymentRecord, PaymentStatus, Refund};
use crate::platform::db::{now_unix, Db};

#[derive(Clone)]
pub struct SandboxProvider {
    db: Db,
}

/// Stripe's documented test numbers that fail, and how; every other valid card succeeds.
fn outcome(number: &str) -> Option<DeclineCode> {
    Some(match number {
        "4000000000000002" | "4000000000009987" | "4000000000009979" | "4100000000000019" => DeclineCode::CardDeclined,
        "4000000000009995" => DeclineCode::InsufficientFunds,
        "4000000000000069" => DeclineCode::ExpiredCard,
        "4000000000000127" => DeclineCode::IncorrectCvc,
        "4000000000000119" => DeclineCode::ProcessingError,
        _ => return None,
    })
}

fn db_error(e: sqlx::Error) -> PaymentError {
    PaymentError::Provider(format!("sandbox database: {e}"))
}

const SELECT: &str = "SELECT id, status, amount_cents, currency FROM sandbox_payments";

fn record(row: &sqlx::any::AnyRow) -> Result<PaymentRecord, PaymentError> {
    let status: String = row.try_get("status").map_err(db_error)?;
    Ok(PaymentRecord {
        provider_ref: row.try_get("id").map_err(db_error)?,
        status: PaymentStatus::parse(&status).ok_or_else(|| PaymentError::Provider(format!("unknown status {status}")))?,
        amount_cents: row.try_get("amount_cents").map_err(db_error)?,
        currency: row.try_get("currency").map_err(db_error)?,
        client_secret: None,
    })
}

impl SandboxProvider {
    pub fn new(db: Db) -> SandboxProvider {
        SandboxProvider { db }
    }

    /// Creates a payment waiting for a card; the same idempotency key returns the same payment.
    pub async fn create(&self, new: &NewPayment<'_>) -> Result<PaymentRecord, PaymentError> {
        if new.amount_cents <= 0 {
            return Err(PaymentError::Provider("the amount must be positive".into()));
        }
        let metadata: serde_json::Map<String, serde_json::Value> =
            new.metadata.iter().map(|(k, v)| ((*k).to_owned(), serde_json::Value::from(*v))).collect();
        let id = format!("pi_sandbox_{}", uuid::Uuid::new_v4().simple());
        let now = now_unix();
        sqlx::query(
            "INSERT INTO sandbox_payments (id, idempotency_key, amount_cents, currency, status, description, metadata, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, 'requires_payment', $5, $6, $7, $7) ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(&id)
        .bind(new.idempotency_key)
        .bind(new.amount_cents)
        .bind(new.currency.to_ascii_lowercase())
        .bind(new.description)
        .bind(serde_json::Value::Object(metadata).to_string())
        .bind(now)
        .execute(&self.db.pool)
        .await
        .map_err(db_error)?;
        let row = sqlx::query(&format!("{SELECT} WHERE idempotency_key = $1"))
            .bind(new.idempotency_key)
            .fetch_one(&self.db.pool)
            .await
            .map_err(db_error)?;
        let payment = record(&row)?;
        if payment.amount_cents != new.amount_cents || !payment.currency.eq_ignore_ascii_case(new.currency) {
            return Err(PaymentError::Provider("idempotency key reused with other parameters".into()));
        }
        Ok(payment)
    }

    pub async fn retrieve(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        let row = sqlx::query(&format!("{SELECT} WHERE id = $1"))
            .bind(provider_ref)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(db_error)?
            .ok_or(PaymentError::NotFound)?;
        record(&row)
    }

    pub async fn cancel(&self, provider_ref: &str) -> Result<PaymentRecord, PaymentError> {
        sqlx::query("UPDATE sandbox_payments SET status = 'canceled', updated_at = $2 WHERE id = $1 AND status = 'requires_payment'")
            .bind(provider_ref)
            .bind(now_unix())
            .execute(&self.db.pool)
            .await
            .map_err(db_error)?;
        self.retrieve(provider_ref).await
    }

    /// Charges the card: a test number that fails answers its decline and leaves the payment
    /// ready for another card; any other valid card succeeds.
    pub async fn confirm_card(&self, provider_ref: &str, card: &Card) -> Result<CardCharge, PaymentError> {
        let payment = self.retrieve(provider_ref).await?;
        if payment.status != PaymentStatus::RequiresPayment {
            return Err(PaymentError::Provider(format!("the payment is {}", payment.status.as_str())));
        }
        if let Some(decline) = outcome(card.number()) {
            return Err(PaymentError::Declined(decline));
        }
        let won = sqlx::query(
            "UPDATE sandbox_payments SET status = 'succeeded', card_brand = $2, card_last4 = $3, updated_at = $4 \
             WHERE id = $1 AND status = 'requires_payment'",
        )
        .bind(provider_ref)
        .bind(card.brand())
        .bind(card.last4())
        .bind(now_unix())
        .execute(&self.db.pool)
        .await
        .map_err(db_error)?
        .rows_affected()
            == 1;
        if !won {
            return Err(PaymentError::Provider("the payment changed while it was being confirmed".into()));
        }
        Ok(CardCharge { record: PaymentRecord { status: PaymentStatus::Succeeded, ..payment }, brand: card.brand(), last4: card.last4() })
    }

    /// Refunds part or all of a succeeded payment; the same idempotency key refunds once.
    pub async fn refund(&self, provider_ref: &str, amount_cents: i64, idempotency_key: &str) -> Result<Refund, PaymentError> {
        if let Some(done) = self.find_refund(idempotency_key).await? {
            return Ok(done);
        }
        let payment = self.retrieve(provider_ref).await?;
        if payment.status != PaymentStatus::Succeeded {
            return Err(PaymentError::Provider(format!("cannot refund a payment that is {}", payment.status.as_str())));
        }
        let refunded: i64 =
            sqlx::query("SELECT CAST(COALESCE(SUM(amount_cents), 0) AS BIGINT) AS total FROM sandbox_refunds WHERE payment_id = $1")
                .bind(provider_ref)
                .fetch_one(&self.db.pool)
                .await
                .and_then(|row| row.try_get("total"))
                .map_err(db_error)?;
        if amount_cents <= 0 || refunded + amount_cents > payment.amount_cents {
            return Err(PaymentError::Provider("the refund exceeds what is left of the payment".into()));
        }
        sqlx::query(
            "INSERT INTO sandbox_refunds (id, idempotency_key, payment_id, amount_cents, created_at) VALUES ($1, $2, $3, $4, $5) \
             ON CONFLICT (idempotency_key) DO NOTHING",
        )
        .bind(format!("re_sandbox_{}", uuid::Uuid::new_v4().simple()))
        .bind(idempotency_key)
        .bind(provider_ref)
        .bind(amount_cents)
        .bind(now_unix())
        .execute(&self.db.pool)
        .await
        .map_err(db_error)?;
        self.find_refund(idempotency_key).await?.ok_or_else(|| PaymentError::Provider("the refund was not recorded".into()))
    }

    async fn find_refund(&self, idempotency_key: &str) -> Result<Option<Refund>, PaymentError> {
        let row = sqlx::query("SELECT id, amount_cents FROM sandbox_refunds WHERE idempotency_key = $1")
            .bind(idempotency_key)
            .fetch_optional(&self.db.pool)
            .await
            .map_err(db_error)?;
        row.map(|row| {
            Ok(Refund { provider_ref: row.try_get("id").map_err(db_error)?, amount_cents: row.try_get("amount_cents").map_err(db_error)? })
        })
        .transpose()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_cards_follow_stripe() {
        assert_eq!(outcome("4242424242424242"), None);
        assert_eq!(outcome("4000000000000002"), Some(DeclineCode::CardDeclined));
        assert_eq!(outcome("4000000000009995"), Some(DeclineCode::InsufficientFunds));
        assert_eq!(outcome("4000000000000069"), Some(DeclineCode::ExpiredCard));
        assert_eq!(outcome("4000000000000127"), Some(DeclineCode::IncorrectCvc));
        assert_eq!(outcome("4000000000000119"), Some(DeclineCode::ProcessingError));
    }
}
