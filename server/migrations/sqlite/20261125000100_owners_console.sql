-- The owners' console (docs/decisions/018-owners-console.md): refunds as rows, refunded units
-- per order line, and newsletter issues with one delivery row per recipient.

ALTER TABLE store_order_lines ADD COLUMN refunded_quantity BIGINT NOT NULL DEFAULT 0
    CHECK (refunded_quantity >= 0 AND refunded_quantity <= quantity);

-- A refund claims its amount on the order (and its units on the lines) before the provider is
-- asked, so concurrent refunds can never give back more than was paid; `key` is the hash of the
-- request's Idempotency-Key, `request_digest` what it asked for.
CREATE TABLE store_refunds (
    id             TEXT PRIMARY KEY NOT NULL,
    order_id       TEXT NOT NULL REFERENCES store_orders (id) ON DELETE CASCADE,
    key            TEXT NOT NULL UNIQUE,
    request_digest TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL CHECK (amount_cents > 0),
    -- JSON [{position, quantity}]
    lines          TEXT NOT NULL,
    reason         TEXT NOT NULL,
    restock        BIGINT NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('pending', 'succeeded', 'failed')),
    provider_ref   TEXT,
    actor_id       TEXT,
    actor_email    TEXT,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX store_refunds_order ON store_refunds (order_id, created_at);

CREATE TABLE newsletter_issues (
    id            TEXT PRIMARY KEY NOT NULL,
    lang          TEXT NOT NULL CHECK (lang IN ('en', 'es', 'pt')),
    slug          TEXT NOT NULL,
    subject       TEXT NOT NULL,
    preheader     TEXT NOT NULL,
    body_markdown TEXT NOT NULL,
    public        BIGINT NOT NULL,
    status        TEXT NOT NULL CHECK (status IN ('draft', 'scheduled', 'sending', 'sent')),
    scheduled_at  BIGINT,
    sent_at       BIGINT,
    created_by    TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX newsletter_issues_slug ON newsletter_issues (lang, slug);
CREATE INDEX newsletter_issues_due ON newsletter_issues (status, scheduled_at);

-- One row per issue and recipient, inserted in the transaction that queues the mail: the
-- primary key is what makes a resumed or concurrent send queue nobody twice.
CREATE TABLE newsletter_deliveries (
    issue_id        TEXT NOT NULL REFERENCES newsletter_issues (id) ON DELETE CASCADE,
    subscription_id TEXT NOT NULL,
    mail_id         TEXT NOT NULL,
    created_at      BIGINT NOT NULL,
    PRIMARY KEY (issue_id, subscription_id)
);
CREATE INDEX newsletter_deliveries_mail ON newsletter_deliveries (mail_id);
