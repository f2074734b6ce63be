//! `/staff/newsletter/…`: write an issue per language, preview it in that language's template,
//! send a test to yourself, schedule or send it now, and read its figures (admins only); and the
//! public archive, `/newsletter/archive`.

use axum::extract::{Path, State};
use axum::Json;
use http::StatusCode;
use serde::{Deserialize, Serialize};
use serde_json::json;
use sqlx::AnyConnection;
use utoipa::{IntoParams, ToSchema};

use super::compose::{body_html, Composed, BODY_MAX, PREHEADER_MAX, SUBJECT_MAX};
use super::db::{self, IssueFigures, IssueRow, DRAFT, SCHEDULED};
use crate::auth::model::timestamp;
use crate::mail::{self, MailKind, NewEmail};
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::platform::http::extract::{ApiJson, ApiQuery};
use crate::platform::i18n::Lang;
use crate::platform::slug::Slug;
use crate::staff::audit;
use crate::staff::extract::{Admin, ADMIN_REFUSALS};
use crate::startup::AppState;

fn internal(error: sqlx::Error) -> ApiError {
    ApiError::internal("newsletter issues: database error", &error)
}

fn not_found() -> ApiError {
    ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, "No such issue.")
}

fn not_editable() -> ApiError {
    ApiError::new(StatusCode::CONFLICT, ErrorCode::IssueNotEditable, "This issue is being sent or was sent: it can no longer change.")
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NewsletterIssue {
    pub id: String,
    pub lang: Lang,
    pub subject: String,
    pub preheader: String,
    pub body_markdown: String,
    /// Shown in the public archive once sent.
    pub public: bool,
    pub slug: String,
    /// `draft`, `scheduled`, `sending` or `sent`.
    pub status: String,
    #[schema(required = true)]
    pub scheduled_at: Option<String>,
    #[schema(required = true)]
    pub sent_at: Option<String>,
    pub created_at: String,
    pub updated_at: String,
    pub figures: IssueFigures,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IssueList {
    pub items: Vec<NewsletterIssue>,
}

async fn view(conn: &mut AnyConnection, row: IssueRow) -> sqlx::Result<NewsletterIssue> {
    let figures = db::figures(conn, &row.id).await?;
    Ok(NewsletterIssue {
        lang: Lang::from_code(&row.lang).unwrap_or(Lang::En),
        public: row.public != 0,
        scheduled_at: row.scheduled_at.map(timestamp),
        sent_at: row.sent_at.map(timestamp),
        created_at: timestamp(row.created_at),
        updated_at: timestamp(row.updated_at),
        id: row.id,
        subject: row.subject,
        preheader: row.preheader,
        body_markdown: row.body_markdown,
        slug: row.slug,
        status: row.status,
        figures,
    })
}

/// The issue as the write transaction left it, answered once that transaction committed.
async fn committed(mut tx: sqlx::Transaction<'static, sqlx::Any>, id: &str) -> Result<NewsletterIssue, ApiError> {
    let row = db::find(&mut tx, id).await.map_err(internal)?.ok_or_else(not_found)?;
    let issue = view(&mut tx, row).await.map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok(issue)
}

/// The unsubscribe page without a token: what a preview or a test copy links to.
fn sample_unsubscribe_url(state: &AppState, lang: Lang) -> String {
    format!("{}{}/newsletter/unsubscribe", state.config.site_origin(), lang.path_prefix())
}

/// `POST /staff/newsletter/issues`, `PUT /staff/newsletter/issues/{id}`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"lang": "pt", "subject": "Praias do Sul", "preheader": "Florianópolis e além", "body_markdown": "Olá!", "public": true}))]
pub struct IssueDraft {
    pub lang: String,
    pub subject: String,
    #[serde(default)]
    pub preheader: String,
    pub body_markdown: String,
    #[serde(default)]
    pub public: bool,
}

struct Checked {
    lang: Lang,
    subject: String,
    preheader: String,
    body: String,
}

fn check(draft: &IssueDraft) -> Result<Checked, ApiError> {
    let mut errors = Vec::new();
    let lang = Lang::from_code(draft.lang.trim());
    if lang.is_none() {
        errors.push(("lang", "invalid_language"));
    }
    let (subject, preheader, body) = (draft.subject.trim(), draft.preheader.trim(), draft.body_markdown.trim());
    if subject.is_empty() || subject.chars().count() > SUBJECT_MAX || subject.contains(['\r', '\n']) {
        errors.push(("subject", "required"));
    }
    if preheader.chars().count() > PREHEADER_MAX {
        errors.push(("preheader", "too_long"));
    }
    if body.is_empty() || body.len() > BODY_MAX {
        errors.push(("body_markdown", "required"));
    }
    match lang {
        Some(lang) if errors.is_empty() => {
            Ok(Checked { lang, subject: subject.to_owned(), preheader: preheader.to_owned(), body: body.to_owned() })
        }
        _ => Err(ApiError::fields(errors)),
    }
}

/// `{subject as a slug}-{6 characters of the id}`: unique per language, readable in the archive.
fn slug_of(subject: &str, id: &str) -> String {
    let base = Slug::from_title(subject, "issue").into_string();
    let base: String = base.chars().take(60).collect();
    format!("{}-{}", base.trim_end_matches('-'), &id[..6])
}

/// Every issue, newest first, with its figures.
#[utoipa::path(get, path = "/staff/newsletter/issues", tag = "staff", security(("bearer" = [])),
    responses(
        (status = 200, description = "The issues", body = IssueList),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn list_issues(_: Admin, State(state): State<AppState>) -> Result<Json<IssueList>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let mut items = Vec::new();
    for row in db::all(&mut conn).await.map_err(internal)? {
        items.push(view(&mut conn, row).await.map_err(internal)?);
    }
    Ok(Json(IssueList { items }))
}

/// A new draft.
#[utoipa::path(post, path = "/staff/newsletter/issues", tag = "staff", security(("bearer" = [])), request_body = IssueDraft,
    responses(
        (status = 201, description = "The draft", body = NewsletterIssue),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 400, description = "`validation_failed` (lang, subject, preheader, body_markdown)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn create_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    ApiJson(draft): ApiJson<IssueDraft>,
) -> Result<(StatusCode, Json<NewsletterIssue>), ApiError> {
    let checked = check(&draft)?;
    let (id, now) = (uuid::Uuid::new_v4().to_string(), now_unix());
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    sqlx::query(
        "INSERT INTO newsletter_issues (id, lang, slug, subject, preheader, body_markdown, public, status, created_by, created_at, updated_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
    )
    .bind(&id)
    .bind(checked.lang.code())
    .bind(slug_of(&checked.subject, &id))
    .bind(&checked.subject)
    .bind(&checked.preheader)
    .bind(&checked.body)
    .bind(i64::from(draft.public))
    .bind(DRAFT)
    .bind(&staff.user.id)
    .bind(now)
    .execute(&mut *tx)
    .await
    .map_err(internal)?;
    audit::record(
        &mut tx,
        Some(&staff.user),
        "newsletter.issue_create",
        &format!("issue:{id}"),
        None,
        Some(&json!({"lang": checked.lang.code(), "subject": checked.subject})),
    )
    .await
    .map_err(internal)?;
    Ok((StatusCode::CREATED, Json(committed(tx, &id).await?)))
}

/// One issue with its figures.
#[utoipa::path(get, path = "/staff/newsletter/issues/{id}", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The issue's id")),
    responses(
        (status = 200, description = "The issue", body = NewsletterIssue),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn get_issue(_: Admin, State(state): State<AppState>, Path(id): Path<String>) -> Result<Json<NewsletterIssue>, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let row = db::find(&mut conn, &id).await.map_err(internal)?.ok_or_else(not_found)?;
    Ok(Json(view(&mut conn, row).await.map_err(internal)?))
}

/// Changes a draft or a scheduled issue (not one being sent or sent).
#[utoipa::path(put, path = "/staff/newsletter/issues/{id}", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The issue's id")), request_body = IssueDraft,
    responses(
        (status = 200, description = "The issue", body = NewsletterIssue),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`issue_not_editable`", body = ApiError),
        (status = 400, description = "`validation_failed` (lang, subject, preheader, body_markdown)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn update_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(draft): ApiJson<IssueDraft>,
) -> Result<Json<NewsletterIssue>, ApiError> {
    let checked = check(&draft)?;
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let before = db::find(&mut tx, &id).await.map_err(internal)?.ok_or_else(not_found)?;
    let done = sqlx::query(
        "UPDATE newsletter_issues SET lang = $2, slug = $3, subject = $4, preheader = $5, body_markdown = $6, public = $7, updated_at = $8 \
         WHERE id = $1 AND status IN ('draft', 'scheduled')",
    )
    .bind(&id)
    .bind(checked.lang.code())
    .bind(slug_of(&checked.subject, &id))
    .bind(&checked.subject)
    .bind(&checked.preheader)
    .bind(&checked.body)
    .bind(i64::from(draft.public))
    .bind(now_unix())
    .execute(&mut *tx)
    .await
    .map_err(internal)?;
    if done.rows_affected() == 0 {
        return Err(not_editable());
    }
    audit::record(
        &mut tx,
        Some(&staff.user),
        "newsletter.issue_update",
        &format!("issue:{id}"),
        Some(&json!({"lang": before.lang, "subject": before.subject})),
        Some(&json!({"lang": checked.lang.code(), "subject": checked.subject})),
    )
    .await
    .map_err(internal)?;
    Ok(Json(committed(tx, &id).await?))
}

/// `POST /staff/newsletter/preview`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"lang": "es", "subject": "Playas del Caribe", "preheader": "Cartagena y más", "body_markdown": "¡Hola! Lee [la guía](/es/blog/x)."}))]
pub struct IssuePreviewRequest {
    pub lang: String,
    pub subject: String,
    #[serde(default)]
    pub preheader: String,
    pub body_markdown: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct IssuePreview {
    pub subject: String,
    /// The whole e-mail's HTML (show it in a sandboxed frame).
    pub html: String,
    pub text: String,
}

/// The e-mail as that language's subscribers will get it.
#[utoipa::path(post, path = "/staff/newsletter/preview", tag = "staff", security(("bearer" = [])), request_body = IssuePreviewRequest,
    responses(
        (status = 200, description = "The rendered e-mail", body = IssuePreview),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 400, description = "`validation_failed`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn preview_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    ApiJson(body): ApiJson<IssuePreviewRequest>,
) -> Result<Json<IssuePreview>, ApiError> {
    let draft =
        IssueDraft { lang: body.lang, subject: body.subject, preheader: body.preheader, body_markdown: body.body_markdown, public: false };
    let checked = check(&draft)?;
    let composed = Composed::new(&state.config, &checked.subject, &checked.preheader, &checked.body);
    let unsubscribe = sample_unsubscribe_url(&state, checked.lang);
    let rendered = composed.render(&state.config, checked.lang, staff.user.email_or_empty(), &unsubscribe);
    Ok(Json(IssuePreview { subject: rendered.subject, html: rendered.html, text: rendered.text }))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct TestSent {
    /// The caller's address, where the test went.
    pub to: String,
}

/// Sends the issue to the caller only, marked as a test.
#[utoipa::path(post, path = "/staff/newsletter/issues/{id}/test", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The issue's id")),
    responses(
        (status = 202, description = "Queued to the caller", body = TestSent),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn test_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<(StatusCode, Json<TestSent>), ApiError> {
    let to = staff.user.email_or_empty().to_owned();
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    let row = db::find(&mut tx, &id).await.map_err(internal)?.ok_or_else(not_found)?;
    let lang = Lang::from_code(&row.lang).unwrap_or(Lang::En);
    let subject = format!("[TEST] {}", row.subject);
    let composed = Composed::new(&state.config, &subject, &row.preheader, &row.body_markdown);
    let unsubscribe = sample_unsubscribe_url(&state, lang);
    let vars = composed.vars(&unsubscribe);
    mail::enqueue(&mut tx, &state.config, NewEmail { to: &to, lang, kind: MailKind::NewsletterIssue, vars: &vars })
        .await
        .map_err(internal)?;
    tx.commit().await.map_err(internal)?;
    Ok((StatusCode::ACCEPTED, Json(TestSent { to })))
}

/// `POST /staff/newsletter/issues/{id}/send`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[schema(example = json!({"at": "2026-12-01T09:00:00Z"}))]
pub struct SendRequest {
    /// When to send (RFC 3339); none, or a past time: now.
    pub at: Option<String>,
}

/// Schedules a draft for its language's confirmed subscribers (now, or at `at`).
#[utoipa::path(post, path = "/staff/newsletter/issues/{id}/send", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The issue's id")), request_body = SendRequest,
    responses(
        (status = 200, description = "The issue, scheduled", body = NewsletterIssue),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`issue_not_editable` (not a draft)", body = ApiError),
        (status = 400, description = "`validation_failed` (at)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn send_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
    ApiJson(body): ApiJson<SendRequest>,
) -> Result<Json<NewsletterIssue>, ApiError> {
    let now = now_unix();
    let at = match body.at.as_deref().map(str::trim).filter(|t| !t.is_empty()) {
        None => now,
        Some(raw) => raw.parse::<jiff::Timestamp>().map_err(|_| ApiError::fields([("at", "invalid")]))?.as_second().max(now),
    };
    set_schedule(&state, &staff, &id, Some(at), DRAFT, SCHEDULED, "newsletter.issue_schedule").await
}

/// Takes a scheduled issue back to draft, before its sending starts.
#[utoipa::path(post, path = "/staff/newsletter/issues/{id}/unschedule", tag = "staff", security(("bearer" = [])),
    params(("id" = String, Path, description = "The issue's id")),
    responses(
        (status = 200, description = "The issue, a draft again", body = NewsletterIssue),
        (status = 401, description = "`no_authorization`", body = ApiError),
        (status = 403, description = ADMIN_REFUSALS, body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`issue_not_editable` (not scheduled, or sending started)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn unschedule_issue(
    Admin(staff): Admin,
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Json<NewsletterIssue>, ApiError> {
    set_schedule(&state, &staff, &id, None, SCHEDULED, DRAFT, "newsletter.issue_unschedule").await
}

async fn set_schedule(
    state: &AppState,
    staff: &crate::staff::extract::StaffUser,
    id: &str,
    at: Option<i64>,
    from: &str,
    to: &str,
    action: &str,
) -> Result<Json<NewsletterIssue>, ApiError> {
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    db::find(&mut tx, id).await.map_err(internal)?.ok_or_else(not_found)?;
    let done = sqlx::query("UPDATE newsletter_issues SET status = $2, scheduled_at = $3, updated_at = $4 WHERE id = $1 AND status = $5")
        .bind(id)
        .bind(to)
        .bind(at)
        .bind(now_unix())
        .bind(from)
        .execute(&mut *tx)
        .await
        .map_err(internal)?;
    if done.rows_affected() == 0 {
        return Err(not_editable());
    }
    audit::record(
        &mut tx,
        Some(&staff.user),
        action,
        &format!("issue:{id}"),
        Some(&json!({"status": from})),
        Some(&json!({"status": to, "at": at.map(timestamp)})),
    )
    .await
    .map_err(internal)?;
    Ok(Json(committed(tx, id).await?))
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct NewsletterArchiveItem {
    pub slug: String,
    pub lang: Lang,
    pub subject: String,
    pub preheader: String,
    pub sent_at: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NewsletterArchive {
    pub items: Vec<NewsletterArchiveItem>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NewsletterArchiveIssue {
    #[serde(flatten)]
    pub item: NewsletterArchiveItem,
    /// The body as safe HTML.
    pub html: String,
}

fn archive_item(row: &IssueRow) -> NewsletterArchiveItem {
    NewsletterArchiveItem {
        slug: row.slug.clone(),
        lang: Lang::from_code(&row.lang).unwrap_or(Lang::En),
        subject: row.subject.clone(),
        preheader: row.preheader.clone(),
        sent_at: row.sent_at.map(timestamp).unwrap_or_default(),
    }
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ArchiveQuery {
    /// `en`, `es` or `pt` (default `en`).
    pub lang: Option<String>,
}

fn archive_lang(query: &ArchiveQuery) -> Result<Lang, ApiError> {
    match query.lang.as_deref().map(str::trim) {
        None | Some("") => Ok(Lang::En),
        Some(code) => Lang::from_code(code).ok_or_else(|| ApiError::bad_request(ErrorCode::InvalidLanguage, "lang must be en, es or pt.")),
    }
}

/// The language's sent issues its editors chose to publish, newest first.
pub async fn archive_of(state: &AppState, lang: Lang) -> sqlx::Result<Vec<NewsletterArchiveItem>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(db::archive(&mut conn, lang.code()).await?.iter().map(archive_item).collect())
}

pub async fn archived_issue(state: &AppState, lang: Lang, slug: &str) -> sqlx::Result<Option<NewsletterArchiveIssue>> {
    let mut conn = state.db.pool.acquire().await?;
    Ok(db::archived(&mut conn, lang.code(), slug)
        .await?
        .map(|row| NewsletterArchiveIssue { item: archive_item(&row), html: body_html(&state.config, &row.body_markdown) }))
}

/// The public archive of a language.
#[utoipa::path(get, path = "/newsletter/archive", tag = "newsletter", params(ArchiveQuery),
    responses(
        (status = 200, description = "The published issues", body = NewsletterArchive),
        (status = 400, description = "`invalid_language`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn archive(State(state): State<AppState>, ApiQuery(query): ApiQuery<ArchiveQuery>) -> Result<Json<NewsletterArchive>, ApiError> {
    let lang = archive_lang(&query)?;
    Ok(Json(NewsletterArchive { items: archive_of(&state, lang).await.map_err(internal)? }))
}

/// One published issue.
#[utoipa::path(get, path = "/newsletter/archive/{slug}", tag = "newsletter", params(("slug" = String, Path, description = "The issue's slug"), ArchiveQuery),
    responses(
        (status = 200, description = "The issue", body = NewsletterArchiveIssue),
        (status = 400, description = "`invalid_language`", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    ))]
pub async fn archive_issue(
    State(state): State<AppState>,
    Path(slug): Path<String>,
    ApiQuery(query): ApiQuery<ArchiveQuery>,
) -> Result<Json<NewsletterArchiveIssue>, ApiError> {
    let lang = archive_lang(&query)?;
    archived_issue(&state, lang, &slug).await.map_err(internal)?.map(Json).ok_or_else(not_found)
}
