package sqlstore_test

import (
	"slices"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// ssoUpdate is a complete first save.
func ssoUpdate(domains ...string) salescoach.SSOUpdate {
	return salescoach.SSOUpdate{Issuer: "https://idp.example.com", ClientID: "coach", SealedSecret: "sealed-1",
		Domains: domains, DefaultRole: salescoach.RoleMember}
}

// passTest records a successful test of the owner with addr.
func passTest(t *testing.T, s *sqlstore.TeamSSOService, ownerID, teamID, addr string, at time.Time) *salescoach.SSOTest {
	t.Helper()
	cur, err := s.TeamSSOByID(t.Context(), teamID)
	mustNil(t, err)
	got, err := s.RecordSSOTest(t.Context(), ownerID, teamID, salescoach.SSOTest{At: at, OK: true, ConfigVersion: cur.ConfigVersion,
		Subject: "sub-" + addr, Email: addr, EmailVerified: true}, salescoach.EmailDomain(addr))
	mustNil(t, err)
	return got
}

func TestSSOSettingsOwnerOnly(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewTeamSSOService(db)
		teamID := f.team.Team.ID

		got, err := s.TeamSSO(ctx, f.owner.ID)
		mustNil(t, err)
		if got != nil {
			t.Fatalf("a fresh team has settings: %+v", got)
		}
		// Managers, members and other teams' owners change nothing.
		for _, u := range []*salescoach.User{f.manager, f.member} {
			wantCode(t, func() error { _, err := s.TeamSSO(ctx, u.ID); return err }(), salescoach.EFORBIDDEN)
			_, err := s.SaveTeamSSO(ctx, u.ID, teamID, ssoUpdate("acme.com"), t0)
			wantCode(t, err, salescoach.EFORBIDDEN)
			wantCode(t, s.DeleteTeamSSO(ctx, u.ID), salescoach.EFORBIDDEN)
		}
		_, err = s.SaveTeamSSO(ctx, f.outsider.ID, teamID, ssoUpdate("acme.com"), t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		// The first save needs a secret.
		noSecret := ssoUpdate("acme.com")
		noSecret.SealedSecret = ""
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, noSecret, t0)
		if e := wantCode(t, err, salescoach.EINVALID); e.Fields["clientSecret"].Key != "sso_secret_required" {
			t.Errorf("fields = %v", e.Fields)
		}
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com", "acme.de"), t0)
		mustNil(t, err)
		if got.ConfigVersion != 1 || got.Active || len(got.Domains) != 2 || got.Domains[0].Claimed {
			t.Fatalf("saved = %+v", got)
		}
		// Switching on needs a current test and a claimed domain.
		on := ssoUpdate("acme.com", "acme.de")
		on.SealedSecret, on.Active = "", true
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		wantCode(t, err, salescoach.ECONFLICT)
		// A member cannot record a test.
		_, err = s.RecordSSOTest(ctx, f.member.ID, teamID, salescoach.SSOTest{At: t0, OK: true, ConfigVersion: 1,
			Email: "x@acme.com", EmailVerified: true}, "acme.com")
		wantCode(t, err, salescoach.ENOTFOUND)
		if tst := passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0); !tst.OK {
			t.Fatalf("test = %+v", tst)
		}
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		mustNil(t, err)
		if !got.Active || !slices.Equal(got.ClaimedDomains(), []string{"acme.com"}) {
			t.Fatalf("switched on = %+v", got)
		}
		// A domain not listed fails the test; nothing is claimed.
		tst, err := s.RecordSSOTest(ctx, f.owner.ID, teamID, salescoach.SSOTest{At: t0, OK: true, ConfigVersion: 1,
			Email: "owner@elsewhere.org", EmailVerified: true}, "elsewhere.org")
		mustNil(t, err)
		if tst.OK || tst.Error != "sso_foreign_domain" {
			t.Errorf("unlisted test = %+v", tst)
		}

		// Enforcement: members and managers, not the owner.
		en := on
		en.Enforced = true
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		mustNil(t, err)
		for u, want := range map[*salescoach.User]bool{f.owner: false, f.manager: true, f.member: true, f.outsider: false} {
			if got, err := s.SSORequired(ctx, u.ID); err != nil || got != want {
				t.Errorf("SSORequired(%s) = %v, %v; want %v", u.Email, got, err, want)
			}
		}
		// A new secret makes the test stale and switches off.
		en.SealedSecret = "sealed-2"
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		wantCode(t, err, salescoach.ECONFLICT) // active requested without a current test
		en.Active = false
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		mustNil(t, err)
		if got.Active || got.ConfigVersion != 2 || got.TestCurrent() || got.SealedSecret != "sealed-2" {
			t.Errorf("after a new secret = %+v", got)
		}
		if req, _ := s.SSORequired(ctx, f.member.ID); req {
			t.Error("enforced while off")
		}

		// The admin's switch-off, and the owner's way back.
		passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0.Add(time.Minute))
		en.SealedSecret, en.Active = "", true
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		mustNil(t, err)
		mustNil(t, s.DisableTeamSSO(ctx, teamID, f.outsider.ID, t0.Add(2*time.Minute)))
		wantCode(t, s.DisableTeamSSO(ctx, f.other.Team.ID, f.outsider.ID, t0), salescoach.ENOTFOUND)
		states, err := s.AdminTeamSSO(ctx, []string{teamID, f.other.Team.ID})
		mustNil(t, err)
		if a := states[teamID]; a.State != salescoach.SSOStateDisabled || !a.Enforced || !slices.Equal(a.Domains, []string{"acme.com"}) {
			t.Errorf("admin state = %+v", a)
		}
		if _, ok := states[f.other.Team.ID]; ok {
			t.Error("a team without settings has a state")
		}
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0.Add(3*time.Minute))
		wantCode(t, err, salescoach.ECONFLICT) // the test predates the switch-off
		passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0.Add(4*time.Minute))
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0.Add(5*time.Minute))
		mustNil(t, err)
		if !got.Active || got.AdminDisabledAt != nil {
			t.Errorf("switched on again = %+v", got)
		}

		// Dropping a domain drops its claim.
		en.Domains = []string{"acme.de"}
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		wantCode(t, err, salescoach.ECONFLICT) // no claimed domain left to stay active
		en.Active = false
		got, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		mustNil(t, err)
		if len(got.ClaimedDomains()) != 0 {
			t.Errorf("claims = %v", got.ClaimedDomains())
		}
	})
}

