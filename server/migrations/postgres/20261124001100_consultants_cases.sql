-- Issue 14 (docs/decisions/014-consultants-deliver.md): several consultants with their own
-- hours, languages and time off; the consultation's meeting place and outcome; the 21-day
-- case with its opinion, course of action and messages.

CREATE TABLE consultants (
    id           TEXT PRIMARY KEY NOT NULL,
    user_id      TEXT UNIQUE,
    name         TEXT NOT NULL,
    time_zone    TEXT NOT NULL,
    weekly_hours TEXT NOT NULL,
    -- Comma-separated language codes, e.g. 'en,es'.
    languages    TEXT NOT NULL,
    active       BOOLEAN NOT NULL,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);

CREATE TABLE consultant_time_off (
    id            TEXT PRIMARY KEY NOT NULL,
    consultant_id TEXT NOT NULL REFERENCES consultants (id) ON DELETE CASCADE,
    start_at      BIGINT NOT NULL,
    end_at        BIGINT NOT NULL,
    reason        TEXT NOT NULL,
    created_at    BIGINT NOT NULL,
    CHECK (end_at > start_at)
);
CREATE INDEX consultant_time_off_consultant ON consultant_time_off (consultant_id, end_at);

ALTER TABLE consultation_bookings ADD COLUMN traveller_time_zone TEXT;
ALTER TABLE consultation_bookings ADD COLUMN meeting_code TEXT;
ALTER TABLE consultation_bookings ADD COLUMN meeting_url TEXT;
ALTER TABLE consultation_bookings ADD COLUMN meeting_phone TEXT;
-- NULL until the consultant marks it: 'held' or 'no_show'.
ALTER TABLE consultation_bookings ADD COLUMN outcome TEXT;
ALTER TABLE consultation_bookings ADD COLUMN case_state TEXT NOT NULL DEFAULT 'scheduled';
-- Each reminder is sent once: the instant it was queued.
ALTER TABLE consultation_bookings ADD COLUMN reminded_day_at BIGINT;
ALTER TABLE consultation_bookings ADD COLUMN reminded_hour_at BIGINT;
ALTER TABLE consultation_bookings ADD COLUMN case_reminded_14_at BIGINT;
ALTER TABLE consultation_bookings ADD COLUMN case_reminded_20_at BIGINT;
ALTER TABLE consultation_bookings ADD COLUMN case_overdue_at BIGINT;
CREATE INDEX consultation_bookings_case ON consultation_bookings (case_state, start_at);

CREATE TABLE consultation_opinions (
    id           TEXT PRIMARY KEY NOT NULL,
    booking_id   TEXT NOT NULL UNIQUE REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    slug         TEXT NOT NULL UNIQUE,
    status       TEXT NOT NULL CHECK (status IN ('draft', 'published')),
    category     TEXT NOT NULL,
    country      TEXT NOT NULL,
    outcome      TEXT NOT NULL,
    language     TEXT NOT NULL,
    author_id    TEXT NOT NULL,
    author_email TEXT NOT NULL,
    approved_by  TEXT,
    published_at BIGINT,
    created_at   BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL
);
CREATE INDEX consultation_opinions_published ON consultation_opinions (status, published_at);

CREATE TABLE consultation_opinion_texts (
    opinion_id TEXT NOT NULL REFERENCES consultation_opinions (id) ON DELETE CASCADE,
    lang       TEXT NOT NULL,
    title      TEXT NOT NULL,
    body       TEXT NOT NULL,
    PRIMARY KEY (opinion_id, lang)
);

-- The course of action: its summary and steps as JSON, sent once.
CREATE TABLE consultation_advice (
    booking_id TEXT PRIMARY KEY NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    summary    TEXT NOT NULL,
    steps      TEXT NOT NULL,
    author_id  TEXT NOT NULL,
    sent_at    BIGINT NOT NULL
);

CREATE TABLE consultation_case_messages (
    id          TEXT PRIMARY KEY NOT NULL,
    booking_id  TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    sender      TEXT NOT NULL CHECK (sender IN ('traveller', 'staff')),
    body        TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX consultation_case_messages_booking ON consultation_case_messages (booking_id, created_at_ms);
