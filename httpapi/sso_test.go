package httpapi_test

import (
	"net/http"
	"net/netip"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/auth/oidctest"
	"salescoach/dnstxt"
	"salescoach/dnstxt/dnstest"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
	"salescoach/webfetch"
)

const ssoSecret = "super-secret-client-value-4711"

func mustSSOSealer(t testing.TB, key []byte) *auth.SSOSealer {
	t.Helper()
	s, err := auth.NewSSOSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withSSOAllow lets company sign-in reach the fake on 127.0.0.1 (SSO_ALLOW,
// SSO_ALLOW_PORTS); ports false allows the network but not the port.
// More fakes may be allowed.
func withSSOAllow(fake *oidctest.Server, ports bool, more ...*oidctest.Server) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		cfg := webfetch.Config{Allow: []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}}
		for _, f := range append([]*oidctest.Server{fake}, more...) {
			u, _ := url.Parse(f.URL())
			if port, _ := strconv.Atoi(u.Port()); ports {
				cfg.AllowPorts = append(cfg.AllowPorts, port)
			}
		}
		deps.SSOFetch = webfetch.New(cfg)
	}
}

// withDNS makes the server prove domains at the test's DNS server
// (SSO_DNS_SERVER).
func withDNS(srv *dnstest.Server) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		deps.SSODNS = dnstxt.New(srv.Addr(), 0)
	}
}

const (
	ssoFail       = "http://coach.test/app/login?error=sso"
	ssoForeignTo  = "http://coach.test/app/login?error=sso_domain"
	ssoTestDoneTo = "http://coach.test/app/team/sso?test=done"
)

// ssoTeam is a team of owner@acme.com with an active company sign-in at
// fake and acme.com proven at dns.
type ssoTeam struct {
	e     *env
	fake  *oidctest.Server
	dns   *dnstest.Server
	owner *client
}

// newSSOTeam founds the team, saves the settings, passes the owner's test,
// proves acme.com by DNS and switches the sign-in on (enforced as asked).
// opts configure the fake.
func newSSOTeam(t *testing.T, db *sqlstore.DB, enforced bool, opts ...oidctest.Option) *ssoTeam {
	t.Helper()
	return newSSOTeamEnv(t, db, enforced, nil, opts...)
}

