package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.ReferralService = (*ReferralService)(nil)

const msgReferralNotFound = "Einladungscode nicht gefunden."

// ReferralService stores referral codes and the sign-ups they brought.
type ReferralService struct {
	db *DB
}

// NewReferralService returns a ReferralService on db.
func NewReferralService(db *DB) *ReferralService {
	return &ReferralService{db: db}
}

// ReferrerByCode returns the id of the user owning the code (compared
// exactly), or ENOTFOUND when there is none.
func (s *ReferralService) ReferrerByCode(ctx context.Context, code string) (string, error) {
	var id string
	err := s.db.r().queryRow(ctx, `SELECT user_id FROM referral_codes WHERE code = ?`, code).Scan(&id)
	if noRows(err) {
		return "", notFound(msgReferralNotFound)
	}
	return id, dbError(err, "referrer by code")
}

// RecordReferralSignup links a new user to the referrer. A user is referred
// at most once: a second call is a no-op, and so is a user referring
// themself, because neither should make a sign-up fail. It returns ENOTFOUND
// when either user does not exist.
func (s *ReferralService) RecordReferralSignup(ctx context.Context, referrerID, referredID string, at time.Time) error {
	if referrerID == referredID {
		return nil
	}
	_, err := s.db.r().exec(ctx, `INSERT INTO referral_signups (referred_user_id, referrer_user_id, created_at)
		VALUES (?, ?, ?) ON CONFLICT (referred_user_id) DO NOTHING`, referredID, referrerID, at)
	return dbError(err, "insert referral signup")
}
