//! Every route of docs/product.md#routes in every language: status, language, localized head.

use crate::content_fixture::blog_title;
use crate::helpers::{title_of, TestApp};

const ROUTES: [&str; 24] = [
    "/",
    "/blog",
    "/store",
    "/help",
    "/destinations",
    "/terms",
    "/privacy",
    "/copyright",
    "/about",
    "/account",
    "/reset-password",
    "/destinations/europe",
    "/destinations/asia",
    "/destinations/americas",
    "/destinations/africa",
    "/destinations/oceania",
    "/destinations/beaches",
    "/destinations/mountains",
    "/destinations/cities",
    "/destinations/cultural",
    "/destinations/tropical",
    "/destinations/urban",
    "/destinations/historic",
    "/destinations/islands",
];

fn localized(lang: &str, route: &str) -> String {
    match (lang, route) {
        ("en", _) => route.to_owned(),
        (_, "/") => format!("/{lang}"),
        _ => format!("/{lang}{route}"),
    }
}

#[tokio::test]
async fn every_route_answers_in_every_language_with_its_localized_head() {
    // The shell's own words (seo.json): imported destinations carry theirs (content_listings.rs).
    let app = TestApp::spawn_with(&["--content-auto-import", "false"]).await;
    for route in ROUTES {
        let mut titles = Vec::new();
        for lang in ["en", "es", "pt"] {
            let path = localized(lang, route);
            let response = app.get(&path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert_eq!(response.headers()["content-type"], "text/html; charset=utf-8");
            assert_eq!(response.headers()["cache-control"], "no-cache", "HTML is never cached: {path}");
            let html = response.text().await.unwrap();
            assert!(html.contains(&format!(r#"<html lang="{lang}""#)), "{path} lang");
            let title = title_of(&html).to_owned();
            assert!(title.contains("Rumbo"), "{path} title {title}");
            assert!(html.contains(r#"<meta name="description" content=""#), "{path} description");
            let canonical = format!(r#"<link rel="canonical" href="http://rumbo.localhost{path}">"#);
            assert!(html.contains(&canonical), "{path} canonical");
            for alt in ["en", "es", "pt"] {
                let href = format!(r#"hreflang="{alt}" href="http://rumbo.localhost{}""#, localized(alt, route));
                assert!(html.contains(&href), "{path} hreflang {alt}");
            }
            assert!(html.contains(&format!(r#"hreflang="x-default" href="http://rumbo.localhost{route}""#)), "{path} x-default");
            assert!(html.contains(r#"<meta property="og:title""#), "{path} og");
            let feed = format!(
                r#"type="application/rss+xml" title="{}" href="http://rumbo.localhost{}""#,
                blog_title(lang),
                localized(lang, "/blog/feed.xml")
            );
            assert!(html.contains(&feed), "{path} links the feed of its language");
            let private = ["/account", "/reset-password"].contains(&route);
            assert_eq!(html.contains(r#"<meta name="robots" content="noindex">"#), private, "{path} noindex only on account pages");
            titles.push(title);
        }
        // Spanish and Portuguese may share a word ("Destinos históricos"), never English's.
        assert_ne!(titles[0], titles[1], "{route}: Spanish title is translated");
        assert_ne!(titles[0], titles[2], "{route}: Portuguese title is translated");
    }
}

#[tokio::test]
async fn home_titles_are_the_decided_ones() {
    let app = TestApp::spawn().await;
    for (path, expected) in [
        ("/", "Rumbo | expert travel advice"),
        ("/es", "Rumbo | asesoría experta de viajes"),
        ("/pt", "Rumbo | consultoria especializada em viagens"),
    ] {
        let html = app.get(path).await.text().await.unwrap();
        assert_eq!(title_of(&html), expected);
    }
}

#[tokio::test]
async fn english_prefix_redirects_permanently_keeping_the_query() {
    let app = TestApp::spawn().await;
    for (from, to) in [("/en", "/"), ("/en/", "/"), ("/en/blog?x=1", "/blog?x=1"), ("/en/destinations/asia", "/destinations/asia")] {
        let response = app.get(from).await;
        assert_eq!(response.status(), 301, "{from}");
        assert_eq!(response.headers()["location"], to, "{from}");
    }
}

#[tokio::test]
async fn redirects_never_leave_the_site() {
    let app = TestApp::spawn().await;
    let response = app.get("/en//evil.example/x").await;
    assert_eq!(response.status(), 301);
    assert_eq!(response.headers()["location"], "/evil.example/x");
}

#[tokio::test]
async fn trailing_slashes_move_to_the_one_url() {
    let app = TestApp::spawn().await;
    let response = app.get("/es/blog/?page=2").await;
    assert_eq!(response.status(), 301);
    assert_eq!(response.headers()["location"], "/es/blog?page=2");
}

#[tokio::test]
async fn unknown_paths_answer_404_with_the_localized_not_found_page() {
    let app = TestApp::spawn().await;
    for (path, lang, title) in [
        ("/nope", "en", "Destination Not Found"),
        ("/xx/blog", "en", "Destination Not Found"),
        ("/es/nada", "es", "Destino no encontrado"),
        ("/pt/destinations/atlantis", "pt", "Destino não encontrado"),
        ("/destinations/atlantis", "en", "Destination Not Found"),
        ("/blog/no-such-post", "en", "Destination Not Found"),
    ] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 404, "{path}");
        let html = response.text().await.unwrap();
        assert!(html.contains(&format!(r#"<html lang="{lang}""#)), "{path}");
        assert!(title_of(&html).contains(title), "{path}: {}", title_of(&html));
        assert!(html.contains(r#"<meta name="robots" content="noindex">"#), "{path}");
    }
}

#[tokio::test]
async fn the_runtime_configuration_reaches_the_page_as_data() {
    let app = TestApp::spawn_with(&["--site-name", "Brújula", "--social-x-url", "https://x.com/brujula"]).await;
    let html = app.get("/es").await.text().await.unwrap();
    assert!(title_of(&html).starts_with("Brújula |"));
    assert!(html.contains(r#"<script type="application/json" id="rumbo-config">"#));
    assert!(html.contains(r#""x":"https://x.com/brujula""#));
    assert!(!html.contains("linkedin"), "unset social links are absent");
    assert!(html.contains(r#""partners":{}"#), "no partner search configured");
    let with_partner = TestApp::spawn_with(&["--partner-hotels-url", "https://partner.example/h?d={destination}&in={checkin}"]).await;
    let html = with_partner.get("/").await.text().await.unwrap();
    assert!(html.contains(r#""hotels":"https://partner.example/h?d={destination}&in={checkin}""#), "templates keep their placeholders");
}

#[tokio::test]
async fn built_assets_are_served_and_the_raw_template_is_not() {
    let app = TestApp::spawn().await;
    let html = app.get("/").await.text().await.unwrap();
    let script = html.split(r#"src="/assets/"#).nth(1).and_then(|rest| rest.split('"').next()).expect("page loads a bundle");
    let response = app.get(&format!("/assets/{script}")).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["cache-control"], "public, max-age=31536000, immutable");
    assert!(response.headers()["content-type"].to_str().unwrap().contains("javascript"));
    let etag = response.headers()["etag"].to_str().unwrap().to_owned();
    assert_eq!(app.get_with(&format!("/assets/{script}"), "if-none-match", &etag).await.status(), 304);
    assert_eq!(app.get("/assets/missing-abc123.js").await.status(), 404);
    assert_eq!(app.get("/index.html").await.status(), 404, "the template with its markers is never served");
}

#[tokio::test]
async fn assets_go_out_precompressed_to_clients_that_accept_it() {
    let app = TestApp::spawn().await;
    let html = app.get("/").await.text().await.unwrap();
    let script = html.split(r#"src="/assets/"#).nth(1).and_then(|rest| rest.split('"').next()).expect("page loads a bundle");
    let path = format!("/assets/{script}");
    let plain = app.get(&path).await;
    assert!(plain.headers().get("content-encoding").is_none());
    assert_eq!(plain.headers()["vary"], "accept-encoding");
    let plain_etag = plain.headers()["etag"].to_str().unwrap().to_owned();
    let plain = plain.bytes().await.unwrap();

    let gzip = app.get_with(&path, "accept-encoding", "gzip, deflate").await;
    assert_eq!(gzip.headers()["content-encoding"], "gzip");
    assert!(gzip.headers()["content-type"].to_str().unwrap().contains("javascript"));
    let gzip_etag = gzip.headers()["etag"].to_str().unwrap().to_owned();
    assert_ne!(gzip_etag, plain_etag, "each encoding has its own validator");
    let gzip = gzip.bytes().await.unwrap();
    assert_eq!(&gzip[..2], &[0x1f, 0x8b], "a gzip stream");
    assert!(gzip.len() < plain.len());

    let brotli = app.get_with(&path, "accept-encoding", "gzip, deflate, br, zstd").await;
    assert_eq!(brotli.headers()["content-encoding"], "br", "brotli is preferred");
    assert!(brotli.bytes().await.unwrap().len() <= gzip.len());

    let refused = app.get_with(&path, "accept-encoding", "br;q=0, identity").await;
    assert!(refused.headers().get("content-encoding").is_none());
    assert_eq!(app.get_with(&path, "if-none-match", &plain_etag).await.status(), 304);
}
