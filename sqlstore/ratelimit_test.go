package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// forEachLimiter runs fn on the in-process limiter and on the database one
// on SQLite and PostgreSQL: they must behave alike.
func forEachLimiter(t *testing.T, fn func(t *testing.T, rl salescoach.RateLimiter)) {
	t.Run("memory", func(t *testing.T) { fn(t, salescoach.NewMemoryRateLimiter()) })
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) { fn(t, sqlstore.NewRateLimiter(db)) })
}

// allowed counts how many of n events of key at now are let through.
func allowed(t *testing.T, rl salescoach.RateLimiter, l salescoach.Limit, key string, now time.Time, n int) int {
	t.Helper()
	ok := 0
	for range n {
		wait, err := rl.Allow(t.Context(), l, key, now)
		mustNil(t, err)
		if wait == 0 {
			ok++
		}
	}
	return ok
}

// TestRateLimiterBurstAndRefill: a key gets Max events at once, then one
// per Window/Max; a refusal says how long to wait; keys and limits do not
// share buckets.
func TestRateLimiterBurstAndRefill(t *testing.T) {
	t.Parallel()
	forEachLimiter(t, func(t *testing.T, rl salescoach.RateLimiter) {
		l := salescoach.Limit{Name: "test", Max: 3, Window: time.Minute}
		if n := allowed(t, rl, l, "a", t0, 5); n != 3 {
			t.Fatalf("%d of 5 let through at once, want 3", n)
		}
		wait, err := rl.Allow(t.Context(), l, "a", t0.Add(5*time.Second))
		mustNil(t, err)
		if wait != 15*time.Second {
			t.Fatalf("wait %v, want 15s (one token every 20 s)", wait)
		}
		if n := allowed(t, rl, l, "b", t0, 1); n != 1 {
			t.Fatal("another key shares the bucket")
		}
		if n := allowed(t, rl, salescoach.Limit{Name: "other", Max: 3, Window: time.Minute}, "a", t0, 1); n != 1 {
			t.Fatal("another limit shares the bucket")
		}
		if n := allowed(t, rl, l, "a", t0.Add(20*time.Second), 2); n != 1 {
			t.Fatalf("after 20 s %d let through, want 1", n)
		}
		if n := allowed(t, rl, l, "a", t0.Add(20*time.Second+time.Minute), 4); n != 3 {
			t.Fatalf("after a full window %d let through, want 3", n)
		}
	})
}

// TestRateLimiterBoundaryLetsNoDoubleBurst: a fixed window that began with
// an event at t0 ends at t0+Window; Max events just before that and Max just
// after would all have passed. A token bucket lets only Max of them through.
func TestRateLimiterBoundaryLetsNoDoubleBurst(t *testing.T) {
	t.Parallel()
	forEachLimiter(t, func(t *testing.T, rl salescoach.RateLimiter) {
		l := salescoach.Limit{Name: "test", Max: 10, Window: time.Minute}
		if n := allowed(t, rl, l, "k", t0, 1); n != 1 {
			t.Fatal("first event refused")
		}
		boundary := t0.Add(time.Minute)
		before := allowed(t, rl, l, "k", boundary.Add(-time.Millisecond), 10)
		after := allowed(t, rl, l, "k", boundary.Add(time.Millisecond), 10)
		if before+after != 10 {
			t.Fatalf("around the boundary %d + %d let through, want 10 in all", before, after)
		}
	})
}

