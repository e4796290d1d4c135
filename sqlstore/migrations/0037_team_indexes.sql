-- Team aggregates and the indexes of the manager view (issue 27).
--
-- The team's progress report (GET /api/team/progress) sums the skill day
-- rows of the team's current members. Read from skill_technique_days that is
-- every member's day rows: for 2 000 members and 90 days (and the 90 before,
-- for the previous rates) some two million rows, far from the 50 ms the
-- report must take. team_technique_days and team_family_days hold the same
-- sums per team and UTC day instead, so the report reads at most 180 days ×
-- 7 techniques and 90 × 10 families, however large the team.
--
-- Triggers keep them equal to the sum over the current members, on both
-- databases and on every path that changes either side: an answer's upsert
-- into a user's day rows adds its difference to the user's team; a user
-- joining adds their whole history to the team, leaving or being removed
-- (or their account going, which cascades) takes it out again; a team's
-- deletion cascades. Triggers rather than statements in sqlstore because
-- account deletion reaches team_members through ON DELETE CASCADE, where no
-- Go code runs.
CREATE TABLE team_technique_days (
    team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    technique TEXT NOT NULL,
    shown     INTEGER NOT NULL DEFAULT 0,
    total     INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (team_id, day, technique)
);
CREATE TABLE team_family_days (
    team_id   TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    family    TEXT NOT NULL,
    answers   INTEGER NOT NULL DEFAULT 0,
    score_sum INTEGER NOT NULL DEFAULT 0,
    attempts  INTEGER NOT NULL DEFAULT 0,
    solved    INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (team_id, day, family)
);

-- The members table (sqlstore TeamService.Members) computes, per member of
-- a team of thousands, the newest change of their chats, the chats started
-- in the period and the answers of the period. Each of these reads one
-- index range without touching the table: the partial indexes hold only the
-- live chats the queries ask for, and the family days' index carries the
-- answers and scores it sums (for the weakest families too).
CREATE INDEX conversations_user_updated_live_idx ON conversations (user_id, updated_at) WHERE deleted_at IS NULL;
CREATE INDEX conversations_user_created_live_idx ON conversations (user_id, created_at) WHERE deleted_at IS NULL;
CREATE INDEX skill_family_days_user_day_cover_idx ON skill_family_days (user_id, day, family, answers, score_sum);
-- The members table's technique rates of a page's members (memberSkills),
-- and a user's own report, read the technique days from the index alone.
CREATE INDEX skill_technique_days_user_day_cover_idx ON skill_technique_days (user_id, day, technique, shown, total);

-- The current members' history.
INSERT INTO team_technique_days (team_id, day, technique, shown, total)
SELECT m.team_id, s.day, s.technique, SUM(s.shown), SUM(s.total)
FROM skill_technique_days s JOIN team_members m ON m.user_id = s.user_id
GROUP BY m.team_id, s.day, s.technique;
INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
SELECT m.team_id, s.day, s.family, SUM(s.answers), SUM(s.score_sum), SUM(s.attempts), SUM(s.solved)
FROM skill_family_days s JOIN team_members m ON m.user_id = s.user_id
GROUP BY m.team_id, s.day, s.family;

-- sqlite-only begin
CREATE TRIGGER skill_technique_days_team_insert AFTER INSERT ON skill_technique_days
BEGIN
    INSERT INTO team_technique_days (team_id, day, technique, shown, total)
    SELECT m.team_id, NEW.day, NEW.technique, NEW.shown, NEW.total FROM team_members m WHERE m.user_id = NEW.user_id
    ON CONFLICT (team_id, day, technique) DO UPDATE SET shown = team_technique_days.shown + excluded.shown,
        total = team_technique_days.total + excluded.total;
END;
CREATE TRIGGER skill_technique_days_team_update AFTER UPDATE ON skill_technique_days
BEGIN
    UPDATE team_technique_days SET shown = shown + NEW.shown - OLD.shown, total = total + NEW.total - OLD.total
    WHERE team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = NEW.user_id)
        AND day = NEW.day AND technique = NEW.technique;
END;
CREATE TRIGGER skill_technique_days_team_delete AFTER DELETE ON skill_technique_days
BEGIN
    UPDATE team_technique_days SET shown = shown - OLD.shown, total = total - OLD.total
    WHERE team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = OLD.user_id)
        AND day = OLD.day AND technique = OLD.technique;
