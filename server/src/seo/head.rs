//! The `<head>` tags that crawlers and link previews read without running JavaScript.

use std::fmt::Write;

use super::routes::Page;
use super::texts::PageText;
use crate::platform::html::escape;
use crate::platform::i18n::Lang;

/// What every page's head shares.
pub struct HeadContext<'a> {
    pub origin: &'a str,
    pub site_name: &'a str,
    /// The runtime configuration data block, rendered once.
    pub config_block: &'a str,
}

/// The head of a known page: title, description, canonical, hreflang alternates, Open Graph,
/// and `noindex` for the pages that are private to each visitor.
pub fn page_head(ctx: &HeadContext, lang: Lang, page: Page, text: &PageText) -> String {
    let path = page.path();
    let url = absolute(ctx.origin, &lang.localize(&path));
    let mut head = common_tags(ctx, text);
    if !page.is_indexed() {
        head.push_str(NOINDEX);
    }
    let _ = write!(head, r#"<link rel="canonical" href="{}">"#, escape(&url));
    for alternate in Lang::ALL {
        let href = absolute(ctx.origin, &alternate.localize(&path));
        let _ = write!(head, r#"<link rel="alternate" hreflang="{}" href="{}">"#, alternate.code(), escape(&href));
    }
    let _ = write!(head, r#"<link rel="alternate" hreflang="x-default" href="{}">"#, escape(&absolute(ctx.origin, &path)));
    let _ = write!(
        head,
        r#"<meta property="og:type" content="website"><meta property="og:url" content="{}"><meta property="og:locale" content="{}">"#,
        escape(&url),
        lang.og_locale()
    );
    for other in Lang::ALL.into_iter().filter(|other| *other != lang) {
        let _ = write!(head, r#"<meta property="og:locale:alternate" content="{}">"#, other.og_locale());
    }
    head
}

const NOINDEX: &str = r#"<meta name="robots" content="noindex">"#;

/// The head of the not-found page: its title, and no canonical so it is never indexed.
pub fn not_found_head(ctx: &HeadContext, text: &PageText) -> String {
    let mut head = common_tags(ctx, text);
    head.push_str(NOINDEX);
    head
}

fn common_tags(ctx: &HeadContext, text: &PageText) -> String {
    let title = escape(&text.title);
    let description = escape(&text.description);
    let mut head = String::with_capacity(2048);
    let _ = write!(
        head,
        r#"<title>{title}</title><meta name="description" content="{description}"><meta property="og:site_name" content="{}"><meta property="og:title" content="{title}"><meta property="og:description" content="{description}"><meta name="twitter:card" content="summary">"#,
        escape(ctx.site_name)
    );
    head.push_str(ctx.config_block);
    head
}

fn absolute(origin: &str, path: &str) -> String {
    format!("{origin}{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> PageText {
        PageText { title: "Blog | Rumbo".into(), description: "Advice & stories".into() }
    }

    #[test]
    fn known_pages_link_every_language_and_the_default() {
        let ctx = HeadContext { origin: "https://rumbo.travel", site_name: "Rumbo", config_block: "" };
        let head = page_head(&ctx, Lang::Es, Page::Blog, &text());
        assert!(head.contains(r#"<link rel="canonical" href="https://rumbo.travel/es/blog">"#));
        assert!(head.contains(r#"hreflang="en" href="https://rumbo.travel/blog""#));
        assert!(head.contains(r#"hreflang="pt" href="https://rumbo.travel/pt/blog""#));
        assert!(head.contains(r#"hreflang="x-default" href="https://rumbo.travel/blog""#));
        assert!(head.contains(r#"<meta property="og:locale" content="es_ES">"#));
        assert!(head.contains("Advice &amp; stories"));
        assert!(!head.contains("noindex"), "public pages are indexed");
    }

    #[test]
    fn account_pages_are_not_indexed() {
        let ctx = HeadContext { origin: "https://rumbo.travel", site_name: "Rumbo", config_block: "" };
        for page in [Page::Account, Page::ResetPassword] {
            let head = page_head(&ctx, Lang::Pt, page, &text());
            assert!(head.contains(r#"<meta name="robots" content="noindex">"#), "{page:?}");
        }
    }

    #[test]
    fn home_in_spanish_is_the_bare_prefix() {
        let ctx = HeadContext { origin: "http://localhost:8080", site_name: "Rumbo", config_block: "" };
        let head = page_head(&ctx, Lang::Es, Page::Home, &text());
        assert!(head.contains(r#"<link rel="canonical" href="http://localhost:8080/es">"#));
        assert!(head.contains(r#"hreflang="en" href="http://localhost:8080/""#));
    }

    #[test]
    fn not_found_is_not_indexed() {
        let ctx = HeadContext { origin: "https://rumbo.travel", site_name: "Rumbo", config_block: "" };
        let head = not_found_head(&ctx, &text());
        assert!(head.contains("noindex"));
        assert!(!head.contains("canonical"));
    }
}
