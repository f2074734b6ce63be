//! Migration 20261124000500 (payments belong to purchases) over a database the previous
//! migrations made, with payments in it: every payment survives, as its booking's, of kind
//! `consultation`, and the queries of the new code find it.

use std::path::{Path, PathBuf};

use rumbo::payments::db::{self as payments_db, PaymentRow};
use rumbo::platform::db::{Backend, Db};
use sqlx::migrate::Migrator;

use crate::helpers::TestDatabase;

const PURCHASES_MIGRATION: i64 = 20261124000500;
const HOLD_ENDS: i64 = 1_900_000_900;

/// A folder holding the backend's migrations older than `before`, as a release before it shipped.
fn migrations_before(backend: Backend, before: i64) -> PathBuf {
    let name = match backend {
        Backend::Sqlite => "sqlite",
        Backend::Postgres => "postgres",
    };
    let source = Path::new(env!("CARGO_MANIFEST_DIR")).join("migrations").join(name);
    let folder = std::env::temp_dir().join(format!("rumbo-migrations-{}", uuid::Uuid::new_v4().simple()));
    std::fs::create_dir_all(&folder).unwrap();
    for entry in std::fs::read_dir(source).unwrap() {
        let path = entry.unwrap().path();
        let file = path.file_name().unwrap().to_str().unwrap().to_owned();
        let version: i64 = file.split('_').next().unwrap().parse().unwrap();
        if version < before {
            std::fs::copy(&path, folder.join(file)).unwrap();
        }
    }
    folder
}

async fn insert_booking(db: &Db, id: &str, status: &str, hold_expires_at: Option<i64>) {
    sqlx::query(
        "INSERT INTO consultation_bookings (id, consultant_id, plan_id, status, start_at, end_at, hold_expires_at, amount_cents, \
         currency, name, email, country, message, language, created_at, updated_at) \
         VALUES ($1, 'main', 'complete', $2, 1900003600, 1900007200, $3, 9900, 'USD', 'Ana', 'ana@example.com', 'Colombia', \
         'My suitcase.', 'es', 1900000000, 1900000000)",
    )
    .bind(id)
    .bind(status)
    .bind(hold_expires_at)
    .execute(&db.pool)
    .await
    .expect("booking inserted");
}

/// A payment as the previous schema stored it.
async fn insert_old_payment(db: &Db, id: &str, booking: &str, purpose: &str, status: &str, reference: &str) {
    sqlx::query(
        "INSERT INTO payments (id, booking_id, purpose, provider, provider_ref, status, amount_cents, currency, card_brand, \
         card_last4, client_secret, refunded_cents, created_at, updated_at) \
         VALUES ($1, $2, $3, 'stripe', $4, $5, 9900, 'USD', 'visa', '4242', 'pi_secret', 100, 1900000001, 1900000002)",
    )
    .bind(id)
    .bind(booking)
    .bind(purpose)
    .bind(reference)
    .bind(status)
    .execute(&db.pool)
    .await
    .expect("old payment inserted");
}

async fn payment(db: &Db, reference: &str) -> PaymentRow {
    let mut conn = db.pool.acquire().await.unwrap();
    payments_db::find_by_ref(&mut conn, "stripe", reference).await.unwrap().expect("the payment survived")
}

#[tokio::test]
async fn existing_payments_become_consultation_purchases() {
    let database = TestDatabase::create().await;
    let db = Db::connect(&database.url.parse().unwrap(), 1).await.unwrap();
    let previous = migrations_before(db.backend, PURCHASES_MIGRATION);
    Migrator::new(previous.clone()).await.unwrap().run(&db.pool).await.expect("the previous migrations apply");
    std::fs::remove_dir_all(previous).unwrap();
    insert_booking(&db, "b-held", "held", Some(HOLD_ENDS)).await;
    insert_booking(&db, "b-paid", "confirmed", None).await;
    insert_old_payment(&db, "p-held", "b-held", "booking", "requires_payment", "pi_held").await;
    insert_old_payment(&db, "p-paid", "b-paid", "booking", "succeeded", "pi_paid").await;
    insert_old_payment(&db, "p-fee", "b-paid", "change_fee", "succeeded", "pi_fee").await;

    db.migrate().await.expect("the purchases migration applies over them");

    let held = payment(&db, "pi_held").await;
    assert_eq!(
        (held.id.as_str(), held.purchase_kind.as_str(), held.purchase_id.as_str(), held.purpose.as_str(), held.status.as_str()),
        ("p-held", "consultation", "b-held", "purchase", "requires_payment")
    );
    assert_eq!((held.amount_cents, held.currency.as_str(), held.refunded_cents), (9900, "USD", 100));
    assert_eq!(
        (held.card_brand.as_deref(), held.card_last4.as_deref(), held.client_secret.as_deref()),
        (Some("visa"), Some("4242"), Some("pi_secret"))
    );
    let fee = payment(&db, "pi_fee").await;
    assert_eq!((fee.purchase_kind.as_str(), fee.purchase_id.as_str(), fee.purpose.as_str()), ("consultation", "b-paid", "change_fee"));

    let mut conn = db.pool.acquire().await.unwrap();
    let paid = payments_db::of_purchase(&mut conn, "consultation", "b-paid", "purchase").await.unwrap().expect("found by its booking");
    assert_eq!(paid.id, "p-paid");
    assert!(payments_db::of_purchase(&mut conn, "order", "b-paid", "purchase").await.unwrap().is_none(), "by kind too");
    // The held booking's payment waits until the hold ends, then the sweeper cancels it.
    assert!(payments_db::unpaid_overdue(&mut conn, "consultation", HOLD_ENDS - 1, 10).await.unwrap().is_empty());
    let due = payments_db::unpaid_overdue(&mut conn, "consultation", HOLD_ENDS, 10).await.unwrap();
    let due: Vec<String> = due.into_iter().map(|p| p.id).collect();
    assert_eq!(due, ["p-held"]);

    let duplicate = sqlx::query(
        "INSERT INTO payments (id, purchase_kind, purchase_id, purpose, provider, provider_ref, status, amount_cents, currency, \
         created_at, updated_at) VALUES ('p-again', 'consultation', 'b-held', 'purchase', 'stripe', 'pi_held', 'succeeded', 1, 'USD', 1, 1)",
    )
    .execute(&mut *conn)
    .await;
    assert!(duplicate.is_err(), "(provider, provider_ref) is still unique");
}
