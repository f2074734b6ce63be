-- Site-wide facts shared by every instance (install time, content version for cache refresh).
-- Portable shape (docs/decisions/001): TEXT keys, BIGINT unix-second timestamps.
CREATE TABLE app_metadata (
    key        TEXT PRIMARY KEY NOT NULL,
    value      TEXT NOT NULL,
    updated_at BIGINT NOT NULL
);
