package sqlstore_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// tablesWithRows lists the tables of db that hold rows.
func tablesWithRows(t *testing.T, db *sqlstore.DB) []string {
	t.Helper()
	names, err := db.Tables(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, n := range names {
		var any bool
		if err := db.SQL().QueryRow(`SELECT EXISTS (SELECT 1 FROM "` + n + `")`).Scan(&any); err != nil {
			t.Fatal(err)
		}
		if any && n != "schema_migrations" {
			out = append(out, n)
		}
	}
	return out
}

// TestMigrationSeededTables keeps sqlstore's list of the tables that the
// migrations fill (which a copy target may hold) true: a migration that
// seeds another table must add it there.
func TestMigrationSeededTables(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if got := tablesWithRows(t, db); !slices.Equal(got, sqlstore.MigrationSeeded()) {
			t.Errorf("a fresh database has rows in %v; sqlstore's migrationSeeded says %v", got, sqlstore.MigrationSeeded())
		}
	})
}

// TestCopySequencesAndRefusals copies a table with a serial id (the schema
// has none today; the copy must still handle the first one) and checks the
// refusals: a target with data and schemas that differ.
func TestCopySequencesAndRefusals(t *testing.T) {
	ctx := context.Background()
	src := sqlstoretest.NewSQLite(t)
	dst := sqlstoretest.NewPostgres(t)
	mustExec := func(db *sqlstore.DB, q string) {
		t.Helper()
		if _, err := db.SQL().ExecContext(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	mustExec(src, `CREATE TABLE copy_probe (id INTEGER PRIMARY KEY, note TEXT NOT NULL, done BOOLEAN NOT NULL)`)
	mustExec(dst, `CREATE TABLE copy_probe (id BIGSERIAL PRIMARY KEY, note TEXT NOT NULL, done BOOLEAN NOT NULL)`)
	mustExec(src, `INSERT INTO copy_probe (id, note, done) VALUES (3, 'a', 1), (7, 'b', 0), (11, 'c', 1)`)

	var seen []string
	tables, err := sqlstore.Copy(ctx, src, dst, sqlstore.CopyOptions{Batch: 2, Progress: func(table string, done, total int64) {
		if table == "copy_probe" {
			seen = append(seen, strings.Repeat("#", int(done))+"/"+strings.Repeat("#", int(total)))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(seen, []string{"##/###", "###/###"}) {
		t.Errorf("progress = %v, want two batches of the three rows", seen)
	}
	if i := slices.IndexFunc(tables, func(c sqlstore.CopiedTable) bool { return c.Name == "copy_probe" }); i < 0 || tables[i].Rows != 3 {
		t.Errorf("copied %v", tables)
	}
	var id int64
	if err := dst.SQL().QueryRowContext(ctx, `INSERT INTO copy_probe (note, done) VALUES ('d', false) RETURNING id`).Scan(&id); err != nil || id != 12 {
		t.Errorf("next id after the copy = %d (%v), want 12", id, err)
	}
	var trues int
	if err := dst.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM copy_probe WHERE done`).Scan(&trues); err != nil || trues != 2 {
		t.Errorf("copied booleans: %d true (%v), want 2", trues, err)
	}

	if _, err := sqlstore.Copy(ctx, src, dst, sqlstore.CopyOptions{}); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("copy into a target with data: %v", err)
	}

	other := sqlstoretest.NewPostgres(t)
	mustExec(src, `CREATE TABLE only_here (id TEXT PRIMARY KEY)`)
	if _, err := sqlstore.Copy(ctx, src, other, sqlstore.CopyOptions{}); err == nil || !strings.Contains(err.Error(), "only_here only in the source") {
		t.Errorf("copy between different schemas: %v", err)
	}
	if got := tablesWithRows(t, other); !slices.Equal(got, sqlstore.MigrationSeeded()) {
		t.Errorf("a refused copy left rows in %v", got)
	}
}
