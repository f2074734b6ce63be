-- The e-mail outbox (docs/decisions/003): every message is rendered when it is queued and
-- delivered by the worker. Portable shape (docs/decisions/001): TEXT ids, BIGINT unix-second
-- timestamps (created_at_ms in milliseconds, to list messages queued in the same second in order).
CREATE TABLE mail_outbox (
    id              TEXT PRIMARY KEY NOT NULL,
    kind            TEXT NOT NULL,
    lang            TEXT NOT NULL,
    recipient       TEXT NOT NULL,
    subject         TEXT NOT NULL,
    body_text       TEXT NOT NULL,
    body_html       TEXT NOT NULL,
    -- Extra headers as a JSON object, e.g. {"List-Unsubscribe": "<https://…>"}.
    headers         TEXT NOT NULL DEFAULT '{}',
    status          TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at BIGINT NOT NULL,
    -- A worker's claim: until this time no other worker may take the message.
    locked_until    BIGINT,
    lock_token      TEXT,
    last_error      TEXT,
    created_at_ms   BIGINT NOT NULL,
    sent_at         BIGINT
);

-- The worker's query: due pending messages, oldest first.
CREATE INDEX mail_outbox_due ON mail_outbox (status, next_attempt_at);
CREATE INDEX mail_outbox_created ON mail_outbox (created_at_ms);
