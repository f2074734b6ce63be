//! The catalogue as the API and the pages show it, in one language. The store holds tens of
//! products, so one read loads them all (three queries) and lists are cut from it.

use std::collections::HashMap;

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use sqlx::AnyConnection;

use super::files::{ImageRef, LocalNames};
use crate::platform::i18n::Lang;
use crate::store::api::{Category, ProductCard, ProductDetail, ProductImage, ProductSort, StockState, StockStatus, Variant};

pub const CURRENCY: &str = "USD";
pub const DEFAULT_PAGE: usize = 24;
pub const MAX_PAGE: usize = 50;

/// A variant's stock as a buyer sees it; digital goods (no stock) never run out.
pub fn stock_state(stock: Option<i64>, low_threshold: i64) -> StockState {
    match stock {
        None => StockState { status: StockStatus::InStock, left: None },
        Some(left) if left <= 0 => StockState { status: StockStatus::SoldOut, left: Some(0) },
        Some(left) if left <= low_threshold => StockState { status: StockStatus::LowStock, left: Some(left) },
        Some(_) => StockState { status: StockStatus::InStock, left: None },
    }
}

#[derive(Debug, Clone)]
pub struct Shelf {
    pub products: Vec<ProductDetail>,
    pub categories: Vec<Category>,
    /// Featured rank per slug (`None`: not featured), for the default sort.
    featured: HashMap<String, Option<i64>>,
}

type VariantRow = (String, String, i64, Option<i64>, Option<i64>, String);
type ProductRow = (String, String, String, Option<i64>, i64, String, String, String, String, String, String, String, String);

/// Every product in `lang`, in the featured order.
pub async fn shelf(conn: &mut AnyConnection, lang: Lang, low_threshold: i64) -> sqlx::Result<Shelf> {
    let category_column = match lang {
        Lang::En => "c.en",
        Lang::Es => "c.es",
        Lang::Pt => "c.pt",
    };
    let rows: Vec<ProductRow> = sqlx::query_as(&format!(
        "SELECT p.slug, p.category, p.kind, p.featured, p.published_at, p.images, p.related, t.name, t.summary, t.description, t.image_alts, t.body_html, {category_column} \
         FROM store_products p JOIN store_product_texts t ON t.slug = p.slug AND t.lang = $1 JOIN store_categories c ON c.key = p.category \
         ORDER BY CASE WHEN p.featured IS NULL THEN 1 ELSE 0 END, p.featured, p.published_at DESC, p.slug"
    ))
    .bind(lang.code())
    .fetch_all(&mut *conn)
    .await?;
    let variants: Vec<VariantRow> =
        sqlx::query_as("SELECT slug, sku, price_cents, compare_at_cents, stock, names FROM store_variants ORDER BY slug, position")
            .fetch_all(&mut *conn)
            .await?;
    let files: Vec<(String, String)> =
        sqlx::query_as("SELECT slug, lang FROM store_files ORDER BY slug, lang").fetch_all(&mut *conn).await?;
    let categories: Vec<(String, String, String, String)> =
        sqlx::query_as("SELECT key, en, es, pt FROM store_categories ORDER BY position, key").fetch_all(&mut *conn).await?;

    let mut variants_of: HashMap<String, Vec<Variant>> = HashMap::new();
    for (slug, sku, price_cents, compare_at_cents, stock, names) in variants {
        let names: Option<LocalNames> = serde_json::from_str(&names).ok();
        let name = names.map(|n| n.get(lang).to_owned()).unwrap_or_default();
        variants_of.entry(slug).or_default().push(Variant {
            sku,
            name,
            price_cents,
            compare_at_cents,
            stock: stock_state(stock, low_threshold),
        });
    }
    let mut languages_of: HashMap<String, Vec<String>> = HashMap::new();
    for (slug, file_lang) in files {
        languages_of.entry(slug).or_default().push(file_lang);
    }
    let mut featured = HashMap::new();
    let mut products = Vec::with_capacity(rows.len());
    for (slug, category, kind, rank, published_at, images, related, name, summary, description, alts, body_html, category_name) in rows {
        let images = gallery(&images, &alts);
        let variants = variants_of.remove(&slug).unwrap_or_default();
        let Some(card) = card(&slug, name, summary, category, category_name, kind, &images, &variants, published_at) else { continue };
        featured.insert(slug.clone(), rank);
        let related: Vec<String> = serde_json::from_str(&related).unwrap_or_default();
        products.push((
            ProductDetail {
                card,
                description_html: body_html,
                description,
                images,
                variants,
                related: Vec::new(),
                languages: languages_of.remove(&slug).unwrap_or_default(),
            },
            related,
        ));
    }
    let cards: HashMap<String, ProductCard> = products.iter().map(|(p, _)| (p.card.slug.clone(), p.card.clone())).collect();
    let products = products
        .into_iter()
        .map(|(mut product, related)| {
            product.related = related.iter().filter_map(|slug| cards.get(slug).cloned()).collect();
            product
        })
        .collect();
    let categories =
        categories.into_iter().map(|(key, en, es, pt)| Category { key, name: LocalNames { en, es, pt }.get(lang).to_owned() }).collect();
    Ok(Shelf { products, categories, featured })
}

