-- Teams (issue 27): a sales organisation trains together.
--
-- A team has one owner (teams.owner_id, also the one team_members row with
-- role 'owner': both change together when ownership is handed over). The
-- owner's account going takes the team with it (its memberships,
-- invitations and shares cascade); a member's account going takes only
-- their membership. join_token is the secret of the team's join link: it is
-- kept as it is, not hashed, because owners and managers see the link
-- whenever they open the team page (invitation tokens, which only their
-- mail shows, are stored hashed). Seats and assignments follow in later
-- migrations, in tables of their own that refer to teams.
CREATE TABLE teams (
    id         TEXT PRIMARY KEY,
    name       TEXT NOT NULL CHECK (length(name) BETWEEN 1 AND 400),
    owner_id   TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    join_token TEXT NOT NULL UNIQUE,
    created_at TIMESTAMPTZ NOT NULL
);

-- A user is in at most one team (user_id is unique); a team has one owner
-- row (the partial index).
CREATE TABLE team_members (
    team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    user_id   TEXT NOT NULL UNIQUE REFERENCES users (id) ON DELETE CASCADE,
    role      TEXT NOT NULL CHECK (role IN ('owner', 'manager', 'member')),
    joined_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (team_id, user_id)
);
CREATE UNIQUE INDEX team_members_one_owner_idx ON team_members (team_id) WHERE role = 'owner';

-- Invitations by e-mail: single use (used_at), valid until expires_at.
-- email_lower finds the pending invitations of an address that signs up
-- and confirms it.
CREATE TABLE team_invitations (
    id          TEXT PRIMARY KEY,
    team_id     TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    token_hash  TEXT NOT NULL UNIQUE,
    email       TEXT NOT NULL CHECK (length(email) BETWEEN 3 AND 320),
    email_lower TEXT NOT NULL,
    role        TEXT NOT NULL CHECK (role IN ('manager', 'member')),
    invited_by  TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at  TIMESTAMPTZ NOT NULL,
    expires_at  TIMESTAMPTZ NOT NULL,
    used_at     TIMESTAMPTZ,
    used_by     TEXT REFERENCES users (id) ON DELETE SET NULL
);
CREATE INDEX team_invitations_team_idx ON team_invitations (team_id);
CREATE INDEX team_invitations_email_idx ON team_invitations (email_lower) WHERE used_at IS NULL;

-- Chats their authors shared with their team ('Mit meinem Team teilen').
-- The share names the team: after leaving (or joining another team) the
-- chat is not shared with anyone, and leaving deletes the rows besides.
CREATE TABLE conversation_shares (
    conversation_id TEXT PRIMARY KEY REFERENCES conversations (id) ON DELETE CASCADE,
    team_id         TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    shared_at       TIMESTAMPTZ NOT NULL
);
CREATE INDEX conversation_shares_team_idx ON conversation_shares (team_id);

-- 'In der Bestenliste anzeigen': whether the user shows up on their team's
-- leaderboard.
ALTER TABLE profiles ADD COLUMN leaderboard_visible BOOLEAN NOT NULL DEFAULT TRUE;

-- XP per user and UTC day ("YYYY-MM-DD"), added to in the statement batch
-- that awards the XP (sqlstore/progress.go), so the leaderboard's XP of a
-- week or month is a sum over at most 31 rows per member. XP awarded
-- before this migration has no day and counts for no period.
CREATE TABLE xp_days (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     TEXT NOT NULL CHECK (length(day) = 10),
    xp      INTEGER NOT NULL DEFAULT 0 CHECK (xp >= 0),
    PRIMARY KEY (user_id, day)
);
