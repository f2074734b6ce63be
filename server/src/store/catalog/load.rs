//! The store's part of a content folder, checked as a whole with the rest of it: every product
//! in en, es and pt, every reference resolving, every digital product with its file. Problems
//! carry their file and line; one problem anywhere means nothing is imported.

use std::collections::{BTreeMap, BTreeSet};

use super::files::{ProductFront, ProductMeta, Shipping, StoreFile};
use crate::content::markdown;
use crate::content::parse::{self, Names};
use crate::content::problems::Problems;
use crate::content::source::ContentFiles;
use crate::platform::countries::iso;
use crate::platform::i18n::Lang;
use crate::platform::slug::Slug;

pub const SUMMARY_MAX_CHARS: usize = 160;
const KINDS: [&str; 2] = ["digital", "physical"];
/// Products per store, and variants per product: generous, but bounded.
const MAX_VARIANTS: usize = 20;

#[derive(Debug, Clone)]
pub struct ProductText {
    pub front: ProductFront,
    pub body_html: String,
}

#[derive(Debug, Clone)]
pub struct Product {
    pub slug: String,
    pub published_at: i64,
    pub meta: ProductMeta,
    pub texts: Vec<(Lang, ProductText)>,
    /// A digital product's file per language (English at least).
    pub files: Vec<(Lang, Vec<u8>)>,
}

#[derive(Debug, Clone, Default)]
pub struct StoreCatalog {
    pub categories: Vec<(String, Names)>,
    pub shipping: Option<Shipping>,
    pub products: Vec<Product>,
}

/// Reads `store.toml` and `products/*`; a folder without products needs no `store.toml`.
pub fn load(files: &ContentFiles, images: &BTreeMap<String, Vec<u8>>, problems: &mut Problems) -> StoreCatalog {
    let slugs = parse::folders(files, "products");
    if slugs.is_empty() && !files.contains_key("store.toml") {
        return StoreCatalog::default();
    }
    let mut catalog = StoreCatalog::default();
    if let Some(file) = parse::toml_file::<StoreFile>(files, "store.toml", problems) {
        check_shipping(&file.shipping, problems);
        catalog.categories = file.categories.into_iter().collect();
        catalog.shipping = Some(file.shipping);
    }
    let known: BTreeSet<&str> = slugs.iter().map(String::as_str).collect();
    let mut skus = BTreeSet::new();
    for slug in &slugs {
        if let Some(product) = product(files, slug, images, &catalog, &known, &mut skus, problems) {
            catalog.products.push(product);
        }
    }
    catalog
}

fn product(
    files: &ContentFiles,
    slug: &str,
    images: &BTreeMap<String, Vec<u8>>,
    catalog: &StoreCatalog,
    known: &BTreeSet<&str>,
    skus: &mut BTreeSet<String>,
    problems: &mut Problems,
) -> Option<Product> {
    let dir = format!("products/{slug}");
    if !Slug::is_valid(slug) {
        problems.add(&dir, 1, "slugs are lowercase words joined by -");
    }
    let meta_path = format!("{dir}/product.toml");
    let meta: ProductMeta = parse::toml_file(files, &meta_path, problems)?;
    let mut problem = |message: String| problems.add(&meta_path, 1, message);
    if !catalog.categories.iter().any(|(key, _)| *key == meta.category) {
        problem(format!("category `{}` is not in store.toml", meta.category));
    }
    if !KINDS.contains(&meta.kind.as_str()) {
        problem(format!("kind `{}` must be digital or physical", meta.kind));
    }
    if meta.images.is_empty() {
        problem("a product needs at least one image".into());
    }
    for image in &meta.images {
        if !images.contains_key(&image.file) {
            problem(format!("image `{}` is not in images/", image.file));
        }
        if image.width <= 0 || image.height <= 0 {
            problem("image width and height must be positive".into());
        }
    }
    for related in &meta.related {
        if related == slug || !known.contains(related.as_str()) {
            problem(format!("related product `{related}` does not exist"));
        }
    }
    check_variants(&meta, skus, &mut problem);
    let published_at = unix_date(&meta.published).or_else(|| {
        problem("`published` must be a date like 2026-06-01".into());
        None
    })?;
    let mut texts = Vec::new();
    for lang in Lang::ALL {
        let path = format!("{dir}/{}.md", lang.code());
        let Some(doc) = parse::document::<ProductFront>(files, &path, problems) else { continue };
        check_front(&path, &doc.front, meta.images.len(), problems);
        texts.push((lang, ProductText { body_html: markdown::to_safe_html(&doc.body), front: doc.front }));
    }
    let product_files = digital_files(files, &dir, &meta.kind, problems);
    (texts.len() == Lang::ALL.len()).then(|| Product { slug: slug.to_owned(), published_at, meta, texts, files: product_files })
}

