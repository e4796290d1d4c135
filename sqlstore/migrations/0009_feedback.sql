-- Feedback from users. user_id may be NULL (the feedback page is open to
-- visitors, and feedback outlives a deleted account); email and name are
-- what the sender gave for a reply.
CREATE TABLE feedback (
    id         TEXT PRIMARY KEY,
    user_id    TEXT REFERENCES users (id) ON DELETE SET NULL,
    email      TEXT NOT NULL DEFAULT '',
    name       TEXT NOT NULL DEFAULT '',
    subject    TEXT NOT NULL DEFAULT '',
    type       TEXT NOT NULL DEFAULT 'general' CHECK (type IN ('general', 'bug', 'feature')),
    message    TEXT NOT NULL CHECK (message <> ''),
    status     TEXT NOT NULL DEFAULT 'erhalten' CHECK (status IN ('erhalten', 'in_bearbeitung', 'bearbeitet')),
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX feedback_user_created_at_idx ON feedback (user_id, created_at);
CREATE INDEX feedback_created_at_idx ON feedback (created_at);
CREATE INDEX feedback_status_idx ON feedback (status);
