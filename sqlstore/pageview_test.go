package sqlstore_test

import (
	"net/url"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/google/uuid"

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

// TestRecordPageViewRollup checks the daily rollup RecordPageView keeps
// beside the raw rows, also under concurrent views of one day, source and
// kind.
func TestRecordPageViewRollup(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewPageViewService(db)
		ctx := t.Context()
		const n = 20
		warm(t, db, n)
		for _, err := range race(n, func(i int) error {
			// Two paths of one kind, over one day.
			path := "/chat/" + strconv.Itoa(i)
			if i%2 == 1 {
				path = "/call/" + strconv.Itoa(i)
			}
			return s.RecordPageView(ctx, &salescoach.PageView{Path: path, Source: "google", CreatedAt: t0.Add(time.Duration(i) * time.Minute)})
		}) {
			mustNil(t, err)
		}
		if got := count(t, db, `SELECT views FROM page_view_days WHERE day = '2026-03-10' AND source = 'google' AND kind = 'chat'`); got != n {
			t.Errorf("rollup counts %d views, want %d", got, n)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM page_view_days`); got != 1 {
			t.Errorf("%d rollup rows, want 1", got)
		}
		// A refused view is counted nowhere.
		missing := "01890000-0000-7000-8000-000000000000"
		wantCode(t, s.RecordPageView(ctx, &salescoach.PageView{Path: "/", Source: "google", UserID: &missing, CreatedAt: t0}), salescoach.ENOTFOUND)
		wantCode(t, s.RecordPageView(ctx, &salescoach.PageView{Path: "/", Source: "myspace", CreatedAt: t0}), salescoach.EINVALID)
		if got := count(t, db, `SELECT COUNT(*) FROM page_view_days`); got != 1 {
			t.Errorf("refused views added rollup rows: %d rows", got)
		}
	})
}

// kindPaths are paths that probe every branch of salescoach.PageKind.
var kindPaths = []string{"", "/", "//", "/impressum", "/impressum/", "/Impressum", "/legal", "/legal/", "/legal/agb",
	"/legalese", "/login", "/login/", "/login/reset", "/loginx", "/Login", "/chat", "/chat/", "/chat/1", "/chatty",
	"/call", "/call/1", "/dashboard", "/profile/"}

// TestPageViewDaysBackfill puts page views into the schema before 0013 and
// checks that the migration counts them by UTC day and by the same page
// kinds as salescoach.PageKind. On PostgreSQL the connections use a time
// zone 14 hours ahead of UTC and a non-ISO date style, which a day taken
// from the session's settings would get wrong.
func TestPageViewDaysBackfill(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testBackfill(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { testBackfill(t, farFromUTCPostgres(t)) })
}

// emptySQLite opens a SQLite database without any migration.
func emptySQLite(t *testing.T) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(t.Context(), filepath.Join(t.TempDir(), "old.db"))
	mustNil(t, err)
	t.Cleanup(func() { db.Close() })
	return db
}

// farFromUTCPostgres opens a new PostgreSQL database emptied of every
// migration, whose connections use a time zone 14 hours ahead of UTC and a
// non-ISO date style, which a day taken from the session's settings would
// get wrong.
func farFromUTCPostgres(t *testing.T) *sqlstore.DB {
	t.Helper()
	u, err := url.Parse(sqlstoretest.NewPostgresURL(t))
	mustNil(t, err)
	q := u.Query()
	q.Set("timezone", "Pacific/Kiritimati")
	q.Set("datestyle", "SQL,DMY")
	u.RawQuery = q.Encode()
	db, err := sqlstore.Open(t.Context(), u.String())
	mustNil(t, err)
	t.Cleanup(func() { db.Close() })
	var tz string
	mustNil(t, db.SQL().QueryRowContext(t.Context(), `SHOW TimeZone`).Scan(&tz))
	if tz != "Pacific/Kiritimati" {
		t.Fatalf("session time zone = %s, the test needs one far from UTC", tz)
	}
	// Back to an empty database.
	exec(t, db, `DROP SCHEMA public CASCADE`)
	exec(t, db, `CREATE SCHEMA public`)
	return db
}

func testBackfill(t *testing.T, db *sqlstore.DB) {
	ctx := t.Context()
	mustNil(t, db.MigrateUpTo(ctx, "0012_profile_settings"))
	want := map[string]int{} // "day source kind" → views
	add := func(at time.Time, path, source string) {
		exec(t, db, `INSERT INTO page_views (id, path, source, created_at) VALUES (?, ?, ?, ?)`,
			uuid.NewString(), path, source, at.UTC())
		want[salescoach.Day(at)+" "+source+" "+salescoach.PageKind(path)]++
	}
	late := time.Date(2026, 3, 9, 23, 30, 0, 0, time.UTC) // already 3-10 in Kiritimati
	for i, p := range kindPaths {
		add(late, p, "google")
		add(late.Add(time.Duration(i)*3*time.Minute), p, "instagram") // crosses midnight from i = 10 on
	}
	add(time.Date(2025, 12, 31, 23, 59, 59, 999999000, time.UTC), "/", "direct")
	add(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), "/", "direct")
	mustNil(t, db.Migrate(ctx))

	rows, err := db.SQL().QueryContext(ctx, `SELECT day, source, kind, views FROM page_view_days`)
	mustNil(t, err)
	defer rows.Close()
	got := map[string]int{}
	for rows.Next() {
		var (
			d, src, kind string
			views        int
		)
		mustNil(t, rows.Scan(&d, &src, &kind, &views))
		got[d+" "+src+" "+kind] = views
	}
	mustNil(t, rows.Err())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("backfilled rollup:\n got %v\nwant %v", got, want)
	}
	if want["2026-03-10 instagram app"] == 0 || want["2025-12-31 direct landing"] != 1 {
		t.Fatalf("fixtures miss the days they should probe: %v", want)
	}

	// Views after the migration add to the backfilled rows.
	s := sqlstore.NewPageViewService(db)
	mustNil(t, s.RecordPageView(ctx, &salescoach.PageView{Path: "/", Source: "google", CreatedAt: late}))
	if n := count(t, db, `SELECT views FROM page_view_days WHERE day = '2026-03-09' AND source = 'google' AND kind = 'landing'`); n != want["2026-03-09 google landing"]+1 {
		t.Errorf("landing views after one more = %d, want %d", n, want["2026-03-09 google landing"]+1)
	}
}
