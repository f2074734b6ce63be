//! A content folder checked as a whole: every post and destination in en, es and pt, every
//! reference resolving. Only a catalog without problems is ever imported.

use std::collections::{BTreeMap, BTreeSet};

use super::markdown;
use super::parse::{self, Author, DestinationFront, DestinationMeta, Document, Names, PostFront, PostMeta, Testimonial};
use super::problems::Problems;
use super::source::ContentFiles;
use crate::platform::i18n::Lang;
use crate::platform::slug::Slug;

pub const DESCRIPTION_MAX_CHARS: usize = 160;
const KINDS: [&str; 3] = ["region", "type", "theme"];
/// The destinations page's filter tabs (docs/product.md#blog-and-destinations).
pub const TRIP_TYPES: [&str; 4] = ["beaches", "mountains", "cities", "cultural"];

#[derive(Debug, Clone)]
pub struct PostText {
    pub front: PostFront,
    pub body_html: String,
    pub reading_minutes: i64,
}

#[derive(Debug, Clone)]
pub struct Post {
    pub slug: String,
    pub published_at: i64,
    pub updated_at: i64,
    pub meta: PostMeta,
    pub texts: Vec<(Lang, PostText)>,
}

#[derive(Debug, Clone)]
pub struct DestinationText {
    pub front: DestinationFront,
    pub body_html: String,
}

#[derive(Debug, Clone)]
pub struct Destination {
    pub slug: String,
    pub meta: DestinationMeta,
    pub texts: Vec<(Lang, DestinationText)>,
}

#[derive(Debug, Clone, Default)]
pub struct Catalog {
    pub authors: BTreeMap<String, Author>,
    pub categories: BTreeMap<String, Names>,
    pub posts: Vec<Post>,
    pub destinations: Vec<Destination>,
    pub testimonials: Vec<(Lang, Vec<Testimonial>)>,
    pub images: BTreeMap<String, Vec<u8>>,
    /// The store's categories, shipping and products (store/catalog).
    pub store: crate::store::catalog::StoreCatalog,
}

/// Reads and checks everything; any problem means no catalog.
pub fn load(files: &ContentFiles) -> Result<Catalog, Problems> {
    let mut problems = Problems::default();
    let mut catalog = Catalog {
        authors: parse::toml_file::<parse::AuthorsFile>(files, "authors.toml", &mut problems).map(|f| f.authors).unwrap_or_default(),
        categories: parse::toml_file::<parse::CategoriesFile>(files, "categories.toml", &mut problems)
            .map(|f| f.categories)
            .unwrap_or_default(),
        images: images(files, &mut problems),
        ..Catalog::default()
    };
    for slug in parse::folders(files, "destinations") {
        if let Some(destination) = destination(files, &slug, &catalog, &mut problems) {
            catalog.destinations.push(destination);
        }
    }
    for slug in parse::folders(files, "posts") {
        if let Some(post) = post(files, &slug, &catalog, &mut problems) {
            catalog.posts.push(post);
        }
    }
    for lang in Lang::ALL {
        let path = format!("testimonials/{}.toml", lang.code());
        if let Some(file) = parse::toml_file::<parse::TestimonialsFile>(files, &path, &mut problems) {
            catalog.testimonials.push((lang, file.testimonials));
        }
    }
    catalog.store = crate::store::catalog::load::load(files, &catalog.images, &mut problems);
    check_links(files, &mut problems);
    if problems.is_empty() {
        Ok(catalog)
    } else {
        Err(problems)
    }
}

