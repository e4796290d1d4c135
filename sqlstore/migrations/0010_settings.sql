-- Admin settings as key/value text (plan ids, provider choices, ...); the
-- code that owns a key parses its value.
CREATE TABLE settings (
    key        TEXT PRIMARY KEY,
    value      TEXT NOT NULL DEFAULT '',
    updated_at TIMESTAMPTZ NOT NULL
);
