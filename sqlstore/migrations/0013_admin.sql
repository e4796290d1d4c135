-- The admin back-office: a daily rollup of page views and the indexes of
-- the admin lists and searches.
--
-- page_view_days counts page views per UTC day ("YYYY-MM-DD"), source and
-- page kind (salescoach.PageKind of the path). RecordPageView adds to it in
-- the transaction that appends the raw page view, so the analytics read a
-- few rows per day instead of every view. The rows already stored are
-- counted in below: date() is the UTC day because PostgreSQL migrations run
-- with TimeZone UTC and DateStyle ISO (see applyMigration), and SQLite
-- stores UTC text; the CASE mirrors salescoach.PageKind (substr comparisons
-- are case-sensitive in both databases, unlike SQLite's LIKE).
CREATE TABLE page_view_days (
    day    TEXT NOT NULL CHECK (length(day) = 10),
    source TEXT NOT NULL,
    kind   TEXT NOT NULL,
    views  INTEGER NOT NULL DEFAULT 0 CHECK (views >= 0),
    PRIMARY KEY (day, source, kind)
);

INSERT INTO page_view_days (day, source, kind, views)
SELECT day, source, kind, COUNT(*)
FROM (
    SELECT CAST(date(created_at) AS TEXT) AS day, source,
        CASE
            WHEN p = '' THEN 'landing'
            WHEN p = '/impressum' THEN 'impressum'
            WHEN p = '/legal' OR substr(p, 1, 7) = '/legal/' THEN 'legal'
            WHEN p = '/login' OR substr(p, 1, 7) = '/login/' THEN 'login'
            WHEN p = '/chat' OR substr(p, 1, 6) = '/chat/' OR substr(p, 1, 6) = '/call/' THEN 'chat'
            ELSE 'app'
        END AS kind
    FROM (
        SELECT created_at, source,
            CASE WHEN substr(path, length(path), 1) = '/' THEN substr(path, 1, length(path) - 1) ELSE path END AS p
        FROM page_views
    ) trimmed
) classified
GROUP BY day, source, kind;

-- The admin lists page newest first with the id as tie-breaker; an index on
-- (created_at, id) serves that order and deep offsets from the index alone,
-- so it replaces the (created_at) ones of users and feedback. Conversations
-- keep theirs: their list is read from the top (ties of an instant are
-- sorted on the fly), and its total counts every row, which the narrow
-- index answers fastest: about a third of the size of (created_at, id).
DROP INDEX users_created_at_idx;
CREATE INDEX users_created_at_id_idx ON users (created_at, id);
DROP INDEX feedback_created_at_idx;
CREATE INDEX feedback_created_at_id_idx ON feedback (created_at, id);
CREATE INDEX promo_codes_created_at_idx ON promo_codes (created_at, id);

-- The compliance screen counts users by terms_version (0: never accepted;
-- AcceptTerms sets the version and terms_accepted_at together), which this
-- index answers without reading the table.
CREATE INDEX users_terms_version_idx ON users (terms_version);

-- The admin searches look for substrings (LIKE '%text%') of e-mails, display
-- names and chat titles, which B-tree indexes cannot serve. On PostgreSQL,
-- trigram indexes (pg_trgm) can; where the extension cannot be installed
-- (not shipped, or no right to create it) the searches still work, scanning
-- the tables. SQLite has no such index and scans.
-- postgres-only begin
DO $$
BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm;
    CREATE INDEX users_email_lower_trgm_idx ON users USING gin (email_lower gin_trgm_ops);
    CREATE INDEX users_display_name_trgm_idx ON users USING gin (lower(display_name) gin_trgm_ops);
    CREATE INDEX conversations_title_trgm_idx ON conversations USING gin (lower(title) gin_trgm_ops);
EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable, admin searches scan: %', SQLERRM;
END
$$;
-- postgres-only end
