package sqlstore

import (
	"context"
	"slices"
	"strings"
	"time"

	"salescoach"
)

var _ salescoach.AssignmentService = (*AssignmentService)(nil)

// AssignmentService stores assignments (migration 0034). The managers'
// methods read the caller's membership first (managerOf) and then name the
// caller's team in every query; an assignee counts only while they are in
// the assignment's team (the join on team_members), so a member who left
// is neither listed to the managers nor offered the assignment.
type AssignmentService struct {
	db *DB
}

// NewAssignmentService returns an AssignmentService on db.
func NewAssignmentService(db *DB) *AssignmentService { return &AssignmentService{db: db} }

// wonChat is the condition under which the chat c completes its assignment:
// it ended with every objection overcome. An exam ended early ('Prüfung
// beenden') is completed too, but its progress stays below 100.
const wonChat = `c.completed_at IS NOT NULL AND c.progress = 100 AND c.stage = c.total_stages`

// firstWin selects the id of the first won chat of the assignee row am.
const firstWin = `(SELECT c.id FROM conversations c WHERE c.assignment_id = am.assignment_id AND c.user_id = am.user_id
	AND ` + wonChat + ` ORDER BY c.completed_at, c.id LIMIT 1)`

const assignmentColumns = `a.id, a.team_id, a.title, a.mode, a.difficulty, a.family, a.scenario_id, a.product_description,
	a.due_at, COALESCE(a.created_by, ''), a.created_at, a.whole_team`

// assignmentDest is where assignmentColumns scan into.
func assignmentDest(a *salescoach.Assignment) []any {
	a.Members = []*salescoach.AssignmentMember{}
	return []any{&a.ID, &a.TeamID, &a.Title, &a.Mode, &a.Difficulty, &a.Family, &a.ScenarioID,
		&a.ProductDescription, scanTime(&a.DueAt), &a.CreatedBy, scanTime(&a.CreatedAt), &a.WholeTeam}
}

// assigneeColumns are an assignee's columns (am, u, and the first won chat
// w), scanned by assigneeDest.
const assigneeColumns = `am.user_id, u.display_name, COALESCE(w.id, ''), w.completed_at, COALESCE(w.evaluation, '')`

// assigneeDest is where assigneeColumns scan into; the won chat's
// evaluation goes to *evaluation (see finishAssignee).
func assigneeDest(am *salescoach.AssignmentMember, evaluation *string) []any {
	return []any{&am.UserID, &am.DisplayName, &am.ConversationID, scanNullTime(&am.DoneAt), evaluation}
}

