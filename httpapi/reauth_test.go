package httpapi_test

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/auth/oidctest"
	"salescoach/blob"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

const (
	reauthOK   = "http://coach.test/app/dashboard?reauth=1"
	reauthFail = "http://coach.test/app/dashboard?reauth=failed"
)

// withClockedProvider is withProvider for a fake that issues its ID tokens
// on the test's clock (oidctest.WithNow): the provider checks them on it
// too, so that moving the clock moves both.
func withClockedProvider(t *testing.T, name string, fake *oidctest.Server) envOption {
	return func(cfg *httpapi.Config, deps *httpapi.Deps) {
		pc := auth.GoogleConfig(fake.ClientID(), fake.ClientSecret(), cfg.PublicURL+"/api/auth/oauth/"+name+"/callback")
		pc.Issuer, pc.HTTPClient, pc.Now = fake.Issuer(), fake.Client(), deps.Now
		p, err := auth.NewProvider(t.Context(), pc)
		if err != nil {
			t.Fatal(err)
		}
		if deps.OAuth == nil {
			deps.OAuth = map[string]*auth.Provider{}
		}
		deps.OAuth[name] = p
		// Sign-ins and re-authentications are many here; the limit has its
		// own tests.
		cfg.SignupsPerHour = 1000
	}
}

// googleClient signs a new browser in with the fake's current user and
// keeps the access token.
func googleClient(t *testing.T, e *env, fake *oidctest.Server) *client {
	t.Helper()
	c := e.client()
	if got := c.callback(t, fake.Approve(t, c.startOAuth(t, "google"))); got != oauthOK {
		t.Fatalf("sign-in went to %s\n%s", got, e.log.String())
	}
	c.token = c.do("POST", "/api/auth/refresh", nil).must(t, 200).json(t)["access_token"].(string)
	return c
}

// reauth runs a re-authentication of c at the fake and returns where the
// browser was sent in the end.
func (c *client) reauth(t *testing.T, fake *oidctest.Server) string {
	t.Helper()
	to := c.do("POST", "/api/me/reauth/google", nil).must(t, 200).json(t)["url"].(string)
	return c.callback(t, fake.Approve(t, to))
}

// TestDeleteAfterReauth: a Google user without a password confirms the
// deletion by a fresh Google sign-in of their own identity. The proof is
// for this session only, expires, and is used once; another person's
// Google account, a provider session that was not renewed, and another
// browser are refused without signing anybody in or out.
func TestDeleteAfterReauth(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		var now func() time.Time
		fake := oidctest.New(t, oidctest.WithNow(func() time.Time { return now() }))
		e := newEnv(t, db, func(_ *httpapi.Config, deps *httpapi.Deps) { now = deps.Now }, withClockedProvider(t, "google", fake))

		bob := oidctest.User{Subject: "bob-sub", Email: "bob@example.com", EmailVerified: true, Name: "Bob"}
		fake.SetUser(bob)
		googleClient(t, e, fake)
		fake.SetUser(oidctest.DefaultUser)
		erika := googleClient(t, e, fake)
		erikaID := erika.userID(t)

		status := func(c *client) map[string]any { return c.do("GET", "/api/me/reauth", nil).must(t, 200).json(t) }
		if got := status(erika); got["method"] != "provider" || got["verified"] != false ||
			len(got["providers"].([]any)) != 1 || got["providers"].([]any)[0] != "google" {
			t.Fatalf("status = %v", got)
		}
		del := map[string]any{"confirmation": "LÖSCHEN"}
		wantCode(t, erika.do("POST", "/api/me/delete", del), 403, "account_delete_reauth_required")

		// Only a signed-in user can start one, for themself.
		wantCode(t, e.client().do("POST", "/api/me/reauth/google", nil), 401, "sign_in_required")
		wantCode(t, erika.do("POST", "/api/me/reauth/apple", nil), 404, "provider_not_configured")

		// The provider is asked to have the person sign in again (Google
		// takes prompt=select_account, not login).
		to := erika.do("POST", "/api/me/reauth/google", nil).must(t, 200).json(t)["url"].(string)
		q := mustURL(to).Query()
		if q.Get("prompt") != "select_account" || q.Get("max_age") != "0" {
			t.Errorf("reauth URL lacks prompt=select_account&max_age=0: %s", to)
		}
		cb := fake.Approve(t, to)
		if got := fake.LastAuthorize(); got.Get("max_age") != "0" {
			t.Errorf("the provider saw %v", got)
		}
		// Another browser (no binding cookie) cannot deliver the answer.
		if got := e.client().callback(t, cb); got != reauthFail {
			t.Errorf("answer in another browser went to %s", got)
		}
		if status(erika)["verified"] != false {
			t.Error("a proof from another browser")
		}

		// Bob's Google account confirms nothing for Erika, and signs
		// nobody in or out.
		fake.SetUser(bob)
		if got := erika.reauth(t, fake); got != reauthFail {
			t.Errorf("Bob's identity went to %s", got)
		}
		// Nor does a Google account linked to nobody (and it creates none).
		fake.SetUser(oidctest.User{Subject: "stranger", Email: "stranger@example.com", EmailVerified: true})
		if got := erika.reauth(t, fake); got != reauthFail {
			t.Errorf("an unlinked identity went to %s", got)
		}
		if n := e.sqlCount("SELECT COUNT(*) FROM users"); n != 2 {
			t.Errorf("%d users, want 2", n)
		}
		fake.SetUser(oidctest.DefaultUser)
		// A provider that reused its old session (auth_time before the
		// start) did not ask again.
		fake.SetAuthAge(10 * time.Minute)
		if got := erika.reauth(t, fake); got != reauthFail {
			t.Errorf("a stale sign-in went to %s", got)
		}
		fake.SetAuthAge(0)
		if status(erika)["verified"] != false {
			t.Fatal("a refused re-authentication left a proof")
		}
		if erika.userID(t) != erikaID {
			t.Fatal("Erika's session changed")
		}
		wantCode(t, erika.do("POST", "/api/me/delete", del), 403, "account_delete_reauth_required")

		// A proof expires after five minutes.
		if got := erika.reauth(t, fake); got != reauthOK {
			t.Fatalf("re-authentication went to %s\n%s", got, e.log.String())
		}
		if got := status(erika); got["verified"] != true || got["expiresAt"].(float64) != float64(e.clock.Now().Add(5*time.Minute).Unix()) {
			t.Errorf("status = %v", got)
		}
		e.clock.Advance(5*time.Minute + time.Second)
		wantCode(t, erika.do("POST", "/api/me/delete", del), 403, "account_delete_reauth_required")

		// A proof holds for the session that made it, not another one of
		// the same user.
		other := googleClient(t, e, fake)
		if got := erika.reauth(t, fake); got != reauthOK {
			t.Fatalf("re-authentication went to %s", got)
		}
		if status(other)["verified"] != false {
			t.Error("the other session sees the proof")
		}
		wantCode(t, other.do("POST", "/api/me/delete", del), 403, "account_delete_reauth_required")

		// The typed confirmation is still needed, and a wrong one does not
		// spend the proof.
		erika.do("POST", "/api/me/delete", map[string]any{"confirmation": "ja"}).must(t, 400)
		erika.do("POST", "/api/me/delete", del).must(t, 204)
		erika.do("GET", "/api/me", nil).must(t, 401)
		other.do("GET", "/api/me", nil).must(t, 401)
		if n := e.sqlCount("SELECT COUNT(*) FROM reauth_proofs"); n != 0 {
			t.Errorf("%d proofs left", n)
		}
	})
}

