//! `GET /account/export`: one JSON file with everything Rumbo keeps about the signed-in person
//! — account, profile, sign-in methods, devices, two-factor methods, consultations, orders and
//! the newsletter subscription of their address. Counters without a person in them (page
//! views, consent-free analytics) are not theirs and are left out. Secrets never leave: no
//! password hash, token, TOTP secret or recovery code.

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use super::internal;
use super::sessions::sessions_of;
use crate::auth::db::Conn;
use crate::auth::extract::ApiUser;
use crate::auth::model::{parse_object, timestamp, UserRow};
use crate::platform::db::now_unix;
use crate::platform::http::error::ApiError;
use crate::startup::AppState;

/// Everything kept about the caller, as a JSON download.
#[utoipa::path(
    get,
    path = "/account/export",
    tag = "account",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The caller's data (`Content-Disposition: attachment`)", body = Object),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn export_data(ApiUser(caller): ApiUser, State(state): State<AppState>) -> Result<Response, ApiError> {
    let mut conn = state.db.pool.acquire().await.map_err(internal)?;
    let document = collect(&mut conn, &caller.user, caller.session.as_ref().map(|s| s.id.as_str())).await.map_err(internal)?;
    let disposition = format!("attachment; filename=\"rumbo-my-data-{}.json\"", &timestamp(now_unix())[..10]);
    Ok(([(http::header::CONTENT_DISPOSITION, disposition), (http::header::CACHE_CONTROL, "no-store".to_owned())], Json(document))
        .into_response())
}

fn time(secs: Option<i64>) -> Value {
    secs.map_or(Value::Null, |s| json!(timestamp(s)))
}

pub async fn collect(conn: &mut Conn, user: &UserRow, current_session: Option<&str>) -> sqlx::Result<Value> {
    let email = user.email_or_empty().to_owned();
    Ok(json!({
        "exported_at": timestamp(now_unix()),
        "account": {
            "id": user.id, "email": user.email, "email_confirmed_at": time(user.email_confirmed_at),
            "created_at": timestamp(user.created_at), "last_sign_in_at": time(user.last_sign_in_at),
            "user_metadata": parse_object(&user.user_metadata), "app_metadata": parse_object(&user.app_metadata),
        },
        "profile": profile(conn, &user.id).await?,
        "identities": identities(conn, &user.id).await?,
        "sessions": serde_json::to_value(sessions_of(conn, &user.id, current_session).await?).unwrap_or_default(),
        "two_factor": two_factor(conn, &user.id).await?,
        "consultations": consultations(conn, &user.id, &email).await?,
        "orders": orders(conn, &user.id, &email).await?,
        "newsletter": newsletter(conn, &email).await?,
    }))
}

async fn profile(conn: &mut Conn, user_id: &str) -> sqlx::Result<Value> {
    type Row = (Option<String>, Option<String>, Option<String>, Option<String>);
    let row: Option<Row> = sqlx::query_as("SELECT first_name, last_name, country, avatar_url FROM profiles WHERE id = $1")
        .bind(user_id)
        .fetch_optional(conn)
        .await?;
    Ok(row.map_or(Value::Null, |(first_name, last_name, country, avatar_url)| {
        json!({ "first_name": first_name, "last_name": last_name, "country": country, "avatar_url": avatar_url })
    }))
}

async fn identities(conn: &mut Conn, user_id: &str) -> sqlx::Result<Value> {
    let rows: Vec<(String, Option<String>, i64, Option<i64>)> =
        sqlx::query_as("SELECT provider, email, created_at, last_sign_in_at FROM auth_identities WHERE user_id = $1 ORDER BY created_at")
            .bind(user_id)
            .fetch_all(conn)
            .await?;
    Ok(rows
        .into_iter()
        .map(|(provider, email, created, last)| json!({ "provider": provider, "email": email, "created_at": timestamp(created), "last_sign_in_at": time(last) }))
        .collect())
}

