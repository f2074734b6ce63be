//! The client's IP address: the socket peer, or — behind proxies we trust — the address the
//! outermost trusted proxy saw, read from the header they set (`CLIENT_IP_HEADER`, e.g.
//! X-Forwarded-For). Each proxy *appends* the address it received the request from, so only
//! the last `TRUSTED_PROXY_HOPS` entries were written by proxies we trust; everything to their
//! left was written by the client and is ignored (a client rotating it must not escape a rate
//! limit). Used for rate limits and the session record.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use http::request::Parts;
use http::{HeaderMap, HeaderName};

use crate::startup::AppState;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, Self::Rejection> {
        let config = &state.config;
        let from_header =
            config.client_ip_header.as_ref().and_then(|name| forwarded_client(&parts.headers, name, config.trusted_proxy_hops));
        let peer = parts.extensions.get::<ConnectInfo<SocketAddr>>().map(|ConnectInfo(addr)| addr.ip());
        Ok(ClientIp(from_header.or(peer).unwrap_or(IpAddr::from([0, 0, 0, 0]))))
    }
}

/// The entry `hops` places from the right of every `name` header line joined in order (a
/// shorter list means fewer proxies appended, so its first entry is theirs). None when the
/// header is missing or that entry is not an address.
pub fn forwarded_client(headers: &HeaderMap, name: &HeaderName, hops: u8) -> Option<IpAddr> {
    let entries: Vec<&str> = headers
        .get_all(name)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .map(str::trim)
        .filter(|entry| !entry.is_empty())
        .collect();
    let index = entries.len().checked_sub(1)?.saturating_sub(usize::from(hops) - 1);
    parse_entry(entries[index])
}

/// An address as proxies write it: bare, or with a port (`1.2.3.4:5678`, `[2001:db8::1]:443`).
fn parse_entry(entry: &str) -> Option<IpAddr> {
    if let Ok(ip) = entry.parse() {
        return Some(ip);
    }
    entry.parse::<SocketAddr>().ok().map(|addr| addr.ip())
}

/// The key rate limits count a client under: its IPv4 address, or the /64 of its IPv6 address
/// (one subscriber usually holds a whole /64, so counting single addresses would let it rotate).
pub fn rate_key(ip: IpAddr) -> String {
    match ip {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => v4.to_string(),
            None => {
                let [a, b, c, d, ..] = v6.segments();
                format!("{}/64", Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0))
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use http::HeaderValue;

    use super::*;

    fn xff(lines: &[&str]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for line in lines {
            headers.append("x-forwarded-for", HeaderValue::from_str(line).unwrap());
        }
        headers
    }

    fn client(lines: &[&str], hops: u8) -> Option<IpAddr> {
        forwarded_client(&xff(lines), &HeaderName::from_static("x-forwarded-for"), hops)
    }

    #[test]
    fn spoofed_left_entries_are_ignored() {
        let proxy_saw = Some("198.51.100.7".parse().unwrap());
        assert_eq!(client(&["198.51.100.7"], 1), proxy_saw);
        assert_eq!(client(&["10.9.0.1, 198.51.100.7"], 1), proxy_saw);
        assert_eq!(client(&["1.1.1.1, 2.2.2.2,198.51.100.7"], 1), proxy_saw);
        assert_eq!(client(&["evil", "198.51.100.7"], 1), proxy_saw, "several header lines are one list");
    }

    #[test]
    fn more_hops_read_further_left() {
        assert_eq!(client(&["10.9.0.1, 198.51.100.7, 192.0.2.1"], 2), Some("198.51.100.7".parse().unwrap()));
        assert_eq!(client(&["198.51.100.7"], 2), Some("198.51.100.7".parse().unwrap()), "a shorter chain: its first entry");
    }

    #[test]
    fn ports_are_dropped_and_garbage_is_no_address() {
        assert_eq!(client(&["1.2.3.4:5678"], 1), Some("1.2.3.4".parse().unwrap()));
        assert_eq!(client(&["[2001:db8::1]:443"], 1), Some("2001:db8::1".parse().unwrap()));
        assert_eq!(client(&["unknown"], 1), None);
        assert_eq!(client(&[], 1), None);
        assert_eq!(client(&[" , "], 1), None);
    }

    #[test]
    fn ipv6_clients_are_counted_per_64() {
        let a: IpAddr = "2001:db8:1:2:aaaa::1".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::9".parse().unwrap();
        let other: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(rate_key(a), "2001:db8:1:2::/64");
        assert_eq!(rate_key(a), rate_key(b));
        assert_ne!(rate_key(a), rate_key(other));
        assert_eq!(rate_key("::ffff:192.0.2.1".parse().unwrap()), "192.0.2.1");
        assert_eq!(rate_key("192.0.2.1".parse().unwrap()), "192.0.2.1");
    }
}
