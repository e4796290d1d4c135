package sqlstore

import (
	"context"
	"fmt"
	"time"

	"salescoach"
)

var _ salescoach.ReferralService = (*ReferralService)(nil)

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
		return "", notFound(salescoach.MsgReferralNotFound)
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

// codeAttempts bounds the retries when a new code collides with another
// user's. With 31^8 codes a collision is rare, and five in a row means
// something else is wrong.
const codeAttempts = 5

// ReferralCode returns the user's code, creating a random one
// (salescoach.NewReferralCode) on the first call. Concurrent first calls all
// return the same code: the insert does nothing when the user already has a
// code, and everyone reads the row that won. It returns ENOTFOUND when there
// is no such user.
func (s *ReferralService) ReferralCode(ctx context.Context, userID string) (string, error) {
	r := s.db.r()
	for range codeAttempts {
		// No conflict target: a taken user_id and a taken code both do
		// nothing; the read tells which happened.
		_, err := r.exec(ctx, `INSERT INTO referral_codes (user_id, code, created_at) VALUES (?, ?, ?)
			ON CONFLICT DO NOTHING`, userID, salescoach.NewReferralCode(), s.db.now())
		if err != nil {
			if e := constraintError(err); e != nil && e.Code == salescoach.ENOTFOUND {
				return "", notFound(salescoach.MsgNoUser)
			}
			return "", dbError(err, "insert referral code")
		}
		var code string
		err = r.queryRow(ctx, `SELECT code FROM referral_codes WHERE user_id = ?`, userID).Scan(&code)
		if err == nil {
			return code, nil
		} else if !noRows(err) {
			return "", dbError(err, "referral code")
		}
		// The code belonged to someone else; draw another.
	}
	return "", fmt.Errorf("sqlstore: no free referral code after %d attempts", codeAttempts)
}

// ExistingReferralCode returns the user's code, "" when they have none yet;
// it creates nothing. It returns only driver errors.
func (s *ReferralService) ExistingReferralCode(ctx context.Context, userID string) (string, error) {
	var code string
	err := s.db.r().queryRow(ctx, `SELECT code FROM referral_codes WHERE user_id = ?`, userID).Scan(&code)
	if noRows(err) {
		return "", nil
	}
	return code, dbError(err, "existing referral code")
}

// maxReferrals bounds the list of a referrer's sign-ups.
const maxReferrals = 500

// Referrals lists the newest sign-ups (at most 500) the user referred, with
// each invitee's display name and avatar. It returns only driver errors.
func (s *ReferralService) Referrals(ctx context.Context, referrerID string) ([]*salescoach.ReferralSignup, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT rs.referred_user_id, rs.created_at, u.display_name, u.email, u.avatar_url, u.avatar_updated_at
		FROM referral_signups rs JOIN users u ON u.id = rs.referred_user_id
		WHERE rs.referrer_user_id = ?
		ORDER BY rs.created_at DESC, rs.referred_user_id DESC
		LIMIT ?`, referrerID, maxReferrals)
	if err != nil {
		return nil, dbError(err, "referrals")
	}
	defer rows.Close()
	out := []*salescoach.ReferralSignup{}
	for rows.Next() {
		var rs salescoach.ReferralSignup
		if err := rows.Scan(&rs.ReferredUserID, scanTime(&rs.CreatedAt), &rs.DisplayName, &rs.Email, &rs.AvatarURL,
			scanNullTime(&rs.AvatarUpdatedAt)); err != nil {
			return nil, dbError(err, "referrals")
		}
		out = append(out, &rs)
	}
	return out, dbError(rows.Err(), "referrals")
}
