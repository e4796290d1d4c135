package httpapi_test

import (
	"net/http"
	"strings"
	"sync"
	"testing"

	"salescoach"
	"salescoach/auth/oidctest"
	"salescoach/dnstxt/dnstest"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// Issue 38: a company sign-in domain is proven by DNS, not by a test
// sign-in at a provider the owner chose; existing accounts are entered
// only through an identity linked before or their password; enforcement
// covers Google and Apple and ends sessions.

// foundSSOTeam signs ownerAddr up, founds a team named name and saves its
// company sign-in at fake for domains, switched off; it returns the owner
// and the saved settings.
func foundSSOTeam(t *testing.T, e *env, ownerAddr, name string, fake *oidctest.Server, domains ...string) (*client, map[string]any) {
	t.Helper()
	e.signUpConfirmed(ownerAddr, pw)
	owner := e.client()
	owner.signIn(ownerAddr, pw, true)
	owner.do("POST", "/api/teams", map[string]any{"name": name}).must(t, 201)
	settings := owner.do("PUT", "/api/team/sso", map[string]any{"issuer": fake.Issuer(), "clientId": fake.ClientID(),
		"clientSecret": fake.ClientSecret(), "domains": domains}).must(t, 200).json(t)
	return owner, settings
}

// ssoDomain is domain's entry in settings.
func ssoDomain(t *testing.T, settings map[string]any, domain string) map[string]any {
	t.Helper()
	for _, d := range settings["domains"].([]any) {
		if d := d.(map[string]any); d["domain"] == domain {
			return d
		}
	}
	t.Fatalf("%s not in %v", domain, settings["domains"])
	return nil
}

// ssoTest runs the owner's test sign-in at fake, as whoever fake signs in,
// and returns the settings after it.
func (c *client) ssoTest(t *testing.T, fake *oidctest.Server) map[string]any {
	t.Helper()
	to := c.do("POST", "/api/team/sso/test", nil).must(t, 200).json(t)["url"].(string)
	if got := c.ssoCallback(t, fake.Approve(t, to)); got != ssoTestDoneTo {
		t.Fatalf("test went to %s", got)
	}
	return c.do("GET", "/api/team/sso", nil).must(t, 200).json(t)
}

// verify asks the server to prove domain by DNS.
func (c *client) verify(domain string) response {
	return c.do("POST", "/api/team/sso/domains/verify", map[string]any{"domain": domain})
}

func TestSSODomainProofByDNS(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		st := newSSOTeam(t, db, false)
		owner, dns := st.owner, st.dns
		settings := owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t)
		de := ssoDomain(t, settings, "acme.de")
		name, value := de["dnsName"].(string), de["dnsValue"].(string)
		if name != "_salescoach-challenge.acme.de" || len(strings.TrimPrefix(value, "salescoach-verification=")) != 43 ||
			value == ssoDomain(t, settings, "acme.com")["dnsValue"] {
			t.Fatalf("acme.de's record = %v", de)
		}
		if again := ssoDomain(t, owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t), "acme.de"); again["dnsValue"] != value {
			t.Error("the record's value changes")
		}

		// No record, another record, a wrong value: not proven; the answer
		// says what to publish.
		m := wantCode(t, owner.verify("acme.de"), 409, "sso_domain_unverified")
		if params := m["params"].(map[string]any); params["domain"] != "acme.de" || params["dnsName"] != name || params["dnsValue"] != value ||
			!strings.Contains(m["error"].(string), name) || !strings.Contains(m["error"].(string), value) {
			t.Errorf("unverified = %v", m)
		}
		dns.Set(name, "v=spf1 -all", "salescoach-verification=guessed")
		wantCode(t, owner.verify("acme.de"), 409, "sso_domain_unverified")
		dns.Set("acme.de", value) // at the domain itself, not the challenge name
		wantCode(t, owner.verify("ACME.de."), 409, "sso_domain_unverified")

		// The DNS server failing or gone is not "no record".
		dns.SetFailing(true)
		wantCode(t, owner.verify("acme.de"), 503, "sso_dns_unavailable")
		dns.SetFailing(false)

		// Published (a console that kept the quotes counts too): claimed.
		dns.Set(name, "v=spf1 -all", `"`+value+`"`)
		got := owner.verify("acme.de").must(t, 200).json(t)
		if !ssoDomainClaimed(t, got, "acme.de") || !ssoDomainClaimed(t, got, "acme.com") {
			t.Fatalf("after the proof = %v", got["domains"])
		}
		asked := dns.Queries(name)
		owner.verify("acme.de").must(t, 200) // claimed: no lookup again
		if dns.Queries(name) != asked {
			t.Error("a claimed domain was looked up again")
		}
		if !strings.Contains(st.e.log.String(), "domain proven by DNS") {
			t.Error("the claim is not in the log")
		}

		// Refusals.
		m = wantCode(t, owner.verify("acme.org"), 400, "sso_domain_not_listed")
		if fieldText(m, "domain") != "Die Domain acme.org steht nicht in der Liste deiner Domains." {
			t.Errorf("not listed = %v", m)
		}
		wantCode(t, owner.verify("gmail.com"), 400, "sso_domain_freemail")
		wantCode(t, owner.verify("not a domain"), 400, "sso_bad_domain")
		m = wantCode(t, owner.do("PUT", "/api/team/sso", map[string]any{"issuer": st.fake.Issuer(), "clientId": st.fake.ClientID(),
			"domains": []string{"acme.com", "GMX.de"}}), 400, "sso_domain_freemail")
		if fieldText(m, "domains") != "gmx.de ist eine Domain für private E-Mail-Adressen und kann nicht für die Firmen-Anmeldung eingetragen werden." {
			t.Errorf("free-mail = %v", m)
		}
		e := st.e
		member := chatUser(t, e, "mia@example.com")
		member.do("POST", "/api/team/join", map[string]any{"token": linkToken(t,
			owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string), "token")}).must(t, 200)
		wantCode(t, member.verify("acme.de"), 403, "team_owner_only")
		wantCode(t, chatUser(t, e, "lone@example.com").verify("acme.de"), 404, "team_not_found")

		// A DNS server that is not there.
		dns.Close()
		owner.do("PUT", "/api/team/sso", map[string]any{"issuer": st.fake.Issuer(), "clientId": st.fake.ClientID(),
			"domains": []string{"acme.com", "acme.de", "acme.net"}}).must(t, 200)
		wantCode(t, owner.verify("acme.net"), 503, "sso_dns_unavailable")

		// Checks are limited per owner.
		limited := false
		for range 40 {
			if r := owner.verify("acme.com"); r.status == http.StatusTooManyRequests {
				limited = true
				break
			}
		}
		if !limited {
			t.Error("no limit on domain checks")
		}
	})
}

