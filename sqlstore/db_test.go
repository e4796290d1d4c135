package sqlstore_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestOpenSQLite(t *testing.T) {
	t.Parallel()
	// The folder does not exist yet: Open creates it.
	path := filepath.Join(t.TempDir(), "a", "b", "coach.db")
	db, err := sqlstore.Open(t.Context(), path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	if _, err := os.Stat(path); err != nil {
		t.Fatalf("database file: %v", err)
	}
	if db.Dialect() != sqlstore.DialectSQLite {
		t.Errorf("Dialect() = %q", db.Dialect())
	}
	// Every pooled connection must carry the settings, so ask several at once.
	conns := make([]interface{ Close() error }, 0, 3)
	for range 3 {
		c, err := db.SQL().Conn(t.Context())
		if err != nil {
			t.Fatal(err)
		}
		conns = append(conns, c)
		for pragma, want := range map[string]string{
			"journal_mode": "wal", "foreign_keys": "1", "busy_timeout": "10000", "synchronous": "1",
		} {
			var got string
			if err := c.QueryRowContext(t.Context(), "PRAGMA "+pragma).Scan(&got); err != nil {
				t.Fatal(err)
			}
			if strings.ToLower(got) != want {
				t.Errorf("PRAGMA %s = %q, want %q", pragma, got, want)
			}
		}
	}
	for _, c := range conns {
		c.Close()
	}
}

func TestOpenSQLiteKeepsCallerParams(t *testing.T) {
	t.Parallel()
	path := filepath.Join(t.TempDir(), "coach.db")
	db, err := sqlstore.Open(t.Context(), path+"?_pragma=cache_size(-4000)")
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	var size int
	if err := db.SQL().QueryRowContext(t.Context(), "PRAGMA cache_size").Scan(&size); err != nil {
		t.Fatal(err)
	}
	if size != -4000 {
		t.Errorf("cache_size = %d, want -4000", size)
	}
}

func TestOpenPostgresUnreachable(t *testing.T) {
	t.Parallel()
	// Port 1 refuses connections at once; Open must say the database is unavailable.
	_, err := sqlstore.Open(t.Context(), "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=2")
	if got := salescoach.ErrorCode(err); got != salescoach.EUNAVAILABLE {
		t.Fatalf("Open error = %v (code %s), want EUNAVAILABLE", err, got)
	}
}

func TestPingAndDialect(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if err := db.Ping(t.Context()); err != nil {
			t.Fatal(err)
		}
		want := sqlstore.DialectSQLite
		if strings.HasSuffix(t.Name(), "/postgres") {
			want = sqlstore.DialectPostgres
		}
		if db.Dialect() != want {
			t.Errorf("Dialect() = %q, want %q", db.Dialect(), want)
		}
		db.Close()
		if got := salescoach.ErrorCode(db.Ping(t.Context())); got != salescoach.EUNAVAILABLE {
			t.Errorf("Ping after Close: code %s, want EUNAVAILABLE", got)
		}
	})
}

// TestTimesCompareAsInstants checks what every time-range query relies on:
// stored times order and compare as instants, whatever zone and fraction of
// a second they were given with. SQLite keeps them as text, so this holds
// only because every time is bound in UTC.
func TestTimesCompareAsInstants(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		views := sqlstore.NewPageViewService(db)
		berlin := time.FixedZone("CEST", 2*3600)
		times := []time.Time{
			t0.Add(time.Second),
			t0.Add(500 * time.Millisecond).In(berlin),
			t0,
			t0.Add(123456 * time.Microsecond),
			t0.Add(-time.Microsecond).In(berlin),
			t0.Add(5 * time.Microsecond),
			t0.Add(123456789 * time.Nanosecond), // stored as .123456
		}
		for i, at := range times {
			mustNil(t, views.RecordPageView(t.Context(), &salescoach.PageView{Path: fmt.Sprint(i), Source: "direct", CreatedAt: at}))
		}
		rows, err := db.SQL().QueryContext(t.Context(), `SELECT path, created_at FROM page_views ORDER BY created_at, path`)
		mustNil(t, err)
		defer rows.Close()
		var order []string
		var prev time.Time
		for rows.Next() {
			var path string
			var at time.Time
			mustNil(t, rows.Scan(&path, &at))
			if at.Before(prev) {
				t.Errorf("%s at %v sorts after %v", path, at, prev)
			}
			prev = at
			order = append(order, path)
		}
		mustNil(t, rows.Err())
		if got, want := strings.Join(order, ","), "4,2,5,3,6,1,0"; got != want {
			t.Errorf("order by created_at = %s, want %s", got, want)
		}
		for _, tc := range []struct {
			since time.Time
			want  int
		}{
			{t0, 6},
			{t0.Add(time.Microsecond), 5},
			{t0.Add(123456 * time.Microsecond), 4},
			{t0.Add(time.Second), 1},
		} {
			if n := count(t, db, `SELECT COUNT(*) FROM page_views WHERE created_at >= ?`, tc.since.UTC()); n != tc.want {
				t.Errorf("%d views since %v, want %d", n, tc.since, tc.want)
			}
		}
	})
}
