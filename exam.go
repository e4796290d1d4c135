package salescoach

import (
	"context"
	"time"
)

// The pass mark of exams: the evaluation total (percent) an exam needs to be
// passed. Admins set it in the back-office.
const (
	DefaultExamPassMark = 70
	MinExamPassMark     = 1
	MaxExamPassMark     = 100
)

// ExamVerdict is an exam's result, computed when its evaluation is made and
// stored with it, so that a later change of the pass mark leaves earlier
// verdicts as they were.
type ExamVerdict struct {
	// Passed is true when the evaluation's total reached PassMark.
	Passed bool `json:"passed"`
	// PassMark is the pass mark (percent) in force at evaluation time.
	PassMark int `json:"passMark"`
	// PreviousPercent is the total of the user's previous evaluated exam
	// (started before this one, not deleted), nil for a first exam.
	PreviousPercent *int `json:"previousPercent"`
}

// NewExamVerdict judges an evaluation total against a pass mark.
func NewExamVerdict(totalPercent, passMark int, previous *int) *ExamVerdict {
	return &ExamVerdict{Passed: ClampPercent(totalPercent) >= passMark, PassMark: passMark, PreviousPercent: previous}
}

// ValidExamPassMark reports whether p is a pass mark admins may set.
func ValidExamPassMark(p int) bool { return p >= MinExamPassMark && p <= MaxExamPassMark }

// SettingsService keeps the installation-wide settings the back-office edits.
type SettingsService interface {
	// ExamPassMark returns the pass mark of exams, DefaultExamPassMark when
	// no admin has set one. It returns only driver errors.
	ExamPassMark(ctx context.Context) (int, error)
	// SetExamPassMark stores the pass mark of exams. EINVALID (field
	// examPassMark) outside MinExamPassMark..MaxExamPassMark.
	SetExamPassMark(ctx context.Context, percent int, now time.Time) error
}
