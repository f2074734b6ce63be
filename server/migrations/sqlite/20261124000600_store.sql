-- The store (docs/decisions/011-store.md): the catalogue imported from content/products,
-- carts, discount codes, orders with their stock reservations, and signed downloads.

-- Catalogue (written only by `rumbo import`).
CREATE TABLE store_categories (
    key      TEXT PRIMARY KEY NOT NULL,
    position INTEGER NOT NULL,
    en       TEXT NOT NULL,
    es       TEXT NOT NULL,
    pt       TEXT NOT NULL
);

CREATE TABLE store_products (
    slug         TEXT PRIMARY KEY NOT NULL,
    category     TEXT NOT NULL,
    kind         TEXT NOT NULL CHECK (kind IN ('digital', 'physical')),
    featured     BIGINT,
    published_at BIGINT NOT NULL,
    -- JSON: [{file, width, height}] and ["slug", …]
    images       TEXT NOT NULL,
    related      TEXT NOT NULL,
    content_hash TEXT NOT NULL
);

CREATE TABLE store_product_texts (
    slug        TEXT NOT NULL REFERENCES store_products (slug) ON DELETE CASCADE,
    lang        TEXT NOT NULL,
    name        TEXT NOT NULL,
    summary     TEXT NOT NULL,
    description TEXT NOT NULL,
    -- JSON: one alt text per image, in order
    image_alts  TEXT NOT NULL,
    body_html   TEXT NOT NULL,
    PRIMARY KEY (slug, lang)
);

-- stock: units that can still be sold (on hand minus reserved); NULL for digital goods.
-- The CHECK is the last line of the "never below zero" guarantee: reservations are
-- conditional updates (stock >= quantity) and a violation aborts the transaction.
CREATE TABLE store_variants (
    sku              TEXT PRIMARY KEY NOT NULL,
    slug             TEXT NOT NULL REFERENCES store_products (slug) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    price_cents      BIGINT NOT NULL CHECK (price_cents > 0),
    compare_at_cents BIGINT,
    stock            BIGINT CHECK (stock IS NULL OR stock >= 0),
    -- JSON: {"en": …, "es": …, "pt": …}
    names            TEXT NOT NULL
);
CREATE INDEX store_variants_slug ON store_variants (slug);

-- A digital product's file per language, kept in STORE_FILES_DIR under its SHA-256.
CREATE TABLE store_files (
    slug       TEXT NOT NULL REFERENCES store_products (slug) ON DELETE CASCADE,
    lang       TEXT NOT NULL,
    sha256     TEXT NOT NULL,
    size_bytes BIGINT NOT NULL,
    PRIMARY KEY (slug, lang)
);

CREATE TABLE store_settings (
    key   TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);

-- Carts: the id is the random token the browser keeps (a cart holds no personal data); a
-- signed-in user has one, which also needs the user's session.
CREATE TABLE store_carts (
    id            TEXT PRIMARY KEY NOT NULL,
    user_id       TEXT UNIQUE,
    discount_code TEXT,
    created_at    BIGINT NOT NULL,
    updated_at    BIGINT NOT NULL
);

CREATE TABLE store_cart_lines (
    cart_id           TEXT NOT NULL REFERENCES store_carts (id) ON DELETE CASCADE,
    sku               TEXT NOT NULL,
    quantity          BIGINT NOT NULL CHECK (quantity > 0),
    -- The price the visitor saw when adding: a change is shown, never silently applied.
    added_price_cents BIGINT NOT NULL,
    added_at          BIGINT NOT NULL,
    PRIMARY KEY (cart_id, sku)
);

CREATE TABLE store_discounts (
    code               TEXT PRIMARY KEY NOT NULL,
    kind               TEXT NOT NULL CHECK (kind IN ('percent', 'fixed')),
    amount             BIGINT NOT NULL CHECK (amount > 0),
    min_subtotal_cents BIGINT,
    expires_at         BIGINT,
    max_uses           BIGINT,
    -- Orders holding a use (pending or paid); the CHECK backs the conditional update.
    uses               BIGINT NOT NULL DEFAULT 0 CHECK (max_uses IS NULL OR uses <= max_uses),
    active             BIGINT NOT NULL DEFAULT 1,
    created_at         BIGINT NOT NULL
);

CREATE TABLE store_order_numbers (
    year BIGINT PRIMARY KEY NOT NULL,
    last BIGINT NOT NULL
);

CREATE TABLE store_orders (
    id                   TEXT PRIMARY KEY NOT NULL,
    number               TEXT NOT NULL UNIQUE,
    cart_id              TEXT,
    user_id              TEXT,
    email                TEXT NOT NULL,
    language             TEXT NOT NULL,
    status               TEXT NOT NULL,
    access_token_hash    TEXT NOT NULL,
    -- The receipt's link carries a token of its own.
    receipt_token_hash   TEXT,
    -- SHA-256 of the Idempotency-Key, of the request it came with, and the token sealed with
    -- the key for the retry's answer.
    idempotency_hash     TEXT UNIQUE,
    request_digest       TEXT,
    sealed_token         TEXT,
    subtotal_cents       BIGINT NOT NULL,
    discount_code        TEXT,
    discount_cents       BIGINT NOT NULL,
    shipping_cents       BIGINT NOT NULL,
    total_cents          BIGINT NOT NULL,
    currency             TEXT NOT NULL,
    -- JSON address, NULL for digital-only orders
    shipping_address     TEXT,
    shipping_method      TEXT,
    reserved_until       BIGINT,
    carrier              TEXT,
    tracking_number      TEXT,
    refunded_cents       BIGINT NOT NULL DEFAULT 0,
    created_at           BIGINT NOT NULL,
    updated_at           BIGINT NOT NULL,
    paid_at              BIGINT,
    fulfilled_at         BIGINT
);
CREATE INDEX store_orders_user ON store_orders (user_id, created_at);
CREATE INDEX store_orders_pending ON store_orders (status, reserved_until);

CREATE TABLE store_order_lines (
    order_id         TEXT NOT NULL REFERENCES store_orders (id) ON DELETE CASCADE,
    position         INTEGER NOT NULL,
    sku              TEXT NOT NULL,
    slug             TEXT NOT NULL,
    kind             TEXT NOT NULL,
    name             TEXT NOT NULL,
    variant_name     TEXT NOT NULL,
    quantity         BIGINT NOT NULL,
    unit_price_cents BIGINT NOT NULL,
    line_total_cents BIGINT NOT NULL,
    PRIMARY KEY (order_id, position)
);

-- A paid digital line's download right; links are signed with `generation`, so a re-issue
-- voids the older links and starts a new count and expiry.
CREATE TABLE store_downloads (
    id             TEXT PRIMARY KEY NOT NULL,
    order_id       TEXT NOT NULL REFERENCES store_orders (id) ON DELETE CASCADE,
    slug           TEXT NOT NULL,
    name           TEXT NOT NULL,
    lang           TEXT NOT NULL,
    generation     BIGINT NOT NULL,
    expires_at     BIGINT NOT NULL,
    downloads_left BIGINT NOT NULL CHECK (downloads_left >= 0),
    created_at     BIGINT NOT NULL
);
CREATE INDEX store_downloads_order ON store_downloads (order_id);
