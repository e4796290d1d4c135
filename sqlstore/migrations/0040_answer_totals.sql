-- Running totals of a user's answers (issue 27: the members table sorted by
-- answers for a team of 2 000 members with a million answers in < 50 ms).
--
-- The members table sorted by "answers" needs every member's answers of the
-- period before it can pick a page: summed from skill_family_days that is
-- every member's family rows of the period (about 250 000 index entries for
-- 90 days in the benchmark's team), 60–240 ms. skill_answer_totals holds,
-- per user and UTC day with answers, the user's answers up to and including
-- that day, so the answers since a day are the newest total minus the last
-- total before that day: two index seeks per member, whatever the period.
--
-- Triggers on skill_family_days keep it: an answer on day D adds to the
-- totals of D and of every later day (today's answer: one row), a row's
-- deletion takes its answers out again; an account's deletion cascades.
-- Answers to no family (a scenario's own objection) count neither there nor
-- here, as in the rest of the members table.
CREATE TABLE skill_answer_totals (
    user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day     TEXT NOT NULL CHECK (length(day) = 10),
    answers INTEGER NOT NULL,
    PRIMARY KEY (user_id, day)
);

INSERT INTO skill_answer_totals (user_id, day, answers)
SELECT user_id, day, SUM(n) OVER (PARTITION BY user_id ORDER BY day)
FROM (SELECT user_id, day, SUM(answers) AS n FROM skill_family_days GROUP BY user_id, day) d;

-- sqlite-only begin
CREATE TRIGGER skill_family_days_total_insert AFTER INSERT ON skill_family_days
BEGIN
    INSERT INTO skill_answer_totals (user_id, day, answers)
    VALUES (NEW.user_id, NEW.day, COALESCE((SELECT t.answers FROM skill_answer_totals t
        WHERE t.user_id = NEW.user_id AND t.day < NEW.day ORDER BY t.day DESC LIMIT 1), 0))
    ON CONFLICT (user_id, day) DO NOTHING;
    UPDATE skill_answer_totals SET answers = answers + NEW.answers WHERE user_id = NEW.user_id AND day >= NEW.day;
END;
CREATE TRIGGER skill_family_days_total_update AFTER UPDATE OF answers ON skill_family_days
    WHEN NEW.answers <> OLD.answers
BEGIN
    UPDATE skill_answer_totals SET answers = answers + NEW.answers - OLD.answers
    WHERE user_id = NEW.user_id AND day >= NEW.day;
END;
CREATE TRIGGER skill_family_days_total_delete AFTER DELETE ON skill_family_days
BEGIN
    UPDATE skill_answer_totals SET answers = answers - OLD.answers WHERE user_id = OLD.user_id AND day >= OLD.day;
END;
-- sqlite-only end

-- postgres-only begin
-- Two answers of one user never run at once: a turn updates the user's
-- profile row before its answer's day rows (SaveTurn), so the insert of a
-- new day's row reads the totals before it as committed.
CREATE FUNCTION skill_answer_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO skill_answer_totals (user_id, day, answers)
        VALUES (NEW.user_id, NEW.day, COALESCE((SELECT t.answers FROM skill_answer_totals t
            WHERE t.user_id = NEW.user_id AND t.day < NEW.day ORDER BY t.day DESC LIMIT 1), 0))
        ON CONFLICT (user_id, day) DO NOTHING;
        UPDATE skill_answer_totals SET answers = answers + NEW.answers WHERE user_id = NEW.user_id AND day >= NEW.day;
    ELSIF TG_OP = 'UPDATE' THEN
        IF NEW.answers <> OLD.answers THEN
            UPDATE skill_answer_totals SET answers = answers + NEW.answers - OLD.answers
            WHERE user_id = NEW.user_id AND day >= NEW.day;
        END IF;
    ELSE
        UPDATE skill_answer_totals SET answers = answers - OLD.answers WHERE user_id = OLD.user_id AND day >= OLD.day;
    END IF;
    RETURN NULL;
END $$;
CREATE TRIGGER skill_family_days_total AFTER INSERT OR UPDATE OR DELETE ON skill_family_days
    FOR EACH ROW EXECUTE FUNCTION skill_answer_totals_follow();
-- postgres-only end