// ssoDomainClaimed reports whether domain is claimed in settings.
func ssoDomainClaimed(t *testing.T, settings map[string]any, domain string) bool {
	t.Helper()
	return ssoDomain(t, settings, domain)["claimed"] == true
}

// TestSSODomainProofIsTheTeams: each team has its own record for a domain;
// another team's record proves nothing, and once one team holds the domain
// the others cannot claim it.
func TestSSODomainProofIsTheTeams(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake, dns := oidctest.New(t), dnstest.New(t)
		e := newEnv(t, db, withSSOAllow(fake, true), withDNS(dns))
		a, as := foundSSOTeam(t, e, "a@example.com", "A", fake, "shared.example")
		b, bs := foundSSOTeam(t, e, "b@example.com", "B", fake, "shared.example")
		ad, bd := ssoDomain(t, as, "shared.example"), ssoDomain(t, bs, "shared.example")
		if ad["dnsName"] != bd["dnsName"] || ad["dnsValue"] == bd["dnsValue"] {
			t.Fatalf("records: %v and %v", ad, bd)
		}
		name := ad["dnsName"].(string)
		dns.Set(name, ad["dnsValue"].(string))
		wantCode(t, b.verify("shared.example"), 409, "sso_domain_unverified")
		a.verify("shared.example").must(t, 200)
		dns.Set(name, ad["dnsValue"].(string), bd["dnsValue"].(string))
		m := wantCode(t, b.verify("shared.example"), 409, "sso_domain_taken")
		if m["error"] != "Die Domain shared.example gehört bereits zu einem anderen Team." {
			t.Errorf("taken = %v", m)
		}
	})
}

