use std::path::PathBuf;

use clap::Parser;
use rumbo::config::Config;
use rumbo::startup::Application;
use sqlx::Executor;

use crate::contract::ContractClient;

/// Later flags override the defaults given first.
#[derive(Parser)]
#[command(args_override_self = true)]
struct TestCli {
    #[command(flatten)]
    config: Config,
}

pub struct TestApp {
    pub address: String,
    /// Every `/api/v1` answer it receives is checked against the OpenAPI document (contract.rs).
    pub client: ContractClient,
    /// The running site's state, for service functions that have no endpoint yet.
    pub state: rumbo::startup::AppState,
    _database: TestDatabase,
}

impl TestApp {
    pub async fn spawn() -> TestApp {
        TestApp::spawn_with(&[]).await
    }

    /// Starts the server with extra `--flag value` configuration.
    pub async fn spawn_with(extra_args: &[&str]) -> TestApp {
        TestApp::start(TestDatabase::create().await, extra_args).await
    }

    /// Starts on a database that already holds the content of `dir` (and nothing shipped).
    pub async fn spawn_with_content(dir: &std::path::Path, extra_args: &[&str]) -> TestApp {
        let database = TestDatabase::create().await;
        let db = rumbo::platform::db::Db::connect(&database.url.parse().expect("database url"), 1).await.expect("database answers");
        db.migrate().await.expect("migrations apply");
        rumbo::content::import_dir(&db, dir, false, &database.store_files).await.expect("content imports");
        db.pool.close().await;
        let mut args = vec!["--content-auto-import", "false"];
        args.extend_from_slice(extra_args);
        TestApp::start(database, &args).await
    }

    async fn start(database: TestDatabase, extra_args: &[&str]) -> TestApp {
        // Development mode (the dev mailbox, the sandbox payments) on a local site URL, as
        // `make run` starts it; a test that needs production says so with its own flags.
        let store_files = database.store_files.display().to_string();
        let mut args = vec![
            "rumbo",
            "--store-files-dir",
            &store_files,
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--database-url",
            &database.url,
            "--site-url",
            "http://rumbo.localhost",
            "--environment",
            "development",
        ];
        args.extend_from_slice(extra_args);
        let config = TestCli::try_parse_from(args).expect("test configuration parses").config;
        let app = Application::build(config).await.expect("application builds");
        let address = format!("http://127.0.0.1:{}", app.port());
        let state = app.state();
        tokio::spawn(app.run_until(std::future::pending()));
        let client = ContractClient::new(reqwest::Client::builder().redirect(reqwest::redirect::Policy::none()).build().unwrap());
        TestApp { address, client, state, _database: database }
    }

    /// The store's private files folder this app was started with.
    pub fn store_files(&self) -> PathBuf {
        self._database.store_files.clone()
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).send().await.expect("request sent")
    }

    pub async fn get_with(&self, path: &str, name: &str, value: &str) -> reqwest::Response {
        self.client.get(format!("{}{path}", self.address)).header(name, value).send().await.expect("request sent")
    }
}

/// A database of this test's own: a SQLite file in a fresh folder, or a fresh PostgreSQL schema.
pub struct TestDatabase {
    pub url: String,
    folder: Option<PathBuf>,
    /// The store's private files folder (STORE_FILES_DIR), the test's own.
    pub store_files: PathBuf,
}

impl TestDatabase {
    pub async fn create() -> TestDatabase {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let store_files = std::env::temp_dir().join(format!("rumbo-test-files-{id}"));
        match std::env::var("TEST_DATABASE_URL") {
            Ok(base) if !base.is_empty() => {
                let schema = format!("t_{}_{}", unix_now(), &id[..12]);
                sqlx::any::install_default_drivers();
                let pool = sqlx::AnyPool::connect(&base).await.expect("TEST_DATABASE_URL answers");
                drop_stale_schemas(&pool).await;
                pool.execute(format!("CREATE SCHEMA {schema}").as_str()).await.expect("schema created");
                let sep = if base.contains('?') { '&' } else { '?' };
                TestDatabase { url: format!("{base}{sep}options[search_path]={schema}"), folder: None, store_files }
            }
            _ => {
                let folder = std::env::temp_dir().join(format!("rumbo-test-{id}"));
                TestDatabase { url: format!("sqlite://{}/rumbo.db", folder.display()), folder: Some(folder), store_files }
            }
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Some(folder) = &self.folder {
            let _ = std::fs::remove_dir_all(folder);
        }
        let _ = std::fs::remove_dir_all(&self.store_files);
    }
}

/// Each test runs in its own process, so no hook can drop its schema at the end; instead,
/// every new test removes schemas left by runs more than an hour old.
async fn drop_stale_schemas(pool: &sqlx::AnyPool) {
    let cutoff = unix_now() - 3600;
    let rows: Vec<(String,)> = sqlx::query_as("SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 't\\_%'")
        .fetch_all(pool)
        .await
        .unwrap_or_default();
    for (schema,) in rows {
        let stamp = schema.split('_').nth(1).and_then(|s| s.parse::<i64>().ok());
        if stamp.is_some_and(|t| t < cutoff) {
            let _ = pool.execute(format!("DROP SCHEMA IF EXISTS {schema} CASCADE").as_str()).await;
        }
    }
}

fn unix_now() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_secs() as i64
}

/// The text of the first `<title>` in a page.
pub fn title_of(html: &str) -> &str {
    let start = html.find("<title>").expect("page has a title") + "<title>".len();
    let end = html[start..].find("</title>").unwrap() + start;
    &html[start..end]
}

/// Accounts helpers (tests/api/auth): JSON requests, the service_role key, the dev mailbox.
impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    /// POST a JSON body, as auth-js does (it always sends `X-Supabase-Api-Version`).
    pub async fn post_json(&self, path: &str, body: &serde_json::Value) -> reqwest::Response {
        self.client.post(self.url(path)).header("x-supabase-api-version", "2024-01-01").json(body).send().await.expect("request sent")
    }

    /// The service_role key, signed with this app's stored key (as `rumbo keys` prints it).
    pub async fn service_role_key(&self) -> String {
        let url = self._database.url.parse().expect("database url");
        let db = rumbo::platform::db::Db::connect(&url, 1).await.expect("database answers");
        let keys = rumbo::auth::keys::AuthKeys::load_or_create(&db).await.expect("keys load");
        rumbo::auth::jwt::api_key(&keys, "http://rumbo.localhost/auth/v1", "service_role").expect("key signs")
    }

    /// Messages in the development outbox, newest first.
    pub async fn mailbox(&self) -> Vec<serde_json::Value> {
        let response = self.get("/dev/mailbox?format=json").await;
        assert_eq!(response.status(), 200, "dev mailbox answers");
        response.json().await.expect("mailbox JSON")
    }
}

impl TestApp {
    /// This app's database URL, for `--database-url`, `Db::connect` or the binary's commands.
    pub fn database_url(&self) -> &str {
        &self._database.url
    }

    /// The first column of the first row of a query, as text (test assertions only).
    pub async fn fetch_one_text(&self, sql: &str) -> String {
        let url = self._database.url.parse().expect("database url");
        let db = rumbo::platform::db::Db::connect(&url, 1).await.expect("database answers");
        let (value,): (String,) = sqlx::query_as(sql).fetch_one(&db.pool).await.expect("query answers");
        value
    }
}
