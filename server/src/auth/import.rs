//! `rumbo users import FILE [--identities FILE]`: brings the users of a Supabase project along
//! (docs/decisions/012-accounts-complete.md § Moving from Supabase). It reads an export of
//! `auth.users` — CSV as `\copy … CSV HEADER` writes it, or JSON: an array of users (each may
//! carry its `identities`, as the admin API lists them) or `{"users": […], "identities": […]}`
//! — and optionally `auth.identities` in a second file. Users keep their id, address,
//! confirmation, metadata, bcrypt password hash (checked on sign-in, then stored as argon2id)
//! and their Google identities.
//!
//! Every row is checked first; any problem (`line N: …`) imports nothing. Running it again is
//! safe: users already here (same id) are left as they are and counted as such.

use std::collections::HashMap;
use std::path::Path;

use serde_json::{json, Map, Value};

use super::accounts;
use super::db::users;
use super::model::{parse_object, Email, IdentityRow, UserRow};
use super::passwords::is_supported_hash;
use crate::platform::db::{now_unix, Db};
use crate::platform::ids::UserId;
use crate::profiles;

#[derive(Debug, Clone, clap::Subcommand)]
pub enum UsersCommand {
    /// Import users exported from Supabase's `auth.users` (CSV or JSON), with their identities.
    Import {
        /// The export of `auth.users` (`.csv` or `.json`).
        file: std::path::PathBuf,
        /// The export of `auth.identities`, when it is a separate file.
        #[arg(long)]
        identities: Option<std::path::PathBuf>,
    },
}

/// What an import did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Report {
    pub imported: usize,
    pub already_here: usize,
    pub identities: usize,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}", .0.join("\n"))]
    Invalid(Vec<String>),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

impl From<sqlx::Error> for ImportError {
    fn from(error: sqlx::Error) -> ImportError {
        ImportError::Other(error.into())
    }
}

/// A row of either file: its line and its fields by column name.
#[derive(Debug)]
struct Record {
    line: usize,
    fields: Map<String, Value>,
}

impl Record {
    fn text(&self, name: &str) -> Option<&str> {
        self.fields.get(name).and_then(Value::as_str).map(str::trim).filter(|v| !v.is_empty() && *v != "\\N")
    }

    /// A JSON object column: an object in JSON exports, its text in CSV ones.
    fn object(&self, name: &str) -> Map<String, Value> {
        match self.fields.get(name) {
            Some(Value::Object(map)) => map.clone(),
            Some(Value::String(text)) => parse_object(text),
            _ => Map::new(),
        }
    }

    fn time(&self, name: &str, problems: &mut Vec<String>) -> Option<i64> {
        let raw = self.text(name)?;
        let parsed = parse_time(raw);
        if parsed.is_none() {
            problems.push(format!("line {}: {name} {raw:?} is not a timestamp", self.line));
        }
        parsed
    }
}

pub async fn run(db: &Db, command: UsersCommand) -> Result<Report, ImportError> {
    let UsersCommand::Import { file, identities } = command;
    let (users, mut nested) = read(&file)?;
    if let Some(path) = identities {
        nested.extend(read(&path)?.0);
    }
    import(db, users, nested).await
}

/// Rows of a file; a JSON file may also bring identities (nested, or in `identities`).
fn read(path: &Path) -> Result<(Vec<Record>, Vec<Record>), ImportError> {
    let text = std::fs::read_to_string(path).map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
    if path.extension().and_then(|e| e.to_str()).is_some_and(|e| e.eq_ignore_ascii_case("csv")) {
        return Ok((csv_records(&text).map_err(|problem| ImportError::Invalid(vec![problem]))?, Vec::new()));
    }
    let value: Value = serde_json::from_str(&text).map_err(|e| ImportError::Invalid(vec![format!("line {}: not JSON: {e}", e.line())]))?;
    let (users, mut identities) = match value {
        Value::Array(users) => (users, Vec::new()),
        Value::Object(mut root) => (
            root.remove("users").and_then(|v| v.as_array().cloned()).unwrap_or_default(),
            root.remove("identities").and_then(|v| v.as_array().cloned()).unwrap_or_default(),
        ),
        _ => return Err(ImportError::Invalid(vec!["line 1: expected an array of users or {\"users\": [...]}".into()])),
    };
    for user in &users {
        identities.extend(user.get("identities").and_then(Value::as_array).cloned().unwrap_or_default());
    }
    // JSON has no line per row: a row is named by its position, counted from 1.
    let records = |rows: Vec<Value>| {
        rows.into_iter().enumerate().map(|(i, row)| Record { line: i + 1, fields: row.as_object().cloned().unwrap_or_default() }).collect()
    };
    Ok((records(users), records(identities)))
}

