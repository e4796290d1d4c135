package sqlstore_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// migrationCount is the number of files in migrations/.
var migrationCount = func() int {
	files, err := filepath.Glob("migrations/*.sql")
	if err != nil || len(files) < 17 {
		panic(fmt.Sprintf("migrations/: %d files, %v", len(files), err))
	}
	return len(files)
}()

func TestMigrateIdempotent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		// The helper migrated once already; twice more must change nothing.
		for range 2 {
			mustNil(t, db.Migrate(t.Context()))
		}
		if n := count(t, db, `SELECT COUNT(*) FROM schema_migrations`); n != migrationCount {
			t.Errorf("schema_migrations has %d rows, want %d", n, migrationCount)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM schema_migrations WHERE version = ?`, "0001_catalog"); n != 1 {
			t.Errorf("0001_catalog recorded %d times", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM challenges`); n != 9 {
			t.Errorf("%d challenges seeded, want 9", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM tone_presets`); n != 6 {
			t.Errorf("%d tone presets seeded, want 6", n)
		}
	})
}

// TestMigrateConcurrent starts several migrations of an empty database at
// once, as several app processes do when they start together.
func TestMigrateConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		const n = 6
		dbs := make([]*sqlstore.DB, n)
		if db.Dialect() == sqlstore.DialectPostgres {
			// Empty the fresh database again; the pool's connections stand
			// in for the processes, each Migrate runs on its own one.
			exec(t, db, `DROP SCHEMA public CASCADE`)
			exec(t, db, `CREATE SCHEMA public`)
			for i := range dbs {
				dbs[i] = db
			}
		} else {
			// One handle per "process" on one new file.
			path := filepath.Join(t.TempDir(), "fresh.db")
			for i := range dbs {
				d, err := sqlstore.Open(t.Context(), path)
				if err != nil {
					t.Fatal(err)
				}
				t.Cleanup(func() { d.Close() })
				dbs[i] = d
			}
			db = dbs[0]
		}
		for _, err := range race(n, func(i int) error { return dbs[i].Migrate(t.Context()) }) {
			if err != nil {
				t.Errorf("Migrate: %v", err)
			}
		}
		if got := count(t, db, `SELECT COUNT(*) FROM schema_migrations`); got != migrationCount {
			t.Errorf("schema_migrations has %d rows, want %d", got, migrationCount)
		}
		if got := count(t, db, `SELECT COUNT(*) FROM challenges`); got != 9 {
			t.Errorf("%d challenges after concurrent migrations, want 9", got)
		}
	})
}
