package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestCreateFeedback(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewFeedbackService(db)
		ctx := t.Context()
		u := newUser(t, db, "fb@example.com")
		// 317 XP: the feedback's 5 XP cross level 1's 320 XP threshold, so
		// the level must be recomputed in the same transaction.
		exec(t, db, `UPDATE users SET xp = 317 WHERE id = ?`, u.ID)

		f := &salescoach.Feedback{UserID: &u.ID, Email: "fb@example.com", Name: "Fe Bee", Subject: "Lob",
			Type: salescoach.FeedbackFeature, Message: "Mehr Kunden bitte", CreatedAt: t0}
		mustNil(t, s.CreateFeedback(ctx, f))
		if f.ID == "" || f.Status != salescoach.FeedbackReceived || f.UpdatedAt.IsZero() {
			t.Errorf("feedback not filled in: %+v", f)
		}
		sameTime(t, "created_at", f.CreatedAt, t0)
		user, err := sqlstore.NewUserService(db).UserByID(ctx, u.ID)
		mustNil(t, err)
		if user.XP != 317+salescoach.XPFeedback || user.Level != salescoach.LevelFor(317+salescoach.XPFeedback).Level || user.Level != 2 {
			t.Errorf("user xp %d level %d, want %d XP at level 2", user.XP, user.Level, 317+salescoach.XPFeedback)
		}
		p, err := sqlstore.NewUserService(db).ProfileByUserID(ctx, u.ID)
		mustNil(t, err)
		if p.FeedbackCount != 1 {
			t.Errorf("feedback_count = %d, want 1", p.FeedbackCount)
		}
		list, err := s.UserFeedback(ctx, u.ID, 20)
		mustNil(t, err)
		if len(list) != 1 || list[0].ID != f.ID || list[0].Subject != "Lob" || list[0].Message != "Mehr Kunden bitte" ||
			list[0].Type != salescoach.FeedbackFeature || list[0].Name != "Fe Bee" || list[0].UserID == nil || *list[0].UserID != u.ID {
			t.Errorf("stored feedback = %+v", list)
		}

		// Signed out: no user, nothing counted.
		anon := &salescoach.Feedback{Email: "visitor@example.com", Type: salescoach.FeedbackBug, Message: "Kaputt"}
		mustNil(t, s.CreateFeedback(ctx, anon))
		if n := count(t, db, `SELECT COUNT(*) FROM feedback WHERE user_id IS NULL AND email = 'visitor@example.com'`); n != 1 {
			t.Errorf("anonymous feedback stored %d times", n)
		}

		// A rejected row rolls the award back: same transaction.
		bad := &salescoach.Feedback{UserID: &u.ID, Type: "praise", Message: "x"}
		wantCode(t, s.CreateFeedback(ctx, bad), salescoach.EINVALID)
		empty := &salescoach.Feedback{UserID: &u.ID, Type: salescoach.FeedbackGeneral, Message: ""}
		wantCode(t, s.CreateFeedback(ctx, empty), salescoach.EINVALID)
		if n := count(t, db, `SELECT xp FROM users WHERE id = ?`, u.ID); n != 317+salescoach.XPFeedback {
			t.Errorf("xp after rejected feedback = %d, want %d", n, 317+salescoach.XPFeedback)
		}
		if n := count(t, db, `SELECT feedback_count FROM profiles WHERE user_id = ?`, u.ID); n != 1 {
			t.Errorf("feedback_count after rejected feedback = %d, want 1", n)
		}

		// No such user: ENOTFOUND and no row.
		missing := "01890000-0000-7000-8000-000000000000"
		wantCode(t, s.CreateFeedback(ctx, &salescoach.Feedback{UserID: &missing, Type: "general", Message: "x"}), salescoach.ENOTFOUND)
		notUUID := "nobody"
		wantCode(t, s.CreateFeedback(ctx, &salescoach.Feedback{UserID: &notUUID, Type: "general", Message: "x"}), salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT COUNT(*) FROM feedback`); n != 2 {
			t.Errorf("%d feedback rows, want 2", n)
		}
	})
}

func TestListFeedback(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewFeedbackService(db)
		ctx := t.Context()
		a := newUser(t, db, "a@example.com")
		b := newUser(t, db, "b@example.com")
		// Five rows, one minute apart, alternating users; two share an
		// instant, so the id breaks the tie.
		var ids []string
		for i, at := range []time.Time{t0, t0.Add(time.Minute), t0.Add(2 * time.Minute), t0.Add(2 * time.Minute), t0.Add(3 * time.Minute)} {
			owner := &a.ID
			if i%2 == 1 {
				owner = &b.ID
			}
			f := &salescoach.Feedback{UserID: owner, Type: "general", Message: "m", Subject: string(rune('A' + i)), CreatedAt: at}
			mustNil(t, s.CreateFeedback(ctx, f))
			ids = append(ids, f.ID)
		}
		all, total, err := s.ListFeedback(ctx, salescoach.Page{})
		mustNil(t, err)
		if total != 5 || len(all) != 5 {
			t.Fatalf("ListFeedback: %d items, total %d, want 5/5", len(all), total)
		}
		// Newest first; of the two at +2 min, the larger id (created later).
		want := []string{ids[4], ids[3], ids[2], ids[1], ids[0]}
		for i := range want {
			if all[i].ID != want[i] {
				t.Errorf("item %d = %s (%s), want %s", i, all[i].ID, all[i].Subject, want[i])
			}
		}
		page, total, err := s.ListFeedback(ctx, salescoach.Page{Limit: 2, Offset: 2})
		mustNil(t, err)
		if total != 5 || len(page) != 2 || page[0].ID != want[2] || page[1].ID != want[3] {
			t.Errorf("page 2 of 2: %d items, total %d", len(page), total)
		}
		past, total, err := s.ListFeedback(ctx, salescoach.Page{Limit: 2, Offset: 10})
		mustNil(t, err)
		if total != 5 || len(past) != 0 {
			t.Errorf("past the end: %d items, total %d", len(past), total)
		}

		mine, err := s.UserFeedback(ctx, a.ID, 2)
		mustNil(t, err)
		if len(mine) != 2 || mine[0].ID != ids[4] || mine[1].ID != ids[2] {
			t.Errorf("UserFeedback(a, 2) = %v", mine)
		}
		none, err := s.UserFeedback(ctx, "not-a-uuid", 20)
		mustNil(t, err)
		if len(none) != 0 {
			t.Errorf("UserFeedback of a bad id = %v", none)
		}
	})
}

func TestSetFeedbackStatus(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewFeedbackService(db)
		ctx := t.Context()
		f := &salescoach.Feedback{Email: "v@example.com", Type: "bug", Message: "m", CreatedAt: t0}
		mustNil(t, s.CreateFeedback(ctx, f))
		at := t0.Add(time.Hour)
		got, err := s.SetFeedbackStatus(ctx, f.ID, salescoach.FeedbackDone, at)
		mustNil(t, err)
		if got.ID != f.ID || got.Status != salescoach.FeedbackDone || got.Message != "m" {
			t.Errorf("SetFeedbackStatus = %+v", got)
		}
		sameTime(t, "updated_at", got.UpdatedAt, at)
		sameTime(t, "created_at", got.CreatedAt, t0)
		// Any order: back to erhalten.
		got, err = s.SetFeedbackStatus(ctx, f.ID, salescoach.FeedbackReceived, at)
		mustNil(t, err)
		if got.Status != salescoach.FeedbackReceived {
			t.Errorf("status = %s", got.Status)
		}
		_, err = s.SetFeedbackStatus(ctx, f.ID, "erledigt", at)
		wantCode(t, err, salescoach.EINVALID)
		_, err = s.SetFeedbackStatus(ctx, "01890000-0000-7000-8000-000000000000", salescoach.FeedbackDone, at)
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.SetFeedbackStatus(ctx, "x", salescoach.FeedbackDone, at)
		wantCode(t, err, salescoach.ENOTFOUND)
		if n := count(t, db, `SELECT COUNT(*) FROM feedback WHERE status = 'erhalten'`); n != 1 {
			t.Errorf("status not kept after refused changes")
		}
	})
}
