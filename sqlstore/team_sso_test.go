package sqlstore_test

import (
	"errors"
	"slices"
	"strings"
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

// claim claims domain for the owner's team after its DNS proof.
func claim(t *testing.T, s *sqlstore.TeamSSOService, ownerID, teamID, domain string) *salescoach.TeamSSO {
	t.Helper()
	got, err := s.ClaimSSODomain(t.Context(), ownerID, teamID, domain, t0)
	mustNil(t, err)
	if !got.Claims(strings.ToLower(domain)) {
		t.Fatalf("%s not claimed: %+v", domain, got.Domains)
	}
	return got
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
			_, _, err := s.SaveTeamSSO(ctx, u.ID, teamID, ssoUpdate("acme.com"), t0)
			wantCode(t, err, salescoach.EFORBIDDEN)
			wantCode(t, s.DeleteTeamSSO(ctx, u.ID), salescoach.EFORBIDDEN)
		}
		_, _, err = s.SaveTeamSSO(ctx, f.outsider.ID, teamID, ssoUpdate("acme.com"), t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		// The first save needs a secret.
		noSecret := ssoUpdate("acme.com")
		noSecret.SealedSecret = ""
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, noSecret, t0)
		if e := wantCode(t, err, salescoach.EINVALID); e.Fields["clientSecret"].Key != "sso_secret_required" {
			t.Errorf("fields = %v", e.Fields)
		}
		got, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com", "acme.de"), t0)
		mustNil(t, err)
		if got.ConfigVersion != 1 || got.Active || len(got.Domains) != 2 || got.Domains[0].Claimed {
			t.Fatalf("saved = %+v", got)
		}
		// Switching on needs a current test and a claimed domain.
		on := ssoUpdate("acme.com", "acme.de")
		on.SealedSecret, on.Active = "", true
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "sso_test_required" {
			t.Errorf("without a test: %v", e)
		}
		// A member cannot record a test.
		_, err = s.RecordSSOTest(ctx, f.member.ID, teamID, salescoach.SSOTest{At: t0, OK: true, ConfigVersion: 1,
			Email: "x@acme.com", EmailVerified: true}, "acme.com")
		wantCode(t, err, salescoach.ENOTFOUND)
		if tst := passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0); !tst.OK {
			t.Fatalf("test = %+v", tst)
		}
		// The test claimed nothing (issue 38): still no way to switch on.
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "sso_domain_unclaimed" {
			t.Errorf("without a claim: %v", e)
		}
		// Claims: the owner's, of a listed domain that is no free-mail one.
		for _, u := range []*salescoach.User{f.manager, f.member} {
			_, err = s.ClaimSSODomain(ctx, u.ID, teamID, "acme.com", t0)
			wantCode(t, err, salescoach.EFORBIDDEN)
		}
		_, err = s.ClaimSSODomain(ctx, f.outsider.ID, teamID, "acme.com", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.ClaimSSODomain(ctx, f.owner.ID, teamID, "acme.org", t0)
		if e := wantCode(t, err, salescoach.EINVALID); e.Fields["domain"].Key != "sso_domain_not_listed" {
			t.Errorf("unlisted claim: %v", e)
		}
		_, err = s.ClaimSSODomain(ctx, f.owner.ID, teamID, "gmail.com", t0)
		if e := wantCode(t, err, salescoach.EINVALID); e.Fields["domain"].Key != "sso_domain_freemail" {
			t.Errorf("free-mail claim: %v", e)
		}
		claim(t, s, f.owner.ID, teamID, "ACME.com")
		if got := claim(t, s, f.owner.ID, teamID, "acme.com"); !slices.Equal(got.ClaimedDomains(), []string{"acme.com"}) {
			t.Errorf("claimed twice = %v", got.ClaimedDomains())
		}
		got, ended, err := s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
		mustNil(t, err)
		if !got.Active || !slices.Equal(got.ClaimedDomains(), []string{"acme.com"}) || len(ended) != 0 {
			t.Fatalf("switched on = %+v, ended %v", got, ended)
		}
		// A domain not listed fails the test; nothing is claimed.
		tst, err := s.RecordSSOTest(ctx, f.owner.ID, teamID, salescoach.SSOTest{At: t0, OK: true, ConfigVersion: 1,
			Email: "owner@elsewhere.org", EmailVerified: true}, "elsewhere.org")
		mustNil(t, err)
		if tst.OK || tst.Error != "sso_foreign_domain" {
			t.Errorf("unlisted test = %+v", tst)
		}

		// Enforcement: members and managers, not the owner; it ends their
		// sessions the moment it begins, and only then.
		sessions := sqlstore.NewSessionService(db)
		family := map[*salescoach.User]string{}
		for _, u := range []*salescoach.User{f.owner, f.manager, f.member, f.outsider} {
			rt := &salescoach.RefreshToken{UserID: u.ID, TokenHash: "rt-" + u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}
			mustNil(t, sessions.CreateRefreshToken(ctx, rt))
			family[u] = rt.FamilyID
		}
		en := on
		en.Enforced = true
		_, ended, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		mustNil(t, err)
		if want := []string{f.manager.ID, f.member.ID}; !slices.Equal(ended, slices.Sorted(slices.Values(want))) {
			t.Errorf("ended = %v, want %v", ended, want)
		}
		for u, want := range map[*salescoach.User]bool{f.owner: false, f.manager: true, f.member: true, f.outsider: false} {
			if got, err := s.SSORequired(ctx, u.ID); err != nil || got != want {
				t.Errorf("SSORequired(%s) = %v, %v; want %v", u.Email, got, err, want)
			}
			if _, live, err := sessions.SessionUser(ctx, u.ID, family[u]); err != nil || live == want {
				t.Errorf("%s's session live = %v, %v", u.Email, live, err)
			}
		}
		if _, ended, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0); err != nil || len(ended) != 0 {
			t.Errorf("saved again while enforced: ended %v, %v", ended, err)
		}
		// A new secret makes the test stale and switches off.
		en.SealedSecret = "sealed-2"
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		wantCode(t, err, salescoach.ECONFLICT) // active requested without a current test
		en.Active = false
		got, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
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
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
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
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0.Add(3*time.Minute))
		wantCode(t, err, salescoach.ECONFLICT) // the test predates the switch-off
		passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0.Add(4*time.Minute))
		got, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0.Add(5*time.Minute))
		mustNil(t, err)
		if !got.Active || got.AdminDisabledAt != nil {
			t.Errorf("switched on again = %+v", got)
		}

		// Dropping a domain drops its claim.
		en.Domains = []string{"acme.de"}
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "sso_domain_unclaimed" {
			t.Errorf("no claimed domain left to stay active: %v", e)
		}
		en.Active = false
		got, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, en, t0)
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
			_, _, err = s.SaveTeamSSO(ctx, owners[i].ID, teamIDs[i], ssoUpdate("race.example"), t0)
			mustNil(t, err)
		}
		// Every team found its DNS proof; they claim at once.
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, n)
		for i := range n {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = s.ClaimSSODomain(ctx, owners[i].ID, teamIDs[i], "race.example", t0)
			}()
		}
		close(start)
		wg.Wait()
		winner := -1
		for i := range n {
			if errs[i] == nil {
				if winner >= 0 {
					t.Fatalf("teams %d and %d both claimed the domain", winner, i)
				}
				winner = i
			} else if e := wantCode(t, errs[i], salescoach.ECONFLICT); e.Msg.Key != "sso_domain_taken" || e.Message() != "Die Domain race.example gehört bereits zu einem anderen Team." {
				t.Errorf("loser's error = %v", e)
			}
		}
		if winner < 0 {
			t.Fatal("no team claimed the domain")
		}
		var claims int
		mustNil(t, db.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM team_sso_domains WHERE claimed`).Scan(&claims))
		if claims != 1 {
			t.Errorf("%d claims stored", claims)
		}
		loser := (winner + 1) % n
		// A loser's test with an address of it fails; listing it again is
		// refused while it is claimed.
		tst, err := s.RecordSSOTest(ctx, owners[loser].ID, teamIDs[loser], salescoach.SSOTest{At: t0, OK: true,
			ConfigVersion: 1, Subject: "s", Email: "boss@race.example", EmailVerified: true}, "race.example")
		mustNil(t, err)
		if tst.OK || tst.Error != "sso_domain_taken" {
			t.Errorf("loser's test = %+v", tst)
		}
		_, _, err = s.SaveTeamSSO(ctx, owners[loser].ID, teamIDs[loser], ssoUpdate("race.example"), t0)
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "sso_domain_taken" {
			t.Errorf("error = %v", e)
		}
	})
}

func TestSSOIdentitiesLinksAndCascades(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		s := sqlstore.NewTeamSSOService(db)
		teamID := f.team.Team.ID
		_, _, err := s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com", "acme.de"), t0)
		mustNil(t, err)
		passTest(t, s, f.owner.ID, teamID, "owner@acme.com", t0)
		claim(t, s, f.owner.ID, teamID, "acme.com")
		on := ssoUpdate("acme.com", "acme.de")
		on.SealedSecret, on.Active, on.DefaultRole = "", true, salescoach.RoleManager
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, on, t0)
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

		// Entering the team (issue 38): only with an address of a domain
		// the team claimed, and only from no team or into the team itself.
		carl := newUser(t, db, "carl@acme.com")
		other := newUser(t, db, "olli@acme.com")
		_, err = sqlstore.NewTeamService(db).Join(ctx, other, "no-such-hash", "join-sued", t0)
		mustNil(t, err)
		for _, c := range []struct {
			name string
			user *salescoach.User
			key  string
		}{
			{"a member of the team with another address", f.member, "sso_foreign_domain"},
			{"an address of a listed, unclaimed domain", newUser(t, db, "dora@acme.de"), "sso_foreign_domain"},
			{"an outsider's address", f.outsider, "sso_foreign_domain"},
			{"a user of another team", other, "team_already_member"},
		} {
			err := s.EnterSSOTeam(ctx, teamID, c.user.ID, "member", t0)
			var e *salescoach.Error
			if !errors.As(err, &e) || e.Msg.Key != c.key {
				t.Errorf("%s: %v, want %s", c.name, err, c.key)
			}
		}
		// Refused, a link is not stored either (one transaction).
		wantCode(t, s.LinkSSOIdentity(ctx, teamID, "sub-olli", other.ID, other.Email, "member", t0), salescoach.ECONFLICT)
		if _, err := s.SSOIdentityUser(ctx, teamID, "sub-olli"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("a refused link was stored: %v", err)
		}
		if ms, _ := teams.MyTeam(ctx, other.ID); ms.Team.ID != f.other.Team.ID {
			t.Error("a user of another team was moved")
		}
		mustNil(t, s.EnterSSOTeam(ctx, teamID, carl.ID, "member", t0))
		mustNil(t, s.EnterSSOTeam(ctx, teamID, carl.ID, "member", t0))
		if ms, err := teams.MyTeam(ctx, carl.ID); err != nil || ms.Team.ID != teamID || ms.Role != salescoach.RoleMember {
			t.Errorf("carl's team = %+v, %v", ms, err)
		}

		// A reset or confirmation removes a user's company identities and
		// pending links, and nobody else's.
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-carl", carl.ID, carl.Email, "member", t0))
		mustNil(t, s.CreateSSOLink(ctx, &salescoach.SSOPendingLink{TokenHash: "h-carl", TeamID: teamID, UserID: carl.ID,
			Subject: "sub-carl-2", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		mustNil(t, s.RemoveSSOIdentities(ctx, carl.ID))
		if _, err := s.SSOIdentityUser(ctx, teamID, "sub-carl"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("carl's identity survived: %v", err)
		}
		if _, err := s.SSOLink(ctx, "h-carl", t0); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("carl's pending link survived: %v", err)
		}
		if id, err := s.SSOIdentityUser(ctx, teamID, "sub-anna"); err != nil || id != anna.ID {
			t.Errorf("anna's identity = %q, %v", id, err)
		}
		mustNil(t, s.RemoveSSOIdentities(ctx, "not-an-id"))

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

		// A link whose account is in another team by now is refused, and
		// links nothing.
		mustNil(t, s.CreateSSOLink(ctx, &salescoach.SSOPendingLink{TokenHash: "h-olli", TeamID: teamID, UserID: other.ID,
			Subject: "sub-olli", Email: other.Email, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		_, err = s.CompleteSSOLink(ctx, "h-olli", t0)
		if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != "team_already_member" {
			t.Errorf("link of another team's user: %v", e)
		}
		if _, err := s.SSOIdentityUser(ctx, teamID, "sub-olli"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("a refused link was stored: %v", err)
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
		_, _, err = s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com"), t0)
		mustNil(t, err)
		claim(t, s, f.owner.ID, teamID, "acme.com")
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-x", bob.ID, "", "member", t0))
		mustNil(t, teams.DeleteTeam(ctx, f.owner.ID))
		if n := count(`SELECT COUNT(*) FROM team_sso WHERE team_id = ?`, teamID) + count(`SELECT COUNT(*) FROM sso_identities WHERE team_id = ?`, teamID); n != 0 {
			t.Errorf("%d rows left after deleting the team", n)
		}
	})
}
