package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.ClaimHolderService = (*ClaimHolderService)(nil)

// ClaimHolderService keeps the app processes that hold turn claims alive in
// claim_holders (see migration 0025).
type ClaimHolderService struct {
	db *DB
}

// NewClaimHolderService returns a ClaimHolderService on db.
func NewClaimHolderService(db *DB) *ClaimHolderService {
	return &ClaimHolderService{db: db}
}

// forgetHoldersAfter is how long a holder's row stays after its time ran
// out (its process died without leaving): long enough that no claim of it
// is still within its own Until, after which its row means nothing.
const forgetHoldersAfter = time.Hour

// Beat implements salescoach.ClaimHolderService.Beat with one upsert, and
// deletes the rows of holders that died more than forgetHoldersAfter before
// now. It returns EINVALID for an empty or overlong holder, else only
// driver errors.
func (s *ClaimHolderService) Beat(ctx context.Context, holder string, now, until time.Time) error {
	if holder == "" || len(holder) > 200 {
		return salescoach.Errorf(salescoach.EINVALID, "claim holder must be 1 to 200 bytes")
	}
	return s.db.inTx(ctx, func(r runner) error {
		if _, err := r.exec(ctx, `INSERT INTO claim_holders (id, alive_until) VALUES (?, ?)
			ON CONFLICT (id) DO UPDATE SET alive_until = excluded.alive_until`, holder, until); err != nil {
			return dbError(err, "claim holder beat")
		}
		_, err := r.exec(ctx, `DELETE FROM claim_holders WHERE alive_until < ?`, now.Add(-forgetHoldersAfter))
		return dbError(err, "forget claim holders")
	})
}

// Leave implements salescoach.ClaimHolderService.Leave. It returns only
// driver errors.
func (s *ClaimHolderService) Leave(ctx context.Context, holder string) error {
	_, err := s.db.r().exec(ctx, `DELETE FROM claim_holders WHERE id = ?`, holder)
	return dbError(err, "claim holder leave")
}
