//! Typed ids: a booking's id cannot be passed where a user's is expected. Each is a UUID in
//! its canonical form (`8-4-4-4-12` lowercase hexadecimal digits), parsed once at the edge;
//! anything else is no id at all (and so, to a caller, "not found").

use std::fmt;

macro_rules! uuid_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Debug, Clone, PartialEq, Eq, Hash)]
        pub struct $name(String);

        impl $name {
            /// The id in `raw`, when `raw` is a hyphenated UUID (any case).
            pub fn parse(raw: &str) -> Option<$name> {
                if raw.len() != 36 {
                    return None;
                }
                uuid::Uuid::try_parse(raw).ok().map(|id| $name(id.hyphenated().to_string()))
            }

            /// A new random id.
            pub fn generate() -> $name {
                $name(uuid::Uuid::new_v4().to_string())
            }

            pub fn as_str(&self) -> &str {
                &self.0
            }

            pub fn into_string(self) -> String {
                self.0
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(&self.0)
            }
        }
    };
}

uuid_id!(
    /// A consultation booking.
    BookingId
);
uuid_id!(
    /// An account (`auth_users.id`, the `sub` of its access tokens).
    UserId
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_are_canonical_hyphenated_uuids() {
        let id = BookingId::parse("0B5C9A2E-1C2D-4E5F-8A9B-0C1D2E3F4A5B").unwrap();
        assert_eq!(id.as_str(), "0b5c9a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b");
        for bad in [
            "",
            "0b5c9a2e",
            "0b5c9a2e1c2d4e5f8a9b0c1d2e3f4a5b",
            "{0b5c9a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5b}",
            "0b5c9a2e-1c2d-4e5f-8a9b-0c1d2e3f4a5g",
        ] {
            assert!(BookingId::parse(bad).is_none(), "{bad}");
        }
        assert_ne!(UserId::generate(), UserId::generate());
    }
}