fn post(files: &ContentFiles, slug: &str, catalog: &Catalog, problems: &mut Problems) -> Option<Post> {
    let dir = format!("posts/{slug}");
    check_slug(&dir, slug, problems);
    let meta_path = format!("{dir}/post.toml");
    let meta: PostMeta = parse::toml_file(files, &meta_path, problems)?;
    if !catalog.authors.contains_key(&meta.author) {
        problems.add(&meta_path, 1, format!("author `{}` is not in authors.toml", meta.author));
    }
    if !catalog.categories.contains_key(&meta.category) {
        problems.add(&meta_path, 1, format!("category `{}` is not in categories.toml", meta.category));
    }
    for destination in meta.destinations.iter().filter(|d| !files.contains_key(&format!("destinations/{d}/destination.toml"))) {
        problems.add(&meta_path, 1, format!("destination `{destination}` does not exist"));
    }
    check_image(&meta_path, &meta.cover, meta.cover_width, meta.cover_height, catalog, problems);
    let published_at = unix_date(&meta_path, &meta.published, problems)?;
    let updated_at = meta.updated.as_ref().and_then(|d| unix_date(&meta_path, d, problems)).unwrap_or(published_at);
    let mut texts = Vec::new();
    for lang in Lang::ALL {
        let path = format!("{dir}/{}.md", lang.code());
        let doc: Document<PostFront> = parse::document(files, &path, problems)?;
        check_text(&path, "title", &doc.front.title, problems);
        check_text(&path, "excerpt", &doc.front.excerpt, problems);
        check_description(&path, &doc.front.description, problems);
        let text = PostText {
            body_html: markdown::to_safe_html(&doc.body),
            reading_minutes: markdown::reading_minutes(&doc.body),
            front: doc.front,
        };
        texts.push((lang, text));
    }
    Some(Post { slug: slug.to_owned(), published_at, updated_at, meta, texts })
}

fn destination(files: &ContentFiles, slug: &str, catalog: &Catalog, problems: &mut Problems) -> Option<Destination> {
    let dir = format!("destinations/{slug}");
    check_slug(&dir, slug, problems);
    let meta_path = format!("{dir}/destination.toml");
    let meta: DestinationMeta = parse::toml_file(files, &meta_path, problems)?;
    if !KINDS.contains(&meta.kind.as_str()) {
        problems.add(&meta_path, 1, format!("kind `{}` is not one of region, type, theme", meta.kind));
    }
    check_image(&meta_path, &meta.image, meta.image_width, meta.image_height, catalog, problems);
    for trip_type in meta.types.iter().filter(|t| !TRIP_TYPES.contains(&t.as_str())) {
        problems.add(&meta_path, 1, format!("type `{trip_type}` is not one of {}", TRIP_TYPES.join(", ")));
    }
    let mut texts = Vec::new();
    for lang in Lang::ALL {
        let path = format!("{dir}/{}.md", lang.code());
        let doc: Document<DestinationFront> = parse::document(files, &path, problems)?;
        check_text(&path, "title", &doc.front.title, problems);
        check_description(&path, &doc.front.description, problems);
        texts.push((lang, DestinationText { body_html: markdown::to_safe_html(&doc.body), front: doc.front }));
    }
    Some(Destination { slug: slug.to_owned(), meta, texts })
}

/// Illustrations are SVG files we serve ourselves: nothing active or external may be inside.
fn images(files: &ContentFiles, problems: &mut Problems) -> BTreeMap<String, Vec<u8>> {
    let mut images = BTreeMap::new();
    for (path, bytes) in files.iter().filter(|(path, _)| path.starts_with("images/")) {
        let name = &path["images/".len()..];
        let text = String::from_utf8_lossy(bytes).to_ascii_lowercase();
        if !name.ends_with(".svg") {
            problems.add(path, 1, "images must be SVG files");
        } else if text.contains("<script") || text.contains("javascript:") || text.contains("<foreignobject") || has_event_handler(&text) {
            problems.add(path, 1, "SVG must not contain scripts or event handlers");
        } else if text.contains("href=\"http") || text.contains("href='http") {
            problems.add(path, 1, "SVG must not load anything from outside");
        } else {
            images.insert(name.to_owned(), bytes.clone());
        }
    }
    images
}

/// An attribute such as ` onload=` (the text is already lower-cased).
fn has_event_handler(svg: &str) -> bool {
    let bytes = svg.as_bytes();
    svg.match_indices("on").any(|(i, _)| {
        let name_len = svg[i + 2..].bytes().take_while(u8::is_ascii_lowercase).count();
        i > 0 && bytes[i - 1].is_ascii_whitespace() && name_len > 0 && svg[i + 2 + name_len..].trim_start().starts_with('=')
    })
}

fn check_image(path: &str, image: &str, width: i32, height: i32, catalog: &Catalog, problems: &mut Problems) {
    if !catalog.images.contains_key(image) {
        problems.add(path, 1, format!("image `{image}` is not in images/"));
    }
    if width <= 0 || height <= 0 {
        problems.add(path, 1, "image width and height must be positive");
    }
}

fn check_slug(dir: &str, slug: &str, problems: &mut Problems) {
    if !Slug::is_valid(slug) {
        problems.add(dir, 1, "slugs are lowercase words joined by -");
    }
}

