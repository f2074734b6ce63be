//! Pre-rendered HTML for every known page in every language (docs/decisions/002): built once
//! at start-up, so serving a page is a map lookup and never touches the database.

use std::collections::HashMap;
use std::sync::Arc;

use super::head::{not_found_head, page_head, HeadContext, PageMeta};
use super::routes::Page;
use super::texts::SeoTexts;
use crate::platform::http::encoded::Encoded;
use crate::platform::i18n::Lang;

const HTML_OPEN: &str = r#"<html lang="en">"#;
const HEAD_MARKER: &str = "<!--rumbo:head-->";
const BODY_MARKER: &str = "<!--rumbo:body-->";

/// `web/dist/index.html` cut at its three markers.
pub struct Template {
    before_html: String,
    before_head: String,
    before_body: String,
    rest: String,
}

impl Template {
    pub fn parse(html: &str) -> anyhow::Result<Template> {
        let (before_html, after) = split_once(html, HTML_OPEN)?;
        let (before_head, after) = split_once(after, HEAD_MARKER)?;
        let (before_body, rest) = split_once(after, BODY_MARKER)?;
        Ok(Template {
            before_html: before_html.into(),
            before_head: before_head.into(),
            before_body: before_body.into(),
            rest: rest.into(),
        })
    }

    pub fn render(&self, lang: Lang, head: &str, body: &str) -> String {
        let mut html = String::with_capacity(
            self.before_html.len() + self.before_head.len() + self.before_body.len() + self.rest.len() + head.len() + body.len() + 32,
        );
        html.push_str(&self.before_html);
        html.push_str(r#"<html lang=""#);
        html.push_str(lang.code());
        html.push_str(r#"" dir="ltr">"#);
        html.push_str(&self.before_head);
        html.push_str(head);
        html.push_str(&self.before_body);
        html.push_str(body);
        html.push_str(&self.rest);
        html
    }
}

fn split_once<'a>(html: &'a str, marker: &str) -> anyhow::Result<(&'a str, &'a str)> {
    html.split_once(marker).ok_or_else(|| anyhow::anyhow!("web/dist/index.html lacks the marker {marker} (docs/decisions/002)"))
}

#[derive(Default)]
pub struct PageCache {
    pages: HashMap<(Lang, Page), Arc<Encoded>>,
    not_found: HashMap<Lang, Arc<Encoded>>,
}

impl PageCache {
    pub fn build(template: &Template, texts: &SeoTexts, ctx: &HeadContext) -> PageCache {
        let mut pages = HashMap::new();
        let mut not_found = HashMap::new();
        for lang in Lang::ALL {
            for page in Page::all() {
                let head = page_head(ctx, lang, &PageMeta::of(page, texts.page(lang, page)));
                pages.insert((lang, page), Encoded::new(template.render(lang, &head, "")));
            }
            let head = not_found_head(ctx, lang, texts.not_found(lang));
            not_found.insert(lang, Encoded::new(template.render(lang, &head, "")));
        }
        PageCache { pages, not_found }
    }

    pub fn page(&self, lang: Lang, page: Page) -> Arc<Encoded> {
        self.pages[&(lang, page)].clone()
    }

    pub fn not_found(&self, lang: Lang) -> Arc<Encoded> {
        self.not_found[&lang].clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const HTML: &str = r#"<!doctype html><html lang="en"><head><meta charset="UTF-8"><!--rumbo:head--></head><body><div id="root"><!--rumbo:body--></div></body></html>"#;

    #[test]
    fn the_template_takes_language_head_and_body() {
        let template = Template::parse(HTML).unwrap();
        let html = template.render(Lang::Pt, "<title>T</title>", "<h1>B</h1>");
        assert_eq!(
            html,
            r#"<!doctype html><html lang="pt" dir="ltr"><head><meta charset="UTF-8"><title>T</title></head><body><div id="root"><h1>B</h1></div></body></html>"#
        );
    }

    #[test]
    fn a_template_without_markers_is_refused() {
        assert!(Template::parse("<html><head></head></html>").is_err());
    }
}
