//! Parsed inputs (`Email`, password policy) and the JSON shapes of users, identities and
//! sessions exactly as auth-js reads them (contract §2).

use serde::Serialize;
use serde_json::{Map, Value};
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
    /// A user that has nothing yet but its id and times: what every way of making an account
    /// (sign-up, Google, anonymous, an import) starts from.
    pub fn blank(id: String, now: i64) -> UserRow {
        UserRow {
            id,
            aud: "authenticated".into(),
            role: "authenticated".into(),
            email: None,
            phone: None,
            encrypted_password: None,
            email_confirmed_at: None,
            invited_at: None,
            confirmation_sent_at: None,
            recovery_sent_at: None,
            email_change: None,
            email_change_sent_at: None,
            reauthentication_sent_at: None,
            last_sign_in_at: None,
            app_metadata: "{}".into(),
            user_metadata: "{}".into(),
            banned_until: None,
            is_anonymous: 0,
            created_at: now,
            updated_at: now,
            deleted_at: None,
        }
    }

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

/// The User object as auth-js reads it: `email`/`phone` always strings, unset times omitted.
#[derive(Debug, Clone, Serialize)]
pub struct UserView {
    pub id: String,
    pub aud: String,
    pub role: String,
    pub email: String,
    pub phone: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_confirmed_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmed_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invited_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub confirmation_sent_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recovery_sent_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email_change_sent_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reauthentication_sent_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sign_in_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub banned_until: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deleted_at: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_email: Option<String>,
    pub app_metadata: Map<String, Value>,
    pub user_metadata: Map<String, Value>,
    pub identities: Vec<IdentityView>,
    /// GoTrue omits the list when the user has no factor.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub factors: Vec<FactorView>,
    pub created_at: String,
    pub updated_at: String,
    pub is_anonymous: bool,
}

/// A two-factor method of the user (`GET /user`'s `factors`, auth-js `mfa.listFactors()`).
#[derive(Debug, Clone, Serialize)]
pub struct FactorView {
    pub id: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub friendly_name: Option<String>,
    pub factor_type: String,
    pub status: String,
    pub created_at: String,
    pub updated_at: String,
}

/// An identity; note GoTrue's swapped names: `identity_id` is the row, `id` the provider's id.
#[derive(Debug, Clone, Serialize)]
pub struct IdentityView {
    pub identity_id: String,
    pub id: String,
    pub user_id: String,
    pub identity_data: Map<String, Value>,
    pub provider: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_sign_in_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
}

fn time(secs: Option<i64>) -> Option<String> {
    secs.map(timestamp)
}

pub fn user_view(user: &UserRow, identities: &[IdentityRow]) -> UserView {
    UserView {
        id: user.id.clone(),
        aud: user.aud.clone(),
        role: user.role.clone(),
        email: user.email_or_empty().to_owned(),
        phone: user.phone.clone().unwrap_or_default(),
        email_confirmed_at: time(user.email_confirmed_at),
        confirmed_at: time(user.email_confirmed_at),
        invited_at: time(user.invited_at),
        confirmation_sent_at: time(user.confirmation_sent_at),
        recovery_sent_at: time(user.recovery_sent_at),
        email_change_sent_at: time(user.email_change_sent_at),
        reauthentication_sent_at: time(user.reauthentication_sent_at),
        last_sign_in_at: time(user.last_sign_in_at),
        banned_until: time(user.banned_until),
        deleted_at: time(user.deleted_at),
        new_email: user.email_change.clone(),
        app_metadata: parse_object(&user.app_metadata),
        user_metadata: parse_object(&user.user_metadata),
        identities: identities.iter().map(identity_view).collect(),
        factors: Vec::new(),
        created_at: timestamp(user.created_at),
        updated_at: timestamp(user.updated_at),
        is_anonymous: user.is_anonymous != 0,
    }
}

pub fn identity_view(identity: &IdentityRow) -> IdentityView {
    IdentityView {
        identity_id: identity.id.clone(),
        id: identity.provider_id.clone(),
        user_id: identity.user_id.clone(),
        identity_data: parse_object(&identity.identity_data),
        provider: identity.provider.clone(),
        last_sign_in_at: time(identity.last_sign_in_at),
        created_at: timestamp(identity.created_at),
        updated_at: timestamp(identity.updated_at),
        email: identity.email.clone(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

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
