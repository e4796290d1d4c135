package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestCreateUser(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		before := time.Now().Add(-time.Second)
		u, err := users.CreateUser(t.Context(), salescoach.NewUser{
			Email: "Anna.Berg@Example.com", PasswordHash: "argon2id$x", Company: "ACME", DisplayName: "Anna",
			TermsAccepted: true, TermsUserAgent: "Firefox/140", IsAdmin: true,
		})
		mustNil(t, err)
		if u.ID == "" || u.Email != "Anna.Berg@Example.com" || u.Company != "ACME" || u.DisplayName != "Anna" || !u.IsAdmin || u.IsAnonymous {
			t.Errorf("user = %+v", u)
		}
		// A new user has chosen nothing: Standard formality and language.
		if u.Formality != salescoach.FormalityStandard || u.Language != salescoach.LanguageStandard || u.Level != 1 || u.XP != 0 ||
			u.Status != salescoach.UserStatusActive || u.TonePresetID != nil || u.EmailConfirmedAt != nil ||
			u.AvatarURL != "" || u.AvatarUpdatedAt != nil {
			t.Errorf("defaults = %+v", u)
		}
		if u.TermsAcceptedAt == nil || u.TermsVersion != salescoach.TermsVersionCurrent || u.TermsUserAgent == nil || *u.TermsUserAgent != "Firefox/140" || u.NeedsTerms() {
			t.Errorf("terms = %v %d %v", u.TermsAcceptedAt, u.TermsVersion, u.TermsUserAgent)
		}
		if u.CreatedAt.Before(before) || u.CreatedAt.Location() != time.UTC || !u.UpdatedAt.Equal(u.CreatedAt) {
			t.Errorf("created_at = %v, updated_at = %v", u.CreatedAt, u.UpdatedAt)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id = ? AND consent_type = 'terms' AND terms_version = 2 AND user_agent = ?`, u.ID, "Firefox/140"); n != 1 {
			t.Errorf("%d consent rows for the sign-up, want 1", n)
		}
		p, err := users.ProfileByUserID(t.Context(), u.ID)
		mustNil(t, err)
		if p.UserID != u.ID || p.Streak != 0 || p.LastActiveDay != "" || p.HasSeenIntro || p.ProductDescription != "" {
			t.Errorf("profile = %+v", p)
		}

		got, err := users.UserByID(t.Context(), u.ID)
		mustNil(t, err)
		if *got.TermsUserAgent != "Firefox/140" || !got.CreatedAt.Equal(u.CreatedAt) {
			t.Errorf("UserByID = %+v", got)
		}
		hash, err := users.PasswordHash(t.Context(), u.ID)
		mustNil(t, err)
		if hash != "argon2id$x" {
			t.Errorf("PasswordHash = %q", hash)
		}
	})
}

func TestCreateUserVariants(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)

		// OAuth: confirmed address, no password, no terms yet.
		o, err := users.CreateUser(t.Context(), salescoach.NewUser{Email: "o@example.com", EmailConfirmed: true})
		mustNil(t, err)
		if o.EmailConfirmedAt == nil || !o.NeedsTerms() || o.TermsUserAgent != nil {
			t.Errorf("oauth user = %+v", o)
		}
		if h, err := users.PasswordHash(t.Context(), o.ID); err != nil || h != "" {
			t.Errorf("PasswordHash = %q, %v; want empty", h, err)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit`); n != 0 {
			t.Errorf("%d consent rows without terms, want 0", n)
		}

		// Guests have no e-mail, and several may exist.
		for range 2 {
			g, err := users.CreateUser(t.Context(), salescoach.NewUser{IsAnonymous: true})
			mustNil(t, err)
			if !g.IsAnonymous || g.Email != "" {
				t.Errorf("guest = %+v", g)
			}
		}
		// A guest with an address is a contradiction.
		_, err = users.CreateUser(t.Context(), salescoach.NewUser{IsAnonymous: true, Email: "g@example.com"})
		wantCode(t, err, salescoach.EINVALID)

		n, err := users.CountUsers(t.Context())
		mustNil(t, err)
		if n != 3 {
			t.Errorf("CountUsers = %d, want 3", n)
		}
	})
}

