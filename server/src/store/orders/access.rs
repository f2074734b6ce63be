//! Who may see an order: the holder of its private link's token (`X-Order-Token`), or its
//! owner signed in. Anything else — including an id that does not exist — is the same 404.

use axum::extract::FromRequestParts;
use http::request::Parts;
use sqlx::AnyConnection;
use subtle::ConstantTimeEq;

use super::rows::{self, OrderRow};
use crate::auth::extract::MaybeUser;
use crate::platform::http::error::ApiError;
use crate::platform::token;
use crate::startup::AppState;
use crate::store::error::{StoreError, StoreResult};

pub const TOKEN_HEADER: &str = "x-order-token";

pub struct Caller {
    token: Option<String>,
    pub user_id: Option<String>,
}

impl FromRequestParts<AppState> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let MaybeUser(user) = MaybeUser::from_request_parts(parts, state).await?;
        let token = parts.headers.get(TOKEN_HEADER).and_then(|v| v.to_str().ok()).map(str::trim).filter(|t| !t.is_empty());
        Ok(Caller { token: token.map(str::to_owned), user_id: user.map(|u| u.user.id) })
    }
}

impl Caller {
    fn may_open(&self, order: &OrderRow) -> bool {
        let given = self.token.as_deref().map(token::hash);
        let matches = |stored: &str| given.as_deref().is_some_and(|hash| bool::from(hash.as_bytes().ct_eq(stored.as_bytes())));
        let by_token = matches(&order.access_token_hash) || order.receipt_token_hash.as_deref().is_some_and(matches);
        let by_owner = matches!((&self.user_id, &order.user_id), (Some(caller), Some(owner)) if caller == owner);
        by_token || by_owner
    }
}

pub async fn open(conn: &mut AnyConnection, id: &str, caller: &Caller) -> StoreResult<OrderRow> {
    let id = uuid::Uuid::parse_str(id).map_err(|_| StoreError::OrderNotFound)?.to_string();
    match rows::find(conn, &id).await? {
        Some(order) if caller.may_open(&order) => Ok(order),
        _ => Err(StoreError::OrderNotFound),
    }
}