fn check_variants(meta: &ProductMeta, skus: &mut BTreeSet<String>, problem: &mut impl FnMut(String)) {
    if meta.variants.is_empty() || meta.variants.len() > MAX_VARIANTS {
        problem(format!("a product has 1 to {MAX_VARIANTS} variants"));
    }
    for variant in &meta.variants {
        let sku_ok = !variant.sku.is_empty()
            && variant.sku.len() <= 64
            && variant.sku.chars().all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-');
        if !sku_ok {
            problem(format!("sku `{}` must be A-Z, 0-9 and -", variant.sku));
        }
        if !skus.insert(variant.sku.clone()) {
            problem(format!("sku `{}` is used twice", variant.sku));
        }
        if variant.price_cents <= 0 {
            problem(format!("{}: price_cents must be positive", variant.sku));
        }
        if variant.compare_at_cents.is_some_and(|was| was <= variant.price_cents) {
            problem(format!("{}: compare_at_cents must be more than price_cents", variant.sku));
        }
        match (meta.kind.as_str(), variant.stock) {
            ("physical", None) => problem(format!("{}: a physical variant needs its stock", variant.sku)),
            ("physical", Some(stock)) if stock < 0 => problem(format!("{}: stock cannot be negative", variant.sku)),
            ("digital", Some(_)) => problem(format!("{}: digital variants have no stock", variant.sku)),
            _ => {}
        }
        for name in [&variant.name.en, &variant.name.es, &variant.name.pt] {
            if name.trim().is_empty() {
                problem(format!("{}: a variant name is empty", variant.sku));
            }
        }
    }
}

fn check_front(path: &str, front: &ProductFront, images: usize, problems: &mut Problems) {
    for (field, value) in [("name", &front.name), ("summary", &front.summary), ("description", &front.description)] {
        if value.trim().is_empty() {
            problems.add(path, 1, format!("`{field}` is empty"));
        }
    }
    let summary = front.summary.chars().count();
    if summary > SUMMARY_MAX_CHARS {
        problems.add(path, 1, format!("`summary` has {summary} characters; at most {SUMMARY_MAX_CHARS}"));
    }
    let description = front.description.chars().count();
    if description > crate::content::DESCRIPTION_MAX_CHARS {
        problems.add(path, 1, format!("`description` has {description} characters; at most {}", crate::content::DESCRIPTION_MAX_CHARS));
    }
    if front.image_alts.len() != images || front.image_alts.iter().any(|alt| alt.trim().is_empty()) {
        problems.add(path, 1, format!("`image_alts` needs one non-empty text per image ({images})"));
    }
}

/// `files/{lang}.pdf` of a digital product: English is required, Spanish and Portuguese are
/// used when present. Physical products have none.
fn digital_files(files: &ContentFiles, dir: &str, kind: &str, problems: &mut Problems) -> Vec<(Lang, Vec<u8>)> {
    let prefix = format!("{dir}/files/");
    let found: Vec<(Lang, Vec<u8>)> = Lang::ALL
        .into_iter()
        .filter_map(|lang| files.get(&format!("{prefix}{}.pdf", lang.code())).map(|bytes| (lang, bytes.clone())))
        .collect();
    for (path, _) in files.range(prefix.clone()..).take_while(|(path, _)| path.starts_with(&prefix)) {
        let name = &path[prefix.len()..];
        if !Lang::ALL.iter().any(|lang| name == format!("{}.pdf", lang.code())) {
            problems.add(path, 1, "product files are named en.pdf, es.pdf or pt.pdf");
        }
    }
    for (lang, bytes) in &found {
        if !bytes.starts_with(b"%PDF-") {
            problems.add(&format!("{prefix}{}.pdf", lang.code()), 1, "not a PDF file");
        }
    }
    match kind {
        "digital" if !found.iter().any(|(lang, _)| *lang == Lang::En) => {
            problems.add(dir, 1, "a digital product needs files/en.pdf");
        }
        "physical" if !found.is_empty() => problems.add(dir, 1, "a physical product has no files"),
        _ => {}
    }
    found
}

