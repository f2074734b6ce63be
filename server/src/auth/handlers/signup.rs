//! `POST /signup` (contract §3.1): a Session when autoconfirm is on, else the bare User while
//! the confirmation mail is out. An address that already has an account gets a made-up User
//! instead (README "Security notes"), so the answer does not tell whether it has one.

use axum::extract::State;
use axum::Json;
use serde::Deserialize;
use serde_json::{Map, Value};

use super::{commit_if_queued, RedirectQuery, Tx};
use crate::auth::accounts::{self, NewAccount};
use crate::auth::db::{users, Conn};
use crate::auth::errors::{AuthError, AuthResult};
use crate::auth::extract::{AuthQuery, Body, RequestClient};
use crate::auth::issue::SessionView;
use crate::auth::limits::{self, Bucket};
use crate::auth::mailer::{self, Mail, Purpose, Requester};
use crate::auth::model::{user_view, Email, PasswordPolicy, UserRow, UserView};
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
    AuthQuery(query): AuthQuery<RedirectQuery>,
    Body(body): Body<SignupBody>,
) -> AuthResult<Json<SignedUp>> {
    limits::per_ip(&state, Bucket::Signup, ip).await?;
    if is_anonymous(&body) && state.config.auth.anonymous_signins && !state.config.auth.disable_signup {
        return anonymous(&state, body.data.unwrap_or_default(), &client).await.map(|session| Json(SignedUp::Session(Box::new(session))));
    }
    let email = check_request(&state, &body)?;
    let challenge = pkce::parse(body.code_challenge.as_deref(), body.code_challenge_method.as_deref())?;
    let autoconfirm = state.config.auth.autoconfirm;
    if !autoconfirm {
        // Counted before the lookup: with a quota spent, every address gets the same 429.
        limits::email_quota(&state, Some(ip)).await?;
    }
    // One hash in every path, before the lookup, so no answer is faster than another.
    let hash = state.auth.passwords.hash(body.password.as_deref().unwrap_or_default()).await?;
    let redirect_to = redirect::validate(&state.config, query.redirect_to.as_deref());
    let request = SignUp { email, hash, data: body.data.unwrap_or_default(), challenge, redirect_to };
    let mut tx = state.db.begin_write().await?;
    let answer = match users::find_by_email(&mut tx, request.email.as_str()).await? {
        Some(_) if autoconfirm => return Err(AuthError::unprocessable("user_already_exists", "User already registered")),
        Some(existing) if existing.is_confirmed() => SignedUp::User(Box::new(stand_in_user(&request, false))),
        Some(existing) => return sign_up_again(tx, &state, &existing, &request).await.map(|user| Json(SignedUp::User(Box::new(user)))),
        None if autoconfirm => {
            let mut user = create(&mut tx, &request, true).await?;
            SignedUp::Session(Box::new(issue::start_session(&mut tx, &state, &mut user, "password", &client).await?))
        }
        None => SignedUp::User(Box::new(sign_up_new(&mut tx, &state, &request).await?)),
    };
    tx.commit().await?;
    Ok(Json(answer))
}

/// A sign-up's answer: the bare User until the address is confirmed, a Session when sign-ups
/// confirm themselves (`AUTH_AUTOCONFIRM`).
#[derive(Debug, serde::Serialize)]
#[serde(untagged)]
pub enum SignedUp {
    User(Box<UserView>),
    Session(Box<SessionView>),
}

/// A sign-up past its checks.
struct SignUp {
    email: Email,
    hash: String,
    data: Map<String, Value>,
    challenge: Option<pkce::Challenge>,
    redirect_to: String,
}

impl SignUp {
    /// Its confirmation mail; the link carries this sign-up's password (README "Security
    /// notes": pre-registration). The quota was counted before the lookup.
    fn mail(&self) -> Mail<'_> {
        Mail::new(Purpose::Confirmation, &self.redirect_to, Requester::Counted).with_password(&self.hash)
    }
}

/// No e-mail, phone or password: `signInAnonymously()`.
fn is_anonymous(body: &SignupBody) -> bool {
    [&body.email, &body.phone, &body.password].iter().all(|field| field.as_deref().is_none_or(str::is_empty))
}

/// An account with no address (`is_anonymous`), signed in at once; it becomes a permanent one
/// when its owner adds an e-mail address and confirms it (`PUT /user`, then the link).
async fn anonymous(state: &AppState, data: Map<String, Value>, client: &crate::auth::db::sessions::Client) -> AuthResult<SessionView> {
    let now = now_unix();
    let mut user = UserRow {
        user_metadata: Value::Object(data.clone()).to_string(),
        is_anonymous: 1,
        ..UserRow::blank(uuid::Uuid::new_v4().to_string(), now)
    };
    let mut tx = state.db.begin_write().await?;
    users::insert(&mut tx, &user).await?;
    crate::profiles::create_for_user(&mut tx, &user.id, &data, now).await?;
    let session = issue::start_session(&mut tx, state, &mut user, "anonymous", client).await?;
    tx.commit().await?;
    Ok(session)
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
    Ok(Email::parse(email)?)
}

/// The account, unconfirmed and without a password (its confirmation link carries it), or at
/// once confirmed with it.
async fn create(conn: &mut Conn, request: &SignUp, confirmed: bool) -> AuthResult<UserRow> {
    let mut account = NewAccount::new(&request.email, confirmed.then(|| request.hash.clone()), request.data.clone());
    account.confirmed = confirmed;
    accounts::create(conn, account).await.map_err(|e| {
        if users::is_unique_violation(&e) {
            AuthError::unprocessable("user_already_exists", "User already registered")
        } else {
            e.into()
        }
    })
}

/// A new address: the account, its confirmation mail, and the bare User.
async fn sign_up_new(conn: &mut Conn, state: &AppState, request: &SignUp) -> AuthResult<UserView> {
    let user = create(conn, request, false).await?;
    mailer::send_with_pkce(conn, state, &user, &request.mail(), request.challenge.as_ref()).await?.required()?;
    let user = users::find_by_id(conn, &user.id).await?.ok_or_else(AuthError::unexpected)?;
    accounts::user_with_identities(conn, &user).await
}

/// An address that signed up before and never confirmed: this sign-up's own confirmation mail,
/// and an answer made up like a new sign-up's, so nothing of the existing account shows (its
/// id, dates, or that it exists). When the mail cannot go now (the per-user wait), nothing
/// changes and the answer is the same.
async fn sign_up_again(mut tx: Tx, state: &AppState, existing: &UserRow, request: &SignUp) -> AuthResult<UserView> {
    let delivery = mailer::send_with_pkce(&mut tx, state, existing, &request.mail(), request.challenge.as_ref()).await?;
    commit_if_queued(tx, delivery).await?;
    Ok(stand_in_user(request, true))
}

/// A made-up new unconfirmed user with fresh random ids. For a confirmed address it has no
/// identities: GoTrue's documented answer, by which clients tell "already registered" (README
/// "Security notes").
fn stand_in_user(request: &SignUp, with_identity: bool) -> UserView {
    let now = now_unix();
    let (mut user, identity) = NewAccount::new(&request.email, None, request.data.clone()).rows(now);
    user.confirmation_sent_at = Some(now);
    let identities = if with_identity { vec![identity] } else { Vec::new() };
    user_view(&user, &identities)
}
