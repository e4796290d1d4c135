// Package sqlstore implements the domain's storage interfaces on SQLite (the
// default, one file, pure Go) and PostgreSQL (for several app processes) with
// one body of hand-written SQL.
//
// SQL is written once with ? placeholders; rebind turns them into $1..$n for
// PostgreSQL. Every time is bound in UTC (see utc), so that SQLite, which keeps
// timestamps as text, orders and compares them correctly. Driver errors for
// violated constraints become *salescoach.Error values in one place
// (constraintError).
package sqlstore

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/google/uuid"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	_ "modernc.org/sqlite"             // registers the "sqlite" database/sql driver

	"salescoach"
)

// Dialect names returned by (*DB).Dialect.
const (
	DialectSQLite   = "sqlite"
	DialectPostgres = "postgres"
)

// DB is an open database of either dialect. It is safe for concurrent use.
type DB struct {
	sql     *sql.DB
	dialect string
	// now is the clock for rows whose interface passes no time (CreateUser,
	// migrations, records with a zero CreatedAt).
	now func() time.Time
	// stmts holds the prepared statements of the hot queries (query text
	// -> *sql.Stmt), see runner.queryRowPrepared.
	stmts sync.Map
	// writer admits one transaction at a time on SQLite (see inTx); nil
	// on PostgreSQL.
	writer chan struct{}
}

// sqliteParams are the connection settings every SQLite connection gets.
// WAL lets readers run beside the one writer; busy_timeout makes a writer wait
// for the lock instead of failing at once; synchronous=NORMAL is durable enough
// in WAL mode (a power cut may lose the last commits, never corrupt the file);
// _txlock=immediate takes the write lock at BEGIN, which avoids the deadlock
// of two deferred transactions that both try to upgrade from read to write;
// _time_format=sqlite writes times in a layout SQLite's date functions and
// the driver's reader both understand.
var sqliteParams = url.Values{
	"_pragma": {
		"busy_timeout(10000)",
		"foreign_keys(1)",
		"journal_mode(WAL)",
		"synchronous(NORMAL)",
	},
	"_txlock":      {"immediate"},
	"_time_format": {"sqlite"},
}

// Open opens the database named by dsn and checks that it answers. A dsn
// starting with postgres:// or postgresql:// opens PostgreSQL; anything else
// is the path of a SQLite file, whose folder is created when missing (a
// "file:" prefix and extra query parameters are passed on to the driver).
// Open does not migrate; call Migrate. It returns an error wrapping
// EUNAVAILABLE when the database cannot be reached and a plain error when the
// folder cannot be created.
func Open(ctx context.Context, dsn string) (*DB, error) {
	var (
		db  *sql.DB
		err error
		d   string
	)
	if strings.HasPrefix(dsn, "postgres://") || strings.HasPrefix(dsn, "postgresql://") {
		d = DialectPostgres
		if db, err = sql.Open("pgx", dsn); err != nil {
			return nil, fmt.Errorf("sqlstore: open postgres: %w", err)
		}
		// A bounded pool keeps many app processes under PostgreSQL's
		// max_connections (100 by default).
		db.SetMaxOpenConns(20)
		db.SetMaxIdleConns(20)
		db.SetConnMaxIdleTime(5 * time.Minute)
	} else {
		d = DialectSQLite
		path, query, _ := strings.Cut(dsn, "?")
		if dir := filepath.Dir(strings.TrimPrefix(path, "file:")); dir != "" {
			if err := os.MkdirAll(dir, 0o750); err != nil {
				return nil, fmt.Errorf("sqlstore: create database folder: %w", err)
			}
		}
		params := sqliteParams.Encode()
		if query != "" {
			params = query + "&" + params
		}
		if db, err = sql.Open("sqlite", path+"?"+params); err != nil {
			return nil, fmt.Errorf("sqlstore: open sqlite: %w", err)
		}
		// Each new connection runs the pragmas above; keeping connections
		// idle avoids paying that again and again. SQLite has one writer at
		// a time anyway, so more connections would only wait longer.
		db.SetMaxOpenConns(8)
		db.SetMaxIdleConns(8)
	}
	s := &DB{sql: db, dialect: d, now: time.Now}
	if d == DialectSQLite {
		s.writer = make(chan struct{}, 1)
	}
	if err := s.Ping(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return s, nil
}

// SetClock replaces the clock that stamps rows whose interface passes no
// time (a new user's creation, say), so that tests with a fixed clock see
// those rows on their own days. Call it before the DB is in use.
func (db *DB) SetClock(now func() time.Time) { db.now = now }

// Close closes every connection. It returns the driver's error, if any.
func (db *DB) Close() error {
	return db.sql.Close()
}

// Dialect returns DialectSQLite or DialectPostgres.
func (db *DB) Dialect() string {
	return db.dialect
}

// Ping checks that the database answers a query, for readiness probes. It
// returns an error wrapping EUNAVAILABLE when it does not.
func (db *DB) Ping(ctx context.Context) error {
	var one int
	if err := db.sql.QueryRowContext(ctx, "SELECT 1").Scan(&one); err != nil {
		return fmt.Errorf("%w: %w", salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgDatabaseDown), err)
	}
	return nil
}

