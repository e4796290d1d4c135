package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestOneTimeToken(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTokenService(db)
		ctx := t.Context()
		u := newUser(t, db, "t@example.com")
		tok := &salescoach.OneTimeToken{TokenHash: "reset-1", Purpose: salescoach.TokenResetPassword, UserID: u.ID,
			CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}
		mustNil(t, s.CreateOneTimeToken(ctx, tok))
		wantCode(t, s.CreateOneTimeToken(ctx, tok), salescoach.ECONFLICT)
		wantCode(t, s.CreateOneTimeToken(ctx, &salescoach.OneTimeToken{TokenHash: "x", Purpose: "launch_missiles", UserID: u.ID, ExpiresAt: t0}), salescoach.EINVALID)
		wantCode(t, s.CreateOneTimeToken(ctx, &salescoach.OneTimeToken{TokenHash: "y", Purpose: salescoach.TokenInvite, UserID: "nobody", ExpiresAt: t0}), salescoach.ENOTFOUND)

		// The wrong purpose does not consume it.
		_, err := s.ConsumeOneTimeToken(ctx, "reset-1", salescoach.TokenConfirmEmail, t0)
		wantCode(t, err, salescoach.ENOTFOUND)

		got, err := s.ConsumeOneTimeToken(ctx, "reset-1", salescoach.TokenResetPassword, t0.Add(time.Minute))
		mustNil(t, err)
		if got.TokenHash != "reset-1" || got.Purpose != salescoach.TokenResetPassword || got.UserID != u.ID {
			t.Errorf("consumed = %+v", got)
		}
		sameTime(t, "created_at", got.CreatedAt, t0)
		sameTime(t, "expires_at", got.ExpiresAt, t0.Add(time.Hour))

		_, err = s.ConsumeOneTimeToken(ctx, "reset-1", salescoach.TokenResetPassword, t0.Add(2*time.Minute))
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.ConsumeOneTimeToken(ctx, "unknown", salescoach.TokenResetPassword, t0)
		wantCode(t, err, salescoach.ENOTFOUND)

		// Expired, including at the exact instant of expiry.
		mustNil(t, s.CreateOneTimeToken(ctx, &salescoach.OneTimeToken{TokenHash: "confirm-1", Purpose: salescoach.TokenConfirmEmail,
			UserID: u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		_, err = s.ConsumeOneTimeToken(ctx, "confirm-1", salescoach.TokenConfirmEmail, t0.Add(time.Hour))
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

func TestConsumeOneTimeTokenConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTokenService(db)
		u := newUser(t, db, "t@example.com")
		mustNil(t, s.CreateOneTimeToken(t.Context(), &salescoach.OneTimeToken{TokenHash: "once", Purpose: salescoach.TokenConfirmEmail,
			UserID: u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		const n = 20
		ok := 0
		for _, err := range race(n, func(int) error {
			_, err := s.ConsumeOneTimeToken(t.Context(), "once", salescoach.TokenConfirmEmail, t0)
			return err
		}) {
			if err == nil {
				ok++
			} else if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
				t.Errorf("loser error = %v, want ENOTFOUND", err)
			}
		}
		if ok != 1 {
			t.Errorf("%d consumptions succeeded, want exactly 1", ok)
		}
	})
}

func TestOAuthState(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTokenService(db)
		ctx := t.Context()
		st := &salescoach.OAuthState{StateHash: "state-1", Provider: "google", Nonce: "n", CodeVerifier: "v",
			BindingHash: "b", Remember: true, Ref: "FRIEND", Language: "en", CreatedAt: t0, ExpiresAt: t0.Add(10 * time.Minute)}
		mustNil(t, s.CreateOAuthState(ctx, st))
		wantCode(t, s.CreateOAuthState(ctx, st), salescoach.ECONFLICT)
		wantCode(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "s2", Provider: "myspace", ExpiresAt: t0}), salescoach.EINVALID)

		got, err := s.ConsumeOAuthState(ctx, "state-1", t0.Add(time.Minute))
		mustNil(t, err)
		if *got != *st {
			t.Errorf("consumed = %+v, want %+v", got, st)
		}
		_, err = s.ConsumeOAuthState(ctx, "state-1", t0.Add(time.Minute))
		wantCode(t, err, salescoach.ENOTFOUND)

		mustNil(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "late", Provider: "apple", CreatedAt: t0, ExpiresAt: t0.Add(time.Minute)}))
		_, err = s.ConsumeOAuthState(ctx, "late", t0.Add(time.Hour))
		wantCode(t, err, salescoach.ENOTFOUND)

		// Concurrent callbacks with one state: one wins.
		mustNil(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "racy", Provider: "apple", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		ok := 0
		for _, err := range race(20, func(int) error { _, err := s.ConsumeOAuthState(ctx, "racy", t0); return err }) {
			if err == nil {
				ok++
			}
		}
		if ok != 1 {
			t.Errorf("%d state consumptions succeeded, want 1", ok)
		}
	})
}

