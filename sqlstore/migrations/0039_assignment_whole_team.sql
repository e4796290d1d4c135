-- 'Whole team' assignments (issue 27, point 4): an assignment given to the
-- whole team (no userIds) is flagged, so that whoever joins the team before
-- its due date gets it too: joining inserts their assignment_members rows
-- for the team's whole-team assignments still due (sqlstore joinTeam). The
-- assignees stay rows, as for chosen members, so completion, the reminder
-- mark and every list read them the same way.
--
-- Assignments made before this version are not flagged: whether they were
-- given to the whole team or to everyone chosen by hand was not stored.
ALTER TABLE assignments ADD COLUMN whole_team BOOLEAN NOT NULL DEFAULT FALSE;
-- A join reads the team's whole-team assignments not yet due.
CREATE INDEX assignments_whole_team_idx ON assignments (team_id, due_at) WHERE whole_team;
