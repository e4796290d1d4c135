-- PayPal subscriptions approved for an account that no longer exists
-- (issue 25): billing cancels them at PayPal and records them here for the
-- back-office. user_id names the deleted account and so has no foreign key.
-- cancelled_at is NULL while the cancellation failed (error says why).
CREATE TABLE orphaned_subscriptions (
    paypal_id    TEXT PRIMARY KEY,
    user_id      TEXT NOT NULL,
    plan_id      TEXT NOT NULL,
    via          TEXT NOT NULL CHECK (via IN ('webhook', 'confirm')),
    reason       TEXT NOT NULL,
    cancelled_at TIMESTAMPTZ,
    error        TEXT NOT NULL DEFAULT '',
    recorded_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX orphaned_subscriptions_recorded_at_idx ON orphaned_subscriptions (recorded_at);
