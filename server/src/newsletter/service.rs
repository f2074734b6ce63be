//! The subscription lifecycle: subscribe (double opt-in mail), confirm, unsubscribe and
//! resubscribe. Each runs in one transaction whose first statement writes, so on SQLite it
//! takes the write lock at once (and waits for it) instead of failing on upgrade.

use super::db;
use super::error::NewsletterError;
use super::model::{Purpose, Status, SubscribeRequest, Token};
use crate::config::Config;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

type Result<T> = std::result::Result<T, NewsletterError>;

/// New → pending with a mail; pending → another mail at most once per resend interval;
/// confirmed → nothing; unsubscribed → pending again with a mail. The caller answers the same
/// in every case.
pub async fn subscribe(state: &AppState, request: &SubscribeRequest) -> Result<()> {
    let settings = &state.config.newsletter;
    let now = now_unix();
    // A link that expired sooner than the interval must not leave the address without one.
    let resend_before = now - settings.resend_interval.min(settings.confirm_ttl).as_secs() as i64;
    let (email, lang, source) = (request.email.as_str(), request.lang.code(), request.source.as_str());
    let mut tx = state.db.pool.begin().await?;
    db::insert_pending(&mut tx, &uuid::Uuid::new_v4().to_string(), email, lang, source, now).await?;
    if let Some(subscription_id) = db::claim_confirmation_mail(&mut tx, email, lang, source, now, resend_before).await? {
        db::delete_expired_confirm_tokens(&mut tx, &subscription_id, now).await?;
        let confirm = Token::generate();
        let expires_at = now + settings.confirm_ttl.as_secs() as i64;
        db::insert_token(&mut tx, &confirm.hash(), &subscription_id, Purpose::Confirm, Some(expires_at), now).await?;
        let unsubscribe = new_unsubscribe_token(&mut tx, &subscription_id, now).await?;
        let links = Links::new(&state.config, request.lang, &confirm, &unsubscribe);
        queue_confirmation_mail(&mut tx, &state.config, email, request.lang, &links).await?;
        tracing::info!(source, lang, "newsletter: confirmation mail queued");
    }
    tx.commit().await?;
    Ok(())
}

/// A confirmed subscription's language and a fresh unsubscribe token for the page.
pub struct Confirmed {
    pub lang: Lang,
    pub unsubscribe_token: Token,
}

/// Confirms with a mailed confirm token; again with the same still-valid token is fine.
pub async fn confirm(state: &AppState, token: &Token) -> Result<Confirmed> {
    let now = now_unix();
    let hash = token.hash();
    let mut tx = state.db.pool.begin().await?;
    db::confirm(&mut tx, &hash, now).await?;
    let found = db::find_token(&mut tx, &hash, Purpose::Confirm).await?.ok_or(NewsletterError::InvalidToken)?;
    if found.expires_at.is_none_or(|at| at <= now) {
        return Err(NewsletterError::TokenExpired);
    }
    if found.status != Status::Confirmed {
        return Err(NewsletterError::InvalidToken);
    }
    let unsubscribe_token = new_unsubscribe_token(&mut tx, &found.subscription_id, now).await?;
    tx.commit().await?;
    Ok(Confirmed { lang: lang_of(&found.lang), unsubscribe_token })
}

/// Unsubscribes (idempotent) and voids the address's confirmation links.
pub async fn unsubscribe(state: &AppState, token: &Token) -> Result<Lang> {
    let now = now_unix();
    let hash = token.hash();
    let mut tx = state.db.pool.begin().await?;
    db::unsubscribe(&mut tx, &hash, now).await?;
    let found = db::find_token(&mut tx, &hash, Purpose::Unsubscribe).await?.ok_or(NewsletterError::InvalidToken)?;
    db::delete_confirm_tokens(&mut tx, &found.subscription_id).await?;
    super::issues::db::drop_queued_issue_mails(&mut tx, &found.subscription_id, now).await?;
    tx.commit().await?;
    tracing::info!("newsletter: unsubscribed");
    Ok(lang_of(&found.lang))
}