END;
CREATE TRIGGER skill_family_days_team_insert AFTER INSERT ON skill_family_days
BEGIN
    INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
    SELECT m.team_id, NEW.day, NEW.family, NEW.answers, NEW.score_sum, NEW.attempts, NEW.solved
    FROM team_members m WHERE m.user_id = NEW.user_id
    ON CONFLICT (team_id, day, family) DO UPDATE SET answers = team_family_days.answers + excluded.answers,
        score_sum = team_family_days.score_sum + excluded.score_sum,
        attempts = team_family_days.attempts + excluded.attempts,
        solved = team_family_days.solved + excluded.solved;
END;
CREATE TRIGGER skill_family_days_team_update AFTER UPDATE ON skill_family_days
BEGIN
    UPDATE team_family_days SET answers = answers + NEW.answers - OLD.answers,
        score_sum = score_sum + NEW.score_sum - OLD.score_sum,
        attempts = attempts + NEW.attempts - OLD.attempts, solved = solved + NEW.solved - OLD.solved
    WHERE team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = NEW.user_id)
        AND day = NEW.day AND family = NEW.family;
END;
CREATE TRIGGER skill_family_days_team_delete AFTER DELETE ON skill_family_days
BEGIN
    UPDATE team_family_days SET answers = answers - OLD.answers, score_sum = score_sum - OLD.score_sum,
        attempts = attempts - OLD.attempts, solved = solved - OLD.solved
    WHERE team_id = (SELECT m.team_id FROM team_members m WHERE m.user_id = OLD.user_id)
        AND day = OLD.day AND family = OLD.family;
END;
CREATE TRIGGER team_members_skill_join AFTER INSERT ON team_members
BEGIN
    INSERT INTO team_technique_days (team_id, day, technique, shown, total)
    SELECT NEW.team_id, s.day, s.technique, s.shown, s.total FROM skill_technique_days s WHERE s.user_id = NEW.user_id
    ON CONFLICT (team_id, day, technique) DO UPDATE SET shown = team_technique_days.shown + excluded.shown,
        total = team_technique_days.total + excluded.total;
    INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
    SELECT NEW.team_id, s.day, s.family, s.answers, s.score_sum, s.attempts, s.solved FROM skill_family_days s WHERE s.user_id = NEW.user_id
    ON CONFLICT (team_id, day, family) DO UPDATE SET answers = team_family_days.answers + excluded.answers,
        score_sum = team_family_days.score_sum + excluded.score_sum,
        attempts = team_family_days.attempts + excluded.attempts,
        solved = team_family_days.solved + excluded.solved;
END;
CREATE TRIGGER team_members_skill_leave AFTER DELETE ON team_members
BEGIN
    UPDATE team_technique_days SET shown = team_technique_days.shown - s.shown, total = team_technique_days.total - s.total
    FROM skill_technique_days s
    WHERE s.user_id = OLD.user_id AND team_technique_days.team_id = OLD.team_id
        AND team_technique_days.day = s.day AND team_technique_days.technique = s.technique;
    UPDATE team_family_days SET answers = team_family_days.answers - s.answers, score_sum = team_family_days.score_sum - s.score_sum,
        attempts = team_family_days.attempts - s.attempts, solved = team_family_days.solved - s.solved
    FROM skill_family_days s
    WHERE s.user_id = OLD.user_id AND team_family_days.team_id = OLD.team_id
        AND team_family_days.day = s.day AND team_family_days.family = s.family;
    DELETE FROM team_technique_days WHERE team_id = OLD.team_id AND total = 0;
    DELETE FROM team_family_days WHERE team_id = OLD.team_id AND answers = 0 AND attempts = 0 AND solved = 0;
END;
-- sqlite-only end

-- postgres-only begin
CREATE FUNCTION team_technique_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO team_technique_days (team_id, day, technique, shown, total)
        SELECT m.team_id, NEW.day, NEW.technique, NEW.shown, NEW.total FROM team_members m WHERE m.user_id = NEW.user_id
        ON CONFLICT (team_id, day, technique) DO UPDATE SET shown = team_technique_days.shown + excluded.shown,
            total = team_technique_days.total + excluded.total;
        RETURN NULL;
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE team_technique_days t SET shown = t.shown + NEW.shown - OLD.shown, total = t.total + NEW.total - OLD.total
        FROM team_members m WHERE m.user_id = NEW.user_id AND t.team_id = m.team_id AND t.day = NEW.day AND t.technique = NEW.technique;
        RETURN NULL;
    END IF;
    UPDATE team_technique_days t SET shown = t.shown - OLD.shown, total = t.total - OLD.total
    FROM team_members m WHERE m.user_id = OLD.user_id AND t.team_id = m.team_id AND t.day = OLD.day AND t.technique = OLD.technique;
    RETURN NULL;