fn check_shipping(shipping: &Shipping, problems: &mut Problems) {
    let path = "store.toml";
    if shipping.free_over_cents < 0 {
        problems.add(path, 1, "shipping.free_over_cents cannot be negative");
    }
    let mut seen = BTreeSet::new();
    let rest: Vec<usize> = shipping.zones.iter().enumerate().filter(|(_, z)| z.countries == ["*"]).map(|(i, _)| i).collect();
    if rest != [shipping.zones.len().saturating_sub(1)] || shipping.zones.is_empty() {
        problems.add(path, 1, "exactly one shipping zone, the last, has countries = [\"*\"]");
    }
    for zone in &shipping.zones {
        for country in zone.countries.iter().filter(|c| c.as_str() != "*") {
            if !iso::COUNTRIES.iter().any(|(code, _)| code == country) {
                problems.add(path, 1, format!("zone `{}`: `{country}` is not an ISO 3166-1 alpha-2 code", zone.key));
            } else if !seen.insert(country.clone()) {
                problems.add(path, 1, format!("zone `{}`: `{country}` is in two zones", zone.key));
            }
        }
        let ids: BTreeSet<&str> = zone.methods.iter().map(|m| m.id.as_str()).collect();
        if zone.methods.is_empty() || ids.len() != zone.methods.len() {
            problems.add(path, 1, format!("zone `{}` needs methods with distinct ids", zone.key));
        }
        for method in &zone.methods {
            if method.price_cents < 0 || method.days_min < 0 || method.days_max < method.days_min {
                problems.add(path, 1, format!("zone `{}`, method `{}`: price and days must make sense", zone.key, method.id));
            }
        }
    }
}

