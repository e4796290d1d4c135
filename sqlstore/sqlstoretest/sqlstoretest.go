// Package sqlstoretest gives tests fresh, migrated databases: a SQLite file
// always, and a PostgreSQL database when TEST_DATABASE_URL names a server
// (e.g. postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable). The
// user in that URL must be allowed to create databases.
//
// PostgreSQL databases are cheap: each test process migrates one template
// database once and creates every test's database as a copy of it. Each
// test's database is dropped when the test ends. The template is dropped by
// Main, when the package's TestMain calls it, and otherwise by the next test
// process that uses PostgreSQL: every process holds an advisory lock named
// after its databases' prefix for as long as it lives, and a database whose
// lock is free belongs to a process that has ended.
package sqlstoretest

import (
	"context"
	"crypto/rand"
	"database/sql"
	"encoding/hex"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salescoach/sqlstore"
)

// EnvURL is the environment variable naming the PostgreSQL server for tests.
const EnvURL = "TEST_DATABASE_URL"

// NewSQLite returns a migrated SQLite database in a new file under
// t.TempDir(), closed when the test ends. It fails the test when the file
// cannot be opened or migrated.
//
// Each test process migrates one template file once and gives every test a
// copy of it: migrating takes about 60 ms, and under -race (the SQLite
// driver is Go) about two seconds, which hundreds of tests paid each.
func NewSQLite(t testing.TB) *sqlstore.DB {
	t.Helper()
	ctx := context.Background()
	tmpl, err := sqliteTemplate()
	if err != nil {
		t.Fatalf("sqlstoretest: %v", err)
	}
	path := filepath.Join(t.TempDir(), "test.db")
	if err := copyFile(tmpl, path); err != nil {
		t.Fatalf("sqlstoretest: copy the sqlite template: %v", err)
	}
	db, err := sqlstore.Open(ctx, path)
	if err != nil {
		t.Fatalf("sqlstoretest: open sqlite: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// sqliteTmpl is the process's migrated SQLite file, made by the first
// NewSQLite and removed by Main.
var sqliteTmpl struct {
	once sync.Once
	dir  string
	path string
	err  error
}

func sqliteTemplate() (string, error) {
	sqliteTmpl.once.Do(func() {
		dir, err := os.MkdirTemp("", "sctest-sqlite-")
		if err != nil {
			sqliteTmpl.err = fmt.Errorf("sqlite template folder: %w", err)
			return
		}
		sqliteTmpl.dir = dir
		path := filepath.Join(dir, "template.db")
		ctx := context.Background()
		db, err := sqlstore.Open(ctx, path)
		if err != nil {
			sqliteTmpl.err = fmt.Errorf("open sqlite template: %w", err)
			return
		}
		err = db.Migrate(ctx)
		// Closing the last connection checkpoints the write-ahead log into
		// the file and removes it, so the file alone is the database.
		if cerr := db.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			sqliteTmpl.err = fmt.Errorf("migrate sqlite template: %w", err)
			return
		}
		if _, err := os.Stat(path + "-wal"); err == nil {
			sqliteTmpl.err = fmt.Errorf("sqlite template: the write-ahead log %s-wal outlived the close", path)
			return
		}
		sqliteTmpl.path = path
	})
	return sqliteTmpl.path, sqliteTmpl.err
}

// copyFile copies the file src to the new file dst.
func copyFile(src, dst string) error {
	b, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	return os.WriteFile(dst, b, 0o600)
}

// NewPostgres returns a new migrated PostgreSQL database of its own, closed
// and dropped when the test ends. Without TEST_DATABASE_URL it skips the
// test, or fails it when the CI variable is set, because CI must never pass
// without having run the PostgreSQL half.
func NewPostgres(t testing.TB) *sqlstore.DB {
	t.Helper()
	db, err := sqlstore.Open(context.Background(), NewPostgresURL(t))
	if err != nil {
		t.Fatalf("sqlstoretest: open postgres: %v", err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// NewPostgresURL creates a new migrated PostgreSQL database of its own and
// returns its URL, for tests that start whole servers on it; the database is
// dropped when the test ends. It skips or fails like NewPostgres.
func NewPostgresURL(t testing.TB) string {
	t.Helper()
	base := os.Getenv(EnvURL)
	if base == "" {
		if os.Getenv("CI") != "" {
			t.Fatalf("sqlstoretest: %s is not set, but CI is: PostgreSQL tests must run in CI", EnvURL)
		}
		t.Skipf("sqlstoretest: set %s to run this test on PostgreSQL", EnvURL)
	}
	s, err := server(base)
	if err != nil {
		t.Fatalf("sqlstoretest: %v", err)
	}
	name := fmt.Sprintf("%s_%d", s.prefix, s.seq.Add(1))
	if _, err := s.admin.ExecContext(context.Background(), fmt.Sprintf(`CREATE DATABASE %q TEMPLATE %q`, name, s.template)); err != nil {
		t.Fatalf("sqlstoretest: create database: %v", err)
	}
	// Cleanups run last-in first-out: this one runs after the callers'
	// connections are closed.
	t.Cleanup(func() {
		if _, err := s.admin.ExecContext(context.Background(), fmt.Sprintf(`DROP DATABASE IF EXISTS %q WITH (FORCE)`, name)); err != nil {
			t.Errorf("sqlstoretest: drop database %s: %v", name, err)
		}
	})
	return s.urlFor(name)
}

// ForEachDB runs fn as a subtest "sqlite" on a fresh SQLite database and as
// a subtest "postgres" on a fresh PostgreSQL database (see NewPostgres for
// when that one is skipped or fails).
func ForEachDB(t *testing.T, fn func(t *testing.T, db *sqlstore.DB)) {
	t.Helper()
	t.Run("sqlite", func(t *testing.T) { fn(t, NewSQLite(t)) })
	t.Run("postgres", func(t *testing.T) { fn(t, NewPostgres(t)) })
}

// Main runs the tests of m and then drops this process's PostgreSQL
// template database at once, instead of leaving it to the next test process.
// Call it as the body of TestMain:
//
//	func TestMain(m *testing.M) { sqlstoretest.Main(m) }
//
// The test binary exits with the tests' result, as when TestMain returns
// after m.Run.
func Main(m *testing.M) {
	code := m.Run()
	if err := shutdown(); err != nil {
		fmt.Fprintf(os.Stderr, "sqlstoretest: %v\n", err)
		if code == 0 {
			os.Exit(1)
		}
	}
}

// pgServer is the per-process state of the PostgreSQL half.
type pgServer struct {
	base     *url.URL
	admin    *sql.DB   // connected to the database of TEST_DATABASE_URL
	owner    *sql.Conn // holds the advisory lock on prefix while the process lives
	prefix   string    // sctest_<16 hex>; every database of this process starts with it
	template string
	seq      atomic.Int64
}

var (
	pgOnce sync.Once
	pg     *pgServer
	pgErr  error
)

// server returns the process's pgServer, creating it and its template on the
// first call.
func server(base string) (*pgServer, error) {
	pgOnce.Do(func() { pg, pgErr = start(base) })
	return pg, pgErr
}

// lockSQL is the advisory lock that marks a prefix as owned by a live
// process. The class id keeps it apart from other advisory locks.
const lockSQL = `SELECT pg_try_advisory_lock(7370, hashtext($1))`

var namePattern = regexp.MustCompile(`^(sctest_[0-9a-f]{16})_`)

func start(base string) (*pgServer, error) {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		return nil, fmt.Errorf("%s must be a postgres:// URL", EnvURL)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin, err := sql.Open("pgx", base)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", EnvURL, err)
	}
	s := &pgServer{base: u, admin: admin}
	var b [8]byte
	_, _ = rand.Read(b[:])
	s.prefix = "sctest_" + hex.EncodeToString(b[:])
	s.template = s.prefix + "_tmpl"

	if s.owner, err = admin.Conn(ctx); err != nil {
		admin.Close()
		return nil, fmt.Errorf("connect to %s: %w", EnvURL, err)
	}
	var ok bool
	if err := s.owner.QueryRowContext(ctx, lockSQL, s.prefix).Scan(&ok); err != nil || !ok {
		admin.Close()
		return nil, fmt.Errorf("lock prefix %s: %v (got %v)", s.prefix, err, ok)
	}
	if err := s.sweep(ctx); err != nil {
		admin.Close()
		return nil, err
	}
	if _, err := admin.ExecContext(ctx, `CREATE DATABASE `+ident(s.template)); err != nil {
		admin.Close()
		return nil, fmt.Errorf("create template: %w", err)
	}
	db, err := sqlstore.Open(ctx, s.urlFor(s.template))
	if err == nil {
		err = db.Migrate(ctx)
		// CREATE DATABASE ... TEMPLATE refuses while anyone is connected
		// to the template, so close before any test copies it.
		db.Close()
	}
	if err != nil {
		_, _ = admin.ExecContext(ctx, dropSQL(s.template))
		admin.Close()
		return nil, fmt.Errorf("migrate template: %w", err)
	}
	return s, nil
}

// sweep drops the test databases of processes that have ended: those whose
// prefix lock can be taken.
func (s *pgServer) sweep(ctx context.Context) error {
	rows, err := s.admin.QueryContext(ctx, `SELECT datname FROM pg_database WHERE datname LIKE 'sctest\_%'`)
	if err != nil {
		return fmt.Errorf("list test databases: %w", err)
	}
	byPrefix := map[string][]string{}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			rows.Close()
			return fmt.Errorf("list test databases: %w", err)
		}
		if m := namePattern.FindStringSubmatch(name); m != nil && m[1] != s.prefix {
			byPrefix[m[1]] = append(byPrefix[m[1]], name)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return fmt.Errorf("list test databases: %w", err)
	}
	for prefix, names := range byPrefix {
		var free bool
		if err := s.owner.QueryRowContext(ctx, lockSQL, prefix).Scan(&free); err != nil {
			return fmt.Errorf("check owner of %s: %w", prefix, err)
		}
		if !free {
			continue // its process is still running
		}
		for _, name := range names {
			if _, err := s.admin.ExecContext(ctx, dropSQL(name)); err != nil {
				return fmt.Errorf("drop stale test database %s: %w", name, err)
			}
		}
		if _, err := s.owner.ExecContext(ctx, `SELECT pg_advisory_unlock(7370, hashtext($1))`, prefix); err != nil {
			return fmt.Errorf("unlock %s: %w", prefix, err)
		}
	}
	return nil
}

// ident quotes a database name. Our names are [a-z0-9_] only, so quoting
// never needs escapes; it keeps PostgreSQL from folding or rejecting them.
func ident(name string) string { return `"` + name + `"` }

// dropSQL drops a database even while connections remain (a test that
// failed may not have closed its pool).
func dropSQL(name string) string { return `DROP DATABASE IF EXISTS ` + ident(name) + ` WITH (FORCE)` }

// urlFor returns the server URL with the database name replaced.
func (s *pgServer) urlFor(name string) string {
	u := *s.base
	u.Path = "/" + name
	u.RawPath = ""
	return u.String()
}

// shutdown removes the SQLite template, drops the PostgreSQL template and
// releases the process's lock.
func shutdown() error {
	if sqliteTmpl.dir != "" {
		if err := os.RemoveAll(sqliteTmpl.dir); err != nil {
			return fmt.Errorf("remove the sqlite template: %w", err)
		}
	}
	if pg == nil {
		return nil
	}
	defer pg.admin.Close()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var errs []string
	if _, err := pg.admin.ExecContext(ctx, dropSQL(pg.template)); err != nil {
		errs = append(errs, fmt.Sprintf("drop template %s: %v", pg.template, err))
	}
	if err := pg.owner.Close(); err != nil {
		errs = append(errs, fmt.Sprintf("release lock: %v", err))
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "; "))
	}
	return nil
}