// newSSOTeamEnv is newSSOTeam with more options for the server.
func newSSOTeamEnv(t *testing.T, db *sqlstore.DB, enforced bool, more []envOption, opts ...oidctest.Option) *ssoTeam {
	t.Helper()
	fake := oidctest.New(t, append([]oidctest.Option{oidctest.WithUser(oidctest.User{Subject: "owner-sub", Email: "owner@acme.com", EmailVerified: true, Name: "Olga Owner"})}, opts...)...)
	dns := dnstest.New(t)
	e := newEnv(t, db, append([]envOption{withSSOAllow(fake, true), withDNS(dns), func(cfg *httpapi.Config, _ *httpapi.Deps) {
		cfg.SignupsPerHour = 1000 // every start counts, from one test address
	}}, more...)...)
	e.signUpConfirmed("owner@acme.com", pw)
	owner := e.client()
	owner.signIn("owner@acme.com", pw, true)
	owner.do("POST", "/api/teams", map[string]any{"name": "Acme Vertrieb"}).must(t, 201)

	got := owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t)
	if got["configured"] != false || got["redirectUri"] != "http://coach.test/api/auth/sso/callback" || got["lastTest"] != nil {
		t.Fatalf("unconfigured = %v", got)
	}
	settings := map[string]any{"issuer": fake.Issuer(), "clientId": fake.ClientID(), "clientSecret": fake.ClientSecret(),
		"domains": []string{"ACME.com", "acme.de"}, "enforced": enforced, "defaultRole": "member", "active": false}
	r := owner.do("PUT", "/api/team/sso", settings).must(t, 200)
	if strings.Contains(string(r.body), fake.ClientSecret()) {
		t.Fatal("the answer carries the client secret")
	}
	if got := r.json(t); got["clientSecretSet"] != true || got["active"] != false || len(got["domains"].([]any)) != 2 {
		t.Fatalf("saved = %v", got)
	}
	delete(settings, "clientSecret")
	settings["active"] = true
	wantCode(t, owner.do("PUT", "/api/team/sso", settings), 409, "sso_test_required")

	// The owner's test passes, and claims nothing (issue 38).
	to := owner.do("POST", "/api/team/sso/test", nil).must(t, 200).json(t)["url"].(string)
	if got := owner.ssoCallback(t, fake.Approve(t, to)); got != ssoTestDoneTo {
		t.Fatalf("test went to %s\n%s", got, e.log.String())
	}
	got = owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t)
	lt := got["lastTest"].(map[string]any)
	if lt["ok"] != true || lt["current"] != true || lt["subject"] != "owner-sub" || lt["email"] != "owner@acme.com" ||
		lt["emailVerified"] != true || lt["error"] != nil {
		t.Fatalf("last test = %v", lt)
	}
	d := got["domains"].([]any)[0].(map[string]any)
	if d["domain"] != "acme.com" || d["claimed"] != false || d["dnsName"] != "_salescoach-challenge.acme.com" ||
		!strings.HasPrefix(d["dnsValue"].(string), "salescoach-verification=") {
		t.Fatalf("domains = %v", got["domains"])
	}
	wantCode(t, owner.do("PUT", "/api/team/sso", settings), 409, "sso_domain_unclaimed")

	// The TXT record proves acme.com; acme.de stays unproven.
	dns.Set(d["dnsName"].(string), d["dnsValue"].(string))
	got = owner.do("POST", "/api/team/sso/domains/verify", map[string]any{"domain": "acme.com"}).must(t, 200).json(t)
	if d := got["domains"].([]any)[0].(map[string]any); d["domain"] != "acme.com" || d["claimed"] != true {
		t.Fatalf("domains = %v", got["domains"])
	}
	if got["domains"].([]any)[1].(map[string]any)["claimed"] != false {
		t.Fatalf("acme.de claimed without its record")
	}
	if got := owner.do("PUT", "/api/team/sso", settings).must(t, 200).json(t); got["active"] != true {
		t.Fatalf("switched on = %v", got)
	}
	return &ssoTeam{e: e, fake: fake, dns: dns, owner: owner}
}

// ssoCallback delivers the provider's answer to our server, as the browser would.
func (c *client) ssoCallback(t *testing.T, cb oidctest.Callback) string {
	t.Helper()
	u, _ := url.Parse(cb.URL)
	if u.Path != "/api/auth/sso/callback" {
		t.Fatalf("callback to %s", cb.URL)
	}
	r := c.do("GET", u.Path+"?"+u.RawQuery, nil)
	if r.status != http.StatusSeeOther {
		t.Fatalf("callback status %d", r.status)
	}
	return r.header.Get("Location")
}

// ssoSignIn starts a company sign-in for addr in c and returns the provider's
// answer.
func (st *ssoTeam) ssoSignIn(t *testing.T, c *client, addr string) oidctest.Callback {
	t.Helper()
	to := c.do("POST", "/api/auth/sso/start", map[string]any{"email": addr, "remember": true, "language": "en"}).must(t, 200).json(t)["url"].(string)
	if !strings.Contains(to, "login_hint="+url.QueryEscape(addr)) || !strings.Contains(to, "code_challenge_method=S256") {
		t.Errorf("authorization URL %s", to)
	}
	return st.fake.Approve(t, to)
}

