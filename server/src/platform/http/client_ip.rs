//! The client's IP address: the socket peer, or — behind a proxy we trust — the first address
//! of the header that proxy sets (`CLIENT_IP_HEADER`, e.g. X-Forwarded-For). Used for rate limits.

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use http::request::Parts;

use crate::startup::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let from_header = state
            .config
            .client_ip_header
            .as_ref()
            .and_then(|name| parts.headers.get(name))
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.split(',').next())
            .and_then(|first| first.trim().parse::<IpAddr>().ok());
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientIp(from_header.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}