END $$;
CREATE TRIGGER skill_technique_days_team AFTER INSERT OR UPDATE OR DELETE ON skill_technique_days
    FOR EACH ROW EXECUTE FUNCTION team_technique_days_follow();

CREATE FUNCTION team_family_days_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
        SELECT m.team_id, NEW.day, NEW.family, NEW.answers, NEW.score_sum, NEW.attempts, NEW.solved
        FROM team_members m WHERE m.user_id = NEW.user_id
        ON CONFLICT (team_id, day, family) DO UPDATE SET answers = team_family_days.answers + excluded.answers,
            score_sum = team_family_days.score_sum + excluded.score_sum,
            attempts = team_family_days.attempts + excluded.attempts,
            solved = team_family_days.solved + excluded.solved;
        RETURN NULL;
    ELSIF TG_OP = 'UPDATE' THEN
        UPDATE team_family_days t SET answers = t.answers + NEW.answers - OLD.answers,
            score_sum = t.score_sum + NEW.score_sum - OLD.score_sum,
            attempts = t.attempts + NEW.attempts - OLD.attempts, solved = t.solved + NEW.solved - OLD.solved
        FROM team_members m WHERE m.user_id = NEW.user_id AND t.team_id = m.team_id AND t.day = NEW.day AND t.family = NEW.family;
        RETURN NULL;
    END IF;
    UPDATE team_family_days t SET answers = t.answers - OLD.answers, score_sum = t.score_sum - OLD.score_sum,
        attempts = t.attempts - OLD.attempts, solved = t.solved - OLD.solved
    FROM team_members m WHERE m.user_id = OLD.user_id AND t.team_id = m.team_id AND t.day = OLD.day AND t.family = OLD.family;
    RETURN NULL;
END $$;
CREATE TRIGGER skill_family_days_team AFTER INSERT OR UPDATE OR DELETE ON skill_family_days
    FOR EACH ROW EXECUTE FUNCTION team_family_days_follow();

-- A join or leave concurrent with a turn of the same user: the turn updates
-- the user's profile row before its answer's day rows (SaveTurn), so taking
-- that row's lock first makes the two run one after the other, and the
-- later one's statements see the earlier one's rows (READ COMMITTED takes a
-- snapshot per statement).
CREATE FUNCTION team_members_skill_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        PERFORM 1 FROM profiles WHERE user_id = NEW.user_id FOR UPDATE;
        INSERT INTO team_technique_days (team_id, day, technique, shown, total)
        SELECT NEW.team_id, s.day, s.technique, s.shown, s.total FROM skill_technique_days s WHERE s.user_id = NEW.user_id
        ON CONFLICT (team_id, day, technique) DO UPDATE SET shown = team_technique_days.shown + excluded.shown,
            total = team_technique_days.total + excluded.total;
        INSERT INTO team_family_days (team_id, day, family, answers, score_sum, attempts, solved)
        SELECT NEW.team_id, s.day, s.family, s.answers, s.score_sum, s.attempts, s.solved FROM skill_family_days s WHERE s.user_id = NEW.user_id
        ON CONFLICT (team_id, day, family) DO UPDATE SET answers = team_family_days.answers + excluded.answers,
            score_sum = team_family_days.score_sum + excluded.score_sum,
            attempts = team_family_days.attempts + excluded.attempts,
            solved = team_family_days.solved + excluded.solved;
        RETURN NULL;
    END IF;
    PERFORM 1 FROM profiles WHERE user_id = OLD.user_id FOR UPDATE;
    UPDATE team_technique_days t SET shown = t.shown - s.shown, total = t.total - s.total
    FROM skill_technique_days s
    WHERE s.user_id = OLD.user_id AND t.team_id = OLD.team_id AND t.day = s.day AND t.technique = s.technique;
    UPDATE team_family_days t SET answers = t.answers - s.answers, score_sum = t.score_sum - s.score_sum,
        attempts = t.attempts - s.attempts, solved = t.solved - s.solved
    FROM skill_family_days s
    WHERE s.user_id = OLD.user_id AND t.team_id = OLD.team_id AND t.day = s.day AND t.family = s.family;
    DELETE FROM team_technique_days WHERE team_id = OLD.team_id AND total = 0;
    DELETE FROM team_family_days WHERE team_id = OLD.team_id AND answers = 0 AND attempts = 0 AND solved = 0;
    RETURN NULL;
END $$;
CREATE TRIGGER team_members_skill AFTER INSERT OR DELETE ON team_members
    FOR EACH ROW EXECUTE FUNCTION team_members_skill_follow();
-- postgres-only end
