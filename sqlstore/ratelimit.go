package sqlstore

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"time"

	"github.com/jackc/pgx/v5"

	"salescoach"
)

var _ salescoach.RateLimiter = (*RateLimiter)(nil)

// RateLimiter keeps rate-limit buckets in the rate_limits table, so that
// every process sharing a PostgreSQL database counts against the same ones.
// Each check is one statement: the upsert below computes the token bucket
// of salescoach.Limit in SQL, and the database serialises the writers of
// one key's row. A row holds a hash of the limit's name and the key (never
// the key itself, which may be an e-mail address) and the bucket's TAT in
// microseconds since 1970, plain integers that both dialects compare and
// add alike. It works on SQLite too, but a single process is better served
// by salescoach.MemoryRateLimiter, which costs no write.
type RateLimiter struct {
	db *DB
}

// NewRateLimiter returns a RateLimiter on db.
func NewRateLimiter(db *DB) *RateLimiter {
	return &RateLimiter{db: db}
}

// rateKey is the stored key: SHA-256 of the limit's name and the key, so
// that rows are of one size and hold no personal data.
func rateKey(l salescoach.Limit, key string) string {
	h := sha256.Sum256([]byte(l.Name + "\x00" + key))
	return hex.EncodeToString(h[:])
}

func micros(t time.Time) int64 { return t.UnixMicro() }

// Allow implements salescoach.RateLimiter.Allow in one guarded upsert: a
// new key's row is inserted (its first event is always within the limit);
// an existing row moves its TAT on by one interval only when the result
// stays within one window of now. No row back means the event was refused;
// the TAT is then read once more for the wait. It returns only driver
// errors.
func (s *RateLimiter) Allow(ctx context.Context, l salescoach.Limit, key string, now time.Time) (time.Duration, error) {
	k, t, iv := rateKey(l, key), micros(now), l.Interval().Microseconds()
	st := stmt{q: `INSERT INTO rate_limits (key, tat) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET tat = (CASE WHEN rate_limits.tat > ? THEN rate_limits.tat ELSE ? END) + ?
		WHERE (CASE WHEN rate_limits.tat > ? THEN rate_limits.tat ELSE ? END) + ? <= ?
		RETURNING tat`, args: []any{k, t + iv, t, t, iv, t, t, iv, t + l.Window.Microseconds()}, op: "rate limit"}
	var (
		tat     int64
		allowed bool
		err     error
	)
	// scan reads the upsert's answer: a row when the event was allowed.
	scan := func(row rowScanner) error {
		err := row.Scan(&tat)
		allowed = err == nil
		if noRows(err) {
			return nil
		}
		return err
	}
	if s.db.pg() {
		// Every chat turn and most requests pass here: the commit does not
		// wait for the disk (one round trip with its BEGIN and COMMIT). A
		// database crash may forget the last moment's counts, which lets a
		// few events more through once.
		err = s.db.pipeline(ctx, func(p *pipe) error {
			p.queue(stmt{q: `SET LOCAL synchronous_commit = off`, op: "rate limit"})
			p.queue(st).QueryRow(func(row pgx.Row) error { return scan(row) })
			return p.commit(ctx)
		})
	} else {
		err = scan(s.db.r().queryRow(ctx, st.q, st.args...))
	}
	if err != nil {
		return 0, dbError(err, "rate limit")
	}
	if allowed {
		return 0, nil
	}
	wait, err := s.Blocked(ctx, l, key, now)
	// The row may have been pruned in between; the event was refused all
	// the same.
	return max(wait, time.Second), err
}

// Blocked implements salescoach.RateLimiter.Blocked with one read. It
// returns only driver errors.
func (s *RateLimiter) Blocked(ctx context.Context, l salescoach.Limit, key string, now time.Time) (time.Duration, error) {
	var tat int64
	err := s.db.r().queryRow(ctx, `SELECT tat FROM rate_limits WHERE key = ?`, rateKey(l, key)).Scan(&tat)
	if noRows(err) {
		return 0, nil
	}
	if err != nil {
		return 0, dbError(err, "rate limit")
	}
	return l.Wait(time.UnixMicro(tat), now), nil
}

// Add implements salescoach.RateLimiter.Add in one upsert: the TAT moves on
// by one interval but never beyond a full window from now. It returns only
// driver errors.
func (s *RateLimiter) Add(ctx context.Context, l salescoach.Limit, key string, now time.Time) error {
	t, iv, full := micros(now), l.Interval().Microseconds(), micros(now.Add(l.Window))
	_, err := s.db.r().exec(ctx, `INSERT INTO rate_limits (key, tat) VALUES (?, ?)
		ON CONFLICT (key) DO UPDATE SET tat = CASE
			WHEN rate_limits.tat <= ? THEN excluded.tat
			WHEN rate_limits.tat + ? > ? THEN ?
			ELSE rate_limits.tat + ? END`, rateKey(l, key), t+iv, t, iv, full, full, iv)
	return dbError(err, "rate limit")
}

// Forget implements salescoach.RateLimiter.Forget. It returns only driver
// errors.
func (s *RateLimiter) Forget(ctx context.Context, l salescoach.Limit, key string) error {
	_, err := s.db.r().exec(ctx, `DELETE FROM rate_limits WHERE key = ?`, rateKey(l, key))
	return dbError(err, "rate limit")
}

// Prune deletes the buckets that are full again at now (their TAT has
// passed): such a row counts the same as no row. It returns how many it
// deleted, and only driver errors.
func (s *RateLimiter) Prune(ctx context.Context, now time.Time) (int64, error) {
	res, err := s.db.r().exec(ctx, `DELETE FROM rate_limits WHERE tat <= ?`, micros(now))
	if err != nil {
		return 0, dbError(err, "prune rate limits")
	}
	n, err := res.RowsAffected()
	return n, dbError(err, "prune rate limits")
}