// CreateAssignment stores the assignment and its assignees in one
// transaction: the assignees are inserted from the caller's team's rows, so
// an id of another team inserts nothing and is ENOTFOUND; a scenario one of
// them may not see (scenarioVisible, per assignee) rolls it all back. An
// assignment to the whole team is flagged (whole_team), and the team's row
// is locked before its members are read, as joinTeam locks it before it
// adds a member and their whole-team assignments: of a join and a
// whole-team assignment at once, the later one sees the earlier one's rows,
// so the joiner gets the assignment either way.
func (s *AssignmentService) CreateAssignment(ctx context.Context, callerID string, in salescoach.NewAssignment, now time.Time) (*salescoach.Assignment, error) {
	if p := in.Normalize(now); p != nil {
		return nil, salescoach.FieldErrors(p)
	}
	ids := slices.Clone(in.UserIDs)
	slices.Sort(ids)
	ids = slices.Compact(ids)
	now = utc(now)
	var out *salescoach.Assignment
	err := s.db.inTx(ctx, func(r runner) error {
		m, err := managerOf(ctx, r, callerID)
		if err != nil {
			return err
		}
		a := &salescoach.Assignment{ID: newID(), TeamID: m.teamID, Title: in.Title, Mode: in.Mode, Difficulty: in.Difficulty,
			Family: in.Family, ScenarioID: in.ScenarioID, ProductDescription: in.ProductDescription, DueAt: utc(in.DueAt),
			CreatedBy: callerID, CreatedAt: now, WholeTeam: len(ids) == 0, Members: []*salescoach.AssignmentMember{}}
		if a.ScenarioID != "" {
			a.Family = ""
		}
		if a.WholeTeam {
			if err := lockTeam(ctx, r, m.teamID); err != nil {
				return err
			}
		}
		if _, err := r.exec(ctx, `INSERT INTO assignments (id, team_id, title, mode, difficulty, family, scenario_id,
				product_description, due_at, created_by, created_at, whole_team) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			a.ID, a.TeamID, a.Title, a.Mode, a.Difficulty, a.Family, a.ScenarioID, a.ProductDescription, a.DueAt,
			callerID, now, a.WholeTeam); err != nil {
			return dbError(err, "create assignment")
		}
		var n int64
		if a.WholeTeam {
			res, err := r.exec(ctx, `INSERT INTO assignment_members (assignment_id, user_id)
				SELECT ?, user_id FROM team_members WHERE team_id = ? AND user_id <> ?`, a.ID, m.teamID, callerID)
			if err != nil {
				return dbError(err, "assign team")
			}
			if n, err = rowsAffected(res); err != nil {
				return err
			}
			if n == 0 {
				return salescoach.FieldError("userIds", salescoach.MsgAssignmentNoMembers)
			}
		} else {
			args := []any{a.ID, m.teamID}
			for _, id := range ids {
				args = append(args, id)
			}
			res, err := r.exec(ctx, `INSERT INTO assignment_members (assignment_id, user_id)
				SELECT ?, user_id FROM team_members WHERE team_id = ? AND user_id IN (`+strings.Repeat(", ?", len(ids))[2:]+`)`, args...)
			if err != nil {
				return dbError(err, "assign members")
			}
			if n, err = rowsAffected(res); err != nil {
				return err
			}
			if n != int64(len(ids)) {
				return notFound(salescoach.MsgTeamMemberNotFound)
			}
		}
		if a.ScenarioID != "" {
			// Visible to every assignee: the condition with each
			// placeholder bound to the assignee's row.
			visible, _ := scenarioVisible("")
			var hidden int
			if err := r.queryRow(ctx, `SELECT COUNT(*) FROM assignment_members am WHERE am.assignment_id = ?
				AND NOT EXISTS (SELECT 1 FROM scenarios WHERE id = ? AND `+strings.ReplaceAll(visible, "?", "am.user_id")+`)`,
				a.ID, a.ScenarioID).Scan(&hidden); err != nil {
				return dbError(err, "assignment scenario")
			}
			if hidden > 0 {
				return salescoach.FieldError("scenarioId", salescoach.MsgAssignmentScenario)
			}
		}
		list, err := teamAssignmentList(ctx, r, m.teamID, a.ID, now)
		if err != nil {
			return err
		}
		if len(list) == 1 {
			out = list[0]
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// lockTeam locks the team's row for the rest of the transaction (a no-op
// UPDATE, as lockedSeats locks a subscription), so that a join, a leave and
// a whole-team assignment of one team take turns on PostgreSQL as SQLite's
// write lock makes them.
func lockTeam(ctx context.Context, r runner, teamID string) error {
	_, err := r.exec(ctx, `UPDATE teams SET name = name WHERE id = ?`, teamID)
	return dbError(err, "lock team")
}

// assignWholeTeam gives userID, who has just joined teamID, the team's
// whole-team assignments that are not yet due, except one they made
// themselves (before they left and came back) and one whose scenario they
// may not see. Their rows from an earlier membership stay as they are.
func assignWholeTeam(ctx context.Context, r runner, teamID, userID string, now time.Time) error {
	visible, args := scenarioVisible(userID)
	_, err := r.exec(ctx, `INSERT INTO assignment_members (assignment_id, user_id)
		SELECT a.id, ? FROM assignments a
		WHERE a.team_id = ? AND a.whole_team AND a.due_at > ? AND (a.created_by IS NULL OR a.created_by <> ?)
			AND (a.scenario_id = '' OR EXISTS (SELECT 1 FROM scenarios WHERE id = a.scenario_id AND `+visible+`))
		ON CONFLICT (assignment_id, user_id) DO NOTHING`, append([]any{userID, teamID, utc(now), userID}, args...)...)
	return dbError(err, "assign whole team")
}

// dropOpenAssignments takes from userID, who is leaving teamID, the team's
// assignments they have not done (no won chat): they are no longer theirs
// to do. Done ones stay, with the chat that completed them.
func dropOpenAssignments(ctx context.Context, r runner, teamID, userID string) error {
	_, err := r.exec(ctx, `DELETE FROM assignment_members
		WHERE user_id = ? AND assignment_id IN (SELECT id FROM assignments WHERE team_id = ?)
			AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.assignment_id = assignment_members.assignment_id
				AND c.user_id = assignment_members.user_id AND `+wonChat+`)`, userID, teamID)
	return dbError(err, "drop open assignments")
}

// TeamAssignments lists the caller's team's newest assignments with every
// assignee's completion.
func (s *AssignmentService) TeamAssignments(ctx context.Context, callerID string, now time.Time) ([]*salescoach.Assignment, error) {
	r := s.db.r()
	m, err := managerOf(ctx, r, callerID)
	if err != nil {
		return nil, err
	}
	return teamAssignmentList(ctx, r, m.teamID, "", now)
}

// teamAssignmentList reads the team's newest assignments (only the one with
// id onlyID when that is set) and, in a second query bounded by the team,
// their assignees who are still in it, each with their first won chat.
func teamAssignmentList(ctx context.Context, r runner, teamID, onlyID string, now time.Time) ([]*salescoach.Assignment, error) {
	rows, err := r.queryRows(ctx, `SELECT `+assignmentColumns+` FROM assignments a
		WHERE a.team_id = ? AND (? = '' OR a.id = ?) ORDER BY a.created_at DESC, a.id DESC LIMIT ?`,
		teamID, onlyID, onlyID, salescoach.MaxAssignmentsListed)
	if err != nil {
		return nil, dbError(err, "team assignments")
	}
	defer rows.Close()
	list := []*salescoach.Assignment{}
	byID := map[string]*salescoach.Assignment{}
	for rows.Next() {
		a := &salescoach.Assignment{}
		if err := rows.Scan(assignmentDest(a)...); err != nil {
			return nil, dbError(err, "team assignments")
		}
		list = append(list, a)
		byID[a.ID] = a
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "team assignments")
	}
	rows.Close()
	if len(list) == 0 {
		return list, nil
	}
	args := []any{teamID}
	for _, a := range list {
		args = append(args, a.ID)
	}
	rows, err = r.queryRows(ctx, `SELECT am.assignment_id, `+assigneeColumns+`
		FROM assignment_members am
		JOIN assignments a ON a.id = am.assignment_id
		JOIN team_members tm ON tm.user_id = am.user_id AND tm.team_id = a.team_id
		JOIN users u ON u.id = am.user_id
		LEFT JOIN conversations w ON w.id = `+firstWin+`
		WHERE a.team_id = ? AND am.assignment_id IN (`+strings.Repeat(", ?", len(list))[2:]+`)
		ORDER BY lower(u.display_name), am.user_id`, args...)
	if err != nil {
		return nil, dbError(err, "assignees")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			assignmentID, evaluation string
			am                       salescoach.AssignmentMember
		)
		if err := rows.Scan(append([]any{&assignmentID}, assigneeDest(&am, &evaluation)...)...); err != nil {
			return nil, dbError(err, "assignees")
		}
		if a := byID[assignmentID]; a != nil {
			finishAssignee(a, &am, evaluation, now)
			a.Members = append(a.Members, &am)
		}
	}
	return list, dbError(rows.Err(), "assignees")
}

// finishAssignee sets the member's status, and the score of a won exam
// from its evaluation.
func finishAssignee(a *salescoach.Assignment, am *salescoach.AssignmentMember, evaluation string, now time.Time) {
	am.Status = salescoach.AssignmentStatus(am.DoneAt, a.DueAt, now)
	if a.Mode == salescoach.ModeExam && am.DoneAt != nil {
		am.Score = salescoach.EvaluationPercent(evaluation)
	}
}

// MyAssignments lists the caller's assignments of their current team:
// open and overdue ones first by due date, then done ones, newest done
// first.
func (s *AssignmentService) MyAssignments(ctx context.Context, userID string, now time.Time) ([]*salescoach.Assignment, error) {
	list := []*salescoach.Assignment{}
	if !validID(userID) {
		return list, nil
	}
	rows, err := s.db.r().queryRows(ctx, `SELECT `+assignmentColumns+`, `+assigneeColumns+`
		FROM assignment_members am
		JOIN assignments a ON a.id = am.assignment_id
		JOIN team_members tm ON tm.user_id = am.user_id AND tm.team_id = a.team_id
		JOIN users u ON u.id = am.user_id
		LEFT JOIN conversations w ON w.id = `+firstWin+`
		WHERE am.user_id = ?
		ORDER BY a.created_at DESC, a.id DESC LIMIT ?`, userID, salescoach.MaxAssignmentsListed)
	if err != nil {
		return nil, dbError(err, "my assignments")
	}
	defer rows.Close()
	for rows.Next() {
		var (
			a          salescoach.Assignment
			am         salescoach.AssignmentMember
			evaluation string
		)
		if err := rows.Scan(append(assignmentDest(&a), assigneeDest(&am, &evaluation)...)...); err != nil {
			return nil, dbError(err, "my assignments")
		}
		finishAssignee(&a, &am, evaluation, now)
		a.Mine = &am
		list = append(list, &a)
	}
	if err := rows.Err(); err != nil {
		return nil, dbError(err, "my assignments")
	}
	slices.SortStableFunc(list, func(x, y *salescoach.Assignment) int {
		xd, yd := x.Mine.DoneAt != nil, y.Mine.DoneAt != nil
		switch {
		case xd != yd && !xd:
			return -1
		case xd != yd:
			return 1
		case !xd:
			return x.DueAt.Compare(y.DueAt)
		}
		return y.Mine.DoneAt.Compare(*x.Mine.DoneAt)
	})
	return list, nil
}

// MemberAssignment reads an assignment given to the caller by their current
// team.
func (s *AssignmentService) MemberAssignment(ctx context.Context, userID, id string) (*salescoach.Assignment, error) {
	if !validID(userID) || !validID(id) {
		return nil, notFound(salescoach.MsgAssignmentNotFound)
	}
	a := &salescoach.Assignment{}
	err := s.db.r().queryRow(ctx, `SELECT `+assignmentColumns+` FROM assignments a
		JOIN assignment_members am ON am.assignment_id = a.id AND am.user_id = ?
		JOIN team_members tm ON tm.user_id = am.user_id AND tm.team_id = a.team_id
		WHERE a.id = ?`, userID, id).Scan(assignmentDest(a)...)
	if noRows(err) {
		return nil, notFound(salescoach.MsgAssignmentNotFound)
	}
	if err != nil {
		return nil, dbError(err, "member assignment")
	}
	return a, nil
}

// maxRemindersPerRun bounds one run of RemindDue; the next run takes the
// rest.
const maxRemindersPerRun = 500

// RemindDue finds the reminders due and queues each in a transaction of
// its own: the guarded UPDATE of reminded_at (which matches only while the
// reminder is unsent: of concurrent runs, one changes the row, the other
// waits for it and then matches nothing) and the mail's outbox row.
func (s *AssignmentService) RemindDue(ctx context.Context, now time.Time, compose func(salescoach.AssignmentReminder) salescoach.MailMessage) (int, error) {
	now = utc(now)
	rows, err := s.db.r().queryRows(ctx, `SELECT am.assignment_id, a.title, a.due_at, am.user_id, COALESCE(u.email, ''), u.language
		FROM assignment_members am
		JOIN assignments a ON a.id = am.assignment_id
		JOIN team_members tm ON tm.user_id = am.user_id AND tm.team_id = a.team_id
		JOIN users u ON u.id = am.user_id
		WHERE am.reminded_at IS NULL AND a.due_at > ? AND a.due_at <= ?
			AND NOT EXISTS (SELECT 1 FROM conversations c WHERE c.assignment_id = am.assignment_id AND c.user_id = am.user_id AND `+wonChat+`)
		ORDER BY a.due_at, am.assignment_id, am.user_id LIMIT ?`, now, now.Add(salescoach.AssignmentReminderLead), maxRemindersPerRun)
	if err != nil {
		return 0, dbError(err, "due reminders")
	}
	defer rows.Close()
	var due []salescoach.AssignmentReminder
	for rows.Next() {
		var rm salescoach.AssignmentReminder
		if err := rows.Scan(&rm.AssignmentID, &rm.Title, scanTime(&rm.DueAt), &rm.UserID, &rm.Email, &rm.Language); err != nil {
			return 0, dbError(err, "due reminders")
		}
		due = append(due, rm)
	}
	if err := rows.Err(); err != nil {
		return 0, dbError(err, "due reminders")
	}
	rows.Close()
	sent := 0
	for _, rm := range due {
		queued, err := s.db.queueReminder(ctx, `UPDATE assignment_members SET reminded_at = ?
			WHERE assignment_id = ? AND user_id = ? AND reminded_at IS NULL`, []any{now, rm.AssignmentID, rm.UserID},
			rm.UserID, rm.Email, rm.DueAt, now, func() salescoach.MailMessage { return compose(rm) })
		if err != nil {
			return sent, err
		}
		if queued {
			sent++
		}
	}
	return sent, nil
}

// queueReminder marks a reminder sent with the guarded UPDATE mark (it
// matches only while the reminder is unsent: of concurrent runs, one
// changes the row, the other waits for it and then matches nothing) and,
// when it matched, queues msg to the address to (none when to is empty),
// given up at giveUp, in the same transaction. It reports whether it
// queued a mail.
func (db *DB) queueReminder(ctx context.Context, mark string, markArgs []any, userID, to string, giveUp, now time.Time,
	msg func() salescoach.MailMessage) (bool, error) {
	queued := false
	err := db.inTx(ctx, func(r runner) error {
		res, err := r.exec(ctx, mark, markArgs...)
		if err != nil {
			return dbError(err, "mark reminder")
		}
		if n, err := rowsAffected(res); err != nil || n == 0 {
			return err
		}
		if to == "" {
			return nil
		}
		m := &salescoach.OutboxMail{UserID: userID, Message: msg(), CreatedAt: now, GiveUpAt: giveUp}
		m.Message.To = to
		queued = true
		return insertOutboxMail(ctx, r, newID(), to, m)
	})
	return queued && err == nil, err
}
