-- Newsletter subscriptions with double opt-in (issue 5). Portable shape (docs/decisions/001):
-- TEXT ids, BIGINT unix-second timestamps. One row per address: the unique index on the
-- normalized (trimmed, lower-cased) e-mail makes duplicate and concurrent subscribes meet on
-- one row (INSERT … ON CONFLICT (email) DO NOTHING).
CREATE TABLE newsletter_subscriptions (
    id              TEXT PRIMARY KEY NOT NULL,
    email           TEXT NOT NULL,
    lang            TEXT NOT NULL CHECK (lang IN ('en', 'es', 'pt')),
    -- The form that last (re)started the subscription: hero, footer, home, …
    source          TEXT NOT NULL,
    status          TEXT NOT NULL CHECK (status IN ('pending', 'confirmed', 'unsubscribed')),
    -- When the last confirmation mail was queued: at most one per NEWSLETTER_RESEND_INTERVAL_SECS.
    last_sent_at    BIGINT,
    confirmed_at    BIGINT,
    unsubscribed_at BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX newsletter_subscriptions_email ON newsletter_subscriptions (email);
CREATE INDEX newsletter_subscriptions_status ON newsletter_subscriptions (status);

-- Tokens mailed to the subscriber, stored as SHA-256 hashes (the raw token is only in the mail).
-- confirm: expires (NEWSLETTER_CONFIRM_TTL_SECS) and is deleted when the address unsubscribes;
-- unsubscribe: no expiry, so the link of every mail ever sent keeps working.
CREATE TABLE newsletter_tokens (
    token_hash      TEXT PRIMARY KEY NOT NULL,
    subscription_id TEXT NOT NULL REFERENCES newsletter_subscriptions (id) ON DELETE CASCADE,
    purpose         TEXT NOT NULL CHECK (purpose IN ('confirm', 'unsubscribe')),
    expires_at      BIGINT,
    created_at      BIGINT NOT NULL
);
CREATE INDEX newsletter_tokens_subscription ON newsletter_tokens (subscription_id, purpose);
