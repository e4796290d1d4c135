package sqlstore

import (
	"context"
	"slices"
	"time"

	"salescoach"
)

var _ salescoach.FeedbackService = (*FeedbackService)(nil)

// FeedbackService stores feedback from the feedback page.
type FeedbackService struct {
	db *DB
}

// NewFeedbackService returns a FeedbackService on db.
func NewFeedbackService(db *DB) *FeedbackService {
	return &FeedbackService{db: db}
}

const feedbackColumns = `id, user_id, email, name, subject, type, message, status, created_at, updated_at`

func scanFeedback(s rowScanner) (*salescoach.Feedback, error) {
	var (
		f      salescoach.Feedback
		userID *string
	)
	err := s.Scan(&f.ID, &userID, &f.Email, &f.Name, &f.Subject, &f.Type, &f.Message, &f.Status,
		scanTime(&f.CreatedAt), scanTime(&f.UpdatedAt))
	if err != nil {
		return nil, err
	}
	f.UserID = userID
	return &f, nil
}

// CreateFeedback stores f as FeedbackReceived, filling in f.ID, f.CreatedAt
// (now when zero), f.UpdatedAt and f.Status. With f.UserID set, the same
// transaction adds one to the user's feedback counter and
// salescoach.XPFeedback to their XP, setting the level (addProgress, as
// ProgressService.AddProgress does). It returns ENOTFOUND when f.UserID
// names no user and EINVALID when the type is unknown or the message empty
// (the table's CHECKs).
func (s *FeedbackService) CreateFeedback(ctx context.Context, f *salescoach.Feedback) error {
	if f.UserID != nil && !validID(*f.UserID) {
		return notFound(salescoach.MsgNoUser)
	}
	now := utc(s.db.now())
	if f.CreatedAt.IsZero() {
		f.CreatedAt = now
	}
	f.ID, f.CreatedAt, f.UpdatedAt, f.Status = newID(), utc(f.CreatedAt), now, salescoach.FeedbackReceived
	return s.db.inTx(ctx, func(r runner) error {
		if f.UserID != nil {
			// First, so that a missing user reads as such rather than as
			// the feedback row's foreign-key error.
			d := salescoach.ProgressDelta{XP: salescoach.XPFeedback, Feedback: 1}
			if err := addProgress(ctx, r, *f.UserID, d, now); err != nil {
				return err
			}
		}
		_, err := r.exec(ctx, `INSERT INTO feedback (`+feedbackColumns+`) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
			f.ID, f.UserID, f.Email, f.Name, f.Subject, f.Type, f.Message, f.Status, f.CreatedAt, f.UpdatedAt)
		return dbError(err, "insert feedback")
	})
}

// UserFeedback lists the user's feedback newest first, at most limit rows
// (capped at salescoach.MaxPageLimit; none for limit <= 0 or an id that is
// no UUID). It returns only driver errors.
func (s *FeedbackService) UserFeedback(ctx context.Context, userID string, limit int) ([]*salescoach.Feedback, error) {
	if limit <= 0 || !validID(userID) {
		return nil, nil
	}
	return s.list(ctx, `SELECT `+feedbackColumns+` FROM feedback WHERE user_id = ?
		ORDER BY created_at DESC, id DESC LIMIT ?`, userID, min(limit, salescoach.MaxPageLimit))
}

// ListFeedback lists all feedback newest first, one page of it (normalised
// with Page.Normalize), with the number of all rows. It returns only driver
// errors.
func (s *FeedbackService) ListFeedback(ctx context.Context, p salescoach.Page) ([]*salescoach.Feedback, int, error) {
	p = p.Normalize()
	var total int
	if err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM feedback`).Scan(&total); err != nil {
		return nil, 0, dbError(err, "count feedback")
	}
	items, err := s.list(ctx, `SELECT `+feedbackColumns+` FROM feedback
		ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`, p.Limit, p.Offset)
	if err != nil {
		return nil, 0, err
	}
	return items, total, nil
}

func (s *FeedbackService) list(ctx context.Context, q string, args ...any) ([]*salescoach.Feedback, error) {
	rows, err := s.db.r().queryRows(ctx, q, args...)
	if err != nil {
		return nil, dbError(err, "list feedback")
	}
	defer rows.Close()
	var out []*salescoach.Feedback
	for rows.Next() {
		f, err := scanFeedback(rows)
		if err != nil {
			return nil, dbError(err, "list feedback")
		}
		out = append(out, f)
	}
	return out, dbError(rows.Err(), "list feedback")
}

// SetFeedbackStatus sets the status (updated at the given time) and returns
// the row as stored. It returns EINVALID for a status outside
// salescoach.FeedbackStatuses and ENOTFOUND when there is no such feedback.
func (s *FeedbackService) SetFeedbackStatus(ctx context.Context, id, status string, at time.Time) (*salescoach.Feedback, error) {
	if !slices.Contains(salescoach.FeedbackStatuses, status) {
		return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgUnknownStatus)
	}
	if !validID(id) {
		return nil, notFound(salescoach.MsgFeedbackNotFound)
	}
	f, err := scanFeedback(s.db.r().queryRow(ctx, `UPDATE feedback SET status = ?, updated_at = ? WHERE id = ?
		RETURNING `+feedbackColumns, status, at, id))
	if noRows(err) {
		return nil, notFound(salescoach.MsgFeedbackNotFound)
	}
	if err != nil {
		return nil, dbError(err, "set feedback status")
	}
	return f, nil
}
