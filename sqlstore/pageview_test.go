package sqlstore_test

import (
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestRecordPageView(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewPageViewService(db)
		ctx := t.Context()
		u := newUser(t, db, "p@example.com")
		// Every source the tracking call knows is accepted.
		for _, src := range salescoach.PageViewSources {
			mustNil(t, s.RecordPageView(ctx, &salescoach.PageView{Path: "/login", Source: src, CreatedAt: t0}))
		}
		v := &salescoach.PageView{Path: "/app/chat", Source: "direct", UserID: &u.ID}
		mustNil(t, s.RecordPageView(ctx, v))
		if v.ID == "" || v.CreatedAt.IsZero() {
			t.Errorf("view not filled in: %+v", v)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM page_views WHERE created_at = ? AND user_id IS NULL`, t0); n != len(salescoach.PageViewSources) {
			t.Errorf("%d anonymous views, want %d", n, len(salescoach.PageViewSources))
		}
		if n := count(t, db, `SELECT COUNT(*) FROM page_views WHERE user_id = ? AND path = '/app/chat'`, u.ID); n != 1 {
			t.Errorf("user's view stored %d times", n)
		}
		wantCode(t, s.RecordPageView(ctx, &salescoach.PageView{Path: "/", Source: "myspace"}), salescoach.EINVALID)
	})
}
