package sqlstore_test

import (
	"fmt"
	"slices"
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

// assigneeIDs lists the user ids of the assignment's assignees as the
// managers see them at now.
func assigneeIDs(t *testing.T, s *sqlstore.AssignmentService, managerID, assignmentID string, now time.Time) []string {
	t.Helper()
	list, err := s.TeamAssignments(t.Context(), managerID, now)
	mustNil(t, err)
	for _, a := range list {
		if a.ID == assignmentID {
			ids := []string{}
			for _, m := range a.Members {
				ids = append(ids, m.UserID)
			}
			return sortedIDs(ids...)
		}
	}
	t.Fatalf("assignment %s not listed", assignmentID)
	return nil
}

// myAssignmentIDs lists the ids of userID's own assignments at now.
func myAssignmentIDs(t *testing.T, s *sqlstore.AssignmentService, userID string, now time.Time) []string {
	t.Helper()
	list, err := s.MyAssignments(t.Context(), userID, now)
	mustNil(t, err)
	ids := []string{}
	for _, a := range list {
		ids = append(ids, a.ID)
	}
	return sortedIDs(ids...)
}

func sortedIDs(ids ...string) []string {
	ids = slices.Clone(ids)
	slices.Sort(ids)
	return ids
}

// TestAssignmentWholeTeamReachesJoiners: an assignment to the whole team
// reaches whoever joins before its due date (by link or invitation), not
// one given to chosen members, and not after the due date; whoever leaves
// loses the team's assignments they have not done, keeps the done ones,
// and gets the whole-team ones again on coming back. Its creator never
// gets their own.
func TestAssignmentWholeTeamReachesJoiners(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewAssignmentService(db)
		whole, err := s.CreateAssignment(ctx, f.manager.ID, examFor(), t0)
		mustNil(t, err)
		chosen, err := s.CreateAssignment(ctx, f.manager.ID, examFor(f.member.ID), t0)
		mustNil(t, err)
		if !whole.WholeTeam || chosen.WholeTeam {
			t.Fatalf("whole team flags: %v, %v", whole.WholeTeam, chosen.WholeTeam)
		}
		if got, want := assigneeIDs(t, s, f.owner.ID, whole.ID, t0), sortedIDs(f.owner.ID, f.member.ID); !slices.Equal(got, want) {
			t.Fatalf("assignees at the start = %v, want %v", got, want)
		}

		// A joiner by link and one by invitation, before the due date.
		late, invited := newUser(t, db, "late@example.com"), newUser(t, db, "invited@example.com")
		_, err = f.s.Join(ctx, late, "no-such-hash", "join-nord", t0.Add(time.Hour))
		mustNil(t, err)
		f.invite(t, f.owner, "invited@example.com", salescoach.RoleManager, "hash-invited")
		_, err = f.s.JoinByEmail(ctx, invited, t0.Add(2*time.Hour))
		mustNil(t, err)
		for _, u := range []*salescoach.User{late, invited} {
			if got := myAssignmentIDs(t, s, u.ID, t0.Add(3*time.Hour)); !slices.Equal(got, []string{whole.ID}) {
				t.Errorf("%s's assignments = %v, want only the whole team's", u.Email, got)
			}
			a, err := s.MemberAssignment(ctx, u.ID, whole.ID)
			mustNil(t, err)
			if !a.WholeTeam {
				t.Errorf("%s's assignment is not flagged whole team", u.Email)
			}
		}
		if got, want := assigneeIDs(t, s, f.manager.ID, whole.ID, t0), sortedIDs(f.owner.ID, f.member.ID, late.ID, invited.ID); !slices.Equal(got, want) {
			t.Errorf("assignees after the joins = %v, want %v", got, want)
		}

		// After the due date a joiner gets nothing.
		after := newUser(t, db, "after@example.com")
		_, err = f.s.Join(ctx, after, "no-such-hash", "join-nord", whole.DueAt.Add(time.Minute))
		mustNil(t, err)
		if got := myAssignmentIDs(t, s, after.ID, whole.DueAt.Add(time.Hour)); len(got) != 0 {
			t.Errorf("a joiner after the due date got %v", got)
		}

		// The member wins the chosen one and leaves: the open whole-team
		// one goes, the done one stays stored (and hidden while away).
		assignedChat(t, db, f.member.ID, chosen.ID, salescoach.ModeExam, true, t0.Add(time.Hour))
		mustNil(t, f.s.Leave(ctx, f.member.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM assignment_members WHERE user_id = ? AND assignment_id = ?`, f.member.ID, whole.ID); n != 0 {
			t.Errorf("the open assignment stayed with the leaver")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM assignment_members WHERE user_id = ? AND assignment_id = ?`, f.member.ID, chosen.ID); n != 1 {
			t.Errorf("the done assignment went with the leaver")
		}
		if got := myAssignmentIDs(t, s, f.member.ID, t0.Add(4*time.Hour)); len(got) != 0 {
			t.Errorf("a former member's assignments = %v", got)
		}
		// Removal is leaving too.
		mustNil(t, f.s.RemoveMember(ctx, f.owner.ID, late.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM assignment_members WHERE user_id = ?`, late.ID); n != 0 {
			t.Errorf("a removed member kept %d assignments", n)
		}
		// Back before the due date: the whole team's again, the done one
		// as done.
		_, err = f.s.Join(ctx, f.member, "no-such-hash", "join-nord", t0.Add(5*time.Hour))
		mustNil(t, err)
		mine, err := s.MyAssignments(ctx, f.member.ID, t0.Add(6*time.Hour))
		mustNil(t, err)
		if len(mine) != 2 || mine[0].ID != whole.ID || mine[0].Mine.Status != salescoach.AssignmentOpen ||
			mine[1].ID != chosen.ID || mine[1].Mine.Status != salescoach.AssignmentDone {
			t.Errorf("back in the team: %+v", mine)
		}

		// The creator leaving and coming back does not get their own.
		mustNil(t, f.s.Leave(ctx, f.manager.ID))
		_, err = f.s.Join(ctx, f.manager, "no-such-hash", "join-nord", t0.Add(7*time.Hour))
		mustNil(t, err)
		if got := myAssignmentIDs(t, s, f.manager.ID, t0.Add(7*time.Hour)); len(got) != 0 {
			t.Errorf("the creator got %v", got)
		}
		// Another team's joiner gets nothing of this team.
		stranger := newUser(t, db, "stranger@example.com")
		_, err = f.s.Join(ctx, stranger, "no-such-hash", "join-sued", t0.Add(time.Hour))
		mustNil(t, err)
		if got := myAssignmentIDs(t, s, stranger.ID, t0.Add(time.Hour)); len(got) != 0 {
			t.Errorf("another team's joiner got %v", got)
		}
	})
}

// TestAssignmentWholeTeamJoinRace: joins released together with a
// whole-team assignment all end up with it, whichever commits first.
func TestAssignmentWholeTeamJoinRace(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewAssignmentService(db)
		const joiners = 8
		users := make([]*salescoach.User, joiners)
		for i := range users {
			users[i] = newUser(t, db, fmt.Sprintf("joiner%d@example.com", i))
		}
		warm(t, db, joiners+1)
		var created *salescoach.Assignment
		errs := race(joiners+1, func(i int) error {
			if i == joiners {
				var err error
				created, err = s.CreateAssignment(ctx, f.manager.ID, examFor(), t0)
				return err
			}
			_, err := f.s.Join(ctx, users[i], "no-such-hash", "join-nord", t0)
			return err
		})
		for _, err := range errs {
			mustNil(t, err)
		}
		want := []string{f.owner.ID, f.member.ID}
		for _, u := range users {
			want = append(want, u.ID)
		}
		if got := assigneeIDs(t, s, f.manager.ID, created.ID, t0); !slices.Equal(got, sortedIDs(want...)) {
			t.Errorf("assignees = %d, want all %d members but the creator", len(got), len(want))
		}
	})
}
