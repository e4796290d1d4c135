package sqlstore

import (
	"context"
	"io/fs"
)

// Rebind exposes rebind to the external tests, which write their fixtures
// with ? placeholders like the package does.
var Rebind = rebind

// MigrateUpTo applies the migrations up to and including version, so that
// a test can put rows into an older schema and watch a later migration
// convert them.
func (db *DB) MigrateUpTo(ctx context.Context, version string) error {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	r := runner{q: conn, pg: db.pg()}
	if _, err := r.exec(ctx, expandMacros(db.dialect, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    TEXT PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL
	)`)); err != nil {
		return err
	}
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	for _, name := range names {
		if migrationVersion(name) > version {
			break
		}
		if err := db.applyMigration(ctx, conn, name); err != nil {
			return err
		}
	}
	return nil
}
