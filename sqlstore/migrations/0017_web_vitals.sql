-- Core Web Vitals of real page loads, reported by the browser (POST
-- /api/vitals): one row per measurement, anonymous (no user, no address),
-- the page as the app's route pattern. The admin analytics reads the 75th
-- percentile per page and vital over a period, so rows are found by time.
CREATE TABLE web_vitals (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL CHECK (name IN ('LCP', 'INP', 'CLS')),
    page       TEXT NOT NULL CHECK (length(page) BETWEEN 1 AND 64),
    value      DOUBLE PRECISION NOT NULL CHECK (value >= 0),
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX web_vitals_created_at_idx ON web_vitals (created_at);
