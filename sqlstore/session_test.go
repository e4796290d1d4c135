package sqlstore_test

import (
	"fmt"
	"reflect"
	"slices"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// newRefresh stores a refresh token of a new family for the user.
func newRefresh(t *testing.T, s *sqlstore.SessionService, userID, hash string, remember bool, expires time.Time) *salescoach.RefreshToken {
	t.Helper()
	tok := &salescoach.RefreshToken{UserID: userID, TokenHash: hash, Remember: remember, CreatedAt: t0,
		ExpiresAt: expires, UserAgent: "Firefox", IP: "192.0.2.1"}
	mustNil(t, s.CreateRefreshToken(t.Context(), tok))
	return tok
}

func TestCreateRefreshToken(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		a := newRefresh(t, s, u.ID, "hash-a", true, t0.Add(time.Hour))
		if a.ID == "" || a.FamilyID == "" {
			t.Errorf("token not filled in: %+v", a)
		}
		// Joining an existing family keeps it.
		b := &salescoach.RefreshToken{UserID: u.ID, TokenHash: "hash-b", FamilyID: a.FamilyID, ExpiresAt: t0.Add(time.Hour)}
		mustNil(t, s.CreateRefreshToken(t.Context(), b))
		if b.FamilyID != a.FamilyID || b.CreatedAt.IsZero() {
			t.Errorf("second token = %+v", b)
		}
		dup := &salescoach.RefreshToken{UserID: u.ID, TokenHash: "hash-a", ExpiresAt: t0.Add(time.Hour)}
		wantCode(t, s.CreateRefreshToken(t.Context(), dup), salescoach.ECONFLICT)
		orphan := &salescoach.RefreshToken{UserID: "no-such-user", TokenHash: "hash-c", ExpiresAt: t0.Add(time.Hour)}
		wantCode(t, s.CreateRefreshToken(t.Context(), orphan), salescoach.ENOTFOUND)
	})
}

func TestRotateRefreshToken(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		first := newRefresh(t, s, u.ID, "h1", true, t0.Add(time.Hour))

		now := t0.Add(10 * time.Minute)
		next := &salescoach.RefreshToken{TokenHash: "h2", ExpiresAt: now.Add(time.Hour), UserAgent: "Chrome", IP: "192.0.2.2"}
		old, err := s.RotateRefreshToken(t.Context(), "h1", next, now)
		mustNil(t, err)
		if old.ID != first.ID || old.UserID != u.ID || old.FamilyID != first.FamilyID || !old.Remember ||
			old.UserAgent != "Firefox" || old.IP != "192.0.2.1" || old.RevokedAt != nil {
			t.Errorf("old = %+v", old)
		}
		if old.UsedAt == nil {
			t.Fatal("old token not marked used")
		}
		sameTime(t, "used_at", *old.UsedAt, now)
		sameTime(t, "old created_at", old.CreatedAt, t0)
		sameTime(t, "old expires_at", old.ExpiresAt, t0.Add(time.Hour))
		if next.ID == "" || next.UserID != u.ID || next.FamilyID != first.FamilyID || !next.Remember {
			t.Errorf("next = %+v", next)
		}
		sameTime(t, "next created_at", next.CreatedAt, now)

		// The new token rotates in turn.
		_, err = s.RotateRefreshToken(t.Context(), "h2", &salescoach.RefreshToken{TokenHash: "h3", ExpiresAt: now.Add(2 * time.Hour)}, now.Add(time.Minute))
		mustNil(t, err)
		if n := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ?`, first.FamilyID); n != 3 {
			t.Errorf("family has %d tokens, want 3", n)
		}
	})
}

func TestRotateRefreshTokenRejects(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		newRefresh(t, s, u.ID, "expiring", false, t0.Add(time.Hour))
		revoked := newRefresh(t, s, u.ID, "revoked", false, t0.Add(time.Hour))
		mustNil(t, s.RevokeFamilyByHash(t.Context(), "revoked", t0))

		for _, tc := range []struct {
			name, hash string
			now        time.Time
		}{
			{"unknown", "nope", t0},
			{"expired", "expiring", t0.Add(2 * time.Hour)},
			{"expires exactly now", "expiring", t0.Add(time.Hour)},
			{"revoked", "revoked", t0},
		} {
			next := &salescoach.RefreshToken{TokenHash: "next-" + tc.name, ExpiresAt: tc.now.Add(time.Hour)}
			_, err := s.RotateRefreshToken(t.Context(), tc.hash, next, tc.now)
			if e := wantCode(t, err, salescoach.EUNAUTHORIZED); e.Msg.Key == salescoach.MsgSessionReused.Key {
				t.Errorf("%s: reported as reuse", tc.name)
			}
		}
		// None of the refusals stored a token or touched a family.
		if n := count(t, db, `SELECT COUNT(*) FROM refresh_tokens`); n != 2 {
			t.Errorf("%d tokens, want 2", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL`); n != 1 {
			t.Errorf("%d revoked tokens, want 1 (%s)", n, revoked.ID)
		}
	})
}

