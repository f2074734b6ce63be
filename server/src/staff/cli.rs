//! `rumbo staff grant EMAIL ROLE`, `rumbo staff revoke EMAIL ROLE`, `rumbo staff list`: the
//! team from the command line (the first admin has no console to be made in). Audited with no
//! actor.

use serde_json::json;

use super::audit;
use super::roles::{roles_of, with_roles, Role};
use crate::auth::db::users;
use crate::platform::db::{now_unix, Db};

#[derive(Debug, Clone, clap::Subcommand)]
pub enum StaffCommand {
    /// Give the account of EMAIL a staff role.
    Grant { email: String, role: Role },
    /// Take a staff role from the account of EMAIL.
    Revoke { email: String, role: Role },
    /// List the team.
    List,
}

pub async fn run(db: &Db, command: StaffCommand) -> anyhow::Result<String> {
    let (email, role, grant) = match command {
        StaffCommand::List => {
            let mut conn = db.pool.acquire().await?;
            let mut out = String::new();
            for user in users::with_app_metadata_key(&mut conn, "roles").await? {
                let roles: Vec<&str> = roles_of(&user).iter().map(|r| r.as_str()).collect();
                if !roles.is_empty() {
                    out.push_str(&format!("{}\t{}\n", user.email_or_empty(), roles.join(",")));
                }
            }
            return Ok(if out.is_empty() { "No one has a staff role yet.\n".into() } else { out });
        }
        StaffCommand::Grant { email, role } => (email, role, true),
        StaffCommand::Revoke { email, role } => (email, role, false),
    };
    let email = crate::auth::model::Email::parse(&email).map_err(|_| anyhow::anyhow!("{email} is not an e-mail address"))?;
    let mut tx = db.begin_write().await?;
    let mut user = users::find_by_email(&mut tx, email.as_str())
        .await?
        .ok_or_else(|| anyhow::anyhow!("no account has the address {}", email.as_str()))?;
    let before = roles_of(&user);
    let mut after = before.clone();
    after.retain(|r| *r != role);
    if grant {
        after.push(role);
        after.sort();
    }
    user.app_metadata = with_roles(&user.app_metadata, &after);
    user.updated_at = now_unix();
    users::save(&mut tx, &user).await?;
    let target = format!("user:{}", user.id);
    audit::record(&mut tx, None, "staff.roles", &target, Some(&json!({ "roles": before })), Some(&json!({ "roles": after }))).await?;
    tx.commit().await?;
    let listed: Vec<&str> = after.iter().map(|r| r.as_str()).collect();
    Ok(format!("{}: {}\n", email.as_str(), if listed.is_empty() { "no staff role".to_owned() } else { listed.join(", ") }))
}