func TestEmailUniqueCaseInsensitive(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		u := newUser(t, db, "Ärger@Example.com")
		for _, email := range []string{"Ärger@Example.com", "ärger@example.com", "ÄRGER@EXAMPLE.COM"} {
			_, err := users.CreateUser(t.Context(), salescoach.NewUser{Email: email, PasswordHash: "h"})
			if e := wantCode(t, err, salescoach.ECONFLICT); e.Msg.Key != salescoach.MsgEmailTaken.Key {
				t.Errorf("conflict message = %q", e.Msg.Key)
			}
			got, err := users.UserByEmail(t.Context(), email)
			mustNil(t, err)
			if got.ID != u.ID || got.Email != "Ärger@Example.com" {
				t.Errorf("UserByEmail(%q) = %s %q", email, got.ID, got.Email)
			}
		}
		// The failed sign-ups left nothing behind.
		if n := count(t, db, `SELECT COUNT(*) FROM profiles`); n != 1 {
			t.Errorf("%d profiles, want 1", n)
		}
	})
}

func TestUserNotFound(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		const missing = "00000000-0000-0000-0000-000000000000"
		_, err := users.UserByID(ctx, missing)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = users.UserByEmail(ctx, "nobody@example.com")
		wantCode(t, err, salescoach.ENOTFOUND)
		newUser(t, db, "") // a guest must not match the empty address
		_, err = users.UserByEmail(ctx, "")
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = users.PasswordHash(ctx, missing)
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, users.SetPassword(ctx, missing, "h"), salescoach.ENOTFOUND)
		wantCode(t, users.ConfirmEmail(ctx, missing, t0), salescoach.ENOTFOUND)
		_, err = users.UpgradeAnonymous(ctx, missing, "x@example.com", "h")
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = users.AcceptTerms(ctx, missing, 2, "ua", t0)
		wantCode(t, err, salescoach.ENOTFOUND)
		wantCode(t, users.SetAdmin(ctx, "nobody@example.com", true), salescoach.ENOTFOUND)
		wantCode(t, users.SetStatus(ctx, missing, salescoach.UserStatusDisabled), salescoach.ENOTFOUND)
		_, err = users.ProfileByUserID(ctx, missing)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, _, err = users.TouchStreak(ctx, missing, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

func TestUserUpdates(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u, err := users.CreateUser(ctx, salescoach.NewUser{Email: "b@example.com", PasswordHash: "old"})
		mustNil(t, err)

		mustNil(t, users.SetPassword(ctx, u.ID, "new"))
		if h, _ := users.PasswordHash(ctx, u.ID); h != "new" {
			t.Errorf("hash after SetPassword = %q", h)
		}

		// The first confirmation counts; a second keeps it.
		mustNil(t, users.ConfirmEmail(ctx, u.ID, t0))
		mustNil(t, users.ConfirmEmail(ctx, u.ID, t0.Add(time.Hour)))
		got, _ := users.UserByID(ctx, u.ID)
		if got.EmailConfirmedAt == nil {
			t.Fatal("not confirmed")
		}
		sameTime(t, "email_confirmed_at", *got.EmailConfirmedAt, t0)

		at := time.Date(2026, 3, 11, 8, 30, 15, 123456789, time.FixedZone("CET", 3600))
		got, err = users.AcceptTerms(ctx, u.ID, 2, "Safari/18", at)
		mustNil(t, err)
		if got.TermsAcceptedAt == nil || got.TermsVersion != 2 || *got.TermsUserAgent != "Safari/18" || got.NeedsTerms() {
			t.Errorf("after AcceptTerms: %+v", got)
		}
		// Stored in UTC, to the microsecond.
		sameTime(t, "terms_accepted_at", *got.TermsAcceptedAt, at.Truncate(time.Microsecond))
		_, err = users.AcceptTerms(ctx, u.ID, 0, "x", at)
		wantCode(t, err, salescoach.EINVALID)

		mustNil(t, users.SetAdmin(ctx, "B@EXAMPLE.COM", true))
		if got, _ := users.UserByID(ctx, u.ID); !got.IsAdmin {
			t.Error("SetAdmin(true) did not grant")
		}
		mustNil(t, users.SetAdmin(ctx, "b@example.com", false))
		if got, _ := users.UserByID(ctx, u.ID); got.IsAdmin {
			t.Error("SetAdmin(false) did not revoke")
		}

		mustNil(t, users.SetStatus(ctx, u.ID, salescoach.UserStatusDisabled))
		if got, _ := users.UserByID(ctx, u.ID); got.Status != salescoach.UserStatusDisabled {
			t.Errorf("status = %q", got.Status)
		}
		wantCode(t, users.SetStatus(ctx, u.ID, "banned"), salescoach.EINVALID)
	})
}

