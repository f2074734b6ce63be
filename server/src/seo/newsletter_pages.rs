//! The public newsletter archive (docs/decisions/018): the list of a language's published issues
//! and each issue's page, for crawlers and readers without JavaScript. Rendered on each request:
//! an issue is published by sending it, not by a content import, so the content cache would
//! not know when to forget them (and the archive is read rarely).

use std::fmt::Write;

use serde_json::json;

use super::content_pages::page_data_block;
use super::head::{absolute, page_head, PageMeta};
use super::routes::Page;
use super::texts::PageText;
use super::SiteShell;
use crate::newsletter::issues::handlers::{NewsletterArchive, NewsletterArchiveIssue, NewsletterArchiveItem};
use crate::platform::html::{escape, ld_json_block};
use crate::platform::i18n::Lang;

fn path_of(slug: &str) -> String {
    format!("/newsletter/{slug}")
}

fn heading(text: &PageText) -> &str {
    text.title.split(" | ").next().unwrap_or(&text.title)
}

/// The list: a heading and the issues as links with their preheaders and dates.
pub fn archive_page(shell: &SiteShell, lang: Lang, items: &[NewsletterArchiveItem]) -> String {
    let page = Page::Newsletter;
    let text = shell.texts.page(lang, page);
    let mut head = page_head(&shell.head_context(), lang, &PageMeta::of(page, text));
    head.push_str(&page_data_block(&lang.localize(&page.path()), &NewsletterArchive { items: items.to_vec() }));
    let mut body = format!(r#"<h1>{}</h1><ul class="ssr-list">"#, escape(heading(text)));
    for item in items {
        let _ = write!(
            body,
            r#"<li><a href="{}">{}</a> <time datetime="{}">{}</time><p>{}</p></li>"#,
            escape(&lang.localize(&path_of(&item.slug))),
            escape(&item.subject),
            escape(&item.sent_at),
            escape(&item.sent_at[..10.min(item.sent_at.len())]),
            escape(&item.preheader)
        );
    }
    body.push_str("</ul>");
    shell.template.render(lang, &head, &body)
}

/// One issue: its head (title, description, `Article`) and its body.
pub fn issue_page(shell: &SiteShell, lang: Lang, issue: &NewsletterArchiveIssue) -> String {
    let item = &issue.item;
    let path = path_of(&item.slug);
    let text = PageText { title: format!("{} | {}", item.subject, shell.site_name), description: item.preheader.clone() };
    let meta = PageMeta { path: path.clone(), text: &text, indexed: true, og_type: "article", image: None };
    let mut head = page_head(&shell.head_context(), lang, &meta);
    head.push_str(&ld_json_block(&json!({
        "@context": "https://schema.org",
        "@type": "Article",
        "headline": item.subject,
        "description": item.preheader,
        "datePublished": item.sent_at,
        "inLanguage": item.lang.code(),
        "mainEntityOfPage": absolute(&shell.origin, &lang.localize(&path)),
        "author": { "@type": "Organization", "name": shell.site_name },
        "publisher": { "@type": "Organization", "name": shell.site_name },
    })));
    head.push_str(&page_data_block(&lang.localize(&path), issue));
    let body = format!(
        r#"<article class="ssr-article" lang="{}"><h1>{}</h1><p class="ssr-meta"><time datetime="{}">{}</time></p>{}</article>"#,
        item.lang.code(),
        escape(&item.subject),
        escape(&item.sent_at),
        escape(&item.sent_at[..10.min(item.sent_at.len())]),
        issue.html
    );
    shell.template.render(lang, &head, &body)
}
