package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.JobStore = (*JobStore)(nil)

// JobStore keeps the background jobs' schedule and leases in job_leases:
// one row per job with its holder, the end of the holder's lease and the
// next run.
type JobStore struct {
	db *DB
}

// NewJobStore returns a JobStore on db.
func NewJobStore(db *DB) *JobStore {
	return &JobStore{db: db}
}

// ClaimJob implements salescoach.JobStore.ClaimJob with one guarded upsert:
// a job's first claim inserts its row; later ones take it over only when
// the last lease has ended (its holder finished or died) and the next run
// has come. Both databases serialise the writers of one row, so of racing
// processes one updates it and the others find the guard false. It returns
// only driver errors.
func (s *JobStore) ClaimJob(ctx context.Context, name, holder string, now, leaseUntil time.Time) (bool, error) {
	var got string
	err := s.db.r().queryRow(ctx, `INSERT INTO job_leases (name, holder, expires_at, next_run_at) VALUES (?, ?, ?, ?)
		ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
		WHERE job_leases.expires_at <= ? AND (job_leases.next_run_at IS NULL OR job_leases.next_run_at <= ?)
		RETURNING holder`, name, holder, leaseUntil, now, now, now).Scan(&got)
	if noRows(err) {
		return false, nil
	}
	if err != nil {
		return false, dbError(err, "claim job")
	}
	return got == holder, nil
}

// FinishJob implements salescoach.JobStore.FinishJob. It returns only
// driver errors.
func (s *JobStore) FinishJob(ctx context.Context, name, holder string, now, next time.Time) error {
	_, err := s.db.r().exec(ctx, `UPDATE job_leases SET expires_at = ?, next_run_at = ?
		WHERE name = ? AND holder = ?`, now, next, name, holder)
	return dbError(err, "finish job")
}
