package sqlstore_test

import (
	"fmt"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestJobClaimHasOneHolder: of 10 processes claiming a due job at once
// exactly one gets it; nobody gets it while the lease lasts, not even its
// holder; after FinishJob it is not due before its next run; a lease that
// was never finished (the holder died) passes to another process once it
// has ended.
func TestJobClaimHasOneHolder(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewJobStore(db)
		ctx := t.Context()
		warm(t, db, 10)
		won := make([]bool, 10)
		errs := race(10, func(i int) error {
			ok, err := s.ClaimJob(ctx, "cleanup", fmt.Sprint("p", i), t0, t0.Add(time.Minute))
			won[i] = ok
			return err
		})
		holder := -1
		for i, err := range errs {
			mustNil(t, err)
			if won[i] {
				if holder >= 0 {
					t.Fatalf("two holders: %d and %d", holder, i)
				}
				holder = i
			}
		}
		if holder < 0 {
			t.Fatal("nobody got the job")
		}
		me, them := fmt.Sprint("p", holder), fmt.Sprint("p", (holder+1)%10)
		claim := func(who string, at time.Time) bool {
			t.Helper()
			ok, err := s.ClaimJob(ctx, "cleanup", who, at, at.Add(time.Minute))
			mustNil(t, err)
			return ok
		}
		if claim(me, t0.Add(30*time.Second)) || claim(them, t0.Add(30*time.Second)) {
			t.Fatal("claimed while the lease lasts")
		}
		// The holder finishes early; the next run is due in 5 minutes.
		mustNil(t, s.FinishJob(ctx, "cleanup", me, t0.Add(40*time.Second), t0.Add(5*time.Minute)))
		if claim(them, t0.Add(4*time.Minute)) {
			t.Fatal("claimed before the next run")
		}
		if !claim(them, t0.Add(5*time.Minute)) {
			t.Fatal("not claimed when due")
		}
		// them dies without finishing; its lease ends at t0+6min.
		if claim(me, t0.Add(5*time.Minute+59*time.Second)) {
			t.Fatal("claimed from a holder whose lease lasts")
		}
		// A late FinishJob of a former holder changes nothing.
		mustNil(t, s.FinishJob(ctx, "cleanup", me, t0.Add(5*time.Minute), t0.Add(time.Hour)))
		if !claim(me, t0.Add(6*time.Minute)) {
			t.Fatal("not taken over after the lease ended")
		}
		// Another job is independent.
		if ok, err := s.ClaimJob(ctx, "reconcile", them, t0.Add(6*time.Minute), t0.Add(7*time.Minute)); err != nil || !ok {
			t.Fatalf("another job is blocked: %v %v", ok, err)
		}
	})
}
