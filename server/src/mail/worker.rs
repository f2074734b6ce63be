//! The delivery worker: claims due messages, sends them over SMTP, and records the outcome.
//! Every instance may run one; the claim in `outbox::claim` keeps them from sending twice.

use std::sync::Arc;
use std::time::Duration;

use lettre::message::Mailbox;
use lettre::{AsyncSmtpTransport, AsyncTransport, Tokio1Executor};
use sqlx::AnyPool;
use uuid::Uuid;

use super::outbox::{self, Claimed};
use super::queue::WAKE;
use super::{message, MailConfig};
use crate::platform::db::now_unix;

/// Messages claimed at once; the rest wait for the next round (or another instance).
const BATCH: i64 = 20;
/// The longest wait between two attempts.
const BACKOFF_CAP: Duration = Duration::from_secs(3600);
/// An enqueue wakes the worker before the enqueuing transaction has committed; this short
/// pause lets it commit so the message is visible to the claim.
const SETTLE: Duration = Duration::from_millis(100);
/// Long SMTP answers are cut to this many characters in `last_error`.
const ERROR_CHARS: usize = 500;

#[derive(Clone)]
pub struct Worker {
    pub pool: AnyPool,
    pub transport: AsyncSmtpTransport<Tokio1Executor>,
    pub from: Mailbox,
    pub max_attempts: u32,
    pub retry_base: Duration,
    pub poll_interval: Duration,
    /// How long a claim lasts unless renewed (`MAIL_LEASE_SECS`). The worker renews it every
    /// third of it while it delivers the batch, so a slow SMTP server never lets it lapse
    /// mid-send; an instance that dies stops renewing, and another takes its messages once it
    /// ends (docs/decisions/017-several-instances.md).
    pub lease: Duration,
    /// Deliveries of a batch at once (`MAIL_CONCURRENCY`); the batch is claimed in one piece.
    pub concurrency: usize,
}

impl Worker {
    pub fn new(pool: AnyPool, transport: AsyncSmtpTransport<Tokio1Executor>, config: &MailConfig) -> Worker {
        Worker {
            pool,
            transport,
            from: config.mail_from.clone(),
            max_attempts: config.mail_max_attempts,
            retry_base: config.mail_retry_base,
            poll_interval: config.mail_poll_interval,
            lease: config.mail_lease,
            concurrency: config.mail_concurrency as usize,
        }
    }

    /// Runs until the task is dropped with the runtime. A message whose send was cut short
    /// stays claimed until its lease ends, then goes out again (delivery is at least once).
    pub async fn run(self) {
        loop {
            let full_batch = match self.deliver_batch().await {
                Ok(claimed) => claimed == BATCH as usize,
                Err(e) => {
                    tracing::warn!(error = %e, "mail worker cannot read the outbox");
                    false
                }
            };
            if full_batch {
                continue;
            }
            tokio::select! {
                _ = WAKE.notified() => tokio::time::sleep(SETTLE).await,
                _ = tokio::time::sleep(self.poll_interval) => {}
            }
        }
    }

    async fn deliver_batch(&self) -> Result<usize, sqlx::Error> {
        let now = now_unix();
        let token = Uuid::new_v4().to_string();
        let lease = self.lease.as_secs() as i64;
        let batch = outbox::claim(&self.pool, now, now + lease, &token, BATCH).await?;
        let claimed = batch.len();
        let deliveries = self.deliver_all(batch, Arc::from(token.as_str()));
        tokio::pin!(deliveries);
        let every = self.lease / 3;
        let mut renewal = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
        loop {
            tokio::select! {
                () = &mut deliveries => return Ok(claimed),
                _ = renewal.tick() => {
                    if let Err(e) = outbox::renew(&self.pool, &token, now_unix() + lease).await {
                        tracing::warn!(error = %e, "cannot renew the lease on the messages being sent");
                    }
                }
            }
        }
    }

    /// Delivers the batch, `concurrency` addresses at a time, each outcome recorded on its own.
    /// Messages to one address go one after the other in the order they were claimed, so a
    /// booking's confirmation never arrives after the change that follows it.
    async fn deliver_all(&self, batch: Vec<Claimed>, token: Arc<str>) {
        let mut by_recipient: Vec<Vec<Claimed>> = Vec::new();
        for row in batch {
            match by_recipient.iter_mut().find(|rows| rows[0].recipient == row.recipient) {
                Some(rows) => rows.push(row),
                None => by_recipient.push(vec![row]),
            }
        }
        let mut waiting = by_recipient.into_iter();
        let mut running = tokio::task::JoinSet::new();
        loop {
            while running.len() < self.concurrency {
                let Some(rows) = waiting.next() else { break };
                let (worker, token) = (self.clone(), token.clone());
                running.spawn(async move {
                    for row in rows {
                        if let Err(e) = worker.deliver(&row, &token).await {
                            tracing::warn!(mail_id = %row.id, error = %e, "cannot record the outcome of a delivery");
                        }
                    }
                });
            }
            if running.join_next().await.is_none() {
                return;
            }
        }
    }

    async fn deliver(&self, row: &Claimed, token: &str) -> Result<(), sqlx::Error> {
        let attachments = outbox::attachments(&self.pool, &row.id).await?;
        let sent = match message::build(row, &attachments, &self.from) {
            Ok(message) => self.transport.send(message).await.map(|_| ()).map_err(|e| e.to_string()),
            Err(e) => Err(e),
        };
        let attempts = u32::try_from(row.attempts).unwrap_or(0) + 1;
        let error = match sent {
            Ok(()) => {
                outbox::mark_sent(&self.pool, &row.id, token, now_unix()).await?;
                tracing::info!(mail_id = %row.id, attempts, "mail sent");
                return Ok(());
            }
            Err(error) => error.chars().take(ERROR_CHARS).collect::<String>(),
        };
        let wait = backoff(self.retry_base, attempts);
        let retry_at = now_unix() + wait.as_secs() as i64;
        outbox::mark_failed(&self.pool, &row.id, token, &error, retry_at, self.max_attempts as i32).await?;
        if attempts >= self.max_attempts {
            tracing::error!(mail_id = %row.id, attempts, error = %error, "mail failed: no attempts left");
        } else {
            tracing::warn!(mail_id = %row.id, attempts, error = %error, retry_in_secs = wait.as_secs(), "mail not sent: will retry");
        }
        Ok(())
    }
}

/// The wait after the `attempts`-th failed attempt: base, 2·base, 4·base, … up to an hour.
pub fn backoff(base: Duration, attempts: u32) -> Duration {
    let doublings = attempts.saturating_sub(1).min(30);
    base.saturating_mul(1u32 << doublings).min(BACKOFF_CAP)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_off_doubles_up_to_an_hour() {
        let base = Duration::from_secs(30);
        let waits: Vec<u64> = (1..=9).map(|n| backoff(base, n).as_secs()).collect();
        assert_eq!(waits, [30, 60, 120, 240, 480, 960, 1920, 3600, 3600]);
        assert_eq!(backoff(base, 0), base);
        assert_eq!(backoff(base, u32::MAX), BACKOFF_CAP);
        assert_eq!(backoff(Duration::from_secs(1), 3), Duration::from_secs(4));
    }
}
