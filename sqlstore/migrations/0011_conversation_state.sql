-- The server-owned scoring state of a chat, and a stable order of messages.

-- objections are the objection keys chosen at start, one per stage, as a JSON
-- array ('' for none); last_score is the assessment of the latest scored
-- answer as JSON (salescoach.ScoreResult), NULL before the first; both are
-- TEXT, so both databases read and write them alike. scored_message_id names
-- the user message last_score belongs to (no foreign key: deleting that
-- message must not touch the state). xp_messages counts the chat's messages
-- that earned XP.
ALTER TABLE conversations ADD COLUMN objections TEXT NOT NULL DEFAULT '';
ALTER TABLE conversations ADD COLUMN last_score TEXT;
ALTER TABLE conversations ADD COLUMN scored_message_id TEXT;
ALTER TABLE conversations ADD COLUMN xp_messages INTEGER NOT NULL DEFAULT 0 CHECK (xp_messages >= 0);

-- seq numbers a conversation's messages 1, 2, 3, ... in the order they were
-- added. Messages sort by (created_at, seq): a request often stamps several
-- messages with the same instant, and ids a caller supplies need not grow,
-- so seq breaks those ties. Existing rows are numbered by (created_at, id).
ALTER TABLE messages ADD COLUMN seq INTEGER NOT NULL DEFAULT 0;
UPDATE messages SET seq = (
    SELECT COUNT(*) FROM messages m
    WHERE m.conversation_id = messages.conversation_id
      AND (m.created_at < messages.created_at OR (m.created_at = messages.created_at AND m.id <= messages.id))
);
CREATE UNIQUE INDEX messages_conversation_seq_key ON messages (conversation_id, seq);
