//! What the content API answers, and the inputs it accepts, parsed once at the edge.

use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use serde::Serialize;
use utoipa::ToSchema;

use crate::platform::i18n::Lang;

pub const DEFAULT_PAGE: u32 = 9;
pub const MAX_PAGE: u32 = 50;

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct Image {
    pub url: String,
    pub width: i32,
    pub height: i32,
    pub alt: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct Category {
    pub key: String,
    pub name: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct Author {
    pub name: String,
    pub role: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct PostSummary {
    pub slug: String,
    pub path: String,
    pub title: String,
    pub excerpt: String,
    pub category: Category,
    pub author: Author,
    /// Calendar dates (YYYY-MM-DD): posts are dated by day.
    pub published: String,
    pub updated: String,
    pub reading_minutes: i32,
    pub cover: Image,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct DestinationLink {
    pub slug: String,
    pub path: String,
    pub title: String,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct PostDetail {
    #[serde(flatten)]
    pub summary: PostSummary,
    pub lang: Lang,
    pub description: String,
    pub tags: Vec<String>,
    pub body_html: String,
    pub destinations: Vec<DestinationLink>,
    pub related: Vec<PostSummary>,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct PostPage {
    pub items: Vec<PostSummary>,
    pub next_cursor: Option<String>,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct DestinationSummary {
    pub slug: String,
    pub path: String,
    #[schema(value_type = DestinationKind)]
    pub kind: String,
    pub title: String,
    pub description: String,
    pub image: Image,
}

/// `GET /api/v1/destinations`.
#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct DestinationList {
    pub items: Vec<DestinationSummary>,
}

#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct DestinationDetail {
    #[serde(flatten)]
    pub summary: DestinationSummary,
    pub lang: Lang,
    pub body_html: String,
    pub posts: Vec<PostSummary>,
}

/// The kinds of destination collection (`kind` of a destination and `?kind=`). The query is
/// read as text, so a wrong value gets our own error code; this documents the values.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[allow(dead_code)]
pub enum DestinationKind {
    Region,
    Type,
    Theme,
}

/// A traveller's words on the home page, in one language.
#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct Testimonial {
    pub quote: String,
    pub name: String,
    pub trip: String,
}

/// The featured themes of the home page, in their order (docs/product.md#home).
pub const FEATURED_DESTINATIONS: [&str; 5] = ["tropical", "mountains", "urban", "historic", "islands"];

/// What the home page shows from the database (docs/decisions/002, addendum).
#[derive(Debug, Clone, Serialize, PartialEq, ToSchema)]
pub struct HomeData {
    pub latest: PostPage,
    pub featured: Vec<DestinationSummary>,
    pub testimonials: Vec<Testimonial>,
}

/// When a post or destination last changed, for the sitemap: (slug, YYYY-MM-DD).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Dated {
    pub slug: String,
    pub date: Option<String>,
}

/// Where the next page of posts starts: after (published_at, slug), newest first.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cursor {
    pub published_at: i64,
    pub slug: String,
}

impl Cursor {
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(format!("{}:{}", self.published_at, self.slug))
    }

    pub fn decode(raw: &str) -> Option<Cursor> {
        let text = String::from_utf8(URL_SAFE_NO_PAD.decode(raw).ok()?).ok()?;
        let (published_at, slug) = text.split_once(':')?;
        Some(Cursor { published_at: published_at.parse().ok()?, slug: slug.to_owned() })
    }
}

/// A calendar date from the stored midnight-UTC timestamp.
pub fn date_of(unix: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(unix).map(|t| t.date().to_string()).unwrap_or_default()
}

/// Images are served from the database under `/media/`.
pub fn media_url(name: &str) -> String {
    format!("/media/{name}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cursors_round_trip_and_garbage_is_refused() {
        let cursor = Cursor { published_at: 1_773_446_400, slug: "lost-bag".into() };
        assert_eq!(Cursor::decode(&cursor.encode()), Some(cursor));
        assert_eq!(Cursor::decode("not a cursor"), None);
        assert_eq!(Cursor::decode(&URL_SAFE_NO_PAD.encode("x:y")), None);
    }

    #[test]
    fn dates_are_calendar_days() {
        assert_eq!(date_of(1_773_446_400), "2026-03-14");
    }
}
