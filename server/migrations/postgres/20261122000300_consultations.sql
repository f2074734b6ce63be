-- Paid consultations (issue 6) and the payments they go through. Portable shape
-- (docs/decisions/001): TEXT ids, BIGINT unix-second instants, BIGINT cents.

-- Plans with their localized texts (DECISIONS.md "Consultations (Help)").
CREATE TABLE consultation_plans (
    id               TEXT PRIMARY KEY NOT NULL,
    duration_minutes INTEGER NOT NULL CHECK (duration_minutes > 0 AND duration_minutes % 15 = 0),
    price_cents      BIGINT NOT NULL CHECK (price_cents > 0),
    currency         TEXT NOT NULL,
    recommended      BOOLEAN NOT NULL,
    active           BOOLEAN NOT NULL,
    position         INTEGER NOT NULL
);

CREATE TABLE consultation_plan_texts (
    plan_id     TEXT NOT NULL REFERENCES consultation_plans (id) ON DELETE CASCADE,
    lang        TEXT NOT NULL,
    name        TEXT NOT NULL,
    description TEXT NOT NULL,
    PRIMARY KEY (plan_id, lang)
);

-- A booking: held while the visitor pays, then confirmed; cancelled by the traveller or
-- expired when the hold ran out. The Idempotency-Key is stored as its SHA-256; token_sealed is
-- the booking's first access token XOR a key derived from the Idempotency-Key, so only the
-- client holding that key can get the token back on a retry.
CREATE TABLE consultation_bookings (
    id                TEXT PRIMARY KEY NOT NULL,
    consultant_id     TEXT NOT NULL,
    plan_id           TEXT NOT NULL REFERENCES consultation_plans (id),
    status            TEXT NOT NULL CHECK (status IN ('held', 'confirmed', 'cancelled', 'expired')),
    start_at          BIGINT NOT NULL,
    end_at            BIGINT NOT NULL,
    hold_expires_at   BIGINT,
    amount_cents      BIGINT NOT NULL,
    currency          TEXT NOT NULL,
    name              TEXT NOT NULL,
    email             TEXT NOT NULL,
    country           TEXT NOT NULL,
    message           TEXT NOT NULL,
    language          TEXT NOT NULL,
    user_id           TEXT,
    idempotency_hash  TEXT UNIQUE,
    request_hash      TEXT,
    token_sealed      TEXT,
    ics_sequence      INTEGER NOT NULL DEFAULT 0,
    refund_cents      BIGINT,
    created_at        BIGINT NOT NULL,
    updated_at        BIGINT NOT NULL,
    CHECK (end_at > start_at)
);
CREATE INDEX consultation_bookings_hold ON consultation_bookings (status, hold_expires_at);
CREATE INDEX consultation_bookings_user ON consultation_bookings (user_id, start_at);
CREATE INDEX consultation_bookings_start ON consultation_bookings (consultant_id, start_at);

-- Access tokens of the private manage link (SHA-256 of the token): the one answered when the
-- booking is made, and one per e-mail that carries a link.
CREATE TABLE consultation_access_tokens (
    token_hash TEXT PRIMARY KEY NOT NULL,
    booking_id TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    created_at BIGINT NOT NULL
);
CREATE INDEX consultation_access_tokens_booking ON consultation_access_tokens (booking_id);

-- The guarantee that no time is held or confirmed twice: one row per 15-minute cell a live
-- booking covers (plus its buffer), unique per consultant and cell, written in the booking's
-- transaction and removed when the booking expires, is cancelled or moves.
CREATE TABLE booking_claims (
    consultant_id TEXT NOT NULL,
    cell_start    BIGINT NOT NULL,
    booking_id    TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    PRIMARY KEY (consultant_id, cell_start)
);
CREATE INDEX booking_claims_booking ON booking_claims (booking_id);

-- Travel documents, stored on disk under UPLOAD_DIR with generated names, never served.
CREATE TABLE consultation_documents (
    id           TEXT PRIMARY KEY NOT NULL,
    booking_id   TEXT NOT NULL REFERENCES consultation_bookings (id) ON DELETE CASCADE,
    filename     TEXT NOT NULL,
    stored_name  TEXT NOT NULL,
    size_bytes   BIGINT NOT NULL,
    content_type  TEXT NOT NULL,
    created_at_ms BIGINT NOT NULL
);
CREATE INDEX consultation_documents_booking ON consultation_documents (booking_id, created_at_ms);

