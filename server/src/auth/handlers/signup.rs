//! `POST /signup` (contract §3.1): a Session when autoconfirm is on, else the bare User while
//! the confirmation mail is out; an already confirmed address gets a look-alike fake User, so
//! the answer does not tell whether the address has an account.

use axum::extract::{Query, State};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Map, Value};

use super::RedirectQuery;
use crate::auth::accounts::{self, NewAccount, EMAIL_PROVIDER};
use crate::auth::db::{self, users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{Body, RequestClient};
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Purpose};
use crate::auth::model::{timestamp, user_json, Email, PasswordPolicy, UserRow};
use crate::auth::{issue, pkce, redirect};
use crate::platform::db::now_unix;
use crate::platform::http::client_ip::ClientIp;
use crate::startup::AppState;

#[derive(Debug, Default, Deserialize)]
pub struct SignupBody {
    email: Option<String>,
    phone: Option<String>,
    password: Option<String>,
    data: Option<Map<String, Value>>,
    code_challenge: Option<String>,
    code_challenge_method: Option<String>,
}

pub async fn signup(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    RequestClient(client): RequestClient,
    Query(query): Query<RedirectQuery>,
    Body(body): Body<SignupBody>,
) -> AuthResult<Json<Value>> {
    limits::per_ip(&state, Bucket::Signup, ip)?;
    let email = check_request(&state, &body)?;
    let password = body.password.unwrap_or_default();
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    // Hash before looking the address up, so known and unknown addresses cost the same time.
    let hash = state.auth.passwords.hash(&password).await?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let data = body.data.unwrap_or_default();
    let mut tx = db::begin(&state.db).await?;
    let answer = match users::find_by_email(&mut tx, email.as_str()).await? {
        Some(_) if state.config.auth.autoconfirm => return Err(AuthError::unprocessable("user_already_exists", "User already registered")),
        Some(existing) if existing.is_confirmed() => fake_user(&email, &data),
        Some(existing) => confirm_by_mail(&mut tx, &state, &existing, challenge.as_ref(), &redirect_to).await?,
        None => {
            let mut user = create(&mut tx, &state, &email, hash, data).await?;
            if state.config.auth.autoconfirm {
                issue::start_session(&mut tx, &state, &mut user, "password", &client).await?
            } else {
                confirm_by_mail(&mut tx, &state, &user, challenge.as_ref(), &redirect_to).await?
            }
        }
    };
    tx.commit().await?;
    Ok(Json(answer))
}

/// The request checks, in GoTrue's order; returns the parsed address.
fn check_request(state: &AppState, body: &SignupBody) -> AuthResult<Email> {
    let auth = &state.config.auth;
    if auth.disable_signup {
        return Err(AuthError::unprocessable("signup_disabled", "Signups not allowed for this instance"));
    }
    let (email, phone) = (body.email.as_deref().filter(|e| !e.is_empty()), body.phone.as_deref().filter(|p| !p.is_empty()));
    let email = match (email, phone) {
        (None, None) => return Err(AuthError::unprocessable("anonymous_provider_disabled", "Anonymous sign-ins are disabled")),
        (Some(_), Some(_)) => return Err(AuthError::validation("Only an email address or phone number should be provided on signup.")),
        (None, Some(_)) => return Err(AuthError::unprocessable("phone_provider_disabled", "Phone signups are disabled")),
        (Some(email), None) => email,
    };
    let policy = PasswordPolicy { min_length: auth.password_min_length.into() };
    policy.check_new(body.password.as_deref().unwrap_or_default(), "Signup requires a valid password")?;
    Email::parse(email)
}

async fn create(conn: &mut Conn, state: &AppState, email: &Email, hash: String, data: Map<String, Value>) -> AuthResult<UserRow> {
    let mut account = NewAccount::new(email, Some(hash), data);
    account.confirmed = state.config.auth.autoconfirm;
    accounts::create(conn, account).await.map_err(|e| {
        if users::is_unique_violation(&e) {
            AuthError::unprocessable("user_already_exists", "User already registered")
        } else {
            e.into()
        }
    })
}

/// Sends the confirmation link and answers the bare User.
pub async fn confirm_by_mail(
    conn: &mut Conn,
    state: &AppState,
    user: &UserRow,
    challenge: Option<&pkce::Challenge>,
    redirect_to: &str,
) -> AuthResult<Value> {
    mailer::send_with_pkce(conn, state, user, Purpose::Confirmation, challenge, redirect_to).await?;
    bare_user(conn, &user.id).await
}

/// The user as stored now (with `confirmation_sent_at`) and its identities.
pub async fn bare_user(conn: &mut Conn, id: &str) -> AuthResult<Value> {
    let user = users::find_by_id(conn, id).await?.ok_or_else(AuthError::unexpected)?;
    Ok(user_json(&user, &users::identities_of(conn, id).await?))
}

/// What a new unconfirmed sign-up answers, with a random id and no identities (GoTrue's
/// obfuscated user): nothing in it belongs to the existing account.
fn fake_user(email: &Email, data: &Map<String, Value>) -> Value {
    let now = timestamp(now_unix());
    json!({
        "id": uuid::Uuid::new_v4().to_string(),
        "aud": "authenticated",
        "role": "authenticated",
        "email": email.as_str(),
        "phone": "",
        "confirmation_sent_at": now,
        "app_metadata": { "provider": EMAIL_PROVIDER, "providers": [EMAIL_PROVIDER] },
        "user_metadata": data,
        "identities": [],
        "created_at": now,
        "updated_at": now,
        "is_anonymous": false,
    })
}
