pub mod cart;
pub mod catalog;
pub mod orders;
