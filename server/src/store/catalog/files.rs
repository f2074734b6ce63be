//! The store's content files (docs/decisions/011-store.md): `store.toml` (categories and
//! shipping) and one folder per product under `products/`, read into typed values.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::content::parse::Names;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StoreFile {
    pub categories: BTreeMap<String, Names>,
    pub shipping: Shipping,
}

/// Flat rates per zone, and the subtotal over which the cheapest method is free.
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Shipping {
    pub free_over_cents: i64,
    pub zones: Vec<Zone>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Zone {
    pub key: String,
    /// ISO 3166-1 alpha-2 codes; `["*"]` is every other country.
    pub countries: Vec<String>,
    pub methods: Vec<Method>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Method {
    pub id: String,
    pub price_cents: i64,
    pub days_min: i64,
    pub days_max: i64,
    pub name: LocalNames,
}

/// Names in the three languages (serializable, unlike the content's `Names`).
#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct LocalNames {
    pub en: String,
    pub es: String,
    pub pt: String,
}

impl LocalNames {
    pub fn get(&self, lang: crate::platform::i18n::Lang) -> &str {
        use crate::platform::i18n::Lang;
        match lang {
            Lang::En => &self.en,
            Lang::Es => &self.es,
            Lang::Pt => &self.pt,
        }
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductMeta {
    pub category: String,
    pub kind: String,
    pub featured: Option<i64>,
    pub published: toml::value::Datetime,
    #[serde(default)]
    pub related: Vec<String>,
    pub images: Vec<ImageRef>,
    pub variants: Vec<VariantMeta>,
}

#[derive(Debug, Clone, Deserialize, Serialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct ImageRef {
    pub file: String,
    pub width: i32,
    pub height: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VariantMeta {
    pub sku: String,
    pub price_cents: i64,
    pub compare_at_cents: Option<i64>,
    /// Physical goods only: the stock a new variant starts with (the console keeps it after).
    pub stock: Option<i64>,
    pub name: LocalNames,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ProductFront {
    pub name: String,
    pub summary: String,
    pub description: String,
    pub image_alts: Vec<String>,
}
