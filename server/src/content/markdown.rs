//! Markdown to safe HTML. Content is written by us, but it is still sanitized: a pasted
//! `<script>` or `javascript:` link must never reach a reader's browser.

use pulldown_cmark::{html, Options, Parser};

/// Renders Markdown and keeps only harmless HTML (no scripts, styles, event handlers or
/// script URLs; outside links open safely).
pub fn to_safe_html(markdown: &str) -> String {
    let options = Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_SMART_PUNCTUATION;
    let mut raw = String::with_capacity(markdown.len() * 3 / 2);
    html::push_html(&mut raw, Parser::new_ext(markdown, options));
    ammonia::Builder::default()
        .url_schemes(["http", "https", "mailto"].into())
        .link_rel(Some("noopener noreferrer"))
        .clean(&raw)
        .to_string()
}

/// Minutes to read at 200 words a minute, at least one.
pub fn reading_minutes(markdown: &str) -> i64 {
    let words = markdown.split_whitespace().filter(|w| w.chars().any(char::is_alphanumeric)).count();
    words.div_ceil(200).max(1) as i64
}

/// Internal links of a body (`/blog/x`, `/es/blog/x`), for the import to check they resolve.
pub fn site_links(markdown: &str) -> Vec<String> {
    Parser::new(markdown)
        .filter_map(|event| match event {
            pulldown_cmark::Event::Start(pulldown_cmark::Tag::Link { dest_url, .. }) if dest_url.starts_with('/') => {
                Some(dest_url.split(['#', '?']).next().unwrap_or_default().to_owned())
            }
            _ => None,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_becomes_html() {
        let html = to_safe_html("## Your rights\n\nKeep **every** receipt.\n\n- one\n- two");
        assert!(html.contains("<h2>Your rights</h2>"));
        assert!(html.contains("<strong>every</strong>"));
        assert!(html.contains("<li>one</li>"));
    }

    #[test]
    fn scripts_and_script_links_are_removed() {
        let html = to_safe_html("Hi <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
    }

    #[test]
    fn links_open_safely() {
        let html = to_safe_html("[EU rules](https://europa.eu)");
        assert!(html.contains(r#"rel="noopener noreferrer""#), "{html}");
    }

    #[test]
    fn reading_time_counts_words() {
        assert_eq!(reading_minutes("word"), 1);
        assert_eq!(reading_minutes(&"word ".repeat(401)), 3);
    }

    #[test]
    fn internal_links_are_found() {
        let links = site_links("See [this](/es/blog/lost-passport-abroad#steps) and [that](https://gov.br).");
        assert_eq!(links, vec!["/es/blog/lost-passport-abroad"]);
    }
}
