//! The site's languages. Every match over `Lang` is exhaustive on purpose: adding a
//! language must fail to compile until every text for it exists.

use serde::Serialize;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    En,
    Es,
    Pt,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::Es, Lang::Pt];

    pub fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Pt => "pt",
        }
    }

    /// A `?lang=` parameter: English when absent, None when it is not one of ours.
    pub fn from_query(code: Option<&str>) -> Option<Lang> {
        code.map_or(Some(Lang::En), Lang::from_code)
    }

    /// Accepts only the codes the site serves; anything else is not a language of ours.
    pub fn from_code(code: &str) -> Option<Lang> {
        match code {
            "en" => Some(Lang::En),
            "es" => Some(Lang::Es),
            "pt" => Some(Lang::Pt),
            _ => None,
        }
    }

    /// The path prefix of this language: English, the default, has none.
    pub fn path_prefix(self) -> &'static str {
        match self {
            Lang::En => "",
            Lang::Es => "/es",
            Lang::Pt => "/pt",
        }
    }

    /// Open Graph locale for the audience each language mostly serves.
    pub fn og_locale(self) -> &'static str {
        match self {
            Lang::En => "en_US",
            Lang::Es => "es_ES",
            Lang::Pt => "pt_BR",
        }
    }

    /// Builds the path of `path` (which starts with `/`) in this language.
    pub fn localize(self, path: &str) -> String {
        match (self, path) {
            (Lang::En, _) => path.to_owned(),
            (_, "/") => self.path_prefix().to_owned(),
            _ => format!("{}{}", self.path_prefix(), path),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn english_has_no_prefix_and_others_do() {
        assert_eq!(Lang::En.localize("/"), "/");
        assert_eq!(Lang::En.localize("/blog"), "/blog");
        assert_eq!(Lang::Es.localize("/"), "/es");
        assert_eq!(Lang::Pt.localize("/destinations/asia"), "/pt/destinations/asia");
    }

    #[test]
    fn only_served_codes_parse() {
        assert_eq!(Lang::from_code("pt"), Some(Lang::Pt));
        assert_eq!(Lang::from_code("fr"), None);
        assert_eq!(Lang::from_code("EN"), None);
    }
}

/// `?lang=`: the language of an answer (default English), read as text so a wrong value gets
/// the feature's own `invalid_language`.
#[derive(Debug, Default, serde::Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct LangQuery {
    #[param(value_type = Option<Lang>)]
    pub lang: Option<String>,
}
