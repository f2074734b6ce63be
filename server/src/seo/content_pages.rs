//! Pages rendered from the database: home, blog list, posts, destinations (docs/decisions/002,
//! addendum). Each carries its data in the `rumbo-page` block, exactly as the API answers it.

use serde::Serialize;

use super::head::{page_head, PageMeta};
use super::routes::Page;
use super::{article, listing, SiteShell};
use crate::consultations::case::opinions;
use crate::content::model::{DestinationSummary, DEFAULT_PAGE};
use crate::content::{db, home};
use crate::platform::db::Db;
use crate::platform::html::json_data_block;
use crate::platform::i18n::Lang;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum ContentPage {
    Home,
    Blog,
    Destinations,
    Destination(&'static str),
    Post(String),
    Store,
    Product(String),
    Opinions,
    Opinion(String),
}

impl ContentPage {
    /// The pages of the route table that show content; the others are only the shell.
    pub fn of(page: Page) -> Option<ContentPage> {
        match page {
            Page::Home => Some(ContentPage::Home),
            Page::Blog => Some(ContentPage::Blog),
            Page::Destinations => Some(ContentPage::Destinations),
            Page::Destination(slug) => Some(ContentPage::Destination(slug)),
            Page::Store => Some(ContentPage::Store),
            Page::HelpOpinions => Some(ContentPage::Opinions),
            _ => None,
        }
    }
}

/// `{"path", "data"}`: the app renders `data` first when `path` is where it is.
#[derive(Serialize)]
struct PageData<'a, T: Serialize> {
    path: &'a str,
    data: &'a T,
}

pub fn page_data_block(path: &str, data: &impl Serialize) -> String {
    json_data_block("rumbo-page", &PageData { path, data })
}

/// `{"items": …}`, as `/api/v1/destinations` answers.
#[derive(Serialize)]
struct Items<'a> {
    items: &'a [DestinationSummary],
}

/// The page's HTML, or `None` when its post does not exist.
pub async fn render(shell: &SiteShell, db: &Db, lang: Lang, page: &ContentPage) -> Result<Option<String>, sqlx::Error> {
    let html = match page {
        ContentPage::Post(slug) => match db::post(db, lang, slug).await? {
            Some(post) => article::post_page(shell, lang, &post),
            None => return Ok(None),
        },
        ContentPage::Destination(slug) => {
            let destination = db::destination(db, lang, slug).await?;
            listing::destination_page(shell, lang, slug, destination.as_ref())
        }
        ContentPage::Blog => {
            let posts = db::posts_page(db, lang, DEFAULT_PAGE, None).await?;
            section_page(shell, lang, Page::Blog, &listing::post_list(&posts.items), &posts)
        }
        ContentPage::Destinations => {
            let items = db::destinations(db, lang, None, None).await?;
            section_page(shell, lang, Page::Destinations, &listing::destination_list(&items), &Items { items: &items })
        }
        ContentPage::Store => {
            let shelf = shelf_of(shell, db, lang).await?;
            super::store_pages::store_page(shell, lang, &shelf)
        }
        ContentPage::Product(slug) => {
            let shelf = shelf_of(shell, db, lang).await?;
            match shelf.product(slug) {
                Some(product) => super::store_pages::product_page(shell, lang, product),
                None => return Ok(None),
            }
        }
        ContentPage::Opinions => {
            let mut conn = db.pool.acquire().await?;
            let items = opinions::published(&mut conn, lang, None).await?;
            super::opinion_pages::list_page(shell, lang, &items)
        }
        ContentPage::Opinion(slug) => {
            let mut conn = db.pool.acquire().await?;
            match opinions::published_page(&mut conn, slug, lang).await? {
                Some(opinion) => super::opinion_pages::opinion_page(shell, lang, &opinion),
                None => return Ok(None),
            }
        }
        ContentPage::Home => {
            let data = home::home(db, lang).await?;
            let body = format!("{}{}", listing::destination_list(&data.featured), listing::post_list(&data.latest.items));
            section_page(shell, lang, Page::Home, &body, &data)
        }
    };
    Ok(Some(html))
}

pub async fn shelf_of(shell: &SiteShell, db: &Db, lang: Lang) -> Result<crate::store::catalog::read::Shelf, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    crate::store::catalog::read::shelf(&mut conn, lang, shell.low_stock_threshold).await
}

/// A page with its seo.json head, a list of links as its body, and its data.
fn section_page(shell: &SiteShell, lang: Lang, page: Page, body: &str, data: &impl Serialize) -> String {
    let mut head = page_head(&shell.head_context(), lang, &PageMeta::of(page, shell.texts.page(lang, page)));
    head.push_str(&page_data_block(&lang.localize(&page.path()), data));
    shell.template.render(lang, &head, body)
}