-- What this site knows of each payment: provider and reference, amount, status and, for
-- cards, only the brand and the last four digits. purpose: 'booking' or 'change_fee'.
CREATE TABLE payments (
    id             TEXT PRIMARY KEY NOT NULL,
    booking_id     TEXT NOT NULL,
    purpose        TEXT NOT NULL,
    provider       TEXT NOT NULL,
    provider_ref   TEXT NOT NULL,
    status         TEXT NOT NULL,
    amount_cents   BIGINT NOT NULL,
    currency       TEXT NOT NULL,
    card_brand     TEXT,
    card_last4     TEXT,
    -- Stripe's client secret for the Payment Element (given to the payer's browser anyway).
    client_secret  TEXT,
    refunded_cents BIGINT NOT NULL DEFAULT 0,
    created_at     BIGINT NOT NULL,
    updated_at     BIGINT NOT NULL
);
CREATE UNIQUE INDEX payments_provider_ref ON payments (provider, provider_ref);
CREATE INDEX payments_booking ON payments (booking_id, purpose);

-- The sandbox provider's own books (what Stripe would keep on its side).
CREATE TABLE sandbox_payments (
    id              TEXT PRIMARY KEY NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    amount_cents    BIGINT NOT NULL,
    currency        TEXT NOT NULL,
    status          TEXT NOT NULL,
    description     TEXT NOT NULL,
    metadata        TEXT NOT NULL,
    card_brand      TEXT,
    card_last4      TEXT,
    created_at      BIGINT NOT NULL,
    updated_at      BIGINT NOT NULL
);

CREATE TABLE sandbox_refunds (
    id              TEXT PRIMARY KEY NOT NULL,
    idempotency_key TEXT NOT NULL UNIQUE,
    payment_id      TEXT NOT NULL REFERENCES sandbox_payments (id),
    amount_cents    BIGINT NOT NULL,
    created_at      BIGINT NOT NULL
);

INSERT INTO consultation_plans (id, duration_minutes, price_cents, currency, recommended, active, position) VALUES
    ('essential', 30, 4900, 'USD', FALSE, TRUE, 1),
    ('complete', 60, 9900, 'USD', TRUE, TRUE, 2),
    ('premium', 90, 14900, 'USD', FALSE, TRUE, 3);

INSERT INTO consultation_plan_texts (plan_id, lang, name, description) VALUES
    ('essential', 'en', 'Essential', 'A focused 30-minute call on one problem: what your rights are, what to ask for and the next step to take.'),
    ('essential', 'es', 'Esencial', 'Una llamada de 30 minutos centrada en un problema: cuáles son tus derechos, qué pedir y el siguiente paso a dar.'),
    ('essential', 'pt', 'Essencial', 'Uma chamada de 30 minutos focada em um problema: quais são seus direitos, o que pedir e o próximo passo a dar.'),
    ('complete', 'en', 'Complete', 'A 60-minute review of your case and documents, with a written plan of the claims or complaints to file and in what order.'),
    ('complete', 'es', 'Completa', 'Una revisión de 60 minutos de tu caso y tus documentos, con un plan escrito de las reclamaciones o quejas a presentar y en qué orden.'),
    ('complete', 'pt', 'Completa', 'Uma revisão de 60 minutos do seu caso e dos seus documentos, com um plano escrito das reclamações a apresentar e em que ordem.'),
    ('premium', 'en', 'Premium', 'A 90-minute session for complex cases with several parties (airline, insurer, agency, bank), drafts of your letters included.'),
    ('premium', 'es', 'Premium', 'Una sesión de 90 minutos para casos complejos con varias partes (aerolínea, aseguradora, agencia, banco), con borradores de tus cartas incluidos.'),
    ('premium', 'pt', 'Premium', 'Uma sessão de 90 minutos para casos complexos com várias partes (companhia aérea, seguradora, agência, banco), com rascunhos das suas cartas incluídos.');
