//! The renderers on hand-made content: what reaches the HTML is escaped, and structured data
//! cannot end its own element.

use super::article::{article_body, post_page};
use super::listing::{destination_page, post_list};
use super::shell::Template;
use super::SiteShell;
use crate::content::model::{Author, Category, DestinationDetail, DestinationSummary, Image, PostDetail, PostSummary};
use crate::platform::i18n::Lang;

const HTML: &str =
    r#"<!doctype html><html lang="en"><head><!--rumbo:head--></head><body><div id="root"><!--rumbo:body--></div></body></html>"#;

fn shell() -> SiteShell {
    SiteShell::from_parts(Template::parse(HTML).unwrap(), "https://rumbo.travel", "Rumbo", String::new()).unwrap()
}

fn image() -> Image {
    Image { url: "/media/coast.svg".into(), width: 1200, height: 675, alt: r#"A "coast""#.into() }
}

fn summary(title: &str) -> PostSummary {
    PostSummary {
        slug: "x".into(),
        path: "/es/blog/x".into(),
        title: title.into(),
        excerpt: "<b>Short</b>".into(),
        category: Category { key: "flights".into(), name: "Vuelos".into() },
        author: Author { name: "Marta <Ríos>".into(), role: "Asesora".into() },
        published: "2026-03-14".into(),
        updated: "2026-04-02".into(),
        reading_minutes: 4,
        cover: image(),
    }
}

fn post(title: &str) -> PostDetail {
    PostDetail {
        summary: summary(title),
        lang: Lang::Es,
        description: r#"Say "no""#.into(),
        tags: vec![],
        body_html: "<p>Keep every receipt.</p>".into(),
        destinations: vec![],
        related: vec![],
    }
}

#[test]
fn an_article_escapes_its_words_and_keeps_its_body() {
    let html = article_body(Lang::Es, &post(r#"Delays <over> 3 "hours""#));
    assert!(html.contains(r#"<h1>Delays &lt;over&gt; 3 &quot;hours&quot;</h1>"#), "{html}");
    assert!(html.contains(r#"<time datetime="2026-03-14">14 de marzo de 2026</time>"#));
    assert!(html.contains("Marta &lt;Ríos&gt;") && html.contains("4 min de lectura"));
    assert!(html.contains(r#"<img class="ssr-cover" src="/media/coast.svg" width="1200" height="675" alt="A &quot;coast&quot;">"#));
    assert!(html.contains("<p>Keep every receipt.</p>"));
}

#[test]
fn a_post_page_has_escaped_head_and_structured_data() {
    let html = post_page(&shell(), Lang::Es, &post(r#"</script><script>alert("x")</script>"#));
    assert_eq!(html.matches("<script").count(), html.matches("</script>").count(), "{html}");
    assert_eq!(html.matches("</script>").count(), 3, "two JSON-LD blocks and the page data");
    assert!(!html.contains("<script>alert"), "no title opens an element");
    assert!(html.contains(r#"<title>&lt;/script&gt;&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; | Rumbo</title>"#));
    assert!(html.contains(r#"<meta name="description" content="Say &quot;no&quot;">"#));
    assert!(html.contains(r#""@type":"BlogPosting""#) && html.contains(r#""@type":"BreadcrumbList""#));
    assert!(html.contains(r#""headline":"\u003c/script>\u003cscript>alert(\"x\")\u003c/script>""#));
    assert!(html.contains(r#"<meta property="article:published_time" content="2026-03-14">"#));
    assert!(html.contains(r#"<script type="application/json" id="rumbo-page">{"path":"/es/blog/x","data":{"slug":"x""#));
    assert!(html.contains(r#"<html lang="es""#));
}

#[test]
fn lists_escape_titles_and_excerpts() {
    let html = post_list(&[summary(r#"A <b> "c""#)]);
    assert_eq!(
        html,
        r#"<ul class="ssr-list"><li><a href="/es/blog/x">A &lt;b&gt; &quot;c&quot;</a><p>&lt;b&gt;Short&lt;/b&gt;</p></li></ul>"#
    );
    assert_eq!(post_list(&[]), "", "no empty list");
}

#[test]
fn a_destination_page_uses_its_own_words_when_imported() {
    let shell = shell();
    let destination = DestinationDetail {
        summary: DestinationSummary {
            slug: "europe".into(),
            path: "/pt/destinations/europe".into(),
            kind: "region".into(),
            title: "Europa <antiga>".into(),
            description: "De comboio".into(),
            image: image(),
        },
        lang: Lang::Pt,
        body_html: "<p>Intro</p>".into(),
        posts: vec![summary("Malas")],
    };
    let html = destination_page(&shell, Lang::Pt, "europe", Some(&destination));
    assert!(html.contains("<title>Europa &lt;antiga&gt; | Rumbo</title>"));
    assert!(html.contains("<h1>Europa &lt;antiga&gt;</h1>") && html.contains(r#"<a href="/es/blog/x">Malas</a>"#));
    assert!(html.contains(r#"<meta property="og:image" content="https://rumbo.travel/media/coast.svg">"#));
    let fallback = destination_page(&shell, Lang::Pt, "asia", None);
    assert!(fallback.contains("| Rumbo</title>") && !fallback.contains("rumbo-page"), "seo.json words, no data");
}
