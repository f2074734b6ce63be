//! `rumbo import`: checks a whole content folder, imports it once, re-imports idempotently.

use std::path::{Path, PathBuf};

use rumbo::content::{import_dir, ImportError};
use rumbo::platform::db::Db;

use crate::helpers::TestDatabase;

const FIXTURE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/fixtures/content");

async fn database() -> (TestDatabase, Db) {
    let database = TestDatabase::create().await;
    let db = Db::connect(&database.url.parse().unwrap(), 2).await.unwrap();
    db.migrate().await.unwrap();
    (database, db)
}

async fn count(db: &Db, table: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(&format!("SELECT COUNT(*) FROM {table}")).fetch_one(&db.pool).await.unwrap();
    n
}

/// A writable copy of the fixture folder.
fn copy_fixture() -> PathBuf {
    let target = std::env::temp_dir().join(format!("rumbo-content-{}", uuid::Uuid::new_v4().simple()));
    copy_dir(Path::new(FIXTURE), &target);
    target
}

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let path = entry.unwrap().path();
        let dest = to.join(path.file_name().unwrap());
        if path.is_dir() {
            copy_dir(&path, &dest)
        } else {
            std::fs::copy(&path, &dest).map(|_| ()).unwrap()
        }
    }
}

#[tokio::test]
async fn a_folder_imports_once_and_a_second_import_changes_nothing() {
    let (guard, db) = database().await;
    let first = import_dir(&db, Path::new(FIXTURE), false, &guard.store_files).await.unwrap();
    assert_eq!((first.posts, first.destinations, first.images), (2, 1, 1));
    assert!(first.changed > 0);
    assert_eq!(count(&db, "content_posts").await, 2);
    assert_eq!(count(&db, "content_post_texts").await, 6);
    assert_eq!(count(&db, "content_post_destinations").await, 2);
    assert_eq!(count(&db, "content_testimonials").await, 3);
    let again = import_dir(&db, Path::new(FIXTURE), false, &guard.store_files).await.unwrap();
    assert_eq!(again.changed, 0, "re-import writes nothing");
}

#[tokio::test]
async fn imported_markdown_is_sanitized() {
    let (guard, db) = database().await;
    import_dir(&db, Path::new(FIXTURE), false, &guard.store_files).await.unwrap();
    let (html,): (String,) = sqlx::query_as("SELECT body_html FROM content_post_texts WHERE slug = $1 AND lang = $2")
        .bind("delayed-flight")
        .bind("es")
        .fetch_one(&db.pool)
        .await
        .unwrap();
    assert!(html.contains("<h2>Prueba</h2>"), "{html}");
    assert!(!html.contains("<script") && !html.contains("javascript:"), "{html}");
}

#[tokio::test]
async fn a_broken_file_is_reported_with_its_line_and_nothing_is_imported() {
    let (guard, db) = database().await;
    let dir = copy_fixture();
    std::fs::write(dir.join("posts/lost-bag/pt.md"), "+++\ntitle = \"Teste\"\nexcerpt = 3\n+++\nCorpo\n").unwrap();
    let Err(ImportError::Invalid(problems)) = import_dir(&db, &dir, false, &guard.store_files).await else {
        panic!("the broken folder was accepted")
    };
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert_eq!((problems[0].file.as_str(), problems[0].line), ("posts/lost-bag/pt.md", 3));
    assert_eq!(count(&db, "content_posts").await, 0, "nothing half-imported");
    let _ = std::fs::remove_dir_all(dir);
}

#[tokio::test]
async fn only_prune_removes_what_left_the_folder() {
    let (guard, db) = database().await;
    let dir = copy_fixture();
    import_dir(&db, &dir, false, &guard.store_files).await.unwrap();
    std::fs::remove_dir_all(dir.join("posts/lost-bag")).unwrap();
    import_dir(&db, &dir, false, &guard.store_files).await.unwrap();
    assert_eq!(count(&db, "content_posts").await, 2, "kept without --prune");
    let pruned = import_dir(&db, &dir, true, &guard.store_files).await.unwrap();
    assert_eq!(pruned.pruned, 1);
    assert_eq!(count(&db, "content_posts").await, 1);
    assert_eq!(count(&db, "content_post_texts").await, 3);
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn the_import_command_prints_problems_and_fails() {
    let dir = copy_fixture();
    std::fs::remove_file(dir.join("destinations/europe/es.md")).unwrap();
    let database = std::env::temp_dir().join(format!("rumbo-import-{}.db", uuid::Uuid::new_v4().simple()));
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .args(["import", dir.to_str().unwrap()])
        .env("DATABASE_URL", format!("sqlite://{}", database.display()))
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("destinations/europe/es.md:1: file is missing"), "{stderr}");
    assert!(stderr.contains("nothing was imported"), "{stderr}");
    let _ = std::fs::remove_dir_all(dir);
    let _ = std::fs::remove_file(database);
}