func TestRotateRefreshTokenReuseRevokesFamily(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		first := newRefresh(t, s, u.ID, "h1", false, t0.Add(time.Hour))
		other := newRefresh(t, s, u.ID, "other-device", false, t0.Add(time.Hour))
		now := t0.Add(time.Minute)
		_, err := s.RotateRefreshToken(t.Context(), "h1", &salescoach.RefreshToken{TokenHash: "h2", ExpiresAt: now.Add(time.Hour)}, now)
		mustNil(t, err)

		// A thief replays h1: the whole family dies, the other device's does not.
		_, err = s.RotateRefreshToken(t.Context(), "h1", &salescoach.RefreshToken{TokenHash: "h2b", ExpiresAt: now.Add(time.Hour)}, now.Add(time.Minute))
		if e := wantCode(t, err, salescoach.EUNAUTHORIZED); e.Msg.Key != salescoach.MsgSessionReused.Key {
			t.Errorf("message = %q, want reuse", e.Msg.Key)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, first.FamilyID); n != 0 {
			t.Errorf("%d live tokens left in the family", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, other.FamilyID); n != 1 {
			t.Errorf("other family lost its token")
		}
		// The legitimate successor no longer works either.
		_, err = s.RotateRefreshToken(t.Context(), "h2", &salescoach.RefreshToken{TokenHash: "h3", ExpiresAt: now.Add(time.Hour)}, now.Add(2*time.Minute))
		wantCode(t, err, salescoach.EUNAUTHORIZED)
		// Replaying the used token again still says reuse.
		_, err = s.RotateRefreshToken(t.Context(), "h1", &salescoach.RefreshToken{TokenHash: "h4", ExpiresAt: now.Add(time.Hour)}, now.Add(3*time.Minute))
		if e := wantCode(t, err, salescoach.EUNAUTHORIZED); e.Msg.Key != salescoach.MsgSessionReused.Key {
			t.Errorf("second replay message = %q, want reuse", e.Msg.Key)
		}
	})
}

func TestRotateRefreshTokenConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		first := newRefresh(t, s, u.ID, "h1", true, t0.Add(time.Hour))
		const n = 20
		errs := race(n, func(i int) error {
			next := &salescoach.RefreshToken{TokenHash: fmt.Sprintf("next-%d", i), ExpiresAt: t0.Add(2 * time.Hour)}
			_, err := s.RotateRefreshToken(t.Context(), "h1", next, t0.Add(time.Minute))
			return err
		})
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if code := salescoach.ErrorCode(err); code != salescoach.EUNAUTHORIZED {
				t.Errorf("loser error = %v, want EUNAUTHORIZED", err)
			}
		}
		if ok != 1 {
			t.Fatalf("%d rotations succeeded, want exactly 1", ok)
		}
		// Exactly one successor was stored; the losers counted as reuse and
		// revoked the family.
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ?`, first.FamilyID); got != 2 {
			t.Errorf("family has %d tokens, want 2", got)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE revoked_at IS NULL`); got != 0 {
			t.Errorf("%d live tokens after the race, want 0", got)
		}
	})
}

