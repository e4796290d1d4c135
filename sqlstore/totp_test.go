package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// enableTOTP gives the user a confirmed factor whose last used step is step.
func enableTOTP(t *testing.T, s *sqlstore.TwoFactorService, userID string, step int64, codes ...string) {
	t.Helper()
	mustNil(t, s.StartTOTP(t.Context(), userID, "sealed-"+userID, t0))
	mustNil(t, s.ConfirmTOTP(t.Context(), userID, step, codes, t0))
}

func TestTOTPEnrolment(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTwoFactorService(db)
		u := newUser(t, db, "t@example.com")
		ctx := t.Context()

		_, err := s.TOTPFactor(ctx, u.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, s.ConfirmTOTP(ctx, u.ID, 5, nil, t0), salescoach.ECONFLICT)
		wantCode(t, s.StartTOTP(ctx, "no-such-user", "x", t0), salescoach.ENOTFOUND)

		// A pending factor is replaced by a new start.
		mustNil(t, s.StartTOTP(ctx, u.ID, "first", t0))
		mustNil(t, s.StartTOTP(ctx, u.ID, "second", t0.Add(time.Minute)))
		f, err := s.TOTPFactor(ctx, u.ID)
		mustNil(t, err)
		if f.SecretSealed != "second" || f.Enabled() || f.LastStep != 0 {
			t.Fatalf("pending factor = %+v", f)
		}
		sameTime(t, "created_at", f.CreatedAt, t0.Add(time.Minute))
		// Not confirmed: no step is accepted.
		wantCode(t, s.UseTOTPStep(ctx, u.ID, 100), salescoach.EUNAUTHORIZED)

		mustNil(t, s.ConfirmTOTP(ctx, u.ID, 100, []string{"h1", "h2", "h3"}, t0.Add(2*time.Minute)))
		f, err = s.TOTPFactor(ctx, u.ID)
		mustNil(t, err)
		if !f.Enabled() || f.LastStep != 100 || f.SecretSealed != "second" {
			t.Fatalf("confirmed factor = %+v", f)
		}
		sameTime(t, "confirmed_at", *f.ConfirmedAt, t0.Add(2*time.Minute))
		// Confirmed: neither a new start nor a second confirmation.
		wantCode(t, s.StartTOTP(ctx, u.ID, "third", t0), salescoach.ECONFLICT)
		wantCode(t, s.ConfirmTOTP(ctx, u.ID, 200, nil, t0), salescoach.ECONFLICT)
		if n, err := s.RecoveryCodesLeft(ctx, u.ID); err != nil || n != 3 {
			t.Fatalf("recovery codes left = %d, %v; want 3", n, err)
		}

		mustNil(t, s.DeleteTOTP(ctx, u.ID))
		_, err = s.TOTPFactor(ctx, u.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = ?`, u.ID); n != 0 {
			t.Errorf("%d recovery codes left after turning off", n)
		}
		wantCode(t, s.ReplaceRecoveryCodes(ctx, u.ID, []string{"x"}, t0), salescoach.ECONFLICT)
	})
}

func TestTOTPStepsAndRecoveryCodes(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTwoFactorService(db)
		u := newUser(t, db, "t@example.com")
		other := newUser(t, db, "o@example.com")
		ctx := t.Context()
		enableTOTP(t, s, u.ID, 100, "a", "b")
		enableTOTP(t, s, other.ID, 100, "c")

		wantCode(t, s.UseTOTPStep(ctx, u.ID, 100), salescoach.EUNAUTHORIZED) // the confirming step
		wantCode(t, s.UseTOTPStep(ctx, u.ID, 99), salescoach.EUNAUTHORIZED)
		mustNil(t, s.UseTOTPStep(ctx, u.ID, 101))
		wantCode(t, s.UseTOTPStep(ctx, u.ID, 101), salescoach.EUNAUTHORIZED)
		// Another user's steps are their own.
		mustNil(t, s.UseTOTPStep(ctx, other.ID, 101))

		// Recovery codes: owner only, once each.
		wantCode(t, s.UseRecoveryCode(ctx, u.ID, "c"), salescoach.EUNAUTHORIZED)
		mustNil(t, s.UseRecoveryCode(ctx, u.ID, "a"))
		wantCode(t, s.UseRecoveryCode(ctx, u.ID, "a"), salescoach.EUNAUTHORIZED)
		if n, _ := s.RecoveryCodesLeft(ctx, u.ID); n != 1 {
			t.Errorf("codes left = %d, want 1", n)
		}
		mustNil(t, s.ReplaceRecoveryCodes(ctx, u.ID, []string{"x", "y"}, t0))
		wantCode(t, s.UseRecoveryCode(ctx, u.ID, "b"), salescoach.EUNAUTHORIZED)
		mustNil(t, s.UseRecoveryCode(ctx, u.ID, "y"))
		if n, _ := s.RecoveryCodesLeft(ctx, other.ID); n != 1 {
			t.Errorf("the other user's codes left = %d, want 1", n)
		}
	})
}

// The same step sent N times at once is accepted exactly once, and so is
// the same recovery code.
func TestTOTPSingleUseConcurrently(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTwoFactorService(db)
		u := newUser(t, db, "t@example.com")
		enableTOTP(t, s, u.ID, 100, "r1")
		const n = 16
		warm(t, db, n)
		for name, use := range map[string]func() error{
			"step":          func() error { return s.UseTOTPStep(t.Context(), u.ID, 101) },
			"recovery code": func() error { return s.UseRecoveryCode(t.Context(), u.ID, "r1") },
		} {
			if ok := succeeded(t, race(n, func(int) error { return use() })); ok != 1 {
				t.Errorf("%s: %d of %d concurrent uses succeeded, want 1", name, ok, n)
			}
		}
	})
}

func TestTOTPChallenges(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTwoFactorService(db)
		u := newUser(t, db, "t@example.com")
		ctx := t.Context()
		c := &salescoach.TOTPChallenge{TokenHash: "ch1", UserID: u.ID, Remember: true, CreatedAt: t0, ExpiresAt: t0.Add(5 * time.Minute)}
		mustNil(t, s.CreateTOTPChallenge(ctx, c))
		wantCode(t, s.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: "ch1", UserID: u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Minute)}), salescoach.ECONFLICT)
		wantCode(t, s.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: "ch2", UserID: "nobody", ExpiresAt: t0.Add(time.Minute)}), salescoach.ENOTFOUND)

		for i := 1; i <= 3; i++ {
			got, err := s.AttemptTOTPChallenge(ctx, "ch1", 3, t0.Add(time.Minute))
			mustNil(t, err)
			if got.Attempts != i || got.UserID != u.ID || !got.Remember {
				t.Fatalf("attempt %d: %+v", i, got)
			}
		}
		_, err := s.AttemptTOTPChallenge(ctx, "ch1", 3, t0.Add(time.Minute))
		wantCode(t, err, salescoach.EUNAUTHORIZED)

		mustNil(t, s.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: "ch3", UserID: u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Minute)}))
		_, err = s.AttemptTOTPChallenge(ctx, "ch3", 5, t0.Add(time.Minute)) // expired
		wantCode(t, err, salescoach.EUNAUTHORIZED)
		_, err = s.AttemptTOTPChallenge(ctx, "unknown", 5, t0)
		wantCode(t, err, salescoach.EUNAUTHORIZED)

		// A new challenge drops the user's expired ones.
		mustNil(t, s.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: "ch4", UserID: u.ID, CreatedAt: t0.Add(2 * time.Minute), ExpiresAt: t0.Add(7 * time.Minute)}))
		if n := count(t, db, `SELECT COUNT(*) FROM totp_challenges WHERE token_hash = 'ch3'`); n != 0 {
			t.Error("expired challenge kept")
		}

		// Consumed once, concurrently.
		const n = 12
		warm(t, db, n)
		if ok := succeeded(t, race(n, func(int) error { return s.ConsumeTOTPChallenge(ctx, "ch4") })); ok != 1 {
			t.Errorf("%d of %d consumptions succeeded, want 1", ok, n)
		}

		// Attempts are capped under concurrency too.
		mustNil(t, s.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: "ch5", UserID: u.ID, CreatedAt: t0, ExpiresAt: t0.Add(time.Hour)}))
		ok := succeeded(t, race(n, func(int) error {
			_, err := s.AttemptTOTPChallenge(ctx, "ch5", salescoach.TOTPChallengeAttempts, t0)
			return err
		}))
		if ok != salescoach.TOTPChallengeAttempts {
			t.Errorf("%d of %d attempts got through, want %d", ok, n, salescoach.TOTPChallengeAttempts)
		}

		mustNil(t, s.DeleteTOTP(ctx, u.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM totp_challenges WHERE user_id = ?`, u.ID); n != 0 {
			t.Errorf("%d challenges left after turning off", n)
		}
	})
}