// TestReauthPasswordUsers: a user with a password confirms a deletion with
// it; a Google re-authentication is neither offered nor accepted.
func TestReauthPasswordUsers(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		e := newEnv(t, db, withProvider(t, "google", fake))
		dora := signedIn(t, e, "dora@example.com")
		if got := dora.do("GET", "/api/me/reauth", nil).must(t, 200).json(t); got["method"] != "password" || got["verified"] != false {
			t.Errorf("status = %v", got)
		}
		wantCode(t, dora.do("POST", "/api/me/reauth/google", nil), 403, "reauth_use_password")
		r := dora.do("POST", "/api/me/delete", map[string]any{"confirmation": "LÖSCHEN"}).must(t, 400)
		if fieldText(r.json(t), "password") == "" {
			t.Errorf("no password problem: %s", r.body)
		}
		// Linked to Google, she still needs her password: the link adds no
		// way around it.
		fake.SetUser(oidctest.User{Subject: "dora-sub", Email: "dora@example.com", EmailVerified: true})
		c := e.client()
		if got := c.callback(t, fake.Approve(t, c.startOAuth(t, "google"))); got != oauthOK {
			t.Fatalf("sign-in went to %s", got)
		}
		wantCode(t, dora.do("POST", "/api/me/reauth/google", nil), 403, "reauth_use_password")
		dora.do("POST", "/api/me/delete", map[string]any{"confirmation": "LÖSCHEN", "password": "wrong-password"}).must(t, 400)
		dora.do("GET", "/api/me", nil).must(t, 200)
	})
}

// switchableDelete fails to delete while fail is set, as a storage that is
// down does.
type switchableDelete struct {
	salescoach.BlobStore
	fail *atomic.Bool
}

func (s switchableDelete) Delete(ctx context.Context, key string) error {
	if s.fail.Load() {
		return failingDelete{}.Delete(ctx, key)
	}
	return s.BlobStore.Delete(ctx, key)
}

// TestFailedDeletionKeepsReauthProof: a deletion that fails after the
// proof was used (here the avatar storage refuses) gives the proof back,
// so the retry needs no second sign-in at the provider.
func TestFailedDeletionKeepsReauthProof(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := oidctest.New(t)
		var fail atomic.Bool
		l, err := blob.NewLocal(t.TempDir(), "/avatars")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { l.Close() })
		e := newEnv(t, db, withProvider(t, "google", fake), func(_ *httpapi.Config, d *httpapi.Deps) {
			d.Blobs = switchableDelete{l, &fail}
		})
		erika := googleClient(t, e, fake)
		erika.upload("file", "a.png", "image/png", testImage(t, "png")).must(t, 200)
		if got := erika.reauth(t, fake); got != reauthOK {
			t.Fatalf("re-authentication went to %s\n%s", got, e.log.String())
		}
		del := map[string]any{"confirmation": "LÖSCHEN"}
		fail.Store(true)
		wantCode(t, erika.do("POST", "/api/me/delete", del), 503, "account_delete_storage_failed")
		if got := erika.do("GET", "/api/me/reauth", nil).must(t, 200).json(t); got["verified"] != true {
			t.Fatalf("after the failed deletion: %v", got)
		}
		fail.Store(false)
		erika.do("POST", "/api/me/delete", del).must(t, 204)
		erika.do("GET", "/api/me", nil).must(t, 401)
		if n := e.sqlCount("SELECT COUNT(*) FROM reauth_proofs"); n != 0 {
			t.Errorf("%d proofs left", n)
		}
	})
}
