//! Site-wide facts in `app_metadata`, shared by every instance.

use super::db::{now_unix, Db};

/// Records when this database was first set up; later starts keep the first value.
pub async fn record_install(db: &Db) -> anyhow::Result<()> {
    sqlx::query("INSERT INTO app_metadata (key, value, updated_at) VALUES ($1, $2, $3) ON CONFLICT (key) DO NOTHING")
        .bind("installed_at")
        .bind(now_unix().to_string())
        .bind(now_unix())
        .execute(&db.pool)
        .await?;
    Ok(())
}

pub async fn get(db: &Db, key: &str) -> anyhow::Result<Option<String>> {
    let value: Option<(String,)> =
        sqlx::query_as("SELECT value FROM app_metadata WHERE key = $1").bind(key).fetch_optional(&db.pool).await?;
    Ok(value.map(|(v,)| v))
}