func TestOAuthStateReauth(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTokenService(db)
		ctx := t.Context()
		u := newUser(t, db, "re@example.com")
		st := &salescoach.OAuthState{StateHash: "re-1", Provider: "google", Nonce: "n", CodeVerifier: "v", BindingHash: "b",
			Intent: salescoach.OAuthIntentReauth, UserID: u.ID, FamilyID: "fam-1", CreatedAt: t0, ExpiresAt: t0.Add(10 * time.Minute)}
		mustNil(t, s.CreateOAuthState(ctx, st))
		got, err := s.ConsumeOAuthState(ctx, "re-1", t0)
		mustNil(t, err)
		if *got != *st {
			t.Errorf("consumed = %+v, want %+v", got, st)
		}
		wantCode(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "re-2", Provider: "google", Intent: "sudo",
			ExpiresAt: t0}), salescoach.EINVALID)
		wantCode(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "re-3", Provider: "google",
			Intent: salescoach.OAuthIntentReauth, UserID: "0193a000-0000-7000-8000-00000000abcd", ExpiresAt: t0}), salescoach.ENOTFOUND)
		mustNil(t, s.CreateOAuthState(ctx, &salescoach.OAuthState{StateHash: "re-4", Provider: "google",
			Intent: salescoach.OAuthIntentReauth, UserID: u.ID, FamilyID: "fam-1", CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		exec(t, db, `DELETE FROM users WHERE id = ?`, u.ID)
		if n := count(t, db, `SELECT COUNT(*) FROM oauth_states`); n != 0 {
			t.Errorf("%d states left after the user went", n)
		}
	})
}

// TestReauthProof: a proof is the one session's, lives five minutes and is
// used once, also when N requests race for it.
func TestReauthProof(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTokenService(db)
		ctx := t.Context()
		ann, bob := newUser(t, db, "ann@example.com"), newUser(t, db, "bob@example.com")
		proof := func(user, family string, at time.Time) *salescoach.ReauthProof {
			return &salescoach.ReauthProof{FamilyID: family, UserID: user, Provider: "google", CreatedAt: at,
				ExpiresAt: at.Add(salescoach.ReauthProofTTL)}
		}
		want := proof(ann.ID, "fam-ann", t0)
		mustNil(t, s.SaveReauthProof(ctx, want))
		wantCode(t, s.SaveReauthProof(ctx, proof("0193a000-0000-7000-8000-00000000abcd", "fam-x", t0)), salescoach.ENOTFOUND)
		got, err := s.ReauthProof(ctx, ann.ID, "fam-ann", t0.Add(time.Minute))
		mustNil(t, err)
		if *got != *want {
			t.Errorf("proof = %+v, want %+v", got, want)
		}
		// Not of another session, not of another user, not after it expired.
		for _, c := range []struct {
			user, family string
			at           time.Time
		}{{ann.ID, "fam-other", t0}, {bob.ID, "fam-ann", t0}, {ann.ID, "fam-ann", t0.Add(salescoach.ReauthProofTTL)}} {
			_, err := s.ReauthProof(ctx, c.user, c.family, c.at)
			wantCode(t, err, salescoach.ENOTFOUND)
			_, err = s.ConsumeReauthProof(ctx, c.user, c.family, c.at)
			wantCode(t, err, salescoach.ENOTFOUND)
		}
		// A second fresh sign-in restarts the time.
		mustNil(t, s.SaveReauthProof(ctx, proof(ann.ID, "fam-ann", t0.Add(4*time.Minute))))
		got, err = s.ConsumeReauthProof(ctx, ann.ID, "fam-ann", t0.Add(8*time.Minute))
		mustNil(t, err)
		if !got.ExpiresAt.Equal(t0.Add(9 * time.Minute)) {
			t.Errorf("expires %v", got.ExpiresAt)
		}
		_, err = s.ConsumeReauthProof(ctx, ann.ID, "fam-ann", t0.Add(8*time.Minute))
		wantCode(t, err, salescoach.ENOTFOUND)

		mustNil(t, s.SaveReauthProof(ctx, proof(bob.ID, "fam-bob", t0)))
		ok := 0
		for _, err := range race(20, func(int) error { _, err := s.ConsumeReauthProof(ctx, bob.ID, "fam-bob", t0); return err }) {
			if err == nil {
				ok++
			} else if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
				t.Errorf("racing consumption: %v", err)
			}
		}
		if ok != 1 {
			t.Errorf("%d consumptions succeeded, want 1", ok)
		}

	})
}
