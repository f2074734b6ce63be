//! The raw files of a content folder: read from disk (`rumbo import DIR`) or from the copy of
//! `content/` embedded in the binary (first start of a fresh site).

use std::collections::BTreeMap;
use std::path::Path;

/// Relative path (with `/`) → bytes.
pub type ContentFiles = BTreeMap<String, Vec<u8>>;

#[derive(rust_embed::Embed)]
#[folder = "../content/"]
#[allow_missing = true]
struct ShippedContent;

pub fn shipped() -> ContentFiles {
    ShippedContent::iter().filter_map(|name| ShippedContent::get(&name).map(|file| (name.into_owned(), file.data.into_owned()))).collect()
}

pub fn read_dir(root: &Path) -> std::io::Result<ContentFiles> {
    let mut files = ContentFiles::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)? {
            let path = entry?.path();
            if path.is_dir() {
                pending.push(path);
            } else if let Ok(relative) = path.strip_prefix(root) {
                let name = relative.components().map(|c| c.as_os_str().to_string_lossy()).collect::<Vec<_>>().join("/");
                files.insert(name, std::fs::read(&path)?);
            }
        }
    }
    Ok(files)
}
