-- Failed password sign-ins per account (docs/decisions/009-sign-in-limits.md): keyed by a hash of
-- the normalized e-mail address, so unknown addresses are counted like known ones without storing
-- them. A row counts the failures of the window that started at window_start.
CREATE TABLE auth_sign_in_failures (
    account_key  TEXT PRIMARY KEY NOT NULL,
    window_start BIGINT NOT NULL,
    failures     BIGINT NOT NULL
);
CREATE INDEX auth_sign_in_failures_window ON auth_sign_in_failures (window_start);

-- Key rotation (`rumbo keys rotate`) keeps any number of older keys in slot 'previous' until they
-- are retired (deleted): only 'current' stays unique, so first-start creation is still race-safe.
DROP INDEX auth_signing_keys_slot;
CREATE UNIQUE INDEX auth_signing_keys_current ON auth_signing_keys (slot) WHERE slot = 'current';
