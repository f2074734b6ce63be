//! Two instances of the real binary on one PostgreSQL database behind a loopback round-robin
//! proxy, as a deployment on several machines runs (docs/decisions/017-several-instances.md):
//! the limits are the site's, a time is held once, a refresh token rotates once, and mail goes
//! out exactly once even when an instance is killed in mid-delivery. PostgreSQL only: on
//! SQLite the site runs one instance, and these tests return at once.

use std::collections::{HashMap, HashSet};
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use serde_json::{json, Value};
use time::Duration as Days;
use tokio::net::{TcpListener, TcpStream};
use tokio::process::{Child, Command};
use tokio::sync::Semaphore;
use tokio::task::{JoinHandle, JoinSet};

use crate::consultations::{bogota_today, form, unique_email};
use crate::helpers::TestDatabase;
use crate::smtp_sink::SmtpSink;

const PASSWORD: &str = "Correct-Horse-42";

struct Pair {
    instances: Vec<Child>,
    proxy: Proxy,
    /// Every request through `url` opens its own connection, so the proxy alternates them.
    client: reqwest::Client,
    database: TestDatabase,
    logs: PathBuf,
}

impl Pair {
    /// Two instances sending mail to `sink`, with `env` on top of a development configuration;
    /// None when the tests run on SQLite.
    async fn start(sink: &SmtpSink, env: &[(&str, &str)]) -> Option<Pair> {
        let database = TestDatabase::create().await;
        if !database.url.starts_with("postgres") {
            return None;
        }
        let logs = std::env::temp_dir().join(format!("rumbo-pair-{}", uuid::Uuid::new_v4().simple()));
        std::fs::create_dir_all(&logs).unwrap();
        let mut instances = Vec::new();
        let mut ports = Vec::new();
        for n in 1..=2 {
            // One after the other: the first applies the migrations.
            let (child, port) = start_instance(n, &database, sink, env, &logs).await;
            instances.push(child);
            ports.push(port);
        }
        let client = reqwest::Client::builder().pool_max_idle_per_host(0).build().unwrap();
        Some(Pair { instances, proxy: Proxy::start(ports).await, client, database, logs })
    }

    fn url(&self, path: &str) -> String {
        format!("http://127.0.0.1:{}{path}", self.proxy.port)
    }

    async fn post(&self, path: &str, body: &Value) -> reqwest::Response {
        self.client.post(self.url(path)).json(body).send().await.expect("the proxy answers")
    }

    /// POSTs every body to `path`, `at_once` at a time: (status, JSON body) in order of arrival.
    async fn post_all(&self, path: &str, bodies: Vec<Value>, at_once: usize) -> Vec<(u16, Value)> {
        let permits = Arc::new(Semaphore::new(at_once));
        let mut requests = JoinSet::new();
        for body in bodies {
            let (client, url, permits) = (self.client.clone(), self.url(path), permits.clone());
            requests.spawn(async move {
                let _permit = permits.acquire_owned().await.unwrap();
                let response = client.post(url).json(&body).send().await.expect("the proxy answers");
                (response.status().as_u16(), response.json::<Value>().await.unwrap_or_default())
            });
        }
        requests.join_all().await
    }

    async fn count(&self, sql: &str) -> i64 {
        let pool = sqlx::AnyPool::connect(&self.database.url).await.unwrap();
        let (count,): (i64,) = sqlx::query_as(sql).fetch_one(&pool).await.unwrap();
        pool.close().await;
        count
    }
}

impl Drop for Pair {
    fn drop(&mut self) {
        if !std::thread::panicking() {
            let _ = std::fs::remove_dir_all(&self.logs);
        } else {
            eprintln!("the instances' logs are kept in {}", self.logs.display());
        }
    }
}

