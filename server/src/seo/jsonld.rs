//! schema.org structured data (JSON-LD) for search engines: a post as `BlogPosting`, and the
//! page's place in the site as `BreadcrumbList`.

use serde_json::{json, Value};

use super::head::absolute;
use crate::content::model::PostDetail;
use crate::platform::i18n::Lang;

pub fn blog_posting(origin: &str, site_name: &str, lang: Lang, post: &PostDetail) -> Value {
    let summary = &post.summary;
    json!({
        "@context": "https://schema.org",
        "@type": "BlogPosting",
        "headline": summary.title,
        "description": post.description,
        "datePublished": summary.published,
        "dateModified": summary.updated,
        "author": { "@type": "Person", "name": summary.author.name },
        "image": absolute(origin, &summary.cover.url),
        "inLanguage": lang.code(),
        "mainEntityOfPage": absolute(origin, &summary.path),
        "publisher": { "@type": "Organization", "name": site_name },
    })
}

/// One step of a breadcrumb trail: its name and its path in the page's language.
pub struct Crumb<'a> {
    pub name: &'a str,
    pub path: String,
}

pub fn breadcrumb_list(origin: &str, trail: &[Crumb]) -> Value {
    let items: Vec<Value> = trail
        .iter()
        .enumerate()
        .map(|(i, crumb)| json!({ "@type": "ListItem", "position": i + 1, "name": crumb.name, "item": absolute(origin, &crumb.path) }))
        .collect();
    json!({ "@context": "https://schema.org", "@type": "BreadcrumbList", "itemListElement": items })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn breadcrumbs_are_numbered_absolute_links() {
        let trail = [Crumb { name: "Inicio", path: "/es".into() }, Crumb { name: "Blog", path: "/es/blog".into() }];
        let list = breadcrumb_list("https://rumbo.travel", &trail);
        assert_eq!(list["itemListElement"][1]["position"], 2);
        assert_eq!(list["itemListElement"][0]["item"], "https://rumbo.travel/es");
        assert_eq!(list["itemListElement"][1]["name"], "Blog");
    }
}
