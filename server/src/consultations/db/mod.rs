//! The feature's queries (portable SQL, `$N` placeholders: docs/decisions/001).

pub mod bookings;
pub mod cases;
pub mod claims;
pub mod consultants;
pub mod documents;
pub mod plans;

/// `$first, $first+1, …` for a list of `count` bound values.
pub fn placeholders(first: usize, count: usize) -> String {
    (first..first + count).map(|n| format!("${n}")).collect::<Vec<_>>().join(", ")
}
