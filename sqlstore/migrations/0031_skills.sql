-- Skill analytics (issue 26, 'Mein Fortschritt').
--
-- skill_answers keeps every scored answer of a seller: the objection it
-- answered (stage, family key) and its score, whether it overcame the
-- objection, and as bit sets over salescoach.SkillTechniques (acknowledge 1,
-- question 2, benefit 4, evidence 8, next_step 16, formality 32, tone 64)
-- which techniques it showed (shown) and was assessed on (assessed). One row
-- per seller message (no foreign key to messages: a message removed later
-- keeps its score, as conversations.scored_message_id does).
CREATE TABLE skill_answers (
    message_id      TEXT PRIMARY KEY,
    user_id         TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    conversation_id TEXT NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
    stage           INTEGER NOT NULL CHECK (stage >= 1),
    family          TEXT NOT NULL,
    score           INTEGER NOT NULL CHECK (score BETWEEN 0 AND 100),
    solved          BOOLEAN NOT NULL,
    shown           INTEGER NOT NULL CHECK (shown >= 0),
    assessed        INTEGER NOT NULL CHECK (assessed >= 0),
    created_at      TIMESTAMPTZ NOT NULL
);
-- Whether an objection of a chat was answered before (its first answer
-- counts an attempt), and the conversations' cascade.
CREATE INDEX skill_answers_conversation_stage_idx ON skill_answers (conversation_id, stage);
-- The export reads a user's answers in order; the users' cascade.
CREATE INDEX skill_answers_user_created_at_idx ON skill_answers (user_id, created_at);