func TestRevokeAndCountSessions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		ctx := t.Context()
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")
		c := newUser(t, db, "c@example.com")
		exp := t0.Add(24 * time.Hour)
		a1 := newRefresh(t, s, a.ID, "a1", false, exp)
		newRefresh(t, s, a.ID, "a2", false, exp)
		a3 := newRefresh(t, s, a.ID, "a3", false, exp)
		newRefresh(t, s, b.ID, "b1", false, exp)
		old := &salescoach.RefreshToken{UserID: c.ID, TokenHash: "c-old", CreatedAt: t0.Add(-time.Hour), ExpiresAt: exp}
		mustNil(t, s.CreateRefreshToken(ctx, old))

		since := t0.Add(-15 * time.Minute)
		n, err := s.CountActiveSessions(ctx, since)
		mustNil(t, err)
		if n != 2 { // a and b; c's token is older than the window
			t.Errorf("CountActiveSessions = %d, want 2", n)
		}
		// Using c's old token brings c back into the window.
		_, err = s.RotateRefreshToken(ctx, "c-old", &salescoach.RefreshToken{TokenHash: "c-new", ExpiresAt: exp}, t0)
		mustNil(t, err)
		if n, _ := s.CountActiveSessions(ctx, since); n != 3 {
			t.Errorf("CountActiveSessions after use = %d, want 3", n)
		}

		// Sign out everywhere but here.
		mustNil(t, s.RevokeUserTokens(ctx, a.ID, a3.FamilyID, t0))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL`, a.ID); got != 1 {
			t.Errorf("%d live tokens of a, want 1", got)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, a3.FamilyID); got != 1 {
			t.Error("the kept family was revoked")
		}
		_, err = s.RotateRefreshToken(ctx, "a1", &salescoach.RefreshToken{TokenHash: "a1-next", ExpiresAt: exp}, t0)
		wantCode(t, err, salescoach.EUNAUTHORIZED)
		_ = a1

		// Sign out everywhere.
		mustNil(t, s.RevokeUserTokens(ctx, a.ID, "", t0))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL`, a.ID); got != 0 {
			t.Errorf("%d live tokens of a, want 0", got)
		}
		if n, _ := s.CountActiveSessions(ctx, since); n != 2 {
			t.Errorf("CountActiveSessions after revoking a = %d, want 2", n)
		}

		mustNil(t, s.RevokeFamilyByHash(ctx, "b1", t0))
		mustNil(t, s.RevokeFamilyByHash(ctx, "no-such-hash", t0))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL`, b.ID); got != 0 {
			t.Errorf("%d live tokens of b, want 0", got)
		}
		// Revoking again keeps the first revocation time.
		mustNil(t, s.RevokeFamilyByHash(ctx, "b1", t0.Add(time.Hour)))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE user_id = ? AND revoked_at = ?`, b.ID, t0); got != 1 {
			t.Errorf("revocation time changed")
		}
	})
}

