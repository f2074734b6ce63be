//! `POST /admin/generate_link` (the link and code of any auth e-mail, without sending it) and
//! `POST /invite` (creates the account and mails the invitation). Admin only.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::admin::email_exists;
use super::RedirectQuery;
use crate::auth::accounts::user_with_identities;
use crate::auth::accounts::{self, NewAccount};
use crate::auth::db::{users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Admin, AuthQuery, Body};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::auth::model::{Email, PasswordPolicy, UserRow, UserView};
use crate::auth::redirect;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize)]
pub struct LinkBody {
    #[serde(rename = "type")]
    kind: Option<String>,
    email: Option<String>,
    new_email: Option<String>,
    password: Option<String>,
    data: Option<Map<String, Value>>,
}

pub async fn generate_link(
    _: Admin,
    State(state): State<AppState>,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<LinkBody>,
) -> AuthResult<Json<GeneratedLink>> {
    let purpose = match body.kind.as_deref().unwrap_or_default() {
        "signup" => Purpose::Confirmation,
        "invite" => Purpose::Invite,
        "magiclink" => Purpose::MagicLink,
        "recovery" => Purpose::Recovery,
        "email_change_current" => Purpose::EmailChangeCurrent,
        "email_change_new" => Purpose::EmailChangeNew,
        _ => return Err(AuthError::validation("Invalid email action link type requested")),
    };
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let mut tx = state.db.begin_write().await?;
    let user = link_user(&mut tx, purpose, &email, &body).await?;
    let password_hash = match purpose {
        Purpose::Confirmation => Some(signup_password(&state, &body).await?),
        _ => None,
    };
    let link = mailer::create_link(&mut tx, &state, &user, purpose, &redirect_to, None, password_hash.as_deref()).await?;
    let answer = user_with_identities(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(Json(GeneratedLink {
        user: answer,
        action_link: link.action_link,
        email_otp: link.otp,
        hashed_token: link.hashed_token,
        verification_type: purpose.verify_type(),
        redirect_to: link.redirect_to,
    }))
}

/// A signup link's password: like a sign-up's, it is stored with the link and applies only
/// when this link confirms the address (README "Security notes").
async fn signup_password(state: &AppState, body: &LinkBody) -> AuthResult<String> {
    let password = body.password.as_deref().unwrap_or_default();
    PasswordPolicy { min_length: state.config.auth.password_min_length.into() }.check_new(password, "Signup requires a valid password")?;
    Ok(state.auth.passwords.hash(password).await?)
}

/// The account a link is for, created when the link type makes one (signup, invite, magic link).
async fn link_user(conn: &mut Conn, purpose: Purpose, email: &Email, body: &LinkBody) -> AuthResult<UserRow> {
    let existing = users::find_by_email(conn, email.as_str()).await?;
    let data = body.data.clone().unwrap_or_default();
    match (purpose, existing) {
        (Purpose::Confirmation, Some(_)) => Err(email_exists()),
        (Purpose::Confirmation, None) => Ok(accounts::create(conn, NewAccount::new(email, None, data)).await?),
        (Purpose::Invite, existing) => invitee(conn, email, existing, data).await,
        (Purpose::MagicLink, None) => Ok(accounts::create(conn, NewAccount::new(email, None, data)).await?),
        (Purpose::EmailChangeCurrent | Purpose::EmailChangeNew, Some(mut user)) => {
            let new_email = Email::parse(body.new_email.as_deref().unwrap_or_default())?;
            if users::find_by_email(conn, new_email.as_str()).await?.is_some() {
                return Err(email_exists());
            }
            user.email_change = Some(new_email.as_str().to_owned());
            users::save(conn, &user).await?;
            Ok(user)
        }
        (_, Some(user)) => Ok(user),
        (_, None) => Err(AuthError::not_found("user_not_found", "User with this email not found")),
    }
}

/// An invitation goes to a new address, or again to one that never confirmed.
async fn invitee(conn: &mut Conn, email: &Email, existing: Option<UserRow>, data: Map<String, Value>) -> AuthResult<UserRow> {
    match existing {
        Some(user) if user.is_confirmed() => Err(email_exists()),
        Some(user) => Ok(user),
        None => {
            let mut account = NewAccount::new(email, None, data);
            account.invited = true;
            Ok(accounts::create(conn, account).await?)
        }
    }
}

#[derive(Debug, Default, Deserialize)]
pub struct InviteBody {
    email: Option<String>,
    data: Option<Map<String, Value>>,
}

/// `generate_link`'s answer: the User with the link's parts beside its members (GoTrue's shape).
#[derive(Debug, serde::Serialize)]
pub struct GeneratedLink {
    #[serde(flatten)]
    user: UserView,
    action_link: String,
    email_otp: String,
    hashed_token: String,
    verification_type: &'static str,
    redirect_to: String,
}

pub async fn invite(
    _: Admin,
    State(state): State<AppState>,
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<InviteBody>,
) -> AuthResult<Json<UserView>> {
    let email = Email::parse(body.email.as_deref().unwrap_or_default())?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let mut tx = state.db.begin_write().await?;
    let existing = users::find_by_email(&mut tx, email.as_str()).await?;
    let user = invitee(&mut tx, &email, existing, body.data.unwrap_or_default()).await?;
    mailer::send(&mut tx, &state, &user, &Mail::new(Purpose::Invite, &redirect_to, Requester::Admin), None).await?.required()?;
    let user = users::find_by_id(&mut tx, &user.id).await?.ok_or_else(AuthError::unexpected)?;
    let answer = user_with_identities(&mut tx, &user).await?;
    tx.commit().await?;
    Ok(Json(answer))
}