func TestSSOSignInLinkAndEnforcement(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		st := newSSOTeam(t, db, true)
		e, fake := st.e, st.fake

		// JIT: a new colleague lands in the team, confirmed, as a member.
		fake.SetUser(oidctest.User{Subject: "anna-sub", Email: "anna@acme.com", EmailVerified: true, Name: "Anna Acme"})
		anna := e.client()
		if got := anna.ssoCallback(t, st.ssoSignIn(t, anna, "anna@acme.com")); got != oauthOK {
			t.Fatalf("sign-in went to %s\n%s", got, e.log.String())
		}
		s := anna.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
		if u := s["user"].(map[string]any); u["email"] != "anna@acme.com" || u["email_confirmed_at"] == nil {
			t.Errorf("user = %v", u)
		}
		anna.token = s["access_token"].(string)
		me := anna.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)
		if me["display_name"] != "Anna Acme" || me["terms_accepted_at"] != nil {
			t.Errorf("me = %v", me)
		}
		members := st.owner.do("GET", "/api/team/members", nil).must(t, 200).json(t)["members"].([]any)
		found := false
		for _, m := range members {
			if m := m.(map[string]any); m["email"] == "anna@acme.com" && m["role"] == "member" {
				found = true
			}
		}
		if !found {
			t.Errorf("the owner's members list lacks anna: %v", members)
		}
		// A second sign-in finds the same account.
		again := e.client()
		// Delivered as a form POST (response_mode=form_post), cross-site.
		cb := st.ssoSignIn(t, again, "anna@acme.com")
		req, _ := http.NewRequest("POST", e.srv.URL+"/api/auth/sso/callback", strings.NewReader(cb.Form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Origin", "https://idp.acme.example")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		res, err := again.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != oauthOK {
			t.Fatalf("form_post callback: %d %s", res.StatusCode, res.Header.Get("Location"))
		}
		if id := again.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["user"].(map[string]any)["id"]; id != me["id"] {
			t.Error("a second sign-in made another account")
		}
		// A member may not see the settings.
		wantCode(t, anna.do("GET", "/api/team/sso", nil), 403, "team_owner_only")

		// An existing account outside the team proves its password once.
		e.signUpConfirmed("bob@acme.com", pw)
		fake.SetUser(oidctest.User{Subject: "bob-sub", Email: "bob@acme.com", EmailVerified: true})
		bob := e.client()
		loc := bob.ssoCallback(t, st.ssoSignIn(t, bob, "bob@acme.com"))
		token := linkToken(t, loc, "sso_link")
		info := bob.do("GET", "/api/auth/sso/link?token="+url.QueryEscape(token), nil).must(t, 200).json(t)
		if info["email"] != "bob@acme.com" || info["teamName"] != "Acme Vertrieb" || info["hasPassword"] != true {
			t.Errorf("link info = %v", info)
		}
		wantCode(t, bob.do("POST", "/api/auth/sso/link", map[string]any{"token": token, "password": "wrong-password"}), 401, "invalid_credentials")
		s = bob.do("POST", "/api/auth/sso/link", map[string]any{"token": token, "password": pw, "remember": true}).must(t, 200).json(t)
		if s["user"].(map[string]any)["email"] != "bob@acme.com" {
			t.Errorf("link session = %v", s)
		}
		wantCode(t, bob.do("POST", "/api/auth/sso/link", map[string]any{"token": token, "password": pw}), 404, "sso_link_invalid")
		wantCode(t, bob.do("GET", "/api/auth/sso/link?token="+url.QueryEscape(token), nil), 404, "sso_link_invalid")
		// Linked: the next company sign-in goes straight in.
		bob2 := e.client()
		if got := bob2.ssoCallback(t, st.ssoSignIn(t, bob2, "bob@acme.com")); got != oauthOK {
			t.Errorf("linked sign-in went to %s", got)
		}

		// Enforcement: bob (now a member) is refused after the right
		// password; a wrong one is still 401; the owner still gets in.
		wantCode(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": "bob@acme.com", "password": pw}), 403, "sso_required")
		wantCode(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": "bob@acme.com", "password": "wrong-password"}), 401, "invalid_credentials")
		e.client().signIn("owner@acme.com", pw, false)

		// A second team cannot list the claimed domain.
		e.signUpConfirmed("other@beta.com", pw)
		other := e.client()
		other.signIn("other@beta.com", pw, false)
		other.do("POST", "/api/teams", map[string]any{"name": "Beta"}).must(t, 201)
		m := wantCode(t, other.do("PUT", "/api/team/sso", map[string]any{"issuer": fake.Issuer(), "clientId": "x",
			"clientSecret": "y", "domains": []string{"acme.com"}}), 409, "sso_domain_taken")
		if !strings.Contains(m["error"].(string), "acme.com") {
			t.Errorf("error = %v", m)
		}

		// The admins see the state and switch it off; enforcement ends.
		e.signUpConfirmed("boss@example.com", pw)
		admin := e.client()
		admin.signIn("boss@example.com", pw, false)
		items := admin.do("GET", "/api/admin/teams?q=Acme", nil).must(t, 200).json(t)["items"].([]any)
		if len(items) != 1 {
			t.Fatalf("teams = %v", items)
		}
		item := items[0].(map[string]any)
		sso := item["sso"].(map[string]any)
		if sso["state"] != "active" || sso["enforced"] != true || len(sso["domains"].([]any)) != 1 || sso["domains"].([]any)[0] != "acme.com" {
			t.Errorf("admin sso = %v", sso)
		}
		wantCode(t, st.owner.do("POST", "/api/admin/teams/"+item["id"].(string)+"/sso/disable", nil), 403, "forbidden")
		admin.do("POST", "/api/admin/teams/"+item["id"].(string)+"/sso/disable", nil).must(t, 204)
		wantCode(t, admin.do("POST", "/api/admin/teams/00000000-0000-4000-8000-000000000000/sso/disable", nil), 404, "sso_not_configured")
		if !strings.Contains(e.log.String(), "company sign-in switched off by an admin") {
			t.Error("the switch-off is not in the log")
		}
		betaItems := admin.do("GET", "/api/admin/teams?q=Beta", nil).must(t, 200).json(t)["items"].([]any)
		if s := betaItems[0].(map[string]any)["sso"].(map[string]any); s["state"] != "off" {
			t.Errorf("a team without company sign-in: %v", s)
		}
		e.client().signIn("bob@acme.com", pw, false)
		got := st.owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t)
		if got["adminDisabled"] != true || got["active"] != false || got["lastTest"].(map[string]any)["current"] != false {
			t.Errorf("after the switch-off = %v", got)
		}
		wantCode(t, e.client().do("POST", "/api/auth/sso/start", map[string]any{"email": "anna@acme.com"}), 404, "sso_not_configured")

		// Removing it is the owner's; then nothing is configured.
		wantCode(t, anna.do("DELETE", "/api/team/sso", nil), 403, "team_owner_only")
		st.owner.do("DELETE", "/api/team/sso", nil).must(t, 204)
		if got := st.owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t); got["configured"] != false {
			t.Errorf("after removal = %v", got)
		}
		// The secret was never logged.
		if strings.Contains(e.log.String(), fake.ClientSecret()) {
			t.Error("the client secret is in the log")
		}
	})
}

