//! The `<head>` tags that crawlers and link previews read without running JavaScript.

use std::fmt::Write;

use super::routes::Page;
use super::texts::{PageText, SeoTexts};
use crate::content::model::Image;
use crate::platform::html::escape;
use crate::platform::i18n::Lang;

/// What every page's head shares.
pub struct HeadContext<'a> {
    pub origin: &'a str,
    pub site_name: &'a str,
    /// The runtime configuration data block, rendered once.
    pub config_block: &'a str,
    /// The blog's title per language names the RSS feed linked from every head.
    pub texts: &'a SeoTexts,
}

/// What one page says about itself in its head.
pub struct PageMeta<'a> {
    /// The page's path in English (no language prefix).
    pub path: String,
    pub text: &'a PageText,
    pub indexed: bool,
    /// Open Graph type: `website`, or `article` for a post.
    pub og_type: &'static str,
    pub image: Option<&'a Image>,
}

impl<'a> PageMeta<'a> {
    /// A page of the route table with its words from seo.json.
    pub fn of(page: Page, text: &'a PageText) -> PageMeta<'a> {
        PageMeta { path: page.path(), text, indexed: page.is_indexed(), og_type: "website", image: None }
    }
}

/// Title, description, canonical, hreflang alternates, Open Graph, the language's feed, and
/// `noindex` for the pages that are private to each visitor.
pub fn page_head(ctx: &HeadContext, lang: Lang, meta: &PageMeta) -> String {
    let url = absolute(ctx.origin, &lang.localize(&meta.path));
    let mut head = common_tags(ctx, lang, meta.text, meta.image.is_some());
    if !meta.indexed {
        head.push_str(NOINDEX);
    }
    let _ = write!(head, r#"<link rel="canonical" href="{}">"#, escape(&url));
    for alternate in Lang::ALL {
        let href = absolute(ctx.origin, &alternate.localize(&meta.path));
        let _ = write!(head, r#"<link rel="alternate" hreflang="{}" href="{}">"#, alternate.code(), escape(&href));
    }
    let _ = write!(head, r#"<link rel="alternate" hreflang="x-default" href="{}">"#, escape(&absolute(ctx.origin, &meta.path)));
    let _ = write!(
        head,
        r#"<meta property="og:type" content="{}"><meta property="og:url" content="{}"><meta property="og:locale" content="{}">"#,
        meta.og_type,
        escape(&url),
        lang.og_locale()
    );
    for other in Lang::ALL.into_iter().filter(|other| *other != lang) {
        let _ = write!(head, r#"<meta property="og:locale:alternate" content="{}">"#, other.og_locale());
    }
    if let Some(image) = meta.image {
        let _ = write!(
            head,
            r#"<meta property="og:image" content="{}"><meta property="og:image:width" content="{}"><meta property="og:image:height" content="{}"><meta property="og:image:alt" content="{}">"#,
            escape(&absolute(ctx.origin, &image.url)),
            image.width,
            image.height,
            escape(&image.alt)
        );
    }
    head
}

const NOINDEX: &str = r#"<meta name="robots" content="noindex">"#;

/// The head of the not-found page: its title, and no canonical so it is never indexed.
pub fn not_found_head(ctx: &HeadContext, lang: Lang, text: &PageText) -> String {
    let mut head = common_tags(ctx, lang, text, false);
    head.push_str(NOINDEX);
    head
}

fn common_tags(ctx: &HeadContext, lang: Lang, text: &PageText, large_image: bool) -> String {
    let title = escape(&text.title);
    let description = escape(&text.description);
    let card = if large_image { "summary_large_image" } else { "summary" };
    let mut head = String::with_capacity(2048);
    let _ = write!(
        head,
        r#"<title>{title}</title><meta name="description" content="{description}"><meta property="og:site_name" content="{}"><meta property="og:title" content="{title}"><meta property="og:description" content="{description}"><meta name="twitter:card" content="{card}">"#,
        escape(ctx.site_name)
    );
    let _ = write!(
        head,
        r#"<link rel="alternate" type="application/rss+xml" title="{}" href="{}">"#,
        escape(&ctx.texts.page(lang, Page::Blog).title),
        escape(&absolute(ctx.origin, &feed_path(lang)))
    );
    head.push_str(ctx.config_block);
    head
}

/// The RSS feed of a language's blog.
pub fn feed_path(lang: Lang) -> String {
    lang.localize("/blog/feed.xml")
}

pub fn absolute(origin: &str, path: &str) -> String {
    format!("{origin}{path}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text() -> PageText {
        PageText { title: "Blog | Rumbo".into(), description: "Advice & stories".into() }
    }

    fn head_of(origin: &str, lang: Lang, page: Page) -> String {
        let texts = SeoTexts::load("Rumbo").unwrap();
        let ctx = HeadContext { origin, site_name: "Rumbo", config_block: "", texts: &texts };
        page_head(&ctx, lang, &PageMeta::of(page, &text()))
    }

    #[test]
    fn known_pages_link_every_language_and_the_default() {
        let head = head_of("https://rumbo.travel", Lang::Es, Page::Blog);
        assert!(head.contains(r#"<link rel="canonical" href="https://rumbo.travel/es/blog">"#));
        assert!(head.contains(r#"hreflang="en" href="https://rumbo.travel/blog""#));
        assert!(head.contains(r#"hreflang="pt" href="https://rumbo.travel/pt/blog""#));
        assert!(head.contains(r#"hreflang="x-default" href="https://rumbo.travel/blog""#));
        assert!(head.contains(r#"<meta property="og:locale" content="es_ES">"#));
        assert!(head.contains("Advice &amp; stories"));
        assert!(!head.contains("noindex"), "public pages are indexed");
    }

    #[test]
    fn every_head_links_the_feed_of_its_language() {
        let head = head_of("https://rumbo.travel", Lang::Pt, Page::About);
        assert!(head.contains(r#"<link rel="alternate" type="application/rss+xml" title="Blog de viagens | Rumbo" href="https://rumbo.travel/pt/blog/feed.xml">"#), "{head}");
    }

    #[test]
    fn account_pages_are_not_indexed() {
        for page in [Page::Account, Page::ResetPassword, Page::NewsletterConfirm, Page::NewsletterUnsubscribe] {
            let head = head_of("https://rumbo.travel", Lang::Pt, page);
            assert!(head.contains(r#"<meta name="robots" content="noindex">"#), "{page:?}");
        }
    }

    #[test]
    fn home_in_spanish_is_the_bare_prefix() {
        let head = head_of("http://localhost:8080", Lang::Es, Page::Home);
        assert!(head.contains(r#"<link rel="canonical" href="http://localhost:8080/es">"#));
        assert!(head.contains(r#"hreflang="en" href="http://localhost:8080/""#));
    }

    #[test]
    fn an_image_is_absolute_with_its_size_and_escaped_alt() {
        let texts = SeoTexts::load("Rumbo").unwrap();
        let ctx = HeadContext { origin: "https://rumbo.travel", site_name: "Rumbo", config_block: "", texts: &texts };
        let image = Image { url: "/media/coast.svg".into(), width: 1200, height: 675, alt: r#"A "quiet" <coast>"#.into() };
        let meta = PageMeta { path: "/blog/x".into(), text: &text(), indexed: true, og_type: "article", image: Some(&image) };
        let head = page_head(&ctx, Lang::En, &meta);
        assert!(head.contains(r#"<meta property="og:type" content="article">"#));
        assert!(head.contains(r#"<meta property="og:image" content="https://rumbo.travel/media/coast.svg">"#));
        assert!(head.contains(r#"<meta property="og:image:width" content="1200"><meta property="og:image:height" content="675">"#));
        assert!(head.contains("A &quot;quiet&quot; &lt;coast&gt;"));
        assert!(head.contains("summary_large_image"));
    }

    #[test]
    fn not_found_is_not_indexed() {
        let texts = SeoTexts::load("Rumbo").unwrap();
        let ctx = HeadContext { origin: "https://rumbo.travel", site_name: "Rumbo", config_block: "", texts: &texts };
        let head = not_found_head(&ctx, Lang::En, &text());
        assert!(head.contains("noindex"));
        assert!(!head.contains("canonical"));
    }
}
