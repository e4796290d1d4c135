package sqlstore_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// examFor is an assignment request: an exam due in two days.
func examFor(userIDs ...string) salescoach.NewAssignment {
	return salescoach.NewAssignment{Title: "Preisgespräch", Mode: salescoach.ModeExam, Difficulty: 2, Family: "price",
		DueAt: t0.Add(48 * time.Hour), UserIDs: userIDs}
}

// assignedChat starts a chat of userID on the assignment: won when won is
// true (every objection overcome), else ended early like 'Prüfung beenden'.
func assignedChat(t *testing.T, db *sqlstore.DB, userID, assignmentID, mode string, won bool, at time.Time) *salescoach.Conversation {
	t.Helper()
	c := &salescoach.Conversation{UserID: userID, Title: "Aufgabe", Mode: mode, Difficulty: 3, TotalStages: 3, Stage: 3,
		Progress: 40, Objections: []string{"price", "timing", "trust"}, CreatedAt: at, AssignmentID: assignmentID}
	if won {
		c.Progress = 100
	}
	done := at.Add(10 * time.Minute)
	c.CompletedAt = &done
	return start(t, sqlstore.NewConversationService(db), c)
}

func TestAssignmentPermissionsAndBounds(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewAssignmentService(db)

		// A member may not assign: 403; no team: 404.
		_, err := s.CreateAssignment(ctx, f.member.ID, examFor(), t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		_, err = s.TeamAssignments(ctx, f.member.ID, t0)
		wantCode(t, err, salescoach.EFORBIDDEN)
		loner := newUser(t, db, "loner@example.com")
		_, err = s.CreateAssignment(ctx, loner.ID, examFor(), t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		// Another team's member: 404, and nothing is stored.
		_, err = s.CreateAssignment(ctx, f.manager.ID, examFor(f.member.ID, f.outsider.ID), t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT COUNT(*) FROM assignments`); n != 0 {
			t.Errorf("%d assignments after a refused one", n)
		}

		bad := map[string]func(a *salescoach.NewAssignment){
			"title":      func(a *salescoach.NewAssignment) { a.Title = strings.Repeat("ü", 201) },
			"dueAt":      func(a *salescoach.NewAssignment) { a.DueAt = t0 },
			"difficulty": func(a *salescoach.NewAssignment) { a.Difficulty = 4 },
			"mode":       func(a *salescoach.NewAssignment) { a.Mode = "exam" },
			"family":     func(a *salescoach.NewAssignment) { a.Family = "weather" },
			"userIds":    func(a *salescoach.NewAssignment) { a.UserIDs = []string{"not-an-id"} },
		}
		for field, change := range bad {
			a := examFor()
			change(&a)
			_, err := s.CreateAssignment(ctx, f.owner.ID, a, t0)
			if e := wantCode(t, err, salescoach.EINVALID); e.Fields[field].Key == "" {
				t.Errorf("%s: fields = %v", field, e.Fields)
			}
		}
		ok := examFor()
		ok.Title = strings.Repeat("ü", 200)
		a, err := s.CreateAssignment(ctx, f.owner.ID, ok, t0)
		mustNil(t, err)
		// The whole team: everyone but the assigning owner.
		if len(a.Members) != 2 || a.TeamID != f.team.Team.ID {
			t.Fatalf("assignees = %+v", a.Members)
		}
		for _, m := range a.Members {
			if m.UserID == f.owner.ID || m.Status != salescoach.AssignmentOpen || m.Score != nil {
				t.Errorf("assignee %+v", m)
			}
		}

		// The member starts it; the outsider and the owner (not assigned)
		// cannot, and the other team's owner sees none of it.
		got, err := s.MemberAssignment(ctx, f.member.ID, a.ID)
		mustNil(t, err)
		if got.Mode != salescoach.ModeExam || got.Family != "price" || got.Difficulty != 2 {
			t.Errorf("member's assignment = %+v", got)
		}
		for _, who := range []*salescoach.User{f.outsider, f.owner, loner} {
			_, err = s.MemberAssignment(ctx, who.ID, a.ID)
			wantCode(t, err, salescoach.ENOTFOUND)
		}
		list, err := s.TeamAssignments(ctx, f.outsider.ID, t0)
		mustNil(t, err)
		if len(list) != 0 {
			t.Errorf("other team lists %d assignments", len(list))
		}

		// A scenario an assignee may not see (the manager's personal one)
		// is refused; a public one is fine.
		scenarios := sqlstore.NewScenarioService(db)
		mine := testScenario("Nur meins")
		mustNil(t, scenarios.CreateScenario(ctx, f.manager, mine))
		withScenario := examFor(f.member.ID)
		withScenario.ScenarioID = mine.ID
		_, err = s.CreateAssignment(ctx, f.manager.ID, withScenario, t0)
		if e := wantCode(t, err, salescoach.EINVALID); e.Fields["scenarioId"].Key == "" {
			t.Errorf("fields = %v", e.Fields)
		}
		lib := testScenario("Bibliothek")
		lib.ID = "builtin-assign-de"
		mustNil(t, scenarios.SeedBuiltIn(ctx, []*salescoach.Scenario{lib}))
		withScenario.ScenarioID = lib.ID
		b, err := s.CreateAssignment(ctx, f.manager.ID, withScenario, t0)
		mustNil(t, err)
		if b.ScenarioID != lib.ID || b.Family != "" || len(b.Members) != 1 {
			t.Errorf("scenario assignment = %+v", b)
		}
	})
}

// TestAssignmentCompletion: a won chat of the assignment completes it, an
// exam ended early does not; the exam's score is its evaluation's total;
// without a win the assignment is overdue after its due date; the exam
// transcript is readable by the team's managers, a practice one is not.
func TestAssignmentCompletion(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewAssignmentService(db)
		exam, err := s.CreateAssignment(ctx, f.manager.ID, examFor(f.member.ID), t0)
		mustNil(t, err)
		pr := examFor(f.member.ID)
		pr.Mode, pr.Title = salescoach.ModePractice, "Übung Preis"
		practiceA, err := s.CreateAssignment(ctx, f.manager.ID, pr, t0.Add(time.Minute))
		mustNil(t, err)

		status := func(at time.Time) (exam, practice *salescoach.AssignmentMember) {
			t.Helper()
			list, err := s.TeamAssignments(ctx, f.owner.ID, at)
			mustNil(t, err)
			if len(list) != 2 || list[0].ID != practiceA.ID {
				t.Fatalf("team assignments = %+v", list)
			}
			return list[1].Members[0], list[0].Members[0]
		}
		early := assignedChat(t, db, f.member.ID, exam.ID, salescoach.ModeExam, false, t0.Add(time.Hour))
		e, p := status(t0.Add(2 * time.Hour))
		if e.Status != salescoach.AssignmentOpen || p.Status != salescoach.AssignmentOpen {
			t.Errorf("after an early end: %+v %+v", e, p)
		}
		e, _ = status(t0.Add(49 * time.Hour))
		if e.Status != salescoach.AssignmentOverdue {
			t.Errorf("after the due date: %+v", e)
		}

		won := assignedChat(t, db, f.member.ID, exam.ID, salescoach.ModeExam, true, t0.Add(3*time.Hour))
		e, _ = status(t0.Add(4 * time.Hour))
		if e.Status != salescoach.AssignmentDone || e.ConversationID != won.ID || e.Score != nil || e.DoneAt == nil {
			t.Errorf("won, not evaluated: %+v", e)
		}
		conversations := sqlstore.NewConversationService(db)
		won.Evaluation = `{"totalPercent":82,"categories":[]}`
		mustNil(t, conversations.SaveState(ctx, won))
		e, _ = status(t0.Add(50 * time.Hour))
		if e.Status != salescoach.AssignmentDone || e.Score == nil || *e.Score != 82 {
			t.Errorf("evaluated: %+v", e)
		}
		practiceWin := assignedChat(t, db, f.member.ID, practiceA.ID, salescoach.ModePractice, true, t0.Add(5*time.Hour))
		_, p = status(t0.Add(6 * time.Hour))
		if p.Status != salescoach.AssignmentDone || p.Score != nil {
			t.Errorf("practice won: %+v", p)
		}

		mine, err := s.MyAssignments(ctx, f.member.ID, t0.Add(6*time.Hour))
		mustNil(t, err)
		if len(mine) != 2 || mine[0].Mine == nil || mine[0].Mine.Status != salescoach.AssignmentDone || mine[0].ID != practiceA.ID {
			t.Fatalf("my assignments = %+v", mine)
		}
		if *mine[1].Mine.Score != 82 {
			t.Errorf("my exam score = %v", mine[1].Mine.Score)
		}
		none, err := s.MyAssignments(ctx, f.manager.ID, t0)
		mustNil(t, err)
		if len(none) != 0 {
			t.Errorf("manager's own assignments = %d", len(none))
		}

		// The assignment's exams are readable by the managers; its practice
		// chat stays private; nothing of it reaches another team.
		teams := f.s
		for _, c := range []*salescoach.Conversation{won, early} {
			_, err = teams.SharedConversation(ctx, f.manager.ID, c.ID)
			mustNil(t, err)
		}
		_, err = teams.SharedConversation(ctx, f.manager.ID, practiceWin.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = teams.SharedConversation(ctx, f.outsider.ID, won.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = teams.SharedConversation(ctx, f.member.ID, won.ID)
		wantCode(t, err, salescoach.EFORBIDDEN)

		// A member who leaves drops out of the list, and their assignments
		// are no longer theirs to start.
		mustNil(t, teams.Leave(ctx, f.member.ID))
		list, err := s.TeamAssignments(ctx, f.manager.ID, t0)
		mustNil(t, err)
		if len(list[0].Members) != 0 {
			t.Errorf("left member still listed: %+v", list[0].Members)
		}
		_, err = s.MemberAssignment(ctx, f.member.ID, exam.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = teams.SharedConversation(ctx, f.manager.ID, won.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestAssignmentReminderOnce: reminders go to assignees who have not won a
// chat of an assignment due within a day, one mail each, however many
// runs release at once and however often they run.
func TestAssignmentReminderOnce(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewAssignmentService(db)
		a, err := s.CreateAssignment(ctx, f.owner.ID, examFor(), t0)
		mustNil(t, err)
		// The manager has done it already: no reminder for them.
		assignedChat(t, db, f.manager.ID, a.ID, salescoach.ModeExam, true, t0.Add(time.Hour))
		compose := func(r salescoach.AssignmentReminder) salescoach.MailMessage {
			return salescoach.MailMessage{Subject: "Erinnerung: " + r.Title, Text: r.DueAt.Format(time.RFC3339)}
		}
		// Two days ahead: nothing is due yet.
		n, err := s.RemindDue(ctx, t0, compose)
		mustNil(t, err)
		if n != 0 {
			t.Fatalf("%d reminders two days ahead", n)
		}
		at := a.DueAt.Add(-23 * time.Hour)
		const runs = 6
		var wg sync.WaitGroup
		release := make(chan struct{})
		sent := make([]int, runs)
		for i := range runs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-release
				var err error
				sent[i], err = s.RemindDue(ctx, at, compose)
				if err != nil {
					t.Error(err)
				}
			}()
		}
		close(release)
		wg.Wait()
		total := 0
		for _, n := range sent {
			total += n
		}
		if total != 1 {
			t.Errorf("runs queued %v reminders, want 1 in all", sent)
		}
		n, err = s.RemindDue(ctx, at.Add(time.Hour), compose)
		mustNil(t, err)
		if n != 0 {
			t.Errorf("a later run queued %d", n)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE recipient = ? AND subject = ?`,
			"member@example.com", "Erinnerung: Preisgespräch"); got != 1 {
			t.Errorf("%d reminder mails to the member, want 1", got)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Erinnerung%'`); got != 1 {
			t.Errorf("%d reminder mails in all, want 1", got)
		}
	})
}
