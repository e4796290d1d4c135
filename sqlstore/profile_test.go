package sqlstore_test

import (
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func ptr[T any](v T) *T { return &v }

func TestUpdateProfile(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u := newUser(t, db, "p@example.com")

		// Every field at once, in one transaction.
		got, p, err := users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{
			DisplayName: ptr("  Anna Berg  "), Role: ptr(" Vertrieb "), Formality: ptr("sie"), Language: ptr("en"),
			TonePresetID: ptr("skeptisch"), ProductDescription: ptr("CloudKasse für Cafés"), HasSeenIntro: ptr(true),
		})
		mustNil(t, err)
		if got.DisplayName != "Anna Berg" || got.Role != "Vertrieb" || got.Formality != "sie" || got.Language != "en" ||
			got.TonePresetID == nil || *got.TonePresetID != "skeptisch" {
			t.Errorf("user after update = %+v", got)
		}
		if p.ProductDescription != "CloudKasse für Cafés" || !p.HasSeenIntro {
			t.Errorf("profile after update = %+v", p)
		}

		// Nil fields stay; "" chooses Standard; a pointer to "" clears the preset.
		got, p, err = users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{Formality: ptr(""), TonePresetID: ptr("")})
		mustNil(t, err)
		if got.DisplayName != "Anna Berg" || got.Formality != "" || got.Language != "en" || got.TonePresetID != nil {
			t.Errorf("after partial update = %+v", got)
		}
		if p.ProductDescription != "CloudKasse für Cafés" || !p.HasSeenIntro {
			t.Errorf("profile changed by a user-only update: %+v", p)
		}
		// An empty update changes nothing and still answers both rows.
		got, p, err = users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{})
		mustNil(t, err)
		if got.Language != "en" || p.ProductDescription == "" {
			t.Errorf("empty update: %+v %+v", got, p)
		}
		_, p, err = users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{ProductDescription: ptr(""), HasSeenIntro: ptr(false)})
		mustNil(t, err)
		if p.ProductDescription != "" || p.HasSeenIntro {
			t.Errorf("profile not cleared: %+v", p)
		}

		for name, tc := range map[string]struct {
			upd   salescoach.ProfileUpdate
			field string
		}{
			"long name":        {salescoach.ProfileUpdate{DisplayName: ptr(strings.Repeat("ä", 81))}, "display_name"},
			"long role":        {salescoach.ProfileUpdate{Role: ptr(strings.Repeat("x", 81))}, "role"},
			"bad formality":    {salescoach.ProfileUpdate{Formality: ptr("ihr")}, "formality"},
			"bad language":     {salescoach.ProfileUpdate{Language: ptr("fr")}, "language"},
			"long description": {salescoach.ProfileUpdate{ProductDescription: ptr(strings.Repeat("x", 20_001))}, "product_description"},
			"unknown preset":   {salescoach.ProfileUpdate{TonePresetID: ptr("frech"), DisplayName: ptr("Nicht gespeichert")}, "tone_preset_id"},
		} {
			_, _, err := users.UpdateProfile(ctx, u.ID, tc.upd)
			e := wantCode(t, err, salescoach.EINVALID)
			if e.Fields[tc.field].Key == "" {
				t.Errorf("%s: fields = %v, want %s", name, e.Fields, tc.field)
			}
		}
		// Limits are runes, not bytes; a refused update stored nothing.
		got, _, err = users.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{DisplayName: ptr(strings.Repeat("ä", 80))})
		mustNil(t, err)
		if got.DisplayName != strings.Repeat("ä", 80) {
			t.Errorf("80-rune name = %q", got.DisplayName)
		}

		_, _, err = users.UpdateProfile(ctx, "00000000-0000-0000-0000-000000000000", salescoach.ProfileUpdate{Role: ptr("x")})
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

