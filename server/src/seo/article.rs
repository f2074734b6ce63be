//! A blog post's page: its head (article tags, JSON-LD) and the article itself, for crawlers
//! and readers without JavaScript.

use std::fmt::Write;

use super::content_pages::page_data_block;
use super::head::{page_head, PageMeta};
use super::jsonld::{blog_posting, breadcrumb_list, Crumb};
use super::texts::PageText;
use super::words::{long_date, reading_time};
use super::SiteShell;
use crate::content::model::PostDetail;
use crate::platform::html::{escape, ld_json_block};
use crate::platform::i18n::Lang;

pub fn post_page(shell: &SiteShell, lang: Lang, post: &PostDetail) -> String {
    let summary = &post.summary;
    let text = PageText { title: format!("{} | {}", summary.title, shell.site_name), description: post.description.clone() };
    let meta =
        PageMeta { path: format!("/blog/{}", summary.slug), text: &text, indexed: true, og_type: "article", image: Some(&summary.cover) };
    let mut head = page_head(&shell.head_context(), lang, &meta);
    let _ = write!(
        head,
        r#"<meta property="article:published_time" content="{}"><meta property="article:modified_time" content="{}"><meta property="article:section" content="{}">"#,
        escape(&summary.published),
        escape(&summary.updated),
        escape(&summary.category.name)
    );
    head.push_str(&ld_json_block(&blog_posting(&shell.origin, &shell.site_name, lang, post)));
    let nav = shell.words.nav(lang);
    let trail = [
        Crumb { name: &nav.home, path: lang.localize("/") },
        Crumb { name: &nav.blog, path: lang.localize("/blog") },
        Crumb { name: &summary.title, path: summary.path.clone() },
    ];
    head.push_str(&ld_json_block(&breadcrumb_list(&shell.origin, &trail)));
    head.push_str(&page_data_block(&summary.path, post));
    shell.template.render(lang, &head, &article_body(lang, post))
}

/// `<article>` with the title, date, author, reading time, cover and the sanitized body.
pub fn article_body(lang: Lang, post: &PostDetail) -> String {
    let summary = &post.summary;
    let cover = &summary.cover;
    let mut html = String::with_capacity(post.body_html.len() + 1024);
    let _ = write!(
        html,
        r#"<article class="ssr-article"><h1>{}</h1><p class="ssr-meta"><time datetime="{}">{}</time> · <span>{}</span> · <span>{}</span></p>"#,
        escape(&summary.title),
        escape(&summary.published),
        escape(&long_date(lang, &summary.published)),
        escape(&summary.author.name),
        escape(&reading_time(lang, summary.reading_minutes))
    );
    let _ = write!(
        html,
        r#"<img class="ssr-cover" src="{}" width="{}" height="{}" alt="{}">"#,
        escape(&cover.url),
        cover.width,
        cover.height,
        escape(&cover.alt)
    );
    // Sanitized when imported (content::markdown): it is the post's own markup.
    let _ = write!(html, r#"<div class="ssr-body">{}</div></article>"#, post.body_html);
    html
}
