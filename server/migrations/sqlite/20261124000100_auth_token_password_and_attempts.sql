-- Pre-registration takeover and code guessing (README "Security notes").
-- password_hash: the password chosen at the sign-up that sent this confirmation link; it becomes
-- the account's password only when this very link (or its code) confirms the address.
-- failed_attempts: wrong codes typed for the token's address and kind; at 5 the token is void.
ALTER TABLE auth_one_time_tokens ADD COLUMN password_hash TEXT;
ALTER TABLE auth_one_time_tokens ADD COLUMN failed_attempts BIGINT NOT NULL DEFAULT 0;
CREATE INDEX auth_one_time_tokens_address ON auth_one_time_tokens (relates_to, kind);

-- Until now a sign-up stored its password on the unconfirmed account itself, where whoever
-- confirmed the address later inherited it. Such passwords were set before anyone proved the
-- address, so none of them survives: those accounts confirm without a password and choose one
-- through recovery.
UPDATE auth_users SET encrypted_password = NULL WHERE email_confirmed_at IS NULL;
