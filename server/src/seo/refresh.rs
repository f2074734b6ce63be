//! Keeps the rendered pages in step with the database: every instance compares the stored
//! `content_version` (an import moves it) with the one its cache was rendered from.

use tokio::time::MissedTickBehavior;

use super::SiteShell;
use crate::content::db;
use crate::platform::db::Db;
use crate::startup::AppState;

/// Forgets every rendering and reloads the known posts when the content moved. `true`: it had.
pub async fn refresh(shell: &SiteShell, db: &Db) -> Result<bool, sqlx::Error> {
    let version = db::content_version(db).await?.map(|(version, _)| version);
    if shell.content.is_current(&version) {
        return Ok(false);
    }
    // Read after the version: the posts are at least as new as the version they are filed under.
    let posts = db::post_dates(db).await?.into_iter().map(|post| post.slug).collect();
    let products: Vec<(String,)> = sqlx::query_as("SELECT slug FROM store_products").fetch_all(&db.pool).await?;
    shell.content.reset(version, posts, products.into_iter().map(|(slug,)| slug).collect());
    Ok(true)
}

/// Checks the version every `CONTENT_REFRESH_SECS` for as long as the process runs.
pub fn spawn(state: &AppState) {
    let (shell, db, every) = (state.shell.clone(), state.db.clone(), state.config.content_refresh);
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(every);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        loop {
            ticks.tick().await;
            match refresh(&shell, &db).await {
                Ok(true) => tracing::info!("content changed: cached pages will be rendered again"),
                Ok(false) => {}
                Err(e) => tracing::warn!(error = %e, "cannot check the content version"),
            }
        }
    });
}
