package salescoach

import (
	"context"
	"sync"
	"time"
)

// Limit is a rate limit: at most Max events per Window for one key, kept as
// a token bucket in its GCRA form. A key's bucket holds Max tokens, every
// event takes one, and one comes back every Window/Max. So a burst is never
// larger than Max, also around what used to be a window boundary (a fixed
// window let Max through at its end and Max more at the next one's start),
// and a steady sender gets Max per Window. The bucket is one instant per
// key, its theoretical arrival time (TAT): the time at which it is full
// again; a key whose TAT has passed needs no state at all.
type Limit struct {
	// Name tells limits apart that count the same kind of key (an address,
	// say); two limits with one name share their buckets.
	Name string
	// Max is the burst and the number of events per Window; at least 1.
	Max int
	// Window is the time in which a used-up bucket fills up again.
	Window time.Duration
}

// Interval is the time one token takes to come back (Window / Max), in
// whole microseconds, the precision both databases keep.
func (l Limit) Interval() time.Duration {
	return (l.Window / time.Duration(max(l.Max, 1))).Truncate(time.Microsecond)
}

// Take counts one event at now against a bucket whose TAT is tat (the zero
// time for a key never seen). Within the limit it returns the new TAT and
// zero; otherwise tat unchanged and how long until an event would be let
// through.
func (l Limit) Take(tat, now time.Time) (time.Time, time.Duration) {
	next := later(tat, now).Add(l.Interval())
	if next.Sub(now) > l.Window {
		return tat, l.Wait(tat, now)
	}
	return next, 0
}

// Wait returns how long from now the bucket whose TAT is tat stays empty:
// zero when an event would be let through at now.
func (l Limit) Wait(tat, now time.Time) time.Duration {
	return max(tat.Add(l.Interval()-l.Window).Sub(now), 0)
}

// Count counts one event at now without refusing it and returns the new
// TAT. The bucket does not go below empty, so events counted while it is
// empty do not push its refill further out: counting failures, an owner who
// keeps mistyping cannot lengthen the wait of everyone else.
func (l Limit) Count(tat, now time.Time) time.Time {
	next := later(tat, now).Add(l.Interval())
	if full := now.Add(l.Window); next.After(full) {
		return full
	}
	return next
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

// RateLimiter keeps the buckets of rate limits. The in-process one
// (NewMemoryRateLimiter) serves a single process; sqlstore's keeps them in
// PostgreSQL, so that every process sharing the database counts against the
// same buckets. Keys may hold personal data (an e-mail address); an
// implementation that stores them keeps only a hash. Every method takes the
// caller's clock, now.
type RateLimiter interface {
	// Allow counts one event of key against l when it is within the limit
	// and returns zero; otherwise it counts nothing and returns how long
	// until an event would be let through. It returns only storage errors.
	Allow(ctx context.Context, l Limit, key string, now time.Time) (time.Duration, error)
	// Blocked returns, without counting, how long key's bucket stays
	// empty (zero: the next event would be let through). Limits on failures
	// use it: Blocked before the attempt, Add after a failure. It returns
	// only storage errors.
	Blocked(ctx context.Context, l Limit, key string, now time.Time) (time.Duration, error)
	// Add counts one event of key without refusing it (see Limit.Count).
	// It returns only storage errors.
	Add(ctx context.Context, l Limit, key string, now time.Time) error
	// Forget drops key's bucket, as if nothing had been counted. It returns
	// only storage errors.
	Forget(ctx context.Context, l Limit, key string) error
}

// MemoryRateLimiter is the RateLimiter of a single process (SQLite
// installations): a map of TATs behind one mutex. It never fails.
type MemoryRateLimiter struct {
	mu    sync.Mutex
	tats  map[string]time.Time
	sweep time.Time
}

var _ RateLimiter = (*MemoryRateLimiter)(nil)

// sweepEvery is how often the in-process limiter drops full buckets.
const sweepEvery = time.Minute

// NewMemoryRateLimiter returns an empty in-process limiter.
func NewMemoryRateLimiter() *MemoryRateLimiter {
	return &MemoryRateLimiter{tats: map[string]time.Time{}}
}

// Allow implements RateLimiter.Allow; the error is always nil.
func (m *MemoryRateLimiter) Allow(_ context.Context, l Limit, key string, now time.Time) (time.Duration, error) {
	return m.update(l, key, now, func(tat time.Time) (time.Time, time.Duration) { return l.Take(tat, now) }), nil
}

// Blocked implements RateLimiter.Blocked; the error is always nil.
func (m *MemoryRateLimiter) Blocked(_ context.Context, l Limit, key string, now time.Time) (time.Duration, error) {
	return m.update(l, key, now, func(tat time.Time) (time.Time, time.Duration) { return tat, l.Wait(tat, now) }), nil
}

// Add implements RateLimiter.Add; the error is always nil.
func (m *MemoryRateLimiter) Add(_ context.Context, l Limit, key string, now time.Time) error {
	m.update(l, key, now, func(tat time.Time) (time.Time, time.Duration) { return l.Count(tat, now), 0 })
	return nil
}

// Forget implements RateLimiter.Forget; the error is always nil.
func (m *MemoryRateLimiter) Forget(_ context.Context, l Limit, key string) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	delete(m.tats, l.Name+"\x00"+key)
	return nil
}

// Len returns how many buckets the limiter holds.
func (m *MemoryRateLimiter) Len() int {
	m.mu.Lock()
	defer m.mu.Unlock()
	return len(m.tats)
}

// update applies fn to key's TAT under the lock and stores the result. At
// most once a minute it first drops the buckets that are full again, which
// bounds memory by the keys seen within the longest window.
func (m *MemoryRateLimiter) update(l Limit, key string, now time.Time, fn func(time.Time) (time.Time, time.Duration)) time.Duration {
	m.mu.Lock()
	defer m.mu.Unlock()
	if now.Sub(m.sweep) >= sweepEvery {
		for k, tat := range m.tats {
			if !tat.After(now) {
				delete(m.tats, k)
			}
		}
		m.sweep = now
	}
	k := l.Name + "\x00" + key
	tat, wait := fn(m.tats[k])
	if tat.After(now) {
		m.tats[k] = tat
	}
	return wait
}
