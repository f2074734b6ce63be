//! Travel documents: recognised by their first bytes (never by name or declared type), at most
//! 10 MB each and 5 per booking, written under UPLOAD_DIR with generated names and never served.

use std::path::{Path, PathBuf};

use tokio::io::AsyncWriteExt;

/// The most one document may weigh.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;
/// The most documents one booking may carry.
pub const MAX_PER_BOOKING: i64 = 5;
/// A request carrying one document: the file plus room for the multipart framing.
pub const MAX_REQUEST_BYTES: usize = MAX_BYTES + 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Pdf,
    Jpeg,
    Png,
}

impl Kind {
    /// What the file's first bytes say it is.
    pub fn sniff(head: &[u8]) -> Option<Kind> {
        if head.starts_with(b"%PDF-") {
            Some(Kind::Pdf)
        } else if head.starts_with(&[0xFF, 0xD8, 0xFF]) {
            Some(Kind::Jpeg)
        } else if head.starts_with(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A]) {
            Some(Kind::Png)
        } else {
            None
        }
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Pdf => "application/pdf",
            Kind::Jpeg => "image/jpeg",
            Kind::Png => "image/png",
        }
    }

    pub fn extension(self) -> &'static str {
        match self {
            Kind::Pdf => "pdf",
            Kind::Jpeg => "jpg",
            Kind::Png => "png",
        }
    }
}

/// The name shown back to the traveller: the last path segment, without control characters,
/// at most 200 characters; "document" when nothing is left.
pub fn display_name(raw: Option<&str>, kind: Kind) -> String {
    let base = raw.unwrap_or_default().rsplit(['/', '\\']).next().unwrap_or_default();
    let clean: String = base.chars().filter(|c| !c.is_control()).take(200).collect();
    let clean = clean.trim();
    if clean.is_empty() {
        format!("document.{}", kind.extension())
    } else {
        clean.to_owned()
    }
}

/// A file being written: created under a temporary name, kept or removed at the end.
pub struct Upload {
    file: tokio::fs::File,
    temp: PathBuf,
    pub size: usize,
}

impl Upload {
    pub async fn create(dir: &Path) -> std::io::Result<Upload> {
        tokio::fs::create_dir_all(dir).await?;
        let temp = dir.join(format!(".upload-{}", uuid::Uuid::new_v4().simple()));
        let file = tokio::fs::OpenOptions::new().write(true).create_new(true).open(&temp).await?;
        Ok(Upload { file, temp, size: 0 })
    }

    pub async fn write(&mut self, chunk: &[u8]) -> std::io::Result<()> {
        self.size += chunk.len();
        self.file.write_all(chunk).await
    }

    /// Flushes and gives the file its final name (inside the same folder).
    pub async fn keep(mut self, name: &str) -> std::io::Result<()> {
        self.file.flush().await?;
        self.file.sync_all().await?;
        let target = self.temp.with_file_name(name);
        tokio::fs::rename(&self.temp, target).await
    }

    pub async fn discard(self) {
        drop(self.file);
        let _ = tokio::fs::remove_file(&self.temp).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_come_from_the_first_bytes() {
        assert_eq!(Kind::sniff(b"%PDF-1.7\n..."), Some(Kind::Pdf));
        assert_eq!(Kind::sniff(&[0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]), Some(Kind::Jpeg));
        assert_eq!(Kind::sniff(&[0x89, b'P', b'N', b'G', 0x0D, 0x0A, 0x1A, 0x0A, 0]), Some(Kind::Png));
        for other in [&b"GIF89a"[..], b"PK\x03\x04", b"<html>", b"%PD", b""] {
            assert_eq!(Kind::sniff(other), None, "{other:?}");
        }
    }

    #[test]
    fn display_names_are_tamed() {
        assert_eq!(display_name(Some("../../etc/passwd"), Kind::Pdf), "passwd");
        assert_eq!(display_name(Some("C:\\Users\\ana\\pasaporte.pdf"), Kind::Pdf), "pasaporte.pdf");
        assert_eq!(display_name(Some("bil\u{0}hete\r\n.png"), Kind::Png), "bilhete.png");
        assert_eq!(display_name(None, Kind::Jpeg), "document.jpg");
    }
}
