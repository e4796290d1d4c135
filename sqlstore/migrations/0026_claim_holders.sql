-- A chat's turn claim ends with the process that holds it (issue 25;
-- docs/decisions.md, 2026-11-26).
--
-- Every app process keeps a row here alive: it beats every second or so,
-- moving alive_until a few seconds ahead, and deletes its row when it shuts
-- down. A claim names its process in turn_claim_holder; it holds the chat
-- while its own turn_claimed_until has not passed AND its holder is alive.
-- So a process killed mid-reply frees its chats a few seconds later instead
-- of after the claim's 30 s, and a restarted process (which has a new id)
-- never waits on the claims of the one that died. A claim without a holder
-- (written by the previous version during a rolling update) lasts until its
-- turn_claimed_until as before.
CREATE TABLE claim_holders (
    id          TEXT PRIMARY KEY CHECK (length(id) BETWEEN 1 AND 200),
    alive_until TIMESTAMPTZ NOT NULL
);
ALTER TABLE conversations ADD COLUMN turn_claim_holder TEXT;
