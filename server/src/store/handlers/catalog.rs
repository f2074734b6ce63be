//! `GET /store/products` and `/store/products/{slug}`: the catalogue, revalidated by ETag.

use axum::extract::{Path, State};
use axum::response::Response;
use http::HeaderMap;

use crate::platform::http::encoded::json_text;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::{Lang, LangQuery};
use crate::startup::AppState;
use crate::store::api::{ProductDetail, ProductPage, ProductSort, ProductsQuery};
use crate::store::catalog::read::{decode_cursor, shelf, Shelf, DEFAULT_PAGE, MAX_PAGE};
use crate::store::error::{StoreError, StoreResult};

pub fn lang_of(raw: Option<&str>) -> StoreResult<Lang> {
    Lang::from_query(raw).ok_or(StoreError::InvalidLang)
}

fn sort_of(raw: Option<&str>) -> StoreResult<ProductSort> {
    match raw {
        None | Some("featured") => Ok(ProductSort::Featured),
        Some("price_asc") => Ok(ProductSort::PriceAsc),
        Some("price_desc") => Ok(ProductSort::PriceDesc),
        Some("newest") => Ok(ProductSort::Newest),
        Some(_) => Err(StoreError::InvalidSort),
    }
}

/// The products, a page at a time (follow `next_cursor`), with the store's categories.
#[utoipa::path(
    get,
    path = "/store/products",
    tag = "store",
    params(ProductsQuery),
    responses(
        (status = 200, description = "A page of products", body = ProductPage),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language`, `invalid_category`, `invalid_sort`, `invalid_limit`, `invalid_cursor` or `invalid_query`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn list_products(
    State(state): State<AppState>,
    ApiQuery(query): ApiQuery<ProductsQuery>,
    headers: HeaderMap,
) -> StoreResult<Response> {
    let lang = lang_of(query.lang.as_deref())?;
    let sort = sort_of(query.sort.as_deref())?;
    let limit = match query.limit.as_deref() {
        None => DEFAULT_PAGE,
        Some(text) => text.parse::<usize>().ok().filter(|n| (1..=MAX_PAGE).contains(n)).ok_or(StoreError::InvalidLimit)?,
    };
    let offset = query.cursor.as_deref().map(|c| decode_cursor(c).ok_or(StoreError::InvalidCursor)).transpose()?.unwrap_or(0);
    let category = query.category.as_deref();
    let key =
        format!("products?lang={}&sort={sort:?}&limit={limit}&offset={offset}&category={}", lang.code(), category.unwrap_or_default());
    let render = async {
        let shelf = read_shelf(&state, lang).await?;
        if category.is_some_and(|wanted| !shelf.categories.iter().any(|c| c.key == wanted)) {
            return Err(StoreError::InvalidCategory);
        }
        let (items, next_cursor) = shelf.page(category, sort, offset, limit);
        Ok(Some(json_text(&ProductPage { items, next_cursor, categories: shelf.categories })))
    };
    answer(&state, &headers, key, render).await?.ok_or(StoreError::ProductNotFound)
}

/// One product, with its variants, gallery and related products.
#[utoipa::path(
    get,
    path = "/store/products/{slug}",
    tag = "store",
    params(("slug" = String, Path, description = "The product's slug"), LangQuery),
    responses(
        (status = 200, description = "The product", body = ProductDetail),
        (status = 304, description = "Not modified since the ETag given in If-None-Match"),
        (status = 400, description = "`invalid_language` or `invalid_query`", body = ApiError),
        (status = 404, description = "`product_not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn get_product(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(query): ApiQuery<LangQuery>,
    headers: HeaderMap,
) -> StoreResult<Response> {
    let lang = lang_of(query.lang.as_deref())?;
    let render = async { Ok(read_shelf(&state, lang).await?.product(&slug).map(json_text)) };
    answer(&state, &headers, format!("product/{slug}?lang={}", lang.code()), render).await?.ok_or(StoreError::ProductNotFound)
}

async fn read_shelf(state: &AppState, lang: Lang) -> StoreResult<Shelf> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(shelf(&mut conn, lang, state.config.store.low_stock_threshold).await?)
}

/// The kept answer for `key` (rendered now when missing or out of date), precompressed, with its ETag.
async fn answer(
    state: &AppState,
    headers: &HeaderMap,
    key: String,
    render: impl std::future::Future<Output = StoreResult<Option<String>>>,
) -> StoreResult<Option<Response>> {
    match state.catalogue.get_or_render(&state.shell, key, render).await? {
        Some(kept) => Ok(Some(kept.respond_json(headers).await)),
        None => Ok(None),
    }
}
