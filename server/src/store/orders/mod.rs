//! Orders: placing them with their stock reserved, paying, the receipt, downloads, and the
//! sweeper that releases what was never paid.

pub mod access;
pub mod address;
pub mod downloads;
pub mod expiry;
pub mod fulfilment;
pub mod payment;
pub mod place;
pub mod purchase;
pub mod receipt;
pub mod rows;
pub mod view;
