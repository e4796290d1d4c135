package sqlstore_test

import (
	"strings"
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

		// The list carries the invitee's e-mail, for the initial shown
		// when they set no name.
		list, err := s.Referrals(ctx, referrer.ID)
		mustNil(t, err)
		if len(list) != 1 || list[0].ReferredUserID != friend.ID || list[0].Email != "f@example.com" {
			t.Errorf("Referrals = %+v", list)
		}
	})
}

func TestReferralCode(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewReferralService(db)
		ctx := t.Context()
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")

		// Before 'Link generieren' there is none, and looking makes none.
		existing, err := s.ExistingReferralCode(ctx, a.ID)
		mustNil(t, err)
		if existing != "" {
			t.Errorf("ExistingReferralCode before = %q, want none", existing)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM referral_codes`); n != 0 {
			t.Errorf("%d codes after looking", n)
		}
		code, err := s.ReferralCode(ctx, a.ID)
		mustNil(t, err)
		if existing, err = s.ExistingReferralCode(ctx, a.ID); err != nil || existing != code {
			t.Errorf("ExistingReferralCode after = %q, %v, want %q", existing, err, code)
		}
		if existing, err = s.ExistingReferralCode(ctx, b.ID); err != nil || existing != "" {
			t.Errorf("ExistingReferralCode of another user = %q, %v, want none", existing, err)
		}
		if len(code) != salescoach.ReferralCodeLength || strings.Trim(code, salescoach.ReferralCodeAlphabet) != "" {
			t.Errorf("code %q is not %d characters of the alphabet", code, salescoach.ReferralCodeLength)
		}
		again, err := s.ReferralCode(ctx, a.ID)
		mustNil(t, err)
		if again != code {
			t.Errorf("second call = %q, want the first code %q", again, code)
		}
		other, err := s.ReferralCode(ctx, b.ID)
		mustNil(t, err)
		if other == code {
			t.Error("two users got the same code")
		}
		if id, err := s.ReferrerByCode(ctx, code); err != nil || id != a.ID {
			t.Errorf("ReferrerByCode(%q) = %q, %v", code, id, err)
		}
		_, err = s.ReferralCode(ctx, "00000000-0000-0000-0000-000000000000")
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// Concurrent first calls (two tabs pressing 'Link generieren') all get the
// one code that was stored.
func TestReferralCodeConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewReferralService(db)
		u := newUser(t, db, "c@example.com")
		const n = 8
		warm(t, db, n)
		codes := make([]string, n)
		for _, err := range race(n, func(i int) error {
			var err error
			codes[i], err = s.ReferralCode(t.Context(), u.ID)
			return err
		}) {
			mustNil(t, err)
		}
		for _, c := range codes {
			if c != codes[0] {
				t.Fatalf("codes differ: %v", codes)
			}
		}
		if n := count(t, db, `SELECT COUNT(*) FROM referral_codes WHERE user_id = ?`, u.ID); n != 1 {
			t.Errorf("%d code rows, want 1", n)
		}
	})
}

func TestReferralsList(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewReferralService(db)
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		ref := newUser(t, db, "ref@example.com")
		older := newUser(t, db, "older@example.com")
		newer := newUser(t, db, "newer@example.com")
		elsewhere := newUser(t, db, "else@example.com")
		_, _, err := users.UpdateProfile(ctx, newer.ID, salescoach.ProfileUpdate{DisplayName: ptr("Neu")})
		mustNil(t, err)
		_, err = users.SetAvatar(ctx, newer.ID, newer.ID+"/"+newer.ID+".png", t0)
		mustNil(t, err)

		list, err := s.Referrals(ctx, ref.ID)
		mustNil(t, err)
		if list == nil || len(list) != 0 {
			t.Errorf("empty list = %#v, want an empty slice", list)
		}
		mustNil(t, s.RecordReferralSignup(ctx, ref.ID, older.ID, t0))
		mustNil(t, s.RecordReferralSignup(ctx, ref.ID, newer.ID, t0.Add(time.Hour)))
		mustNil(t, s.RecordReferralSignup(ctx, older.ID, elsewhere.ID, t0))

		list, err = s.Referrals(ctx, ref.ID)
		mustNil(t, err)
		if len(list) != 2 {
			t.Fatalf("%d referrals, want 2", len(list))
		}
		if list[0].ReferredUserID != newer.ID || list[0].DisplayName != "Neu" || list[0].AvatarURL != newer.ID+"/"+newer.ID+".png" ||
			list[0].AvatarUpdatedAt == nil {
			t.Errorf("newest = %+v", list[0])
		}
		sameTime(t, "created_at", list[0].CreatedAt, t0.Add(time.Hour))
		if list[1].ReferredUserID != older.ID || list[1].DisplayName != "" || list[1].AvatarURL != "" || list[1].AvatarUpdatedAt != nil {
			t.Errorf("oldest = %+v", list[1])
		}
	})
}
