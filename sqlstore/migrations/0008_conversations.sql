-- Chats, their messages, the quota ledger and model token usage.

-- A chat. Deleting it only sets deleted_at. difficulty is NULL in exam mode
-- (Prüfung). stage, total_stages and progress are the practice scoring state;
-- evaluation is the six-category evaluation as JSON text (TEXT in both
-- databases, so both read and write it the same way). pdf_text is the text
-- of an attached PDF, kept for the prompts of later turns.
CREATE TABLE conversations (
    id               TEXT PRIMARY KEY,
    user_id          TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    title            TEXT NOT NULL DEFAULT '',
    mode             TEXT NOT NULL CHECK (mode IN ('Übung', 'Prüfung')),
    difficulty       INTEGER CHECK (difficulty BETWEEN 1 AND 3),
    product_override TEXT,
    pdf_name         TEXT,
    pdf_text         TEXT,
    stage            INTEGER NOT NULL DEFAULT 0 CHECK (stage >= 0),
    total_stages     INTEGER NOT NULL DEFAULT 0 CHECK (total_stages >= 0),
    progress         INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    evaluation       TEXT,
    created_at       TIMESTAMPTZ NOT NULL,
    updated_at       TIMESTAMPTZ NOT NULL,
    completed_at     TIMESTAMPTZ,
    deleted_at       TIMESTAMPTZ
);
CREATE INDEX conversations_user_created_at_idx ON conversations (user_id, created_at);
-- Admin overview ("chats today") and chat history across users.
CREATE INDEX conversations_created_at_idx ON conversations (created_at);

-- role user and seller are the human side; assistant is the AI customer;
-- system carries notices such as the completion message (is_completion).
CREATE TABLE messages (
    id              TEXT PRIMARY KEY,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    role            TEXT NOT NULL CHECK (role IN ('user', 'seller', 'assistant', 'system')),
    content         TEXT NOT NULL,
    pdf_name        TEXT,
    is_completion   BOOLEAN NOT NULL DEFAULT FALSE,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX messages_conversation_created_at_idx ON messages (conversation_id, created_at);

-- One row per chat started. The monthly quota counts these rows, not
-- conversations, so deleting a chat does not give quota back.
CREATE TABLE chat_starts (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL,
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX chat_starts_user_created_at_idx ON chat_starts (user_id, created_at);
CREATE INDEX chat_starts_created_at_idx ON chat_starts (created_at);
-- Lets ON DELETE SET NULL find a conversation's rows without a scan.
CREATE INDEX chat_starts_conversation_id_idx ON chat_starts (conversation_id);

-- Model tokens per call, for the admin token management. purpose names the
-- call (chat, score, hint, perfect_message, evaluation, summary, ...).
CREATE TABLE token_usage (
    id              TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    conversation_id TEXT REFERENCES conversations (id) ON DELETE SET NULL,
    model           TEXT NOT NULL DEFAULT '',
    purpose         TEXT NOT NULL DEFAULT '',
    tokens_in       INTEGER NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
    tokens_out      INTEGER NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
    created_at      TIMESTAMPTZ NOT NULL
);
CREATE INDEX token_usage_user_created_at_idx ON token_usage (user_id, created_at);
CREATE INDEX token_usage_created_at_idx ON token_usage (created_at);
CREATE INDEX token_usage_conversation_id_idx ON token_usage (conversation_id);
