//! A newsletter issue to 5,000 subscribers through the real binary and a loopback SMTP server,
//! with the server killed (SIGKILL) mid-send and started again: every confirmed subscriber of
//! the issue's language gets exactly one copy, with their own unsubscribe headers, and nobody
//! else gets one (docs/decisions/018). On SQLite and PostgreSQL.

use std::collections::{HashMap, HashSet};
use std::time::Duration;

use serde_json::{json, Value};

use crate::helpers::TestDatabase;
use crate::instances::start_instance;
use crate::smtp_sink::SmtpSink;

const READERS: usize = 5000;
const PASSWORD: &str = "Correct-Horse-42";

async fn pool(database: &TestDatabase) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::AnyPool::connect(&database.url).await.unwrap()
}

async fn count(database: &TestDatabase, sql: &str) -> i64 {
    let pool = pool(database).await;
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&pool).await.unwrap();
    pool.close().await;
    n
}

/// `n` subscribers of `lang` in `status`, in one transaction; their addresses.
async fn subscribers(database: &TestDatabase, lang: &str, status: &str, n: usize) -> Vec<String> {
    let pool = pool(database).await;
    let mut tx = pool.begin().await.unwrap();
    let mut emails = Vec::with_capacity(n);
    for i in 0..n {
        let email = format!("{status}{i}.{lang}@example.com");
        sqlx::query(
            "INSERT INTO newsletter_subscriptions (id, email, lang, source, status, confirmed_at, created_at, updated_at) \
             VALUES ($1, $2, $3, 'footer', $4, 1, 1, 1)",
        )
        .bind(uuid::Uuid::new_v4().to_string())
        .bind(&email)
        .bind(lang)
        .bind(status)
        .execute(&mut *tx)
        .await
        .unwrap();
        emails.push(email);
    }
    tx.commit().await.unwrap();
    pool.close().await;
    emails
}

/// Signs up an admin (the server autoconfirms) and returns their access token.
async fn admin_token(client: &reqwest::Client, base: &str, database: &TestDatabase) -> String {
    let email = format!("owner.{}@example.com", &uuid::Uuid::new_v4().simple().to_string()[..8]);
    let signed_up =
        client.post(format!("{base}/auth/v1/signup")).json(&json!({"email": email, "password": PASSWORD})).send().await.unwrap();
    assert_eq!(signed_up.status().as_u16(), 200);
    let granted = std::process::Command::new(env!("CARGO_BIN_EXE_rumbo"))
        .args(["staff", "grant", &email, "admin"])
        .env("DATABASE_URL", &database.url)
        .env("SITE_URL", "http://rumbo.localhost")
        .output()
        .unwrap();
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));
    let session: Value = client
        .post(format!("{base}/auth/v1/token?grant_type=password"))
        .json(&json!({"email": email, "password": PASSWORD}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    session["access_token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn five_thousand_readers_get_one_copy_each_through_a_crash_mid_send() {
    let sink = SmtpSink::holding().await;
    let database = TestDatabase::create().await;
    let logs = std::env::temp_dir().join(format!("rumbo-send-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&logs).unwrap();
    // 2,000 copies per 2-second tick: queueing takes three ticks, so the crash can cut it.
    let env = [("AUTH_AUTOCONFIRM", "true"), ("NEWSLETTER_SEND_PER_MINUTE", "60000"), ("MAIL_LEASE_SECS", "3")];
    let (mut server, port) = start_instance(1, &database, &sink, &env, &logs).await;
    let base = format!("http://127.0.0.1:{port}");
    let client = reqwest::Client::new();
    let readers = subscribers(&database, "pt", "confirmed", READERS).await;
    subscribers(&database, "es", "confirmed", 200).await;
    subscribers(&database, "pt", "unsubscribed", 100).await;
    subscribers(&database, "pt", "pending", 100).await;
    let token = admin_token(&client, &base, &database).await;

    let draft =
        json!({"lang": "pt", "subject": "Praias do Sul", "preheader": "Florianópolis e além", "body_markdown": "Olá!", "public": true});
    let issue: Value = client
        .post(format!("{base}/api/v1/staff/newsletter/issues"))
        .bearer_auth(&token)
        .json(&draft)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = issue["id"].as_str().unwrap().to_owned();
    let sent =
        client.post(format!("{base}/api/v1/staff/newsletter/issues/{id}/send")).bearer_auth(&token).json(&json!({})).send().await.unwrap();
    assert_eq!(sent.status().as_u16(), 200);

    // Killed once the first copies are queued and their delivery waits at RCPT TO.
    for _ in 0..300 {
        if count(&database, "SELECT COUNT(*) FROM newsletter_deliveries").await > 0 && sink.waiting() > 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let queued_before = count(&database, "SELECT COUNT(*) FROM newsletter_deliveries").await;
    assert!(queued_before > 0 && queued_before < READERS as i64, "killed mid-send: {queued_before} queued");
    server.start_kill().unwrap();
    server.wait().await.unwrap();
    sink.release();
    let (_server, _) = start_instance(2, &database, &sink, &env, &logs).await;

    let received = sink.wait_for(READERS, 240).await;
    tokio::time::sleep(Duration::from_secs(4)).await;
    let mut copies: HashMap<String, usize> = HashMap::new();
    let mut unsubscribe_links = HashSet::new();
    for message in sink.messages().iter().filter(|m| m.data.contains("Praias do Sul")) {
        for recipient in &message.rcpt_to {
            *copies.entry(recipient.trim_start_matches("TO:").trim_matches(['<', '>']).to_lowercase()).or_default() += 1;
        }
        let link = message.header("list-unsubscribe").expect("List-Unsubscribe");
        assert_eq!(message.header("list-unsubscribe-post").as_deref(), Some("List-Unsubscribe=One-Click"));
        unsubscribe_links.insert(link);
    }
    let expected: HashSet<String> = readers.into_iter().collect();
    let missing = expected.iter().filter(|a| !copies.contains_key(*a)).count();
    let doubled = copies.values().filter(|n| **n > 1).count();
    let strangers = copies.keys().filter(|a| !expected.contains(*a)).count();
    assert_eq!(
        (received.len() >= READERS, missing, doubled, strangers),
        (true, 0, 0, 0),
        "one copy to each Portuguese reader, none to anyone else"
    );
    assert_eq!(unsubscribe_links.len(), READERS, "each copy has its own unsubscribe link");
    assert_eq!(count(&database, "SELECT COUNT(*) FROM newsletter_issues WHERE status = 'sent'").await, 1);
    let _ = std::fs::remove_dir_all(&logs);
}
