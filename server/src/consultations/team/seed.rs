//! The first consultant, from the configuration: `CONSULTATION_TIME_ZONE` and
//! `CONSULTATION_WEEKLY_HOURS` are its defaults; afterwards the console edits it.

use super::ConsultantRow;
use crate::consultations::db::consultants;
use crate::consultations::model::CONSULTANT;
use crate::platform::db::now_unix;
use crate::startup::AppState;

pub async fn first_consultant(state: &AppState) -> sqlx::Result<()> {
    let config = &state.config.consultations;
    let row = ConsultantRow {
        id: CONSULTANT.to_owned(),
        user_id: None,
        name: "Rumbo".to_owned(),
        time_zone: config.zone_name().to_owned(),
        weekly_hours: config.weekly_hours.text().to_owned(),
        languages: "en,es,pt".to_owned(),
        active: true,
    };
    let mut conn = state.db.pool.acquire().await?;
    consultants::insert(&mut conn, &row, now_unix(), true).await
}
