//! Reads the files of `content/` (docs/decisions/004) into typed values, reporting every
//! problem with its file and line instead of stopping at the first.

use std::collections::BTreeMap;

use serde::de::DeserializeOwned;
use serde::Deserialize;

use super::problems::{line_of, Problems};
use super::source::ContentFiles;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Author {
    pub name: String,
    pub role_en: String,
    pub role_es: String,
    pub role_pt: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Names {
    pub en: String,
    pub es: String,
    pub pt: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostMeta {
    pub published: toml::value::Datetime,
    pub updated: Option<toml::value::Datetime>,
    pub author: String,
    pub category: String,
    #[serde(default)]
    pub destinations: Vec<String>,
    pub cover: String,
    pub cover_width: i32,
    pub cover_height: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PostFront {
    pub title: String,
    pub excerpt: String,
    pub description: String,
    pub cover_alt: String,
    #[serde(default)]
    pub tags: Vec<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinationMeta {
    pub kind: String,
    /// Types of trip this destination offers (slugs of `type` destinations).
    #[serde(default)]
    pub types: Vec<String>,
    pub image: String,
    pub image_width: i32,
    pub image_height: i32,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DestinationFront {
    pub title: String,
    pub description: String,
    pub image_alt: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Testimonial {
    pub quote: String,
    pub name: String,
    pub trip: String,
}

/// A Markdown file: its front matter and its body.
#[derive(Debug, Clone)]
pub struct Document<F> {
    pub front: F,
    pub body: String,
}

/// Parses a whole TOML file, reporting a problem at the line the parser points to.
pub fn toml_file<T: DeserializeOwned>(files: &ContentFiles, path: &str, problems: &mut Problems) -> Option<T> {
    let Some(bytes) = files.get(path) else {
        problems.add(path, 1, "file is missing");
        return None;
    };
    let text = utf8(path, bytes, problems)?;
    parse_toml(path, text, 0, problems)
}

/// Parses `+++` TOML front matter and the Markdown body after it.
pub fn document<F: DeserializeOwned>(files: &ContentFiles, path: &str, problems: &mut Problems) -> Option<Document<F>> {
    let Some(bytes) = files.get(path) else {
        problems.add(path, 1, "file is missing");
        return None;
    };
    let text = utf8(path, bytes, problems)?;
    let Some(rest) = text.strip_prefix("+++\n").or_else(|| text.strip_prefix("+++\r\n")) else {
        problems.add(path, 1, "front matter must start with a +++ line");
        return None;
    };
    let Some(end) = rest.find("\n+++") else {
        problems.add(path, 1, "front matter is not closed by a +++ line");
        return None;
    };
    let front = parse_toml(path, &rest[..end + 1], 1, problems)?;
    let after = &rest[end + 4..];
    let body = after.trim_start_matches(['\r', '\n']).to_owned();
    if body.trim().is_empty() {
        problems.add(path, line_of(text, text.len()), "the body is empty");
    }
    Some(Document { front, body })
}

fn utf8<'a>(path: &str, bytes: &'a [u8], problems: &mut Problems) -> Option<&'a str> {
    match std::str::from_utf8(bytes) {
        Ok(text) => Some(text),
        Err(e) => {
            problems.add(path, 1, format!("not UTF-8 text ({e})"));
            None
        }
    }
}

fn parse_toml<T: DeserializeOwned>(path: &str, text: &str, line_offset: usize, problems: &mut Problems) -> Option<T> {
    match toml::from_str(text) {
        Ok(value) => Some(value),
        Err(e) => {
            let line = e.span().map(|span| line_of(text, span.start)).unwrap_or(1) + line_offset;
            problems.add(path, line, e.message().to_owned());
            None
        }
    }
}

/// `posts/<slug>/…` → the distinct slugs, in order.
pub fn folders(files: &ContentFiles, parent: &str) -> Vec<String> {
    let prefix = format!("{parent}/");
    let mut slugs: Vec<String> =
        files.keys().filter_map(|path| path.strip_prefix(&prefix)?.split_once('/').map(|(slug, _)| slug.to_owned())).collect();
    slugs.dedup();
    slugs
}

#[derive(Debug, Deserialize)]
pub struct AuthorsFile {
    pub authors: BTreeMap<String, Author>,
}

#[derive(Debug, Deserialize)]
pub struct CategoriesFile {
    pub categories: BTreeMap<String, Names>,
}

#[derive(Debug, Deserialize)]
pub struct TestimonialsFile {
    pub testimonials: Vec<Testimonial>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn files(pairs: &[(&str, &str)]) -> ContentFiles {
        pairs.iter().map(|(p, t)| (p.to_string(), t.as_bytes().to_vec())).collect()
    }

    #[test]
    fn front_matter_and_body_are_split() {
        let files = files(&[("a.md", "+++\ntitle = \"T\"\ndescription = \"D\"\nimage_alt = \"A\"\n+++\n\nBody text\n")]);
        let mut problems = Problems::default();
        let doc: Document<DestinationFront> = document(&files, "a.md", &mut problems).unwrap();
        assert_eq!(doc.front.title, "T");
        assert_eq!(doc.body, "Body text\n");
        assert!(problems.is_empty());
    }

    #[test]
    fn errors_point_at_the_line() {
        let files = files(&[("a.md", "+++\ntitle = \"T\"\ndescription = 5\nimage_alt = \"A\"\n+++\nBody\n")]);
        let mut problems = Problems::default();
        assert!(document::<DestinationFront>(&files, "a.md", &mut problems).is_none());
        assert_eq!(problems.0[0].file, "a.md");
        assert_eq!(problems.0[0].line, 3, "{:?}", problems.0);
    }

    #[test]
    fn unknown_fields_are_refused() {
        let files = files(&[("d.toml", "kind = \"region\"\nimage = \"x.svg\"\nimage_width = 1\nimage_height = 1\ncolour = \"red\"\n")]);
        let mut problems = Problems::default();
        assert!(toml_file::<DestinationMeta>(&files, "d.toml", &mut problems).is_none());
        assert!(problems.0[0].message.contains("colour"), "{:?}", problems.0);
    }

    #[test]
    fn folders_are_listed_once() {
        let files = files(&[("posts/a/en.md", ""), ("posts/a/es.md", ""), ("posts/b/post.toml", ""), ("images/x.svg", "")]);
        assert_eq!(folders(&files, "posts"), vec!["a", "b"]);
    }
}
