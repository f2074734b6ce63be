//! Avatars uploaded on the account page: `POST /api/v1/profile/avatar` takes a PNG, JPEG or
//! WebP of at most 2 MB, and the server writes it again — cropped to a square, scaled to
//! 256 px, as a JPEG — so nothing of the original file (EXIF location, camera, hidden payloads)
//! is kept or served. The result lives in `profile_avatars` and is served by
//! `GET /media/avatars/{id}.jpg`; the profile's `avatar_url` points at it.
//! `DELETE /api/v1/profile/avatar` removes it.

use std::io::Cursor;

use axum::extract::{Multipart, Path, State};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http::StatusCode;
use image::{DynamicImage, ImageFormat, ImageReader, Limits, Rgb, RgbImage};

use super::db;
use super::handlers::{internal, not_found};
use super::model::{Profile, ProfilePatch};
use crate::auth::extract::ApiUser;
use crate::platform::db::now_unix;
use crate::platform::http::error::{ApiError, ErrorCode};
use crate::startup::AppState;

pub const MAX_BYTES: usize = 2 * 1024 * 1024;
/// The whole multipart request: the file and the form's framing.
pub const MAX_REQUEST_BYTES: usize = MAX_BYTES + 64 * 1024;
const SIDE: u32 = 256;
/// Pictures larger than this are refused before decoding (decompression bombs).
const MAX_SIDE: u32 = 10_000;
const JPEG_QUALITY: u8 = 85;

fn unsupported() -> ApiError {
    ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, ErrorCode::UnsupportedImage, "Send a PNG, JPEG or WebP picture.")
}

fn too_large() -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, ErrorCode::ImageTooLarge, "The picture is larger than 2 MB.")
}

/// The picture, square, 256 px, as JPEG bytes; `None` when it is not a PNG, JPEG or WebP we can read.
pub fn reencode(bytes: &[u8]) -> Option<Vec<u8>> {
    let mut reader = ImageReader::new(Cursor::new(bytes)).with_guessed_format().ok()?;
    if !matches!(reader.format(), Some(ImageFormat::Png | ImageFormat::Jpeg | ImageFormat::WebP)) {
        return None;
    }
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(256 * 1024 * 1024);
    reader.limits(limits);
    let picture = reader.decode().ok()?;
    let square = picture.resize_to_fill(SIDE, SIDE, image::imageops::FilterType::Lanczos3);
    let flat = on_white(&square);
    let mut out = Vec::new();
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut out, JPEG_QUALITY).encode_image(&flat).ok()?;
    Some(out)
}

/// Transparent pixels over white (JPEG has no transparency).
fn on_white(picture: &DynamicImage) -> RgbImage {
    let rgba = picture.to_rgba8();
    RgbImage::from_fn(rgba.width(), rgba.height(), |x, y| {
        let [r, g, b, a] = rgba.get_pixel(x, y).0;
        let over = |c: u8| ((u16::from(c) * u16::from(a) + 255 * (255 - u16::from(a))) / 255) as u8;
        Rgb([over(r), over(g), over(b)])
    })
}

/// Stores `jpeg` as the user's only avatar and points the profile at it.
async fn store(state: &AppState, user_id: &str, jpeg: Vec<u8>) -> sqlx::Result<Option<super::db::ProfileRow>> {
    let id = uuid::Uuid::new_v4().simple().to_string();
    let url = format!("{}/media/avatars/{id}.jpg", state.config.site_origin());
    let now = now_unix();
    let mut tx = state.db.begin_write().await?;
    sqlx::query("DELETE FROM profile_avatars WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO profile_avatars (id, user_id, image, created_at) VALUES ($1, $2, $3, $4)")
        .bind(&id)
        .bind(user_id)
        .bind(jpeg)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    let patch = ProfilePatch { avatar_url: Some(Some(url)), ..ProfilePatch::default() };
    db::update(&mut tx, user_id, &patch, now).await?;
    let profile = db::find(&mut tx, user_id).await?;
    tx.commit().await?;
    Ok(profile)
}

/// A new account's picture at its sign-in provider, fetched once by the server and kept as
/// its avatar like an upload; pages then never load images from the provider. A picture that
/// cannot be had leaves the account without one.
pub fn import_in_background(state: AppState, user_id: String, url: String) {
    tokio::spawn(async move {
        let fetched = async {
            let http = reqwest::Client::builder().timeout(std::time::Duration::from_secs(10)).build().ok()?;
            let response = http.get(&url).send().await.ok()?.error_for_status().ok()?;
            if response.content_length().is_some_and(|length| length > MAX_BYTES as u64) {
                return None;
            }
            let bytes = response.bytes().await.ok().filter(|b| b.len() <= MAX_BYTES)?;
            tokio::task::spawn_blocking(move || reencode(&bytes)).await.ok()?
        };
        match fetched.await {
            Some(jpeg) => {
                if let Err(error) = store(&state, &user_id, jpeg).await {
                    tracing::warn!(%error, "profiles: could not keep a provider's picture");
                }
            }
            None => tracing::info!(%user_id, "profiles: the sign-in provider's picture could not be fetched or read"),
        }
    });
}

