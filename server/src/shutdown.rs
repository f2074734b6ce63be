//! Graceful shutdown: on Ctrl-C or SIGTERM the server stops accepting connections and lets
//! in-flight requests finish.

use std::future::Future;

/// Registers the signal handlers now — before the port is bound, so a SIGTERM that arrives
/// while the server starts is never the default "die at once" — and returns the future that
/// completes on the first of them.
pub fn signal() -> impl Future<Output = ()> + Send + 'static {
    #[cfg(unix)]
    let mut handlers = {
        use tokio::signal::unix::{signal, SignalKind};
        (signal(SignalKind::terminate()), signal(SignalKind::interrupt()))
    };
    async move {
        #[cfg(unix)]
        {
            match &mut handlers {
                (Ok(term), Ok(int)) => {
                    tokio::select! {
                        _ = term.recv() => {},
                        _ = int.recv() => {},
                    }
                }
                _ => {
                    tracing::error!("cannot listen for SIGTERM/SIGINT; only Ctrl-C stops the server gracefully");
                    let _ = tokio::signal::ctrl_c().await;
                }
            }
        }
        #[cfg(not(unix))]
        let _ = tokio::signal::ctrl_c().await;
        tracing::info!("shutting down: finishing in-flight requests");
    }
}
