//! The HTTP layer: parse at the edge, call the service, answer the contract's shape.

pub mod bookings;
pub mod catalog;
pub mod documents;
pub mod manage;
pub mod opinions;
pub mod questions;