/// RFC 4180: a header line, then rows; quoted fields may hold commas, quotes ("") and newlines.
fn csv_records(text: &str) -> Result<Vec<Record>, String> {
    let mut rows: Vec<(usize, Vec<String>)> = Vec::new();
    let (mut field, mut row, mut quoted, mut line, mut row_line) = (String::new(), Vec::new(), false, 1, 1);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => row.push(std::mem::take(&mut field)),
            ('\r', false) => {}
            ('\n', false) => {
                row.push(std::mem::take(&mut field));
                rows.push((row_line, std::mem::take(&mut row)));
                line += 1;
                row_line = line;
            }
            ('\n', true) => {
                field.push(c);
                line += 1;
            }
            _ => field.push(c),
        }
    }
    if quoted {
        return Err(format!("line {row_line}: a quoted field is not closed"));
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push((row_line, row));
    }
    let mut rows = rows.into_iter().filter(|(_, r)| !(r.len() == 1 && r[0].is_empty()));
    let Some((_, header)) = rows.next() else { return Ok(Vec::new()) };
    rows.map(|(line, values)| {
        if values.len() != header.len() {
            return Err(format!("line {line}: {} fields, the header has {}", values.len(), header.len()));
        }
        let fields = header.iter().cloned().zip(values.into_iter().map(Value::String)).collect();
        Ok(Record { line, fields })
    })
    .collect()
}

/// PostgreSQL's text timestamps (`2024-01-02 03:04:05.123456+00`) and RFC 3339.
fn parse_time(raw: &str) -> Option<i64> {
    let mut text = raw.trim().replacen(' ', "T", 1);
    let offset_start = text.rfind(['+', '-']).filter(|i| *i > 10);
    if let Some(start) = offset_start {
        if text.len() - start == 3 {
            text.push_str(":00");
        }
    }
    text.parse::<jiff::Timestamp>().ok().map(|t| t.as_second())
}

/// A user as it will be stored, with the identities of the export that are its.
struct Incoming {
    user: UserRow,
    identities: Vec<IdentityRow>,
}

async fn import(db: &Db, user_rows: Vec<Record>, identity_rows: Vec<Record>) -> Result<Report, ImportError> {
    let mut problems = Vec::new();
    let mut by_user: HashMap<String, Vec<IdentityRow>> = HashMap::new();
    for record in &identity_rows {
        if let Some(identity) = identity_of(record, &mut problems) {
            by_user.entry(identity.user_id.clone()).or_default().push(identity);
        }
    }
    let mut incoming = Vec::new();
    let mut seen_emails = HashMap::new();
    for record in &user_rows {
        let Some(user) = user_of(record, &mut problems) else { continue };
        if let Some(email) = &user.email {
            if let Some(first) = seen_emails.insert(email.clone(), record.line) {
                problems.push(format!("line {}: {email} is also on line {first}", record.line));
            }
        }
        let mut identities = by_user.remove(&user.id).unwrap_or_default();
        if user.email.is_some() && !identities.iter().any(|i| i.provider == "email") {
            identities.push(email_identity(&user));
        }
        incoming.push(Incoming { user, identities });
    }
    for (user_id, _) in by_user {
        problems.push(format!("identities of user {user_id}: no such user in the export"));
    }
    if !problems.is_empty() {
        return Err(ImportError::Invalid(problems));
    }
    let mut tx = db.begin_write().await?;
    let mut report = Report::default();
    for Incoming { user, identities } in incoming {
        if users::find_by_id(&mut tx, &user.id).await?.is_some() {
            report.already_here += 1;
            continue;
        }
        if let Some(email) = &user.email {
            if users::find_by_email(&mut tx, email).await?.is_some() {
                problems.push(format!("user {}: {email} already belongs to another account here", user.id));
                continue;
            }
        }
        users::insert(&mut tx, &user).await?;
        for identity in &identities {
            users::insert_identity(&mut tx, identity).await?;
        }
        profiles::create_for_user(&mut tx, &user.id, &parse_object(&user.user_metadata), user.created_at).await?;
        report.imported += 1;
        report.identities += identities.len();
    }
    if !problems.is_empty() {
        return Err(ImportError::Invalid(problems));
    }
    tx.commit().await?;
    Ok(report)
}