// SQL returns the underlying pool for code that needs plain database/sql
// (tests, operations). Queries through it must use the dialect's placeholders
// and bind times in UTC themselves.
func (db *DB) SQL() *sql.DB {
	return db.sql
}

func (db *DB) pg() bool { return db.dialect == DialectPostgres }

// r returns a runner on the pool, outside any transaction.
func (db *DB) r() runner { return runner{q: db.sql, pg: db.pg(), db: db} }

// inTx runs fn in one transaction, committed when fn returns nil and rolled
// back otherwise. On SQLite the transaction holds the write lock from its
// start (_txlock=immediate), so read-then-write sequences inside are safe.
func (db *DB) inTx(ctx context.Context, fn func(r runner) error) error {
	release, err := db.admitWriter(ctx)
	if err != nil {
		return err
	}
	defer release()
	tx, err := db.sql.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("sqlstore: begin: %w", err)
	}
	if err := fn(runner{q: tx, pg: db.pg(), db: db, tx: tx}); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return dbError(err, "commit")
	}
	return nil
}

// writerWait is how long a transaction waits for its turn in this process
// before it goes ahead anyway and leaves the waiting to SQLite's busy
// timeout, as it did before the queue (so nothing can hang forever on it).
const writerWait = 10 * time.Second

// admitWriter waits for the turn of one transaction on SQLite. SQLite has
// one writer at a time, and every transaction here takes the write lock at
// BEGIN; without this queue concurrent transactions find the lock taken
// and SQLite's busy handler retries them after sleeps of 1, 2, 5, 10 … 100
// ms, which under load stretches the slowest requests far beyond the time
// the writes need. Waiting here instead hands the lock over the moment it
// is free. It returns ctx's error when ctx ends first.
func (db *DB) admitWriter(ctx context.Context) (release func(), err error) {
	if db.writer == nil {
		return func() {}, nil
	}
	select {
	case db.writer <- struct{}{}:
		return db.releaseWriter, nil
	default:
	}
	t := time.NewTimer(writerWait)
	defer t.Stop()
	select {
	case db.writer <- struct{}{}:
		return db.releaseWriter, nil
	case <-ctx.Done():
		return nil, fmt.Errorf("sqlstore: begin: %w", ctx.Err())
	case <-t.C:
		return func() {}, nil
	}
}

func (db *DB) releaseWriter() { <-db.writer }

// queryer is what *sql.DB, *sql.Tx and *sql.Conn have in common.
type queryer interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// runner runs ?-placeholder SQL on the pool, a transaction or a connection,
// rebinding it for PostgreSQL and binding every time in UTC, so that no call
// site can forget either.
type runner struct {
	q  queryer
	pg bool
	// db and tx, when set, let queryRowPrepared and execPrepared use db's prepared
	// statements (within tx when it is set).
	db *DB
	tx *sql.Tx
}

// prepared returns db's prepared statement for q, preparing it on first
// use. The pool prepares it once per connection and keeps it.
func (db *DB) prepared(ctx context.Context, q string) (*sql.Stmt, error) {
	if s, ok := db.stmts.Load(q); ok {
		return s.(*sql.Stmt), nil
	}
	s, err := db.sql.PrepareContext(ctx, q)
	if err != nil {
		return nil, err
	}
	if prev, loaded := db.stmts.LoadOrStore(q, s); loaded {
		_ = s.Close()
		return prev.(*sql.Stmt), nil
	}
	return s, nil
}

