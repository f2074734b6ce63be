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
    fn slugs_are_lowercase_words_joined_by_hyphens() {
        assert_eq!(Slug::parse("lost-bag-2").map(Slug::into_string).as_deref(), Some("lost-bag-2"));
        for bad in ["Lost-bag", "a--b", "-a", "a-", "feed.xml", "", "año"] {
            assert!(Slug::parse(bad).is_none(), "{bad}");
        }
    }
}
