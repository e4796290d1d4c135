-- PayPal subscriptions, webhook idempotency and promo codes.

-- Mirrors a PayPal subscription. status is PayPal's (APPROVAL_PENDING,
-- ACTIVE, SUSPENDED, CANCELLED, EXPIRED, ...) as sent, without a CHECK,
-- because a status PayPal adds later must not make webhooks fail.
-- update_time is PayPal's last change and orders a user's rows; cycle_start
-- starts the current billing cycle for the chat quota.
CREATE TABLE subscriptions (
    id                   TEXT PRIMARY KEY,
    user_id              TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    paypal_id            TEXT NOT NULL UNIQUE,
    plan_id              TEXT NOT NULL,
    status               TEXT NOT NULL,
    update_time          TIMESTAMPTZ NOT NULL,
    cancel_at_period_end BOOLEAN NOT NULL DEFAULT FALSE,
    cancel_at            TIMESTAMPTZ,
    cycle_start          TIMESTAMPTZ,
    created_at           TIMESTAMPTZ NOT NULL
);
CREATE INDEX subscriptions_user_update_time_idx ON subscriptions (user_id, update_time);

-- Every verified webhook event once: inserting the id first makes a
-- redelivered event a no-op.
CREATE TABLE paypal_webhook_events (
    event_id    TEXT PRIMARY KEY,
    event_type  TEXT NOT NULL,
    resource_id TEXT NOT NULL DEFAULT '',
    received_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX paypal_webhook_events_received_at_idx ON paypal_webhook_events (received_at);

-- A promo code unlocks plan_id (the promo plan: Elite at a promotional
-- price). code is stored as entered and unique case-insensitively (codes are
-- ASCII, so lower() agrees in both databases). redemptions counts uses so
-- that one guarded UPDATE can enforce max_redemptions (NULL: unlimited).
CREATE TABLE promo_codes (
    id              TEXT PRIMARY KEY,
    code            TEXT NOT NULL CHECK (code <> ''),
    plan_id         TEXT NOT NULL,
    description     TEXT NOT NULL DEFAULT '',
    active          BOOLEAN NOT NULL DEFAULT TRUE,
    max_redemptions INTEGER CHECK (max_redemptions >= 0),
    redemptions     INTEGER NOT NULL DEFAULT 0 CHECK (redemptions >= 0),
    valid_from      TIMESTAMPTZ,
    valid_until     TIMESTAMPTZ,
    created_at      TIMESTAMPTZ NOT NULL,
    updated_at      TIMESTAMPTZ NOT NULL,
    CHECK (max_redemptions IS NULL OR redemptions <= max_redemptions)
);
CREATE UNIQUE INDEX promo_codes_code_lower_key ON promo_codes (lower(code));

-- Who used which code; a user redeems a code once.
CREATE TABLE promo_redemptions (
    id              TEXT PRIMARY KEY,
    promo_code_id   TEXT NOT NULL REFERENCES promo_codes (id) ON DELETE CASCADE,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    subscription_id TEXT REFERENCES subscriptions (id) ON DELETE SET NULL,
    created_at      TIMESTAMPTZ NOT NULL,
    UNIQUE (promo_code_id, user_id)
);
CREATE INDEX promo_redemptions_user_id_idx ON promo_redemptions (user_id);
CREATE INDEX promo_redemptions_subscription_id_idx ON promo_redemptions (subscription_id);