fn user_of(record: &Record, problems: &mut Vec<String>) -> Option<UserRow> {
    let line = record.line;
    let before = problems.len();
    let id = record.text("id").and_then(UserId::parse);
    if id.is_none() {
        problems.push(format!("line {line}: id {:?} is not a UUID", record.text("id").unwrap_or_default()));
    }
    let email = match record.text("email") {
        Some(raw) => match Email::parse(raw) {
            Ok(email) => Some(email.as_str().to_owned()),
            Err(_) => {
                problems.push(format!("line {line}: email {raw:?} is not a valid address"));
                None
            }
        },
        None => None,
    };
    let password = record.text("encrypted_password").map(str::to_owned);
    if password.as_deref().is_some_and(|hash| !is_supported_hash(hash)) {
        problems.push(format!("line {line}: encrypted_password is neither a bcrypt nor an argon2id hash"));
    }
    let is_anonymous = record.text("is_anonymous").is_some_and(|v| matches!(v, "t" | "true" | "1"));
    if email.is_none() && !is_anonymous && before == problems.len() {
        problems.push(format!("line {line}: a user without an email address (phone users are not supported)"));
    }
    let created_at = record.time("created_at", problems).unwrap_or_else(now_unix);
    let mut app_metadata = record.object("raw_app_meta_data");
    app_metadata.entry("provider").or_insert_with(|| json!("email"));
    app_metadata.entry("providers").or_insert_with(|| json!(["email"]));
    let user = UserRow {
        aud: record.text("aud").unwrap_or("authenticated").to_owned(),
        role: record.text("role").unwrap_or("authenticated").to_owned(),
        email,
        encrypted_password: password,
        email_confirmed_at: record.time("email_confirmed_at", problems).or_else(|| record.time("confirmed_at", problems)),
        invited_at: record.time("invited_at", problems),
        confirmation_sent_at: record.time("confirmation_sent_at", problems),
        recovery_sent_at: record.time("recovery_sent_at", problems),
        last_sign_in_at: record.time("last_sign_in_at", problems),
        app_metadata: Value::Object(app_metadata).to_string(),
        user_metadata: Value::Object(record.object("raw_user_meta_data")).to_string(),
        banned_until: record.time("banned_until", problems),
        is_anonymous: i64::from(is_anonymous),
        updated_at: record.time("updated_at", problems).unwrap_or(created_at),
        deleted_at: record.time("deleted_at", problems),
        ..UserRow::blank(id?.into_string(), created_at)
    };
    (problems.len() == before).then_some(user)
}

fn identity_of(record: &Record, problems: &mut Vec<String>) -> Option<IdentityRow> {
    let line = record.line;
    let before = problems.len();
    let (Some(user_id), Some(provider)) = (record.text("user_id").and_then(UserId::parse), record.text("provider")) else {
        problems.push(format!("line {line}: an identity needs a user_id (UUID) and a provider"));
        return None;
    };
    let data = record.object("identity_data");
    let provider_id = record.text("provider_id").map(str::to_owned).or_else(|| data.get("sub").and_then(Value::as_str).map(str::to_owned));
    let Some(provider_id) = provider_id else {
        problems.push(format!("line {line}: identity without provider_id"));
        return None;
    };
    let created_at = record.time("created_at", problems).unwrap_or_else(now_unix);
    let identity = IdentityRow {
        id: record.text("id").and_then(|id| uuid::Uuid::try_parse(id).ok()).unwrap_or_else(uuid::Uuid::new_v4).to_string(),
        provider_id,
        provider: provider.to_owned(),
        user_id: user_id.into_string(),
        email: record.text("email").map(str::to_lowercase).or_else(|| data.get("email").and_then(Value::as_str).map(str::to_lowercase)),
        identity_data: Value::Object(data).to_string(),
        last_sign_in_at: record.time("last_sign_in_at", problems),
        created_at,
        updated_at: record.time("updated_at", problems).unwrap_or(created_at),
    };
    (problems.len() == before).then_some(identity)
}

/// The e-mail identity GoTrue keeps for every e-mail user, when the export left it out.
fn email_identity(user: &UserRow) -> IdentityRow {
    let mut identity = accounts::email_identity(&user.id, user.email_or_empty(), user.is_confirmed(), Map::new(), user.created_at);
    identity.last_sign_in_at = user.last_sign_in_at;
    identity.updated_at = user.updated_at;
    identity
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn csv_fields_may_hold_commas_quotes_and_newlines() {
        let text =
            "id,email,raw_user_meta_data\n1,a@b.co,\"{\"\"name\"\": \"\"Ana, la Grande\"\"}\"\n2,\"say \"\"hi\"\"\",\"two\nlines\"\n";
        let records = csv_records(text).unwrap();
        assert_eq!(records.len(), 2);
        assert_eq!(records[0].object("raw_user_meta_data")["name"], "Ana, la Grande");
        assert_eq!(records[1].text("email"), Some("say \"hi\""));
        assert_eq!((records[1].line, records[1].text("raw_user_meta_data")), (3, Some("two\nlines")));
        assert!(csv_records("id,email\n1\n").unwrap_err().starts_with("line 2:"));
        assert!(csv_records("id\n\"open\n").is_err());
    }

    #[test]
    fn postgres_and_rfc_3339_timestamps_parse() {
        assert_eq!(parse_time("2024-01-02 03:04:05.123456+00"), Some(1_704_164_645));
        assert_eq!(parse_time("2024-01-02T03:04:05Z"), Some(1_704_164_645));
        assert_eq!(parse_time("2024-01-02 05:04:05+02:00"), Some(1_704_164_645));
        assert_eq!(parse_time("yesterday"), None);
    }
}
