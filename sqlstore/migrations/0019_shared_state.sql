-- State that every app process sharing the database must agree on.

-- Rate-limit buckets (sqlstore/ratelimit.go): one row per limit and key,
-- key the SHA-256 of both, tat the instant (microseconds since 1970) at which
-- the bucket is full again. Rows whose tat has passed count as no row and are
-- pruned by a background job; without an index on tat the per-request update
-- can stay a heap-only tuple update, and pruning scans a table that holds
-- only the keys of the last window.
CREATE TABLE rate_limits (
    key TEXT PRIMARY KEY,
    tat BIGINT NOT NULL
);
-- postgres-only begin
-- A crash may forget the buckets (the limits start afresh), which is
-- acceptable for abuse brakes; in return a check writes no WAL.
ALTER TABLE rate_limits SET UNLOGGED;
-- postgres-only end

-- Background jobs (jobs/): job_leases now also says when a job runs next,
-- so that with several processes each job runs once per interval, by
-- whichever process claims it first. NULL: due now.
ALTER TABLE job_leases ADD COLUMN next_run_at TIMESTAMPTZ;

-- Secrets the installation generates itself (the access-token key when
-- JWT_SECRET is not set): the first process to start inserts its candidate,
-- every other process reads that one.
CREATE TABLE installation_secrets (
    name       TEXT PRIMARY KEY,
    value      TEXT NOT NULL CHECK (value <> ''),
    created_at TIMESTAMPTZ NOT NULL
);
