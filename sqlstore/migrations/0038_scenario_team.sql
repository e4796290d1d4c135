-- Team scenarios (issue 28 with the teams of issue 27): a scenario of scope
-- 'team' belongs to its team and goes with it. 0032 could not refer to
-- teams, which came later; the foreign key is added now. No team scenario
-- could be stored before this version (creating one was refused), so the
-- DELETE only guards against hand-made rows.
--
-- A team scenario has no owner_id: it is the team's, not its creator's, so
-- a manager's account going (owner_id cascades) does not take the team's
-- scenarios with it. The CHECK says so.
--
-- PostgreSQL adds the constraints in place; SQLite cannot add a foreign key
-- or a CHECK to a table, so the table is rebuilt with its rows and indexes
-- in this migration's transaction (no table refers to scenarios:
-- conversations.scenario_id has no foreign key on purpose).
DELETE FROM scenarios WHERE scope = 'team'
    AND (team_id NOT IN (SELECT id FROM teams) OR owner_id IS NOT NULL);
-- postgres-only begin
ALTER TABLE scenarios ADD CONSTRAINT scenarios_team_id_fkey
    FOREIGN KEY (team_id) REFERENCES teams (id) ON DELETE CASCADE;
ALTER TABLE scenarios ADD CONSTRAINT scenarios_team_owner_check
    CHECK (scope <> 'team' OR owner_id IS NULL);
-- postgres-only end
-- sqlite-only begin
CREATE TABLE scenarios_new (
    id         TEXT PRIMARY KEY,
    owner_id   TEXT REFERENCES users (id) ON DELETE CASCADE,
    team_id    TEXT REFERENCES teams (id) ON DELETE CASCADE,
    scope      TEXT NOT NULL CHECK (scope IN ('mine', 'team', 'public')),
    built_in   BOOLEAN NOT NULL DEFAULT FALSE,
    language   TEXT NOT NULL CHECK (language IN ('de', 'en')),
    situation  TEXT NOT NULL,
    title      TEXT NOT NULL,
    buyer      TEXT NOT NULL CHECK (buyer IN ('b2b', 'b2c')),
    industry   TEXT NOT NULL DEFAULT '',
    search     TEXT NOT NULL DEFAULT '',
    body       TEXT NOT NULL,
    created_at TIMESTAMP NOT NULL,
    updated_at TIMESTAMP NOT NULL,
    CHECK (scope <> 'mine' OR owner_id IS NOT NULL),
    CHECK (scope <> 'team' OR team_id IS NOT NULL),
    CHECK (scope <> 'team' OR owner_id IS NULL),
    CHECK (NOT built_in OR (scope = 'public' AND owner_id IS NULL))
);
INSERT INTO scenarios_new (id, owner_id, team_id, scope, built_in, language, situation, title, buyer, industry,
    search, body, created_at, updated_at)
SELECT id, owner_id, team_id, scope, built_in, language, situation, title, buyer, industry,
    search, body, created_at, updated_at FROM scenarios;
DROP TABLE scenarios;
ALTER TABLE scenarios_new RENAME TO scenarios;
CREATE INDEX scenarios_owner_idx ON scenarios (owner_id, created_at);
CREATE INDEX scenarios_scope_created_at_idx ON scenarios (scope, created_at);
CREATE INDEX scenarios_team_idx ON scenarios (team_id, created_at);
-- sqlite-only end
