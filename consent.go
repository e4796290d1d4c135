package salescoach

import (
	"context"
	"crypto/rand"
	"math/big"
	"time"
)

// Consent types of the consent audit.
const (
	// ConsentTerms: the terms of use accepted and the privacy policy
	// acknowledged (sign-up, the terms modal, POST /api/consent).
	ConsentTerms = "terms"
	// ConsentWithdrawalWaiver: the buyer expressly asked that a paid plan's
	// service begin before the withdrawal period ends, knowing that they
	// thereby lose the right of withdrawal. Recorded by the server when a
	// paid plan starts (PayPal confirmation, plan change), never at a free
	// sign-up (issue 25 point 15).
	ConsentWithdrawalWaiver = "withdrawal_waiver"
)

// ConsentRecord is one entry of the consent audit: a user (or anonymous
// visitor) accepted a version of the terms, or waived the right of
// withdrawal for a paid plan under that version.
type ConsentRecord struct {
	ID           string
	UserID       *string
	ConsentType  string // ConsentTerms or ConsentWithdrawalWaiver
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

// Referral codes: ReferralCodeLength characters of ReferralCodeAlphabet,
// which leaves out characters that are easily confused (0/O, 1/I/L).
const (
	ReferralCodeAlphabet = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
	ReferralCodeLength   = 8
)

// NewReferralCode returns a random referral code. It panics only when the
// system's random source fails, which crypto/rand treats as fatal too.
func NewReferralCode() string {
	b := make([]byte, ReferralCodeLength)
	for i := range b {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(ReferralCodeAlphabet))))
		if err != nil {
			panic(err)
		}
		b[i] = ReferralCodeAlphabet[n.Int64()]
	}
	return string(b)
}

// ReferralSignup is one user who signed up with a referrer's code.
type ReferralSignup struct {
	ReferredUserID string
	CreatedAt      time.Time
	DisplayName    string
	// Email is the invitee's address (empty for a guest); the referrer
	// sees only its initial.
	Email           string
	AvatarURL       string // as stored on the invitee (a blob key or an http URL)
	AvatarUpdatedAt *time.Time
}

// ReferralService stores referral codes and the sign-ups they brought.
type ReferralService interface {
	// ReferralCode returns the user's code, creating a new random one on the
	// first call; concurrent first calls all return the same code.
	// ENOTFOUND when there is no such user.
	ReferralCode(ctx context.Context, userID string) (string, error)
	// ExistingReferralCode returns the user's code without creating one:
	// "" when they have none yet.
	ExistingReferralCode(ctx context.Context, userID string) (string, error)
	// Referrals lists the sign-ups the user referred, newest first.
	Referrals(ctx context.Context, referrerID string) ([]*ReferralSignup, error)
	// ReferrerByCode returns the user id owning the code, ENOTFOUND if none.
	ReferrerByCode(ctx context.Context, code string) (string, error)
	// RecordReferralSignup links a new user to the referrer; a user is
	// referred at most once (a second call is a no-op) and never by themself.
	RecordReferralSignup(ctx context.Context, referrerID, referredID string, at time.Time) error
}
