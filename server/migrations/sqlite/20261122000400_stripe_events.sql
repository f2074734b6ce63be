-- Stripe webhook events we have handled, by Stripe's event id: a redelivered event (Stripe
-- delivers at least once, and retries until it gets a 2xx) is recognised and has no second
-- effect. A row is claimed when processing starts; `processed_at` and `outcome` are set when
-- it ends, and a claim left unfinished for a minute (a crash) may be taken again.
CREATE TABLE stripe_events (
    id           TEXT PRIMARY KEY NOT NULL,
    type         TEXT NOT NULL,
    -- The PaymentIntent or charge the event is about.
    object_id    TEXT,
    -- Stripe's `created` (Unix seconds), then ours.
    created      BIGINT NOT NULL,
    received_at  BIGINT NOT NULL,
    claimed_at   BIGINT NOT NULL,
    processed_at BIGINT,
    outcome      TEXT
);

CREATE INDEX stripe_events_received ON stripe_events (received_at);