fn check_text(path: &str, field: &str, value: &str, problems: &mut Problems) {
    if value.trim().is_empty() {
        problems.add(path, 1, format!("`{field}` is empty"));
    }
}

fn check_description(path: &str, description: &str, problems: &mut Problems) {
    check_text(path, "description", description, problems);
    let chars = description.chars().count();
    if chars > DESCRIPTION_MAX_CHARS {
        problems.add(path, 1, format!("`description` has {chars} characters; at most {DESCRIPTION_MAX_CHARS}"));
    }
}

fn unix_date(path: &str, value: &toml::value::Datetime, problems: &mut Problems) -> Option<i64> {
    let date = value.date.filter(|_| value.time.is_none())?;
    let month = time::Month::try_from(date.month).ok()?;
    match time::Date::from_calendar_date(i32::from(date.year), month, date.day) {
        Ok(date) => Some(date.midnight().assume_utc().unix_timestamp()),
        Err(e) => {
            problems.add(path, 1, format!("not a date: {e}"));
            None
        }
    }
}

/// Every site link in a body must lead to a page that exists (a post folder counts even when
/// the post has problems of its own: those are reported once, at the post).
fn check_links(files: &ContentFiles, problems: &mut Problems) {
    let folders = parse::folders(files, "posts");
    let posts: BTreeSet<&str> = folders.iter().map(String::as_str).collect();
    for (path, bytes) in files.iter().filter(|(path, _)| path.ends_with(".md")) {
        let text = String::from_utf8_lossy(bytes);
        for link in markdown::site_links(&text) {
            if !link_resolves(&link, &posts) {
                let line = text.find(&link).map(|at| super::problems::line_of(&text, at)).unwrap_or(1);
                problems.add(path, line, format!("link `{link}` leads nowhere"));
            }
        }
    }
}

