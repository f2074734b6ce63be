//! The public opinion of a case: written by the consultant in the traveller's language (and
//! optionally the other two), checked for personal data, published when someone else approves.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use sqlx::{AnyConnection, Row};
use utoipa::ToSchema;

use super::privacy::{self, Traveller};
use crate::consultations::error::FieldErrors;
use crate::consultations::model::BookingRow;
use crate::platform::countries::canonical_name;
use crate::platform::db::rfc3339;
use crate::platform::i18n::Lang;
use crate::platform::slug::Slug;
use crate::platform::text::{is_clean_line, is_clean_text};

pub const CATEGORIES: [&str; 8] = ["airline", "airport", "hotel", "agency", "rail", "bus", "insurance", "other"];

/// What an opinion is about (the schema of the `category` members; stored as text).
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
#[allow(dead_code)]
pub enum OpinionCategory {
    Airline,
    Airport,
    Hotel,
    Agency,
    Rail,
    Bus,
    Insurance,
    Other,
}
const TITLE: (usize, usize) = (10, 140);
const BODY: (usize, usize) = (80, 20_000);
const OUTCOME: (usize, usize) = (3, 120);

/// One language's text: a title and a markdown body.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct OpinionText {
    pub title: String,
    pub body: String,
}

/// `PUT /staff/bookings/{id}/opinion`: the draft as the consultant wrote it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[schema(example = json!({"category": "airline", "country": "CO", "outcome": "Refund obtained",
    "texts": {"es": {"title": "Vuelo cancelado sin aviso: la aerolínea debe reembolsar", "body": "La aerolínea canceló el vuelo con dos días de aviso y ofreció solo un bono. Según la normativa aplicable, el viajero tiene derecho al reembolso en dinero..."}}}))]
pub struct OpinionRequest {
    pub category: String,
    /// The country where it happened: an ISO code or an English name.
    pub country: String,
    /// What came of it, in a few words.
    pub outcome: String,
    /// By language; the traveller's is required.
    pub texts: BTreeMap<String, OpinionText>,
}

/// An opinion as the console shows it.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct Opinion {
    pub id: String,
    pub booking_id: String,
    pub slug: String,
    /// `draft` or `published`.
    pub status: String,
    #[schema(value_type = OpinionCategory)]
    pub category: String,
    /// ISO 3166-1 alpha-2.
    pub country: String,
    pub outcome: String,
    /// The traveller's language (always among the texts).
    pub language: String,
    pub texts: BTreeMap<String, OpinionText>,
    pub author_id: String,
    pub author_email: String,
    #[schema(required = true)]
    pub approved_by: Option<String>,
    #[schema(format = DateTime, required = true)]
    pub published_at: Option<String>,
    #[schema(format = DateTime)]
    pub created_at: String,
    /// The public page (published opinions only), in the traveller's language.
    #[schema(required = true)]
    pub url: Option<String>,
}

/// A draft that passed every rule.
#[derive(Debug, Clone)]
pub struct Draft {
    pub category: &'static str,
    pub country: &'static str,
    pub outcome: String,
    pub texts: Vec<(Lang, OpinionText)>,
}

pub enum Refusal {
    Invalid(FieldErrors),
    PersonalData(FieldErrors),
}

fn field(lang: Lang, part: &str) -> &'static str {
    match (lang, part) {
        (Lang::En, "title") => "texts.en.title",
        (Lang::En, _) => "texts.en.body",
        (Lang::Es, "title") => "texts.es.title",
        (Lang::Es, _) => "texts.es.body",
        (Lang::Pt, "title") => "texts.pt.title",
        (Lang::Pt, _) => "texts.pt.body",
    }
}

fn length(text: &str, (min, max): (usize, usize), short: &'static str, long: &'static str) -> Option<&'static str> {
    match text.chars().count() {
        n if n < min => Some(short),
        n if n > max => Some(long),
        _ => None,
    }
}

