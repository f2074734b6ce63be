//! Blog posts as plain HTML, without JavaScript: the article, its structured data, its head
//! and its page data, in each language.

use crate::content_fixture::{api_json, app_with_fixture, blog_title, page, page_data, structured};
use crate::helpers::title_of;

const LANGS: [(&str, &str, &str, &str); 3] = [
    ("en", "", "Fixture delayed-flight", "Home"),
    ("es", "/es", "Prueba delayed-flight", "Inicio"),
    ("pt", "/pt", "Teste delayed-flight", "Início"),
];

#[tokio::test]
async fn a_post_page_carries_the_article_in_each_language() {
    let app = app_with_fixture().await;
    for (lang, prefix, title, home) in LANGS {
        let path = format!("{prefix}/blog/delayed-flight");
        let html = page(&app, &path, 200).await;
        assert!(html.contains(&format!(r#"<html lang="{lang}""#)), "{path}");
        assert_eq!(title_of(&html), format!("{title} | Rumbo"));
        assert!(html.contains(&format!(r#"<article class="ssr-article"><h1>{title}</h1>"#)), "{path} h1");
        assert!(html.contains("Keep every receipt."), "{path} body text");
        assert!(!html.contains("alert(1)"), "{path}: the body is sanitized");
        assert!(html.contains(r#"<time datetime="2026-03-14">"#) && html.contains("Marta Ríos"), "{path} date and author");
        assert!(html.contains(r#"<img class="ssr-cover" src="/media/coast.svg" width="1200" height="675""#), "{path} cover");
        let posting = structured(&html, "BlogPosting");
        assert_eq!(posting["headline"], title);
        assert_eq!(posting["description"], html_description(lang));
        assert_eq!((posting["datePublished"].as_str(), posting["dateModified"].as_str()), (Some("2026-03-14"), Some("2026-03-14")));
        assert_eq!(posting["author"], serde_json::json!({ "@type": "Person", "name": "Marta Ríos" }));
        assert_eq!(posting["image"], "http://rumbo.localhost/media/coast.svg");
        assert_eq!(posting["inLanguage"], lang);
        assert_eq!(posting["mainEntityOfPage"], format!("http://rumbo.localhost{path}"));
        assert_eq!(posting["publisher"]["name"], "Rumbo");
        let crumbs = &structured(&html, "BreadcrumbList")["itemListElement"];
        assert_eq!(crumbs[0]["name"], home);
        assert_eq!(crumbs[1]["item"], format!("http://rumbo.localhost{prefix}/blog"));
        assert_eq!(crumbs[2]["name"], title);
        assert!(html.contains(r#"<meta property="og:type" content="article">"#));
        assert!(html.contains(r#"<meta property="og:image" content="http://rumbo.localhost/media/coast.svg">"#), "{path} og:image");
        assert!(html.contains(r#"<meta property="article:published_time" content="2026-03-14">"#));
        assert!(html.contains(&format!(r#"<link rel="canonical" href="http://rumbo.localhost{path}">"#)));
        for (alt, alt_prefix) in [("en", ""), ("es", "/es"), ("pt", "/pt"), ("x-default", "")] {
            let link = format!(r#"hreflang="{alt}" href="http://rumbo.localhost{alt_prefix}/blog/delayed-flight""#);
            assert!(html.contains(&link), "{path} {link}");
        }
        assert!(html.contains(&format!(
            r#"type="application/rss+xml" title="{}" href="http://rumbo.localhost{prefix}/blog/feed.xml""#,
            blog_title(lang)
        )));
        let data = page_data(&html);
        assert_eq!(data["path"], path);
        assert_eq!(data["data"], api_json(&app, &format!("/api/v1/posts/delayed-flight?lang={lang}")).await, "{path} data is the API's");
    }
}

fn html_description(lang: &str) -> &'static str {
    match lang {
        "es" => "Prueba description",
        "pt" => "Teste description",
        _ => "Fixture description",
    }
}

#[tokio::test]
async fn unknown_posts_are_not_found_in_each_language() {
    let app = app_with_fixture().await;
    for (lang, prefix, _, _) in LANGS {
        for slug in ["no-such-post", "Delayed-Flight", "delayed-flight/more"] {
            let html = page(&app, &format!("{prefix}/blog/{slug}"), 404).await;
            assert!(html.contains(&format!(r#"<html lang="{lang}""#)) && html.contains("noindex"), "{prefix}/blog/{slug}");
        }
    }
    assert_eq!(app.get("/en/blog/lost-bag").await.headers()["location"], "/blog/lost-bag");
    assert_eq!(app.get("/es/blog/lost-bag/").await.headers()["location"], "/es/blog/lost-bag");
    let head = app.client.head(app.url("/pt/blog/lost-bag")).send().await.unwrap();
    assert_eq!((head.status().as_u16(), head.headers()["content-type"].to_str().unwrap()), (200, "text/html; charset=utf-8"));
    let page = app.get("/blog/lost-bag").await;
    assert_eq!(page.headers()["cache-control"], "no-cache");
    assert!(page.headers().contains_key("content-security-policy"), "security headers on content pages");
}
