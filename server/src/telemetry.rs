//! Structured logs with tracing: human-readable in development, JSON lines in production.

use tracing_subscriber::{fmt, EnvFilter};

use crate::config::LogFormat;

/// `RUST_LOG` refines the default filter, e.g. `RUST_LOG=rumbo=debug`.
pub fn init(format: LogFormat) {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info,sqlx=warn,tower_http=info"));
    let builder = fmt().with_env_filter(filter).with_target(true);
    // A second initialisation (tests start many apps in one process) is harmless.
    let _ = match format {
        LogFormat::Pretty => builder.try_init(),
        LogFormat::Json => builder.json().flatten_event(true).with_current_span(true).with_span_list(false).try_init(),
    };
}