/// Checks the draft (fields, then personal data) for this booking.
pub fn parse(body: &OpinionRequest, booking: &BookingRow) -> Result<Draft, Refusal> {
    let mut errors = FieldErrors::new();
    let category = CATEGORIES.iter().copied().find(|c| *c == body.category.trim());
    if category.is_none() {
        errors.push(("category", "invalid_category"));
    }
    let country = canonical_name(&body.country).and_then(crate::platform::countries::code_of);
    if country.is_none() {
        errors.push(("country", "country_required"));
    }
    let outcome = body.outcome.trim();
    if let Some(code) = length(outcome, OUTCOME, "outcome_too_short", "outcome_too_long") {
        errors.push(("outcome", code));
    } else if !is_clean_line(outcome) {
        errors.push(("outcome", "invalid_characters"));
    }
    let traveller_lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
    let mut texts = Vec::new();
    for (code, text) in &body.texts {
        let Some(lang) = Lang::from_code(code) else {
            errors.push(("texts", "invalid_language"));
            continue;
        };
        let (title, markdown) = (text.title.trim(), text.body.trim());
        // A language left empty is a language not written.
        if title.is_empty() && markdown.is_empty() && lang != traveller_lang {
            continue;
        }
        match length(title, TITLE, "title_too_short", "title_too_long") {
            Some(code) => errors.push((field(lang, "title"), code)),
            None if !is_clean_line(title) => errors.push((field(lang, "title"), "invalid_characters")),
            None => {}
        }
        match length(markdown, BODY, "body_too_short", "body_too_long") {
            Some(code) => errors.push((field(lang, "body"), code)),
            None if !is_clean_text(markdown) => errors.push((field(lang, "body"), "invalid_characters")),
            None => {}
        }
        texts.push((lang, OpinionText { title: title.to_owned(), body: markdown.to_owned() }));
    }
    if !texts.iter().any(|(lang, _)| *lang == traveller_lang) && !errors.iter().any(|(f, _)| *f == field(traveller_lang, "title")) {
        errors.push((field(traveller_lang, "body"), "traveller_language_required"));
    }
    let (Some(category), Some(country)) = (category, country) else { return Err(Refusal::Invalid(errors)) };
    if !errors.is_empty() {
        return Err(Refusal::Invalid(errors));
    }
    let traveller = Traveller { name: &booking.name, email: &booking.email, booking_id: &booking.id };
    let mut personal = FieldErrors::new();
    if let Some(found) = privacy::find(outcome, &traveller) {
        personal.push(("outcome", found.code()));
    }
    for (lang, text) in &texts {
        if let Some(found) = privacy::find(&text.title, &traveller) {
            personal.push((field(*lang, "title"), found.code()));
        }
        if let Some(found) = privacy::find(&text.body, &traveller) {
            personal.push((field(*lang, "body"), found.code()));
        }
    }
    if !personal.is_empty() {
        return Err(Refusal::PersonalData(personal));
    }
    Ok(Draft { category, country, outcome: outcome.to_owned(), texts })
}

const COLUMNS: &str = "o.id, o.booking_id, o.slug, o.status, o.category, o.country, o.outcome, o.language, o.author_id, \
     o.author_email, o.approved_by, o.published_at, o.created_at";

async fn texts_of(conn: &mut AnyConnection, id: &str) -> sqlx::Result<BTreeMap<String, OpinionText>> {
    let rows: Vec<(String, String, String)> =
        sqlx::query_as("SELECT lang, title, body FROM consultation_opinion_texts WHERE opinion_id = $1 ORDER BY lang")
            .bind(id)
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(lang, title, body)| (lang, OpinionText { title, body })).collect())
}

async fn with_texts(conn: &mut AnyConnection, row: &sqlx::any::AnyRow) -> sqlx::Result<Opinion> {
    let id: String = row.try_get("id")?;
    let status: String = row.try_get("status")?;
    let language: String = row.try_get("language")?;
    let slug: String = row.try_get("slug")?;
    let published_at: Option<i64> = row.try_get("published_at")?;
    let url = (status == "published").then(|| public_path(Lang::from_code(&language).unwrap_or(Lang::En), &slug));
    Ok(Opinion {
        texts: texts_of(conn, &id).await?,
        id,
        booking_id: row.try_get("booking_id")?,
        slug,
        status,
        category: row.try_get("category")?,
        country: row.try_get("country")?,
        outcome: row.try_get("outcome")?,
        language,
        author_id: row.try_get("author_id")?,
        author_email: row.try_get("author_email")?,
        approved_by: row.try_get("approved_by")?,
        published_at: published_at.map(rfc3339),
        created_at: rfc3339(row.try_get("created_at")?),
        url,
    })
}

/// `/{lang}/help/opinions/{slug}`.
pub fn public_path(lang: Lang, slug: &str) -> String {
    lang.localize(&format!("/help/opinions/{slug}"))
}

