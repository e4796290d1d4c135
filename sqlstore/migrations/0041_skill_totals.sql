-- Running totals of a user's technique and family figures (issue 27: the
-- members table of a team of 2 000 in < 50 ms whatever the period).
--
-- A members page shows, for its 50 members, the technique rates and the
-- weakest families of the period. Summed from the day rows that read every
-- day of the period for each member and technique (about 22 000 index
-- entries for 90 days), most of the page's time. These tables hold, per
-- user, technique (family) and UTC day with figures, the sums up to and
-- including that day, so a period's figures are the newest row minus the
-- last row before the period: two index seeks per member and technique,
-- whatever the period. Triggers keep them as 0040's keep skill_answer_totals.
--
-- SQLite only: PostgreSQL sums the day rows of a page faster than it runs
-- the seeks (measured; see sqlstore periodFigures), so it keeps no totals
-- and pays no triggers for them.
-- sqlite-only begin
CREATE TABLE skill_technique_totals (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    technique TEXT NOT NULL,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    shown     INTEGER NOT NULL,
    total     INTEGER NOT NULL,
    PRIMARY KEY (user_id, technique, day)
);
CREATE TABLE skill_family_totals (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    family    TEXT NOT NULL,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    answers   INTEGER NOT NULL,
    score_sum INTEGER NOT NULL,
    PRIMARY KEY (user_id, family, day)
);

INSERT INTO skill_technique_totals (user_id, technique, day, shown, total)
SELECT user_id, technique, day,
    SUM(shown) OVER (PARTITION BY user_id, technique ORDER BY day),
    SUM(total) OVER (PARTITION BY user_id, technique ORDER BY day)
FROM skill_technique_days;
INSERT INTO skill_family_totals (user_id, family, day, answers, score_sum)
SELECT user_id, family, day,
    SUM(answers) OVER (PARTITION BY user_id, family ORDER BY day),
    SUM(score_sum) OVER (PARTITION BY user_id, family ORDER BY day)
FROM skill_family_days;

CREATE TRIGGER skill_technique_days_totals_insert AFTER INSERT ON skill_technique_days
BEGIN
    INSERT INTO skill_technique_totals (user_id, technique, day, shown, total)
    SELECT NEW.user_id, NEW.technique, NEW.day, COALESCE(MAX(p.shown), 0), COALESCE(MAX(p.total), 0)
    FROM (SELECT t.shown, t.total FROM skill_technique_totals t
        WHERE t.user_id = NEW.user_id AND t.technique = NEW.technique AND t.day < NEW.day ORDER BY t.day DESC LIMIT 1) p
    WHERE true
    ON CONFLICT (user_id, technique, day) DO NOTHING;
    UPDATE skill_technique_totals SET shown = shown + NEW.shown, total = total + NEW.total
    WHERE user_id = NEW.user_id AND technique = NEW.technique AND day >= NEW.day;
END;
CREATE TRIGGER skill_technique_days_totals_update AFTER UPDATE ON skill_technique_days
BEGIN
    UPDATE skill_technique_totals SET shown = shown + NEW.shown - OLD.shown, total = total + NEW.total - OLD.total
    WHERE user_id = NEW.user_id AND technique = NEW.technique AND day >= NEW.day;
END;
CREATE TRIGGER skill_technique_days_totals_delete AFTER DELETE ON skill_technique_days
BEGIN
    UPDATE skill_technique_totals SET shown = shown - OLD.shown, total = total - OLD.total
    WHERE user_id = OLD.user_id AND technique = OLD.technique AND day >= OLD.day;
END;
CREATE TRIGGER skill_family_days_totals_insert AFTER INSERT ON skill_family_days
BEGIN
    INSERT INTO skill_family_totals (user_id, family, day, answers, score_sum)
    SELECT NEW.user_id, NEW.family, NEW.day, COALESCE(MAX(p.answers), 0), COALESCE(MAX(p.score_sum), 0)
    FROM (SELECT t.answers, t.score_sum FROM skill_family_totals t
        WHERE t.user_id = NEW.user_id AND t.family = NEW.family AND t.day < NEW.day ORDER BY t.day DESC LIMIT 1) p
    WHERE true
    ON CONFLICT (user_id, family, day) DO NOTHING;
    UPDATE skill_family_totals SET answers = answers + NEW.answers, score_sum = score_sum + NEW.score_sum
    WHERE user_id = NEW.user_id AND family = NEW.family AND day >= NEW.day;
END;
CREATE TRIGGER skill_family_days_totals_update AFTER UPDATE ON skill_family_days
    WHEN NEW.answers <> OLD.answers OR NEW.score_sum <> OLD.score_sum
BEGIN
    UPDATE skill_family_totals SET answers = answers + NEW.answers - OLD.answers, score_sum = score_sum + NEW.score_sum - OLD.score_sum
    WHERE user_id = NEW.user_id AND family = NEW.family AND day >= NEW.day;
END;
CREATE TRIGGER skill_family_days_totals_delete AFTER DELETE ON skill_family_days
BEGIN
    UPDATE skill_family_totals SET answers = answers - OLD.answers, score_sum = score_sum - OLD.score_sum
    WHERE user_id = OLD.user_id AND family = OLD.family AND day >= OLD.day;
END;
-- sqlite-only end
