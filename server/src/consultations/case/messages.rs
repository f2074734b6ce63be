//! Questions the traveller asks from the booking page, kept on the case.

use serde::{Deserialize, Serialize};
use sqlx::AnyConnection;
use utoipa::ToSchema;

use crate::platform::db::rfc3339;

pub const MESSAGE_MIN: usize = 10;
pub const MESSAGE_MAX: usize = 2000;

/// One message of the case.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CaseMessage {
    pub id: String,
    /// `traveller` or `staff`.
    pub from: String,
    pub body: String,
    #[schema(format = DateTime)]
    pub created_at: String,
}

/// `POST /consultations/bookings/{id}/questions`.
#[derive(Debug, Deserialize, ToSchema)]
#[schema(example = json!({"message": "Should I send the letter by registered post or is e-mail enough?"}))]
pub struct QuestionRequest {
    pub message: String,
}

pub async fn of_booking(conn: &mut AnyConnection, booking_id: &str) -> sqlx::Result<Vec<CaseMessage>> {
    let rows: Vec<(String, String, String, i64)> = sqlx::query_as(
        "SELECT id, sender, body, created_at_ms FROM consultation_case_messages WHERE booking_id = $1 ORDER BY created_at_ms, id",
    )
    .bind(booking_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id, from, body, at)| CaseMessage { id, from, body, created_at: rfc3339(at.div_euclid(1000)) }).collect())
}

pub async fn add(conn: &mut AnyConnection, booking_id: &str, from: &str, body: &str, now_ms: i64) -> sqlx::Result<CaseMessage> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query("INSERT INTO consultation_case_messages (id, booking_id, sender, body, created_at_ms) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(booking_id)
        .bind(from)
        .bind(body)
        .bind(now_ms)
        .execute(conn)
        .await?;
    Ok(CaseMessage { id, from: from.to_owned(), body: body.to_owned(), created_at: rfc3339(now_ms.div_euclid(1000)) })
}
