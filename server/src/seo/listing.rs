//! Lists of links (posts, destinations) and the destination pages built from them.

use std::fmt::Write;

use super::content_pages::page_data_block;
use super::head::{page_head, PageMeta};
use super::jsonld::{breadcrumb_list, Crumb};
use super::routes::Page;
use super::texts::PageText;
use super::SiteShell;
use crate::content::model::{DestinationDetail, DestinationSummary, PostSummary};
use crate::platform::html::{escape, ld_json_block};
use crate::platform::i18n::Lang;

/// Posts as links with their excerpts; nothing when there are none.
pub fn post_list(posts: &[PostSummary]) -> String {
    links(posts.iter().map(|post| (post.path.as_str(), post.title.as_str(), post.excerpt.as_str())))
}

/// Destinations as links with their descriptions.
pub fn destination_list(items: &[DestinationSummary]) -> String {
    links(items.iter().map(|item| (item.path.as_str(), item.title.as_str(), item.description.as_str())))
}

fn links<'a>(items: impl Iterator<Item = (&'a str, &'a str, &'a str)>) -> String {
    let mut html = String::new();
    for (path, title, text) in items {
        let _ = write!(html, r#"<li><a href="{}">{}</a><p>{}</p></li>"#, escape(path), escape(title), escape(text));
    }
    if html.is_empty() {
        return html;
    }
    format!(r#"<ul class="ssr-list">{html}</ul>"#)
}

/// A destination's page: its own words and image when imported, seo.json's otherwise.
pub fn destination_page(shell: &SiteShell, lang: Lang, slug: &'static str, destination: Option<&DestinationDetail>) -> String {
    let page = Page::Destination(slug);
    let Some(destination) = destination else {
        let head = page_head(&shell.head_context(), lang, &PageMeta::of(page, shell.texts.page(lang, page)));
        return shell.template.render(lang, &head, "");
    };
    let summary = &destination.summary;
    let text = PageText { title: format!("{} | {}", summary.title, shell.site_name), description: summary.description.clone() };
    let meta = PageMeta { image: Some(&summary.image), ..PageMeta::of(page, &text) };
    let mut head = page_head(&shell.head_context(), lang, &meta);
    let nav = shell.words.nav(lang);
    let trail = [
        Crumb { name: &nav.home, path: lang.localize("/") },
        Crumb { name: &nav.destinations, path: lang.localize("/destinations") },
        Crumb { name: &summary.title, path: summary.path.clone() },
    ];
    head.push_str(&ld_json_block(&breadcrumb_list(&shell.origin, &trail)));
    head.push_str(&page_data_block(&summary.path, destination));
    shell.template.render(lang, &head, &destination_body(destination))
}

/// `<article>` with the title, image, introduction and the destination's posts.
pub fn destination_body(destination: &DestinationDetail) -> String {
    let summary = &destination.summary;
    let image = &summary.image;
    format!(
        r#"<article class="ssr-article"><h1>{}</h1><img class="ssr-cover" src="{}" width="{}" height="{}" alt="{}"><div class="ssr-body">{}</div>{}</article>"#,
        escape(&summary.title),
        escape(&image.url),
        image.width,
        image.height,
        escape(&image.alt),
        // Sanitized when imported (content::markdown).
        destination.body_html,
        post_list(&destination.posts)
    )
}
