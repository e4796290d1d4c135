package sqlstore

import (
	"io/fs"
	"strings"
	"testing"
)

func TestExpandMacros(t *testing.T) {
	in := "a TIMESTAMPTZ NOT NULL, b TIMESTAMPTZ, c_timestamptz_x TEXT, d TIMESTAMPTZS"
	if got := expandMacros(DialectPostgres, in); got != in {
		t.Errorf("postgres: %q changed to %q", in, got)
	}
	want := "a TIMESTAMP NOT NULL, b TIMESTAMP, c_timestamptz_x TEXT, d TIMESTAMPTZS"
	if got := expandMacros(DialectSQLite, in); got != want {
		t.Errorf("sqlite: got %q, want %q", got, want)
	}
}

func TestExpandPostgresOnly(t *testing.T) {
	in := "A;\n-- postgres-only begin\nDO $$ x $$;\n-- postgres-only end\nB;\n-- postgres-only begin\nC;\n-- postgres-only end\n"
	if got := expandMacros(DialectPostgres, in); got != in {
		t.Errorf("postgres: %q changed to %q", in, got)
	}
	want := "A;\n-- (PostgreSQL only)\nB;\n-- (PostgreSQL only)\n"
	if got := expandMacros(DialectSQLite, in); got != want {
		t.Errorf("sqlite: got %q, want %q", got, want)
	}
}

func TestExpandSQLiteOnly(t *testing.T) {
	in := "A;\n-- sqlite-only begin\nCREATE INDEX x ON t (a);\n-- sqlite-only end\nB;\n-- postgres-only begin\nC;\n-- postgres-only end\n"
	if want, got := "A;\n-- (SQLite only)\nB;\n-- postgres-only begin\nC;\n-- postgres-only end\n", expandMacros(DialectPostgres, in); got != want {
		t.Errorf("postgres: got %q, want %q", got, want)
	}
	if want, got := "A;\n-- sqlite-only begin\nCREATE INDEX x ON t (a);\n-- sqlite-only end\nB;\n-- (PostgreSQL only)\n", expandMacros(DialectSQLite, in); got != want {
		t.Errorf("sqlite: got %q, want %q", got, want)
	}
}

func TestMigrationFiles(t *testing.T) {
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil || len(names) == 0 {
		t.Fatalf("no migrations: %v", err)
	}
	seen := map[string]bool{}
	for _, n := range names {
		v := migrationVersion(n)
		num, _, ok := strings.Cut(v, "_")
		if !ok || len(num) != 4 || strings.Trim(num, "0123456789") != "" {
			t.Errorf("%s: name must be NNNN_aggregate.sql", n)
		}
		if seen[num] {
			t.Errorf("%s: number %s used twice", n, num)
		}
		seen[num] = true
		body, _ := migrationFS.ReadFile(n)
		// Placeholders would be rebound nowhere: migrations run as written.
		if strings.Contains(strings.ReplaceAll(string(body), "'?'", ""), "?") {
			t.Errorf("%s contains a ?", n)
		}
	}
}
