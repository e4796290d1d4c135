-- Chat turns across app processes, and the daily roll-up of model tokens.
--
-- A request that changes a chat (a turn, an evaluation, ending an exam)
-- first claims the conversation: turn_claim is a random token of that
-- request, turn_claimed_until when the claim lapses if it is never released
-- (its process died). The claim is taken by one compare-and-set UPDATE and
-- released by the write that ends the request, so turns of one chat are
-- serialised across processes without holding a transaction open while the
-- model answers. Both columns are NULL while nobody holds the chat; a
-- version that does not know them keeps working (it ignores claims).
ALTER TABLE conversations ADD COLUMN turn_claim TEXT;
ALTER TABLE conversations ADD COLUMN turn_claimed_until TIMESTAMPTZ;

-- token_usage_days sums token_usage per UTC day ("YYYY-MM-DD") and user.
-- RecordTokenUsage and SaveTurn add to it in the transaction that appends
-- the raw rows, so the admin usage report reads one row per user and day
-- instead of one per model call (a chat turn makes two). The rows already
-- stored are summed in below (date() is the UTC day: see 0013). Rows that a
-- process of the previous version appends while this one is rolled out are
-- not counted here. The sums are INTEGER like the raw columns (no user
-- spends two billion tokens a day): PostgreSQL sums INTEGER in a 64-bit
-- accumulator, but BIGINT in NUMERIC, which made the report's per-user sums
-- half again as slow.
CREATE TABLE token_usage_days (
    day        TEXT NOT NULL CHECK (length(day) = 10),
    user_id    TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    tokens_in  INTEGER NOT NULL DEFAULT 0 CHECK (tokens_in >= 0),
    tokens_out INTEGER NOT NULL DEFAULT 0 CHECK (tokens_out >= 0),
    calls      INTEGER NOT NULL DEFAULT 0 CHECK (calls >= 0),
    PRIMARY KEY (day, user_id)
);
-- Deleting a user finds their rows without a scan.
CREATE INDEX token_usage_days_user_id_idx ON token_usage_days (user_id);

INSERT INTO token_usage_days (day, user_id, tokens_in, tokens_out, calls)
SELECT CAST(date(created_at) AS TEXT), user_id, SUM(tokens_in), SUM(tokens_out), COUNT(*)
FROM token_usage
GROUP BY CAST(date(created_at) AS TEXT), user_id;
