//! Who a provider's user is here. The provider's subject decides once it is linked; before
//! that, an account with the same e-mail is joined **only when** the provider vouches for the
//! address (`email_verified`) — otherwise anyone could create a Google account under someone
//! else's address and walk into their Rumbo account. An unconfirmed account of that address
//! is taken over by the proven owner: whatever password was set before the address was proven
//! is dropped, as when a confirmation link is followed (`accounts::confirm_email`).

use serde_json::{json, Map, Value};

use super::IdClaims;
use crate::auth::accounts::{self, NewAccount};
use crate::auth::db::{users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::model::{parse_object, Email, IdentityRow, UserRow};
use crate::platform::db::now_unix;
use crate::profiles;

/// Who signs in, and for a new account the provider's picture to bring in as its avatar.
pub struct Resolved {
    pub user: UserRow,
    pub picture: Option<String>,
}

/// The user the provider's user signs in as, linked, confirmed or created as needed; with
/// `linking`, the signed-in user the identity is added to.
pub async fn resolve(conn: &mut Conn, provider: &str, claims: &IdClaims, linking: Option<&str>) -> AuthResult<Resolved> {
    let (user, created) = find_or_create(conn, provider, claims, linking).await?;
    Ok(Resolved { user, picture: claims.picture.clone().filter(|_| created) })
}

async fn find_or_create(conn: &mut Conn, provider: &str, claims: &IdClaims, linking: Option<&str>) -> AuthResult<(UserRow, bool)> {
    let now = now_unix();
    if let Some(mut identity) = users::find_identity(conn, provider, &claims.sub).await? {
        if linking.is_some_and(|user_id| user_id != identity.user_id) {
            return Err(AuthError::unprocessable("identity_already_exists", "Identity is already linked to another user"));
        }
        identity.identity_data = Value::Object(identity_data(claims)).to_string();
        identity.email = claims.email.as_deref().map(str::to_lowercase);
        identity.last_sign_in_at = Some(now);
        identity.updated_at = now;
        users::save_identity(conn, &identity).await?;
        return Ok((users::find_by_id(conn, &identity.user_id).await?.ok_or_else(AuthError::unexpected)?, false));
    }
    if let Some(user_id) = linking {
        let mut user = users::find_by_id(conn, user_id).await?.ok_or_else(AuthError::unexpected)?;
        link(conn, &mut user, provider, claims, now).await?;
        return Ok((user, false));
    }
    let email =
        claims.email.as_deref().and_then(|raw| Email::parse(raw).ok()).ok_or_else(|| {
            AuthError::unprocessable("provider_email_needs_verification", "Error getting user email from external provider")
        })?;
    if !claims.email_verified {
        return Err(AuthError::unprocessable(
            "provider_email_needs_verification",
            format!("Unverified email with {provider}. Verify the email with {provider} first, or sign in another way."),
        ));
    }
    match users::find_by_email(conn, email.as_str()).await? {
        Some(mut user) => {
            if !user.is_confirmed() {
                accounts::confirm_email(conn, &mut user, None).await?;
            }
            link(conn, &mut user, provider, claims, now).await?;
            Ok((user, false))
        }
        None => Ok((create(conn, &email, provider, claims, now).await?, true)),
    }
}

/// What GoTrue keeps of the provider's profile, under its names.
fn identity_data(claims: &IdClaims) -> Map<String, Value> {
    let mut data = Map::new();
    data.insert("iss".into(), json!(claims.iss));
    data.insert("sub".into(), json!(claims.sub));
    data.insert("provider_id".into(), json!(claims.sub));
    data.insert("email".into(), json!(claims.email.as_deref().map(str::to_lowercase)));
    data.insert("email_verified".into(), json!(claims.email_verified));
    data.insert("phone_verified".into(), json!(false));
    if let Some(name) = &claims.name {
        data.insert("name".into(), json!(name));
        data.insert("full_name".into(), json!(name));
    }
    if let Some(picture) = &claims.picture {
        data.insert("picture".into(), json!(picture));
        data.insert("avatar_url".into(), json!(picture));
    }
    data
}

fn identity_row(user_id: &str, provider: &str, claims: &IdClaims, now: i64) -> IdentityRow {
    IdentityRow {
        id: uuid::Uuid::new_v4().to_string(),
        provider_id: claims.sub.clone(),
        provider: provider.into(),
        user_id: user_id.into(),
        identity_data: Value::Object(identity_data(claims)).to_string(),
        email: claims.email.as_deref().map(str::to_lowercase),
        last_sign_in_at: Some(now),
        created_at: now,
        updated_at: now,
    }
}

/// Adds the identity to `user` and the provider to `app_metadata.providers`.
async fn link(conn: &mut Conn, user: &mut UserRow, provider: &str, claims: &IdClaims, now: i64) -> AuthResult<()> {
    users::insert_identity(conn, &identity_row(&user.id, provider, claims, now)).await?;
    let mut app_metadata = parse_object(&user.app_metadata);
    let mut providers: Vec<Value> = app_metadata.get("providers").and_then(Value::as_array).cloned().unwrap_or_default();
    if !providers.iter().any(|p| p == provider) {
        providers.push(json!(provider));
    }
    app_metadata.insert("providers".into(), Value::Array(providers));
    app_metadata.entry("provider").or_insert_with(|| json!(provider));
    user.app_metadata = Value::Object(app_metadata).to_string();
    user.updated_at = now;
    users::save(conn, user).await?;
    Ok(())
}

/// A new, confirmed account whose only way in is the provider; the names go to the profile
/// (the picture is brought in afterwards: pages never load images from the provider).
async fn create(conn: &mut Conn, email: &Email, provider: &str, claims: &IdClaims, now: i64) -> AuthResult<UserRow> {
    let mut metadata = identity_data(claims);
    if let Some(given) = &claims.given_name {
        metadata.insert("first_name".into(), json!(given));
    }
    if let Some(family) = &claims.family_name {
        metadata.insert("last_name".into(), json!(family));
    }
    let mut account = NewAccount::new(email, None, metadata.clone());
    account.confirmed = true;
    account.app_metadata.insert("provider".into(), json!(provider));
    account.app_metadata.insert("providers".into(), json!([provider]));
    let (user, _) = account.rows(now);
    users::insert(conn, &user).await?;
    users::insert_identity(conn, &identity_row(&user.id, provider, claims, now)).await?;
    metadata.remove("avatar_url");
    profiles::create_for_user(conn, &user.id, &metadata, now).await?;
    Ok(user)
}
