//! `GET /store/products` and `/store/products/{slug}`: the catalogue, revalidated by ETag.

use axum::extract::{Path, State};
use axum::response::Response;
use http::HeaderMap;

use crate::platform::http::cached_json::cached_json;
use crate::platform::http::error::ApiError;
use crate::platform::http::extract::ApiQuery;
use crate::platform::i18n::{Lang, LangQuery};
use crate::startup::AppState;
use crate::store::api::{ProductDetail, ProductPage, ProductSort, ProductsQuery};
use crate::store::catalog::read::{decode_cursor, shelf, DEFAULT_PAGE, MAX_PAGE};
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
    let mut conn = state.db.pool.acquire().await?;
    let shelf = shelf(&mut conn, lang, state.config.store.low_stock_threshold).await?;
    let category = query.category.as_deref();
    if category.is_some_and(|wanted| !shelf.categories.iter().any(|c| c.key == wanted)) {
        return Err(StoreError::InvalidCategory);
    }
    let (items, next_cursor) = shelf.page(category, sort, offset, limit);
    Ok(cached_json(&headers, &ProductPage { items, next_cursor, categories: shelf.categories }))
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
    let mut conn = state.db.pool.acquire().await?;
    let shelf = shelf(&mut conn, lang, state.config.store.low_stock_threshold).await?;
    let product = shelf.product(&slug).ok_or(StoreError::ProductNotFound)?;
    Ok(cached_json(&headers, product))
}
