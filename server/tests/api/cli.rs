//! The binary itself: configuration errors, migrate, and shutdown on SIGTERM.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_rumbo");

fn rumbo(args: &[&str], env: &[(&str, &str)]) -> Command {
    let mut command = Command::new(BIN);
    command.args(args);
    for key in ["DATABASE_URL", "PORT", "SITE_URL", "RUMBO_ENV", "PAYMENT_PROVIDER", "STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] {
        command.env_remove(key);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    command
}

#[test]
fn invalid_configuration_stops_start_up_with_a_clear_message() {
    for (key, value, expected) in [
        ("SITE_URL", "ftp://rumbo.travel", "must start with http:// or https://"),
        ("DATABASE_URL", "mysql://localhost/rumbo", "must start with sqlite:// or postgres://"),
        ("PORT", "eighty", "--port"),
        ("RUMBO_ENV", "staging", "possible values: development, production"),
        (
            "AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP",
            "31",
            "AUTH_RATE_LIMIT_EMAIL_SENT_PER_IP (31) must not exceed AUTH_RATE_LIMIT_EMAIL_SENT (30)",
        ),
    ] {
        let output = rumbo(&["check-config"], &[("RUMBO_ENV", "development"), (key, value)]).output().unwrap();
        assert!(!output.status.success(), "{key}={value} accepted");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{key}={value}: {stderr}");
    }
}

#[test]
fn check_config_accepts_the_quick_start() {
    let output = rumbo(&["check-config"], &[("RUMBO_ENV", "development")]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
}

/// The defaults are production's: without a payment provider chosen on purpose the site
/// does not start (docs/decisions/008-safe-defaults.md).
#[test]
fn the_defaults_refuse_to_take_payments_by_accident() {
    let output = rumbo(&["check-config"], &[]).output().unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("PAYMENT_PROVIDER=sandbox") && stderr.contains("STRIPE_SECRET_KEY"), "{stderr}");
    let chosen = rumbo(&["check-config"], &[("PAYMENT_PROVIDER", "sandbox")]).output().unwrap();
    assert!(chosen.status.success(), "{}", String::from_utf8_lossy(&chosen.stderr));
}

#[test]
fn unsafe_settings_stop_serve_before_it_listens() {
    for (env, expected) in [
        (vec![], "PAYMENT_PROVIDER=sandbox"),
        (vec![("PAYMENT_PROVIDER", "sandbox"), ("STRIPE_SECRET_KEY", "sk_test_x")], "STRIPE_WEBHOOK_SECRET is not"),
        (vec![("RUMBO_ENV", "development"), ("SITE_URL", "https://rumbo.example")], "RUMBO_ENV=development"),
        (vec![("RUMBO_ENV", "development"), ("SITE_URL", "http://rumbo.example")], "local http:// SITE_URL"),
    ] {
        let folder = std::env::temp_dir().join(format!("rumbo-cli-{}", uuid::Uuid::new_v4().simple()));
        let url = format!("sqlite://{}/rumbo.db", folder.display());
        let mut all = vec![("PORT", "0"), ("DATABASE_URL", url.as_str())];
        all.extend(env.iter().copied());
        let output = rumbo(&["serve"], &all).output().unwrap();
        assert!(!output.status.success(), "{env:?} started");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(expected), "{env:?}: {stderr}");
        assert!(!stderr.contains("sk_test_x"), "the key is echoed: {stderr}");
        let _ = std::fs::remove_dir_all(folder);
    }
}

#[test]
fn migrate_creates_the_sqlite_file_and_its_folder() {
    let folder = std::env::temp_dir().join(format!("rumbo-cli-{}", uuid::Uuid::new_v4().simple()));
    let url = format!("sqlite://{}/nested/rumbo.db", folder.display());
    let output = rumbo(&["migrate"], &[("DATABASE_URL", &url)]).output().unwrap();
    assert!(output.status.success(), "{}", String::from_utf8_lossy(&output.stderr));
    assert!(folder.join("nested/rumbo.db").exists());
    let _ = std::fs::remove_dir_all(folder);
}

#[test]
fn sigterm_stops_the_server_cleanly() {
    let folder = std::env::temp_dir().join(format!("rumbo-cli-{}", uuid::Uuid::new_v4().simple()));
    let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port().to_string();
    let url = format!("sqlite://{}/rumbo.db", folder.display());
    let mut child = rumbo(&["serve"], &[("PORT", &port), ("DATABASE_URL", &url), ("RUMBO_ENV", "development")])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while std::net::TcpStream::connect(("127.0.0.1", port.parse::<u16>().unwrap())).is_err() {
        assert!(started.elapsed() < Duration::from_secs(20), "server did not start");
        std::thread::sleep(Duration::from_millis(50));
    }
    Command::new("kill").args(["-TERM", &child.id().to_string()]).status().unwrap();
    let stopping = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().unwrap() {
            break status;
        }
        assert!(stopping.elapsed() < Duration::from_secs(10), "server ignored SIGTERM");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "exit status {status}");
    let _ = std::fs::remove_dir_all(folder);
}