#[allow(clippy::too_many_arguments)]
fn card(
    slug: &str,
    name: String,
    summary: String,
    category: String,
    category_name: String,
    kind: String,
    images: &[ProductImage],
    variants: &[Variant],
    published_at: i64,
) -> Option<ProductCard> {
    let image = images.first()?.clone();
    // The cheapest variant that can be bought sets the card's price (any, when none can).
    let buyable = variants.iter().filter(|v| v.stock.status != StockStatus::SoldOut).min_by_key(|v| v.price_cents);
    let shown = buyable.or_else(|| variants.iter().min_by_key(|v| v.price_cents))?;
    let stock = variants
        .iter()
        .map(|v| &v.stock)
        .max_by_key(|s| match s.status {
            StockStatus::InStock => (2, 0),
            StockStatus::LowStock => (1, s.left.unwrap_or(0)),
            StockStatus::SoldOut => (0, 0),
        })?
        .clone();
    Some(ProductCard {
        slug: slug.to_owned(),
        name,
        summary,
        category,
        category_name,
        kind,
        image,
        price_cents: shown.price_cents,
        compare_at_cents: shown.compare_at_cents,
        on_sale: shown.compare_at_cents.is_some_and(|was| was > shown.price_cents),
        currency: CURRENCY.to_owned(),
        stock,
        published: crate::content::model::date_of(published_at),
    })
}

fn gallery(images: &str, alts: &str) -> Vec<ProductImage> {
    let images: Vec<ImageRef> = serde_json::from_str(images).unwrap_or_default();
    let alts: Vec<String> = serde_json::from_str(alts).unwrap_or_default();
    images
        .into_iter()
        .zip(alts.into_iter().chain(std::iter::repeat(String::new())))
        .map(|(image, alt)| ProductImage { src: format!("/media/{}", image.file), alt, width: image.width, height: image.height })
        .collect()
}

impl Shelf {
    pub fn product(&self, slug: &str) -> Option<&ProductDetail> {
        self.products.iter().find(|p| p.card.slug == slug)
    }

    /// One page of cards: `offset` comes from the cursor, the next one is given when more follow.
    pub fn page(&self, category: Option<&str>, sort: ProductSort, offset: usize, limit: usize) -> (Vec<ProductCard>, Option<String>) {
        let mut cards: Vec<&ProductCard> =
            self.products.iter().map(|p| &p.card).filter(|c| category.is_none_or(|wanted| c.category == wanted)).collect();
        match sort {
            // Featured first by rank, then the newest (the shelf's own order).
            ProductSort::Featured => {}
            ProductSort::PriceAsc => cards.sort_by_key(|c| (c.price_cents, c.slug.clone())),
            ProductSort::PriceDesc => cards.sort_by_key(|c| (std::cmp::Reverse(c.price_cents), c.slug.clone())),
            ProductSort::Newest => cards.sort_by_key(|c| (std::cmp::Reverse(c.published.clone()), c.slug.clone())),
        }
        let items: Vec<ProductCard> = cards.iter().skip(offset).take(limit).map(|c| (*c).clone()).collect();
        let next = (offset + items.len() < cards.len()).then(|| encode_cursor(offset + items.len()));
        (items, next)
    }

    pub fn is_featured(&self, slug: &str) -> bool {
        self.featured.get(slug).is_some_and(Option::is_some)
    }
}

/// Every product's slug and publication day, for the sitemap.
pub async fn product_dates(pool: &sqlx::AnyPool) -> sqlx::Result<Vec<crate::content::model::Dated>> {
    let rows: Vec<(String, i64)> = sqlx::query_as("SELECT slug, published_at FROM store_products ORDER BY slug").fetch_all(pool).await?;
    Ok(rows.into_iter().map(|(slug, at)| crate::content::model::Dated { slug, date: Some(crate::content::model::date_of(at)) }).collect())
}

pub fn encode_cursor(offset: usize) -> String {
    URL_SAFE_NO_PAD.encode(format!("o{offset}"))
}

pub fn decode_cursor(cursor: &str) -> Option<usize> {
    let bytes = URL_SAFE_NO_PAD.decode(cursor).ok()?;
    std::str::from_utf8(&bytes).ok()?.strip_prefix('o')?.parse().ok().filter(|n| *n <= 100_000)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stock_reads_as_a_buyer_sees_it() {
        assert_eq!(stock_state(None, 5).status, StockStatus::InStock);
        assert_eq!(stock_state(Some(0), 5).status, StockStatus::SoldOut);
        let low = stock_state(Some(3), 5);
        assert_eq!((low.status, low.left), (StockStatus::LowStock, Some(3)));
        assert_eq!(stock_state(Some(5), 5).status, StockStatus::LowStock);
        let plenty = stock_state(Some(6), 5);
        assert_eq!((plenty.status, plenty.left), (StockStatus::InStock, None), "how many is only said when few are left");
    }

    #[test]
    fn cursors_round_trip_and_refuse_others() {
        assert_eq!(decode_cursor(&encode_cursor(24)), Some(24));
        assert_eq!(decode_cursor("nonsense!"), None);
        assert_eq!(decode_cursor(&URL_SAFE_NO_PAD.encode("x3")), None);
    }
}
