package sqlstore

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
)

// stmt is one SQL statement with ? placeholders, its arguments and what it
// is called in errors. Code that runs it statement by statement (runner)
// and code that sends it in a batch (pipe) share it.
type stmt struct {
	q    string
	args []any
	op   string
}

func (r runner) execStmt(ctx context.Context, st stmt) (sql.Result, error) {
	res, err := r.exec(ctx, st.q, st.args...)
	return res, dbError(err, st.op)
}

// pipe is a transaction on one PostgreSQL connection whose statements go to
// the server in batches (pgx's pipeline mode): each send is one round trip,
// however many statements it carries. A chat turn's half-dozen statements
// thus cost one round trip instead of one each, and the connection is held
// that much shorter. The first send begins the transaction.
//
// After a statement fails the server skips the rest of its batch; pipeline
// then rolls the transaction back.
type pipe struct {
	conn *sql.Conn
	b    *pgx.Batch
	done bool // committed
}

// queue adds st to the next send; the caller may attach a callback for its
// result (QueuedQuery.Exec, QueryRow, Query), which runs during send.
func (p *pipe) queue(st stmt) *pgx.QueuedQuery {
	return p.b.Queue(rebind(st.q), bindArgs(st.args)...)
}

// send sends the queued statements in one round trip and runs their
// callbacks. It returns the first error: a statement's (through dbError) or
// a callback's.
func (p *pipe) send(ctx context.Context, op string) error {
	b := p.b
	p.b = &pgx.Batch{}
	err := p.conn.Raw(func(dc any) error {
		c, ok := dc.(*stdlib.Conn)
		if !ok {
			return fmt.Errorf("sqlstore: pipeline on a %T connection", dc)
		}
		return c.Conn().SendBatch(ctx, b).Close()
	})
	return dbError(err, op)
}

// commit sends the queued statements together with COMMIT. Only statements
// whose results need no check may be queued before it: the commit runs
// whatever their callbacks decide.
func (p *pipe) commit(ctx context.Context) error {
	p.b.Queue("commit")
	if err := p.send(ctx, "commit"); err != nil {
		return err
	}
	p.done = true
	return nil
}

// runner runs statements one by one inside the transaction, for the rare
// reads that explain a failure.
func (p *pipe) runner() runner { return runner{q: p.conn, pg: true} }

// pipeline runs fn in one PostgreSQL transaction of pipe sends; fn must end
// with p.commit. When fn fails, or returns without committing, the
// transaction is rolled back.
func (db *DB) pipeline(ctx context.Context, fn func(p *pipe) error) error {
	conn, err := db.sql.Conn(ctx)
	if err != nil {
		return dbError(err, "connection")
	}
	defer conn.Close()
	p := &pipe{conn: conn, b: &pgx.Batch{}}
	p.b.Queue("begin")
	err = fn(p)
	if !p.done {
		// Also after a cancelled request: the connection goes back to the
		// pool outside any transaction (or, should the rollback fail, the
		// driver discards it when it is next taken).
		rctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 5*time.Second)
		_, _ = conn.ExecContext(rctx, "rollback")
		cancel()
		if err == nil {
			err = fmt.Errorf("sqlstore: pipeline returned without committing")
		}
	}
	return err
}
