-- Accounts, their profiles and training scores.

-- email keeps the address as entered; email_lower is what uniqueness and
-- look-ups use (lowercased in Go, which folds Unicode; SQLite's lower() folds
-- ASCII only). Both are NULL for an anonymous guest. password_hash is NULL
-- for OAuth and anonymous users. level and xp live here because the client
-- reads them with the user row.
CREATE TABLE users (
    id                 TEXT PRIMARY KEY,
    email              TEXT,
    email_lower        TEXT,
    email_confirmed_at TIMESTAMPTZ,
    password_hash      TEXT,
    is_anonymous       BOOLEAN NOT NULL DEFAULT FALSE,
    is_admin           BOOLEAN NOT NULL DEFAULT FALSE,
    company            TEXT NOT NULL DEFAULT '',
    display_name       TEXT NOT NULL DEFAULT '',
    avatar_url         TEXT NOT NULL DEFAULT '',
    role               TEXT NOT NULL DEFAULT '',
    formality          TEXT NOT NULL DEFAULT 'du' CHECK (formality IN ('du', 'sie')),
    language           TEXT NOT NULL DEFAULT 'de' CHECK (language IN ('de', 'en')),
    tone_preset_id     TEXT REFERENCES tone_presets (id) ON DELETE SET NULL,
    level              INTEGER NOT NULL DEFAULT 1 CHECK (level >= 1),
    xp                 INTEGER NOT NULL DEFAULT 0 CHECK (xp >= 0),
    status             TEXT NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'disabled')),
    terms_accepted_at  TIMESTAMPTZ,
    terms_version      INTEGER NOT NULL DEFAULT 0 CHECK (terms_version >= 0),
    terms_user_agent   TEXT,
    created_at         TIMESTAMPTZ NOT NULL,
    updated_at         TIMESTAMPTZ NOT NULL,
    CHECK ((email IS NULL) = (email_lower IS NULL)),
    CHECK (NOT is_anonymous OR email IS NULL)
);
CREATE UNIQUE INDEX users_email_lower_key ON users (email_lower);
CREATE INDEX users_created_at_idx ON users (created_at);
CREATE INDEX users_tone_preset_id_idx ON users (tone_preset_id);

-- One per user, created with it. last_active_day is the UTC date of the last
-- streak update as YYYY-MM-DD text: it compares the same way in both
-- databases, and the streak rule needs nothing finer.
CREATE TABLE profiles (
    user_id                 TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    product_description     TEXT NOT NULL DEFAULT '',
    has_seen_intro          BOOLEAN NOT NULL DEFAULT FALSE,
    streak                  INTEGER NOT NULL DEFAULT 0 CHECK (streak >= 0),
    last_active_day         TEXT CHECK (length(last_active_day) = 10),
    progress                INTEGER NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
    objections_solved_count INTEGER NOT NULL DEFAULT 0 CHECK (objections_solved_count >= 0),
    messages_sent_count     INTEGER NOT NULL DEFAULT 0 CHECK (messages_sent_count >= 0),
    fast_answers_count      INTEGER NOT NULL DEFAULT 0 CHECK (fast_answers_count >= 0),
    feedback_count          INTEGER NOT NULL DEFAULT 0 CHECK (feedback_count >= 0),
    calls_count             INTEGER NOT NULL DEFAULT 0 CHECK (calls_count >= 0),
    hints_count             INTEGER NOT NULL DEFAULT 0 CHECK (hints_count >= 0),
    perfect_answers_count   INTEGER NOT NULL DEFAULT 0 CHECK (perfect_answers_count >= 0),
    completed_chats_count   INTEGER NOT NULL DEFAULT 0 CHECK (completed_chats_count >= 0),
    updated_at              TIMESTAMPTZ NOT NULL
);

-- The training score of the original client: one row per user, created with
-- score 0 when first needed.
CREATE TABLE training_scores (
    user_id    TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    score      INTEGER NOT NULL DEFAULT 0,
    updated_at TIMESTAMPTZ NOT NULL
);
