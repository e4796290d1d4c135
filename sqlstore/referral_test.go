package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestReferrals(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewReferralService(db)
		ctx := t.Context()
		referrer := newUser(t, db, "r@example.com")
		second := newUser(t, db, "s@example.com")
		friend := newUser(t, db, "f@example.com")
		exec(t, db, `INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)`, referrer.ID, "Ab3dE", t0)

		id, err := s.ReferrerByCode(ctx, "Ab3dE")
		mustNil(t, err)
		if id != referrer.ID {
			t.Errorf("ReferrerByCode = %q, want %q", id, referrer.ID)
		}
		_, err = s.ReferrerByCode(ctx, "nope")
		wantCode(t, err, salescoach.ENOTFOUND)

		mustNil(t, s.RecordReferralSignup(ctx, referrer.ID, friend.ID, t0))
		// A second referral of the same user changes nothing.
		mustNil(t, s.RecordReferralSignup(ctx, second.ID, friend.ID, t0.Add(time.Hour)))
		mustNil(t, s.RecordReferralSignup(ctx, referrer.ID, friend.ID, t0.Add(time.Hour)))
		if n := count(t, db, `SELECT COUNT(*) FROM referral_signups WHERE referred_user_id = ? AND referrer_user_id = ? AND created_at = ?`, friend.ID, referrer.ID, t0); n != 1 {
			t.Errorf("first referral not kept")
		}
		if n := count(t, db, `SELECT COUNT(*) FROM referral_signups`); n != 1 {
			t.Errorf("%d referral rows, want 1", n)
		}
		// Nobody refers themself.
		mustNil(t, s.RecordReferralSignup(ctx, second.ID, second.ID, t0))
		if n := count(t, db, `SELECT COUNT(*) FROM referral_signups WHERE referred_user_id = ?`, second.ID); n != 0 {
			t.Errorf("self-referral stored")
		}
		wantCode(t, s.RecordReferralSignup(ctx, "nobody", second.ID, t0), salescoach.ENOTFOUND)
	})
}
