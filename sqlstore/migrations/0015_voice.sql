-- Voice training: what the speech providers did per user, for the admin
-- token management, and the calls that raise the 'Telefonieren' counter.
--
-- voice_usage has one row per successful provider call: kind 'stt' with
-- the recording's length in audio_ms, or 'tts' with the characters spoken.
CREATE TABLE voice_usage (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind        TEXT NOT NULL CHECK (kind IN ('stt', 'tts')),
    provider    TEXT NOT NULL DEFAULT '',
    audio_ms    INTEGER NOT NULL DEFAULT 0 CHECK (audio_ms >= 0),
    characters  INTEGER NOT NULL DEFAULT 0 CHECK (characters >= 0),
    created_at  TIMESTAMPTZ NOT NULL
);
CREATE INDEX voice_usage_user_created_at_idx ON voice_usage (user_id, created_at);
CREATE INDEX voice_usage_created_at_idx ON voice_usage (created_at);

-- voice_calls: a call is started by the browser, gains a turn with every
-- transcription made for it, and is finished once; finishing a call with at
-- least one turn adds 1 to profiles.calls_count in the same transaction.
CREATE TABLE voice_calls (
    id          TEXT PRIMARY KEY,
    user_id     TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    turns       INTEGER NOT NULL DEFAULT 0 CHECK (turns >= 0),
    started_at  TIMESTAMPTZ NOT NULL,
    finished_at TIMESTAMPTZ
);
CREATE INDEX voice_calls_user_id_idx ON voice_calls (user_id);