pub async fn of_booking(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<Option<Opinion>> {
    let row = sqlx::query(&format!("SELECT {COLUMNS} FROM consultation_opinions o WHERE o.booking_id = $1"))
        .bind(booking_id)
        .fetch_optional(&mut *conn)
        .await?;
    match row {
        Some(row) => with_texts(conn, &row).await.map(Some),
        None => Ok(None),
    }
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<Opinion>> {
    let row =
        sqlx::query(&format!("SELECT {COLUMNS} FROM consultation_opinions o WHERE o.id = $1")).bind(id).fetch_optional(&mut *conn).await?;
    match row {
        Some(row) => with_texts(conn, &row).await.map(Some),
        None => Ok(None),
    }
}

/// Drafts (oldest first) or published opinions (newest first).
pub async fn list(conn: &mut AnyConnection, status: &str) -> sqlx::Result<Vec<Opinion>> {
    let order = if status == "draft" { "o.updated_at" } else { "o.published_at DESC" };
    let rows = sqlx::query(&format!("SELECT {COLUMNS} FROM consultation_opinions o WHERE o.status = $1 ORDER BY {order}, o.id LIMIT 200"))
        .bind(status)
        .fetch_all(&mut *conn)
        .await?;
    let mut out = Vec::with_capacity(rows.len());
    for row in &rows {
        out.push(with_texts(conn, row).await?);
    }
    Ok(out)
}

/// Writes the draft (a new one, or over the booking's unpublished one). False when the
/// booking's opinion is already published.
pub async fn save_draft(
    conn: &mut AnyConnection,
    booking: &BookingRow,
    draft: &Draft,
    author: (&str, &str),
    now: i64,
) -> sqlx::Result<bool> {
    let existing: Option<(String, String)> = sqlx::query_as("SELECT id, status FROM consultation_opinions WHERE booking_id = $1")
        .bind(&booking.id)
        .fetch_optional(&mut *conn)
        .await?;
    let id = match existing {
        Some((_, status)) if status == "published" => return Ok(false),
        Some((id, _)) => {
            sqlx::query(
                "UPDATE consultation_opinions SET category = $2, country = $3, outcome = $4, author_id = $5, author_email = $6, \
                 updated_at = $7 WHERE id = $1 AND status = 'draft'",
            )
            .bind(&id)
            .bind(draft.category)
            .bind(draft.country)
            .bind(&draft.outcome)
            .bind(author.0)
            .bind(author.1)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            sqlx::query("DELETE FROM consultation_opinion_texts WHERE opinion_id = $1").bind(&id).execute(&mut *conn).await?;
            id
        }
        None => {
            let id = uuid::Uuid::new_v4().to_string();
            let lang = Lang::from_code(&booking.language).unwrap_or(Lang::En);
            let title = draft.texts.iter().find(|(l, _)| *l == lang).map_or("", |(_, t)| t.title.as_str());
            let slug = format!("{}-{}", Slug::from_title(title, "opinion").as_str(), &id[..8]);
            sqlx::query(
                "INSERT INTO consultation_opinions (id, booking_id, slug, status, category, country, outcome, language, author_id, \
                 author_email, created_at, updated_at) VALUES ($1, $2, $3, 'draft', $4, $5, $6, $7, $8, $9, $10, $10)",
            )
            .bind(&id)
            .bind(&booking.id)
            .bind(&slug)
            .bind(draft.category)
            .bind(draft.country)
            .bind(&draft.outcome)
            .bind(lang.code())
            .bind(author.0)
            .bind(author.1)
            .bind(now)
            .execute(&mut *conn)
            .await?;
            id
        }
    };
    for (lang, text) in &draft.texts {
        sqlx::query("INSERT INTO consultation_opinion_texts (opinion_id, lang, title, body) VALUES ($1, $2, $3, $4)")
            .bind(&id)
            .bind(lang.code())
            .bind(&text.title)
            .bind(&text.body)
            .execute(&mut *conn)
            .await?;
    }
    Ok(true)
}

/// draft → published. False when someone published it first.
pub async fn publish(conn: &mut AnyConnection, id: &str, approver: &str, now: i64) -> sqlx::Result<bool> {
    let done = sqlx::query(
        "UPDATE consultation_opinions SET status = 'published', approved_by = $2, published_at = $3, updated_at = $3 \
         WHERE id = $1 AND status = 'draft'",
    )
    .bind(id)
    .bind(approver)
    .bind(now)
    .execute(conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// A published opinion as the public list shows it, in one language.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OpinionSummary {
    pub slug: String,
    pub title: String,
    /// The first words of the text, without markdown.
    pub excerpt: String,
    #[schema(value_type = OpinionCategory)]
    pub category: String,
    pub country: String,
    pub outcome: String,
    #[schema(format = DateTime)]
    pub published_at: String,
    /// The language of this text: the one asked for, or the traveller's when it is not written in it.
    pub lang: Lang,
}

/// One published opinion's page.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OpinionPage {
    #[serde(flatten)]
    pub summary: OpinionSummary,
    /// The text as safe HTML.
    pub html: String,
    /// The languages it is written in.
    pub languages: Vec<Lang>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct OpinionSummaryList {
    pub items: Vec<OpinionSummary>,
}

struct PublishedRow {
    id: String,
    slug: String,
    category: String,
    country: String,
    outcome: String,
    language: String,
    published_at: i64,
}

const PUBLISHED: &str =
    "SELECT id, slug, category, country, outcome, language, published_at FROM consultation_opinions WHERE status = 'published'";

fn published_row(row: &sqlx::any::AnyRow) -> sqlx::Result<PublishedRow> {
    Ok(PublishedRow {
        id: row.try_get("id")?,
        slug: row.try_get("slug")?,
        category: row.try_get("category")?,
        country: row.try_get("country")?,
        outcome: row.try_get("outcome")?,
        language: row.try_get("language")?,
        published_at: row.try_get("published_at")?,
    })
}

/// The text in `lang`, else in the traveller's language.
fn pick(texts: &BTreeMap<String, OpinionText>, lang: Lang, fallback: &str) -> Option<(Lang, OpinionText)> {
    texts
        .get(lang.code())
        .map(|t| (lang, t.clone()))
        .or_else(|| texts.get(fallback).map(|t| (Lang::from_code(fallback).unwrap_or(Lang::En), t.clone())))
}

fn excerpt(markdown: &str) -> String {
    let plain: String = markdown.chars().filter(|c| !matches!(c, '#' | '*' | '_' | '`' | '>' | '[' | ']')).collect();
    let words: Vec<&str> = plain.split_whitespace().collect();
    let mut out = String::new();
    for word in words {
        if out.chars().count() + word.chars().count() > 200 {
            out.push('…');
            break;
        }
        if !out.is_empty() {
            out.push(' ');
        }
        out.push_str(word);
    }
    out
}

fn summary_from(row: PublishedRow, texts: &BTreeMap<String, OpinionText>, lang: Lang) -> Option<OpinionSummary> {
    let (shown, text) = pick(texts, lang, &row.language)?;
    Some(OpinionSummary {
        slug: row.slug,
        excerpt: excerpt(&text.body),
        title: text.title,
        category: row.category,
        country: row.country,
        outcome: row.outcome,
        published_at: rfc3339(row.published_at),
        lang: shown,
    })
}

/// Published opinions, newest first, optionally of one category: one query for the opinions,
/// one for all their texts.
pub async fn published(conn: &mut AnyConnection, lang: Lang, category: Option<&str>) -> sqlx::Result<Vec<OpinionSummary>> {
    let rows = sqlx::query(&format!("{PUBLISHED} AND ($1 = '' OR category = $1) ORDER BY published_at DESC, id LIMIT 500"))
        .bind(category.unwrap_or(""))
        .fetch_all(&mut *conn)
        .await?;
    let rows: Vec<PublishedRow> = rows.iter().map(published_row).collect::<sqlx::Result<_>>()?;
    let all: Vec<(String, String, String, String)> = sqlx::query_as(
        "SELECT t.opinion_id, t.lang, t.title, t.body FROM consultation_opinion_texts t \
         JOIN consultation_opinions o ON o.id = t.opinion_id WHERE o.status = 'published'",
    )
    .fetch_all(&mut *conn)
    .await?;
    let mut texts: std::collections::HashMap<String, BTreeMap<String, OpinionText>> = std::collections::HashMap::new();
    for (id, code, title, body) in all {
        texts.entry(id).or_default().insert(code, OpinionText { title, body });
    }
    Ok(rows
        .into_iter()
        .filter_map(|row| {
            let texts = texts.remove(&row.id)?;
            summary_from(row, &texts, lang)
        })
        .collect())
}

pub async fn published_page(conn: &mut AnyConnection, slug: &str, lang: Lang) -> sqlx::Result<Option<OpinionPage>> {
    let row = sqlx::query(&format!("{PUBLISHED} AND slug = $1")).bind(slug).fetch_optional(&mut *conn).await?;
    let Some(row) = row.as_ref().map(published_row).transpose()? else { return Ok(None) };
    let texts = texts_of(conn, &row.id).await?;
    let Some(summary) = summary_from(row, &texts, lang) else { return Ok(None) };
    let body = &texts[summary.lang.code()].body;
    Ok(Some(OpinionPage {
        html: crate::content::markdown::to_safe_html(body),
        languages: texts.keys().filter_map(|code| Lang::from_code(code)).collect(),
        summary,
    }))
}

/// Slugs and publication days, for the sitemap.
pub async fn published_dates(conn: &mut AnyConnection) -> sqlx::Result<Vec<crate::content::model::Dated>> {
    let rows: Vec<(String, i64)> =
        sqlx::query_as("SELECT slug, published_at FROM consultation_opinions WHERE status = 'published' ORDER BY published_at DESC")
            .fetch_all(conn)
            .await?;
    Ok(rows.into_iter().map(|(slug, at)| crate::content::model::Dated { slug, date: Some(rfc3339(at)[..10].to_owned()) }).collect())
}
