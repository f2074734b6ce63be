-- Public profile of an account (SPEC §3), created from the sign-up metadata with the user.
-- country holds the English name of one of the 64 sign-up countries (src/profiles/countries.rs).
CREATE TABLE profiles (
    id         TEXT PRIMARY KEY NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    first_name TEXT,
    last_name  TEXT,
    country    TEXT,
    avatar_url TEXT,
    created_at BIGINT NOT NULL,
    updated_at BIGINT NOT NULL
);
