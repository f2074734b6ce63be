//! The experts' published opinions (docs/decisions/014-consultants-deliver.md): the list and
//! each opinion's page, with its `Article` JSON-LD, for crawlers and readers without JavaScript.

use std::fmt::Write;

use serde_json::json;

use super::content_pages::page_data_block;
use super::head::{absolute, page_head, PageMeta};
use super::jsonld::{breadcrumb_list, Crumb};
use super::routes::Page;
use super::texts::PageText;
use super::SiteShell;
use crate::consultations::case::opinions::{OpinionPage, OpinionSummary, OpinionSummaryList};
use crate::platform::html::{escape, ld_json_block};
use crate::platform::i18n::Lang;

fn path_of(slug: &str) -> String {
    format!("/help/opinions/{slug}")
}

/// The list: a heading and the opinions as links with their excerpts.
pub fn list_page(shell: &SiteShell, lang: Lang, items: &[OpinionSummary]) -> String {
    let page = Page::HelpOpinions;
    let text = shell.texts.page(lang, page);
    let mut head = page_head(&shell.head_context(), lang, &PageMeta::of(page, text));
    head.push_str(&page_data_block(&lang.localize(&page.path()), &OpinionSummaryList { items: items.to_vec() }));
    let mut body = format!(r#"<h1>{}</h1><ul class="ssr-list">"#, escape(text.title.split(" | ").next().unwrap_or(&text.title)));
    for item in items {
        let _ = write!(
            body,
            r#"<li><a href="{}" hreflang="{}">{}</a><p>{}</p></li>"#,
            escape(&lang.localize(&path_of(&item.slug))),
            item.lang.code(),
            escape(&item.title),
            escape(&item.excerpt)
        );
    }
    body.push_str("</ul>");
    shell.template.render(lang, &head, &body)
}

/// One opinion: its head (title, description, `Article`), and the article itself.
pub fn opinion_page(shell: &SiteShell, lang: Lang, opinion: &OpinionPage) -> String {
    let summary = &opinion.summary;
    let path = path_of(&summary.slug);
    let text = PageText { title: format!("{} | {}", summary.title, shell.site_name), description: summary.excerpt.clone() };
    let meta = PageMeta { path: path.clone(), text: &text, indexed: true, og_type: "article", image: None };
    let mut head = page_head(&shell.head_context(), lang, &meta);
    let article = json!({
        "@context": "https://schema.org",
        "@type": "Article",
        "headline": summary.title,
        "description": summary.excerpt,
        "datePublished": summary.published_at,
        "inLanguage": summary.lang.code(),
        "articleSection": summary.category,
        "mainEntityOfPage": absolute(&shell.origin, &lang.localize(&path)),
        "author": { "@type": "Organization", "name": shell.site_name },
        "publisher": { "@type": "Organization", "name": shell.site_name },
    });
    head.push_str(&ld_json_block(&article));
    let nav = shell.words.nav(lang);
    let list_text = shell.texts.page(lang, Page::HelpOpinions);
    let trail = [
        Crumb { name: &nav.home, path: lang.localize("/") },
        Crumb { name: list_text.title.split(" | ").next().unwrap_or(&list_text.title), path: lang.localize("/help/opinions") },
        Crumb { name: &summary.title, path: lang.localize(&path) },
    ];
    head.push_str(&ld_json_block(&breadcrumb_list(&shell.origin, &trail)));
    head.push_str(&page_data_block(&lang.localize(&path), opinion));
    let body = format!(
        r#"<article class="ssr-article" lang="{}"><h1>{}</h1><p class="ssr-meta"><time datetime="{}">{}</time> · <span>{}</span> · <span>{}</span></p>{}</article>"#,
        summary.lang.code(),
        escape(&summary.title),
        escape(&summary.published_at),
        escape(&summary.published_at[..10.min(summary.published_at.len())]),
        escape(&summary.country),
        escape(&summary.outcome),
        opinion.html
    );
    shell.template.render(lang, &head, &body)
}
