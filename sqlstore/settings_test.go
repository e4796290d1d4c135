package sqlstore_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestExamPassMark(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewSettingsService(db)
		got, err := s.ExamPassMark(ctx)
		mustNil(t, err)
		if got != 70 {
			t.Errorf("pass mark never set = %d, want 70", got)
		}
		mustNil(t, s.SetExamPassMark(ctx, 55, t0))
		mustNil(t, s.SetExamPassMark(ctx, 80, t0.Add(time.Minute)))
		if got, _ := s.ExamPassMark(ctx); got != 80 {
			t.Errorf("pass mark = %d, want 80", got)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM settings WHERE key = 'exam_pass_mark' AND value = '80'`); n != 1 {
			t.Errorf("%d settings rows for the pass mark, want 1", n)
		}
		for _, bad := range []int{0, -5, 101} {
			e := wantCode(t, s.SetExamPassMark(ctx, bad, t0), salescoach.EINVALID)
			if e.Fields["examPassMark"].Key != salescoach.MsgExamPassMark.Key {
				t.Errorf("pass mark %d: fields %v", bad, e.Fields)
			}
		}
		for _, edge := range []int{1, 100} {
			mustNil(t, s.SetExamPassMark(ctx, edge, t0))
			if got, _ := s.ExamPassMark(ctx); got != edge {
				t.Errorf("pass mark = %d, want %d", got, edge)
			}
		}
		// A value no admin could have set reads as the default.
		exec(t, db, `UPDATE settings SET value = 'viel' WHERE key = 'exam_pass_mark'`)
		if got, _ := s.ExamPassMark(ctx); got != 70 {
			t.Errorf("unreadable pass mark = %d, want the default 70", got)
		}
	})
}

func TestPreviousExamEvaluation(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewConversationService(db)
		u := newUser(t, db, "exam@example.com")
		other := newUser(t, db, "other@example.com")
		exam := func(userID string, at time.Time, evaluation string) *salescoach.Conversation {
			return start(t, s, &salescoach.Conversation{UserID: userID, Mode: salescoach.ModeExam,
				TotalStages: salescoach.ExamObjections, CreatedAt: at, Evaluation: evaluation})
		}
		first := exam(u.ID, t0, `{"totalPercent":40}`)
		if got, err := s.PreviousExamEvaluation(ctx, u.ID, first.ID, first.CreatedAt); err != nil || got != "" {
			t.Errorf("first exam: previous = %q, %v; want none", got, err)
		}
		second := exam(u.ID, t0.Add(time.Hour), `{"totalPercent":64}`)
		exam(u.ID, t0.Add(90*time.Minute), "")                         // not evaluated
		start(t, s, practice(u.ID, t0.Add(100*time.Minute)))           // a practice chat
		exam(other.ID, t0.Add(110*time.Minute), `{"totalPercent":99}`) // someone else's
		deleted := exam(u.ID, t0.Add(115*time.Minute), `{"totalPercent":12}`)
		mustNil(t, s.SoftDelete(ctx, u.ID, deleted.ID, t0.Add(116*time.Minute)))
		third := exam(u.ID, t0.Add(2*time.Hour), "")
		later := exam(u.ID, t0.Add(3*time.Hour), `{"totalPercent":90}`) // after the third
		got, err := s.PreviousExamEvaluation(ctx, u.ID, third.ID, third.CreatedAt)
		mustNil(t, err)
		if got != `{"totalPercent":64}` {
			t.Errorf("previous of the third = %q, want the second's", got)
		}
		if got, _ := s.PreviousExamEvaluation(ctx, u.ID, second.ID, second.CreatedAt); got != `{"totalPercent":40}` {
			t.Errorf("previous of the second = %q, want the first's", got)
		}
		// Neither another user's exam nor a deleted one counts.
		if got, _ := s.PreviousExamEvaluation(ctx, u.ID, later.ID, later.CreatedAt); got != `{"totalPercent":64}` {
			t.Errorf("previous of the latest = %q, want the second's", got)
		}
		if got, err := s.PreviousExamEvaluation(ctx, "x", uuid.NewString(), t0); got != "" || err != nil {
			t.Errorf("bad user id: %q, %v", got, err)
		}
	})
}
