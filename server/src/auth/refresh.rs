//! `grant_type=refresh_token` (contract §7). Every use rotates the token. A token presented
//! again after rotation is answered with its (derived) child while that child is unused and the
//! reuse interval has not passed — a client that lost the response, or two tabs at once; any
//! other replay is treated as theft and ends the whole session.

use super::db::sessions::{self, Client, RefreshTokenRow, SessionRow};
use super::db::{users, Conn};
use super::errors::{AuthError, AuthResult};
use super::issue::{first_child_of, session_response, store_refresh_token, SessionView};
use super::secrets::sha256_hex;
use crate::platform::db::now_unix;
use crate::startup::AppState;

/// The refusal of a token used again outside the reuse interval, which ends its session.
const REUSED: &str = "refresh_token_already_used";

/// Shortest token GoTrue accepts as well-formed.
const MIN_TOKEN_LEN: usize = 12;

pub async fn grant(state: &AppState, presented: &str, client: &Client) -> AuthResult<SessionView> {
    if presented.is_empty() {
        return Err(AuthError::oauth("invalid_request", "refresh_token required"));
    }
    if presented.len() < MIN_TOKEN_LEN || !presented.chars().all(|c| c.is_ascii_alphanumeric()) {
        return Err(AuthError::validation("Refresh token is not valid"));
    }
    // A rotation lost in a power cut costs its session a sign-in at worst, so it is not synced
    // to disk one by one (on SQLite, an fsync per refresh capped them near 1,000/s); the
    // revocation of a session whose token was reused is (docs/decisions/017).
    let mut tx = state.db.begin_write_unsynced().await?;
    let outcome = rotate(&mut tx, state, presented, client).await;
    // A detected reuse ends the session and still fails the request: commit either way.
    tx.commit().await?;
    if outcome.as_ref().is_err_and(|refused| refused.code == REUSED) {
        state.db.flush_to_disk().await?;
    }
    outcome
}

async fn rotate(conn: &mut Conn, state: &AppState, presented: &str, client: &Client) -> AuthResult<SessionView> {
    let now = now_unix();
    let token = sessions::find_refresh_token(conn, &sha256_hex(presented))
        .await?
        .ok_or_else(|| AuthError::bad_request("refresh_token_not_found", "Invalid Refresh Token: Refresh Token Not Found"))?;
    let session = sessions::find(conn, &token.session_id)
        .await?
        .ok_or_else(|| AuthError::bad_request("session_not_found", "Invalid Refresh Token: No Valid Session Found"))?;
    if session.not_after.is_some_and(|limit| limit < now) || state.config.auth.sessions.check(&session, now).is_err() {
        return Err(AuthError::bad_request("session_expired", "Invalid Refresh Token: Session Expired"));
    }
    let user = users::find_by_id(conn, &token.user_id).await?.ok_or_else(|| AuthError::forbidden("user_not_found", "User not found"))?;
    if user.is_banned(now) {
        return Err(AuthError::bad_request("user_banned", "Invalid Refresh Token: User Banned"));
    }
    let child = if token.revoked == 0 && sessions::revoke_refresh_token(conn, &token.id, now).await? {
        let child = first_child_of(&session, presented);
        store_refresh_token(conn, &session, &child, Some(presented), now).await?;
        child
    } else {
        // Re-read: a concurrent request may have revoked it since, and its time counts.
        let token = sessions::find_refresh_token(conn, &token.token_hash).await?.unwrap_or(token);
        child_for_revoked(conn, state, &session, &token, presented, now).await?
    };
    sessions::touch(conn, &session.id, client, now).await?;
    session_response(conn, state, &user, &session, &child).await
}

/// The answer to an already-rotated token. Within the reuse interval of its rotation, while
/// its child is still the unused tip of the family, it gets that same child again (a retried
/// request, or two tabs refreshing at once). Anything else is a replay of an old token: the
/// whole session ends. No second live branch is ever minted, so every replay is detected.
async fn child_for_revoked(
    conn: &mut Conn,
    state: &AppState,
    session: &SessionRow,
    token: &RefreshTokenRow,
    presented: &str,
    now: i64,
) -> AuthResult<String> {
    let reuse_interval = state.config.auth.refresh_token_reuse_interval.as_secs() as i64;
    let first_child = first_child_of(session, presented);
    if now <= token.updated_at + reuse_interval {
        if let Some(row) = sessions::find_refresh_token(conn, &sha256_hex(&first_child)).await? {
            if row.revoked == 0 {
                return Ok(first_child);
            }
        }
    }
    tracing::warn!(session_id = %session.id, "auth: a rotated refresh token was replayed; session ended");
    sessions::delete(conn, &session.id).await?;
    Err(AuthError::bad_request(REUSED, "Invalid Refresh Token: Already Used"))
}