func TestSetAvatar(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		key := u.ID + "/" + u.ID + ".png"

		prev, err := users.SetAvatar(ctx, u.ID, key, t0)
		mustNil(t, err)
		if prev != "" {
			t.Errorf("previous of a first avatar = %q", prev)
		}
		got, _ := users.UserByID(ctx, u.ID)
		if got.AvatarURL != key || got.AvatarUpdatedAt == nil {
			t.Fatalf("avatar = %q at %v", got.AvatarURL, got.AvatarUpdatedAt)
		}
		sameTime(t, "avatar_updated_at", *got.AvatarUpdatedAt, t0)

		jpg := u.ID + "/" + u.ID + ".jpg"
		prev, err = users.SetAvatar(ctx, u.ID, jpg, t0.Add(time.Minute))
		mustNil(t, err)
		if prev != key {
			t.Errorf("previous = %q, want %q", prev, key)
		}
		prev, err = users.SetAvatar(ctx, u.ID, "", t0.Add(2*time.Minute))
		mustNil(t, err)
		if prev != jpg {
			t.Errorf("previous = %q, want %q", prev, jpg)
		}
		if got, _ := users.UserByID(ctx, u.ID); got.AvatarURL != "" || got.AvatarUpdatedAt != nil {
			t.Errorf("cleared avatar = %q at %v", got.AvatarURL, got.AvatarUpdatedAt)
		}
		_, err = users.SetAvatar(ctx, "00000000-0000-0000-0000-000000000000", key, t0)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// Of N uploads racing, each replaces exactly the value another one set (or
// the empty start), so every replaced file is known to exactly one caller.
func TestSetAvatarConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		users := sqlstore.NewUserService(db)
		u := newUser(t, db, "race@example.com")
		const n = 8
		warm(t, db, n)
		prevs := make([]string, n)
		for _, err := range race(n, func(i int) error {
			var err error
			prevs[i], err = users.SetAvatar(t.Context(), u.ID, "k"+string(rune('a'+i)), t0)
			return err
		}) {
			mustNil(t, err)
		}
		final, _ := users.UserByID(t.Context(), u.ID)
		seen := map[string]bool{}
		for _, p := range prevs {
			if seen[p] {
				t.Fatalf("value %q replaced twice: %v", p, prevs)
			}
			seen[p] = true
		}
		// The replaced values are the start ("") and every key but the last.
		if !seen[""] || seen[final.AvatarURL] || len(seen) != n {
			t.Errorf("replaced %v, final %q", prevs, final.AvatarURL)
		}
	})
}

// Migration 0012 turns the old column defaults du and de into Standard and
// keeps the explicit sie and en.
func TestMigrationStandardFormalityAndLanguage(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if db.Dialect() == sqlstore.DialectPostgres {
			exec(t, db, `DROP SCHEMA public CASCADE`)
			exec(t, db, `CREATE SCHEMA public`)
		} else {
			d, err := sqlstore.Open(t.Context(), t.TempDir()+"/old.db")
			mustNil(t, err)
			t.Cleanup(func() { d.Close() })
			db = d
		}
		mustNil(t, db.MigrateUpTo(t.Context(), "0011_conversation_state"))
		for i, fl := range [][2]string{{"du", "de"}, {"sie", "en"}, {"sie", "de"}} {
			exec(t, db, `INSERT INTO users (id, formality, language, created_at, updated_at) VALUES (?, ?, ?, ?, ?)`,
				string(rune('a'+i)), fl[0], fl[1], t0, t0)
		}
		mustNil(t, db.Migrate(t.Context()))
		users := sqlstore.NewUserService(db)
		for id, want := range map[string][2]string{"a": {"", ""}, "b": {"sie", "en"}, "c": {"sie", ""}} {
			u, err := users.UserByID(t.Context(), id)
			mustNil(t, err)
			if u.Formality != want[0] || u.Language != want[1] || u.AvatarUpdatedAt != nil {
				t.Errorf("user %s: formality %q language %q, want %q %q", id, u.Formality, u.Language, want[0], want[1])
			}
		}
		// The new CHECKs hold.
		if _, err := db.SQL().ExecContext(t.Context(), sqlRebind(db, `UPDATE users SET formality = ? WHERE id = 'a'`), "ihr"); err == nil {
			t.Error("formality 'ihr' accepted")
		}
		if _, err := db.SQL().ExecContext(t.Context(), sqlRebind(db, `UPDATE users SET language = ? WHERE id = 'a'`), "fr"); err == nil {
			t.Error("language 'fr' accepted")
		}
	})
}

func sqlRebind(db *sqlstore.DB, q string) string {
	if db.Dialect() == sqlstore.DialectPostgres {
		return sqlstore.Rebind(q)
	}
	return q
}
