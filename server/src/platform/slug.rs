//! Slugs: the lowercase ASCII words joined by `-` that name posts, destinations (and products)
//! in addresses (docs/decisions/004-content-files.md). Parsed once at the edge.

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Slug(String);

impl Slug {
    pub fn parse(text: &str) -> Option<Slug> {
        Slug::is_valid(text).then(|| Slug(text.to_owned()))
    }

    pub fn is_valid(text: &str) -> bool {
        !text.is_empty()
            && text.split('-').all(|word| !word.is_empty() && word.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit()))
    }

    /// A slug made from a title in any of the site's languages (accents dropped, at most
    /// 60 characters, whole words); `fallback` when nothing is left.
    pub fn from_title(title: &str, fallback: &str) -> Slug {
        let folded = crate::platform::text::fold(title);
        let mut slug = String::new();
        for word in folded.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()) {
            if slug.len() + word.len() + 1 > 60 {
                break;
            }
            if !slug.is_empty() {
                slug.push('-');
            }
            slug.push_str(word);
        }
        Slug(if slug.is_empty() { fallback.to_owned() } else { slug })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_become_slugs() {
        assert_eq!(Slug::from_title("¿Vuelo cancelado en São Paulo? ¡Reclama!", "x").as_str(), "vuelo-cancelado-en-sao-paulo-reclama");
        assert_eq!(Slug::from_title("東京", "opinion").as_str(), "opinion");
    }

    #[test]
    fn slugs_are_lowercase_words_joined_by_hyphens() {
        assert_eq!(Slug::parse("lost-bag-2").map(Slug::into_string).as_deref(), Some("lost-bag-2"));
        for bad in ["Lost-bag", "a--b", "-a", "a-", "feed.xml", "", "año"] {
            assert!(Slug::parse(bad).is_none(), "{bad}");
        }
    }
}