func TestSessionUser(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		ctx := t.Context()
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")
		fa := newRefresh(t, s, a.ID, "a1", false, t0.Add(time.Hour))
		fb := newRefresh(t, s, b.ID, "b1", false, t0.Add(time.Hour))
		// A rotated family stays live through its newest token.
		_, err := s.RotateRefreshToken(ctx, "a1", &salescoach.RefreshToken{TokenHash: "a2", ExpiresAt: t0.Add(time.Hour)}, t0)
		mustNil(t, err)

		for _, tc := range []struct {
			name, user, family string
			live               bool
		}{
			{"own live family", a.ID, fa.FamilyID, true},
			{"someone else's family", a.ID, fb.FamilyID, false},
			{"no family", a.ID, "", false},
			{"unknown family", a.ID, "no-such-family", false},
		} {
			u, live, err := s.SessionUser(ctx, tc.user, tc.family)
			mustNil(t, err)
			if u.ID != tc.user || u.Email != "a@example.com" || live != tc.live {
				t.Errorf("%s: user %s live %v, want %s %v", tc.name, u.ID, live, tc.user, tc.live)
			}
		}
		mustNil(t, s.RevokeFamilyByHash(ctx, "a2", t0))
		if _, live, err := s.SessionUser(ctx, a.ID, fa.FamilyID); err != nil || live {
			t.Errorf("revoked family: live %v, err %v", live, err)
		}
		_, _, err = s.SessionUser(ctx, "no-such-user", fb.FamilyID)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestSessionUserProfile: the one query of GET /api/me answers exactly what
// SessionUser and ProfileByUserID answer apart, and a revoked, foreign or
// unknown family is never live.
func TestSessionUserProfile(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")
		_, _, err := users.UpdateProfile(ctx, a.ID, salescoach.ProfileUpdate{DisplayName: ptr("Anna"), ProductDescription: ptr("Kasse")})
		mustNil(t, err)
		exec(t, db, `UPDATE profiles SET streak = 3, last_active_day = '2026-11-25' WHERE user_id = ?`, a.ID)
		fa := newRefresh(t, s, a.ID, "a1", false, t0.Add(time.Hour))
		fb := newRefresh(t, s, b.ID, "b1", false, t0.Add(time.Hour))
		wantUser, _, err := s.SessionUser(ctx, a.ID, fa.FamilyID)
		mustNil(t, err)
		wantProfile, err := users.ProfileByUserID(ctx, a.ID)
		mustNil(t, err)

		for _, tc := range []struct {
			name, family string
			live         bool
		}{
			{"own live family", fa.FamilyID, true},
			{"someone else's family", fb.FamilyID, false},
			{"no family", "", false},
			{"unknown family", "no-such-family", false},
		} {
			u, p, live, err := s.SessionUserProfile(ctx, a.ID, tc.family)
			mustNil(t, err)
			if live != tc.live {
				t.Errorf("%s: live %v, want %v", tc.name, live, tc.live)
			}
			if !reflect.DeepEqual(u, wantUser) || !reflect.DeepEqual(p, wantProfile) {
				t.Errorf("%s:\nuser    %+v\nwant    %+v\nprofile %+v\nwant    %+v", tc.name, u, wantUser, p, wantProfile)
			}
		}

		// Signed out: the family is revoked, the combined query must not
		// call it live.
		mustNil(t, s.RevokeFamilyByHash(ctx, "a1", t0))
		if _, _, live, err := s.SessionUserProfile(ctx, a.ID, fa.FamilyID); err != nil || live {
			t.Errorf("revoked family: live %v, err %v", live, err)
		}
		// A password reset revokes every family of the user.
		fa2 := newRefresh(t, s, a.ID, "a3", false, t0.Add(time.Hour))
		mustNil(t, s.RevokeUserTokens(ctx, a.ID, "", t0))
		if _, _, live, err := s.SessionUserProfile(ctx, a.ID, fa2.FamilyID); err != nil || live {
			t.Errorf("all families revoked: live %v, err %v", live, err)
		}

		_, _, _, err = s.SessionUserProfile(ctx, "no-such-user", fb.FamilyID)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

func TestRotateRefreshTokenRetryGetsTheSameSuccessor(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		first := newRefresh(t, s, u.ID, "h1", true, t0.Add(time.Hour))
		now := t0.Add(time.Minute)
		const n = 10
		nexts := make([]*salescoach.RefreshToken, n)
		errs := race(n, func(i int) error {
			// Every copy of the refresh asks for the same successor.
			nexts[i] = &salescoach.RefreshToken{TokenHash: "h2", ExpiresAt: t0.Add(2 * time.Hour)}
			old, err := s.RotateRefreshToken(t.Context(), "h1", nexts[i], now)
			if err == nil && (old.ID != first.ID || !old.Remember) {
				t.Errorf("rotation %d: old = %+v", i, old)
			}
			return err
		})
		for i, err := range errs {
			if err != nil {
				t.Fatalf("rotation %d: %v", i, err)
			}
			if nexts[i].ID == "" || nexts[i].ID != nexts[0].ID || nexts[i].FamilyID != first.FamilyID || nexts[i].UserID != u.ID {
				t.Errorf("rotation %d: next = %+v, want the one stored successor", i, nexts[i])
			}
		}
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ?`, first.FamilyID); got != 2 {
			t.Errorf("family has %d tokens, want 2", got)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE revoked_at IS NOT NULL`); got != 0 {
			t.Errorf("%d revoked tokens, want 0", got)
		}

		// The last second of the window still counts as a retry.
		retry := &salescoach.RefreshToken{TokenHash: "h2", ExpiresAt: t0.Add(2 * time.Hour)}
		_, err := s.RotateRefreshToken(t.Context(), "h1", retry, now.Add(salescoach.RefreshRetryGrace))
		mustNil(t, err)
		// A retry that asks for another successor is reuse.
		_, err = s.RotateRefreshToken(t.Context(), "h1", &salescoach.RefreshToken{TokenHash: "other", ExpiresAt: t0.Add(2 * time.Hour)}, now)
		if e := wantCode(t, err, salescoach.EUNAUTHORIZED); e.Msg.Key != salescoach.MsgSessionReused.Key {
			t.Errorf("other successor: message %q, want reuse", e.Msg.Key)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, first.FamilyID); got != 0 {
			t.Errorf("%d live tokens after reuse, want 0", got)
		}
	})
}