// TestSSODomainVerifyRace: teams that all published their record verify
// one domain at once; exactly one claims it.
func TestSSODomainVerifyRace(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake, dns := oidctest.New(t), dnstest.New(t)
		e := newEnv(t, db, withSSOAllow(fake, true), withDNS(dns))
		const n = 5
		owners := make([]*client, n)
		var values []string
		for i := range owners {
			var s map[string]any
			owners[i], s = foundSSOTeam(t, e, "owner"+string(rune('a'+i))+"@example.com", "Team", fake, "race.example")
			values = append(values, ssoDomain(t, s, "race.example")["dnsValue"].(string))
		}
		dns.Set("_salescoach-challenge.race.example", values...)
		start := make(chan struct{})
		var wg sync.WaitGroup
		results := make([]response, n)
		for i := range owners {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				results[i] = owners[i].verify("race.example")
			}()
		}
		close(start)
		wg.Wait()
		won := 0
		for _, r := range results {
			switch {
			case r.status == 200:
				won++
			case r.status != 409 || r.json(t)["code"] != "sso_domain_taken":
				t.Errorf("a loser got %d %s", r.status, r.body)
			}
		}
		if won != 1 {
			t.Fatalf("%d teams claimed the domain, want 1", won)
		}
	})
}

// TestSSOTakeoverAsReproduced: the attack of issue 38. A team's owner
// points company sign-in at a provider of their own, lists a domain that
// is not theirs and passes the test with an address of it. That claims
// nothing, switches nothing on and signs nobody of that domain in; the real
// company lists and proves its domain later.
func TestSSOTakeoverAsReproduced(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		evil := oidctest.New(t, oidctest.WithUser(oidctest.User{Subject: "m", Email: "attacker@victim.example", EmailVerified: true}))
		real := oidctest.New(t, oidctest.WithClient("victim-client", "victim-secret"))
		dns := dnstest.New(t)
		e := newEnv(t, db, withSSOAllow(evil, true, real), withDNS(dns), func(cfg *httpapi.Config, _ *httpapi.Deps) {
			cfg.SignupsPerHour = 1000
		})
		mallory, _ := foundSSOTeam(t, e, "mallory@evil.example", "Evil", evil, "victim.example")
		got := mallory.ssoTest(t, evil)
		if lt := got["lastTest"].(map[string]any); lt["ok"] != true || lt["email"] != "attacker@victim.example" {
			t.Fatalf("the test = %v", lt)
		}
		if ssoDomainClaimed(t, got, "victim.example") {
			t.Fatal("a test sign-in claimed the domain")
		}
		on := map[string]any{"issuer": evil.Issuer(), "clientId": evil.ClientID(), "domains": []string{"victim.example"},
			"enforced": true, "active": true}
		wantCode(t, mallory.do("PUT", "/api/team/sso", on), 409, "sso_domain_unclaimed")
		wantCode(t, mallory.verify("victim.example"), 409, "sso_domain_unverified")
		// No sign-in for the domain's addresses, and no accounts made.
		evil.SetUser(oidctest.User{Subject: "anna-sub", Email: "anna@victim.example", EmailVerified: true})
		wantCode(t, e.client().do("POST", "/api/auth/sso/start", map[string]any{"email": "anna@victim.example"}), 404, "sso_not_configured")
		if _, err := e.users.UserByEmail(t.Context(), "anna@victim.example"); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Errorf("an account for anna: %v", err)
		}

		// The real company: its domain is free for it, and its record
		// proves it.
		victim, vs := foundSSOTeam(t, e, "it@victim.example", "Victim GmbH", real, "victim.example")
		vd := ssoDomain(t, vs, "victim.example")
		dns.Set(vd["dnsName"].(string), vd["dnsValue"].(string))
		if got := victim.verify("victim.example").must(t, 200).json(t); !ssoDomainClaimed(t, got, "victim.example") {
			t.Fatalf("the real company's claim = %v", got["domains"])
		}
		// Its record does not prove the attacker's team, whose listing is
		// refused now besides.
		wantCode(t, mallory.verify("victim.example"), 409, "sso_domain_unverified")
		wantCode(t, mallory.do("PUT", "/api/team/sso", on), 409, "sso_domain_taken")
	})
}

