-- Rate-limit windows shared by every instance on this database (docs/decisions/017-several-instances.md):
-- one fixed window per (bucket, key), counted with one atomic upsert. key_hash is a SHA-256 of
-- the key (a client address or an e-mail address), so no address is stored here. Ended
-- windows are deleted by a periodic sweep.
CREATE TABLE rate_limit_windows (
    bucket     TEXT NOT NULL,
    key_hash   TEXT NOT NULL,
    ends_at_ms BIGINT NOT NULL,
    hits       BIGINT NOT NULL,
    refused    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (bucket, key_hash)
);
CREATE INDEX rate_limit_windows_ends ON rate_limit_windows (ends_at_ms);

