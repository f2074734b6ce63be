//! Who may use the staff API: a signed-in user (live session, as `ApiUser` checks) whose user row
//! holds a staff role, at `aal2` when `STAFF_REQUIRE_MFA` is on (by default in production).

use axum::extract::FromRequestParts;
use http::request::Parts;
use http::StatusCode;

use super::roles::{roles_of, Role};
use crate::auth::db::sessions::SessionRow;
use crate::auth::extract::ApiUser;
use crate::auth::model::UserRow;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::startup::AppState;

pub struct StaffUser {
    pub user: UserRow,
    pub roles: Vec<Role>,
    pub session: Option<SessionRow>,
}

impl FromRequestParts<AppState> for StaffUser {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let ApiUser(caller) = ApiUser::from_request_parts(parts, state).await?;
        let roles = roles_of(&caller.user);
        if roles.is_empty() {
            return Err(ApiError::new(StatusCode::FORBIDDEN, ErrorCode::NotStaff, "This is for Rumbo's team."));
        }
        let at_aal2 = caller.session.as_ref().is_some_and(crate::auth::mfa::is_aal2);
        if state.config.staff.requires_mfa(state.config.environment) && !at_aal2 {
            return Err(ApiError::new(
                StatusCode::FORBIDDEN,
                ErrorCode::InsufficientAal,
                "The team signs in with two-step verification: enter your code first.",
            ));
        }
        Ok(StaffUser { user: caller.user, roles, session: caller.session })
    }
}

impl StaffUser {
    pub fn require_admin(&self) -> Result<(), ApiError> {
        if self.roles.contains(&Role::Admin) {
            Ok(())
        } else {
            Err(ApiError::new(StatusCode::FORBIDDEN, ErrorCode::NotAdmin, "Only admins may do this."))
        }
    }
}

/// A staff member with the admin role; anyone else is refused (401, 403 `not_staff`,
/// 403 `not_admin`). The owners' console (docs/decisions/018) starts every handler with it.
pub struct Admin(pub StaffUser);

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let staff = StaffUser::from_request_parts(parts, state).await?;
        staff.require_admin()?;
        Ok(Admin(staff))
    }
}

/// The refusals of every admin operation, for the OpenAPI document.
pub const ADMIN_REFUSALS: &str =
    "`not_staff`, `not_admin`, `insufficient_aal` (when STAFF_REQUIRE_MFA), `bad_jwt`, `session_not_found`, `session_expired`, `user_banned`";
