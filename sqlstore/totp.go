package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.TwoFactorService = (*TwoFactorService)(nil)

// TwoFactorService stores authenticator apps, recovery codes, sign-in
// challenges and the sessions that passed the code step.
type TwoFactorService struct {
	db *DB
}

// NewTwoFactorService returns a TwoFactorService on db.
func NewTwoFactorService(db *DB) *TwoFactorService {
	return &TwoFactorService{db: db}
}

var (
	errTOTPCodeInvalid = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgTOTPCodeInvalid)
	errTOTPChallenge   = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgTOTPChallengeInvalid)
)

// TOTPFactor returns the user's factor, pending or confirmed. It returns
// ENOTFOUND with MsgTOTPNotOn when there is none.
func (s *TwoFactorService) TOTPFactor(ctx context.Context, userID string) (*salescoach.TOTPFactor, error) {
	var f salescoach.TOTPFactor
	err := s.db.r().queryRow(ctx, `SELECT user_id, secret_sealed, confirmed_at, last_step, created_at
		FROM user_totp WHERE user_id = ?`, userID).
		Scan(&f.UserID, &f.SecretSealed, scanNullTime(&f.ConfirmedAt), &f.LastStep, scanTime(&f.CreatedAt))
	if noRows(err) {
		return nil, notFound(salescoach.MsgTOTPNotOn)
	}
	if err != nil {
		return nil, dbError(err, "totp factor")
	}
	return &f, nil
}

// StartTOTP stores a pending factor, replacing a pending one; the upsert
// leaves a confirmed factor alone. It returns ECONFLICT with MsgTOTPAlreadyOn
// when the user has a confirmed factor and ENOTFOUND when the user does not
// exist.
func (s *TwoFactorService) StartTOTP(ctx context.Context, userID, sealed string, now time.Time) error {
	res, err := s.db.r().exec(ctx, `INSERT INTO user_totp (user_id, secret_sealed, created_at) VALUES (?, ?, ?)
		ON CONFLICT (user_id) DO UPDATE SET secret_sealed = excluded.secret_sealed,
			created_at = excluded.created_at, last_step = 0
		WHERE user_totp.confirmed_at IS NULL`, userID, sealed, now)
	if err != nil {
		return dbError(err, "start totp")
	}
	if n, err := res.RowsAffected(); err != nil {
		return dbError(err, "start totp")
	} else if n == 0 {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTOTPAlreadyOn)
	}
	return nil
}

// ConfirmTOTP turns the pending factor on and replaces the recovery codes,
// in one transaction whose first statement is the guarded update. It
// returns ECONFLICT with MsgTOTPNotPending when there is no pending factor.
func (s *TwoFactorService) ConfirmTOTP(ctx context.Context, userID string, step int64, codeHashes []string, now time.Time) error {
	return s.db.inTx(ctx, func(r runner) error {
		res, err := r.exec(ctx, `UPDATE user_totp SET confirmed_at = ?, last_step = ?
			WHERE user_id = ? AND confirmed_at IS NULL`, now, step, userID)
		if err != nil {
			return dbError(err, "confirm totp")
		}
		if n, err := res.RowsAffected(); err != nil {
			return dbError(err, "confirm totp")
		} else if n == 0 {
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTOTPNotPending)
		}
		return replaceRecoveryCodes(ctx, r, userID, codeHashes, now)
	})
}

func replaceRecoveryCodes(ctx context.Context, r runner, userID string, codeHashes []string, now time.Time) error {
	if _, err := r.exec(ctx, `DELETE FROM totp_recovery_codes WHERE user_id = ?`, userID); err != nil {
		return dbError(err, "delete recovery codes")
	}
	for _, h := range codeHashes {
		if _, err := r.exec(ctx, `INSERT INTO totp_recovery_codes (user_id, code_hash, created_at) VALUES (?, ?, ?)`,
			userID, h, now); err != nil {
			return dbError(err, "insert recovery code")
		}
	}
	return nil
}

// UseTOTPStep records step as used in one guarded statement: the row
// changes only while its last step is older, and both databases serialise
// the writers of one row. It returns EUNAUTHORIZED with MsgTOTPCodeInvalid
// when the step was used already or the factor is not confirmed.
func (s *TwoFactorService) UseTOTPStep(ctx context.Context, userID string, step int64) error {
	res, err := s.db.r().exec(ctx, `UPDATE user_totp SET last_step = ?
		WHERE user_id = ? AND confirmed_at IS NOT NULL AND last_step < ?`, step, userID, step)
	return oneRowOr(res, err, "use totp step", errTOTPCodeInvalid)
}

// UseRecoveryCode deletes the code. It returns EUNAUTHORIZED with
// MsgTOTPCodeInvalid when the user has no such code (never had, or used).
func (s *TwoFactorService) UseRecoveryCode(ctx context.Context, userID, codeHash string) error {
	res, err := s.db.r().exec(ctx, `DELETE FROM totp_recovery_codes WHERE user_id = ? AND code_hash = ?`, userID, codeHash)
	return oneRowOr(res, err, "use recovery code", errTOTPCodeInvalid)
}

