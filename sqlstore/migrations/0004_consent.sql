-- The consent audit: an append-only log of terms acceptances. user_id is
-- NULL for a visitor without an account and becomes NULL when the account is
-- deleted, because the record of consent outlives it.
CREATE TABLE consent_audit (
    id            TEXT PRIMARY KEY,
    user_id       TEXT REFERENCES users (id) ON DELETE SET NULL,
    consent_type  TEXT NOT NULL CHECK (consent_type IN ('terms')),
    terms_version INTEGER NOT NULL CHECK (terms_version >= 1),
    user_agent    TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMPTZ NOT NULL
);
CREATE INDEX consent_audit_created_at_idx ON consent_audit (created_at);
CREATE INDEX consent_audit_user_id_idx ON consent_audit (user_id);
