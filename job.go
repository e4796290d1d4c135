package salescoach

import (
	"context"
	"time"
)

// JobStore keeps, for every background job, when it runs next and which
// process runs it now, shared by all processes on the database, so that a
// job runs in one process at a time, once per interval, and another process
// takes it over when its holder died (package jobs runs them).
type JobStore interface {
	// ClaimJob gives the named job to holder until leaseUntil when, at now,
	// its next run has come and no lease on it runs; it reports whether
	// holder got it. Of processes claiming at once exactly one gets it. A
	// job never claimed before is due. It returns only storage errors.
	ClaimJob(ctx context.Context, name, holder string, now, leaseUntil time.Time) (bool, error)
	// FinishJob ends holder's lease on the job at now and schedules its
	// next run at next; it does nothing when the lease has passed to another
	// holder meanwhile. It returns only storage errors.
	FinishJob(ctx context.Context, name, holder string, now, next time.Time) error
}