/// Subscribes again from the unsubscribe page, with the unsubscribe token as proof of ownership.
pub async fn resubscribe(state: &AppState, token: &Token) -> Result<Lang> {
    let now = now_unix();
    let hash = token.hash();
    let mut tx = state.db.pool.begin().await?;
    db::resubscribe(&mut tx, &hash, now).await?;
    let found = db::find_token(&mut tx, &hash, Purpose::Unsubscribe).await?.ok_or(NewsletterError::InvalidToken)?;
    tx.commit().await?;
    Ok(lang_of(&found.lang))
}

async fn new_unsubscribe_token(conn: &mut sqlx::AnyConnection, subscription_id: &str, now: i64) -> Result<Token> {
    let token = Token::generate();
    db::insert_token(conn, &token.hash(), subscription_id, Purpose::Unsubscribe, None, now).await?;
    Ok(token)
}

/// Stored languages are checked by the table; English if one ever is not ours.
fn lang_of(code: &str) -> Lang {
    Lang::from_code(code).unwrap_or(Lang::En)
}

/// The links of a newsletter mail (contract: pages in the subscriber's language; the
/// one-click URL is the API itself).
#[derive(Debug, PartialEq, Eq)]
pub struct Links {
    pub confirm: String,
    pub unsubscribe_page: String,
    pub one_click: String,
}

impl Links {
    pub fn new(config: &Config, lang: Lang, confirm: &Token, unsubscribe: &Token) -> Links {
        let (unsubscribe_page, one_click) = unsubscribe_links(config, lang, unsubscribe);
        Links {
            confirm: format!("{}{}/newsletter/confirm?token={}", config.site_origin(), lang.path_prefix(), confirm.as_str()),
            unsubscribe_page,
            one_click,
        }
    }
}

/// (the unsubscribe page in the subscriber's language, the RFC 8058 one-click URL) of a token.
pub fn unsubscribe_links(config: &Config, lang: Lang, unsubscribe: &Token) -> (String, String) {
    let origin = config.site_origin();
    (
        format!("{origin}{}/newsletter/unsubscribe?token={}", lang.path_prefix(), unsubscribe.as_str()),
        format!("{origin}/api/v1/newsletter/unsubscribe?token={}", unsubscribe.as_str()),
    )
}

/// Queued in the caller's transaction, with the RFC 8058 headers and the language.
async fn queue_confirmation_mail(conn: &mut sqlx::AnyConnection, config: &Config, to: &str, lang: Lang, links: &Links) -> Result<()> {
    let list_unsubscribe = format!("<{}>", links.one_click);
    let headers = [
        ("List-Unsubscribe", list_unsubscribe.as_str()),
        ("List-Unsubscribe-Post", "List-Unsubscribe=One-Click"),
        ("Content-Language", lang.code()),
    ];
    let vars = [("confirmation_url", links.confirm.as_str()), ("unsubscribe_url", links.unsubscribe_page.as_str())];
    let email = NewEmail { to, lang, kind: MailKind::NewsletterConfirm, vars: &vars };
    mail::enqueue_with_headers(conn, config, email, &headers).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_follow_the_language_prefix_and_the_one_click_url_is_the_api() {
        let config = Config::from_flags(&["--site-url", "https://rumbo.travel"]);
        let (confirm, unsubscribe) = (Token::generate(), Token::generate());
        let (c, u) = (confirm.as_str(), unsubscribe.as_str());
        let en = Links::new(&config, Lang::En, &confirm, &unsubscribe);
        assert_eq!(en.confirm, format!("https://rumbo.travel/newsletter/confirm?token={c}"));
        assert_eq!(en.unsubscribe_page, format!("https://rumbo.travel/newsletter/unsubscribe?token={u}"));
        assert_eq!(en.one_click, format!("https://rumbo.travel/api/v1/newsletter/unsubscribe?token={u}"));
        let pt = Links::new(&config, Lang::Pt, &confirm, &unsubscribe);
        assert_eq!(pt.confirm, format!("https://rumbo.travel/pt/newsletter/confirm?token={c}"));
        assert_eq!(pt.unsubscribe_page, format!("https://rumbo.travel/pt/newsletter/unsubscribe?token={u}"));
        assert_eq!(pt.one_click, en.one_click);
        let es = Links::new(&config, Lang::Es, &confirm, &unsubscribe);
        assert!(es.confirm.starts_with("https://rumbo.travel/es/newsletter/confirm?token="));
    }
}