fn link_resolves(link: &str, posts: &BTreeSet<&str>) -> bool {
    let unprefixed =
        ["/es", "/pt"].iter().find_map(|p| link.strip_prefix(p).filter(|r| r.is_empty() || r.starts_with('/'))).unwrap_or(link);
    match unprefixed.strip_prefix("/blog/") {
        Some(slug) => posts.contains(slug),
        None => matches!(crate::seo::routes::resolve(link), crate::seo::routes::Resolved::Page(..)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SVG: &str = r#"<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="675" viewBox="0 0 1200 675"><rect width="1200" height="675"/></svg>"#;

    /// The smallest valid folder: one destination, one post, three languages.
    pub fn minimal() -> ContentFiles {
        let mut files: Vec<(String, String)> = vec![
            ("authors.toml".into(), "[authors.marta]\nname = \"Marta\"\nrole_en = \"Adviser\"\nrole_es = \"Asesora\"\nrole_pt = \"Consultora\"\n".into()),
            ("categories.toml".into(), "[categories.flights]\nen = \"Flights\"\nes = \"Vuelos\"\npt = \"Voos\"\n".into()),
            ("images/coast.svg".into(), SVG.into()),
            ("destinations/europe/destination.toml".into(), "kind = \"region\"\ntypes = [\"cities\"]\nimage = \"coast.svg\"\nimage_width = 1200\nimage_height = 675\n".into()),
            ("posts/delays/post.toml".into(), "published = 2026-03-14\nauthor = \"marta\"\ncategory = \"flights\"\ndestinations = [\"europe\"]\ncover = \"coast.svg\"\ncover_width = 1200\ncover_height = 675\n".into()),
        ];
        for lang in ["en", "es", "pt"] {
            files.push((
                format!("destinations/europe/{lang}.md"),
                format!("+++\ntitle = \"Europe {lang}\"\ndescription = \"Trains\"\nimage_alt = \"A coast\"\n+++\nAdvice in {lang}.\n"),
            ));
            files.push((format!("posts/delays/{lang}.md"), format!("+++\ntitle = \"Delays {lang}\"\nexcerpt = \"E\"\ndescription = \"D\"\ncover_alt = \"A board\"\ntags = [\"t\"]\n+++\n## Rights\n\nSee [Europe](/destinations/europe) and [this post](/blog/delays).\n")));
            files.push((
                format!("testimonials/{lang}.toml"),
                "[[testimonials]]\nquote = \"Helpful.\"\nname = \"Ana S.\"\ntrip = \"Lisbon\"\n".into(),
            ));
        }
        files.into_iter().map(|(p, t)| (p, t.into_bytes())).collect()
    }

    fn problems_of(files: &ContentFiles) -> Vec<String> {
        load(files).err().map(|p| p.0.iter().map(ToString::to_string).collect()).unwrap_or_default()
    }

    #[test]
    fn a_complete_folder_loads() {
        let catalog = load(&minimal()).expect("no problems");
        assert_eq!(catalog.posts.len(), 1);
        assert_eq!(catalog.posts[0].texts.len(), 3);
        assert_eq!(catalog.posts[0].published_at, 1_773_446_400);
        assert!(catalog.posts[0].texts[0].1.body_html.contains("<h2>Rights</h2>"));
    }

    #[test]
    fn a_missing_translation_is_reported_with_its_file() {
        let mut files = minimal();
        files.remove("posts/delays/pt.md");
        assert_eq!(problems_of(&files), vec!["posts/delays/pt.md:1: file is missing"]);
    }

    #[test]
    fn unknown_references_are_reported() {
        let mut files = minimal();
        files.insert("posts/delays/post.toml".into(), b"published = 2026-03-14\nauthor = \"nobody\"\ncategory = \"food\"\ndestinations = [\"mars\"]\ncover = \"none.svg\"\ncover_width = 0\ncover_height = 675\n".to_vec());
        let problems = problems_of(&files).join("\n");
        for expected in ["author `nobody`", "category `food`", "destination `mars`", "image `none.svg`", "width and height"] {
            assert!(problems.contains(expected), "{expected} in {problems}");
        }
    }

    #[test]
    fn broken_links_are_reported_with_their_line() {
        let mut files = minimal();
        files.insert(
            "posts/delays/es.md".into(),
            b"+++\ntitle = \"T\"\nexcerpt = \"E\"\ndescription = \"D\"\ncover_alt = \"A\"\n+++\nText\n\n[x](/es/blog/no-such-post)\n"
                .to_vec(),
        );
        assert_eq!(problems_of(&files), vec!["posts/delays/es.md:9: link `/es/blog/no-such-post` leads nowhere"]);
    }

    #[test]
    fn long_descriptions_and_bad_slugs_are_refused() {
        let mut files = minimal();
        let long = "x".repeat(161);
        files.insert(
            "destinations/europe/en.md".into(),
            format!("+++\ntitle = \"E\"\ndescription = \"{long}\"\nimage_alt = \"A\"\n+++\nBody\n").into_bytes(),
        );
        let svg = files["images/coast.svg"].clone();
        files.insert("posts/Bad_Slug/post.toml".into(), svg);
        let problems = problems_of(&files).join("\n");
        assert!(problems.contains("161 characters"), "{problems}");
        assert!(problems.contains("posts/Bad_Slug:1: slugs are lowercase"), "{problems}");
    }

    #[test]
    fn active_svg_is_refused() {
        for bad in [
            r#"<svg onload="alert(1)"/>"#,
            "<svg><script>alert(1)</script></svg>",
            r#"<svg><image href="https://evil.example/x.png"/></svg>"#,
        ] {
            let mut files = minimal();
            files.insert("images/coast.svg".into(), bad.as_bytes().to_vec());
            assert!(problems_of(&files).iter().any(|p| p.starts_with("images/coast.svg:1: SVG must not")), "{bad}");
        }
    }

    #[test]
    fn the_shipped_content_is_complete() {
        let files = crate::content::source::shipped();
        assert!(!files.is_empty(), "content/ is embedded");
        let catalog = load(&files).unwrap_or_else(|p| {
            panic!("shipped content problems:\n{}", p.0.iter().map(ToString::to_string).collect::<Vec<_>>().join("\n"))
        });
        assert!(catalog.posts.len() >= 15, "at least 15 posts, found {}", catalog.posts.len());
        for slug in crate::seo::routes::DESTINATION_SLUGS {
            assert!(catalog.destinations.iter().any(|d| d.slug == slug), "destination {slug}");
        }
        let products = &catalog.store.products;
        assert!(products.len() >= 12, "at least 12 products, found {}", products.len());
        assert!(products.iter().any(|p| p.meta.kind == "physical") && products.iter().any(|p| p.meta.kind == "digital"));
        assert!(products.iter().filter(|p| p.meta.kind == "digital").all(|p| p.files.len() == 3), "every guide in three languages");
    }
}
