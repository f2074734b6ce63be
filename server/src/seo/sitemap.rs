//! `/sitemap.xml` (every indexed page, post and destination in every language, with its
//! alternates and `lastmod`) and `/robots.txt`.

use std::fmt::Write;

use super::routes::Page;
use crate::content::model::Dated;
use crate::platform::html::escape;
use crate::platform::i18n::Lang;

/// What the database adds to the route table.
#[derive(Debug, Default)]
pub struct SitemapContent {
    pub posts: Vec<Dated>,
    /// Store products, dated by their publication.
    pub products: Vec<Dated>,
    /// Destinations in the database, dated by their newest post.
    pub destinations: Vec<Dated>,
    /// Published opinions, dated by their publication (every language serves each one).
    pub opinions: Vec<Dated>,
    /// The day of the newest import: the date of destinations without posts.
    pub imported: Option<String>,
}

impl SitemapContent {
    fn destination_lastmod(&self, slug: &str) -> Option<&str> {
        let destination = self.destinations.iter().find(|d| d.slug == slug)?;
        destination.date.as_deref().or(self.imported.as_deref())
    }
}

pub fn sitemap_xml(origin: &str, content: &SitemapContent) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
"#,
    );
    for page in Page::all().filter(|page| page.is_indexed()) {
        let lastmod = match page {
            Page::Destination(slug) => content.destination_lastmod(slug),
            _ => None,
        };
        url_entries(&mut xml, origin, &page.path(), lastmod);
    }
    for post in &content.posts {
        url_entries(&mut xml, origin, &format!("/blog/{}", post.slug), post.date.as_deref());
    }
    for product in &content.products {
        url_entries(&mut xml, origin, &format!("/store/{}", product.slug), product.date.as_deref());
    }
    for opinion in &content.opinions {
        url_entries(&mut xml, origin, &format!("/help/opinions/{}", opinion.slug), opinion.date.as_deref());
    }
    xml.push_str("</urlset>\n");
    xml
}

/// One `<url>` per language, each naming all of them as alternates.
fn url_entries(xml: &mut String, origin: &str, path: &str, lastmod: Option<&str>) {
    for lang in Lang::ALL {
        let _ = write!(xml, "<url><loc>{}</loc>", escape(&format!("{origin}{}", lang.localize(path))));
        if let Some(date) = lastmod {
            let _ = write!(xml, "<lastmod>{}</lastmod>", escape(date));
        }
        xml.push('\n');
        for alternate in Lang::ALL {
            let href = escape(&format!("{origin}{}", alternate.localize(path)));
            let _ = writeln!(xml, r#"<xhtml:link rel="alternate" hreflang="{}" href="{href}"/>"#, alternate.code());
        }
        let _ = writeln!(xml, r#"<xhtml:link rel="alternate" hreflang="x-default" href="{}"/></url>"#, escape(&format!("{origin}{path}")));
    }
}

pub fn robots_txt(origin: &str) -> String {
    format!("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /auth/\nDisallow: /dev/\n\nSitemap: {origin}/sitemap.xml\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_lists_every_indexed_page_in_every_language() {
        let xml = sitemap_xml("https://rumbo.travel", &SitemapContent::default());
        assert_eq!(xml.matches("<loc>").count(), Page::all().filter(|page| page.is_indexed()).count() * Lang::ALL.len());
        assert!(xml.contains("<loc>https://rumbo.travel/es/blog</loc>"));
        assert!(xml.contains("<loc>https://rumbo.travel/pt/destinations/asia</loc>"));
        assert!(xml.contains("<loc>https://rumbo.travel/</loc>"));
        assert!(!xml.contains("/account"), "private pages stay out");
        assert!(!xml.contains("/reset-password"));
        assert!(!xml.contains("<lastmod>"), "nothing is dated without content");
    }

    #[test]
    fn posts_and_destinations_carry_their_dates() {
        let content = SitemapContent {
            posts: vec![Dated { slug: "lost-bag".into(), date: Some("2026-04-02".into()) }],
            products: vec![],
            destinations: vec![Dated { slug: "europe".into(), date: Some("2026-04-02".into()) }, Dated { slug: "asia".into(), date: None }],
            opinions: vec![Dated { slug: "refund-refused-3f2a9b1c".into(), date: Some("2026-11-20".into()) }],
            imported: Some("2026-05-01".into()),
        };
        let xml = sitemap_xml("https://rumbo.travel", &content);
        assert!(xml.contains("<loc>https://rumbo.travel/es/help/opinions/refund-refused-3f2a9b1c</loc><lastmod>2026-11-20</lastmod>"));
        assert!(xml.contains("<url><loc>https://rumbo.travel/es/blog/lost-bag</loc><lastmod>2026-04-02</lastmod>"));
        assert!(xml.contains(r#"<xhtml:link rel="alternate" hreflang="pt" href="https://rumbo.travel/pt/blog/lost-bag"/>"#));
        assert!(xml.contains("<loc>https://rumbo.travel/destinations/europe</loc><lastmod>2026-04-02</lastmod>"));
        assert!(
            xml.contains("<loc>https://rumbo.travel/pt/destinations/asia</loc><lastmod>2026-05-01</lastmod>"),
            "no posts: the import day"
        );
        assert!(xml.contains("<loc>https://rumbo.travel/destinations/beaches</loc>\n"), "not imported: undated");
    }

    #[test]
    fn robots_points_at_the_sitemap() {
        assert!(robots_txt("https://rumbo.travel").contains("Sitemap: https://rumbo.travel/sitemap.xml"));
    }
}
