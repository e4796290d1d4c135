package sqlstoretest

import (
	"fmt"
	"strings"
	"testing"

	"salescoach/sqlstore"
)

// Columns lists every column of every table of the application's schema,
// read from the database's own catalogue (sqlite_master and table_info on
// SQLite, information_schema on PostgreSQL), as "table.column". A table a
// later migration adds is listed without changing a test.
func Columns(t testing.TB, db *sqlstore.DB) []string {
	t.Helper()
	ctx := t.Context()
	var tables []string
	q := `SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`
	if db.Dialect() == sqlstore.DialectPostgres {
		q = `SELECT table_name FROM information_schema.tables
			WHERE table_schema = current_schema() AND table_type = 'BASE TABLE' ORDER BY table_name`
	}
	rows, err := db.SQL().QueryContext(ctx, q)
	if err != nil {
		t.Fatalf("sqlstoretest: list tables: %v", err)
	}
	for rows.Next() {
		var name string
		if err := rows.Scan(&name); err != nil {
			t.Fatal(err)
		}
		tables = append(tables, name)
	}
	rows.Close()
	var out []string
	for _, table := range tables {
		q := fmt.Sprintf(`SELECT name FROM pragma_table_info('%s') ORDER BY cid`, table)
		if db.Dialect() == sqlstore.DialectPostgres {
			q = fmt.Sprintf(`SELECT column_name FROM information_schema.columns
				WHERE table_schema = current_schema() AND table_name = '%s' ORDER BY ordinal_position`, table)
		}
		rows, err := db.SQL().QueryContext(ctx, q)
		if err != nil {
			t.Fatalf("sqlstoretest: columns of %s: %v", table, err)
		}
		for rows.Next() {
			var col string
			if err := rows.Scan(&col); err != nil {
				t.Fatal(err)
			}
			out = append(out, table+"."+col)
		}
		rows.Close()
	}
	if len(out) == 0 {
		t.Fatal("sqlstoretest: the schema has no columns")
	}
	return out
}

// FindText returns the columns (as "table.column: n rows") of the whole
// schema where some value, read as text, contains needle ignoring ASCII
// case. Every column is read, whatever its type, so that nothing is missed
// because it was declared other than TEXT.
func FindText(t testing.TB, db *sqlstore.DB, needle string) []string {
	t.Helper()
	var hits []string
	for _, tc := range Columns(t, db) {
		table, col, _ := strings.Cut(tc, ".")
		q := fmt.Sprintf(`SELECT COUNT(*) FROM %q WHERE lower(CAST(%q AS TEXT)) LIKE '%%' || ? || '%%'`, table, col)
		if db.Dialect() == sqlstore.DialectPostgres {
			q = fmt.Sprintf(`SELECT COUNT(*) FROM %q WHERE lower(CAST(%q AS TEXT)) LIKE '%%' || $1 || '%%'`, table, col)
		}
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), q, strings.ToLower(needle)).Scan(&n); err != nil {
			t.Fatalf("sqlstoretest: scan %s: %v", tc, err)
		}
		if n > 0 {
			hits = append(hits, fmt.Sprintf("%s: %d rows", tc, n))
		}
	}
	return hits
}