pub async fn start_instance(
    n: usize,
    database: &TestDatabase,
    sink: &SmtpSink,
    env: &[(&str, &str)],
    logs: &std::path::Path,
) -> (Child, u16) {
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let log = std::fs::File::create(logs.join(format!("instance-{n}.log"))).unwrap();
    let uploads = logs.join("uploads");
    let child = Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .arg("serve")
        .env_clear()
        .envs([
            ("HOST", "127.0.0.1"),
            ("PORT", port.to_string().as_str()),
            ("DATABASE_URL", database.url.as_str()),
            ("SITE_URL", "http://rumbo.localhost"),
            ("RUMBO_ENV", "development"),
            ("SMTP_URL", sink.url().as_str()),
            ("MAIL_FROM", "Rumbo <hello@rumbo.test>"),
            ("STORE_FILES_DIR", database.store_files.to_str().unwrap()),
            ("UPLOAD_DIR", uploads.to_str().unwrap()),
            ("MAIL_POLL_INTERVAL_SECS", "1"),
        ])
        .envs(env.iter().copied())
        .stdout(Stdio::from(log.try_clone().unwrap()))
        .stderr(Stdio::from(log))
        .kill_on_drop(true)
        .spawn()
        .expect("the binary starts");
    let client = reqwest::Client::new();
    for _ in 0..300 {
        if client.get(format!("http://127.0.0.1:{port}/ready")).send().await.is_ok_and(|r| r.status() == 200) {
            return (child, port);
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("instance {n} not ready after 30 s (log: {})", logs.display());
}

/// A TCP proxy on the loopback that hands each new connection to the next instance in turn,
/// skipping one that no longer accepts connections, as a load balancer's health check would.
struct Proxy {
    port: u16,
    /// Connections handed to each instance.
    served: Arc<Vec<AtomicUsize>>,
    task: JoinHandle<()>,
}

impl Proxy {
    async fn start(backends: Vec<u16>) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let served: Arc<Vec<AtomicUsize>> = Arc::new(backends.iter().map(|_| AtomicUsize::new(0)).collect());
        let counts = served.clone();
        let task = tokio::spawn(async move {
            let mut turn = 0;
            while let Ok((mut client, _)) = listener.accept().await {
                for attempt in 0..backends.len() {
                    let index = (turn + attempt) % backends.len();
                    if let Ok(mut upstream) = TcpStream::connect(("127.0.0.1", backends[index])).await {
                        counts[index].fetch_add(1, Ordering::SeqCst);
                        tokio::spawn(async move {
                            let _ = tokio::io::copy_bidirectional(&mut client, &mut upstream).await;
                        });
                        break;
                    }
                }
                turn += 1;
            }
        });
        Proxy { port, served, task }
    }

    fn served(&self) -> Vec<usize> {
        self.served.iter().map(|count| count.load(Ordering::SeqCst)).collect()
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

#[tokio::test]
async fn the_sign_in_limit_holds_for_the_site_not_for_each_instance() {
    let sink = SmtpSink::start().await;
    let Some(pair) = Pair::start(&sink, &[("AUTH_RATE_LIMIT_TOKEN", "10")]).await else { return };
    let mut statuses = Vec::new();
    for i in 0..30 {
        let body = json!({ "email": format!("nobody.{i}@example.com"), "password": "wrong-password-1" });
        statuses.push(pair.post("/auth/v1/token?grant_type=password", &body).await.status().as_u16());
    }
    assert_eq!(pair.proxy.served(), [15, 15], "each instance answered half");
    let refused = statuses.iter().filter(|status| **status == 429).count();
    assert_eq!((statuses[..10].to_vec(), refused), (vec![400; 10], 20), "10 failures for the site, then 429: {statuses:?}");
}

#[tokio::test]
async fn a_thousand_holds_over_twenty_times_hold_each_time_once() {
    let sink = SmtpSink::start().await;
    let env = [
        ("CONSULTATION_WEEKLY_HOURS", "mon-sun 00:00-24:00"),
        ("CONSULTATION_BOOKINGS_PER_IP_HOUR", "100000"),
        ("CONSULTATION_LIVE_HOLDS_PER_IP", "100000"),
    ];
    let Some(pair) = Pair::start(&sink, &env).await else { return };
    let times = twenty_apart(&pair).await;
    let bodies = (0..1000).map(|i| form("essential", &times[i % 20], &unique_email(&format!("racer{i}")), "en")).collect();
    let answers = pair.post_all("/api/v1/consultations/bookings", bodies, 32).await;
    let held: Vec<&str> = answers.iter().filter(|(status, _)| *status == 201).map(|(_, body)| body["start"].as_str().unwrap()).collect();
    let taken = answers.iter().filter(|(status, body)| *status == 409 && body["error_code"] == "slot_taken").count();
    assert_eq!((held.len(), taken), (20, 980), "every other answer is slot_taken");
    assert_eq!(held.iter().collect::<HashSet<_>>().len(), 20, "each time held once");
    assert_eq!(pair.count("SELECT COUNT(*) FROM consultation_bookings").await, 20, "no double booking in the database");
    let served = pair.proxy.served();
    assert!(served.iter().all(|count| *count >= 400), "both instances took bookings: {served:?}");
}

/// Twenty free times of the Essential plan, each an hour or more after the one before, so no
/// two can conflict.
async fn twenty_apart(pair: &Pair) -> Vec<String> {
    let (from, to) = (bogota_today(), bogota_today() + Days::days(7));
    let listed: Value = pair
        .client
        .get(pair.url(&format!("/api/v1/consultations/slots?plan=essential&from={from}&to={to}")))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let mut times = Vec::new();
    let mut free_after = None;
    for slot in listed["slots"].as_array().unwrap() {
        let start = time::OffsetDateTime::parse(slot["start"].as_str().unwrap(), &time::format_description::well_known::Rfc3339).unwrap();
        if free_after.is_none_or(|after| start >= after) {
            times.push(slot["start"].as_str().unwrap().to_owned());
            free_after = Some(start + Days::hours(2));
        }
    }
    assert!(times.len() >= 20, "a week of free times");
    times.truncate(20);
    times
}

#[tokio::test]
async fn a_refresh_token_rotates_once_whichever_instance_answers() {
    let sink = SmtpSink::start().await;
    let Some(pair) = Pair::start(&sink, &[("AUTH_AUTOCONFIRM", "true")]).await else { return };
    let session: Value =
        pair.post("/auth/v1/signup", &json!({ "email": unique_email("ana"), "password": PASSWORD })).await.json().await.unwrap();
    let first = session["refresh_token"].as_str().unwrap().to_owned();
    let retries = vec![json!({ "refresh_token": first }); 10];
    let answers = pair.post_all("/auth/v1/token?grant_type=refresh_token", retries, 10).await;
    assert!(answers.iter().all(|(status, _)| *status == 200), "a retry within the reuse interval is answered: {answers:?}");
    let children: HashSet<&str> = answers.iter().map(|(_, body)| body["refresh_token"].as_str().unwrap()).collect();
    assert_eq!(children.len(), 1, "ten simultaneous refreshes on two instances make one child");
    let child = children.into_iter().next().unwrap();
    let grandchild: Value =
        pair.post("/auth/v1/token?grant_type=refresh_token", &json!({ "refresh_token": child })).await.json().await.unwrap();
    let replay = pair.post("/auth/v1/token?grant_type=refresh_token", &json!({ "refresh_token": first })).await;
    assert_eq!(replay.json::<Value>().await.unwrap()["error_code"], "refresh_token_already_used");
    let newest = json!({ "refresh_token": grandchild["refresh_token"] });
    for _ in 0..2 {
        assert_eq!(
            pair.post("/auth/v1/token?grant_type=refresh_token", &newest).await.status(),
            400,
            "the session ended on both instances"
        );
    }
}

#[tokio::test]
async fn five_hundred_mails_go_out_once_when_an_instance_dies_in_mid_delivery() {
    let sink = SmtpSink::holding().await;
    // One delivery at a time per instance, so "both are delivering" is two held sessions.
    let env = [("NEWSLETTER_RATE_LIMIT_IP", "100000"), ("MAIL_LEASE_SECS", "3"), ("MAIL_CONCURRENCY", "1")];
    let Some(mut pair) = Pair::start(&sink, &env).await else { return };
    let addresses: Vec<String> =
        (0..500).map(|i| format!("reader{i}.{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..8])).collect();
    let bodies = addresses.iter().map(|email| json!({ "email": email, "language": "pt", "source": "footer" })).collect();
    let answers = pair.post_all("/api/v1/newsletter/subscriptions", bodies, 16).await;
    assert!(answers.iter().all(|(status, _)| (200..300).contains(status)), "{answers:?}");
    for _ in 0..100 {
        if sink.waiting() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(sink.waiting(), 2, "both instances are delivering, held at RCPT TO");
    let victim = &mut pair.instances[1];
    victim.start_kill().unwrap();
    victim.wait().await.unwrap();
    sink.release();
    let received = sink.wait_for(addresses.len(), 90).await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut copies: HashMap<String, usize> = HashMap::new();
    for message in sink.messages() {
        for recipient in &message.rcpt_to {
            *copies.entry(recipient.trim_start_matches("TO:").trim_matches(['<', '>']).to_lowercase()).or_default() += 1;
        }
    }
    let missing = addresses.iter().filter(|a| !copies.contains_key(a.as_str())).count();
    let doubled = copies.values().filter(|n| **n > 1).count();
    assert_eq!((received.len() >= addresses.len(), missing, doubled, copies.len()), (true, 0, 0, 500), "each reader got one confirmation");
    assert_eq!(pair.count("SELECT COUNT(*) FROM mail_outbox WHERE status = 'sent'").await, 500);
}
