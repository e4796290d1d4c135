-- The admin usage report at 100 000 users (issue 15; docs/performance.md).

-- user_plans holds every user's current plan: the plan id of the newest
-- subscription (by update_time, then created_at, then id, as
-- LatestSubscription orders them) when that subscription is active, and the
-- empty string otherwise. It has a row for every user with a subscription.
-- The subscription writes (UpsertSubscription, SyncSubscription) refresh the
-- user's row in their transaction, so the report joins this small table
-- instead of finding the newest of all subscriptions of every user. Rows
-- that a process of the previous version writes while this one is rolled
-- out are refreshed by the next write for the same user.
CREATE TABLE user_plans (
    user_id TEXT PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    plan_id TEXT NOT NULL
);

INSERT INTO user_plans (user_id, plan_id)
SELECT s.user_id, CASE WHEN s.status IN ('ACTIVE', 'active') THEN s.plan_id ELSE '' END
FROM subscriptions s
WHERE NOT EXISTS (
    SELECT 1 FROM subscriptions n WHERE n.user_id = s.user_id AND (n.update_time > s.update_time
        OR (n.update_time = s.update_time AND (n.created_at > s.created_at
            OR (n.created_at = s.created_at AND n.id > s.id)))));

-- The report sums a period's roll-up rows per user. With the sums in an
-- index that starts with the day, both databases read them from the index
-- alone instead of from the table's rows: PostgreSQL from the primary key
-- with the sums as included columns (an index-only scan; pages changed since
-- the last vacuum are read from the table), SQLite from an index of all the
-- columns. The upserts then change an index entry as well as the row.
-- postgres-only begin
ALTER TABLE token_usage_days DROP CONSTRAINT token_usage_days_pkey;
ALTER TABLE token_usage_days ADD PRIMARY KEY (day, user_id) INCLUDE (tokens_in, tokens_out, calls);
-- postgres-only end
-- sqlite-only begin
CREATE INDEX token_usage_days_report_idx ON token_usage_days (day, user_id, tokens_in, tokens_out, calls);
-- sqlite-only end
