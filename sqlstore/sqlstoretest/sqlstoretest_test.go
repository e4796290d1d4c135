package sqlstoretest

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"salescoach/sqlstore"
)

func TestMain(m *testing.M) { Main(m) }

func TestForEachDB(t *testing.T) {
	var ran []string
	ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ran = append(ran, db.Dialect())
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM challenges`).Scan(&n); err != nil || n != 9 {
			t.Errorf("fresh database has %d challenges (%v), want a migrated one", n, err)
		}
		// Writes stay in this test's database.
		if _, err := db.SQL().ExecContext(t.Context(), `DELETE FROM challenges`); err != nil {
			t.Fatal(err)
		}
	})
	want := "sqlite"
	if os.Getenv(EnvURL) != "" {
		want = "sqlite,postgres"
	}
	if got := strings.Join(ran, ","); got != want {
		t.Errorf("ran on %s, want %s", got, want)
	}
}

// TestPostgresDatabasesAreDropped checks that each test gets its own
// database and that it is gone after the test.
func TestPostgresDatabasesAreDropped(t *testing.T) {
	if os.Getenv(EnvURL) == "" {
		t.Skip("needs " + EnvURL)
	}
	var names []string
	for i := range 2 {
		t.Run(fmt.Sprint(i), func(t *testing.T) {
			db := NewPostgres(t)
			var name string
			if err := db.SQL().QueryRowContext(t.Context(), `SELECT current_database()`).Scan(&name); err != nil {
				t.Fatal(err)
			}
			names = append(names, name)
		})
	}
	if len(names) != 2 || names[0] == names[1] {
		t.Fatalf("databases %v, want two different ones", names)
	}
	for _, name := range names {
		if exists(t, pg.admin, name) {
			t.Errorf("database %s still exists after its test", name)
		}
	}
}

// TestSweep plays a crashed test process (its databases exist, nobody holds
// its lock) beside a running one (its lock is held): only the crashed one's
// databases are dropped.
func TestSweep(t *testing.T) {
	base := os.Getenv(EnvURL)
	if base == "" {
		t.Skip("needs " + EnvURL)
	}
	s, err := server(base)
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	dead, live := "sctest_00000000000000de", "sctest_00000000000000a1"
	// The live process's lock, on a connection of its own.
	liveConn, err := s.admin.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer liveConn.Close()
	var ok bool
	if err := liveConn.QueryRowContext(ctx, lockSQL, live).Scan(&ok); err != nil || !ok {
		t.Fatalf("lock live prefix: %v %v", ok, err)
	}
	for _, name := range []string{dead + "_tmpl", dead + "_1", live + "_tmpl"} {
		if _, err := s.admin.ExecContext(ctx, `CREATE DATABASE `+ident(name)); err != nil {
			t.Fatal(err)
		}
	}
	t.Cleanup(func() {
		_, _ = s.admin.ExecContext(context.Background(), dropSQL(live+"_tmpl"))
	})
	if err := s.sweep(ctx); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]bool{dead + "_tmpl": false, dead + "_1": false, live + "_tmpl": true, s.template: true} {
		if got := exists(t, s.admin, name); got != want {
			t.Errorf("after sweep, %s exists = %v, want %v", name, got, want)
		}
	}
}

func exists(t *testing.T, admin *sql.DB, name string) bool {
	t.Helper()
	var n int
	if err := admin.QueryRowContext(t.Context(), `SELECT COUNT(*) FROM pg_database WHERE datname = $1`, name).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n == 1
}

// TestPostgresRequiredInCI runs the test binary again with CI set and no
// server configured: the PostgreSQL half must fail there, not skip.
func TestPostgresRequiredInCI(t *testing.T) {
	if os.Getenv("SQLSTORETEST_CHILD") == "1" {
		NewPostgres(t)
		return
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestPostgresRequiredInCI$", "-test.v")
	cmd.Env = append(os.Environ(), "SQLSTORETEST_CHILD=1", "CI=true", EnvURL+"=")
	out, err := cmd.CombinedOutput()
	if err == nil || !strings.Contains(string(out), "--- FAIL: TestPostgresRequiredInCI") || !strings.Contains(string(out), "must run in CI") {
		t.Errorf("with CI set and no %s the child should fail; err=%v output:\n%s", EnvURL, err, out)
	}

	cmd = exec.Command(os.Args[0], "-test.run=^TestPostgresRequiredInCI$", "-test.v")
	cmd.Env = append(os.Environ(), "SQLSTORETEST_CHILD=1", "CI=", EnvURL+"=")
	out, err = cmd.CombinedOutput()
	if err != nil || !strings.Contains(string(out), "--- SKIP: TestPostgresRequiredInCI") {
		t.Errorf("without CI and %s the child should skip; err=%v output:\n%s", EnvURL, err, out)
	}
}

// TestSQLiteCopiesAreTheirOwn checks that every SQLite database is a full
// copy of the migrated template: all migrations recorded, and one test's
// writes never seen by the next copy or the template.
func TestSQLiteCopiesAreTheirOwn(t *testing.T) {
	ctx := t.Context()
	count := func(db *sqlstore.DB, q string) int {
		t.Helper()
		var n int
		if err := db.SQL().QueryRowContext(ctx, q).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n
	}
	first := NewSQLite(t)
	migrations := count(first, `SELECT COUNT(*) FROM schema_migrations`)
	if files, _ := filepath.Glob("../migrations/*.sql"); migrations == 0 || migrations != len(files) {
		t.Fatalf("a copy records %d migrations, the package has %d", migrations, len(files))
	}
	if _, err := first.SQL().ExecContext(ctx, `DELETE FROM challenges`); err != nil {
		t.Fatal(err)
	}
	second := NewSQLite(t)
	if n := count(second, `SELECT COUNT(*) FROM challenges`); n != 9 {
		t.Fatalf("the next copy has %d challenges, want the template's 9", n)
	}
	tmpl, err := sqliteTemplate()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmpl + "-wal"); !os.IsNotExist(err) {
		t.Errorf("the template has a write-ahead log beside it (%v): a copy of the file alone could miss its last writes", err)
	}
}