// TestSSOEmailVerifiedElsewhere: providers that do not put email_verified
// into the ID token still sign in verified addresses and refuse the others
// — Okta's default authorization server answers it at the userinfo endpoint
// (whose sub must be the token's), Microsoft Entra ID sends xms_edov. The
// owner's test in newSSOTeam passes through the same path.
func TestSSOEmailVerifiedElsewhere(t *testing.T) {
	for _, where := range []string{oidctest.VerifiedInUserInfo, oidctest.VerifiedAsXMSEdov} {
		t.Run(where, func(t *testing.T) {
			sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
				st := newSSOTeam(t, db, false, oidctest.WithEmailVerifiedIn(where))
				e, fake := st.e, st.fake
				fake.SetUser(oidctest.User{Subject: "vera-sub", Email: "vera@acme.com", EmailVerified: true})
				vera := e.client()
				if got := vera.ssoCallback(t, st.ssoSignIn(t, vera, "vera@acme.com")); got != oauthOK {
					t.Fatalf("verified: went to %s\n%s", got, e.log.String())
				}
				fake.SetUser(oidctest.User{Subject: "uwe-sub", Email: "uwe@acme.com"})
				uwe := e.client()
				if got := uwe.ssoCallback(t, st.ssoSignIn(t, uwe, "uwe@acme.com")); got != "http://coach.test/app/login?error=sso_unverified" {
					t.Errorf("unverified: went to %s", got)
				}
				if where != oidctest.VerifiedInUserInfo {
					return
				}
				fake.SetUser(oidctest.User{Subject: "vera-sub", Email: "vera@acme.com", EmailVerified: true})
				fake.SetUserInfoSubject("someone-else")
				other := e.client()
				if got := other.ssoCallback(t, st.ssoSignIn(t, other, "vera@acme.com")); got != ssoFail {
					t.Errorf("userinfo about another subject: went to %s", got)
				}
			})
		})
	}
}

