//! Answers for what the database feeds: content pages, the sitemap and the RSS feeds, each
//! served from the cache when the content has not moved since it was rendered.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::{HeaderMap, StatusCode};

use super::cache::CacheKey;
use super::content_pages::{render, ContentPage};
use super::feed::{rss_xml, FEED_SIZE};
use super::handlers::{html, text_file};
use super::routes::Page;
use super::sitemap::{sitemap_xml, SitemapContent};
use crate::content::db;
use crate::content::model::date_of;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// A content page: 200 with its rendering, 404 when its post does not exist.
pub async fn content_page(state: &AppState, request: &HeaderMap, lang: Lang, page: ContentPage) -> Response {
    let shell = &state.shell;
    if let ContentPage::Post(slug) = &page {
        // Unknown slugs cost no query and fill no cache.
        if !shell.content.knows_post(slug) {
            return html(request, StatusCode::NOT_FOUND, lang, &shell.pages.not_found(lang)).await;
        }
    }
    if let ContentPage::Product(slug) = &page {
        if !shell.content.knows_product(slug) {
            return html(request, StatusCode::NOT_FOUND, lang, &shell.pages.not_found(lang)).await;
        }
    }
    let rendered = shell.content.get_or_render(CacheKey::Page(lang, page.clone()), render(shell, &state.db, lang, &page)).await;
    match rendered {
        Ok(Some(rendering)) => html(request, StatusCode::OK, lang, &rendering).await,
        Ok(None) => html(request, StatusCode::NOT_FOUND, lang, &shell.pages.not_found(lang)).await,
        Err(e) => {
            tracing::error!(error = %e, ?page, "cannot render a content page");
            // The shell alone still lets the app load the page through the API.
            let fallback = match page {
                ContentPage::Home => Page::Home,
                ContentPage::Blog | ContentPage::Post(_) => Page::Blog,
                ContentPage::Destinations => Page::Destinations,
                ContentPage::Destination(slug) => Page::Destination(slug),
                ContentPage::Store | ContentPage::Product(_) => Page::Store,
                ContentPage::Opinions | ContentPage::Opinion(_) => Page::HelpOpinions,
            };
            html(request, StatusCode::SERVICE_UNAVAILABLE, lang, &shell.pages.page(lang, fallback)).await
        }
    }
}

pub async fn sitemap(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let render = async {
        let content = SitemapContent {
            posts: db::post_dates(&state.db).await?,
            products: crate::store::catalog::read::product_dates(&state.db.pool).await?,
            destinations: db::destination_dates(&state.db).await?,
            opinions: crate::consultations::case::opinions::published_dates(&mut *state.db.pool.acquire().await?).await?,
            imported: db::content_version(&state.db).await?.map(|(_, at)| date_of(at)),
        };
        Ok::<_, sqlx::Error>(Some(sitemap_xml(&state.shell.origin, &content)))
    };
    match state.shell.content.get_or_render(CacheKey::Sitemap, render).await {
        Ok(Some(xml)) => text_file(&headers, "application/xml; charset=utf-8", &xml).await,
        other => unavailable("sitemap", other.err()),
    }
}

/// `/blog/feed.xml` and its Spanish and Portuguese twins.
pub async fn feed(state: AppState, headers: HeaderMap, lang: Lang) -> Response {
    let render = async {
        let posts = db::posts_page(&state.db, lang, FEED_SIZE, None).await?;
        Ok::<_, sqlx::Error>(Some(rss_xml(&state.shell.origin, lang, state.shell.texts.page(lang, Page::Blog), &posts.items)))
    };
    match state.shell.content.get_or_render(CacheKey::Feed(lang), render).await {
        Ok(Some(xml)) => text_file(&headers, "application/rss+xml; charset=utf-8", &xml).await,
        other => unavailable("feed", other.err()),
    }
}

/// `/store/feed.xml` and its Spanish and Portuguese twins (Google Merchant's RSS).
pub async fn product_feed(state: AppState, headers: HeaderMap, lang: Lang) -> Response {
    let shell = &state.shell;
    let render = async {
        let shelf = super::content_pages::shelf_of(shell, &state.db, lang).await?;
        let channel = shell.texts.page(lang, Page::Store);
        Ok::<_, sqlx::Error>(Some(super::store_pages::merchant_feed(&shell.origin, &shell.site_name, lang, channel, &shelf)))
    };
    match shell.content.get_or_render(CacheKey::ProductFeed(lang), render).await {
        Ok(Some(xml)) => text_file(&headers, "application/rss+xml; charset=utf-8", &xml).await,
        other => unavailable("product feed", other.err()),
    }
}

fn unavailable(what: &str, error: Option<sqlx::Error>) -> Response {
    tracing::error!(error = ?error, what, "cannot render from the database");
    StatusCode::SERVICE_UNAVAILABLE.into_response()
}
