//! Parsed inputs (`Email`, password policy) and the JSON shapes of users, identities and
//! sessions exactly as auth-js reads them (contract §2).

use serde_json::{json, Map, Value};
use time::format_description::well_known::Rfc3339;

use super::errors::AuthError;

/// GoTrue never accepts passwords longer than bcrypt could hash.
pub const PASSWORD_MAX_BYTES: usize = 72;

pub use crate::platform::email::Email;

impl From<crate::platform::email::InvalidEmail> for AuthError {
    fn from(_: crate::platform::email::InvalidEmail) -> AuthError {
        AuthError::invalid_email()
    }
}

/// The password rules: a floor of `min_length` characters and bcrypt's 72-byte ceiling.
#[derive(Debug, Clone, Copy)]
pub struct PasswordPolicy {
    pub min_length: usize,
}

impl PasswordPolicy {
    /// For new passwords: missing → 400, too long → 400, too short → 422 weak_password.
    pub fn check_new(&self, password: &str, missing_message: &'static str) -> Result<(), AuthError> {
        if password.is_empty() {
            return Err(AuthError::validation(missing_message));
        }
        if password.len() > PASSWORD_MAX_BYTES {
            return Err(AuthError::validation(format!("Password cannot be longer than {PASSWORD_MAX_BYTES} characters")));
        }
        match self.weakness(password) {
            Some((message, reasons)) => Err(AuthError::weak_password(message, reasons)),
            None => Ok(()),
        }
    }

    /// Why a password is weak, if it is (also reported on sign-in as `weak_password`).
    pub fn weakness(&self, password: &str) -> Option<(String, Vec<&'static str>)> {
        (password.chars().count() < self.min_length)
            .then(|| (format!("Password should be at least {} characters.", self.min_length), vec!["length"]))
    }
}

/// RFC 3339 in UTC with `Z`, as Go's `time.Time` marshals.
pub fn timestamp(secs: i64) -> String {
    time::OffsetDateTime::from_unix_timestamp(secs).ok().and_then(|t| t.format(&Rfc3339).ok()).unwrap_or_default()
}

/// A JSON object stored as TEXT; anything else reads as `{}`.
pub fn parse_object(raw: &str) -> Map<String, Value> {
    match serde_json::from_str(raw) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    }
}

/// `data` merged into metadata: keys set to null are removed (GoTrue's UpdateUserMetaData).
pub fn merge_metadata(current: &mut Map<String, Value>, update: &Map<String, Value>) {
    for (key, value) in update {
        if value.is_null() {
            current.remove(key);
        } else {
            current.insert(key.clone(), value.clone());
        }
    }
}

/// A row of `auth_users`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct UserRow {
    pub id: String,
    pub aud: String,
    pub role: String,
    pub email: Option<String>,
    pub phone: Option<String>,
    pub encrypted_password: Option<String>,
    pub email_confirmed_at: Option<i64>,
    pub invited_at: Option<i64>,
    pub confirmation_sent_at: Option<i64>,
    pub recovery_sent_at: Option<i64>,
    pub email_change: Option<String>,
    pub email_change_sent_at: Option<i64>,
    pub reauthentication_sent_at: Option<i64>,
    pub last_sign_in_at: Option<i64>,
    pub app_metadata: String,
    pub user_metadata: String,
    pub banned_until: Option<i64>,
    /// 0 or 1 (see `db::users::user_select`).
    pub is_anonymous: i64,
    pub created_at: i64,
    pub updated_at: i64,
    pub deleted_at: Option<i64>,
}

impl UserRow {
    pub fn is_confirmed(&self) -> bool {
        self.email_confirmed_at.is_some()
    }

    pub fn is_banned(&self, now: i64) -> bool {
        self.banned_until.is_some_and(|until| until > now)
    }

    pub fn email_or_empty(&self) -> &str {
        self.email.as_deref().unwrap_or_default()
    }
}

/// A row of `auth_identities`.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct IdentityRow {
    pub id: String,
    pub provider_id: String,
    pub provider: String,
    pub user_id: String,
    pub identity_data: String,
    pub email: Option<String>,
    pub last_sign_in_at: Option<i64>,
    pub created_at: i64,
    pub updated_at: i64,
}

fn put_time(object: &mut Map<String, Value>, key: &str, secs: Option<i64>) {
    if let Some(secs) = secs {
        object.insert(key.into(), json!(timestamp(secs)));
    }
}

