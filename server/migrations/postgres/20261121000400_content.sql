-- Blog posts, destinations and testimonials, imported from content/ (docs/decisions/004).
-- Portable shape (docs/decisions/001). `content_hash` lets a re-import skip what did not change.

CREATE TABLE content_authors (
    key     TEXT PRIMARY KEY NOT NULL,
    name    TEXT NOT NULL,
    role_en TEXT NOT NULL,
    role_es TEXT NOT NULL,
    role_pt TEXT NOT NULL
);

CREATE TABLE content_categories (
    key TEXT PRIMARY KEY NOT NULL,
    en  TEXT NOT NULL,
    es  TEXT NOT NULL,
    pt  TEXT NOT NULL
);

CREATE TABLE content_posts (
    slug         TEXT PRIMARY KEY NOT NULL,
    published_at BIGINT NOT NULL,
    updated_at   BIGINT NOT NULL,
    author       TEXT NOT NULL,
    category     TEXT NOT NULL,
    cover        TEXT NOT NULL,
    cover_width  INTEGER NOT NULL,
    cover_height INTEGER NOT NULL,
    content_hash TEXT NOT NULL
);
-- Keyset pagination walks (published_at, slug) newest first.
CREATE INDEX content_posts_newest ON content_posts (published_at, slug);

CREATE TABLE content_post_texts (
    slug            TEXT NOT NULL REFERENCES content_posts (slug) ON DELETE CASCADE,
    lang            TEXT NOT NULL,
    title           TEXT NOT NULL,
    excerpt         TEXT NOT NULL,
    description     TEXT NOT NULL,
    cover_alt       TEXT NOT NULL,
    tags            TEXT NOT NULL,
    body_html       TEXT NOT NULL,
    reading_minutes INTEGER NOT NULL,
    PRIMARY KEY (slug, lang)
);

CREATE TABLE content_destinations (
    slug         TEXT PRIMARY KEY NOT NULL,
    kind         TEXT NOT NULL,
    image        TEXT NOT NULL,
    image_width  INTEGER NOT NULL,
    image_height INTEGER NOT NULL,
    content_hash TEXT NOT NULL
);

CREATE TABLE content_destination_texts (
    slug        TEXT NOT NULL REFERENCES content_destinations (slug) ON DELETE CASCADE,
    lang        TEXT NOT NULL,
    title       TEXT NOT NULL,
    description TEXT NOT NULL,
    image_alt   TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    PRIMARY KEY (slug, lang)
);

-- Which types of trip (beaches, mountains, cities, cultural) a region or theme offers: the
-- destinations page's filter tabs.
CREATE TABLE content_destination_types (
    slug      TEXT NOT NULL REFERENCES content_destinations (slug) ON DELETE CASCADE,
    trip_type TEXT NOT NULL,
    PRIMARY KEY (slug, trip_type)
);

CREATE TABLE content_post_destinations (
    post_slug        TEXT NOT NULL REFERENCES content_posts (slug) ON DELETE CASCADE,
    destination_slug TEXT NOT NULL REFERENCES content_destinations (slug) ON DELETE CASCADE,
    PRIMARY KEY (post_slug, destination_slug)
);

CREATE TABLE content_testimonials (
    lang     TEXT NOT NULL,
    position INTEGER NOT NULL,
    quote    TEXT NOT NULL,
    name     TEXT NOT NULL,
    trip     TEXT NOT NULL,
    PRIMARY KEY (lang, position)
);

CREATE TABLE content_media (
    name         TEXT PRIMARY KEY NOT NULL,
    content_type TEXT NOT NULL,
    sha256       TEXT NOT NULL,
    bytes        BYTEA NOT NULL
);