/// Sets the signed-in user's avatar from an uploaded picture (multipart field `file`).
#[utoipa::path(
    post,
    path = "/profile/avatar",
    tag = "profile",
    security(("bearer" = [])),
    request_body(content_type = "multipart/form-data", description = "`file`: a PNG, JPEG or WebP picture of at most 2 MB"),
    responses(
        (status = 200, description = "The profile, with `avatar_url` pointing at the new picture", body = Profile),
        (status = 400, description = "`bad_request`: no `file` field", body = ApiError),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = 413, description = "`image_too_large`: more than 2 MB", body = ApiError),
        (status = 422, description = "`unsupported_image`: not a PNG, JPEG or WebP that can be read", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn upload_avatar(
    ApiUser(caller): ApiUser,
    State(state): State<AppState>,
    multipart: Result<Multipart, axum::extract::multipart::MultipartRejection>,
) -> Result<Json<Profile>, ApiError> {
    let missing = || ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, "Send the picture in the form field `file`.");
    let mut multipart = multipart.map_err(|_| missing())?;
    let mut bytes = None;
    while let Some(field) = multipart.next_field().await.map_err(|_| too_large())? {
        if field.name() == Some("file") {
            let data = field.bytes().await.map_err(|_| too_large())?;
            if data.len() > MAX_BYTES {
                return Err(too_large());
            }
            bytes = Some(data);
            break;
        }
    }
    let bytes = bytes.ok_or_else(missing)?;
    let jpeg = tokio::task::spawn_blocking(move || reencode(&bytes))
        .await
        .map_err(|e| ApiError::internal("profiles: avatar encoding", &e))?
        .ok_or_else(unsupported)?;
    let profile = store(&state, &caller.user.id, jpeg).await.map_err(internal)?.ok_or_else(not_found)?;
    Ok(Json(Profile::from(&profile)))
}

/// Removes the signed-in user's uploaded avatar (and any avatar URL).
#[utoipa::path(
    delete,
    path = "/profile/avatar",
    tag = "profile",
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The profile, without an avatar", body = Profile),
        (status = 401, description = "`no_authorization`: no bearer token", body = ApiError),
        (status = 403, description = "`bad_jwt`, `session_not_found`, `session_expired`, `user_not_found` or `user_banned`", body = ApiError),
        (status = "default", description = "Any other refusal", body = ApiError),
    )
)]
pub async fn delete_avatar(ApiUser(caller): ApiUser, State(state): State<AppState>) -> Result<Json<Profile>, ApiError> {
    let mut tx = state.db.begin_write().await.map_err(internal)?;
    sqlx::query("DELETE FROM profile_avatars WHERE user_id = $1").bind(&caller.user.id).execute(&mut *tx).await.map_err(internal)?;
    let patch = ProfilePatch { avatar_url: Some(None), ..ProfilePatch::default() };
    db::update(&mut tx, &caller.user.id, &patch, now_unix()).await.map_err(internal)?;
    let profile = db::find(&mut tx, &caller.user.id).await.map_err(internal)?.ok_or_else(not_found)?;
    tx.commit().await.map_err(internal)?;
    Ok(Json(Profile::from(&profile)))
}

/// `GET /media/avatars/{id}.jpg`: immutable (a new upload gets a new id).
pub async fn serve_avatar(State(state): State<AppState>, Path(file): Path<String>) -> Response {
    let Some(id) = file.strip_suffix(".jpg").filter(|id| id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit())) else {
        return StatusCode::NOT_FOUND.into_response();
    };
    let found: Result<Option<(Vec<u8>,)>, sqlx::Error> =
        sqlx::query_as("SELECT image FROM profile_avatars WHERE id = $1").bind(id).fetch_optional(&state.db.pool).await;
    match found {
        Ok(Some((bytes,))) => {
            ([(http::header::CONTENT_TYPE, "image/jpeg"), (http::header::CACHE_CONTROL, "public, max-age=31536000, immutable")], bytes)
                .into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(error) => internal(error).into_response(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encoded(format: ImageFormat, width: u32, height: u32) -> Vec<u8> {
        let picture =
            DynamicImage::ImageRgba8(image::RgbaImage::from_fn(width, height, |x, _| image::Rgba([(x % 255) as u8, 80, 160, 128])));
        let mut out = Cursor::new(Vec::new());
        picture.write_to(&mut out, format).unwrap();
        out.into_inner()
    }

    #[test]
    fn pictures_become_square_256_px_jpegs() {
        for format in [ImageFormat::Png, ImageFormat::WebP] {
            let jpeg = reencode(&encoded(format, 640, 360)).expect("readable");
            let back = image::load_from_memory(&jpeg).unwrap();
            assert_eq!((back.width(), back.height()), (SIDE, SIDE), "{format:?}");
            assert_eq!(image::guess_format(&jpeg).unwrap(), ImageFormat::Jpeg);
        }
    }

    #[test]
    fn other_files_are_refused() {
        assert!(reencode(b"GIF89a\x01\x00\x01\x00").is_none());
        assert!(reencode(b"<svg xmlns='http://www.w3.org/2000/svg'/>").is_none());
        assert!(reencode(&encoded(ImageFormat::Png, 4, 4)[..20]).is_none(), "a truncated file");
    }
}
