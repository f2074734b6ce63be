-- Two-factor authentication (TOTP, GoTrue's MFA API) and our recovery codes. Portable shape
-- (docs/decisions/001). TOTP secrets are sealed with AUTH_MFA_ENCRYPTION_KEY (docs/decisions/012).

CREATE TABLE auth_mfa_factors (
    id             TEXT PRIMARY KEY NOT NULL,
    user_id        TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    friendly_name  TEXT,
    factor_type    TEXT NOT NULL,          -- 'totp'
    status         TEXT NOT NULL,          -- 'unverified' until its first code is verified, then 'verified'
    secret_sealed  TEXT NOT NULL,          -- ChaCha20-Poly1305 of the TOTP secret, bound to the row id
    last_used_step BIGINT,                 -- the last accepted 30 s step: a code is never accepted twice
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE INDEX auth_mfa_factors_user ON auth_mfa_factors (user_id);
CREATE UNIQUE INDEX auth_mfa_factors_name ON auth_mfa_factors (user_id, friendly_name);

CREATE TABLE auth_mfa_challenges (
    id          TEXT PRIMARY KEY NOT NULL,
    factor_id   TEXT NOT NULL REFERENCES auth_mfa_factors (id) ON DELETE CASCADE,
    ip          TEXT NOT NULL,
    attempts    INTEGER NOT NULL,
    verified_at BIGINT,
    created_at  BIGINT NOT NULL
);
CREATE INDEX auth_mfa_challenges_factor ON auth_mfa_challenges (factor_id);

-- Ten one-time codes per user, shown once; only their SHA-256 is kept.
CREATE TABLE auth_mfa_recovery_codes (
    id         TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    code_hash  TEXT NOT NULL,
    used_at    BIGINT,
    created_at BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_mfa_recovery_codes_hash ON auth_mfa_recovery_codes (user_id, code_hash);
