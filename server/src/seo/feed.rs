//! RSS 2.0 feeds of the blog, one per language (`/blog/feed.xml`, `/es/blog/feed.xml`, …).

use std::fmt::Write;

use time::format_description::well_known::Rfc2822;
use time::macros::format_description;

use super::head::{absolute, feed_path};
use super::texts::PageText;
use crate::content::model::PostSummary;
use crate::platform::html::escape;
use crate::platform::i18n::Lang;

/// How many posts a feed carries, newest first.
pub const FEED_SIZE: u32 = 20;

/// `channel` names the feed (the blog page's title and description in `lang`).
pub fn rss_xml(origin: &str, lang: Lang, channel: &PageText, posts: &[PostSummary]) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<rss version=\"2.0\" xmlns:atom=\"http://www.w3.org/2005/Atom\">\n<channel>\n",
    );
    let _ = writeln!(
        xml,
        "<title>{}</title>\n<link>{}</link>\n<description>{}</description>\n<language>{}</language>",
        escape(&channel.title),
        escape(&absolute(origin, &lang.localize("/blog"))),
        escape(&channel.description),
        lang.code()
    );
    let _ = writeln!(xml, r#"<atom:link href="{}" rel="self" type="application/rss+xml"/>"#, escape(&absolute(origin, &feed_path(lang))));
    if let Some(newest) = posts.iter().filter_map(|post| rfc2822(&post.updated)).max_by_key(|(at, _)| *at) {
        let _ = writeln!(xml, "<lastBuildDate>{}</lastBuildDate>", newest.1);
    }
    for post in posts {
        let link = escape(&absolute(origin, &post.path));
        let published = rfc2822(&post.published).map(|(_, text)| text).unwrap_or_default();
        let _ = writeln!(
            xml,
            "<item><title>{}</title><link>{link}</link><guid isPermaLink=\"true\">{link}</guid><pubDate>{published}</pubDate><description>{}</description><category>{}</category></item>",
            escape(&post.title),
            escape(&post.excerpt),
            escape(&post.category.name)
        );
    }
    xml.push_str("</channel>\n</rss>\n");
    xml
}

/// `2026-03-14` as midnight UTC in RFC 2822 ("Sat, 14 Mar 2026 00:00:00 +0000").
fn rfc2822(date: &str) -> Option<(time::Date, String)> {
    let day = time::Date::parse(date, format_description!("[year]-[month]-[day]")).ok()?;
    Some((day, day.midnight().assume_utc().format(&Rfc2822).ok()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_rfc_2822() {
        assert_eq!(rfc2822("2026-03-14").unwrap().1, "Sat, 14 Mar 2026 00:00:00 +0000");
        assert!(rfc2822("soon").is_none());
    }

    #[test]
    fn an_empty_feed_is_still_a_channel() {
        let channel = PageText { title: "Blog & more | Rumbo".into(), description: "<Tips>".into() };
        let xml = rss_xml("https://rumbo.travel", Lang::Pt, &channel, &[]);
        assert!(xml.contains("<title>Blog &amp; more | Rumbo</title>"));
        assert!(xml.contains("<description>&lt;Tips&gt;</description>"));
        assert!(xml.contains("<language>pt</language>"));
        assert!(xml.contains(r#"<atom:link href="https://rumbo.travel/pt/blog/feed.xml" rel="self""#));
        assert!(!xml.contains("<item>"));
    }
}
