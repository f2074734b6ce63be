//! Admin user management for service_role callers (contract §3.14): list with pagination
//! headers, create (also from an imported password hash), read, update, delete.

use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::Empty;
use crate::auth::accounts::user_with_identities;
use crate::auth::accounts::{self, NewAccount};
use crate::auth::db::{sessions, users, Conn};
use crate::auth::duration::parse_go_duration;
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Admin, AuthQuery, Body};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::auth::model::{merge_metadata, parse_object, Email, PasswordPolicy, UserRow, UserView};
use crate::auth::passwords::is_supported_hash;
use crate::platform::db::now_unix;
use crate::platform::ids::UserId;
use crate::startup::AppState;

#[derive(Debug, Deserialize)]
pub struct PageQuery {
    page: Option<String>,
    per_page: Option<String>,
}

/// GoTrue's paginate: absent or empty means the default, anything but an unsigned number is
/// refused ("Bad Pagination Parameters").
fn page_param(raw: Option<&str>, default: i64) -> AuthResult<i64> {
    match raw.map(str::trim).filter(|v| !v.is_empty()) {
        None => Ok(default),
        Some(value) => value
            .parse::<u32>()
            .map(i64::from)
            .map_err(|_| AuthError::validation(format!("Bad Pagination Parameters: strconv.ParseUint: parsing {value:?}: invalid syntax"))),
    }
}

/// A page of users, as auth-js's `admin.listUsers()` reads it.
#[derive(Debug, serde::Serialize)]
pub struct UserList {
    pub users: Vec<UserView>,
    pub aud: &'static str,
}

pub async fn list_users(_: Admin, State(state): State<AppState>, AuthQuery(query): AuthQuery<PageQuery>) -> AuthResult<Response> {
    let page = page_param(query.page.as_deref(), 1)?.max(1);
    let per_page = page_param(query.per_page.as_deref(), 50)?.clamp(1, 1000);
    let mut conn = state.db.pool.acquire().await?;
    let total = users::count(&mut conn).await?;
    let mut listed = Vec::new();
    for user in users::list(&mut conn, per_page, (page - 1) * per_page).await? {
        listed.push(user_with_identities(&mut conn, &user).await?);
    }
    let last = ((total + per_page - 1) / per_page).max(1);
    let link = |p: i64, rel: &str| format!("</auth/v1/admin/users?page={p}&per_page={per_page}>; rel=\"{rel}\"");
    let mut links = Vec::new();
    if page < last {
        links.push(link(page + 1, "next"));
    }
    links.push(link(last, "last"));
    let headers = [("x-total-count", total.to_string()), ("link", links.join(", "))];
    Ok((headers, Json(UserList { users: listed, aud: "authenticated" })).into_response())
}

/// The body of `POST /admin/users` and `PUT /admin/users/{id}`.
#[derive(Debug, Default, Deserialize)]
pub struct AdminUserBody {
    id: Option<String>,
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    password_hash: Option<String>,
    email_confirm: Option<bool>,
    user_metadata: Option<Map<String, Value>>,
    app_metadata: Option<Map<String, Value>>,
    role: Option<String>,
    ban_duration: Option<String>,
}

