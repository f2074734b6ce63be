//! Builds the application from its configuration and binds it to a port.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use axum::{middleware, Router};
use http::{HeaderMap, HeaderName, Request, StatusCode};
use tokio::net::TcpListener;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use tracing::Level;

use crate::config::Config;
use crate::platform::db::{Backend, Db};
use crate::platform::http::body_limit::{self, BodyLimit};
use crate::platform::http::json_errors::{self, JsonErrors};
use crate::platform::http::metrics::{self, Metrics};
use crate::platform::http::{health, security};
use crate::platform::metadata;
use crate::platform::rate_limit::RateLimiter;
use crate::seo::{self, SiteShell};
use crate::{account, airports, auth, consultations, content, events, geo, mail, newsletter, openapi, payments, profiles, staff, store};
use utoipa_axum::router::OpenApiRouter;

/// What every handler may reach. Cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub config: Arc<Config>,
    pub db: Db,
    pub shell: Arc<SiteShell>,
    pub limiter: RateLimiter,
    pub auth: Arc<auth::AuthState>,
    pub payments: payments::PaymentProvider,
    /// Who settles a payment of each purchase kind (docs/decisions/010-payments-purchases.md).
    pub purchases: Arc<payments::PurchaseRegistry>,
    /// `/api/v1/openapi.json`, rendered once from the code (openapi/mod.rs).
    pub openapi: Arc<str>,
    /// The store's catalogue answers, kept while neither content nor stock moves.
    pub catalogue: Arc<store::catalog::answers::CatalogueAnswers>,
}

pub struct Application {
    listener: TcpListener,
    router: Router,
    state: AppState,
}

impl Application {
    /// Connects and migrates the database, renders the page shell, binds the port.
    pub async fn build(mut config: Config) -> anyhow::Result<Application> {
        config.check().map_err(|problems| anyhow::anyhow!("invalid configuration:\n{problems}"))?;
        let db = Db::connect(&config.database_url, config.database_max_connections).await?;
        db.migrate().await?;
        metadata::record_install(&db).await?;
        // A fresh site starts with the shipped content; a content problem must not stop the site
        // (the shipped folder is checked by the tests, and `rumbo import` reports every problem).
        let shipped =
            if config.content_auto_import { content::import_shipped_if_empty(&db, &config.store.files_dir).await } else { Ok(None) };
        match shipped {
            Ok(Some(report)) => tracing::info!(
                posts = report.posts,
                destinations = report.destinations,
                products = report.products,
                "imported the shipped content"
            ),
            Ok(None) => {}
            Err(e) => tracing::error!(error = %e, "the shipped content was not imported"),
        }
        let auth = Arc::new(auth::AuthState::load(&db, &config).await?);
        // The web app reads the anon key from the page's config block (seo::public_config).
        config.auth.anon_key = Some(auth.anon_key()?);
        let shell = Arc::new(SiteShell::build(&config)?);
        // Knows the imported posts before the first request; later imports are noticed by polling.
        seo::refresh(&shell, &db).await?;
        let listener = TcpListener::bind((config.host, config.port))
            .await
            .map_err(|e| anyhow::anyhow!("cannot listen on {}:{}: {e}", config.host, config.port))?;
        let payments = payments::from_config(&config, &db);
        log_outside_services(&config);
        let mut purchases = payments::PurchaseRegistry::default();
        consultations::register_purchases(&mut purchases);
        store::register_purchases(&mut purchases);
        let purchases = Arc::new(purchases);
        let openapi = Arc::from(openapi::render(&api_document()));
        let limiter = match db.backend {
            Backend::Postgres => RateLimiter::shared(db.pool.clone()),
            Backend::Sqlite => RateLimiter::in_process(),
        };
        limiter.spawn_sweeper();
        let catalogue = Arc::default();
        let state = AppState { config: Arc::new(config), db, shell, limiter, auth, payments, purchases, openapi, catalogue };
        consultations::seed_first_consultant(&state).await?;
        mail::spawn_worker(&state);
        consultations::spawn_workers(&state);
        payments::spawn_workers(&state);
        store::spawn_workers(&state);
        newsletter::issues::send::spawn(&state);
        seo::spawn_content_refresh(&state);
        Ok(Application { listener, router: router(state.clone()), state })
    }

    /// The running site's state: what service functions without an endpoint of their own yet
    /// (the store's shipping and refunds, driven by the owners' console later) are called with.
    pub fn state(&self) -> AppState {
        self.state.clone()
    }

    pub fn port(&self) -> u16 {
        self.listener.local_addr().map(|a| a.port()).unwrap_or_default()
    }

