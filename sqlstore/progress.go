package sqlstore

import (
	"context"
	"time"

	"salescoach"
)

var _ salescoach.ProgressService = (*ProgressService)(nil)

// ProgressService applies XP and the profile counters.
type ProgressService struct {
	db *DB
}

// NewProgressService returns a ProgressService on db.
func NewProgressService(db *DB) *ProgressService {
	return &ProgressService{db: db}
}

// AddProgress adds d to the user's XP and profile counters in one
// transaction, sets users.level to salescoach.LevelFor(new XP).Level and
// returns the user and profile as they are then. Each addition is relative
// (xp = xp + ?), and the first UPDATE locks the user's row in PostgreSQL
// (SQLite's immediate transactions queue anyway), so concurrent calls add
// up and each computes the level from the XP it produced.
//
// It returns EINVALID when any field of d is negative (nothing is ever taken
// away) and ENOTFOUND when there is no such user or userID is not a UUID.
func (s *ProgressService) AddProgress(ctx context.Context, userID string, d salescoach.ProgressDelta) (*salescoach.User, *salescoach.Profile, error) {
	if err := checkDelta(d); err != nil {
		return nil, nil, err
	}
	if !validID(userID) {
		return nil, nil, notFound(salescoach.MsgNoUser)
	}
	var (
		u *salescoach.User
		p *salescoach.Profile
	)
	now := s.db.now()
	err := s.db.inTx(ctx, func(r runner) error {
		if err := addProgress(ctx, r, userID, d, now); err != nil {
			return err
		}
		var err error
		if u, err = userByID(ctx, r, userID); err != nil {
			return err
		}
		p, err = profileByUserID(ctx, r, userID)
		return err
	})
	if err != nil {
		return nil, nil, err
	}
	return u, p, nil
}

// checkDelta refuses negative deltas: counters only grow.
func checkDelta(d salescoach.ProgressDelta) error {
	if d.XP < 0 || d.MessagesSent < 0 || d.ObjectionsSolved < 0 || d.CompletedChats < 0 || d.Hints < 0 ||
		d.PerfectAnswers < 0 || d.FastAnswers < 0 || d.Feedback < 0 || d.Calls < 0 {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgNegativeProgress)
	}
	return nil
}

// addProgress adds d to the user's XP (setting the level) and counters.
func addProgress(ctx context.Context, r runner, userID string, d salescoach.ProgressDelta, now time.Time) error {
	xpSt, countersSt := progressStmts(userID, d, now)
	var xp, level int
	err := r.queryRow(ctx, xpSt.q, xpSt.args...).Scan(&xp, &level)
	if noRows(err) {
		return notFound(salescoach.MsgNoUser)
	}
	if err != nil {
		return dbError(err, xpSt.op)
	}
	if st, ok := levelStmt(userID, xp, level); ok {
		if _, err := r.execStmt(ctx, st); err != nil {
			return err
		}
	}
	if st, ok := xpDayStmt(userID, d.XP, now); ok {
		if _, err := r.execStmt(ctx, st); err != nil {
			return err
		}
	}
	_, err = r.execStmt(ctx, countersSt)
	return err
}

// xpDayStmt adds xp to the user's XP of now's UTC day (xp_days, the
// leaderboard's sums), in the transaction or batch that awards it; false
// when there is no XP to add.
func xpDayStmt(userID string, xp int, now time.Time) (stmt, bool) {
	return stmt{q: `INSERT INTO xp_days (user_id, day, xp) VALUES (?, ?, ?)
		ON CONFLICT (user_id, day) DO UPDATE SET xp = xp_days.xp + excluded.xp`,
		args: []any{userID, salescoach.Day(now), xp}, op: "add xp of the day"}, xp > 0
}

// progressStmts are addProgress's two statements: the XP (returning the
// new XP and the stored level) and the counters.
func progressStmts(userID string, d salescoach.ProgressDelta, now time.Time) (xp, counters stmt) {
	xp = stmt{q: `UPDATE users SET xp = xp + ?, updated_at = ? WHERE id = ? RETURNING xp, level`,
		args: []any{d.XP, now, userID}, op: "add xp"}
	counters = stmt{q: `UPDATE profiles SET
			messages_sent_count = messages_sent_count + ?,
			objections_solved_count = objections_solved_count + ?,
			completed_chats_count = completed_chats_count + ?,
			hints_count = hints_count + ?,
			perfect_answers_count = perfect_answers_count + ?,
			fast_answers_count = fast_answers_count + ?,
			feedback_count = feedback_count + ?,
			calls_count = calls_count + ?,
			updated_at = ?
		WHERE user_id = ?`,
		args: []any{d.MessagesSent, d.ObjectionsSolved, d.CompletedChats, d.Hints, d.PerfectAnswers,
			d.FastAnswers, d.Feedback, d.Calls, now, userID}, op: "add counters"}
	return xp, counters
}

// levelStmt writes the level of a user with xp when it differs from the
// stored level. The level changes with few of the updates (every chat turn
// makes one): it is written only then, which saves a round trip in the
// others.
func levelStmt(userID string, xp, level int) (stmt, bool) {
	l := salescoach.LevelFor(xp).Level
	return stmt{q: `UPDATE users SET level = ? WHERE id = ?`, args: []any{l, userID}, op: "set level"}, l != level
}
