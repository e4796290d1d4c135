-- The consent audit records a second kind of consent (issue 25 point 15):
-- 'withdrawal_waiver', the buyer's express request, made when a paid plan
-- starts, that the service begin before the withdrawal period ends (and so
-- the loss of the right of withdrawal). A free sign-up records 'terms' only.
-- PostgreSQL changes the CHECK in place; SQLite cannot alter a CHECK, so the
-- table is rebuilt with its rows, in this migration's transaction (nothing
-- refers to consent_audit).
-- postgres-only begin
ALTER TABLE consent_audit DROP CONSTRAINT consent_audit_consent_type_check;
ALTER TABLE consent_audit ADD CONSTRAINT consent_audit_consent_type_check
    CHECK (consent_type IN ('terms', 'withdrawal_waiver'));
-- postgres-only end
-- sqlite-only begin
CREATE TABLE consent_audit_new (
    id            TEXT PRIMARY KEY,
    user_id       TEXT REFERENCES users (id) ON DELETE SET NULL,
    consent_type  TEXT NOT NULL CHECK (consent_type IN ('terms', 'withdrawal_waiver')),
    terms_version INTEGER NOT NULL CHECK (terms_version >= 1),
    user_agent    TEXT NOT NULL DEFAULT '',
    created_at    TIMESTAMP NOT NULL
);
INSERT INTO consent_audit_new (id, user_id, consent_type, terms_version, user_agent, created_at)
SELECT id, user_id, consent_type, terms_version, user_agent, created_at FROM consent_audit;
DROP TABLE consent_audit;
ALTER TABLE consent_audit_new RENAME TO consent_audit;
CREATE INDEX consent_audit_created_at_idx ON consent_audit (created_at);
CREATE INDEX consent_audit_user_id_idx ON consent_audit (user_id);
-- sqlite-only end