// TestSSOExistingAccounts: a company sign-in enters an existing account only
// through an identity linked before or the account's password; a password
// reset and a sign-up confirmation drop linked identities; an identity
// opens an account only in its team or joining it from none.
func TestSSOExistingAccounts(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		st := newSSOTeam(t, db, false)
		e, fake := st.e, st.fake
		signIn := func(sub, addr string) string {
			t.Helper()
			fake.SetUser(oidctest.User{Subject: sub, Email: addr, EmailVerified: true})
			c := e.client()
			return c.ssoCallback(t, st.ssoSignIn(t, c, addr))
		}
		joinURL := st.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)

		// A member of the team with a password, not linked: the link step.
		bob := chatUser(t, e, "bob@acme.com")
		bob.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, joinURL, "token")}).must(t, 200)
		if got := signIn("bob-sub", "bob@acme.com"); !strings.Contains(got, "sso_link=") {
			t.Errorf("a member's account entered without its password: %s", got)
		}

		// Anna came in by company sign-in; her reset drops the identity:
		// the next company sign-in needs the new password.
		if got := signIn("anna-sub", "anna@acme.com"); got != oauthOK {
			t.Fatalf("anna's sign-in went to %s", got)
		}
		e.client().do("POST", "/api/auth/recover", map[string]any{"email": "anna@acme.com"}).must(t, 200)
		reset := linkToken(t, e.log.lastLink(t, "anna@acme.com"), "reset")
		e.client().do("POST", "/api/auth/reset", map[string]any{"token": reset, "password": "annas-eigenes-passwort"}).must(t, 200)
		got := signIn("anna-sub", "anna@acme.com")
		if !strings.Contains(got, "sso_link=") {
			t.Fatalf("after the reset the identity still signs in: %s", got)
		}
		c := e.client()
		c.do("POST", "/api/auth/sso/link", map[string]any{"token": linkToken(t, got, "sso_link"),
			"password": "annas-eigenes-passwort"}).must(t, 200)
		if got := signIn("anna-sub", "anna@acme.com"); got != oauthOK {
			t.Errorf("linked again: %s", got)
		}

		// Carl signed up but never confirmed: the company proves the
		// mailbox and takes the account over; his own confirmation link
		// then drops that identity.
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "carl@acme.com", "password": pw, "termsAccepted": true}).must(t, 201)
		confirm := linkToken(t, e.log.lastLink(t, "carl@acme.com"), "confirm")
		if got := signIn("carl-sub", "carl@acme.com"); got != oauthOK {
			t.Fatalf("carl's sign-in went to %s", got)
		}
		e.client().do("POST", "/api/auth/confirm", map[string]any{"token": confirm}).must(t, 200)
		if got := signIn("carl-sub", "carl@acme.com"); !strings.Contains(got, "sso_link=") {
			t.Errorf("after the confirmation the identity still signs in: %s", got)
		}

		// Dora, linked, leaves the team: her next company sign-in brings
		// her back (her address is of the team's proven domain). In
		// another team, she is refused and stays there.
		if got := signIn("dora-sub", "dora@acme.com"); got != oauthOK {
			t.Fatalf("dora's sign-in went to %s", got)
		}
		doraID := userIDByEmail(t, e, "dora@acme.com")
		mustNil(t, e.teams.Leave(t.Context(), doraID))
		if got := signIn("dora-sub", "dora@acme.com"); got != oauthOK {
			t.Fatalf("dora's sign-in after leaving went to %s", got)
		}
		if ms, err := e.teams.MyTeam(t.Context(), doraID); err != nil || ms.Team.Name != "Acme Vertrieb" {
			t.Fatalf("dora's team = %+v, %v", ms, err)
		}
		mustNil(t, e.teams.Leave(t.Context(), doraID))
		doraUser, err := e.users.UserByID(t.Context(), doraID)
		mustNil(t, err)
		if _, err := e.teams.CreateTeam(t.Context(), doraUser, "Doras Team", "join-dora", e.clock.Now()); err != nil {
			t.Fatal(err)
		}
		if got := signIn("dora-sub", "dora@acme.com"); got != ssoFail {
			t.Errorf("an account of another team went to %s", got)
		}
		if ms, _ := e.teams.MyTeam(t.Context(), doraID); ms.Team.Name != "Doras Team" {
			t.Errorf("dora was moved to %s", ms.Team.Name)
		}
		// An account of another team that is not linked: no link step is
		// offered either.
		chatUser(t, e, "erik@acme.com").do("POST", "/api/teams", map[string]any{"name": "Eriks"}).must(t, 201)
		if got := signIn("erik-sub", "erik@acme.com"); got != ssoFail {
			t.Errorf("an unlinked account of another team went to %s", got)
		}
	})
}

// userIDByEmail reads the id of the account with addr.
func userIDByEmail(t *testing.T, e *env, addr string) string {
	t.Helper()
	u, err := e.users.UserByEmail(t.Context(), addr)
	if err != nil {
		t.Fatal(err)
	}
	return u.ID
}

