package sqlstore_test

import (
	"fmt"
	"testing"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestAddProgress(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewProgressService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")

		d := salescoach.ProgressDelta{XP: 90, MessagesSent: 1, ObjectionsSolved: 2, CompletedChats: 3, Hints: 4,
			PerfectAnswers: 5, FastAnswers: 6, Feedback: 7, Calls: 8}
		user, p, err := s.AddProgress(ctx, u.ID, d)
		mustNil(t, err)
		if user.XP != 90 || user.Level != 1 {
			t.Errorf("XP %d level %d, want 90 and 1", user.XP, user.Level)
		}
		want := salescoach.Profile{MessagesSentCount: 1, ObjectionsSolvedCount: 2, CompletedChatsCount: 3, HintsCount: 4,
			PerfectAnswersCount: 5, FastAnswersCount: 6, FeedbackCount: 7, CallsCount: 8}
		if p.MessagesSentCount != want.MessagesSentCount || p.ObjectionsSolvedCount != want.ObjectionsSolvedCount ||
			p.CompletedChatsCount != want.CompletedChatsCount || p.HintsCount != want.HintsCount ||
			p.PerfectAnswersCount != want.PerfectAnswersCount || p.FastAnswersCount != want.FastAnswersCount ||
			p.FeedbackCount != want.FeedbackCount || p.CallsCount != want.CallsCount {
			t.Errorf("profile = %+v", p)
		}
		// Crossing thresholds raises the level: 320 + 416 + 540 = 1276 XP is level 4.
		user, p, err = s.AddProgress(ctx, u.ID, salescoach.ProgressDelta{XP: 1186, MessagesSent: 1})
		mustNil(t, err)
		if user.XP != 1276 || user.Level != 4 || salescoach.LevelFor(1276).Level != 4 {
			t.Errorf("XP %d level %d, want 1276 and 4", user.XP, user.Level)
		}
		if p.MessagesSentCount != 2 || p.CallsCount != 8 {
			t.Errorf("counters = %+v", p)
		}
		// A zero delta changes nothing.
		user, _, err = s.AddProgress(ctx, u.ID, salescoach.ProgressDelta{})
		mustNil(t, err)
		if user.XP != 1276 || user.Level != 4 {
			t.Errorf("XP %d level %d after zero delta", user.XP, user.Level)
		}
		// The stored row agrees with what came back.
		if n := count(t, db, `SELECT COUNT(*) FROM users WHERE id = ? AND xp = 1276 AND level = 4`, u.ID); n != 1 {
			t.Error("users row not updated")
		}
		// Nobody else changed.
		if n := count(t, db, `SELECT COUNT(*) FROM users u JOIN profiles p ON p.user_id = u.id
			WHERE u.id = ? AND xp = 0 AND level = 1 AND messages_sent_count = 0`, other.ID); n != 1 {
			t.Error("another user changed")
		}

		for _, bad := range []salescoach.ProgressDelta{{XP: -1}, {MessagesSent: -1}, {ObjectionsSolved: -1}, {CompletedChats: -1},
			{Hints: -1}, {PerfectAnswers: -1}, {FastAnswers: -1}, {Feedback: -1}, {Calls: -1}, {XP: 10, Calls: -1}} {
			_, _, err := s.AddProgress(ctx, u.ID, bad)
			wantCode(t, err, salescoach.EINVALID)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM users WHERE id = ? AND xp = 1276`, u.ID); n != 1 {
			t.Error("a rejected delta changed XP")
		}
		for _, id := range append(badIDs, uuid.NewString()) {
			_, _, err := s.AddProgress(ctx, id, salescoach.ProgressDelta{XP: 1})
			wantCode(t, err, salescoach.ENOTFOUND)
		}
	})
}

// TestAddProgressConcurrent adds XP and a message from 20 requests at once:
// every addition counts, and the level matches the final XP.
func TestAddProgressConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewProgressService(db)
		u := newUser(t, db, "a@example.com")
		const n = 20
		warm(t, db, n)
		for _, err := range race(n, func(int) error {
			_, _, err := s.AddProgress(t.Context(), u.ID, salescoach.ProgressDelta{XP: 20, MessagesSent: 1})
			return err
		}) {
			mustNil(t, err)
		}
		user, p, err := s.AddProgress(t.Context(), u.ID, salescoach.ProgressDelta{})
		mustNil(t, err)
		if user.XP != 400 || p.MessagesSentCount != 20 {
			t.Errorf("XP %d, messages %d, want 400 and 20", user.XP, p.MessagesSentCount)
		}
		if want := salescoach.LevelFor(400).Level; user.Level != want || want != 2 {
			t.Errorf("level %d, want %d (2)", user.Level, want)
		}
	})
}

// TestLevelCurveMigration checks that migration 0046 sets every stored level
// as salescoach.LevelFor does: on each side of every threshold it lists and at
// the largest XP a column holds.
func TestLevelCurveMigration(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		xps := []int{0, 1, 2147483647}
		for sum, need := 0, salescoach.LevelFirstXP; sum+need <= 2147483647; need = need * salescoach.LevelGrowthTenths / 10 {
			sum += need
			xps = append(xps, sum-1, sum)
		}
		ids := make([]string, len(xps))
		for i, xp := range xps {
			ids[i] = newUser(t, db, fmt.Sprintf("lv%d@example.com", i)).ID
			exec(t, db, `UPDATE users SET xp = ?, level = 7 WHERE id = ?`, xp, ids[i])
		}
		exec(t, db, `DELETE FROM schema_migrations WHERE version = '0046_level_curve'`)
		mustNil(t, db.Migrate(t.Context()))
		for i, xp := range xps {
			want := salescoach.LevelFor(xp).Level
			if n := count(t, db, `SELECT COUNT(*) FROM users WHERE id = ? AND level = ?`, ids[i], want); n != 1 {
				t.Errorf("xp %d: stored level is not %d", xp, want)
			}
		}
	})
}