func TestSSODomainClaimRace(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewTeamSSOService(db)
		teams := sqlstore.NewTeamService(db)
		const n = 6
		owners := make([]*salescoach.User, n)
		teamIDs := make([]string, n)
		for i := range n {
			owners[i] = newUser(t, db, "owner"+string(rune('a'+i))+"@example.com")
			ms, err := teams.CreateTeam(ctx, owners[i], "Team", "join-"+owners[i].ID, t0)
			mustNil(t, err)
			teamIDs[i] = ms.Team.ID
			_, err = s.SaveTeamSSO(ctx, owners[i].ID, teamIDs[i], ssoUpdate("race.example"), t0)
			mustNil(t, err)
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		results := make([]*salescoach.SSOTest, n)
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results[i], errs[i] = s.RecordSSOTest(ctx, owners[i].ID, teamIDs[i], salescoach.SSOTest{At: t0, OK: true,
					ConfigVersion: 1, Subject: "s", Email: "boss@race.example", EmailVerified: true}, "race.example")
			}()
		}
		close(start)
		wg.Wait()
		wins := 0
		for i := range n {
			mustNil(t, errs[i])
			if results[i].OK {
				wins++
			} else if results[i].Error != "sso_domain_taken" {
				t.Errorf("loser's error = %q", results[i].Error)
			}
		}
		if wins != 1 {
			t.Fatalf("%d teams claimed the domain, want 1", wins)
		}
		// A loser listing the domain again is refused while it is claimed.
		for i := range n {
			if results[i].OK {
				continue
			}
			_, err := s.SaveTeamSSO(ctx, owners[i].ID, teamIDs[i], ssoUpdate("race.example"), t0)
			if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "sso_domain_taken" {
				t.Errorf("error = %v", e)
			}
			break
		}
	})
}

