//! Staff roles live in the user's `app_metadata.roles` (where GoTrue keeps what only admins may
//! set), so they travel in every access token; the server still reads them from the user row on
//! each request, so a revoked role stops working at once.

use serde::{Deserialize, Serialize};
use serde_json::{json, Map, Value};
use utoipa::ToSchema;

use crate::auth::model::{parse_object, UserRow};

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema, clap::ValueEnum)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// Sees and works the consultations.
    Consultant,
    /// Everything, including the team, the audit log and the business.
    Admin,
}

impl Role {
    pub fn as_str(self) -> &'static str {
        match self {
            Role::Consultant => "consultant",
            Role::Admin => "admin",
        }
    }

    fn parse(text: &str) -> Option<Role> {
        match text {
            "consultant" => Some(Role::Consultant),
            "admin" => Some(Role::Admin),
            _ => None,
        }
    }
}

/// The staff roles of a user, sorted, without duplicates; unknown names are ignored.
pub fn roles_of(user: &UserRow) -> Vec<Role> {
    let metadata = parse_object(&user.app_metadata);
    let mut roles: Vec<Role> =
        metadata.get("roles").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).filter_map(Role::parse).collect();
    roles.sort();
    roles.dedup();
    roles
}

/// `app_metadata` with `roles` set to `roles` (the key goes when there are none).
pub fn with_roles(app_metadata: &str, roles: &[Role]) -> String {
    let mut metadata: Map<String, Value> = parse_object(app_metadata);
    if roles.is_empty() {
        metadata.remove("roles");
    } else {
        metadata.insert("roles".into(), json!(roles.iter().map(|r| r.as_str()).collect::<Vec<_>>()));
    }
    Value::Object(metadata).to_string()
}

/// The addresses of every admin (the mails the business sends to its owners).
pub async fn admin_emails(conn: &mut sqlx::AnyConnection) -> sqlx::Result<Vec<String>> {
    Ok(crate::auth::db::users::with_app_metadata_key(conn, "roles")
        .await?
        .into_iter()
        .filter(|user| roles_of(user).contains(&Role::Admin))
        .filter_map(|user| user.email)
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_app_metadata() {
        let metadata = with_roles(r#"{"provider":"email","roles":["admin","admin","chef"]}"#, &[Role::Consultant, Role::Admin]);
        let value: Value = serde_json::from_str(&metadata).unwrap();
        assert_eq!(value, json!({ "provider": "email", "roles": ["consultant", "admin"] }));
        assert_eq!(with_roles(&metadata, &[]), r#"{"provider":"email"}"#);
    }
}
