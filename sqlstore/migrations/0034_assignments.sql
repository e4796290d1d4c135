-- Assignments (issue 27, point 4): a team's owner or managers assign a
-- training, with a due date, to members of the team.
--
-- An assignment belongs to its team (deleting the team deletes it); its
-- assignees are assignment_members rows. Whether an assignee is done is not
-- stored: it is read from their chats started on the assignment
-- (conversations.assignment_id), the first one won (completed with every
-- objection overcome, progress 100) completes it, and an exam's score is
-- that chat's evaluation. So the chat's writes (the pipelined turn) need no
-- extra statement. reminded_at marks the one reminder mail, set by a
-- guarded UPDATE in the transaction that queues the mail.
CREATE TABLE assignments (
    id                  TEXT PRIMARY KEY,
    team_id             TEXT NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
    title               TEXT NOT NULL CHECK (length(title) BETWEEN 1 AND 800),
    mode                TEXT NOT NULL CHECK (mode IN ('Übung', 'Prüfung')),
    difficulty          INTEGER NOT NULL CHECK (difficulty BETWEEN 1 AND 3),
    family              TEXT NOT NULL DEFAULT '',
    scenario_id         TEXT NOT NULL DEFAULT '',
    product_description TEXT NOT NULL DEFAULT '',
    due_at              TIMESTAMPTZ NOT NULL,
    created_by          TEXT REFERENCES users (id) ON DELETE SET NULL,
    created_at          TIMESTAMPTZ NOT NULL
);
CREATE INDEX assignments_team_idx ON assignments (team_id, created_at);

CREATE TABLE assignment_members (
    assignment_id TEXT NOT NULL REFERENCES assignments (id) ON DELETE CASCADE,
    user_id       TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    reminded_at   TIMESTAMPTZ,
    PRIMARY KEY (assignment_id, user_id)
);
CREATE INDEX assignment_members_user_idx ON assignment_members (user_id);
-- The reminder job's scan: assignees not reminded yet.
CREATE INDEX assignment_members_unreminded_idx ON assignment_members (assignment_id) WHERE reminded_at IS NULL;

-- The assignment a chat was started on (no foreign key, as scenario_id: a
-- deleted assignment leaves its chats as they were).
ALTER TABLE conversations ADD COLUMN assignment_id TEXT;
CREATE INDEX conversations_assignment_idx ON conversations (assignment_id, user_id) WHERE assignment_id IS NOT NULL;
