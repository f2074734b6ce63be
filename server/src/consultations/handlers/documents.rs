//! `POST bookings/{id}/documents` (multipart field `file`).

use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{Multipart, Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::{HeaderMap, StatusCode};

use super::super::db::{self, bookings, documents as documents_db};
use super::super::documents::{display_name, Kind, Upload, MAX_BYTES, MAX_PER_BOOKING};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{BookingRow, BookingStatus, DocumentView};
use super::super::service::access;
use crate::platform::db::now_unix;
use crate::startup::AppState;

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

fn missing_file() -> ConsultationError {
    ConsultationError::Validation(vec![("file", "file_required")])
}

fn multipart_error(error: MultipartError) -> ConsultationError {
    if error.status() == StatusCode::PAYLOAD_TOO_LARGE {
        ConsultationError::DocumentTooLarge
    } else {
        missing_file()
    }
}

pub async fn upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
    headers: HeaderMap,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&state, &mut conn, &id, &headers).await?;
    let open = booking.status == BookingStatus::Confirmed || booking.hold_is_live(now_unix());
    if !open {
        return Err(ConsultationError::NotChangeable);
    }
    if documents_db::count(&mut conn, &booking.id).await? >= MAX_PER_BOOKING {
        return Err(ConsultationError::TooManyDocuments);
    }
    drop(conn);
    let mut multipart = multipart.map_err(|_| missing_file())?;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() == Some("file") {
            let document = store(&state, &booking, field).await?;
            return Ok((StatusCode::CREATED, Json(document)).into_response());
        }
    }
    Err(missing_file())
}

/// Streams the field to disk, checking its kind on the first bytes and its size as it goes,
/// then records it if the booking still has room.
async fn store(state: &AppState, booking: &BookingRow, mut field: Field<'_>) -> ConsultationResult<DocumentView> {
    let original = field.file_name().map(str::to_owned);
    let dir = state.config.consultations.upload_dir.join(&booking.id);
    let mut head: Vec<u8> = Vec::with_capacity(16);
    let mut upload: Option<(Upload, Kind)> = None;
    loop {
        let chunk = match field.chunk().await {
            Ok(Some(chunk)) => chunk,
            Ok(None) => break,
            Err(e) => return fail(upload, multipart_error(e)).await,
        };
        match &mut upload {
            Some((file, _)) => file.write(&chunk).await?,
            None => {
                head.extend_from_slice(&chunk);
                if head.len() < 8 {
                    continue;
                }
                let kind = Kind::sniff(&head).ok_or(ConsultationError::UnsupportedDocument)?;
                let mut file = Upload::create(&dir).await?;
                file.write(&head).await?;
                upload = Some((file, kind));
            }
        }
        if upload.as_ref().is_some_and(|(file, _)| file.size > MAX_BYTES) {
            return fail(upload, ConsultationError::DocumentTooLarge).await;
        }
    }
    let Some((file, kind)) = upload else {
        // Shorter than any signature: nothing we accept.
        return Err(if head.is_empty() { missing_file() } else { ConsultationError::UnsupportedDocument });
    };
    let id = uuid::Uuid::new_v4().to_string();
    let stored = format!("{id}.{}", kind.extension());
    let size = file.size as i64;
    file.keep(&stored).await?;
    let document = DocumentView {
        id,
        filename: display_name(original.as_deref(), kind),
        size_bytes: size,
        content_type: kind.content_type().to_owned(),
    };
    match record(state, booking, &document, &format!("{}/{stored}", booking.id)).await {
        Ok(()) => Ok(document),
        Err(e) => {
            let _ = tokio::fs::remove_file(dir.join(&stored)).await;
            Err(e)
        }
    }
}

async fn fail(upload: Option<(Upload, Kind)>, error: ConsultationError) -> ConsultationResult<DocumentView> {
    if let Some((file, _)) = upload {
        file.discard().await;
    }
    Err(error)
}

/// Inserts the row under the booking's lock, so concurrent uploads cannot pass the limit.
async fn record(state: &AppState, booking: &BookingRow, document: &DocumentView, stored_name: &str) -> ConsultationResult<()> {
    let mut tx = db::begin(&state.db).await?;
    bookings::lock(&mut tx, &booking.id).await?;
    if documents_db::count(&mut tx, &booking.id).await? >= MAX_PER_BOOKING {
        return Err(ConsultationError::TooManyDocuments);
    }
    documents_db::insert(
        &mut tx,
        &documents_db::NewDocument {
            id: &document.id,
            booking_id: &booking.id,
            filename: &document.filename,
            stored_name,
            size_bytes: document.size_bytes,
            content_type: &document.content_type,
            now_ms: now_ms(),
        },
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
