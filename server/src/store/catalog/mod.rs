//! The catalogue: products shipped as content files, imported with the rest of the content.

pub mod answers;
pub mod files;
pub mod import;
pub mod load;
pub mod read;

pub use load::StoreCatalog;