func TestUpgradeAnonymous(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		taken := newUser(t, db, "taken@example.com")
		guest := newUser(t, db, "")

		_, err := users.UpgradeAnonymous(ctx, guest.ID, "TAKEN@example.com", "h")
		wantCode(t, err, salescoach.ECONFLICT)
		_, err = users.UpgradeAnonymous(ctx, taken.ID, "other@example.com", "h")
		wantCode(t, err, salescoach.EINVALID)

		u, err := users.UpgradeAnonymous(ctx, guest.ID, "Gast@Example.com", "pw-hash")
		mustNil(t, err)
		if u.ID != guest.ID || u.IsAnonymous || u.Email != "Gast@Example.com" || u.EmailConfirmedAt != nil {
			t.Errorf("upgraded = %+v", u)
		}
		if h, _ := users.PasswordHash(ctx, u.ID); h != "pw-hash" {
			t.Errorf("hash = %q", h)
		}
		if got, err := users.UserByEmail(ctx, "gast@example.com"); err != nil || got.ID != guest.ID {
			t.Errorf("UserByEmail after upgrade = %v, %v", got, err)
		}
		// Once upgraded, the user is no longer a guest.
		_, err = users.UpgradeAnonymous(ctx, guest.ID, "again@example.com", "h")
		wantCode(t, err, salescoach.EINVALID)
	})
}

func TestTouchStreak(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		u := newUser(t, db, "s@example.com")
		day := func(d int, hour int) time.Time { return time.Date(2026, 3, d, hour, 0, 0, 0, time.UTC) }
		steps := []struct {
			name   string
			at     time.Time
			first  bool
			streak int
			last   string
		}{
			{"first ever", day(10, 9), true, 1, "2026-03-10"},
			{"same day", day(10, 23), false, 1, "2026-03-10"},
			{"next day", day(11, 0), true, 2, "2026-03-11"},
			{"next day again", day(12, 7), true, 3, "2026-03-12"},
			{"same day later", day(12, 22), false, 3, "2026-03-12"},
			// 23:30 in Berlin on the 12th is already the 12th 22:30 UTC: same UTC day.
			{"other zone, same UTC day", time.Date(2026, 3, 12, 23, 30, 0, 0, time.FixedZone("CET", 3600)), false, 3, "2026-03-12"},
			{"an earlier day changes nothing", day(11, 12), false, 3, "2026-03-12"},
			{"gap restarts", day(14, 8), true, 1, "2026-03-14"},
			{"next after gap", day(15, 8), true, 2, "2026-03-15"},
		}
		for _, s := range steps {
			p, first, err := users.TouchStreak(t.Context(), u.ID, s.at)
			mustNil(t, err)
			if first != s.first || p.Streak != s.streak || p.LastActiveDay != s.last {
				t.Errorf("%s: first=%v streak=%d last=%q, want %v %d %q", s.name, first, p.Streak, p.LastActiveDay, s.first, s.streak, s.last)
			}
		}
	})
}

func TestTouchStreakConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		u := newUser(t, db, "c@example.com")
		const n = 20
		firsts := make([]bool, n)
		errs := race(n, func(i int) error {
			_, first, err := users.TouchStreak(t.Context(), u.ID, t0)
			firsts[i] = first
			return err
		})
		won := 0
		for i, err := range errs {
			mustNil(t, err)
			if firsts[i] {
				won++
			}
		}
		if won != 1 {
			t.Errorf("%d calls were the first of the day, want 1", won)
		}
		p, _ := users.ProfileByUserID(t.Context(), u.ID)
		if p.Streak != 1 {
			t.Errorf("streak = %d, want 1", p.Streak)
		}
	})
}

func TestDeleteUserCascades(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		u, err := sqlstore.NewUserService(db).CreateUser(t.Context(), salescoach.NewUser{
			Email: "gone@example.com", TermsAccepted: true, TermsUserAgent: "ua",
		})
		mustNil(t, err)
		exec(t, db, `DELETE FROM users WHERE id = ?`, u.ID)
		if n := count(t, db, `SELECT COUNT(*) FROM profiles`); n != 0 {
			t.Errorf("%d profiles left", n)
		}
		// The consent record outlives the account, without its user.
		if n := count(t, db, `SELECT COUNT(*) FROM consent_audit WHERE user_id IS NULL`); n != 1 {
			t.Errorf("%d anonymous consent rows, want 1", n)
		}
	})
}
