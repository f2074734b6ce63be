//! Sending an issue (docs/decisions/018-owners-console.md): every tick, each due issue queues
//! its share of `NEWSLETTER_SEND_PER_MINUTE` copies. A copy is claimed by its delivery row
//! (primary key: issue and subscriber) in the transaction that queues its mail, so a crash, a
//! restart or another instance never queues anyone twice; only subscribers confirmed at that
//! moment are taken. Each copy has its own unsubscribe token and RFC 8058 headers.

use std::time::Duration;

use super::compose::Composed;
use super::db::{self, IssueRow, SENDING, SENT};
use crate::mail::{self, NewEmail};
use crate::newsletter::model::{Purpose, Token};
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

pub const TICK: Duration = Duration::from_secs(2);
/// Copies queued per transaction.
const CHUNK: i64 = 250;

pub fn spawn(state: &AppState) {
    let state = state.clone();
    tokio::spawn(async move {
        loop {
            tokio::time::sleep(TICK).await;
            if let Err(e) = tick(&state, now_unix()).await {
                tracing::warn!(error = %e, "sending newsletter issues failed; it goes on at the next tick");
            }
        }
    });
}

/// Copies one tick may queue.
fn budget(per_minute: u32) -> i64 {
    (u64::from(per_minute) * TICK.as_millis() as u64).div_ceil(60_000).max(1) as i64
}

/// One pass over the due issues; the number of copies queued.
pub async fn tick(state: &AppState, now: i64) -> sqlx::Result<i64> {
    let mut conn = state.db.pool.acquire().await?;
    let due = db::due(&mut conn, now).await?;
    drop(conn);
    let mut left = budget(state.config.newsletter.send_per_minute);
    let mut queued = 0;
    for issue in due {
        if left == 0 {
            break;
        }
        let n = send_some(state, &issue, left, now).await?;
        left -= n;
        queued += n;
    }
    Ok(queued)
}

/// Queues up to `most` copies of one issue; marks it sent when nobody is left.
async fn send_some(state: &AppState, issue: &IssueRow, most: i64, now: i64) -> sqlx::Result<i64> {
    sqlx::query("UPDATE newsletter_issues SET status = $2, updated_at = $3 WHERE id = $1 AND status = 'scheduled'")
        .bind(&issue.id)
        .bind(SENDING)
        .bind(now)
        .execute(&state.db.pool)
        .await?;
    let lang = Lang::from_code(&issue.lang).unwrap_or(Lang::En);
    let composed = Composed::new(&state.config, &issue.subject, &issue.preheader, &issue.body_markdown);
    let mut queued = 0;
    while queued < most {
        let mut tx = state.db.begin_write().await?;
        let recipients = db::pending_recipients(&mut tx, &issue.id, &issue.lang, CHUNK.min(most - queued)).await?;
        if recipients.is_empty() {
            sqlx::query("UPDATE newsletter_issues SET status = $2, sent_at = $3, updated_at = $3 WHERE id = $1 AND status = $4")
                .bind(&issue.id)
                .bind(SENT)
                .bind(now)
                .bind(SENDING)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            tracing::info!(issue = %issue.id, lang = %issue.lang, "newsletter issue sent to every subscriber");
            break;
        }
        for (subscription_id, email) in &recipients {
            if queue_copy(state, &mut tx, issue, &composed, lang, subscription_id, email, now).await? {
                queued += 1;
            }
        }
        tx.commit().await?;
    }
    Ok(queued)
}

#[allow(clippy::too_many_arguments)]
async fn queue_copy(
    state: &AppState,
    tx: &mut sqlx::AnyConnection,
    issue: &IssueRow,
    composed: &Composed<'_>,
    lang: Lang,
    subscription_id: &str,
    email: &str,
    now: i64,
) -> sqlx::Result<bool> {
    let token = Token::generate();
    let links = crate::newsletter::service::unsubscribe_links(&state.config, lang, &token);
    let list_unsubscribe = format!("<{}>", links.1);
    let headers = [
        ("List-Unsubscribe", list_unsubscribe.as_str()),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("Content-Language", lang.code()),
    ];
    let vars = composed.vars(&links.0);
    let mail_id = match mail::enqueue_with_headers(
        tx,
        &state.config,
        NewEmail { to: email, lang, kind: mail::MailKind::NewsletterIssue, vars: &vars },
        &headers,
    )
    .await
    {
        Ok(id) => id.to_string(),
        // An address the mailer cannot take: nobody to send it to, the others go on.
        Err(sqlx::Error::Encode(e)) => {
            tracing::warn!(subscription = %subscription_id, error = %e, "a subscriber's issue could not be queued");
            return Ok(false);
        }
        Err(e) => return Err(e),
    };
    if !db::claim_delivery(tx, &issue.id, subscription_id, &mail_id, now).await? {
        sqlx::query("DELETE FROM mail_outbox WHERE id = $1").bind(&mail_id).execute(&mut *tx).await?;
        return Ok(false);
    }
    crate::newsletter::db::insert_token(tx, &token.hash(), subscription_id, Purpose::Unsubscribe, None, now).await?;
    Ok(true)
}

#[cfg(test)]
mod tests {
    use super::budget;

    #[test]
    fn a_tick_queues_its_share_of_the_rate() {
        assert_eq!(budget(600), 20);
        assert_eq!(budget(1), 1);
        assert_eq!(budget(90_000), 3000);
    }
}
