-- Background billing work (period-end cancellations, the PayPal reconcile)
-- runs in one process at a time when several share a database: a process
-- takes the job's lease by one guarded upsert and holds it until
-- expires_at; another process gets it only after that.
CREATE TABLE job_leases (
    name       TEXT PRIMARY KEY,
    holder     TEXT NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL
);

-- The period-end job looks for cancellations that fell due.
CREATE INDEX subscriptions_cancel_at_idx ON subscriptions (cancel_at) WHERE cancel_at_period_end;
