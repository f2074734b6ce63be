//! The home page's data: newest posts, featured themes and testimonials.

use super::db;
use super::model::{HomeData, FEATURED_DESTINATIONS};
use crate::platform::db::Db;
use crate::platform::i18n::Lang;

/// How many posts the home page shows first.
pub const HOME_LATEST: u32 = 3;

/// The featured destinations that exist, in the fixed order of the home page.
pub async fn home(db: &Db, lang: Lang) -> Result<HomeData, sqlx::Error> {
    let latest = db::posts_page(db, lang, HOME_LATEST, None).await?;
    let mut all = db::destinations(db, lang, None, None).await?;
    let featured =
        FEATURED_DESTINATIONS.iter().filter_map(|slug| all.iter().position(|d| d.slug == *slug).map(|i| all.swap_remove(i))).collect();
    Ok(HomeData { latest, featured, testimonials: db::testimonials(db, lang).await? })
}