// stmt returns the prepared statement for q on SQLite, where parsing a
// statement costs more than running a lookup by key (a third of an
// authenticated GET's CPU time before). PostgreSQL's driver (pgx) keeps
// its own cache of prepared statements per connection, so there it
// reports false, as it does for runners without a DB and when preparing
// fails (the plain call then reports the error).
func (r runner) stmt(ctx context.Context, q string) (*sql.Stmt, bool) {
	if r.db == nil || r.pg {
		return nil, false
	}
	s, err := r.db.prepared(ctx, q)
	if err != nil {
		return nil, false
	}
	if r.tx != nil {
		return r.tx.StmtContext(ctx, s), true
	}
	return s, true
}

// queryRowPrepared is queryRow through a prepared statement. Use it only for
// the few fixed query texts on hot paths: every text it sees stays
// prepared on every connection for the life of the DB.
func (r runner) queryRowPrepared(ctx context.Context, q string, args ...any) *sql.Row {
	if s, ok := r.stmt(ctx, q); ok {
		return s.QueryRowContext(uncancelled(ctx), bindArgs(args)...)
	}
	return r.queryRow(ctx, q, args...)
}

// uncancelled drops ctx's cancellation for one of the short statements of
// the prepared path (a lookup or update by key, microseconds on SQLite):
// with a context that can end, database/sql and the SQLite driver each
// start a goroutine per statement to watch it, which cost more than the
// statement. A context that has already ended is kept, so the statement
// is refused at once as before.
func uncancelled(ctx context.Context) context.Context {
	if ctx.Err() != nil {
		return ctx
	}
	return context.WithoutCancel(ctx)
}

// execPrepared is exec through a prepared statement (see queryRowPrepared).
func (r runner) execPrepared(ctx context.Context, q string, args ...any) (sql.Result, error) {
	if s, ok := r.stmt(ctx, q); ok {
		return s.ExecContext(uncancelled(ctx), bindArgs(args)...)
	}
	return r.exec(ctx, q, args...)
}

func (r runner) query(q string) string {
	if r.pg {
		return rebind(q)
	}
	return q
}

func (r runner) exec(ctx context.Context, q string, args ...any) (sql.Result, error) {
	return r.q.ExecContext(ctx, r.query(q), bindArgs(args)...)
}

func (r runner) queryRows(ctx context.Context, q string, args ...any) (*sql.Rows, error) {
	return r.q.QueryContext(ctx, r.query(q), bindArgs(args)...)
}

func (r runner) queryRow(ctx context.Context, q string, args ...any) *sql.Row {
	return r.q.QueryRowContext(ctx, r.query(q), bindArgs(args)...)
}

// queryStrings runs a query of one text column and returns its values.
func (r runner) queryStrings(ctx context.Context, q string, args ...any) ([]string, error) {
	rows, err := r.queryRows(ctx, q, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}

// utc normalises a time before it is bound: UTC, because SQLite compares the
// stored text and "+00:00" everywhere keeps that order right; microseconds,
// because PostgreSQL keeps no more, and both databases should hand back the
// time that was written.
func utc(t time.Time) time.Time {
	return t.UTC().Truncate(time.Microsecond)
}

// utcPtr is utc for optional times.
func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := utc(*t)
	return &u
}

// bindArgs returns args with every time passed through utc. It copies, so a
// caller's slice is never changed.
func bindArgs(args []any) []any {
	out := make([]any, len(args))
	copy(out, args)
	for i, a := range out {
		switch v := a.(type) {
		case time.Time:
			out[i] = utc(v)
		case *time.Time:
			if v == nil {
				out[i] = nil
			} else {
				out[i] = utc(*v)
			}
		}
	}
	return out
}

// newID returns a new row id. Version 7 UUIDs grow with time, so rows created
// in the same microsecond still sort in creation order by (created_at, id),
// and B-tree inserts stay at the right edge.
func newID() string {
	return uuid.Must(uuid.NewV7()).String()
}

// nullString maps "" to NULL for optional text columns.
func nullString(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// rowsAffected returns the affected row count of res, wrapping driver errors.
func rowsAffected(res sql.Result) (int64, error) {
	n, err := res.RowsAffected()
	if err != nil {
		return 0, fmt.Errorf("sqlstore: rows affected: %w", err)
	}
	return n, nil
}

// noRows reports whether err says a single-row query found nothing.
func noRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}
