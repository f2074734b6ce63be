//! The `profiles` table.

use sqlx::AnyConnection;

use super::model::{ProfileFields, ProfilePatch};

#[derive(Debug, sqlx::FromRow)]
pub struct ProfileRow {
    pub id: String,
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub country: Option<String>,
    pub avatar_url: Option<String>,
    pub created_at: i64,
    pub updated_at: i64,
}

pub async fn insert(conn: &mut AnyConnection, id: &str, fields: &ProfileFields, now: i64) -> sqlx::Result<()> {
    sqlx::query(
        "INSERT INTO profiles (id, first_name, last_name, country, avatar_url, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $6) \
         ON CONFLICT (id) DO NOTHING",
    )
    .bind(id)
    .bind(&fields.first_name)
    .bind(&fields.last_name)
    .bind(&fields.country)
    .bind(&fields.avatar_url)
    .bind(now)
    .execute(conn)
    .await
    .map(drop)
}

pub async fn find(conn: &mut AnyConnection, id: &str) -> sqlx::Result<Option<ProfileRow>> {
    sqlx::query_as("SELECT id, first_name, last_name, country, avatar_url, created_at, updated_at FROM profiles WHERE id = $1")
        .bind(id)
        .fetch_optional(conn)
        .await
}

/// Writes only the fields the patch names. No read comes first, so on SQLite the transaction
/// asks for the write lock at once and waits for it rather than failing on upgrade.
pub async fn update(conn: &mut AnyConnection, id: &str, patch: &ProfilePatch, now: i64) -> sqlx::Result<()> {
    let fields = [
        ("first_name", &patch.first_name),
        ("last_name", &patch.last_name),
        ("country", &patch.country),
        ("avatar_url", &patch.avatar_url),
    ];
    let changed: Vec<(&str, &Option<String>)> =
        fields.iter().filter_map(|(name, change)| change.as_ref().map(|value| (*name, value))).collect();
    let assignments: String = changed.iter().enumerate().map(|(i, (name, _))| format!("{name} = ${}, ", i + 3)).collect();
    let sql = format!("UPDATE profiles SET {assignments}updated_at = $2 WHERE id = $1");
    let mut query = sqlx::query(&sql).bind(id).bind(now);
    for (_, value) in changed {
        query = query.bind(value.clone());
    }
    query.execute(conn).await.map(drop)
}
