use axum::extract::State;
use axum::response::{IntoResponse, Response};
use http::header::{ALLOW, CACHE_CONTROL, CONTENT_LANGUAGE, CONTENT_TYPE, LOCATION};
use http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};

use super::content_pages::ContentPage;
use super::routes::{resolve, Resolved};
use super::serve::content_page;
use crate::platform::assets;
use crate::platform::http::encoded::Encoded;
use crate::platform::http::error::ApiError;
use crate::platform::i18n::Lang;
use crate::startup::AppState;

/// Everything that is not an API: built files, pages, redirects and the not-found page.
pub async fn serve_page_or_file(State(state): State<AppState>, method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path == "/api" || path.starts_with("/api/") {
        return ApiError::for_status(StatusCode::NOT_FOUND).into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, [(ALLOW, "GET, HEAD")]).into_response();
    }
    if let Some(file) = assets::serve_file(path, &headers) {
        return file;
    }
    let pages = &state.shell.pages;
    match resolve(path) {
        Resolved::Page(lang, super::routes::Page::Newsletter) => newsletter_page(&state, &headers, lang, None).await,
        Resolved::NewsletterIssue(lang, slug) => newsletter_page(&state, &headers, lang, Some(&slug)).await,
        Resolved::Page(lang, page) => match ContentPage::of(page) {
            Some(content) => content_page(&state, &headers, lang, content).await,
            None => html(&headers, StatusCode::OK, lang, &pages.page(lang, page)).await,
        },
        Resolved::Post(lang, slug) => content_page(&state, &headers, lang, ContentPage::Post(slug)).await,
        Resolved::Product(lang, slug) => content_page(&state, &headers, lang, ContentPage::Product(slug)).await,
        Resolved::Opinion(lang, slug) => content_page(&state, &headers, lang, ContentPage::Opinion(slug)).await,
        Resolved::RedirectTo(target) => permanent_redirect(&target, &uri),
        Resolved::NotFound(lang) => match path.strip_suffix('/') {
            // One URL per page: `/blog/` moves to `/blog`.
            Some(trimmed)
                if !trimmed.is_empty()
                    && matches!(
                        resolve(trimmed),
                        Resolved::Page(..)
                            | Resolved::Post(..)
                            | Resolved::Product(..)
                            | Resolved::Opinion(..)
                            | Resolved::NewsletterIssue(..)
                    ) =>
            {
                permanent_redirect(trimmed, &uri)
            }
            _ => html(&headers, StatusCode::NOT_FOUND, lang, &pages.not_found(lang)).await,
        },
    }
}

/// The newsletter archive (`slug` none) or one of its issues, rendered on each request
/// (seo/newsletter_pages.rs says why).
async fn newsletter_page(state: &AppState, headers: &HeaderMap, lang: Lang, slug: Option<&str>) -> Response {
    use crate::newsletter::issues::handlers::{archive_of, archived_issue};
    let shell = &state.shell;
    let rendered = match slug {
        None => archive_of(state, lang).await.map(|items| Some(super::newsletter_pages::archive_page(shell, lang, &items))),
        Some(slug) => {
            archived_issue(state, lang, slug).await.map(|issue| issue.map(|i| super::newsletter_pages::issue_page(shell, lang, &i)))
        }
    };
    match rendered {
        Ok(Some(page)) => html(headers, StatusCode::OK, lang, &Encoded::new(page)).await,
        Ok(None) => html(headers, StatusCode::NOT_FOUND, lang, &shell.pages.not_found(lang)).await,
        Err(e) => {
            tracing::error!(error = %e, "cannot render the newsletter archive");
            html(headers, StatusCode::SERVICE_UNAVAILABLE, lang, &shell.pages.page(lang, super::routes::Page::Newsletter)).await
        }
    }
}

pub async fn robots(State(state): State<AppState>, headers: HeaderMap) -> Response {
    text_file(&headers, "text/plain; charset=utf-8", &state.shell.robots).await
}

/// A page in the best coding the request accepts, with its ETag (docs/decisions/016).
pub(super) async fn html(request: &HeaderMap, status: StatusCode, lang: Lang, page: &Encoded) -> Response {
    let mut response = page.respond(request, status).await;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(CONTENT_LANGUAGE, HeaderValue::from_static(lang.code()));
    response
}

pub(super) async fn text_file(request: &HeaderMap, content_type: &'static str, file: &Encoded) -> Response {
    let mut response = file.respond(request, StatusCode::OK).await;
    let headers = response.headers_mut();
    headers.insert(CONTENT_TYPE, HeaderValue::from_static(content_type));
    headers.insert(CACHE_CONTROL, HeaderValue::from_static("public, max-age=3600"));
    response
}

/// 301 to `path` on this site, keeping the query string.
fn permanent_redirect(path: &str, uri: &Uri) -> Response {
    // `/en//evil.example` must not become the protocol-relative `//evil.example`.
    let local = path.trim_start_matches(['/', '\\']);
    let target = match uri.query() {
        Some(query) => format!("/{local}?{query}"),
        None => format!("/{local}"),
    };
    match HeaderValue::from_str(&target) {
        Ok(location) => (StatusCode::MOVED_PERMANENTLY, [(LOCATION, location)]).into_response(),
        Err(_) => StatusCode::BAD_REQUEST.into_response(),
    }
}