    /// Serves until `stop` completes, then lets in-flight requests finish.
    pub async fn run_until(self, stop: impl Future<Output = ()> + Send + 'static) -> std::io::Result<()> {
        tracing::info!(port = self.port(), "listening");
        // The peer address feeds `ClientIp` (rate limits) when no trusted proxy header is set.
        let service = self.router.into_make_service_with_connect_info::<SocketAddr>();
        axum::serve(self.listener, service).with_graceful_shutdown(stop).await
    }
}

/// What this instance talks to, so an operator sees at once whether payments are real and
/// whether mail leaves the machine.
fn log_outside_services(config: &Config) {
    let payments = match config.payment_mode() {
        crate::config::PaymentMode::Stripe => "stripe",
        crate::config::PaymentMode::Sandbox => "sandbox (test mode: nothing is charged)",
    };
    let mail = match &config.mail.smtp_url {
        Some(smtp) => format!("smtp {}", smtp.redacted()),
        None => "outbox only (no SMTP_URL: nothing is delivered)".to_owned(),
    };
    tracing::info!(environment = ?config.environment, payments, mail = %mail, "outside services");
    if config.environment == crate::config::Environment::Production && config.mail.smtp_url.is_none() {
        tracing::warn!("production without SMTP_URL: confirmation, recovery and booking e-mails stay in the outbox");
    }
}

/// Every documented `/api/v1` route but the uploads (paths written in full).
fn api_routes() -> OpenApiRouter<AppState> {
    let features = OpenApiRouter::new()
        .merge(geo::router())
        .merge(airports::router())
        .merge(profiles::router())
        .merge(account::router())
        .merge(content::api_router())
        .merge(newsletter::router())
        .merge(events::router())
        .merge(consultations::router())
        .merge(payments::router())
        .merge(store::router())
        .merge(staff::router());
    openapi::api(features)
}

/// The uploads, documented apart: they are mounted outside the site-wide body limit.
fn upload_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().nest("/api/v1", consultations::upload_router().merge(profiles::upload_router()))
}

/// The OpenAPI document of `/api/v1`, generated from the routes (`rumbo openapi` prints it).
pub fn api_document() -> utoipa::openapi::OpenApi {
    let mut document = api_routes().into_openapi();
    document.merge(upload_routes().into_openapi());
    document
}

pub fn router(state: AppState) -> Router {
    let config = state.config.clone();
    let (api, _) = api_routes().split_for_parts();
    let (uploads, _) = upload_routes().split_for_parts();
    let request_id = HeaderName::from_static("x-request-id");
    let trace = TraceLayer::new_for_http()
        .make_span_with(|request: &Request<_>| {
            let id = request.headers().get("x-request-id").and_then(|v| v.to_str().ok()).unwrap_or_default();
            tracing::info_span!("request", method = %request.method(), path = %request.uri().path(), request_id = %id)
        })
        .on_request(())
        .on_response(DefaultOnResponse::new().level(Level::INFO));
    let counts = Arc::new(Metrics::default());
    let token = config.metrics_token.clone();
    let scraped = counts.clone();
    Router::new()
        .route("/metrics", get(move |headers: HeaderMap| async move { metrics::answer(&scraped, token.as_ref(), &headers) }))
        .route("/health", get(health::health))
        .route("/ready", get(health::ready))
        .merge(seo::router())
        .merge(content::media_router())
        .merge(profiles::media_router())
        .merge(mail::router())
        .nest("/auth/v1", auth::router(&config))
        .merge(api)
        .fallback(seo::serve_page_or_file)
        // Per route (the layer wraps each route, so it sees the matched pattern), pages as one.
        .layer(middleware::from_fn_with_state(counts, metrics::count))
        // Router::layer, innermost first: each layer's response becomes an axum response, so
        // the security headers also reach answers made by the limit, timeout and panic layers.
        .layer(DefaultBodyLimit::max(config.request_body_limit))
        .layer(middleware::from_fn_with_state(BodyLimit(config.request_body_limit), body_limit::limit_body))
        // Uploads carry their own, larger limit, so they join after the site-wide one.
        .merge(uploads)
        .with_state(state)
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, config.request_timeout))
        .layer(CompressionLayer::new())
        .layer(CatchPanicLayer::new())
        .layer(middleware::from_fn_with_state(JsonErrors { auth: auth::errors::for_status }, json_errors::json_errors))
        .layer(middleware::from_fn_with_state(security::SecurityHeaders::from_config(&config), security::add_security_headers))
        .layer(PropagateRequestIdLayer::new(request_id.clone()))
        .layer(trace)
        .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
}
