package httpapi_test

import (
	"testing"
	"time"

	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestSignupMailsPerAddressAreLimited: sign-ups with one unconfirmed
// address cannot flood its mailbox. At most three confirmation mails an hour
// go to one address, silently: every answer looks like a first sign-up.
func TestSignupMailsPerAddressAreLimited(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		// Many sign-ups from one address are allowed here, so only the
		// per-mailbox limit is at work.
		e := newEnv(t, db, func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.SignupsPerHour = 100 })
		c := e.client()
		fresh := c.do("POST", "/api/auth/signup", map[string]any{"email": "first@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		mailsTo := func(addr string) int {
			n := 0
			for _, m := range e.log.mails() {
				if m["to"] == addr {
					n++
				}
			}
			return n
		}
		for i := range 20 {
			r := c.do("POST", "/api/auth/signup", map[string]any{"email": "victim@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
			if string(r.body) != string(fresh.body) {
				t.Fatalf("sign-up %d answered %s, a first sign-up %s", i+1, r.body, fresh.body)
			}
		}
		if n := mailsTo("victim@example.com"); n != 3 {
			t.Errorf("%d confirmation mails to one address, want 3", n)
		}
		// The newest link still confirms: the mails that went out are valid.
		tok := linkToken(t, e.log.lastLink(t, "victim@example.com"), "confirm")
		// An hour later the owner can ask for a new link again.
		e.clock.Advance(time.Hour + time.Second)
		c.do("POST", "/api/auth/signup", map[string]any{"email": "VICTIM@example.com", "password": pw, "termsAccepted": true}).must(t, 201)
		if n := mailsTo("victim@example.com"); n != 4 {
			t.Errorf("%d mails after the hour, want 4", n)
		}
		c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(t, 200)
	})
}