func TestSessionTwoFactor(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewTwoFactorService(db)
		u := newUser(t, db, "t@example.com")
		other := newUser(t, db, "o@example.com")
		ctx := t.Context()
		for _, fam := range []string{"fam-1", "fam-2"} {
			if ok, err := s.SessionTwoFactor(ctx, u.ID, fam); err != nil || ok {
				t.Fatalf("%s before marking: %v, %v", fam, ok, err)
			}
		}
		mustNil(t, s.MarkSessionTwoFactor(ctx, u.ID, "fam-1", t0))
		mustNil(t, s.MarkSessionTwoFactor(ctx, u.ID, "fam-1", t0)) // again: no error
		for _, tc := range []struct {
			user, fam string
			want      bool
		}{{u.ID, "fam-1", true}, {u.ID, "fam-2", false}, {other.ID, "fam-1", false}} {
			ok, err := s.SessionTwoFactor(ctx, tc.user, tc.fam)
			mustNil(t, err)
			if ok != tc.want {
				t.Errorf("SessionTwoFactor(%s, %s) = %v, want %v", tc.user, tc.fam, ok, tc.want)
			}
		}
		wantCode(t, s.MarkSessionTwoFactor(ctx, "nobody", "fam-3", t0), salescoach.ENOTFOUND)
		// Deleting the user removes every row that names them.
		exec(t, db, `DELETE FROM users WHERE id = ?`, u.ID)
		for _, table := range []string{"session_two_factor", "user_totp", "totp_recovery_codes", "totp_challenges"} {
			if n := count(t, db, fmt.Sprintf(`SELECT COUNT(*) FROM %s WHERE user_id = ?`, table), u.ID); n != 0 {
				t.Errorf("%s keeps %d rows of a deleted user", table, n)
			}
		}
	})
}

// succeeded counts the nil errors of a race; every other error must be the
// refusal EUNAUTHORIZED.
func succeeded(t *testing.T, errs []error) int {
	t.Helper()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else if salescoach.ErrorCode(err) != salescoach.EUNAUTHORIZED {
			t.Errorf("unexpected error %v", err)
		}
	}
	return ok
}
