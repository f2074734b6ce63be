//! Prometheus metrics at `/metrics` (docs/decisions/016): requests by method, route and status,
//! and their durations by route, counted in memory by each instance (a scraper reads every
//! instance). Shown only to a bearer of `METRICS_TOKEN`; without one configured the path is 404.

use std::collections::HashMap;
use std::fmt::{self, Write};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use axum::extract::{MatchedPath, Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use http::header::{AUTHORIZATION, CACHE_CONTROL, CONTENT_TYPE};
use http::{HeaderMap, Method, StatusCode};

use crate::auth::secrets::constant_time_eq;

/// Upper bounds of the duration buckets, in seconds.
const BUCKETS: [f64; 12] = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5];
/// Requests no route matched: pages, built files and the not-found page (one label, so a
/// scanner's random paths cannot grow the map).
const PAGES: &str = "(pages)";

/// The token a scraper sends as `Authorization: Bearer …`; never shown by `Debug`.
#[derive(Clone)]
pub struct MetricsToken(String);

impl fmt::Debug for MetricsToken {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("MetricsToken(…)")
    }
}

/// `METRICS_TOKEN`: at least 8 characters without spaces.
pub fn parse_token(raw: &str) -> Result<MetricsToken, String> {
    let token = raw.trim();
    if token.len() < 8 || token.contains(char::is_whitespace) {
        return Err("METRICS_TOKEN must be at least 8 characters, without spaces".into());
    }
    Ok(MetricsToken(token.to_owned()))
}

#[derive(Debug, Default)]
struct RouteStats {
    answers: HashMap<(Method, u16), u64>,
    /// Per bucket of `BUCKETS`, then the count of all; cumulative only when written out.
    buckets: [u64; BUCKETS.len()],
    count: u64,
    seconds: f64,
}

#[derive(Debug, Default)]
pub struct Metrics {
    routes: Mutex<HashMap<String, RouteStats>>,
}

impl Metrics {
    fn record(&self, route: &str, method: Method, status: StatusCode, seconds: f64) {
        let mut routes = self.routes.lock().unwrap_or_else(PoisonError::into_inner);
        if !routes.contains_key(route) {
            routes.insert(route.to_owned(), RouteStats::default());
        }
        let Some(stats) = routes.get_mut(route) else { return };
        *stats.answers.entry((method, status.as_u16())).or_default() += 1;
        if let Some(bucket) = BUCKETS.iter().position(|bound| seconds <= *bound) {
            stats.buckets[bucket] += 1;
        }
        stats.count += 1;
        stats.seconds += seconds;
    }

    /// The Prometheus text exposition format (version 0.0.4).
    pub fn render(&self) -> String {
        let routes = self.routes.lock().unwrap_or_else(PoisonError::into_inner);
        let mut names: Vec<&String> = routes.keys().collect();
        names.sort();
        let mut out = String::new();
        out.push_str("# HELP rumbo_http_requests_total HTTP requests answered, by method, route and status.\n");
        out.push_str("# TYPE rumbo_http_requests_total counter\n");
        for route in &names {
            let mut answers: Vec<_> = routes[*route].answers.iter().collect();
            answers.sort_by(|a, b| (a.0 .0.as_str(), a.0 .1).cmp(&(b.0 .0.as_str(), b.0 .1)));
            for ((method, status), count) in answers {
                let _ = writeln!(
                    out,
                    "rumbo_http_requests_total{{method=\"{method}\",route=\"{}\",status=\"{status}\"}} {count}",
                    label(route)
                );
            }
        }
        out.push_str("# HELP rumbo_http_request_duration_seconds Time to answer, by route.\n");
        out.push_str("# TYPE rumbo_http_request_duration_seconds histogram\n");
        for route in &names {
            let stats = &routes[*route];
            let route = label(route);
            let mut cumulative = 0;
            for (bound, count) in BUCKETS.iter().zip(stats.buckets) {
                cumulative += count;
                let _ = writeln!(out, "rumbo_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"{bound}\"}} {cumulative}");
            }
            let _ = writeln!(out, "rumbo_http_request_duration_seconds_bucket{{route=\"{route}\",le=\"+Inf\"}} {}", stats.count);
            let _ = writeln!(out, "rumbo_http_request_duration_seconds_sum{{route=\"{route}\"}} {}", stats.seconds);
            let _ = writeln!(out, "rumbo_http_request_duration_seconds_count{{route=\"{route}\"}} {}", stats.count);
        }
        out
    }
}

