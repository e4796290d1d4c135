-- Scenarios (issue 28): conversations users, teams and the admins build.
--
-- body is the scenario's JSON in the API's shape (salescoach.Scenario without
-- id and scope), TEXT in both databases. The other columns are what lists
-- filter, search and check permissions by: scope 'mine' is its owner's only,
-- 'team' its team's (team_id; the teams table comes with issue 29, so no
-- foreign key yet), 'public' everyone's. built_in rows are the embedded
-- library, written at start-up (scenarios.Library), owned by nobody and
-- changed by nobody. industry is lower-cased for the filter; search is the
-- lower-cased title, product, persona name, role, company and industry
-- (lower-cased in Go, which knows umlauts; SQLite's LOWER does not).
CREATE TABLE scenarios (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT REFERENCES users (id) ON DELETE CASCADE,
    team_id    TEXT,
    scope      TEXT NOT NULL CHECK (scope IN ('mine', 'team', 'public')),
    built_in   BOOLEAN NOT NULL DEFAULT FALSE,
    language   TEXT NOT NULL CHECK (language IN ('de', 'en')),
    situation  TEXT NOT NULL,
    title      TEXT NOT NULL,
    buyer      TEXT NOT NULL CHECK (buyer IN ('b2b', 'b2c')),
    industry   TEXT NOT NULL DEFAULT '',
    search     TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL,
    CHECK (scope <> 'mine' OR owner_id IS NOT NULL),
    CHECK (scope <> 'team' OR team_id IS NOT NULL),
    CHECK (NOT built_in OR (scope = 'public' AND owner_id IS NULL))
);
-- 'mine' lists and the users' cascade.
CREATE INDEX scenarios_owner_idx ON scenarios (owner_id, created_at);
-- The public list (and the library) by recency.
CREATE INDEX scenarios_scope_created_at_idx ON scenarios (scope, created_at);
CREATE INDEX scenarios_team_idx ON scenarios (team_id, created_at);

-- A chat started on a scenario: scenario_id names it (no foreign key: a
-- scenario deleted later leaves its chats and their history as they were),
-- scenario_json is the snapshot the chat plays (salescoach.Scenario as
-- JSON), so later edits never change a running chat.
ALTER TABLE conversations ADD COLUMN scenario_id TEXT;
ALTER TABLE conversations ADD COLUMN scenario_json TEXT;
-- A user's attempts, wins and best score per scenario.
CREATE INDEX conversations_user_scenario_idx ON conversations (user_id, scenario_id);
