package httpapi_test

import (
	"fmt"
	"net/netip"
	"testing"
	"time"

	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// behindProxy makes the test server believe X-Forwarded-For from the
// loopback peer, so each client can speak from an address of its own.
func behindProxy(cfg *httpapi.Config, _ *httpapi.Deps) {
	cfg.ProxyHeader = "X-Forwarded-For"
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

// TestSignInLockoutSparesTheOwner: wrong passwords from strangers must not
// lock the owner out of password sign-in. Failures are counted per account
// and address (a stranger's address is stopped after 10); the account-wide
// limit (20 failures) only stops addresses the account never signed in
// from, and a password reset lifts it.
func TestSignInLockoutSparesTheOwner(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, behindProxy)
		const owner = "ute@example.com"
		e.signUpConfirmed(owner, pw)
		login := func(ip, password string) response {
			c := e.client()
			c.ip = ip
			return c.do("POST", "/api/auth/login", map[string]any{"email": owner, "password": password})
		}
		// The owner has signed in from home before.
		login("198.51.100.1", pw).must(t, 200)

		// A stranger guesses from one address: ten wrong passwords are
		// checked, then that address is stopped for this account, even
		// with the right password.
		for i := range 25 {
			want := 401
			if i >= 10 {
				want = 429
			}
			r := login("203.0.113.66", "falsch-falsch").must(t, want)
			if want == 429 && r.header.Get("Retry-After") == "" {
				t.Fatal("429 without Retry-After")
			}
		}
		login("203.0.113.66", pw).must(t, 429)
		// The owner is not locked out: from home, and from a new address.
		login("198.51.100.1", pw).must(t, 200)
		login("192.0.2.10", pw).must(t, 200)

		// Guesses spread over many addresses: after 20 failures for the
		// account (10 above, 10 here) addresses it never signed in from are
		// stopped before any password check.
		for i := range 10 {
			login(fmt.Sprintf("203.0.113.%d", i+1), "falsch-falsch").must(t, 401)
		}
		login("203.0.113.50", "falsch-falsch").must(t, 429)
		login("203.0.113.51", pw).must(t, 429)
		// The owner's own addresses still work, wrong guesses from there
		// are still only wrong.
		login("198.51.100.1", pw).must(t, 200)
		login("192.0.2.10", pw).must(t, 200)
		login("198.51.100.1", "vertippt-1").must(t, 401)

		// Another account is untouched.
		e.signUpConfirmed("vera@example.com", pw)
		c := e.client()
		c.ip = "203.0.113.52"
		c.do("POST", "/api/auth/login", map[string]any{"email": "vera@example.com", "password": pw}).must(t, 200)

		// A password reset proves the mailbox and lifts the account-wide
		// limit at once.
		e.client().do("POST", "/api/auth/recover", map[string]any{"email": owner}).must(t, 200)
		tok := linkToken(t, e.log.lastLink(t, owner), "reset")
		e.client().do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "ganz-neues-pw"}).must(t, 200)
		login("203.0.113.53", "ganz-neues-pw").must(t, 200)

		// The stranger's address is free again after its window.
		e.clock.Advance(15*time.Minute + time.Second)
		login("203.0.113.66", "ganz-neues-pw").must(t, 200)
	})
}

// TestSignInLimitsCountIPv6Networks: an IPv6 client owns a whole /64, so
// the per-address limits count the /64, not each address in it.
func TestSignInLimitsCountIPv6Networks(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, behindProxy)
		e.signUpConfirmed("wim@example.com", pw)
		for i := range 12 {
			c := e.client()
			c.ip = fmt.Sprintf("2001:db8:1:2::%x", i+1)
			want := 401
			if i >= 10 {
				want = 429
			}
			c.do("POST", "/api/auth/login", map[string]any{"email": "wim@example.com", "password": "falsch-falsch"}).must(t, want)
		}
		c := e.client()
		c.ip = "2001:db8:1:3::1"
		c.do("POST", "/api/auth/login", map[string]any{"email": "wim@example.com", "password": pw}).must(t, 200)
	})
}
