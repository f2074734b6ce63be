//! Content: blog posts, destinations and testimonials, imported from `content/` files
//! (docs/decisions/004) into the database.

mod catalog;
pub mod db;
mod error;
mod handlers;
pub mod home;
mod import;
pub(crate) mod markdown;
pub mod model;
pub(crate) mod parse;
pub(crate) mod problems;
pub(crate) mod source;

use std::path::Path;

use axum::routing::get;
use axum::Router;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

pub use catalog::{Catalog, DESCRIPTION_MAX_CHARS};
pub use import::ImportReport;
pub use problems::Problem;

use crate::platform::db::Db;
use crate::startup::AppState;

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("cannot read {0}: {1}")]
    Read(String, std::io::Error),
    #[error("{} problem(s) in the content; nothing was imported", .0.len())]
    Invalid(Vec<Problem>),
    #[error("database: {0}")]
    Database(#[from] sqlx::Error),
}

/// `rumbo import DIR`: checks the whole folder, then imports it in one transaction.
pub async fn import_dir(db: &Db, dir: &Path, prune: bool, store_files: &Path) -> Result<ImportReport, ImportError> {
    let files = source::read_dir(dir).map_err(|e| ImportError::Read(dir.display().to_string(), e))?;
    let catalog = catalog::load(&files).map_err(|problems| ImportError::Invalid(problems.0))?;
    Ok(import::import(db, &catalog, prune, store_files).await?)
}

/// On a fresh site, loads the content shipped inside the binary so the blog is never empty.
/// A site made before the store gets the shipped products the same way.
pub async fn import_shipped_if_empty(db: &Db, store_files: &Path) -> Result<Option<ImportReport>, ImportError> {
    let (posts,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM content_posts").fetch_one(&db.pool).await?;
    let (products,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM store_products").fetch_one(&db.pool).await?;
    let files = source::shipped();
    if (posts > 0 && products > 0) || files.is_empty() {
        return Ok(None);
    }
    let catalog = catalog::load(&files).map_err(|problems| ImportError::Invalid(problems.0))?;
    Ok(Some(import::import(db, &catalog, false, store_files).await?))
}

/// Mounted under `/api/v1`, documented.
pub fn api_router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(handlers::list_posts))
        .routes(routes!(handlers::get_post))
        .routes(routes!(handlers::list_destinations))
        .routes(routes!(handlers::get_destination))
}

/// Mounted at the root: `/media/{name}`.
pub fn media_router() -> Router<AppState> {
    Router::new().route("/media/{name}", get(handlers::media))
}