func TestSSOIdentitiesLinksAndCascades(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewTeamSSOService(db)
		teamID := f.team.Team.ID
		_, err := s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com"), t0)
		mustNil(t, err)
		passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0)
		on := ssoUpdate("acme.com")
		on.SealedSecret, on.Active, on.DefaultRole = "", true, salescoach.RoleManager
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		mustNil(t, err)
		got, err := s.ActiveTeamSSOForDomain(ctx, "ACME.com")
		mustNil(t, err)
		if got.TeamID != teamID || got.TeamName != "Vertrieb Nord" {
			t.Errorf("team for domain = %+v", got)
		}
		_, err = s.ActiveTeamSSOForDomain(ctx, "acme.de")
		wantCode(t, err, salescoach.ENOTFOUND)

		// A teamless user linked joins in the default role; the subject is theirs.
		anna := newUser(t, db, "anna@acme.com")
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-anna", anna.ID, anna.Email, got.DefaultRole, t0))
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-anna", anna.ID, anna.Email, got.DefaultRole, t0))
		if id, err := s.SSOIdentityUser(ctx, teamID, "sub-anna"); err != nil || id != anna.ID {
			t.Errorf("identity user = %q, %v", id, err)
		}
		teams := sqlstore.NewTeamService(db)
		if ms, err := teams.MyTeam(ctx, anna.ID); err != nil || ms.Team.ID != teamID || ms.Role != salescoach.RoleManager {
			t.Errorf("anna's team = %+v, %v", ms, err)
		}
		bob := newUser(t, db, "bob@acme.com")
		wantCode(t, s.LinkSSOIdentity(ctx, teamID, "sub-anna", bob.ID, bob.Email, "member", t0), salescoach.ECONFLICT)
		// A user in another team is linked but not moved.
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-out", f.outsider.ID, "", "member", t0))
		if ms, _ := teams.MyTeam(ctx, f.outsider.ID); ms.Team.ID != f.other.Team.ID {
			t.Error("a user of another team was moved")
		}

		// Pending links: single use, expiring.
		link := &salescoach.SSOPendingLink{TokenHash: "h1", TeamID: teamID, UserID: bob.ID, Subject: "sub-bob", Email: bob.Email,
			CreatedAt: t0, ExpiresAt: t0.Add(salescoach.SSOLinkTTL)}
		mustNil(t, s.CreateSSOLink(ctx, link))
		if l, err := s.SSOLink(ctx, "h1", t0); err != nil || l.TeamName != "Vertrieb Nord" || l.UserID != bob.ID {
			t.Errorf("link = %+v, %v", l, err)
		}
		_, err = s.SSOLink(ctx, "h1", t0.Add(16*time.Minute))
		wantCode(t, err, salescoach.ENOTFOUND)
		var wg sync.WaitGroup
		start := make(chan struct{})
		var okCount, notFound int
		var mu sync.Mutex
		for range 5 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, err := s.CompleteSSOLink(ctx, "h1", t0)
				mu.Lock()
				defer mu.Unlock()
				switch salescoach.ErrorCode(err) {
				case "":
					okCount++
				case salescoach.ENOTFOUND:
					notFound++
				default:
					t.Errorf("complete: %v", err)
				}
			}()
		}
		close(start)
		wg.Wait()
		if okCount != 1 || notFound != 4 {
			t.Errorf("%d links completed, %d refused; want 1 and 4", okCount, notFound)
		}
		if id, err := s.SSOIdentityUser(ctx, teamID, "sub-bob"); err != nil || id != bob.ID {
			t.Errorf("bob's identity = %q, %v", id, err)
		}

		// Deleting a user takes their identities and links; deleting the
		// settings takes the team's identities and claims; deleting the
		// team takes the settings.
		mustNil(t, s.CreateSSOLink(ctx, &salescoach.SSOPendingLink{TokenHash: "h2", TeamID: teamID, UserID: anna.ID,
			Subject: "x", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		_, err = db.SQL().ExecContext(ctx, sqlRebind(db, `DELETE FROM users WHERE id = ?`), anna.ID)
		mustNil(t, err)
		count := func(q string, args ...any) int {
			t.Helper()
			var n int
			mustNil(t, db.SQL().QueryRowContext(ctx, sqlRebind(db, q), args...).Scan(&n))
			return n
		}
		if n := count(`SELECT COUNT(*) FROM sso_identities WHERE user_id = ?`, anna.ID) + count(`SELECT COUNT(*) FROM sso_pending_links WHERE user_id = ?`, anna.ID); n != 0 {
			t.Errorf("%d rows of a deleted user left", n)
		}
		mustNil(t, s.DeleteTeamSSO(ctx, f.owner.ID))
		if n := count(`SELECT COUNT(*) FROM sso_identities WHERE team_id = ?`, teamID) + count(`SELECT COUNT(*) FROM team_sso_domains WHERE team_id = ?`, teamID); n != 0 {
			t.Errorf("%d rows left after removing the settings", n)
		}
		_, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com"), t0)
		mustNil(t, err)
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-x", bob.ID, "", "member", t0))
		mustNil(t, teams.DeleteTeam(ctx, f.owner.ID))
		if n := count(`SELECT COUNT(*) FROM team_sso WHERE team_id = ?`, teamID) + count(`SELECT COUNT(*) FROM sso_identities WHERE team_id = ?`, teamID); n != 0 {
			t.Errorf("%d rows left after deleting the team", n)
		}
	})
}
