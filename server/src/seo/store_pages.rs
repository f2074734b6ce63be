//! The store's pages for crawlers and readers without JavaScript: the catalogue and each
//! product, with `Product`/`Offer` JSON-LD and breadcrumbs, and the Google Merchant feeds.

use std::fmt::Write;

use serde_json::{json, Value};

use super::head::{absolute, page_head, PageMeta};
use super::jsonld::{breadcrumb_list, Crumb};
use super::routes::Page;
use super::texts::PageText;
use super::SiteShell;
use crate::content::model::Image;
use crate::platform::html::{escape, ld_json_block};
use crate::platform::i18n::Lang;
use crate::platform::money::Money;
use crate::store::api::{ProductCard, ProductDetail, ProductSort, StockStatus, Variant};
use crate::store::catalog::read::{Shelf, MAX_PAGE};

pub fn product_path(slug: &str) -> String {
    format!("/store/{slug}")
}

/// `/store`: the featured order's first page of products, as links.
pub fn store_page(shell: &SiteShell, lang: Lang, shelf: &Shelf) -> String {
    let (items, _) = shelf.page(None, ProductSort::Featured, 0, MAX_PAGE);
    let head = page_head(&shell.head_context(), lang, &PageMeta::of(Page::Store, shell.texts.page(lang, Page::Store)));
    let text = shell.texts.page(lang, Page::Store);
    let mut body = format!(r#"<section class="ssr-list"><h1>{}</h1><ul>"#, escape(title_of(text)));
    for card in &items {
        body.push_str(&card_item(lang, card));
    }
    body.push_str("</ul></section>");
    // No data block: the app reads the catalogue live (stock changes between renderings).
    shell.template.render(lang, &head, &body)
}

fn title_of(text: &PageText) -> &str {
    text.title.split(" | ").next().unwrap_or(&text.title)
}

fn card_item(lang: Lang, card: &ProductCard) -> String {
    format!(
        r#"<li><a href="{}">{}</a> <span>{}</span> <img src="{}" width="{}" height="{}" alt="{}" loading="lazy"></li>"#,
        escape(&lang.localize(&product_path(&card.slug))),
        escape(&card.name),
        escape(&Money::new(card.price_cents, &card.currency).format(lang)),
        escape(&card.image.src),
        card.image.width,
        card.image.height,
        escape(&card.image.alt)
    )
}

/// `/store/{slug}`.
pub fn product_page(shell: &SiteShell, lang: Lang, product: &ProductDetail) -> String {
    let card = &product.card;
    let path = product_path(&card.slug);
    let text = PageText { title: format!("{} | {}", card.name, shell.site_name), description: product.description.clone() };
    let image = Image { url: card.image.src.clone(), width: card.image.width, height: card.image.height, alt: card.image.alt.clone() };
    let meta = PageMeta { path: path.clone(), text: &text, indexed: true, og_type: "product", image: Some(&image) };
    let mut head = page_head(&shell.head_context(), lang, &meta);
    let _ = write!(
        head,
        r#"<meta property="product:price:amount" content="{}"><meta property="product:price:currency" content="{}">"#,
        decimal(card.price_cents),
        escape(&card.currency)
    );
    head.push_str(&ld_json_block(&product_ld(&shell.origin, &shell.site_name, lang, product)));
    let nav = shell.words.nav(lang);
    let trail = [
        Crumb { name: &nav.home, path: lang.localize("/") },
        Crumb { name: &nav.store, path: lang.localize("/store") },
        Crumb { name: &card.name, path: lang.localize(&path) },
    ];
    head.push_str(&ld_json_block(&breadcrumb_list(&shell.origin, &trail)));
    let mut body = format!(
        r#"<article class="ssr-article"><h1>{}</h1><p class="ssr-meta">{} · {}</p><img class="ssr-cover" src="{}" width="{}" height="{}" alt="{}">"#,
        escape(&card.name),
        escape(&card.category_name),
        escape(&Money::new(card.price_cents, &card.currency).format(lang)),
        escape(&card.image.src),
        card.image.width,
        card.image.height,
        escape(&card.image.alt)
    );
    // Sanitized when imported (content::markdown).
    let _ = write!(body, r#"<div class="ssr-body">{}</div>"#, product.description_html);
    if !product.related.is_empty() {
        body.push_str("<ul>");
        for related in &product.related {
            body.push_str(&card_item(lang, related));
        }
        body.push_str("</ul>");
    }
    body.push_str("</article>");
    shell.template.render(lang, &head, &body)
}

/// `12.50` for 1250 cents: schema.org and feeds want a plain decimal.
pub fn decimal(cents: i64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

pub fn availability(variant: &Variant) -> &'static str {
    match variant.stock.status {
        StockStatus::InStock => "https://schema.org/InStock",
        StockStatus::LowStock => "https://schema.org/LimitedAvailability",
        StockStatus::SoldOut => "https://schema.org/OutOfStock",
    }
}

fn product_ld(origin: &str, site_name: &str, lang: Lang, product: &ProductDetail) -> Value {
    let card = &product.card;
    let url = absolute(origin, &lang.localize(&product_path(&card.slug)));
    let offers: Vec<Value> = product
        .variants
        .iter()
        .map(|v| {
            json!({
                "@type": "Offer",
                "sku": v.sku,
                "name": v.name,
                "price": decimal(v.price_cents),
                "priceCurrency": card.currency,
                "availability": availability(v),
                "itemCondition": "https://schema.org/NewCondition",
                "url": url,
                "seller": { "@type": "Organization", "name": site_name },
            })
        })
        .collect();
    json!({
        "@context": "https://schema.org",
        "@type": "Product",
        "name": card.name,
        "description": product.description,
        "image": product.images.iter().map(|i| absolute(origin, &i.src)).collect::<Vec<_>>(),
        "sku": product.variants.first().map(|v| v.sku.clone()),
        "category": card.category_name,
        "brand": { "@type": "Brand", "name": site_name },
        "inLanguage": lang.code(),
        "url": url,
        "offers": offers,
    })
}

/// `/store/feed.xml` per language: RSS 2.0 with Google Merchant's `g:` fields, one item per variant.
pub fn merchant_feed(origin: &str, site_name: &str, lang: Lang, channel: &PageText, shelf: &Shelf) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:g=\"http://base.google.com/ns/1.0\">\n<channel>\n",
    );
    let _ = writeln!(
        xml,
        "<title>{}</title>\n<link>{}</link>\n<description>{}</description>",
        escape(&channel.title),
        escape(&absolute(origin, &lang.localize("/store"))),
        escape(&channel.description)
    );
    for product in &shelf.products {
        let card = &product.card;
        let link = absolute(origin, &lang.localize(&product_path(&card.slug)));
        for variant in &product.variants {
            let availability = match variant.stock.status {
                StockStatus::SoldOut => "out_of_stock",
                _ => "in_stock",
            };
            let _ = write!(
                xml,
                "<item><g:id>{}</g:id><g:item_group_id>{}</g:item_group_id><title>{}</title><description>{}</description><link>{}</link><g:image_link>{}</g:image_link><g:availability>{availability}</g:availability><g:price>{} {}</g:price><g:condition>new</g:condition><g:brand>{}</g:brand><g:product_type>{}</g:product_type><g:identifier_exists>no</g:identifier_exists>",
                escape(&format!("{}-{}", variant.sku, lang.code())),
                escape(&card.slug),
                escape(&format!("{} — {}", card.name, variant.name)),
                escape(&card.summary),
                escape(&link),
                escape(&absolute(origin, &card.image.src)),
                decimal(variant.compare_at_cents.unwrap_or(variant.price_cents)),
                escape(&card.currency),
                escape(site_name),
                escape(&card.category_name)
            );
            if variant.compare_at_cents.is_some() {
                let _ = write!(xml, "<g:sale_price>{} {}</g:sale_price>", decimal(variant.price_cents), escape(&card.currency));
            }
            if card.kind == "digital" {
                xml.push_str("<g:is_bundle>no</g:is_bundle>");
            }
            xml.push_str("</item>\n");
        }
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_are_plain_decimals() {
        assert_eq!(decimal(1250), "12.50");
        assert_eq!(decimal(900), "9.00");
        assert_eq!(decimal(5), "0.05");
    }
}
