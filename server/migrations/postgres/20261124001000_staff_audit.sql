-- Every staff action (docs/decisions/013-staff.md): who, what, on what, when, and the state
-- before and after (JSON). actor_id is NULL for the command line (`rumbo staff grant`). seq
-- orders the entries exactly (many can share a second).
CREATE TABLE staff_audit_log (
    seq          BIGSERIAL PRIMARY KEY,
    id           TEXT NOT NULL UNIQUE,
    actor_id     TEXT,
    actor_email  TEXT,
    action       TEXT NOT NULL,
    target       TEXT NOT NULL,
    before_state TEXT,
    after_state  TEXT,
    created_at   BIGINT NOT NULL
);
CREATE INDEX staff_audit_log_created ON staff_audit_log (created_at);
