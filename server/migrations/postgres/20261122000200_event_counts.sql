-- First-party, cookie-less analytics (SPEC §7 "local tracking event"): one counter per UTC day,
-- event name, language and source form. Nothing about the visitor is stored: no IP, no cookie,
-- no user id — only how many times the event happened that day. '' is "no source".
CREATE TABLE event_counts (
    day    TEXT NOT NULL,   -- YYYY-MM-DD, UTC
    name   TEXT NOT NULL,
    lang   TEXT NOT NULL,
    source TEXT NOT NULL,
    count  BIGINT NOT NULL,
    PRIMARY KEY (day, name, lang, source)
);
