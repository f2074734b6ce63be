//! What happens to a booking beyond a single query: holding a time, paying, confirming,
//! cancelling, moving, releasing expired holds, and who may see it.

pub mod access;
pub mod expiry;
pub mod hold;
pub mod manage;
pub mod meeting;
pub mod payment;
pub mod purchase;
pub mod view;