// TestRateLimiterCountsFailures: Blocked looks without counting, Add counts
// without refusing and never beyond an empty bucket, Forget starts afresh.
func TestRateLimiterCountsFailures(t *testing.T) {
	t.Parallel()
	forEachLimiter(t, func(t *testing.T, rl salescoach.RateLimiter) {
		ctx := t.Context()
		l := salescoach.Limit{Name: "fail", Max: 2, Window: time.Minute}
		blocked := func(key string, at time.Time) time.Duration {
			t.Helper()
			wait, err := rl.Blocked(ctx, l, key, at)
			mustNil(t, err)
			return wait
		}
		for range 5 {
			if blocked("a", t0) != 0 {
				t.Fatal("blocked before any failure")
			}
		}
		mustNil(t, rl.Add(ctx, l, "a", t0))
		if blocked("a", t0) != 0 {
			t.Fatal("blocked after one of two failures")
		}
		// Failures beyond the limit (an owner mistyping from a known
		// address) do not lengthen the wait.
		for range 5 {
			mustNil(t, rl.Add(ctx, l, "a", t0))
		}
		if w := blocked("a", t0.Add(10*time.Second)); w != 20*time.Second {
			t.Fatalf("wait %v, want 20s", w)
		}
		if blocked("b", t0) != 0 {
			t.Error("another key is blocked")
		}
		if blocked("a", t0.Add(30*time.Second)) != 0 {
			t.Error("still blocked after one interval")
		}
		mustNil(t, rl.Add(ctx, l, "a", t0.Add(30*time.Second)))
		if blocked("a", t0.Add(30*time.Second)) == 0 {
			t.Fatal("not blocked again")
		}
		mustNil(t, rl.Forget(ctx, l, "a"))
		if blocked("a", t0.Add(30*time.Second)) != 0 {
			t.Error("Forget kept the bucket")
		}
	})
}

// TestRateLimiterPrune: buckets that are full again are deleted, the others
// kept; the stored key is a hash, not the e-mail address.
func TestRateLimiterPrune(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		rl := sqlstore.NewRateLimiter(db)
		l := salescoach.Limit{Name: "test", Max: 4, Window: time.Hour}
		allowed(t, rl, l, "old@example.com", t0, 1)                // full again at t0+15min
		allowed(t, rl, l, "new@example.com", t0.Add(time.Hour), 1) // until t0+75min
		if n := count(t, db, `SELECT COUNT(*) FROM rate_limits WHERE key LIKE '%@%'`); n != 0 {
			t.Fatalf("%d keys stored in the clear", n)
		}
		n, err := rl.Prune(t.Context(), t0.Add(15*time.Minute))
		mustNil(t, err)
		if n != 1 || count(t, db, `SELECT COUNT(*) FROM rate_limits`) != 1 {
			t.Fatalf("pruned %d, want the one full bucket", n)
		}
		if n := allowed(t, rl, l, "new@example.com", t0.Add(time.Hour), 4); n != 3 {
			t.Fatalf("the kept bucket let %d through, want 3", n)
		}
	})
}

// TestRateLimiterSharedByProcesses: two limiters on two connection pools of
// one PostgreSQL database stand for two app processes. Of 40 events of one
// key released at once, half through each, exactly Max are let through.
func TestRateLimiterSharedByProcesses(t *testing.T) {
	t.Parallel()
	url := sqlstoretest.NewPostgresURL(t)
	var limiters [2]*sqlstore.RateLimiter
	for i := range limiters {
		db, err := sqlstore.Open(t.Context(), url)
		mustNil(t, err)
		t.Cleanup(func() { db.Close() })
		warm(t, db, 20)
		limiters[i] = sqlstore.NewRateLimiter(db)
	}
	l := salescoach.Limit{Name: "login", Max: 15, Window: 15 * time.Minute}
	waits := make([]time.Duration, 40)
	errs := race(40, func(i int) error {
		var err error
		waits[i], err = limiters[i%2].Allow(t.Context(), l, "203.0.113.7", t0)
		return err
	})
	ok := 0
	for i, err := range errs {
		mustNil(t, err)
		if waits[i] == 0 {
			ok++
		} else if waits[i] != time.Minute {
			t.Errorf("refusal %d waits %v, want 1m", i, waits[i])
		}
	}
	if ok != 15 {
		t.Fatalf("%d of 40 let through, want exactly %d", ok, l.Max)
	}
}