func TestRotateRefreshTokenRetryWindowEnds(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		u := newUser(t, db, "r@example.com")
		ctx := t.Context()
		rotate := func(old, next string, at time.Time) error {
			_, err := s.RotateRefreshToken(ctx, old, &salescoach.RefreshToken{TokenHash: next, ExpiresAt: t0.Add(2 * time.Hour)}, at)
			return err
		}
		wantReuse := func(name string, err error) {
			t.Helper()
			if e := wantCode(t, err, salescoach.EUNAUTHORIZED); e.Msg.Key != salescoach.MsgSessionReused.Key {
				t.Errorf("%s: message %q, want reuse", name, e.Msg.Key)
			}
		}

		// After the window, the same successor is not enough.
		a := newRefresh(t, s, u.ID, "a1", false, t0.Add(time.Hour))
		mustNil(t, rotate("a1", "a2", t0))
		wantReuse("after the window", rotate("a1", "a2", t0.Add(salescoach.RefreshRetryGrace+time.Second)))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, a.FamilyID); got != 0 {
			t.Errorf("family a: %d live tokens, want 0", got)
		}

		// Within the window, but the successor was used already: the chain
		// has moved on, so this is reuse too.
		b := newRefresh(t, s, u.ID, "b1", false, t0.Add(time.Hour))
		mustNil(t, rotate("b1", "b2", t0))
		mustNil(t, rotate("b2", "b3", t0.Add(time.Second)))
		wantReuse("successor used", rotate("b1", "b2", t0.Add(2*time.Second)))
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ? AND revoked_at IS NULL`, b.FamilyID); got != 0 {
			t.Errorf("family b: %d live tokens, want 0", got)
		}

		// A revoked family gets no retry either.
		c := newRefresh(t, s, u.ID, "c1", false, t0.Add(time.Hour))
		mustNil(t, rotate("c1", "c2", t0))
		mustNil(t, s.RevokeFamilyByHash(ctx, "c2", t0))
		wantCode(t, rotate("c1", "c2", t0.Add(time.Second)), salescoach.EUNAUTHORIZED)
		if got := count(t, db, `SELECT COUNT(*) FROM refresh_tokens WHERE family_id = ?`, c.FamilyID); got != 2 {
			t.Errorf("family c has %d tokens, want 2", got)
		}
	})
}

func TestSessionAddresses(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSessionService(db)
		ctx := t.Context()
		a := newUser(t, db, "Ab@example.com")
		b := newUser(t, db, "b@example.com")
		for i, tok := range []*salescoach.RefreshToken{
			{UserID: a.ID, TokenHash: "a1", IP: "192.0.2.1", CreatedAt: t0},
			{UserID: a.ID, TokenHash: "a2", IP: "192.0.2.1", CreatedAt: t0},
			{UserID: a.ID, TokenHash: "a3", IP: "2001:db8::1", CreatedAt: t0.Add(time.Hour)},
			{UserID: a.ID, TokenHash: "a-old", IP: "198.51.100.9", CreatedAt: t0.Add(-48 * time.Hour)},
			{UserID: a.ID, TokenHash: "a-none", IP: "", CreatedAt: t0},
			{UserID: b.ID, TokenHash: "b1", IP: "203.0.113.5", CreatedAt: t0},
		} {
			tok.ExpiresAt = t0.Add(24 * time.Hour)
			mustNil(t, s.CreateRefreshToken(ctx, tok))
			if i == 1 {
				// Revoked sessions still name an address of the owner.
				mustNil(t, s.RevokeFamilyByHash(ctx, "a2", t0))
			}
		}
		got, err := s.SessionAddresses(ctx, "ab@EXAMPLE.com", t0.Add(-time.Hour))
		mustNil(t, err)
		slices.Sort(got)
		if want := []string{"192.0.2.1", "2001:db8::1"}; !slices.Equal(got, want) {
			t.Errorf("addresses = %v, want %v", got, want)
		}
		got, err = s.SessionAddresses(ctx, "nobody@example.com", t0.Add(-time.Hour))
		mustNil(t, err)
		if len(got) != 0 {
			t.Errorf("unknown e-mail: %v", got)
		}
	})
}