// TestSSOSettingsEnteredAnew: settings removed and entered again for
// another provider start at version 1 again; the server must not keep using
// the provider it built for the first ones.
func TestSSOSettingsEnteredAnew(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		first, second := oidctest.New(t), oidctest.New(t, oidctest.WithClient("second-client", "second-secret"))
		e := newEnv(t, db, withSSOAllow(first, true, second))
		e.signUpConfirmed("owner@acme.com", pw)
		owner := e.client()
		owner.signIn("owner@acme.com", pw, true)
		owner.do("POST", "/api/teams", map[string]any{"name": "Acme"}).must(t, 201)
		for i, f := range []*oidctest.Server{first, second} {
			owner.do("PUT", "/api/team/sso", map[string]any{"issuer": f.Issuer(), "clientId": f.ClientID(),
				"clientSecret": f.ClientSecret(), "domains": []string{"acme.com"}, "defaultRole": "member"}).must(t, 200)
			to := owner.do("POST", "/api/team/sso/test", nil).must(t, 200).json(t)["url"].(string)
			if !strings.HasPrefix(to, f.Issuer()+"/") || !strings.Contains(to, "client_id="+f.ClientID()) {
				t.Fatalf("settings %d: the test goes to %s, want %s", i+1, to, f.Issuer())
			}
			owner.do("DELETE", "/api/team/sso", nil).must(t, 204)
		}
	})
}

// TestSSOSecretExpiryDate (issue 40): the owner enters the client secret's
// expiry date with the settings and reads it back; a date that is none, in
// the past or more than ten years ahead names its field; a stored date
// that has passed may be saved again; null takes it away.
func TestSSOSecretExpiryDate(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withSSOAllow(fake, true))
		e.signUpConfirmed("owner@acme.com", pw)
		owner := e.client()
		owner.signIn("owner@acme.com", pw, true)
		owner.do("POST", "/api/teams", map[string]any{"name": "Acme"}).must(t, 201)
		settings := func(expires any) map[string]any {
			return map[string]any{"issuer": fake.Issuer(), "clientId": fake.ClientID(), "clientSecret": fake.ClientSecret(),
				"domains": []string{"acme.com"}, "clientSecretExpiresOn": expires}
		}
		today := e.clock.Now().UTC()
		for _, bad := range []any{"morgen", "2026-02-30", today.AddDate(0, 0, -1).Format("2006-01-02"), today.AddDate(10, 1, 0).Format("2006-01-02"), 5} {
			r := owner.do("PUT", "/api/team/sso", settings(bad))
			if r.status != 400 || fieldText(r.json(t), "clientSecretExpiresOn") == "" {
				t.Errorf("expiry %v: %d %s", bad, r.status, r.body)
			}
		}
		on := today.AddDate(0, 3, 0).Format("2006-01-02")
		got := owner.do("PUT", "/api/team/sso", settings(on)).must(t, 200).json(t)
		if got["clientSecretExpiresOn"] != on {
			t.Errorf("saved = %v", got["clientSecretExpiresOn"])
		}
		if got := owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t); got["clientSecretExpiresOn"] != on {
			t.Errorf("read = %v", got["clientSecretExpiresOn"])
		}
		// Past by now, saved again unchanged: kept.
		e.clock.Advance(100 * 24 * time.Hour)
		owner = e.client()
		owner.signIn("owner@acme.com", pw, true)
		owner.do("PUT", "/api/team/sso", settings(on)).must(t, 200)
		if got := owner.do("PUT", "/api/team/sso", settings(nil)).must(t, 200).json(t); got["clientSecretExpiresOn"] != nil {
			t.Errorf("cleared = %v", got["clientSecretExpiresOn"])
		}
	})
}

