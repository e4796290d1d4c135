// Package jobs runs background work (billing's period-end cancellations and
// reconcile, clean-ups) in exactly one process at a time when several share
// a database, and once per interval among them: before each run a process
// claims the job in the database (salescoach.JobStore) for as long as a run
// may take. A process that dies mid-run leaves its lease to lapse, and
// another process runs the job once it has.
package jobs

import (
	"context"
	"log/slog"
	"time"

	"salescoach"
)

// Job is one kind of background work.
type Job struct {
	// Name identifies the job in the database; unique per installation.
	Name string
	// Every is the interval between the starts of two runs, across all
	// processes.
	Every time.Duration
	// Timeout is the longest a run may take: its lease lasts that long
	// and its context ends then, so that no other process starts the job
	// while this run may still be going.
	Timeout time.Duration
	// Run does the work. An error is logged; the job runs again at its next
	// interval either way.
	Run func(ctx context.Context) error
}

// Runner runs jobs that are due.
type Runner struct {
	Store salescoach.JobStore
	// Holder names this process among those sharing the database.
	Holder string
	// Now is the clock (time.Now when nil).
	Now  func() time.Time
	Log  *slog.Logger // slog.Default when nil
	Jobs []Job
}

func (r *Runner) now() time.Time {
	if r.Now == nil {
		return time.Now()
	}
	return r.Now()
}

func (r *Runner) log() *slog.Logger {
	if r.Log == nil {
		return slog.Default()
	}
	return r.Log
}

// RunDue runs, one after another, each job whose next run has come and that
// no other process runs now, and returns the names of those it ran. When ctx
// ends during a run it returns at once and leaves that job's lease to lapse,
// as a process that dies would: the job is then still due, and another
// process runs it when the lease has ended.
func (r *Runner) RunDue(ctx context.Context) []string {
	var ran []string
	for _, j := range r.Jobs {
		if ctx.Err() != nil {
			return ran
		}
		start := r.now()
		ok, err := r.Store.ClaimJob(ctx, j.Name, r.Holder, start, start.Add(j.Timeout))
		if err != nil {
			r.log().Warn("background job: claim failed", "job", j.Name, "err", err)
			continue
		}
		if !ok {
			continue
		}
		jctx, cancel := context.WithTimeout(ctx, j.Timeout)
		err = j.Run(jctx)
		cancel()
		if ctx.Err() != nil {
			return ran
		}
		ran = append(ran, j.Name)
		if err != nil {
			r.log().Warn("background job failed", "job", j.Name, "err", err)
		}
		if err := r.Store.FinishJob(ctx, j.Name, r.Holder, r.now(), start.Add(j.Every)); err != nil {
			r.log().Warn("background job: finish failed", "job", j.Name, "err", err)
		}
	}
	return ran
}

// Run calls RunDue every tick until ctx ends.
func (r *Runner) Run(ctx context.Context, tick time.Duration) {
	t := time.NewTicker(tick)
	defer t.Stop()
	for {
		r.RunDue(ctx)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}
