package jobs_test

import (
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/jobs"
	"salescoach/sqlstore"
)

// TestSSOSecretReminderOnceToTheOwner (issue 40): two processes run their
// due jobs at the same instants; the owner of a team whose client secret
// expires gets exactly one reminder 14 days before the date they entered
// (none before, none to the members); a new date is reminded of again,
// saving the same date again is not, and a team without a date gets none.
func TestSSOSecretReminderOnceToTheOwner(t *testing.T) {
	forTwoDatabases(t, func(t *testing.T, dbs [2]*sqlstore.DB) {
		ctx := t.Context()
		db := dbs[0]
		owner, ann := confirmedUser(t, db, "owner@example.com"), confirmedUser(t, db, "ann@example.com")
		other := confirmedUser(t, db, "other@example.com")
		teams := sqlstore.NewTeamService(db)
		team, err := teams.CreateTeam(ctx, owner, "Vertrieb Nord", "join-nord", t0)
		if err != nil {
			t.Fatal(err)
		}
		otherTeam, err := teams.CreateTeam(ctx, other, "Vertrieb Süd", "join-sued", t0)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := teams.Join(ctx, ann, "no-invitation", "join-nord", t0); err != nil {
			t.Fatal(err)
		}
		sso := sqlstore.NewTeamSSOService(db)
		save := func(u *salescoach.User, teamID string, expires *time.Time) {
			t.Helper()
			if _, _, err := sso.SaveTeamSSO(ctx, u.ID, teamID, salescoach.SSOUpdate{Issuer: "https://idp.example.com", ClientID: "coach",
				SealedSecret: "sealed", Domains: []string{"acme.com"}, DefaultRole: salescoach.RoleMember, SecretExpiresAt: expires}, t0); err != nil {
				t.Fatal(err)
			}
		}
		expires := time.Date(2026, 12, 20, 0, 0, 0, 0, time.UTC)
		save(owner, team.Team.ID, &expires)
		save(other, otherTeam.Team.ID, nil)
		if got, err := sso.TeamSSO(ctx, owner.ID); err != nil || got.SecretExpiresAt == nil || !got.SecretExpiresAt.Equal(expires) {
			t.Fatalf("saved expiry = %+v, %v", got, err)
		}

		clk := &clock{t: t0}
		runners := make([]*jobs.Runner, 2)
		for i, h := range []string{"process-a", "process-b"} {
			runners[i] = &jobs.Runner{Store: sqlstore.NewJobStore(dbs[i]), Holder: h, Now: clk.Now,
				Jobs: []jobs.Job{jobs.SSOSecretReminders(sqlstore.NewTeamSSOService(dbs[i]), "http://coach.test", clk.Now, nil)}}
		}
		runBoth := func() { runTogether(runners) }
		q := `SELECT recipient, subject, link, body_text FROM mail_outbox WHERE subject LIKE 'Firmen-Anmeldung%' ORDER BY created_at`
		reminders := func() [][4]string {
			rows, err := db.SQL().QueryContext(ctx, q)
			if err != nil {
				t.Fatal(err)
			}
			defer rows.Close()
			var out [][4]string
			for rows.Next() {
				var m [4]string
				if err := rows.Scan(&m[0], &m[1], &m[2], &m[3]); err != nil {
					t.Fatal(err)
				}
				out = append(out, m)
			}
			return out
		}
		lead := expires.Add(-salescoach.SSOSecretReminderLead)
		runBoth()
		clk.Advance(lead.Sub(t0) - 15*time.Minute)
		runBoth()
		if got := reminders(); len(got) != 0 {
			t.Fatalf("reminded before 14 days: %v", got)
		}
		for range 8 {
			clk.Advance(15 * time.Minute)
			runBoth()
		}
		got := reminders()
		if len(got) != 1 {
			t.Fatalf("%d reminders, want 1: %v", len(got), got)
		}
		if m := got[0]; m[0] != "owner@example.com" || m[1] != "Firmen-Anmeldung von Vertrieb Nord: Das Client-Secret läuft am 20.12.2026 ab" ||
			m[2] != "http://coach.test/app/team/sso" || !strings.Contains(m[3], "14 Tage vor dem eingetragenen Ablaufdatum") {
			t.Errorf("reminder = %v", m)
		}
		// The same date saved again: no second mail; a new one: reminded of again.
		save(owner, team.Team.ID, &expires)
		clk.Advance(time.Hour)
		runBoth()
		if n := len(reminders()); n != 1 {
			t.Errorf("%d reminders after saving the same date", n)
		}
		later := expires.AddDate(0, 3, 0)
		save(owner, team.Team.ID, &later)
		clk.Advance(later.Sub(clk.Now()) - salescoach.SSOSecretReminderLead + time.Minute)
		runBoth()
		if n := len(reminders()); n != 2 {
			t.Errorf("%d reminders after a new date, want 2", n)
		}
	})
}
