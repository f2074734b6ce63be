-- A sign-in with an OpenID Connect provider in progress (docs/decisions/012): created by
-- GET /auth/v1/authorize, used once by GET /auth/v1/callback within ten minutes. The state
-- sent to the provider and the cookie that binds the flow to the browser are kept as hashes.
CREATE TABLE auth_oauth_states (
    id                    TEXT PRIMARY KEY NOT NULL,   -- SHA-256 of the state parameter
    browser_hash          TEXT NOT NULL,               -- SHA-256 of the browser's flow cookie
    provider              TEXT NOT NULL,
    nonce                 TEXT NOT NULL,
    code_verifier         TEXT NOT NULL,               -- our PKCE verifier towards the provider
    redirect_to           TEXT NOT NULL,
    code_challenge        TEXT,                        -- the client's PKCE (auth-js flowType 'pkce')
    code_challenge_method TEXT,
    linking_user_id       TEXT REFERENCES auth_users (id) ON DELETE CASCADE,
    created_at            BIGINT NOT NULL
);
CREATE INDEX auth_oauth_states_created ON auth_oauth_states (created_at);