pub async fn create_user(_: Admin, State(state): State<AppState>, Body(body): Body<AdminUserBody>) -> AuthResult<Json<UserView>> {
    if body.phone.as_deref().is_some_and(|p| !p.is_empty()) {
        return Err(AuthError::unprocessable("phone_provider_disabled", "Phone signups are disabled"));
    }
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    let password_hash = password_hash(&state, &body).await?;
    let id = body.id.as_deref().map(uuid::Uuid::parse_str).transpose().map_err(|_| AuthError::validation("id must be an UUID"))?;
    let mut tx = state.db.begin_write().await?;
    if users::find_by_email(&mut tx, email.as_str()).await?.is_some() {
        return Err(email_exists());
    }
    let mut account = NewAccount::new(&email, password_hash, body.user_metadata.clone().unwrap_or_default());
    account.id = id;
    account.app_metadata = body.app_metadata.clone().unwrap_or_default();
    account.role = body.role.clone();
    account.confirmed = body.email_confirm.unwrap_or(false);
    let mut user =
        accounts::create(&mut tx, account).await.map_err(|e| if users::is_unique_violation(&e) { email_exists() } else { e.into() })?;
    if let Some(ban) = body.ban_duration.as_deref() {
        user.banned_until = parse_ban(ban)?;
        users::save(&mut tx, &user).await?;
    }
    let answer = user_with_identities(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

pub async fn get_user(_: Admin, State(state): State<AppState>, Path(id): Path<String>) -> AuthResult<Json<UserView>> {
    let mut conn = state.db.pool.acquire().await?;
    let user = find_user(&mut conn, &id).await?;
    Ok(Json(user_with_identities(&mut conn, &user).await?))
}

pub async fn update_user(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<AdminUserBody>,
) -> AuthResult<Json<UserView>> {
    let password_hash = password_hash(&state, &body).await?;
    let mut tx = state.db.begin_write().await?;
    let mut user = find_user(&mut tx, &id).await?;
    if let Some(email) = body.email.as_deref().filter(|e| !e.is_empty()) {
        change_email(&mut tx, &mut user, &Email::parse(email)?).await?;
    }
    if password_hash.is_some() {
        // A new password (or imported hash) signs the user out everywhere.
        sessions::delete_all_of_user(&mut tx, &user.id).await?;
    }
    apply_changes(&mut user, &body, password_hash)?;
    users::save(&mut tx, &user).await.map_err(|e| if users::is_unique_violation(&e) { email_exists() } else { e.into() })?;
    accounts::set_email_identity(&mut tx, &user, user.is_confirmed()).await?;
    let answer = user_with_identities(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(Json(answer))
}

#[derive(Debug, Default, Deserialize)]
pub struct DeleteBody {
    should_soft_delete: Option<bool>,
}

/// Deletes the user with its identities, sessions, tokens and profile (ON DELETE CASCADE).
pub async fn delete_user(
    _: Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    Body(body): Body<DeleteBody>,
) -> AuthResult<Json<Empty>> {
    if body.should_soft_delete.unwrap_or(false) {
        return Err(AuthError::validation("Soft deletion is not supported; delete without should_soft_delete"));
    }
    let mut conn = state.db.pool.acquire().await?;
    let user = find_user(&mut conn, &id).await?;
    users::delete(&mut conn, &user.id).await?;
    Ok(super::empty())
}

pub fn email_exists() -> AuthError {
    AuthError::unprocessable("email_exists", "A user with this email address has already been registered")
}

pub async fn find_user(conn: &mut Conn, id: &str) -> AuthResult<UserRow> {
    let id = UserId::parse(id).ok_or_else(|| AuthError::not_found("validation_failed", "user_id must be an UUID"))?;
    users::find_by_id(conn, id.as_str()).await?.ok_or_else(|| AuthError::not_found("user_not_found", "User not found"))
}

/// The hash to store: a new password's (policy-checked), or an imported bcrypt/argon2 hash.
async fn password_hash(state: &AppState, body: &AdminUserBody) -> AuthResult<Option<String>> {
    match (body.password.as_deref().filter(|p| !p.is_empty()), body.password_hash.as_deref().filter(|h| !h.is_empty())) {
        (Some(_), Some(_)) => Err(AuthError::validation("Only a password or a password hash should be provided")),
        (Some(password), None) => {
            PasswordPolicy { min_length: state.config.auth.password_min_length.into() }.check_new(password, "Password is required")?;
            Ok(Some(state.auth.passwords.hash(password).await?))
        }
        (None, Some(hash)) if is_supported_hash(hash) => Ok(Some(hash.to_owned())),
        (None, Some(_)) => Err(AuthError::validation("Invalid password hash format: only bcrypt and argon2 hashes are supported")),
        (None, None) => Ok(None),
    }
}

async fn change_email(conn: &mut Conn, user: &mut UserRow, email: &Email) -> AuthResult<()> {
    if user.email.as_deref() == Some(email.as_str()) {
        return Ok(());
    }
    if users::find_by_email(conn, email.as_str()).await?.is_some() {
        return Err(email_exists());
    }
    user.email = Some(email.as_str().to_owned());
    user.email_change = None;
    Ok(())
}

fn apply_changes(user: &mut UserRow, body: &AdminUserBody, password_hash: Option<String>) -> AuthResult<()> {
    let now = now_unix();
    if password_hash.is_some() {
        user.encrypted_password = password_hash;
    }
    if body.email_confirm == Some(true) && user.email_confirmed_at.is_none() {
        user.email_confirmed_at = Some(now);
    }
    for (stored, update) in [(&mut user.user_metadata, &body.user_metadata), (&mut user.app_metadata, &body.app_metadata)] {
        if let Some(update) = update {
            let mut current = parse_object(stored);
            merge_metadata(&mut current, update);
            *stored = Value::Object(current).to_string();
        }
    }
    if let Some(role) = body.role.as_deref().filter(|r| !r.is_empty()) {
        user.role = role.to_owned();
    }
    if let Some(ban) = body.ban_duration.as_deref() {
        user.banned_until = parse_ban(ban)?;
    }
    user.updated_at = now;
    Ok(())
}

/// `none` lifts a ban; otherwise a Go duration such as `24h`, `90m` or `1h30m`.
fn parse_ban(raw: &str) -> AuthResult<Option<i64>> {
    if raw == "none" {
        return Ok(None);
    }
    parse_go_duration(raw)
        .map(|secs| Some(now_unix() + secs))
        .ok_or_else(|| AuthError::validation(format!("invalid format for ban duration: {raw}")))
}

/// Bans (a Go duration, e.g. `24h`) or lifts a ban (`none`) as `PUT /admin/users/{id}` does with
/// `ban_duration`; the staff console's users page calls it with its audit entry in `conn`'s
/// transaction.
pub async fn set_ban(conn: &mut Conn, id: &str, ban_duration: &str) -> AuthResult<UserRow> {
    let mut user = find_user(conn, id).await?;
    apply_changes(&mut user, &AdminUserBody { ban_duration: Some(ban_duration.to_owned()), ..AdminUserBody::default() }, None)?;
    users::save(conn, &user).await?;
    Ok(user)
}

/// Sends the sign-up confirmation again to a user who has not confirmed, within the instance's
/// mail quota (as `POST /admin/generate_link` with `type: signup` plus the mail).
pub async fn resend_confirmation(conn: &mut Conn, state: &AppState, user: &UserRow) -> AuthResult<()> {
    if user.is_confirmed() {
        return Err(AuthError::unprocessable("email_address_confirmed", "This address is already confirmed"));
    }
    let redirect_to = state.config.site_origin().to_owned();
    mailer::send(conn, state, user, &Mail::new(Purpose::Confirmation, &redirect_to, Requester::Admin), None).await?.required()
}
