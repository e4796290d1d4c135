package httpapi_test

import (
	"net/http"
	"sync"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestConcurrentRefreshesKeepTheSession: a refresh sent several times (a
// retry whose answer was lost, a double click) must not end the session.
// All ten get the same successor; reuse after the grace window still
// revokes the family.
func TestConcurrentRefreshesKeepTheSession(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("rita@example.com", pw)
		c := e.client()
		c.signIn("rita@example.com", pw, true)
		first := cookieValue(t, c, "sc_refresh")

		const n = 10
		var (
			wg      sync.WaitGroup
			start   = make(chan struct{})
			answers = make([]response, n)
		)
		for i := range n {
			r := e.client()
			r.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: first, Path: "/api/auth"}})
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				answers[i] = r.do("POST", "/api/auth/refresh", nil)
			}()
		}
		close(start)
		wg.Wait()
		var successor string
		for i, a := range answers {
			if a.status != 200 {
				t.Fatalf("refresh %d: status %d: %s", i, a.status, a.body)
			}
			ck := findSetCookie(a.header, "sc_refresh")
			if ck == nil || ck.Value == "" || ck.Value == first {
				t.Fatalf("refresh %d set no new cookie: %+v", i, ck)
			}
			if successor == "" {
				successor = ck.Value
			} else if ck.Value != successor {
				t.Errorf("refresh %d got another successor", i)
			}
			// Every answer's access token works: the session is alive.
			u := e.client()
			u.token = a.json(t)["access_token"].(string)
			u.do("GET", "/api/me", nil).must(t, 200)
		}

		// The browser goes on with the successor.
		c.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: successor, Path: "/api/auth"}})
		c.token = c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
		c.do("GET", "/api/me", nil).must(t, 200)

		// Long after the grace window the rotated successor comes back: that
		// is theft, and the whole family ends.
		e.clock.Advance(time.Minute)
		thief := e.client()
		thief.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: successor, Path: "/api/auth"}})
		thief.do("POST", "/api/auth/refresh", nil).must(t, 401)
		c.do("POST", "/api/auth/refresh", nil).must(t, 401)
		c.do("GET", "/api/me", nil).must(t, 401)
	})
}

// TestRefreshRetryGraceEnds: within the grace window a rotated token yields
// its successor again; once the window has passed it is reuse.
func TestRefreshRetryGraceEnds(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("sina@example.com", pw)
		c := e.client()
		c.signIn("sina@example.com", pw, true)
		first := cookieValue(t, c, "sc_refresh")
		c.do("POST", "/api/auth/refresh", nil).must(t, 200)
		second := cookieValue(t, c, "sc_refresh")

		retry := func() response {
			r := e.client()
			r.http.Jar.SetCookies(mustURL(e.srv.URL+"/api/auth"), []*http.Cookie{{Name: "sc_refresh", Value: first, Path: "/api/auth"}})
			return r.do("POST", "/api/auth/refresh", nil)
		}
		e.clock.Advance(19 * time.Second)
		if ck := findSetCookie(retry().must(t, 200).header, "sc_refresh"); ck == nil || ck.Value != second {
			t.Fatalf("retry within the window got %+v, want the same successor", ck)
		}
		e.clock.Advance(2 * time.Second)
		retry().must(t, 401)
		// The family is revoked: the successor is dead too.
		c.do("POST", "/api/auth/refresh", nil).must(t, 401)
	})
}