fn unix_date(value: &toml::value::Datetime) -> Option<i64> {
    let date = value.date.filter(|_| value.time.is_none())?;
    let month = time::Month::try_from(date.month).ok()?;
    time::Date::from_calendar_date(i32::from(date.year), month, date.day).ok().map(|d| d.midnight().assume_utc().unix_timestamp())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::content::source::ContentFiles;

    const SVG: &[u8] = br#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 900"><rect width="1200" height="900"/></svg>"#;
    const STORE: &str = "[categories.guides]\nen = \"Guides\"\nes = \"Guías\"\npt = \"Guias\"\n\n[shipping]\nfree_over_cents = 6000\n\n[[shipping.zones]]\nkey = \"iberia\"\ncountries = [\"ES\", \"PT\"]\n[[shipping.zones.methods]]\nid = \"standard\"\nprice_cents = 495\ndays_min = 2\ndays_max = 5\nname = { en = \"Standard\", es = \"Estándar\", pt = \"Padrão\" }\n\n[[shipping.zones]]\nkey = \"world\"\ncountries = [\"*\"]\n[[shipping.zones.methods]]\nid = \"standard\"\nprice_cents = 1500\ndays_min = 5\ndays_max = 12\nname = { en = \"Standard\", es = \"Estándar\", pt = \"Padrão\" }\n";
    const GUIDE: &str = "category = \"guides\"\nkind = \"digital\"\npublished = 2026-09-01\nimages = [{ file = \"g.svg\", width = 1200, height = 900 }]\n\n[[variants]]\nsku = \"G-PDF\"\nprice_cents = 900\nname = { en = \"PDF\", es = \"PDF\", pt = \"PDF\" }\n";

    fn folder(product: &str) -> (ContentFiles, BTreeMap<String, Vec<u8>>) {
        let mut files = ContentFiles::new();
        files.insert("store.toml".into(), STORE.as_bytes().to_vec());
        files.insert("products/guide/product.toml".into(), product.as_bytes().to_vec());
        files.insert("products/guide/files/en.pdf".into(), b"%PDF-1.4 ...".to_vec());
        for lang in ["en", "es", "pt"] {
            let text = format!(
                "+++\nname = \"Guide {lang}\"\nsummary = \"S\"\ndescription = \"D\"\nimage_alts = [\"A guide\"]\n+++\nWhat is in it.\n"
            );
            files.insert(format!("products/guide/{lang}.md"), text.into_bytes());
        }
        (files, BTreeMap::from([("g.svg".to_owned(), SVG.to_vec())]))
    }

    fn problems_of(files: &ContentFiles, images: &BTreeMap<String, Vec<u8>>) -> Vec<String> {
        let mut problems = Problems::default();
        load(files, images, &mut problems);
        problems.0.iter().map(ToString::to_string).collect()
    }

    #[test]
    fn a_complete_product_loads_in_three_languages() {
        let (files, images) = folder(GUIDE);
        let mut problems = Problems::default();
        let catalog = load(&files, &images, &mut problems);
        assert!(problems.is_empty(), "{:?}", problems.0);
        assert_eq!(catalog.products.len(), 1);
        assert_eq!(catalog.products[0].texts.len(), 3);
        assert_eq!(catalog.products[0].files.len(), 1, "English only: the others fall back to it");
        assert_eq!(catalog.shipping.as_ref().unwrap().zones.len(), 2);
    }

    #[test]
    fn every_problem_is_reported_with_its_file() {
        let broken = GUIDE
            .replace("\"guides\"", "\"gadgets\"")
            .replace("G-PDF", "g pdf")
            .replace("price_cents = 900", "price_cents = 900\nstock = 4");
        let (files, images) = folder(&broken);
        let problems = problems_of(&files, &images);
        for expected in ["category `gadgets` is not in store.toml", "sku `g pdf` must be A-Z, 0-9 and -", "digital variants have no stock"]
        {
            assert!(
                problems.iter().any(|p| p.starts_with("products/guide/product.toml:1:") && p.contains(expected)),
                "{expected}: {problems:?}"
            );
        }
        let (mut files, images) = folder(GUIDE);
        files.remove("products/guide/files/en.pdf");
        files.insert("products/guide/files/fr.pdf".into(), b"%PDF".to_vec());
        files.insert("products/guide/es.md".into(), b"+++\nname = \"G\"\n+++\nBody\n".to_vec());
        let problems = problems_of(&files, &images);
        assert!(problems.iter().any(|p| p.contains("needs files/en.pdf")), "{problems:?}");
        assert!(problems.iter().any(|p| p.starts_with("products/guide/files/fr.pdf:1:")), "{problems:?}");
        assert!(problems.iter().any(|p| p.starts_with("products/guide/es.md:")), "a missing field is reported at its file: {problems:?}");
    }

    #[test]
    fn physical_goods_need_stock_and_sales_a_higher_was_price() {
        let physical =
            GUIDE.replace("\"digital\"", "\"physical\"").replace("price_cents = 900", "price_cents = 900\ncompare_at_cents = 800");
        let (mut files, images) = folder(&physical);
        files.remove("products/guide/files/en.pdf");
        let problems = problems_of(&files, &images);
        assert!(problems.iter().any(|p| p.contains("needs its stock")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("compare_at_cents must be more than price_cents")), "{problems:?}");
    }

    #[test]
    fn shipping_needs_one_rest_of_world_zone_last_and_real_countries() {
        let (mut files, images) = folder(GUIDE);
        let bad = STORE.replace("[\"ES\", \"PT\"]", "[\"ES\", \"XX\"]").replace("countries = [\"*\"]", "countries = [\"FR\"]");
        files.insert("store.toml".into(), bad.into_bytes());
        let problems = problems_of(&files, &images);
        assert!(problems.iter().any(|p| p.contains("`XX` is not an ISO 3166-1")), "{problems:?}");
        assert!(problems.iter().any(|p| p.contains("exactly one shipping zone, the last")), "{problems:?}");
    }

    #[test]
    fn a_folder_without_a_store_needs_no_store_file() {
        let mut problems = Problems::default();
        let catalog = load(&ContentFiles::new(), &BTreeMap::new(), &mut problems);
        assert!(problems.is_empty() && catalog.products.is_empty());
    }
}
