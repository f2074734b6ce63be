//! How long a session may live (GoTrue's SESSIONS_TIMEBOX and SESSIONS_INACTIVITY_TIMEOUT):
//! past either, refreshing fails with `session_expired` and its access tokens are refused.
//! Access tokens are cut short so that none outlives its session: a token never runs past the
//! timebox, nor past the inactivity timeout counted from its issue (a refresh is the activity
//! that keeps a session alive, so an active client refreshes before that point).

use std::time::Duration;

use clap::Args;

use super::db::sessions::SessionRow;

#[derive(Debug, Clone, Copy, Default, Args)]
pub struct SessionLimits {
    /// Longest life of a session, in seconds or as a duration such as `24h`; unset or 0: unlimited.
    #[arg(long = "auth-sessions-timebox", env = "AUTH_SESSIONS_TIMEBOX", value_parser = super::duration::parse_setting, global = true)]
    pub timebox: Option<Duration>,

    /// A session not refreshed for this long ends (seconds, or a duration such as `30m`); unset or 0: never.
    #[arg(
        long = "auth-sessions-inactivity-timeout",
        env = "AUTH_SESSIONS_INACTIVITY_TIMEOUT",
        value_parser = super::duration::parse_setting,
        global = true
    )]
    pub inactivity_timeout: Option<Duration>,
}

/// Why a session is no longer valid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Expired {
    PastTimebox,
    Inactive,
}

impl SessionLimits {
    fn timebox_secs(&self) -> Option<i64> {
        self.timebox.filter(|d| !d.is_zero()).map(|d| d.as_secs() as i64)
    }

    fn inactivity_secs(&self) -> Option<i64> {
        self.inactivity_timeout.filter(|d| !d.is_zero()).map(|d| d.as_secs() as i64)
    }

    /// Whether `session` is still valid at `now`.
    pub fn check(&self, session: &SessionRow, now: i64) -> Result<(), Expired> {
        if self.timebox_secs().is_some_and(|limit| now > session.created_at + limit) {
            return Err(Expired::PastTimebox);
        }
        let last_active = session.refreshed_at.unwrap_or(session.created_at);
        if self.inactivity_secs().is_some_and(|limit| now > last_active + limit) {
            return Err(Expired::Inactive);
        }
        Ok(())
    }

    /// The `exp` of an access token issued at `now` for `session`: `wanted`, cut short by the limits.
    pub fn cap_expiry(&self, session: &SessionRow, now: i64, wanted: i64) -> i64 {
        let by_timebox = self.timebox_secs().map(|limit| session.created_at + limit);
        let by_inactivity = self.inactivity_secs().map(|limit| now + limit);
        [Some(wanted), by_timebox, by_inactivity].into_iter().flatten().min().unwrap_or(wanted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn session(created_at: i64, refreshed_at: Option<i64>) -> SessionRow {
        SessionRow {
            id: "s".into(),
            user_id: "u".into(),
            aal: "aal1".into(),
            factor_id: None,
            refresh_token_key: "k".into(),
            not_after: None,
            refreshed_at,
            created_at,
        }
    }

    fn limits(timebox: u64, inactivity: u64) -> SessionLimits {
        SessionLimits { timebox: Some(Duration::from_secs(timebox)), inactivity_timeout: Some(Duration::from_secs(inactivity)) }
    }

    #[test]
    fn unset_or_zero_limits_never_expire() {
        let old = session(0, None);
        assert_eq!(SessionLimits::default().check(&old, 10_000_000), Ok(()));
        assert_eq!(limits(0, 0).check(&old, 10_000_000), Ok(()));
        assert_eq!(SessionLimits::default().cap_expiry(&old, 100, 3700), 3700);
    }

    #[test]
    fn the_timebox_counts_from_the_sign_in() {
        let limits = limits(3600, 0);
        assert_eq!(limits.check(&session(1000, Some(4000)), 4600), Ok(()));
        assert_eq!(limits.check(&session(1000, Some(4500)), 4601), Err(Expired::PastTimebox));
    }

    #[test]
    fn inactivity_counts_from_the_last_refresh() {
        let limits = limits(0, 600);
        assert_eq!(limits.check(&session(1000, None), 1600), Ok(()));
        assert_eq!(limits.check(&session(1000, None), 1601), Err(Expired::Inactive));
        assert_eq!(limits.check(&session(1000, Some(5000)), 5500), Ok(()), "a refresh is activity");
    }

    #[test]
    fn access_tokens_never_outlive_the_limits() {
        let s = session(1000, None);
        assert_eq!(limits(7200, 0).cap_expiry(&s, 7000, 10_600), 8200, "the timebox ends at created_at + 7200");
        assert_eq!(limits(0, 600).cap_expiry(&s, 7000, 10_600), 7600);
        assert_eq!(limits(100_000, 100_000).cap_expiry(&s, 7000, 10_600), 10_600);
    }
}