-- The aggregates the progress report reads, per user and UTC day
-- ("YYYY-MM-DD"): per technique how many answers were assessed on it (total)
-- and showed it (shown); per objection family how many answers it got, the
-- sum of their scores, how many of its objections were answered (attempts:
-- the first answer to a chat's stage) and overcome (solved). SaveTurn adds
-- to them in the transaction that stores the answer, so a report of 90 days
-- and the 90 before reads at most 180 days' rows of one user, however many
-- answers they hold.
CREATE TABLE skill_technique_days (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    technique TEXT NOT NULL,
    shown     INTEGER NOT NULL DEFAULT 0 CHECK (shown >= 0),
    total     INTEGER NOT NULL DEFAULT 0 CHECK (total >= shown),
    PRIMARY KEY (user_id, day, technique)
);
CREATE TABLE skill_family_days (
    user_id   TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    day       TEXT NOT NULL CHECK (length(day) = 10),
    family    TEXT NOT NULL,
    answers   INTEGER NOT NULL DEFAULT 0 CHECK (answers >= 0),
    score_sum INTEGER NOT NULL DEFAULT 0 CHECK (score_sum >= 0),
    attempts  INTEGER NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    solved    INTEGER NOT NULL DEFAULT 0 CHECK (solved >= 0),
    PRIMARY KEY (user_id, day, family)
);

-- The backfill. Before this migration only each chat's latest scored answer
-- was kept with its techniques (conversations.last_score, the message in
-- scored_message_id): it becomes that chat's one skill_answers row. The
-- objection it answered is the score's stage, or the one before when the
-- answer overcame an objection and the chat moved on. Which objections a
-- chat's customer raised and which the seller overcame follows from its
-- state: every stage before the current one was overcome; the current one
-- was answered when its progress moved or the latest answer was to it, and
-- overcome when the chat stands at 100. The earlier answers' techniques
-- were never stored and are not guessed.
-- sqlite-only begin
INSERT INTO skill_answers (message_id, user_id, conversation_id, stage, family, score, solved, shown, assessed, created_at)
SELECT x.scored_message_id, x.user_id, x.id, x.astage,
    COALESCE(json_extract(x.objections, '$[' || (x.astage - 1) || ']'), ''),
    MIN(MAX(COALESCE(json_extract(x.last_score, '$.answerScore'), 0), 0), 100),
    COALESCE(json_extract(x.last_score, '$.solved'), 0) = 1,
    (SELECT COALESCE(SUM(b), 0) FROM (SELECT DISTINCT CASE json_extract(t.value, '$.key')
        WHEN 'acknowledge' THEN 1 WHEN 'question' THEN 2 WHEN 'benefit' THEN 4 WHEN 'evidence' THEN 8
        WHEN 'next_step' THEN 16 WHEN 'formality' THEN 32 WHEN 'tone' THEN 64 ELSE 0 END AS b
        FROM json_each(x.last_score, '$.techniques') t WHERE json_extract(t.value, '$.shown') = 1)),
    (SELECT COALESCE(SUM(b), 0) FROM (SELECT DISTINCT CASE json_extract(t.value, '$.key')
        WHEN 'acknowledge' THEN 1 WHEN 'question' THEN 2 WHEN 'benefit' THEN 4 WHEN 'evidence' THEN 8
        WHEN 'next_step' THEN 16 WHEN 'formality' THEN 32 WHEN 'tone' THEN 64 ELSE 0 END AS b
        FROM json_each(x.last_score, '$.techniques') t)),
    COALESCE((SELECT m.created_at FROM messages m WHERE m.id = x.scored_message_id), x.updated_at)
FROM (
    SELECT c.id, c.user_id, CASE WHEN c.objections <> '' THEN c.objections END AS objections, c.last_score, c.scored_message_id, c.updated_at,
        CASE WHEN json_extract(c.last_score, '$.solved') = 1 AND COALESCE(json_extract(c.last_score, '$.completed'), 0) = 0
            THEN json_extract(c.last_score, '$.stage') - 1 ELSE json_extract(c.last_score, '$.stage') END AS astage
    FROM conversations c
    WHERE c.last_score IS NOT NULL AND c.scored_message_id IS NOT NULL AND c.objections <> ''
) x
WHERE x.astage >= 1;

INSERT INTO skill_family_days (user_id, day, family, attempts, solved)
SELECT c.user_id, CAST(date(c.created_at) AS TEXT), json_extract(CASE WHEN c.objections <> '' THEN c.objections END, '$[' || (k.n - 1) || ']'),
    COUNT(*), SUM(CASE WHEN k.n < c.stage OR c.progress = 100 THEN 1 ELSE 0 END)
FROM conversations c
JOIN (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) k ON k.n <= c.stage
WHERE c.objections <> '' AND json_extract(CASE WHEN c.objections <> '' THEN c.objections END, '$[' || (k.n - 1) || ']') IS NOT NULL
    AND (k.n < c.stage OR c.progress > 0
        OR EXISTS (SELECT 1 FROM skill_answers a WHERE a.conversation_id = c.id AND a.stage = k.n))
GROUP BY c.user_id, CAST(date(c.created_at) AS TEXT), json_extract(CASE WHEN c.objections <> '' THEN c.objections END, '$[' || (k.n - 1) || ']');
-- sqlite-only end
-- postgres-only begin
INSERT INTO skill_answers (message_id, user_id, conversation_id, stage, family, score, solved, shown, assessed, created_at)
SELECT x.scored_message_id, x.user_id, x.id, x.astage,
    COALESCE(x.obj ->> (x.astage - 1), ''),
    LEAST(GREATEST(COALESCE((x.ls ->> 'answerScore')::integer, 0), 0), 100),
    COALESCE((x.ls ->> 'solved')::boolean, FALSE),
    (SELECT COALESCE(SUM(b), 0)::integer FROM (SELECT DISTINCT CASE t ->> 'key'
        WHEN 'acknowledge' THEN 1 WHEN 'question' THEN 2 WHEN 'benefit' THEN 4 WHEN 'evidence' THEN 8
        WHEN 'next_step' THEN 16 WHEN 'formality' THEN 32 WHEN 'tone' THEN 64 ELSE 0 END AS b
        FROM jsonb_array_elements(x.techniques) t WHERE COALESCE((t ->> 'shown')::boolean, FALSE)) d),
    (SELECT COALESCE(SUM(b), 0)::integer FROM (SELECT DISTINCT CASE t ->> 'key'
        WHEN 'acknowledge' THEN 1 WHEN 'question' THEN 2 WHEN 'benefit' THEN 4 WHEN 'evidence' THEN 8
        WHEN 'next_step' THEN 16 WHEN 'formality' THEN 32 WHEN 'tone' THEN 64 ELSE 0 END AS b
        FROM jsonb_array_elements(x.techniques) t) d),
    COALESCE((SELECT m.created_at FROM messages m WHERE m.id = x.scored_message_id), x.updated_at)
FROM (
    SELECT y.*,
        CASE WHEN COALESCE((y.ls ->> 'solved')::boolean, FALSE) AND NOT COALESCE((y.ls ->> 'completed')::boolean, FALSE)
            THEN (y.ls ->> 'stage')::integer - 1 ELSE (y.ls ->> 'stage')::integer END AS astage,
        CASE WHEN jsonb_typeof(y.ls -> 'techniques') = 'array' THEN y.ls -> 'techniques' ELSE '[]'::jsonb END AS techniques
    FROM (
        SELECT c.id, c.user_id, CASE WHEN c.objections <> '' THEN c.objections::jsonb END AS obj, c.last_score::jsonb AS ls, c.scored_message_id, c.updated_at
        FROM conversations c
        WHERE c.last_score IS NOT NULL AND c.scored_message_id IS NOT NULL AND c.objections <> ''
    ) y
) x
WHERE x.astage >= 1;

INSERT INTO skill_family_days (user_id, day, family, attempts, solved)
SELECT c.user_id, CAST(date(c.created_at) AS TEXT), (CASE WHEN c.objections <> '' THEN c.objections::jsonb END) ->> (k.n - 1),
    COUNT(*), SUM(CASE WHEN k.n < c.stage OR c.progress = 100 THEN 1 ELSE 0 END)
FROM conversations c
JOIN (SELECT 1 AS n UNION ALL SELECT 2 UNION ALL SELECT 3) k ON k.n <= c.stage
WHERE c.objections <> '' AND (CASE WHEN c.objections <> '' THEN c.objections::jsonb END) ->> (k.n - 1) IS NOT NULL
    AND (k.n < c.stage OR c.progress > 0
        OR EXISTS (SELECT 1 FROM skill_answers a WHERE a.conversation_id = c.id AND a.stage = k.n))
GROUP BY c.user_id, CAST(date(c.created_at) AS TEXT), (CASE WHEN c.objections <> '' THEN c.objections::jsonb END) ->> (k.n - 1);
-- postgres-only end

-- The backfilled answers' share of the aggregates (their day is the
-- answer's; the attempts above were counted on the chat's first day).
INSERT INTO skill_technique_days (user_id, day, technique, shown, total)
SELECT a.user_id, CAST(date(a.created_at) AS TEXT), k.technique,
    SUM(CASE WHEN (a.shown & k.bit) <> 0 THEN 1 ELSE 0 END), COUNT(*)
FROM skill_answers a
JOIN (SELECT 'acknowledge' AS technique, 1 AS bit UNION ALL SELECT 'question', 2 UNION ALL SELECT 'benefit', 4
    UNION ALL SELECT 'evidence', 8 UNION ALL SELECT 'next_step', 16 UNION ALL SELECT 'formality', 32
    UNION ALL SELECT 'tone', 64) k ON (a.assessed & k.bit) <> 0
GROUP BY a.user_id, CAST(date(a.created_at) AS TEXT), k.technique;

INSERT INTO skill_family_days (user_id, day, family, answers, score_sum)
SELECT a.user_id, CAST(date(a.created_at) AS TEXT), a.family, COUNT(*), SUM(a.score)
FROM skill_answers a
WHERE true
GROUP BY a.user_id, CAST(date(a.created_at) AS TEXT), a.family
ON CONFLICT (user_id, day, family) DO UPDATE SET answers = skill_family_days.answers + excluded.answers,
    score_sum = skill_family_days.score_sum + excluded.score_sum;
