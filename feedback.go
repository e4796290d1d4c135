package salescoach

import (
	"context"
	"time"
)

// Feedback types and statuses (spec 02 §3). A new submission is erhalten;
// admins may set any status, in any order.
const (
	FeedbackGeneral = "general"
	FeedbackBug     = "bug"
	FeedbackFeature = "feature"

	FeedbackReceived   = "erhalten"
	FeedbackInProgress = "in_bearbeitung"
	FeedbackDone       = "bearbeitet"
)

// FeedbackTypes and FeedbackStatuses list the allowed values in display order.
var (
	FeedbackTypes    = []string{FeedbackGeneral, FeedbackBug, FeedbackFeature}
	FeedbackStatuses = []string{FeedbackReceived, FeedbackInProgress, FeedbackDone}
)

// Limits of a feedback submission, in characters.
const (
	MaxFeedbackSubjectRunes = 200
	MaxFeedbackMessageRunes = 5000
	MaxFeedbackNameRunes    = 100
)

// Feedback is one submission from the feedback page. UserID is nil for a
// signed-out visitor (who gives Email) and after the account is deleted.
type Feedback struct {
	ID        string
	UserID    *string
	Email     string // where to reply: the sender's address
	Name      string
	Subject   string
	Type      string // FeedbackGeneral, FeedbackBug or FeedbackFeature
	Message   string
	Status    string // FeedbackReceived, FeedbackInProgress or FeedbackDone
	CreatedAt time.Time
	UpdatedAt time.Time
}

// FeedbackService stores feedback.
type FeedbackService interface {
	// CreateFeedback stores f as FeedbackReceived, filling in ID, CreatedAt
	// (when zero) and UpdatedAt. When f.UserID is set, the same transaction
	// adds one to the user's feedback counter and XPFeedback to their XP
	// (level recomputed), and ENOTFOUND means there is no such user.
	CreateFeedback(ctx context.Context, f *Feedback) error
	// UserFeedback lists the user's own feedback, newest first, at most limit.
	UserFeedback(ctx context.Context, userID string, limit int) ([]*Feedback, error)
	// ListFeedback lists all feedback newest first, one page of it, with the
	// number of all rows.
	ListFeedback(ctx context.Context, p Page) (items []*Feedback, total int, err error)
	// SetFeedbackStatus sets the status and returns the row as stored.
	// EINVALID for a status outside FeedbackStatuses, ENOTFOUND when there
	// is no such feedback.
	SetFeedbackStatus(ctx context.Context, id, status string, at time.Time) (*Feedback, error)
}
