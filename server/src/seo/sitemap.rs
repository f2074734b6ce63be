//! `/sitemap.xml` (every indexed page in every language, with its alternates) and `/robots.txt`.

use std::fmt::Write;

use super::routes::Page;
use crate::platform::html::escape;
use crate::platform::i18n::Lang;

pub fn sitemap_xml(origin: &str) -> String {
    let mut xml = String::from(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
"#,
    );
    for page in Page::all().filter(|page| page.is_indexed()) {
        let path = page.path();
        for lang in Lang::ALL {
            let _ = writeln!(xml, "<url><loc>{}</loc>", escape(&format!("{origin}{}", lang.localize(&path))));
            for alternate in Lang::ALL {
                let href = escape(&format!("{origin}{}", alternate.localize(&path)));
                let _ = writeln!(xml, r#"<xhtml:link rel="alternate" hreflang="{}" href="{href}"/>"#, alternate.code());
            }
            let _ =
                writeln!(xml, r#"<xhtml:link rel="alternate" hreflang="x-default" href="{}"/></url>"#, escape(&format!("{origin}{path}")));
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

pub fn robots_txt(origin: &str) -> String {
    format!("User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /auth/\nDisallow: /dev/\n\nSitemap: {origin}/sitemap.xml\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sitemap_lists_every_indexed_page_in_every_language() {
        let xml = sitemap_xml("https://rumbo.travel");
        assert_eq!(xml.matches("<loc>").count(), Page::all().filter(|page| page.is_indexed()).count() * Lang::ALL.len());
        assert!(xml.contains("<loc>https://rumbo.travel/es/blog</loc>"));
        assert!(xml.contains("<loc>https://rumbo.travel/pt/destinations/asia</loc>"));
        assert!(xml.contains("<loc>https://rumbo.travel/</loc>"));
        assert!(!xml.contains("/account"), "private pages stay out");
        assert!(!xml.contains("/reset-password"));
    }

    #[test]
    fn robots_points_at_the_sitemap() {
        assert!(robots_txt("https://rumbo.travel").contains("Sitemap: https://rumbo.travel/sitemap.xml"));
    }
}