func TestSSORefusals(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		st := newSSOTeam(t, db, false)
		e, fake := st.e, st.fake
		users := func() int {
			n, err := e.users.CountUsers(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := users()
		fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.com", EmailVerified: true})
		refused := func(name, want string, setup, undo func()) {
			t.Helper()
			setup()
			c := e.client()
			if got := c.ssoCallback(t, st.ssoSignIn(t, c, "eve@acme.com")); got != want {
				t.Errorf("%s went to %s, want %s", name, got, want)
			}
			undo()
		}
		refused("wrong issuer", ssoFail, func() { fake.SetIDTokenIssuer("http://evil.example") }, func() { fake.SetIDTokenIssuer("") })
		refused("bad signature", ssoFail, func() { fake.SignWithWrongKey(t, true) }, func() { fake.SignWithWrongKey(t, false) })
		refused("expired token", ssoFail, func() { fake.SetIDTokenTTL(-time.Hour) }, func() { fake.SetIDTokenTTL(time.Hour) })
		refused("nonce mismatch", ssoFail, func() { fake.UseWrongNonce(true) }, func() { fake.UseWrongNonce(false) })
		refused("unverified e-mail", "http://coach.test/app/login?error=sso_unverified",
			func() { fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.com"}) },
			func() { fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.com", EmailVerified: true}) })
		refused("foreign domain", "http://coach.test/app/login?error=sso_domain",
			func() { fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.de", EmailVerified: true}) },
			func() { fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.com", EmailVerified: true}) })

		// State bound to another browser.
		victim, attacker := e.client(), e.client()
		if got := victim.ssoCallback(t, st.ssoSignIn(t, attacker, "eve@acme.com")); got != ssoFail {
			t.Errorf("unbound state went to %s", got)
		}
		// A replayed callback.
		c := e.client()
		cb := st.ssoSignIn(t, c, "eve@acme.com")
		fake.UseWrongNonce(true)
		c.ssoCallback(t, cb)
		fake.UseWrongNonce(false)
		if got := c.ssoCallback(t, cb); got != ssoFail {
			t.Errorf("replayed callback went to %s", got)
		}
		if n := users(); n != before {
			t.Errorf("refused sign-ins created %d accounts", n-before)
		}

		// Start refusals.
		wantCode(t, e.client().do("POST", "/api/auth/sso/start", map[string]any{"email": "no-at-sign"}), 400, "sso_email_invalid")
		wantCode(t, e.client().do("POST", "/api/auth/sso/start", map[string]any{"email": "x@unknown.org"}), 404, "sso_not_configured")
		wantCode(t, e.client().do("POST", "/api/auth/sso/start", map[string]any{"email": "x@acme.de"}), 404, "sso_not_configured")

		// An account without a password cannot be linked this way.
		if _, err := e.users.CreateUser(t.Context(), salescoach.NewUser{Email: "nopw@acme.com", EmailConfirmed: true}); err != nil {
			t.Fatal(err)
		}
		fake.SetUser(oidctest.User{Subject: "nopw-sub", Email: "nopw@acme.com", EmailVerified: true})
		c = e.client()
		token := linkToken(t, c.ssoCallback(t, st.ssoSignIn(t, c, "nopw@acme.com")), "sso_link")
		if info := c.do("GET", "/api/auth/sso/link?token="+url.QueryEscape(token), nil).must(t, 200).json(t); info["hasPassword"] != false {
			t.Errorf("link info = %v", info)
		}
		wantCode(t, c.do("GET", "/api/auth/sso/link?token=nope", nil), 404, "sso_link_invalid")

		// Switched off between start and callback.
		fake.SetUser(oidctest.User{Subject: "eve-sub", Email: "eve@acme.com", EmailVerified: true})
		c = e.client()
		cb = st.ssoSignIn(t, c, "eve@acme.com")
		off := map[string]any{"issuer": fake.Issuer(), "clientId": fake.ClientID(), "domains": []string{"acme.com"}, "active": false}
		st.owner.do("PUT", "/api/team/sso", off).must(t, 200)
		if got := c.ssoCallback(t, cb); got != "http://coach.test/app/login?error=sso_off" {
			t.Errorf("sign-in of a team switched off went to %s", got)
		}

		// A failed test is stored as such and claims nothing.
		fake.SetUser(oidctest.User{Subject: "owner-sub", Email: "owner@acme.com"})
		to := st.owner.do("POST", "/api/team/sso/test", nil).must(t, 200).json(t)["url"].(string)
		if got := st.owner.ssoCallback(t, fake.Approve(t, to)); got != ssoTestDoneTo {
			t.Errorf("test went to %s", got)
		}
		lt := st.owner.do("GET", "/api/team/sso", nil).must(t, 200).json(t)["lastTest"].(map[string]any)
		if lt["ok"] != false || lt["error"] != "sso_unverified_email" || lt["emailVerified"] != false {
			t.Errorf("failed test = %v", lt)
		}
	})
}

func TestSSOSettingsValidationAndSSRF(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		// No SSO_ALLOW: a provider on 127.0.0.1 over http is refused.
		e := newEnv(t, db)
		e.signUpConfirmed("owner@acme.com", pw)
		owner := e.client()
		owner.signIn("owner@acme.com", pw, false)
		wantCode(t, owner.do("GET", "/api/team/sso", nil), 404, "team_not_found")
		owner.do("POST", "/api/teams", map[string]any{"name": "Acme"}).must(t, 201)
		base := func() map[string]any {
			return map[string]any{"issuer": fake.Issuer(), "clientId": "coach", "clientSecret": ssoSecret, "domains": []string{"acme.com"}}
		}
		m := wantCode(t, owner.do("PUT", "/api/team/sso", base()), 400, "sso_bad_issuer")
		if fieldText(m, "issuer") == "" {
			t.Errorf("no issuer field: %v", m)
		}
		for _, c := range []struct {
			field string
			value any
			code  string
		}{
			{"issuer", "https://idp.example.com/realm?x=1", "sso_issuer_invalid"},
			{"issuer", "ftp://idp.example.com", "sso_bad_issuer"},
			{"clientId", "", "sso_client_id_invalid"},
			{"clientSecret", strings.Repeat("s", 2001), "sso_secret_too_long"},
			{"domains", []string{}, "sso_domains_count"},
			{"domains", []string{"acme.com", "Acme.com"}, "sso_domain_duplicate"},
			{"domains", []string{"localhost"}, "sso_bad_domain"},
			{"defaultRole", "owner", "team_bad_role"},
		} {
			body := base()
			body["issuer"] = "https://idp.example.com"
			body[c.field] = c.value
			wantCode(t, owner.do("PUT", "/api/team/sso", body), 400, c.code)
		}
		// The first save needs a secret.
		noSecret := base()
		delete(noSecret, "clientSecret")
		noSecret["issuer"] = "https://idp.example.com"
		wantCode(t, owner.do("PUT", "/api/team/sso", noSecret), 400, "sso_secret_required")
		wantCode(t, owner.do("POST", "/api/team/sso/test", nil), 409, "sso_test_unsaved")

		// SSO_ALLOW without the port: the guard refuses at connect time.
		e2 := newEnv(t, db, withSSOAllow(fake, false))
		e2.signUpConfirmed("owner2@acme.org", pw)
		o2 := e2.client()
		o2.signIn("owner2@acme.org", pw, false)
		o2.do("POST", "/api/teams", map[string]any{"name": "Acme 2"}).must(t, 201)
		body := base()
		body["domains"] = []string{"acme.org"}
		wantCode(t, o2.do("PUT", "/api/team/sso", body), 400, "sso_discovery_failed")
		if n := fake.Requests("/.well-known/openid-configuration"); n != 0 {
			t.Errorf("the fake was reached %d times", n)
		}
		if strings.Contains(e.log.String()+e2.log.String(), ssoSecret) {
			t.Error("the client secret is in the log")
		}
	})
}
