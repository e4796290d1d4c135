package salescoach

import (
	"context"
	"time"
)

// ConsentRecord is one entry of the consent audit: a user (or anonymous
// visitor) accepted a version of the terms.
type ConsentRecord struct {
	ID           string
	UserID       *string
	ConsentType  string // "terms"
	TermsVersion int
	UserAgent    string
	CreatedAt    time.Time
}

// ConsentService stores the consent audit.
type ConsentService interface {
	// RecordConsent appends a record.
	RecordConsent(ctx context.Context, c *ConsentRecord) error
}

// Page-view sources of the tracking call.
var PageViewSources = []string{"google", "ai-tool", "instagram", "youtube", "tiktok", "linkedin", "direct", "other"}

// PageView is one tracked route change.
type PageView struct {
	ID        string
	Path      string
	Source    string
	UserID    *string
	CreatedAt time.Time
}

// PageViewService stores page views.
type PageViewService interface {
	// RecordPageView appends a page view.
	RecordPageView(ctx context.Context, v *PageView) error
}

// ReferralService stores referral codes and the sign-ups they brought.
type ReferralService interface {
	// ReferrerByCode returns the user id owning the code, ENOTFOUND if none.
	ReferrerByCode(ctx context.Context, code string) (string, error)
	// RecordReferralSignup links a new user to the referrer; a user is
	// referred at most once (a second call is a no-op) and never by themself.
	RecordReferralSignup(ctx context.Context, referrerID, referredID string, at time.Time) error
}
