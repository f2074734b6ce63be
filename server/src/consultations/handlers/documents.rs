//! `POST bookings/{id}/documents` (multipart field `file`).

use axum::extract::multipart::{Field, MultipartError};
use axum::extract::{Multipart, Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;

use super::super::api::DocumentUpload;
use super::super::db::{bookings, documents as documents_db};
use super::super::documents::{display_name, Kind, Upload, MAX_BYTES, MAX_PER_BOOKING};
use super::super::error::{ConsultationError, ConsultationResult};
use super::super::model::{BookingRow, BookingStatus, DocumentView};
use super::super::service::access::{self, Caller};
use crate::platform::db::{now_ms, now_unix};
use crate::platform::http::client_ip::{rate_key, ClientIp};
use crate::platform::http::error::ApiError;
use crate::platform::rate_limit::RetryAfter;
use crate::startup::AppState;

const HOUR: std::time::Duration = std::time::Duration::from_secs(3600);

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

/// Attaches a travel document to a held or confirmed booking.
#[utoipa::path(
    post,
    path = "/consultations/bookings/{id}/documents",
    tag = "consultations",
    params(("id" = String, Path, format = Uuid, description = "The booking's id")),
    security(("booking_token" = []), ("bearer" = [])),
    request_body(content = DocumentUpload, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored", body = DocumentView),
        (status = 400, description = "`validation_failed`: `file` is `file_required`", body = ApiError),
        (status = 404, description = "`not_found`", body = ApiError),
        (status = 409, description = "`not_changeable` or `too_many_documents`", body = ApiError),
        (status = 413, description = "`document_too_large`: more than 10 MB", body = ApiError),
        (status = 415, description = "`unsupported_document`: not a PDF, JPEG or PNG file", body = ApiError),
        (status = 429, description = "`upload_quota` of unpaid holds spent (Retry-After)", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn upload(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    caller: Caller,
    Path(id): Path<String>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> ConsultationResult<Response> {
    let mut conn = state.db.pool.acquire().await?;
    let booking = access::authorize(&mut conn, &id, &caller).await?;
    if !is_open(&booking) {
        return Err(ConsultationError::NotChangeable);
    }
    if documents_db::count(&mut conn, &booking.id).await? >= MAX_PER_BOOKING {
        return Err(ConsultationError::TooManyDocuments);
    }
    drop(conn);
    let quota = HeldQuota::of(&state, &booking, ip).await?;
    let mut multipart = multipart.map_err(|_| missing_file())?;
    while let Some(field) = multipart.next_field().await.map_err(multipart_error)? {
        if field.name() == Some("file") {
            let document = store(&state, &booking, field, quota.as_ref().map_or(MAX_BYTES, |q| q.left)).await?;
            if let Some(quota) = quota {
                quota.spend(&state, document.size_bytes).await;
            }
            return Ok((StatusCode::CREATED, Json(document)).into_response());
        }
    }
    Err(missing_file())
}

fn is_open(booking: &BookingRow) -> bool {
    booking.status == BookingStatus::Confirmed || booking.hold_is_live(now_unix())
}

/// What one client address may still attach to unpaid holds this hour
/// (`CONSULTATION_HELD_UPLOAD_BYTES_PER_IP_HOUR`): an unpaid hold costs nothing to make, so
/// its documents must not become free disk space. None for a confirmed booking.
struct HeldQuota {
    key: String,
    limit: u64,
    left: usize,
}

const UPLOAD_BUCKET: &str = "consultation_held_upload_bytes";

impl HeldQuota {
    async fn of(state: &AppState, booking: &BookingRow, ip: std::net::IpAddr) -> ConsultationResult<Option<HeldQuota>> {
        if booking.status == BookingStatus::Confirmed {
            return Ok(None);
        }
        let (key, limit) = (rate_key(ip), state.config.consultations.held_upload_bytes_per_ip_hour);
        let left = state.limiter.left(UPLOAD_BUCKET, &key, limit, HOUR).await.map_err(ConsultationError::UploadQuota)?;
        Ok(Some(HeldQuota { key, limit, left: usize::try_from(left).unwrap_or(usize::MAX).min(MAX_BYTES) }))
    }

    async fn spend(self, state: &AppState, bytes: i64) {
        let _ = state.limiter.spend(UPLOAD_BUCKET, &self.key, u64::try_from(bytes).unwrap_or(0), self.limit, HOUR).await;
    }
}

/// Streams the field to disk, checking its kind on the first bytes and its size as it goes
/// (at most `max_bytes`: a document's limit, or less of an unpaid hold's quota), then records
/// it if the booking still has room.
async fn store(state: &AppState, booking: &BookingRow, mut field: Field<'_>, max_bytes: usize) -> ConsultationResult<DocumentView> {
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
        if upload.as_ref().is_some_and(|(file, _)| file.size > max_bytes) {
            let too_much =
                if max_bytes < MAX_BYTES { ConsultationError::UploadQuota(RetryAfter(60)) } else { ConsultationError::DocumentTooLarge };
            return fail(upload, too_much).await;
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

/// Inserts the row under the booking's lock, so concurrent uploads cannot pass the limit,
/// and only while the booking is still open (a hold that ran out meanwhile keeps no file).
async fn record(state: &AppState, booking: &BookingRow, document: &DocumentView, stored_name: &str) -> ConsultationResult<()> {
    let mut tx = state.db.begin_write().await?;
    bookings::lock(&mut tx, &booking.id).await?;
    let current = bookings::find(&mut tx, &booking.id).await?.ok_or(ConsultationError::NotFound)?;
    if !is_open(&current) {
        return Err(ConsultationError::NotChangeable);
    }
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
