package jobs_test

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salescoach/jobs"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestMain(m *testing.M) { sqlstoretest.Main(m) }

// clock is a settable test clock.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

var t0 = time.Date(2026, 11, 24, 6, 0, 0, 0, time.UTC)

// forTwoProcesses runs fn as subtests "sqlite" and "postgres" with two job
// stores on one fresh database, standing for two app processes: on
// PostgreSQL each has its own connection pool.
func forTwoProcesses(t *testing.T, fn func(t *testing.T, stores [2]*sqlstore.JobStore)) {
	t.Run("sqlite", func(t *testing.T) {
		db := sqlstoretest.NewSQLite(t)
		fn(t, [2]*sqlstore.JobStore{sqlstore.NewJobStore(db), sqlstore.NewJobStore(db)})
	})
	t.Run("postgres", func(t *testing.T) {
		url := sqlstoretest.NewPostgresURL(t)
		var stores [2]*sqlstore.JobStore
		for i := range stores {
			db, err := sqlstore.Open(t.Context(), url)
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { db.Close() })
			stores[i] = sqlstore.NewJobStore(db)
		}
		fn(t, stores)
	})
}

// TestRunnersRunEachJobOncePerInterval: two processes look for due jobs
// every 30 s, at the same instant, for half an hour. The job due every
// minute runs 30 times, the one due every 15 minutes twice, never two runs
// at once.
func TestRunnersRunEachJobOncePerInterval(t *testing.T) {
	forTwoProcesses(t, func(t *testing.T, stores [2]*sqlstore.JobStore) {
		clk := &clock{t: t0}
		var runs [2]atomic.Int32
		var running, overlaps atomic.Int32
		job := func(i int) func(context.Context) error {
			return func(context.Context) error {
				if running.Add(1) > 1 {
					overlaps.Add(1)
				}
				runs[i].Add(1)
				running.Add(-1)
				return nil
			}
		}
		list := []jobs.Job{
			{Name: "minutely", Every: time.Minute, Timeout: 5 * time.Minute, Run: job(0)},
			{Name: "quarterly", Every: 15 * time.Minute, Timeout: 5 * time.Minute, Run: job(1)},
		}
		var runners [2]*jobs.Runner
		for i := range runners {
			runners[i] = &jobs.Runner{Store: stores[i], Holder: []string{"a", "b"}[i], Now: clk.Now, Jobs: list}
		}
		for range 60 {
			start := make(chan struct{})
			var wg sync.WaitGroup
			for _, r := range runners {
				wg.Go(func() {
					<-start
					r.RunDue(t.Context())
				})
			}
			close(start)
			wg.Wait()
			clk.Advance(30 * time.Second)
		}
		if a, b := runs[0].Load(), runs[1].Load(); a != 30 || b != 2 {
			t.Fatalf("runs: every minute %d (want 30), every 15 minutes %d (want 2)", a, b)
		}
		if n := overlaps.Load(); n != 0 {
			t.Fatalf("%d runs overlapped another", n)
		}
	})
}

// TestRunnerTakesOverFromADeadHolder: a process dies in the middle of a
// run (its context ends, its lease stays). Another process does not run
// the job while the lease lasts and runs it once it has ended, although the
// job's interval has long passed.
func TestRunnerTakesOverFromADeadHolder(t *testing.T) {
	forTwoProcesses(t, func(t *testing.T, stores [2]*sqlstore.JobStore) {
		clk := &clock{t: t0}
		started := make(chan struct{})
		var byB atomic.Int32
		dying := &jobs.Runner{Store: stores[0], Holder: "dying", Now: clk.Now, Jobs: []jobs.Job{{
			Name: "cleanup", Every: time.Minute, Timeout: 10 * time.Minute,
			Run: func(ctx context.Context) error {
				close(started)
				<-ctx.Done()
				return ctx.Err()
			},
		}}}
		other := &jobs.Runner{Store: stores[1], Holder: "other", Now: clk.Now, Jobs: []jobs.Job{{
			Name: "cleanup", Every: time.Minute, Timeout: 10 * time.Minute,
			Run: func(context.Context) error { byB.Add(1); return nil },
		}}}
		ctx, die := context.WithCancel(t.Context())
		done := make(chan []string)
		go func() { done <- dying.RunDue(ctx) }()
		<-started
		die()
		if ran := <-done; len(ran) != 0 {
			t.Fatalf("the dying process reports %v as run", ran)
		}
		clk.Advance(9 * time.Minute)
		if ran := other.RunDue(t.Context()); len(ran) != 0 {
			t.Fatalf("ran %v while the dead holder's lease lasts", ran)
		}
		clk.Advance(time.Minute)
		if ran := other.RunDue(t.Context()); len(ran) != 1 || byB.Load() != 1 {
			t.Fatalf("ran %v after the lease ended, want the job once", ran)
		}
		// Now on its own schedule again.
		if ran := other.RunDue(t.Context()); len(ran) != 0 {
			t.Fatalf("ran %v again at once", ran)
		}
	})
}
