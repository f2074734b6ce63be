//! Airports for the flight search and the passenger-rights checker (docs/decisions/015-passenger-rights.md):
//! a table compiled into the binary (`server/data/airports.tsv`, built by `scripts/airports/build.py`
//! from the `airportsdata` package, MIT), searched in memory by `GET /api/v1/airports`.

mod handlers;
mod search;
mod table;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use search::search;
pub use table::{all, Airport};

use crate::startup::AppState;

/// Mounted under `/api/v1`, documented.
pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(handlers::search_airports))
}
