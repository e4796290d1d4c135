package sqlstore

import (
	"context"
	"database/sql"
	"database/sql/driver"
	"embed"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"strings"
	"time"
)

// Migrations live in migrations/NNNN_aggregate.sql, one file per aggregate,
// applied in file-name order. Each file is written once, in PostgreSQL's SQL,
// and passes through expandMacros before it runs.
//
//go:embed migrations/*.sql
var migrationFS embed.FS

// Dialect macros: words in migration files that are replaced per dialect.
// Keep this list short; everything else must be SQL both databases accept.
//
//   - TIMESTAMPTZ stays TIMESTAMPTZ on PostgreSQL and becomes TIMESTAMP on
//     SQLite, because the SQLite driver turns stored text back into time.Time
//     only for columns declared DATE, DATETIME or TIMESTAMP.
//   - A block from a line "-- postgres-only begin" to a line
//     "-- postgres-only end" runs on PostgreSQL only and is dropped on
//     SQLite: for what has no SQLite counterpart and SQLite does without
//     (trigram search indexes, say).
//   - A block from a line "-- sqlite-only begin" to a line
//     "-- sqlite-only end" runs on SQLite only: for what PostgreSQL does
//     another way in a postgres-only block.
var sqliteMacros = []struct {
	word *regexp.Regexp
	repl string
}{
	{regexp.MustCompile(`\bTIMESTAMPTZ\b`), "TIMESTAMP"},
	{regexp.MustCompile(`(?ms)^-- postgres-only begin$.*?^-- postgres-only end$`), "-- (PostgreSQL only)"},
}

// sqliteOnly matches the blocks that PostgreSQL skips.
var sqliteOnly = regexp.MustCompile(`(?ms)^-- sqlite-only begin$.*?^-- sqlite-only end$`)

// expandMacros returns a migration's SQL for the dialect.
func expandMacros(dialect, sqlText string) string {
	if dialect != DialectSQLite {
		return sqliteOnly.ReplaceAllString(sqlText, "-- (SQLite only)")
	}
	for _, m := range sqliteMacros {
		sqlText = m.word.ReplaceAllString(sqlText, m.repl)
	}
	return sqlText
}

// migrateLockKey names the PostgreSQL advisory lock that serialises Migrate
// across processes ("salescoach" as a number; any constant works as long as
// every process uses the same one).
const migrateLockKey int64 = 0x73616c6573636f

// Migrate applies the embedded migrations that are not yet recorded in the
// schema_migrations table, each in its own transaction, in file-name order.
// It is idempotent, and safe when several processes start at once: on
// PostgreSQL they queue on an advisory lock; on SQLite each migration's
// transaction holds the write lock and re-checks whether another process
// applied it meanwhile. It returns the failing migration's error; migrations
// before it stay applied.
func (db *DB) Migrate(ctx context.Context) (err error) {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	defer conn.Close()
	r := runner{q: conn, pg: db.pg()}

	if db.pg() {
		if _, err := r.exec(ctx, "SELECT pg_advisory_lock(?)", migrateLockKey); err != nil {
			return fmt.Errorf("sqlstore: migrate: lock: %w", err)
		}
		defer func() {
			// Unlock even when ctx is done: the lock belongs to the
			// session, and a pooled connection still holding it would
			// block every later Migrate.
			uctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 10*time.Second)
			defer cancel()
			if _, uerr := r.exec(uctx, "SELECT pg_advisory_unlock(?)", migrateLockKey); uerr != nil {
				// Discarding the connection ends the session and so
				// releases the lock.
				_ = conn.Raw(func(any) error { return driver.ErrBadConn })
			}
		}()
	}

	if _, err := r.exec(ctx, expandMacros(db.dialect, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version    TEXT PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL
	)`)); err != nil {
		return fmt.Errorf("sqlstore: migrate: create schema_migrations: %w", err)
	}

	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return fmt.Errorf("sqlstore: migrate: %w", err)
	}
	// fs.Glob returns names sorted, which is the order we apply them in.
	for _, name := range names {
		if err := db.applyMigration(ctx, conn, name); err != nil {
			return err
		}
	}
	return nil
}

// migrationVersion is a file's version as recorded: its name without folder
// and extension, e.g. "0002_users".
func migrationVersion(name string) string {
	return strings.TrimSuffix(path.Base(name), ".sql")
}

func (db *DB) applyMigration(ctx context.Context, conn *sql.Conn, name string) error {
	version := migrationVersion(name)
	body, err := migrationFS.ReadFile(name)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate %s: %w", version, err)
	}
	tx, err := conn.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlstore: migrate %s: begin: %w", version, err)
	}
	defer tx.Rollback() // a no-op after Commit
	r := runner{q: tx, pg: db.pg()}

	var n int
	if err := r.queryRow(ctx, "SELECT COUNT(*) FROM schema_migrations WHERE version = ?", version).Scan(&n); err != nil {
		return fmt.Errorf("sqlstore: migrate %s: %w", version, err)
	}
	if n > 0 {
		return nil
	}
	if db.pg() {
		// Migrations see times as UTC days whatever the server's or the
		// database's settings: date(created_at) is the UTC day and prints
		// as YYYY-MM-DD, as it does on SQLite, which stores UTC text.
		if _, err := tx.ExecContext(ctx, `SET LOCAL TimeZone TO 'UTC'; SET LOCAL DateStyle TO 'ISO, YMD'`); err != nil {
			return fmt.Errorf("sqlstore: migrate %s: session settings: %w", version, err)
		}
	}
	// The file runs as it is, without rebinding: migrations bind nothing.
	if _, err := tx.ExecContext(ctx, expandMacros(db.dialect, string(body))); err != nil {
		return fmt.Errorf("sqlstore: migrate %s: %w", version, err)
	}
	if _, err := r.exec(ctx, "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)", version, db.now()); err != nil {
		return fmt.Errorf("sqlstore: migrate %s: record: %w", version, err)
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("sqlstore: migrate %s: commit: %w", version, err)
	}
	return nil
}