// mustNil fails the test on err.
func mustNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestSSOEnforcementCoversSocialAndEndsSessions: switching 'Anmeldung nur
// über die Firma' on ends the members' and managers' sessions (not the
// owner's); after it, their password, Google and Apple sign-ins are
// refused, and people outside the team are not affected.
func TestSSOEnforcementCoversSocialAndEndsSessions(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		google := oidctest.New(t, oidctest.WithUser(oidctest.User{Subject: "g-gina", Email: "gina@acme.com", EmailVerified: true}))
		st := newSSOTeamEnv(t, db, false, []envOption{withProvider(t, "google", google)})
		e := st.e
		joinURL := st.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)
		join := func(c *client) {
			t.Helper()
			c.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, joinURL, "token")}).must(t, 200)
		}
		// Bob signs in with his password, Gina with Google; both join.
		bob := chatUser(t, e, "bob@acme.com")
		join(bob)
		gina := e.client()
		if got := gina.callback(t, google.Approve(t, gina.startOAuth(t, "google"))); got != oauthOK {
			t.Fatalf("gina's Google sign-in went to %s", got)
		}
		gina.token = gina.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
		join(gina)
		// Olga, outside the team, signs in with Google too.
		google.SetUser(oidctest.User{Subject: "g-olga", Email: "olga@elsewhere.example", EmailVerified: true})
		olga := e.client()
		if got := olga.callback(t, google.Approve(t, olga.startOAuth(t, "google"))); got != oauthOK {
			t.Fatalf("olga's sign-in went to %s", got)
		}

		// Enforced: the members' sessions end at once, the owner's stays.
		settings := map[string]any{"issuer": st.fake.Issuer(), "clientId": st.fake.ClientID(),
			"domains": []string{"acme.com", "acme.de"}, "enforced": true, "active": true}
		st.owner.do("PUT", "/api/team/sso", settings).must(t, 200)
		for name, c := range map[string]*client{"bob": bob, "gina": gina} {
			wantCode(t, c.do("GET", "/api/me", nil), 401, "session_invalid")
			if r := c.do("POST", "/api/auth/refresh", nil); r.status != 401 {
				t.Errorf("%s's refresh: %d", name, r.status)
			}
		}
		st.owner.do("GET", "/api/me", nil).must(t, 200)
		if !strings.Contains(e.log.String(), "member sessions ended") {
			t.Error("the end of the sessions is not in the log")
		}
		// Hans comes in through the company; saving again while enforced
		// ends nothing more.
		st.fake.SetUser(oidctest.User{Subject: "hans-sub", Email: "hans@acme.com", EmailVerified: true})
		hans := e.client()
		if got := hans.ssoCallback(t, st.ssoSignIn(t, hans, "hans@acme.com")); got != oauthOK {
			t.Fatalf("hans's company sign-in went to %s", got)
		}
		hans.token = hans.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
		st.owner.do("PUT", "/api/team/sso", settings).must(t, 200)
		hans.do("GET", "/api/me", nil).must(t, 200)

		// Password, Google: refused; the company sign-in is the way in.
		wantCode(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": "bob@acme.com", "password": pw}), 403, "sso_required")
		google.SetUser(oidctest.User{Subject: "g-gina", Email: "gina@acme.com", EmailVerified: true})
		again := e.client()
		if got := again.callback(t, google.Approve(t, again.startOAuth(t, "google"))); got != "http://coach.test/app/login?error=sso_required" {
			t.Errorf("gina's Google sign-in under enforcement went to %s", got)
		}
		if r := again.do("POST", "/api/auth/refresh", nil); r.status != 401 {
			t.Errorf("a refused Google sign-in started a session: %d", r.status)
		}
		google.SetUser(oidctest.User{Subject: "g-olga", Email: "olga@elsewhere.example", EmailVerified: true})
		if got := olga.callback(t, google.Approve(t, olga.startOAuth(t, "google"))); got != oauthOK {
			t.Errorf("olga, outside the team: %s", got)
		}
		st.fake.SetUser(oidctest.User{Subject: "gina-sub", Email: "gina@acme.com", EmailVerified: true})
		if got := again.ssoCallback(t, st.ssoSignIn(t, again, "gina@acme.com")); !strings.Contains(got, "sso_link=") {
			t.Errorf("gina's company sign-in went to %s", got)
		}
	})
}

// TestSSOVerifyWithoutDNS: a server without a resolver cannot prove
// domains.
func TestSSOVerifyWithoutDNS(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withSSOAllow(fake, true))
		owner, _ := foundSSOTeam(t, e, "owner@acme.com", "Acme", fake, "acme.com")
		wantCode(t, owner.verify("acme.com"), 503, "sso_dns_unavailable")
		wantCode(t, e.client().do("POST", "/api/team/sso/domains/verify", map[string]any{"domain": "acme.com"}), 401, "sign_in_required")
	})
}
