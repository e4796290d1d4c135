package sqlstore_test

import (
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestUpdateChallenges(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewCatalogService(db)
		before, err := s.Challenges(ctx)
		mustNil(t, err)

		mustNil(t, s.UpdateChallenges(ctx, []salescoach.ChallengeUpdate{
			{Key: "calls", Name: "headset – Anrufe", Icon: "headset", Description: "Telefoniere.", TitleEN: "Calls",
				DescriptionEN: "Make calls.", Target: 0},
			{Key: "messages_sent", Name: "send – Nachrichten", Icon: "send", Description: "", Target: 50},
		}))
		after, err := s.Challenges(ctx)
		mustNil(t, err)
		byKey := map[string]*salescoach.Challenge{}
		for _, c := range after {
			byKey[c.Key] = c
		}
		if c := byKey["calls"]; c.Name != "headset – Anrufe" || c.Icon != "headset" || c.Description != "Telefoniere." || c.TitleEN != "Calls" || c.DescriptionEN != "Make calls." || c.Target != 0 || c.SortOrder != 5 {
			t.Errorf("calls = %+v", c)
		}
		if c := byKey["messages_sent"]; c.Name != "send – Nachrichten" || c.Description != "" || c.Target != 50 || c.SortOrder != 2 {
			t.Errorf("messages_sent = %+v", c)
		}

		// An unknown key or a bad value anywhere in the batch changes nothing.
		wantCode(t, s.UpdateChallenges(ctx, []salescoach.ChallengeUpdate{
			{Key: "hints", Name: "x – X", Icon: "x", Target: 1},
			{Key: "sleeping", Name: "y – Y", Icon: "y", Target: 1},
		}), salescoach.ENOTFOUND)
		wantCode(t, s.UpdateChallenges(ctx, []salescoach.ChallengeUpdate{
			{Key: "hints", Name: "x – X", Icon: "x", Target: 1},
			{Key: "calls", Name: "y – Y", Icon: "y", Target: -1},
		}), salescoach.EINVALID)
		unchanged, err := s.Challenges(ctx)
		mustNil(t, err)
		for i, c := range unchanged {
			if *c != *after[i] {
				t.Errorf("challenge %s changed by a failed batch: %+v, was %+v", c.Key, c, after[i])
			}
		}
		if len(before) != len(unchanged) {
			t.Errorf("%d challenges, want %d", len(unchanged), len(before))
		}
	})
}

func TestTonePresetAdmin(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewCatalogService(db)

		p, err := s.CreateTonePreset(ctx, salescoach.TonePresetInput{Name: "Gesprächig", NameEN: "Talkative", Description: "Redet viel."})
		mustNil(t, err)
		if !salescoach.IsUUID(p.ID) || p.Name != "Gesprächig" || p.NameEN != "Talkative" || p.Description != "Redet viel." || p.SortOrder != 7 {
			t.Errorf("created = %+v, want a UUID at sort order 7", p)
		}
		q, err := s.CreateTonePreset(ctx, salescoach.TonePresetInput{Name: "Zögerlich"})
		mustNil(t, err)
		if q.SortOrder != 8 {
			t.Errorf("second new preset at %d, want 8", q.SortOrder)
		}
		list, err := s.TonePresets(ctx)
		mustNil(t, err)
		if len(list) != 8 || list[6].ID != p.ID || list[7].ID != q.ID {
			t.Errorf("new presets not at the end: %+v", list)
		}

		_, err = s.CreateTonePreset(ctx, salescoach.TonePresetInput{Name: "Skeptisch"})
		wantMessage(t, err, salescoach.ECONFLICT, salescoach.MsgPresetTaken)
		_, err = s.CreateTonePreset(ctx, salescoach.TonePresetInput{Name: ""})
		wantCode(t, err, salescoach.EINVALID)

		got, err := s.UpdateTonePreset(ctx, "skeptisch", salescoach.TonePresetInput{Name: "Kritisch", Description: "Fragt nach."})
		mustNil(t, err)
		if got.ID != "skeptisch" || got.Name != "Kritisch" || got.Description != "Fragt nach." || got.SortOrder != 2 {
			t.Errorf("updated = %+v", got)
		}
		_, err = s.UpdateTonePreset(ctx, p.ID, salescoach.TonePresetInput{Name: "Kritisch"})
		wantMessage(t, err, salescoach.ECONFLICT, salescoach.MsgPresetTaken)
		_, err = s.UpdateTonePreset(ctx, "nobody", salescoach.TonePresetInput{Name: "Neu"})
		wantCode(t, err, salescoach.ENOTFOUND)

		// Users of a deleted preset fall back to none.
		us := sqlstore.NewUserService(db)
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")
		newUser(t, db, "c@example.com")
		for _, u := range []*salescoach.User{a, b} {
			_, _, err := us.UpdateProfile(ctx, u.ID, salescoach.ProfileUpdate{TonePresetID: &p.ID})
			mustNil(t, err)
		}
		counts, err := s.TonePresetUsers(ctx)
		mustNil(t, err)
		if len(counts) != 8 || counts[p.ID] != 2 || counts["freundlich"] != 0 || counts[q.ID] != 0 {
			t.Errorf("TonePresetUsers = %v", counts)
		}
		mustNil(t, s.DeleteTonePreset(ctx, p.ID))
		if n := count(t, db, `SELECT COUNT(*) FROM users WHERE tone_preset_id IS NULL`); n != 3 {
			t.Errorf("%d users without a preset after the delete, want 3", n)
		}
		user, err := us.UserByID(ctx, a.ID)
		mustNil(t, err)
		if user.TonePresetID != nil {
			t.Errorf("a's preset = %v, want nil", *user.TonePresetID)
		}
		wantCode(t, s.DeleteTonePreset(ctx, p.ID), salescoach.ENOTFOUND)
		wantCode(t, s.DeleteTonePreset(ctx, ""), salescoach.ENOTFOUND)
		counts, err = s.TonePresetUsers(ctx)
		mustNil(t, err)
		if _, ok := counts[p.ID]; ok || len(counts) != 7 {
			t.Errorf("TonePresetUsers after delete = %v", counts)
		}
	})
}
