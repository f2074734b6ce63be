//! Profile fields, parsed and validated once at the edge.

use std::collections::BTreeMap;

use serde::Serialize;
use serde_json::{Map, Value};

use super::db::ProfileRow;
use crate::auth::model::timestamp;
use crate::platform::countries::canonical_name;
use crate::platform::text::is_clean_line;

const NAME_MAX_CHARS: usize = 100;
const URL_MAX_CHARS: usize = 2048;

#[derive(Debug, Clone, Default, PartialEq)]
pub struct ProfileFields {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub country: Option<String>,
    pub avatar_url: Option<String>,
}

/// A change: `None` leaves a field alone, `Some(None)` clears it.
#[derive(Debug, Default, PartialEq)]
pub struct ProfilePatch {
    pub first_name: Option<Option<String>>,
    pub last_name: Option<Option<String>>,
    pub country: Option<Option<String>>,
    pub avatar_url: Option<Option<String>>,
}

/// Field name → error code, for the `/api/v1` envelope's `fields`.
pub type FieldErrors = BTreeMap<&'static str, &'static str>;

/// The body of `PATCH /api/v1/profile`, as documented. It is read as a JSON object
/// (`ProfilePatch::parse`) because an absent member and a `null` one mean different things.
#[derive(Debug, utoipa::ToSchema)]
#[schema(example = json!({"first_name": "Ana", "last_name": "Souza", "country": "Brazil"}))]
#[allow(dead_code)]
pub struct ProfileChanges {
    #[schema(max_length = 100)]
    first_name: Option<String>,
    #[schema(max_length = 100)]
    last_name: Option<String>,
    /// One of the sign-up countries, in English or as its ISO code.
    country: Option<String>,
    /// An http(s) URL.
    #[schema(max_length = 2048, format = "uri")]
    avatar_url: Option<String>,
}

/// The answer of `GET`/`PATCH /api/v1/profile`.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Profile {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// One of the sign-up countries, in English.
    pub country: Option<String>,
    pub avatar_url: Option<String>,
    /// RFC 3339.
    pub created_at: String,
    pub updated_at: String,
}

impl From<&ProfileRow> for Profile {
    fn from(row: &ProfileRow) -> Profile {
        Profile {
            id: row.id.clone(),
            first_name: row.first_name.clone(),
            last_name: row.last_name.clone(),
            country: row.country.clone(),
            avatar_url: row.avatar_url.clone(),
            created_at: timestamp(row.created_at),
            updated_at: timestamp(row.updated_at),
        }
    }
}

impl ProfileFields {
    pub fn from_signup(metadata: &Map<String, Value>) -> ProfileFields {
        let text = |key: &str| metadata.get(key).and_then(Value::as_str);
        ProfileFields {
            first_name: text("first_name").and_then(|v| parse_name(v).ok().flatten()),
            last_name: text("last_name").and_then(|v| parse_name(v).ok().flatten()),
            country: text("country").and_then(canonical_name).map(str::to_owned),
            avatar_url: text("avatar_url").and_then(|v| parse_avatar_url(v).ok().flatten()),
        }
    }
}

impl ProfilePatch {
    /// Reads a JSON object; every listed field must be a string or null.
    pub fn parse(body: &Map<String, Value>) -> Result<ProfilePatch, FieldErrors> {
        let mut errors = FieldErrors::new();
        let mut field = |name: &'static str, parse: fn(&str) -> Result<Option<String>, &'static str>| match body.get(name) {
            None => None,
            Some(Value::Null) => Some(None),
            Some(Value::String(raw)) => parse(raw).map_err(|code| errors.insert(name, code)).ok(),
            Some(_) => {
                errors.insert(name, "invalid_type");
                None
            }
        };
        let patch = ProfilePatch {
            first_name: field("first_name", parse_name),
            last_name: field("last_name", parse_name),
            country: field("country", parse_country),
            avatar_url: field("avatar_url", parse_avatar_url),
        };
        if errors.is_empty() {
            Ok(patch)
        } else {
            Err(errors)
        }
    }
}

/// Trimmed; empty means cleared.
fn parse_name(raw: &str) -> Result<Option<String>, &'static str> {
    let name = raw.trim();
    match name.chars().count() {
        0 => Ok(None),
        n if n > NAME_MAX_CHARS => Err("too_long"),
        _ if !is_clean_line(name) => Err("invalid"),
        _ => Ok(Some(name.to_owned())),
    }
}

fn parse_country(raw: &str) -> Result<Option<String>, &'static str> {
    if raw.trim().is_empty() {
        return Ok(None);
    }
    canonical_name(raw).map(|name| Some(name.to_owned())).ok_or("unknown_country")
}

fn parse_avatar_url(raw: &str) -> Result<Option<String>, &'static str> {
    let raw = raw.trim();
    if raw.is_empty() {
        return Ok(None);
    }
    match url::Url::parse(raw) {
        Ok(url) if matches!(url.scheme(), "https" | "http") && raw.len() <= URL_MAX_CHARS => Ok(Some(url.into())),
        _ => Err("invalid_url"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn object(value: Value) -> Map<String, Value> {
        value.as_object().unwrap().clone()
    }

    #[test]
    fn signup_metadata_fills_what_validates() {
        let fields = ProfileFields::from_signup(&object(
            json!({"first_name": " Ana ", "last_name": "Silva", "country": "brazil", "avatar_url": "javascript:x"}),
        ));
        assert_eq!(fields.first_name.as_deref(), Some("Ana"));
        assert_eq!(fields.country.as_deref(), Some("Brazil"));
        assert_eq!(fields.avatar_url, None);
    }

    #[test]
    fn patches_distinguish_absent_null_and_invalid() {
        let patch = ProfilePatch::parse(&object(json!({"first_name": "Eva", "avatar_url": null}))).unwrap();
        assert_eq!(patch.first_name, Some(Some("Eva".into())));
        assert_eq!(patch.avatar_url, Some(None));
        assert_eq!(patch.country, None);
        let errors =
            ProfilePatch::parse(&object(json!({"country": "Atlantis", "last_name": 7, "first_name": "x".repeat(101)}))).unwrap_err();
        assert_eq!(errors.get("country"), Some(&"unknown_country"));
        assert_eq!(errors.get("last_name"), Some(&"invalid_type"));
        assert_eq!(errors.get("first_name"), Some(&"too_long"));
    }
}
