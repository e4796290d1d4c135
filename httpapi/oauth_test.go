package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"salescoach/auth"
	"salescoach/auth/oidctest"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// withProvider configures a provider against a fake.
func withProvider(t *testing.T, name string, fake *oidctest.Server) envOption {
	return func(cfg *httpapi.Config, deps *httpapi.Deps) {
		redirect := cfg.PublicURL + "/api/auth/oauth/" + name + "/callback"
		var pc auth.ProviderConfig
		if name == "apple" {
			pc = auth.AppleConfig(fake.ClientID(), func() (string, error) { return fake.ClientSecret(), nil }, redirect)
		} else {
			pc = auth.GoogleConfig(fake.ClientID(), fake.ClientSecret(), redirect)
		}
		pc.Issuer, pc.HTTPClient = fake.Issuer(), fake.Client()
		p, err := auth.NewProvider(t.Context(), pc)
		if err != nil {
			t.Fatal(err)
		}
		if deps.OAuth == nil {
			deps.OAuth = map[string]*auth.Provider{}
		}
		deps.OAuth[name] = p
	}
}

// startOAuth begins a social sign-in in c and returns the provider's URL.
func (c *client) startOAuth(t *testing.T, provider string) string {
	t.Helper()
	r := c.do("GET", "/api/auth/oauth/"+provider+"?remember=1", nil).must(t, 302)
	return r.header.Get("Location")
}

// callback delivers the provider's answer to our server, as the browser would.
func (c *client) callback(t *testing.T, cb oidctest.Callback) string {
	t.Helper()
	u, _ := url.Parse(cb.URL)
	var r response
	if cb.Method == http.MethodPost {
		req, _ := http.NewRequest("POST", c.e.srv.URL+u.Path, strings.NewReader(cb.Form.Encode()))
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		// Apple's form_post is a cross-site POST from its origin.
		req.Header.Set("Origin", "https://appleid.apple.com")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		res, err := c.http.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		r = response{status: res.StatusCode, header: res.Header}
	} else {
		r = c.do("GET", u.Path+"?"+u.RawQuery, nil)
	}
	if r.status != http.StatusSeeOther {
		t.Fatalf("callback status %d", r.status)
	}
	return r.header.Get("Location")
}

const (
	oauthOK   = "http://coach.test/app/login?oauth=1"
	oauthFail = "http://coach.test/app/login?error=social"
)

func TestOAuthGoogle(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withProvider(t, "google", fake))
		if got := e.client().do("GET", "/api/auth/providers", nil).must(t, 200).json(t); got["google"] != true || got["apple"] != false {
			t.Errorf("providers = %v", got)
		}
		c := e.client()
		authURL := c.startOAuth(t, "google")
		for _, p := range []string{"code_challenge_method=S256", "nonce=", "state=", "code_challenge="} {
			if !strings.Contains(authURL, p) {
				t.Errorf("auth URL lacks %s: %s", p, authURL)
			}
		}
		cb := fake.Approve(t, authURL)
		if got := c.callback(t, cb); got != oauthOK {
			t.Fatalf("callback went to %s\n%s", got, e.log.String())
		}
		s := c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
		u := s["user"].(map[string]any)
		if u["email"] != "erika@example.com" || u["email_confirmed_at"] == nil {
			t.Errorf("user = %v", u)
		}
		ids := u["identities"].([]any)
		if len(ids) == 0 || ids[0].(map[string]any)["provider"] != "google" {
			t.Errorf("identities = %v", ids)
		}
		c.token = s["access_token"].(string)
		me := c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)
		if me["display_name"] != "Erika Mustermann" || me["terms_accepted_at"] != nil {
			t.Errorf("me = %v (an OAuth user must still meet the terms modal)", me)
		}

		// The same answer delivered twice: the state is spent.
		if got := c.callback(t, cb); got != oauthFail {
			t.Errorf("replayed state went to %s", got)
		}
		// A second sign-in finds the same account.
		c2 := e.client()
		c2.callback(t, fake.Approve(t, c2.startOAuth(t, "google")))
		s2 := c2.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
		if s2["user"].(map[string]any)["id"] != u["id"] {
			t.Error("second Google sign-in created another account")
		}
		if n, _ := e.users.CountUsers(t.Context()); n != 1 {
			t.Errorf("%d users, want 1", n)
		}
	})
}

func TestOAuthStateChecks(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withProvider(t, "google", fake))

		// Expired: the answer comes back after ten minutes.
		c := e.client()
		cb := fake.Approve(t, c.startOAuth(t, "google"))
		e.clock.Advance(11 * time.Minute)
		if got := c.callback(t, cb); got != oauthFail {
			t.Errorf("expired state went to %s", got)
		}

		// Another browser (without the binding cookie) cannot finish it.
		victim, attacker := e.client(), e.client()
		cb = fake.Approve(t, attacker.startOAuth(t, "google"))
		if got := victim.callback(t, cb); got != oauthFail {
			t.Errorf("unbound state went to %s", got)
		}

		// A nonce that does not match is refused.
		fake.UseWrongNonce(true)
		c = e.client()
		if got := c.callback(t, fake.Approve(t, c.startOAuth(t, "google"))); got != oauthFail {
			t.Errorf("wrong nonce went to %s", got)
		}
		fake.UseWrongNonce(false)

		// Unknown provider.
		e.client().do("GET", "/api/auth/oauth/apple", nil).must(t, 404)
		if n, _ := e.users.CountUsers(t.Context()); n != 0 {
			t.Errorf("%d users created by refused sign-ins", n)
		}
	})
}

func TestOAuthAppleFormPostLinksUnconfirmedAccount(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t, oidctest.WithAppleStyle(), oidctest.WithKeyType(oidctest.ES256),
			oidctest.WithUser(oidctest.User{Subject: "apple-1", Email: "jana@example.com", EmailVerified: true, Name: "Jana Apfel"}))
		e := newEnv(t, db, withProvider(t, "apple", fake))
		// Someone registered Jana's address with a password but never
		// confirmed it.
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "jana@example.com", "password": pw, "termsAccepted": true}).must(t, 201)

		c := e.client()
		cb := fake.Approve(t, c.startOAuth(t, "apple"))
		if cb.Method != http.MethodPost {
			t.Fatalf("apple answered with %s, want form_post", cb.Method)
		}
		if got := c.callback(t, cb); got != oauthOK {
			t.Fatalf("callback went to %s\n%s", got, e.log.String())
		}
		s := c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)
		if s["user"].(map[string]any)["email"] != "jana@example.com" {
			t.Errorf("user = %v", s["user"])
		}
		// The password set by whoever registered first no longer works.
		e.client().do("POST", "/api/auth/login", map[string]any{"email": "jana@example.com", "password": pw}).must(t, 401)
		if n, _ := e.users.CountUsers(t.Context()); n != 1 {
			t.Errorf("%d users, want 1", n)
		}
	})
}
