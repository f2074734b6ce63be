//! What is wrong with a content folder, each problem with its file and line.

use std::fmt;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub file: String,
    pub line: usize,
    pub message: String,
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.file, self.line, self.message)
    }
}

#[derive(Debug, Default)]
pub struct Problems(pub Vec<Problem>);

impl Problems {
    pub fn add(&mut self, file: &str, line: usize, message: impl Into<String>) {
        self.0.push(Problem { file: file.to_owned(), line, message: message.into() });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// The 1-based line of a byte offset in `text`.
pub fn line_of(text: &str, offset: usize) -> usize {
    text[..offset.min(text.len())].matches('\n').count() + 1
}