/// The User object: `email`/`phone` always strings, unset times omitted.
pub fn user_json(user: &UserRow, identities: &[IdentityRow]) -> Value {
    let mut object = Map::new();
    object.insert("id".into(), json!(user.id));
    object.insert("aud".into(), json!(user.aud));
    object.insert("role".into(), json!(user.role));
    object.insert("email".into(), json!(user.email_or_empty()));
    object.insert("phone".into(), json!(user.phone.as_deref().unwrap_or_default()));
    put_time(&mut object, "email_confirmed_at", user.email_confirmed_at);
    put_time(&mut object, "confirmed_at", user.email_confirmed_at);
    put_time(&mut object, "invited_at", user.invited_at);
    put_time(&mut object, "confirmation_sent_at", user.confirmation_sent_at);
    put_time(&mut object, "recovery_sent_at", user.recovery_sent_at);
    put_time(&mut object, "email_change_sent_at", user.email_change_sent_at);
    put_time(&mut object, "reauthentication_sent_at", user.reauthentication_sent_at);
    put_time(&mut object, "last_sign_in_at", user.last_sign_in_at);
    put_time(&mut object, "banned_until", user.banned_until);
    put_time(&mut object, "deleted_at", user.deleted_at);
    if let Some(new_email) = &user.email_change {
        object.insert("new_email".into(), json!(new_email));
    }
    object.insert("app_metadata".into(), Value::Object(parse_object(&user.app_metadata)));
    object.insert("user_metadata".into(), Value::Object(parse_object(&user.user_metadata)));
    object.insert("identities".into(), Value::Array(identities.iter().map(identity_json).collect()));
    object.insert("created_at".into(), json!(timestamp(user.created_at)));
    object.insert("updated_at".into(), json!(timestamp(user.updated_at)));
    object.insert("is_anonymous".into(), json!(user.is_anonymous != 0));
    Value::Object(object)
}

/// Note GoTrue's swapped names: `identity_id` is the row, `id` the provider's id.
pub fn identity_json(identity: &IdentityRow) -> Value {
    let mut object = Map::new();
    object.insert("identity_id".into(), json!(identity.id));
    object.insert("id".into(), json!(identity.provider_id));
    object.insert("user_id".into(), json!(identity.user_id));
    object.insert("identity_data".into(), Value::Object(parse_object(&identity.identity_data)));
    object.insert("provider".into(), json!(identity.provider));
    put_time(&mut object, "last_sign_in_at", identity.last_sign_in_at);
    object.insert("created_at".into(), json!(timestamp(identity.created_at)));
    object.insert("updated_at".into(), json!(timestamp(identity.updated_at)));
    if let Some(email) = &identity.email {
        object.insert("email".into(), json!(email));
    }
    Value::Object(object)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn emails_are_trimmed_lowercased_and_checked() {
        assert_eq!(Email::parse("  Ana.Silva@Example.COM ").unwrap().as_str(), "ana.silva@example.com");
        for bad in ["not-an-email", "a@b", "@example.com", "ana@", "ana silva@example.com", "ana@exa mple.com", "a@@b.com", "ana@.com"] {
            assert!(Email::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn password_policy_has_a_floor_and_a_ceiling() {
        let policy = PasswordPolicy { min_length: 6 };
        assert_eq!(policy.check_new("", "Signup requires a valid password").unwrap_err().code, "validation_failed");
        let weak = policy.check_new("12345", "x").unwrap_err();
        assert_eq!((weak.status.as_u16(), weak.code), (422, "weak_password"));
        assert_eq!(weak.message, "Password should be at least 6 characters.");
        assert_eq!(weak.weak_password_reasons, Some(vec!["length"]));
        assert!(policy.check_new("123456", "x").is_ok());
        assert_eq!(policy.check_new(&"x".repeat(73), "x").unwrap_err().status.as_u16(), 400);
        assert!(PasswordPolicy { min_length: 10 }.check_new("123456789", "x").is_err());
    }

    #[test]
    fn metadata_merge_deletes_nulls() {
        let mut current = parse_object(r#"{"a":1,"b":2}"#);
        merge_metadata(&mut current, &parse_object(r#"{"b":null,"c":3}"#));
        assert_eq!(Value::Object(current), json!({"a": 1, "c": 3}));
    }

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(0), "1970-01-01T00:00:00Z");
    }
}
