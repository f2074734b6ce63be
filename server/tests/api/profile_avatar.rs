//! Avatars: uploaded, re-encoded without their metadata, served, replaced and removed.

use serde_json::Value;

use crate::auth::{access_token, sign_up, unique_email};
use crate::consultations_manage::multipart;
use crate::helpers::TestApp;

/// A PNG with a text chunk standing in for metadata that must not survive.
fn png_with_metadata(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_fn(width, height, |x, y| image::Rgb([(x % 256) as u8, (y % 256) as u8, 90]));
    let mut png = Vec::new();
    picture.write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png).unwrap();
    // A tEXt chunk after the header: "Comment\0secret-location".
    let data = b"Comment\0secret-location 38.72,-9.14";
    let mut chunk = (data.len() as u32).to_be_bytes().to_vec();
    chunk.extend_from_slice(b"tEXt");
    chunk.extend_from_slice(data);
    let crc = crc32(&chunk[4..]);
    chunk.extend_from_slice(&crc.to_be_bytes());
    let header_end = 8 + 25;
    png.splice(header_end..header_end, chunk);
    png
}

fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = 0xFFFF_FFFFu32;
    for byte in bytes {
        crc ^= u32::from(*byte);
        for _ in 0..8 {
            crc = if crc & 1 == 1 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

async fn upload(app: &TestApp, token: &str, filename: &str, bytes: &[u8]) -> reqwest::Response {
    let (content_type, body) = multipart(filename, bytes);
    app.client
        .post(app.url("/api/v1/profile/avatar"))
        .bearer_auth(token)
        .header("content-type", content_type)
        .body(body)
        .send()
        .await
        .unwrap()
}

#[tokio::test]
async fn an_uploaded_picture_becomes_a_clean_256_px_avatar() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await;
    let token = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let original = png_with_metadata(800, 500);
    assert!(image::load_from_memory(&original).is_ok() && original.windows(15).any(|w| w == b"secret-location"));
    let response = upload(&app, &token, "me.png", &original).await;
    assert_eq!(response.status(), 200);
    let profile: Value = response.json().await.unwrap();
    let url = profile["avatar_url"].as_str().unwrap().to_owned();
    assert!(url.starts_with("http://rumbo.localhost/media/avatars/") && url.ends_with(".jpg"), "{url}");

    let served = app.client.get(url.replace("http://rumbo.localhost", &app.address)).send().await.unwrap();
    assert_eq!(served.status(), 200);
    assert_eq!(served.headers()["content-type"], "image/jpeg");
    assert!(served.headers()["cache-control"].to_str().unwrap().contains("immutable"));
    let bytes = served.bytes().await.unwrap();
    let picture = image::load_from_memory(&bytes).unwrap();
    assert_eq!((picture.width(), picture.height()), (256, 256));
    assert!(!bytes.windows(15).any(|w| w == b"secret-location"), "metadata is gone");

    let replaced: Value = upload(&app, &token, "again.png", &png_with_metadata(300, 300)).await.json().await.unwrap();
    assert_ne!(replaced["avatar_url"], url);
    assert_eq!(
        app.client.get(url.replace("http://rumbo.localhost", &app.address)).send().await.unwrap().status(),
        404,
        "one avatar per user"
    );
    let removed: Value =
        app.client.delete(app.url("/api/v1/profile/avatar")).bearer_auth(&token).send().await.unwrap().json().await.unwrap();
    assert!(removed["avatar_url"].is_null());
}

#[tokio::test]
async fn other_files_and_large_pictures_are_refused() {
    let app = TestApp::spawn_with(&["--auth-autoconfirm", "true"]).await;
    let token = access_token(&sign_up(&app, &unique_email("ana")).await).to_owned();
    let gif = upload(&app, &token, "x.gif", b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").await;
    assert_eq!(gif.status(), 422);
    assert_eq!(gif.json::<Value>().await.unwrap()["error_code"], "unsupported_image");
    let svg = upload(&app, &token, "x.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>").await;
    assert_eq!(svg.status(), 422);
    let mut big = png_with_metadata(64, 64);
    big.resize(2 * 1024 * 1024 + 10, 0);
    let large = upload(&app, &token, "big.png", &big).await;
    assert_eq!(large.status(), 413);
    assert_eq!(upload(&app, "not-a-token", "me.png", &png_with_metadata(10, 10)).await.status(), 403);
}
