-- Avatars uploaded on the account page, re-encoded by the server (256 px JPEG, no metadata).
-- Kept in the database, so every instance serves them; the id changes with each upload, so
-- /media/avatars/{id}.jpg is cached for good. A user has at most one.
CREATE TABLE profile_avatars (
    id         TEXT PRIMARY KEY NOT NULL,
    user_id    TEXT NOT NULL REFERENCES auth_users (id) ON DELETE CASCADE,
    image      BLOB NOT NULL,
    created_at BIGINT NOT NULL
);
CREATE INDEX profile_avatars_user ON profile_avatars (user_id);
