package jobs_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/jobs"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// forTwoDatabases runs fn as subtests "sqlite" and "postgres" with two
// handles on one fresh database, standing for two app processes (on
// PostgreSQL each has its own connection pool).
func forTwoDatabases(t *testing.T, fn func(t *testing.T, dbs [2]*sqlstore.DB)) {
	t.Run("sqlite", func(t *testing.T) {
		db := sqlstoretest.NewSQLite(t)
		fn(t, [2]*sqlstore.DB{db, db})
	})
	t.Run("postgres", func(t *testing.T) {
		url := sqlstoretest.NewPostgresURL(t)
		var dbs [2]*sqlstore.DB
		for i := range dbs {
			db, err := sqlstore.Open(t.Context(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			dbs[i] = db
		}
		fn(t, dbs)
	})
}

// runTogether runs the runners' due jobs at the same instant, one
// goroutine each, and waits for them.
func runTogether(runners []*jobs.Runner) {
	var wg sync.WaitGroup
	release := make(chan struct{})
	for _, r := range runners {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-release
			r.RunDue(context.Background())
		}()
	}
	close(release)
	wg.Wait()
}

func confirmedUser(t *testing.T, db *sqlstore.DB, email string) *salescoach.User {
	t.Helper()
	u, err := sqlstore.NewUserService(db).CreateUser(t.Context(), salescoach.NewUser{Email: email, PasswordHash: "hash", EmailConfirmed: true})
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// TestAssignmentReminderSentOnceByTwoProcesses: two processes run their due
// jobs at the same instants, every five minutes for two days; each
// assignee who has not done the assignment gets exactly one reminder mail,
// a day before it is due, and none before.
func TestAssignmentReminderSentOnceByTwoProcesses(t *testing.T) {
	forTwoDatabases(t, func(t *testing.T, dbs [2]*sqlstore.DB) {
		ctx := t.Context()
		db := dbs[0]
		owner, ann, ben := confirmedUser(t, db, "owner@example.com"), confirmedUser(t, db, "ann@example.com"), confirmedUser(t, db, "ben@example.com")
		teams := sqlstore.NewTeamService(db)
		if _, err := teams.CreateTeam(ctx, owner, "Vertrieb", "join-token", t0); err != nil {
			t.Fatal(err)
		}
		for _, u := range []*salescoach.User{ann, ben} {
			if _, err := teams.Join(ctx, u, "no-invitation", "join-token", t0); err != nil {
				t.Fatal(err)
			}
		}
		due := t0.Add(36 * time.Hour)
		a, err := sqlstore.NewAssignmentService(db).CreateAssignment(ctx, owner.ID, salescoach.NewAssignment{Title: "Preisgespräch",
			Mode: salescoach.ModeExam, Difficulty: 2, DueAt: due}, t0)
		if err != nil {
			t.Fatal(err)
		}
		if len(a.Members) != 2 {
			t.Fatalf("assignees = %d", len(a.Members))
		}

		clk := &clock{t: t0}
		runners := make([]*jobs.Runner, 2)
		for i, h := range []string{"process-a", "process-b"} {
			runners[i] = &jobs.Runner{Store: sqlstore.NewJobStore(dbs[i]), Holder: h, Now: clk.Now,
				Jobs: []jobs.Job{jobs.AssignmentReminders(sqlstore.NewAssignmentService(dbs[i]), "http://coach.test", clk.Now, nil)}}
		}
		reminders := func() int {
			q := `SELECT COUNT(*) FROM mail_outbox WHERE subject LIKE 'Erinnerung%'`
			var n int
			if err := db.SQL().QueryRowContext(ctx, q).Scan(&n); err != nil {
				t.Fatal(err)
			}
			return n
		}
		firstAt := time.Time{}
		for clk.Now().Before(t0.Add(48 * time.Hour)) {
			runTogether(runners)
			if firstAt.IsZero() && reminders() > 0 {
				firstAt = clk.Now()
			}
			clk.Advance(5 * time.Minute)
		}
		if n := reminders(); n != 2 {
			t.Errorf("%d reminder mails, want one for each of the two assignees", n)
		}
		if firstAt.Before(due.Add(-salescoach.AssignmentReminderLead)) || firstAt.After(due.Add(-salescoach.AssignmentReminderLead).Add(5*time.Minute)) {
			t.Errorf("first reminder at %v, want within 5 minutes after %v", firstAt, due.Add(-salescoach.AssignmentReminderLead))
		}
		var to, link, text string
		q := `SELECT recipient, link, body_text FROM mail_outbox WHERE recipient = ?`
		if db.Dialect() == sqlstore.DialectPostgres {
			q = strings.Replace(q, "?", "$1", 1)
		}
		if err := db.SQL().QueryRowContext(ctx, q, "ann@example.com").Scan(&to, &link, &text); err != nil {
			t.Fatal(err)
		}
		if link != "http://coach.test/app/dashboard" || !strings.Contains(text, "Preisgespräch") {
			t.Errorf("reminder to %s: link %q, text %q", to, link, text)
		}
	})
}
