package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.VoiceService = (*VoiceService)(nil)

// VoiceService records speech usage and voice calls.
type VoiceService struct {
	db *DB
}

// NewVoiceService returns a VoiceService on db.
func NewVoiceService(db *DB) *VoiceService {
	return &VoiceService{db: db}
}

// RecordVoiceUsage appends u, setting u.CreatedAt to now when it is zero. It
// returns ENOTFOUND when the user does not exist or its id is not a UUID,
// and EINVALID for an unknown kind or negative amounts.
func (s *VoiceService) RecordVoiceUsage(ctx context.Context, u *salescoach.VoiceUsage) error {
	if !validID(u.UserID) {
		return notFound(salescoach.MsgMissingRef)
	}
	if (u.Kind != salescoach.VoiceSTT && u.Kind != salescoach.VoiceTTS) || u.AudioMillis < 0 || u.Characters < 0 {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgInvalidData)
	}
	if u.CreatedAt.IsZero() {
		u.CreatedAt = s.db.now()
	}
	u.CreatedAt = utc(u.CreatedAt)
	_, err := s.db.r().exec(ctx, `INSERT INTO voice_usage (id, user_id, kind, provider, audio_ms, characters, created_at)
		VALUES (?, ?, ?, ?, ?, ?, ?)`, newID(), u.UserID, u.Kind, u.Provider, u.AudioMillis, u.Characters, u.CreatedAt)
	return dbError(err, "insert voice usage")
}

// StartCall opens a call for the user. It returns ENOTFOUND when the user
// does not exist or its id is not a UUID.
func (s *VoiceService) StartCall(ctx context.Context, userID string) (*salescoach.VoiceCall, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgNoUser)
	}
	c := &salescoach.VoiceCall{ID: newID(), UserID: userID, StartedAt: utc(s.db.now())}
	_, err := s.db.r().exec(ctx, `INSERT INTO voice_calls (id, user_id, turns, started_at) VALUES (?, ?, 0, ?)`,
		c.ID, c.UserID, c.StartedAt)
	if err != nil {
		return nil, dbError(err, "start call")
	}
	return c, nil
}

// AddCallTurn counts one turn of the user's open call in one guarded
// statement. It returns ENOTFOUND when the call is not the user's, does not
// exist or is finished.
func (s *VoiceService) AddCallTurn(ctx context.Context, userID, callID string) error {
	if !validID(userID) || !validID(callID) {
		return notFound(salescoach.MsgCallNotFound)
	}
	res, err := s.db.r().exec(ctx, `UPDATE voice_calls SET turns = turns + 1
		WHERE id = ? AND user_id = ? AND finished_at IS NULL`, callID, userID)
	if err != nil {
		return dbError(err, "add call turn")
	}
	n, err := rowsAffected(res)
	if err != nil {
		return err
	}
	if n == 0 {
		return notFound(salescoach.MsgCallNotFound)
	}
	return nil
}

// FinishCall ends the user's call. Only the statement that sets finished_at
// (guarded by finished_at IS NULL) may count, and it counts in the same
// transaction, so concurrent finishes of one call count it once. It returns
// ENOTFOUND when the call is not the user's or does not exist.
func (s *VoiceService) FinishCall(ctx context.Context, userID, callID string) (bool, error) {
	if !validID(userID) || !validID(callID) {
		return false, notFound(salescoach.MsgCallNotFound)
	}
	counted := false
	now := s.db.now()
	err := s.db.inTx(ctx, func(r runner) error {
		var turns int
		err := r.queryRow(ctx, `UPDATE voice_calls SET finished_at = ?
			WHERE id = ? AND user_id = ? AND finished_at IS NULL RETURNING turns`, now, callID, userID).Scan(&turns)
		if noRows(err) {
			var one int
			err := r.queryRow(ctx, `SELECT 1 FROM voice_calls WHERE id = ? AND user_id = ?`, callID, userID).Scan(&one)
			if noRows(err) {
				return notFound(salescoach.MsgCallNotFound)
			}
			return dbError(err, "find call")
		} else if err != nil {
			return dbError(err, "finish call")
		}
		if turns == 0 {
			return nil
		}
		counted = true
		return addProgress(ctx, r, userID, salescoach.ProgressDelta{Calls: 1}, now)
	})
	if err != nil {
		return false, err
	}
	return counted, nil
}
