-- Files carried by a queued message (docs/decisions/003, addendum): stored with the outbox row
-- in the caller's transaction, rendered as MIME parts by the worker. `placement` says where:
-- 'attachment' is a file part of multipart/mixed (e.g. invite.ics); 'alternative' is one more
-- rendering of the message inside multipart/alternative, after text and HTML (e.g. a
-- text/calendar; method=REQUEST part that calendar clients turn into an invitation).
CREATE TABLE mail_attachments (
    mail_id      TEXT NOT NULL REFERENCES mail_outbox (id) ON DELETE CASCADE,
    position     INTEGER NOT NULL,
    placement    TEXT NOT NULL CHECK (placement IN ('attachment', 'alternative')),
    filename     TEXT NOT NULL,
    -- The full MIME type with its parameters, e.g. 'text/calendar; method=REQUEST; charset=UTF-8'.
    content_type TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    content      BYTEA NOT NULL,
    PRIMARY KEY (mail_id, position)
);
