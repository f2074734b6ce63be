//! What the content-page tests share: the fixture folder (2 posts, 1 destination), editable
//! copies of it, and readers for the data blocks of a page.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::helpers::TestApp;

pub const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/content");

/// A site serving only the fixture content, imported before it starts.
pub async fn app_with_fixture() -> TestApp {
    TestApp::spawn_with_content(Path::new(FIXTURE), &[]).await
}

/// A copy of the fixture the test may change; removed when dropped.
pub struct ContentCopy(pub PathBuf);

impl ContentCopy {
    pub fn new() -> ContentCopy {
        let dir = std::env::temp_dir().join(format!("rumbo-content-{}", uuid::Uuid::new_v4().simple()));
        copy_dir(Path::new(FIXTURE), &dir);
        ContentCopy(dir)
    }

    /// Replaces `from` with `to` in one file of the copy.
    pub fn edit(&self, file: &str, from: &str, to: &str) {
        let path = self.0.join(file);
        let text = std::fs::read_to_string(&path).unwrap();
        assert!(text.contains(from), "{file} contains {from}");
        std::fs::write(path, text.replace(from, to)).unwrap();
    }

    /// A copy of an existing folder under a new name (a post or destination slug).
    pub fn duplicate(&self, from: &str, to: &str) {
        copy_dir(&self.0.join(from), &self.0.join(to));
    }
}

impl Drop for ContentCopy {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let entry = entry.unwrap();
        if entry.file_type().unwrap().is_dir() {
            copy_dir(&entry.path(), &to.join(entry.file_name()));
        } else {
            std::fs::copy(entry.path(), to.join(entry.file_name())).unwrap();
        }
    }
}

/// A page's HTML, asserting its status.
pub async fn page(app: &TestApp, path: &str, status: u16) -> String {
    let response = app.get(path).await;
    assert_eq!(response.status(), status, "{path}");
    response.text().await.unwrap()
}

pub async fn api_json(app: &TestApp, path: &str) -> Value {
    let response = app.get(path).await;
    assert_eq!(response.status(), 200, "{path}");
    response.json().await.unwrap()
}

/// The contents of every `<script …{opening}…>` element, parsed.
fn script_blocks(html: &str, opening: &str) -> Vec<Value> {
    html.split(opening)
        .skip(1)
        .map(|rest| serde_json::from_str(&rest[..rest.find("</script>").expect("block is closed")]).expect("block is JSON"))
        .collect()
}

/// The `rumbo-page` data block: `{"path", "data"}`.
pub fn page_data(html: &str) -> Value {
    let blocks = script_blocks(html, r#"<script type="application/json" id="rumbo-page">"#);
    assert_eq!(blocks.len(), 1, "one page-data block");
    blocks.into_iter().next().unwrap()
}

/// The JSON-LD object of a schema.org type.
pub fn structured(html: &str, kind: &str) -> Value {
    let blocks = script_blocks(html, r#"<script type="application/ld+json">"#);
    blocks.into_iter().find(|block| block["@type"] == kind).unwrap_or_else(|| panic!("no {kind} in the page"))
}

/// The text between `<tag>` and `</tag>`, each time it appears.
pub fn elements<'a>(xml: &'a str, tag: &str) -> Vec<&'a str> {
    let (open, close) = (format!("<{tag}>"), format!("</{tag}>"));
    xml.split(&open).skip(1).map(|rest| &rest[..rest.find(&close).expect("element is closed")]).collect()
}

/// The blog's title, which also names each language's feed.
pub fn blog_title(lang: &str) -> &'static str {
    match lang {
        "es" => "Blog de viajes | Rumbo",
        "pt" => "Blog de viagens | Rumbo",
        _ => "Travel blog | Rumbo",
    }
}