async fn two_factor(conn: &mut Conn, user_id: &str) -> sqlx::Result<Value> {
    let factors: Vec<(Option<String>, String, String, i64)> = sqlx::query_as(
        "SELECT friendly_name, factor_type, status, created_at FROM auth_mfa_factors WHERE user_id = $1 ORDER BY created_at",
    )
    .bind(user_id)
    .fetch_all(&mut *conn)
    .await?;
    let remaining = crate::auth::mfa::db::remaining_recovery_codes(conn, user_id).await?;
    let factors: Vec<Value> = factors
        .into_iter()
        .map(|(name, kind, status, created)| json!({ "friendly_name": name, "type": kind, "status": status, "created_at": timestamp(created) }))
        .collect();
    Ok(json!({ "factors": factors, "recovery_codes_remaining": remaining }))
}

async fn consultations(conn: &mut Conn, user_id: &str, email: &str) -> sqlx::Result<Value> {
    type Row = (String, String, String, i64, i64, i64, String, String, String, String, String, String, i64);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, plan_id, status, start_at, end_at, amount_cents, currency, name, email, country, message, language, created_at \
         FROM consultation_bookings WHERE user_id = $1 OR (email = $2 AND email <> '') ORDER BY start_at",
    )
    .bind(user_id)
    .bind(email)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for (id, plan, status, start, end, amount, currency, name, email, country, message, language, created) in rows {
        let documents: Vec<(String, i64)> = sqlx::query_as("SELECT filename, size_bytes FROM consultation_documents WHERE booking_id = $1")
            .bind(&id)
            .fetch_all(&mut *conn)
            .await?;
        let documents: Vec<Value> =
            documents.into_iter().map(|(filename, size)| json!({ "filename": filename, "size_bytes": size })).collect();
        out.push(json!({
            "id": id, "plan": plan, "status": status, "start_at": timestamp(start), "end_at": timestamp(end),
            "amount_cents": amount, "currency": currency, "name": name, "email": email, "country": country,
            "message": message, "language": language, "created_at": timestamp(created), "documents": documents,
        }));
    }
    Ok(Value::Array(out))
}

async fn orders(conn: &mut Conn, user_id: &str, email: &str) -> sqlx::Result<Value> {
    type Row = (String, String, String, String, i64, String, Option<String>, i64, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as(
        "SELECT id, number, status, email, total_cents, currency, shipping_address, created_at, paid_at \
         FROM store_orders WHERE user_id = $1 OR (email = $2 AND email <> '') ORDER BY created_at",
    )
    .bind(user_id)
    .bind(email)
    .fetch_all(&mut *conn)
    .await?;
    let mut out = Vec::new();
    for (id, number, status, email, total, currency, address, created, paid) in rows {
        let lines: Vec<(String, String, i64, i64)> = sqlx::query_as(
            "SELECT name, variant_name, quantity, line_total_cents FROM store_order_lines WHERE order_id = $1 ORDER BY position",
        )
        .bind(&id)
        .fetch_all(&mut *conn)
        .await?;
        let lines: Vec<Value> = lines
            .into_iter()
            .map(|(name, variant, quantity, total)| json!({ "name": name, "variant": variant, "quantity": quantity, "total_cents": total }))
            .collect();
        let address = address.and_then(|raw| serde_json::from_str::<Value>(&raw).ok()).unwrap_or(Value::Null);
        out.push(json!({
            "number": number, "status": status, "email": email, "total_cents": total, "currency": currency,
            "shipping_address": address, "created_at": timestamp(created), "paid_at": time(paid), "lines": lines,
        }));
    }
    Ok(Value::Array(out))
}

async fn newsletter(conn: &mut Conn, email: &str) -> sqlx::Result<Value> {
    type Row = (String, String, String, Option<i64>, Option<i64>, i64);
    let row: Option<Row> = sqlx::query_as(
        "SELECT email, lang, status, confirmed_at, unsubscribed_at, created_at FROM newsletter_subscriptions WHERE email = $1",
    )
    .bind(email)
    .fetch_optional(conn)
    .await?;
    Ok(row.map_or(Value::Null, |(email, lang, status, confirmed, unsubscribed, created)| {
        json!({ "email": email, "language": lang, "status": status, "confirmed_at": time(confirmed), "unsubscribed_at": time(unsubscribed), "subscribed_at": timestamp(created) })
    }))
}
