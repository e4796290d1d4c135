-- Mail waits here between the request that causes it and its delivery, so
-- that a mail server that is down delays a mail instead of losing it, and a
-- process that dies mid-send does not lose it either (docs/decisions.md,
-- 2026-11-24).
--
-- A row is pending until it is sent or given up (failed). due_at is when a
-- sender may take it next: a claim moves it forward by the claim's lease and
-- stamps claim_id, so one guarded UPDATE claims on both databases and a claim
-- whose process died simply falls due again. A retry moves due_at by the
-- backoff. Sending or giving up clears the bodies and the link (which carries
-- a one-time token); recipient and subject stay for the operator until the
-- row is pruned. A user's mails go with the user.
CREATE TABLE mail_outbox (
    id         TEXT PRIMARY KEY,
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    recipient  TEXT NOT NULL CHECK (length(recipient) BETWEEN 1 AND 320),
    subject    TEXT NOT NULL,
    body_text  TEXT NOT NULL,
    body_html  TEXT NOT NULL DEFAULT '',
    link       TEXT NOT NULL DEFAULT '',
    status     TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
    attempts   INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    due_at     TIMESTAMPTZ NOT NULL,
    claim_id   TEXT,
    last_error TEXT NOT NULL DEFAULT '',
    give_up_at TIMESTAMPTZ NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    done_at    TIMESTAMPTZ
);
-- Senders look for due pending mail; the pruner for old finished mail.
CREATE INDEX mail_outbox_due_idx ON mail_outbox (due_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_done_idx ON mail_outbox (done_at) WHERE status <> 'pending';
CREATE INDEX mail_outbox_user_id_idx ON mail_outbox (user_id);
