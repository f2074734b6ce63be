-- Accounts (GoTrue-compatible API under /auth/v1). Portable shape (docs/decisions/001):
-- TEXT uuids, BIGINT unix-second timestamps, JSON as TEXT. The same tables exist on PostgreSQL.
-- Secrets are never stored as given: refresh tokens, one-time tokens and PKCE codes are SHA-256 hashes.

CREATE TABLE auth_users (
    id                       TEXT PRIMARY KEY NOT NULL,
    aud                      TEXT NOT NULL,
    role                     TEXT NOT NULL,
    email                    TEXT,                 -- lower-cased; NULL for anonymous or phone users
    phone                    TEXT,                 -- reserved for phone sign-in
    encrypted_password       TEXT,                 -- argon2id PHC string, or an imported bcrypt hash
    email_confirmed_at       BIGINT,
    invited_at               BIGINT,
    confirmation_sent_at     BIGINT,
    recovery_sent_at         BIGINT,
    email_change             TEXT,                 -- the pending new address
    email_change_sent_at     BIGINT,
    reauthentication_sent_at BIGINT,
    last_sign_in_at          BIGINT,
    app_metadata             TEXT NOT NULL,
    user_metadata            TEXT NOT NULL,
    banned_until             BIGINT,
    is_anonymous             BOOLEAN NOT NULL,
    created_at               BIGINT NOT NULL,
    updated_at               BIGINT NOT NULL,
    deleted_at               BIGINT
);
CREATE UNIQUE INDEX auth_users_email ON auth_users (email);
CREATE INDEX auth_users_created_at ON auth_users (created_at);

-- One row per way of signing in: provider 'email' today, 'google' (provider_id = the OIDC sub) later.
CREATE TABLE auth_identities (
    id              TEXT PRIMARY KEY NOT NULL,
    provider_id     TEXT NOT NULL,
    provider        TEXT NOT NULL,
    user_id         TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    identity_data   TEXT NOT NULL,
    email           TEXT,
    last_sign_in_at BIGINT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_identities_provider ON auth_identities (provider, provider_id);
CREATE INDEX auth_identities_user ON auth_identities (user_id);

-- A signed-in device. aal/factor_id make room for TOTP (aal2); refresh_token_key derives the
-- deterministic first child of each refresh token so a lost response can be replayed.
CREATE TABLE auth_sessions (
    id                TEXT PRIMARY KEY NOT NULL,
    user_id           TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    aal               TEXT NOT NULL,
    factor_id         TEXT,
    user_agent        TEXT,
    ip                TEXT,
    refresh_token_key TEXT NOT NULL,
    not_after         BIGINT,
    refreshed_at      BIGINT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL
);
CREATE INDEX auth_sessions_user ON auth_sessions (user_id);

CREATE TABLE auth_refresh_tokens (
    id          TEXT PRIMARY KEY NOT NULL,
    token_hash  TEXT NOT NULL,
    parent_hash TEXT,
    user_id     TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    session_id  TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    revoked     BOOLEAN NOT NULL,
    created_at  BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_refresh_tokens_hash ON auth_refresh_tokens (token_hash);
CREATE INDEX auth_refresh_tokens_session ON auth_refresh_tokens (session_id);

-- How a session was authenticated (password, otp, totp, oauth …); the JWT's amr and aal come from here.
CREATE TABLE auth_mfa_amr_claims (
    id                    TEXT PRIMARY KEY NOT NULL,
    session_id            TEXT NOT NULL REFERENCES auth_sessions (id) ON DELETE CASCADE,
    authentication_method TEXT NOT NULL,
    created_at            BIGINT NOT NULL,
    updated_at            BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_mfa_amr_claims_method ON auth_mfa_amr_claims (session_id, authentication_method);

-- PKCE: the code challenge waiting for its verifier; provider tokens are kept for OAuth later.
CREATE TABLE auth_flow_state (
    id                     TEXT PRIMARY KEY NOT NULL,
    user_id                TEXT REFERENCES auth_users (id) ON DELETE CASCADE,
    auth_code_hash         TEXT,
    code_challenge         TEXT NOT NULL,
    code_challenge_method  TEXT NOT NULL,
    provider_type          TEXT NOT NULL,
    authentication_method  TEXT NOT NULL,
    provider_access_token  TEXT,
    provider_refresh_token TEXT,
    auth_code_issued_at    BIGINT,
    created_at             BIGINT NOT NULL,
    updated_at             BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_flow_state_code ON auth_flow_state (auth_code_hash);

-- E-mail links and codes: one live token per user and kind (confirmation, recovery, …).
CREATE TABLE auth_one_time_tokens (
    id            TEXT PRIMARY KEY NOT NULL,
    user_id       TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    kind          TEXT NOT NULL,
    token_hash    TEXT NOT NULL,
    relates_to    TEXT NOT NULL,
    flow_state_id TEXT REFERENCES auth_flow_state (id) ON DELETE SET NULL,
    created_at    BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_one_time_tokens_kind ON auth_one_time_tokens (user_id, kind);
CREATE INDEX auth_one_time_tokens_hash ON auth_one_time_tokens (token_hash);

-- JWT signing keys shared by every instance. slot 'current' signs; 'next'/'previous' are only
-- published in the JWKS during a rotation. The unique slot makes first-start creation race-safe.
CREATE TABLE auth_signing_keys (
    kid             TEXT PRIMARY KEY NOT NULL,
    slot            TEXT NOT NULL,
    algorithm       TEXT NOT NULL,
    private_key_pem TEXT NOT NULL,
    created_at      BIGINT NOT NULL
);
CREATE UNIQUE INDEX auth_signing_keys_slot ON auth_signing_keys (slot);
