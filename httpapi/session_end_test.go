package httpapi_test

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestEndedSessionRefusesAccessToken: an access token is only as alive as
// its session. Sign-out, a password reset, refresh-token reuse and an admin
// disabling the account end the session, and the token is refused at once,
// not when it expires.
func TestEndedSessionRefusesAccessToken(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("olga@example.com", pw)
		e.signUpConfirmed("boss@example.com", pw)

		t.Run("logout", func(t *testing.T) {
			c := e.client()
			c.signIn("olga@example.com", pw, true)
			other := e.client()
			other.signIn("olga@example.com", pw, true)
			c.do("GET", "/api/me", nil).must(t, 200)
			c.do("POST", "/api/auth/logout", nil).must(t, 204)
			if got := c.do("GET", "/api/me", nil).must(t, 401).json(t)["error"]; got != "Sitzung ungültig oder abgelaufen." {
				t.Errorf("error = %q", got)
			}
			// Another device's session is not this one.
			other.do("GET", "/api/me", nil).must(t, 200)
		})

		t.Run("password reset", func(t *testing.T) {
			c := e.client()
			c.signIn("olga@example.com", pw, true)
			c.do("GET", "/api/me", nil).must(t, 200)
			e.client().do("POST", "/api/auth/recover", map[string]any{"email": "olga@example.com"}).must(t, 200)
			tok := linkToken(t, e.log.lastLink(t, "olga@example.com"), "reset")
			e.client().do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": pw}).must(t, 200)
			c.do("GET", "/api/me", nil).must(t, 401)
		})

		t.Run("refresh reuse", func(t *testing.T) {
			c := e.client()
			c.signIn("olga@example.com", pw, true)
			first := cookieValue(t, c, "sc_refresh")
			c.token = c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
			c.do("GET", "/api/me", nil).must(t, 200)
			// Well after the retry grace, the old token comes back: theft.
			e.clock.Advance(time.Minute)
			thief := e.client()
			thief.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: first, Path: "/api/auth"}})
			thief.do("POST", "/api/auth/refresh", nil).must(t, 401)
			c.do("GET", "/api/me", nil).must(t, 401)
		})

		t.Run("disabled by an admin", func(t *testing.T) {
			c := e.client()
			c.signIn("olga@example.com", pw, true)
			id := c.userID(t)
			a := e.client()
			a.signIn("boss@example.com", pw, false)
			a.do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "disabled"}).must(t, 200)
			c.do("GET", "/api/me", nil).must(t, 403)
			// Enabled again, the account is back but that session is not.
			a.do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "active"}).must(t, 200)
			c.do("GET", "/api/me", nil).must(t, 401)
			c.signIn("olga@example.com", pw, true)
			c.do("GET", "/api/me", nil).must(t, 200)
		})

		t.Run("a session of another user", func(t *testing.T) {
			// A token whose sid names someone else's live family is refused.
			c := e.client()
			c.signIn("olga@example.com", pw, true)
			boss := e.client()
			bs := boss.signIn("boss@example.com", pw, false)
			olgaID := c.userID(t)
			claims := parseClaims(t, bs["access_token"].(string))
			forged, _, err := e.issuer.Issue(olgaID, claims["sid"].(string), false)
			if err != nil {
				t.Fatal(err)
			}
			c.token = forged
			c.do("GET", "/api/me", nil).must(t, 401)
		})
	})
}

// TestRealtimeEndsWithTheSession: signing out ends the session's open
// live-update streams, not only its later API calls.
func TestRealtimeEndsWithTheSession(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("pia@example.com", pw)
		c := e.client()
		c.signIn("pia@example.com", pw, true)
		other := e.client()
		other.signIn("pia@example.com", pw, true)
		mine, theirs := openStream(t, c), openStream(t, other)
		for _, s := range []<-chan sseEvent{mine, theirs} {
			if ev := next(t, s); ev.name != "ready" {
				t.Fatalf("first event %q", ev.name)
			}
		}
		c.do("POST", "/api/auth/logout", nil).must(t, 204)
		// The stream may see the change that tells it to look; then it ends.
		for {
			ev, ok := nextOrEnd(t, mine)
			if !ok {
				break
			}
			if ev.name != "change" {
				t.Errorf("event %q after logout", ev.name)
			}
		}
		// The other device's stream lives on and still receives changes.
		other.do("PATCH", "/api/me", map[string]any{"display_name": "Pia"}).must(t, 200)
		for {
			ev := next(t, theirs)
			if ev.name == "change" && ev.data["type"] == "user" {
				break
			}
		}
	})
}

// nextOrEnd waits for the next event or the end of the stream; the bound
// only keeps a broken build from hanging.
func nextOrEnd(t *testing.T, events <-chan sseEvent) (sseEvent, bool) {
	t.Helper()
	select {
	case ev, ok := <-events:
		return ev, ok
	case <-time.After(10 * time.Second):
		t.Fatal("stream neither ended nor sent an event within 10 s")
	}
	return sseEvent{}, false
}

// parseClaims reads an access token's claims without checking it.
func parseClaims(t *testing.T, token string) map[string]any {
	t.Helper()
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		t.Fatalf("not a JWT: %q", token)
	}
	b, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