/// Label values escape `\`, `"` and line breaks.
fn label(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"").replace('\n', "\\n")
}

/// Middleware: counts every answer under its route pattern (`/api/v1/posts/{slug}`), never the raw path.
pub async fn count(State(metrics): State<Arc<Metrics>>, request: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    // A MatchedPath is a shared string: cloning it does not copy the route.
    let route = request.extensions().get::<MatchedPath>().cloned();
    let response = next.run(request).await;
    metrics.record(route.as_ref().map_or(PAGES, MatchedPath::as_str), method, response.status(), started.elapsed().as_secs_f64());
    response
}

/// `GET /metrics`.
pub fn answer(metrics: &Metrics, token: Option<&MetricsToken>, request: &HeaderMap) -> Response {
    let given = request.get(AUTHORIZATION).and_then(|value| value.to_str().ok()).and_then(|value| value.strip_prefix("Bearer "));
    match (token, given) {
        (Some(MetricsToken(token)), Some(given)) if constant_time_eq(given.trim(), token) => {
            ([(CONTENT_TYPE, "text/plain; version=0.0.4; charset=utf-8"), (CACHE_CONTROL, "no-store")], metrics.render()).into_response()
        }
        // Without a token configured the endpoint does not exist; with one, a wrong or missing
        // bearer learns nothing more.
        (None, _) => StatusCode::NOT_FOUND.into_response(),
        (Some(_), _) => StatusCode::UNAUTHORIZED.into_response(),
    }
}

#[cfg(test)]
mod tests {
    use http::HeaderValue;

    use super::*;

    #[test]
    fn counts_by_route_method_and_status_with_cumulative_buckets() {
        let metrics = Metrics::default();
        metrics.record("/api/v1/posts", Method::GET, StatusCode::OK, 0.0004);
        metrics.record("/api/v1/posts", Method::GET, StatusCode::OK, 0.003);
        metrics.record("/api/v1/posts", Method::GET, StatusCode::NOT_MODIFIED, 9.0);
        metrics.record(PAGES, Method::HEAD, StatusCode::NOT_FOUND, 0.02);
        let text = metrics.render();
        assert!(text.contains("# TYPE rumbo_http_requests_total counter\n"));
        assert!(text.contains("rumbo_http_requests_total{method=\"GET\",route=\"/api/v1/posts\",status=\"200\"} 2\n"));
        assert!(text.contains("rumbo_http_requests_total{method=\"GET\",route=\"/api/v1/posts\",status=\"304\"} 1\n"));
        assert!(text.contains("rumbo_http_requests_total{method=\"HEAD\",route=\"(pages)\",status=\"404\"} 1\n"));
        assert!(text.contains("# TYPE rumbo_http_request_duration_seconds histogram\n"));
        assert!(text.contains("rumbo_http_request_duration_seconds_bucket{route=\"/api/v1/posts\",le=\"0.0005\"} 1\n"));
        assert!(text.contains("rumbo_http_request_duration_seconds_bucket{route=\"/api/v1/posts\",le=\"0.005\"} 2\n"));
        assert!(text.contains("rumbo_http_request_duration_seconds_bucket{route=\"/api/v1/posts\",le=\"2.5\"} 2\n"));
        assert!(text.contains("rumbo_http_request_duration_seconds_bucket{route=\"/api/v1/posts\",le=\"+Inf\"} 3\n"));
        assert!(text.contains("rumbo_http_request_duration_seconds_count{route=\"/api/v1/posts\"} 3\n"));
    }

    #[test]
    fn only_the_token_bearer_reads_them() {
        let metrics = Metrics::default();
        let token = parse_token("a-long-enough-token").unwrap();
        let with = |value: &str| {
            let mut headers = HeaderMap::new();
            headers.insert(AUTHORIZATION, HeaderValue::from_str(value).unwrap());
            headers
        };
        assert_eq!(answer(&metrics, Some(&token), &with("Bearer a-long-enough-token")).status(), StatusCode::OK);
        assert_eq!(answer(&metrics, Some(&token), &with("Bearer wrong")).status(), StatusCode::UNAUTHORIZED);
        assert_eq!(answer(&metrics, Some(&token), &HeaderMap::new()).status(), StatusCode::UNAUTHORIZED);
        assert_eq!(answer(&metrics, None, &with("Bearer a-long-enough-token")).status(), StatusCode::NOT_FOUND);
        assert!(parse_token("short").is_err());
        assert_eq!(format!("{token:?}"), "MetricsToken(…)");
    }
}