// ReplaceRecoveryCodes replaces the user's recovery codes. It returns
// ECONFLICT with MsgTOTPNotOn when the user has no confirmed factor.
func (s *TwoFactorService) ReplaceRecoveryCodes(ctx context.Context, userID string, codeHashes []string, now time.Time) error {
	return s.db.inTx(ctx, func(r runner) error {
		var on bool
		if err := r.queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM user_totp WHERE user_id = ? AND confirmed_at IS NOT NULL)`,
			userID).Scan(&on); err != nil {
			return dbError(err, "replace recovery codes")
		}
		if !on {
			return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTOTPNotOn)
		}
		return replaceRecoveryCodes(ctx, r, userID, codeHashes, now)
	})
}

// RecoveryCodesLeft counts the user's unused recovery codes. It returns only
// driver errors.
func (s *TwoFactorService) RecoveryCodesLeft(ctx context.Context, userID string) (int, error) {
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM totp_recovery_codes WHERE user_id = ?`, userID).Scan(&n)
	return n, dbError(err, "count recovery codes")
}

// DeleteTOTP removes the user's factor, recovery codes and open challenges.
// It returns only driver errors.
func (s *TwoFactorService) DeleteTOTP(ctx context.Context, userID string) error {
	return s.db.inTx(ctx, func(r runner) error {
		for _, q := range []string{
			`DELETE FROM user_totp WHERE user_id = ?`,
			`DELETE FROM totp_recovery_codes WHERE user_id = ?`,
			`DELETE FROM totp_challenges WHERE user_id = ?`,
		} {
			if _, err := r.exec(ctx, q, userID); err != nil {
				return dbError(err, "delete totp")
			}
		}
		return nil
	})
}

// CreateTOTPChallenge stores the challenge (attempts start at zero) and
// drops the user's expired ones, so they do not pile up without a sweeper.
// It returns ENOTFOUND when the user does not exist.
func (s *TwoFactorService) CreateTOTPChallenge(ctx context.Context, c *salescoach.TOTPChallenge) error {
	if c.CreatedAt.IsZero() {
		c.CreatedAt = s.db.now()
	}
	c.CreatedAt, c.ExpiresAt, c.Attempts = utc(c.CreatedAt), utc(c.ExpiresAt), 0
	return s.db.inTx(ctx, func(r runner) error {
		if _, err := r.exec(ctx, `DELETE FROM totp_challenges WHERE user_id = ? AND expires_at <= ?`,
			c.UserID, c.CreatedAt); err != nil {
			return dbError(err, "delete expired totp challenges")
		}
		_, err := r.exec(ctx, `INSERT INTO totp_challenges (token_hash, user_id, remember, created_at, expires_at)
			VALUES (?, ?, ?, ?, ?)`, c.TokenHash, c.UserID, c.Remember, c.CreatedAt, c.ExpiresAt)
		return dbError(err, "insert totp challenge")
	})
}

// AttemptTOTPChallenge counts one attempt in a guarded update: only a live
// challenge with attempts left changes. It returns EUNAUTHORIZED with
// MsgTOTPChallengeInvalid otherwise.
func (s *TwoFactorService) AttemptTOTPChallenge(ctx context.Context, tokenHash string, maxAttempts int, now time.Time) (*salescoach.TOTPChallenge, error) {
	var c salescoach.TOTPChallenge
	err := s.db.r().queryRow(ctx, `UPDATE totp_challenges SET attempts = attempts + 1
		WHERE token_hash = ? AND attempts < ? AND expires_at > ?
		RETURNING token_hash, user_id, remember, attempts, created_at, expires_at`, tokenHash, maxAttempts, now).
		Scan(&c.TokenHash, &c.UserID, &c.Remember, &c.Attempts, scanTime(&c.CreatedAt), scanTime(&c.ExpiresAt))
	if noRows(err) {
		return nil, errTOTPChallenge
	}
	if err != nil {
		return nil, dbError(err, "attempt totp challenge")
	}
	return &c, nil
}

// ConsumeTOTPChallenge deletes the challenge. It returns EUNAUTHORIZED with
// MsgTOTPChallengeInvalid when it is gone already.
func (s *TwoFactorService) ConsumeTOTPChallenge(ctx context.Context, tokenHash string) error {
	res, err := s.db.r().exec(ctx, `DELETE FROM totp_challenges WHERE token_hash = ?`, tokenHash)
	return oneRowOr(res, err, "consume totp challenge", errTOTPChallenge)
}

// MarkSessionTwoFactor records that the session passed the code step. It
// returns ENOTFOUND when the user does not exist.
func (s *TwoFactorService) MarkSessionTwoFactor(ctx context.Context, userID, familyID string, now time.Time) error {
	_, err := s.db.r().exec(ctx, `INSERT INTO session_two_factor (family_id, user_id, passed_at) VALUES (?, ?, ?)
		ON CONFLICT (family_id) DO NOTHING`, familyID, userID, now)
	return dbError(err, "mark session two-factor")
}

// SessionTwoFactor reports whether the user's session passed the code step.
// It returns only driver errors.
func (s *TwoFactorService) SessionTwoFactor(ctx context.Context, userID, familyID string) (bool, error) {
	var ok bool
	err := s.db.r().queryRow(ctx, `SELECT EXISTS (SELECT 1 FROM session_two_factor WHERE family_id = ? AND user_id = ?)`,
		familyID, userID).Scan(&ok)
	return ok, dbError(err, "session two-factor")
}

// oneRowOr returns nil when the statement changed a row, none when it
// changed no row, and the driver error otherwise.
func oneRowOr(res interface{ RowsAffected() (int64, error) }, err error, op string, none error) error {
	if err != nil {
		return dbError(err, op)
	}
	n, err := res.RowsAffected()
	if err != nil {
		return dbError(err, op)
	}
	if n == 0 {
		return none
	}
	return nil
}
