-- Payments settle purchases, not bookings (docs/decisions/010-payments-purchases.md): each
-- payment belongs to a purchase of a kind ('consultation' now, 'order' next) and says what it
-- is for within it ('purchase' for the purchase itself, or a kind's own, e.g. 'change_fee').
-- pay_by: when the purchase stops waiting for the payment (a booking's hold end), if ever;
-- unpaid payments past it are cancelled, and looked up at Stripe just before it.
-- SQLite cannot drop or rename its way there without leaving a default kind behind, so the
-- table is rebuilt; every existing payment becomes its booking's, of kind 'consultation'.
CREATE TABLE payments_purchases (
    id             TEXT PRIMARY KEY NOT NULL,
    purchase_kind  TEXT NOT NULL,
    purchase_id    TEXT NOT NULL,
    purpose        TEXT NOT NULL,
    pay_by         BIGINT,
    provider       TEXT NOT NULL,
    provider_ref   TEXT NOT NULL,
    status         TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    currency       TEXT NOT NULL,
    card_brand     TEXT,
    card_last4     TEXT,
    -- Stripe's client secret for the Payment Element (given to the payer's browser anyway).
    client_secret  TEXT,
    refunded_cents BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);

-- A held booking's payment waits until the hold ends (an expired hold keeps its end; a
-- confirmed or cancelled booking has none, and its payment waits for nothing).
INSERT INTO payments_purchases (id, purchase_kind, purchase_id, purpose, pay_by, provider, provider_ref, status, amount_cents,
                                currency, card_brand, card_last4, client_secret, refunded_cents, created_at, updated_at)
SELECT p.id, 'consultation', p.booking_id,
       CASE WHEN p.purpose = 'booking' THEN 'purchase' ELSE p.purpose END,
       CASE WHEN p.purpose = 'booking' THEN (SELECT b.hold_expires_at FROM consultation_bookings b WHERE b.id = p.booking_id) END,
       p.provider, p.provider_ref, p.status, p.amount_cents, p.currency, p.card_brand, p.card_last4, p.client_secret,
       p.refunded_cents, p.created_at, p.updated_at
FROM payments p;

DROP TABLE payments;
ALTER TABLE payments_purchases RENAME TO payments;

CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref);
CREATE INDEX payments_purchase ON payments (purchase_kind, purchase_id, purpose);
CREATE INDEX payments_unpaid ON payments (status, pay_by);
