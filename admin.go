package salescoach

import (
	"context"
	"strings"
	"time"
)

// Page is one page of a list: at most Limit rows after skipping Offset.
type Page struct {
	Limit  int
	Offset int
}

// Page sizes of the admin lists.
const (
	DefaultPageLimit = 50
	MaxPageLimit     = 100
)

// Normalize clamps p to 1..MaxPageLimit rows (DefaultPageLimit when unset)
// and a non-negative offset.
func (p Page) Normalize() Page {
	if p.Limit <= 0 {
		p.Limit = DefaultPageLimit
	}
	p.Limit = min(p.Limit, MaxPageLimit)
	p.Offset = max(p.Offset, 0)
	return p
}

// Day is a UTC calendar day as "YYYY-MM-DD", the unit of every daily
// figure of the back-office.
func Day(t time.Time) string { return t.UTC().Format(time.DateOnly) }

// DayCount is a count on one UTC day.
type DayCount struct {
	Day   string `json:"day"` // YYYY-MM-DD
	Count int    `json:"count"`
}

// AdminUser is a user as the back-office lists them.
type AdminUser struct {
	ID             string
	Email          string // "" for a guest
	DisplayName    string
	IsAnonymous    bool
	IsAdmin        bool
	EmailConfirmed bool
	Status         string // UserStatusActive or UserStatusDisabled
	Level          int
	XP             int
	// PlanID is the plan id of the user's newest subscription when that is
	// active, "" otherwise (the free plan); PlanIDs.Tier names it.
	PlanID string
	// SubscriptionStatus is PayPal's status of the newest subscription
	// (ACTIVE, SUSPENDED, CANCELLED, ...), "" without one.
	SubscriptionStatus string
	CreatedAt          time.Time
	// LastActiveAt is the latest creation or use of one of the user's
	// refresh tokens; nil when they never signed in.
	LastActiveAt *time.Time
	// TeamName and TeamRole are the user's team and role in it; "" without
	// one.
	TeamName, TeamRole string
}

// AdminTeam is a team as the back-office lists it.
type AdminTeam struct {
	ID, Name             string
	OwnerID, OwnerEmail  string
	Members              int
	Seats, SeatsAssigned int    // the team subscription's quantity, and the seats given out
	SubscriptionStatus   string // PayPal's status of the team subscription, "" without one
	CancelAtPeriodEnd    bool
	CreatedAt            time.Time
}

// Overview is the admin dashboard.
type Overview struct {
	Users          int
	ActiveSessions int // users with session activity in the last 15 minutes
	OpenFeedback   int // feedback not yet bearbeitet
	ChatsToday     int // conversations started since UTC midnight, deleted ones too
	ChatsMonth     int // … since the first of the UTC month
	// NewUsersPerDay has one entry per UTC day of the last 30 days, oldest
	// first, today last, days without sign-ups as 0.
	NewUsersPerDay []DayCount
	NewestUsers    []*AdminUser // the five newest accounts, newest first
}

// AdminConversation is a conversation as the back-office lists them.
type AdminConversation struct {
	ID           string
	UserID       string
	UserEmail    string
	Title        string
	Mode         string
	MessageCount int
	CreatedAt    time.Time
	CompletedAt  *time.Time
	DeletedAt    *time.Time
}

// ChallengeCompletions is how many users completed a challenge: reached a
// fixed challenge's target, or the first stage threshold of a staged one.
type ChallengeCompletions struct {
	Key         string
	Completions int
}

// UsageFilter selects token usage of the UTC days From..To (both
// inclusive, "YYYY-MM-DD") and one page of the per-user rows.
type UsageFilter struct {
	From, To string
	Page
}

// TokenTotals sums model tokens and speech usage.
type TokenTotals struct {
	TokensIn  int64
	TokensOut int64
	Calls     int // model calls recorded
	Users     int // distinct users
	// STTMillis is the length of the recordings transcribed; TTSChars the
	// characters spoken.
	STTMillis int64
	TTSChars  int64
}

// PlanTokens is the usage of the users of one plan (by their current plan).
type PlanTokens struct {
	PlanID string // "" for free
	TokenTotals
}

// UserTokens is one user's usage.
type UserTokens struct {
	UserID      string
	Email       string
	DisplayName string
	PlanID      string
	TokensIn    int64
	TokensOut   int64
	Calls       int
	STTMillis   int64
	TTSChars    int64
}

// UsageReport is the token management screen.
type UsageReport struct {
	Totals TokenTotals
	ByPlan []PlanTokens // every plan id with usage, most tokens first
	// Users is one page of the users with usage, most tokens (in + out)
	// first; UserCount counts them all.
	Users     []UserTokens
	UserCount int
}

// PageViewCount is the number of page views of one source and page kind.
type PageViewCount struct {
	Source string // one of PageViewSources
	Kind   string // one of PageKinds
	Views  int
}

// Page kinds: what a tracked path is, for the analytics.
const (
	PageLanding   = "landing"   // the landing page /
	PageImpressum = "impressum" // /impressum
	PageLogin     = "login"     // the app's sign-in and registration page
	PageChat      = "chat"      // the chat screen
	PageApp       = "app"       // any other app screen
	PageLegal     = "legal"     // the other legal pages
)

// PageKinds lists the page kinds.
var PageKinds = []string{PageLanding, PageImpressum, PageLogin, PageChat, PageApp, PageLegal}

// PageKind classifies a tracked path.
func PageKind(path string) string {
	path = strings.TrimSuffix(path, "/")
	switch {
	case path == "":
		return PageLanding
	case path == "/impressum":
		return PageImpressum
	case path == "/legal" || strings.HasPrefix(path, "/legal/"):
		return PageLegal
	case path == "/login" || strings.HasPrefix(path, "/login/"):
		return PageLogin
	case path == "/chat" || strings.HasPrefix(path, "/chat/") || strings.HasPrefix(path, "/call/"):
		return PageChat
	}
	return PageApp
}

// ComplianceStats are the compliance screen's counts.
type ComplianceStats struct {
	TermsV1      int // users whose accepted terms are version 1
	TermsV2      int // … version 2
	TermsOther   int // … another version
	WithoutTerms int // users who never accepted terms
	// The consent audit since the window start: all rows, by version, and
	// by type (terms accepted at sign-up or in the terms modal; waivers of
	// the right of withdrawal at a paid plan's start).
	AuditTotal  int
	AuditV1     int
	AuditV2     int
	AuditTerms  int
	AuditWaiver int
}

// AdminService answers the back-office's reads and its few writes that
// belong to no other service.
type AdminService interface {
	// Overview computes the admin dashboard as of now.
	Overview(ctx context.Context, now time.Time) (*Overview, error)
	// ListUsers lists accounts newest first. A non-empty query keeps those
	// whose e-mail or display name contains it (case-insensitively) or whose
	// id equals it.
	ListUsers(ctx context.Context, query string, p Page) (items []*AdminUser, total int, err error)
	// ListTeams lists teams newest first, with their owner, size and
	// seats. A non-empty query keeps those whose name or owner's e-mail
	// contains it (case-insensitively). EINVALID for a query too long.
	ListTeams(ctx context.Context, query string, p Page) (items []*AdminTeam, total int, err error)
	// AdminUserByID returns ENOTFOUND when there is no such user.
	AdminUserByID(ctx context.Context, id string) (*AdminUser, error)
	// SetUserAdmin sets or clears the admin flag. ENOTFOUND when there is no
	// such user.
	SetUserAdmin(ctx context.Context, userID string, admin bool) error
	// ListConversations lists conversations newest first, deleted ones too.
	// A non-empty query keeps those whose title or owner's e-mail contains
	// it (case-insensitively) or whose id equals it.
	ListConversations(ctx context.Context, query string, p Page) (items []*AdminConversation, total int, err error)
	// ChallengeCompletions counts completions of every challenge, most
	// first (ties by the challenges' order).
	ChallengeCompletions(ctx context.Context) ([]ChallengeCompletions, error)
	// UsageReport sums the recorded model tokens. EINVALID when From or To
	// is no date or From is after To.
	UsageReport(ctx context.Context, f UsageFilter) (*UsageReport, error)
	// PageViewCounts counts page views of the UTC days from..to (inclusive,
	// "YYYY-MM-DD") by source and page kind; pairs without views are left out.
	PageViewCounts(ctx context.Context, from, to string) ([]PageViewCount, error)
	// Compliance counts terms acceptance and the consent audit since the
	// given time.
	Compliance(ctx context.Context, auditSince time.Time) (*ComplianceStats, error)
	// OrphanedSubscriptions lists the newest limit subscriptions approved
	// for accounts that no longer exist, newest first.
	OrphanedSubscriptions(ctx context.Context, limit int) ([]*OrphanedSubscription, error)
}

// ChallengeUpdate is what admins edit on a challenge.
type ChallengeUpdate struct {
	Key           string
	Name          string // "icon – Title"
	Icon          string
	Description   string
	TitleEN       string // English title, "" when not translated
	DescriptionEN string
	Target        int // 0 makes it staged
}

// TonePresetInput is what admins give for a tone preset.
type TonePresetInput struct {
	Name        string
	NameEN      string // English name, "" when not translated
	Description string
}

// CatalogAdmin edits the catalogues.
type CatalogAdmin interface {
	// UpdateChallenges applies every update in one transaction. ENOTFOUND
	// for an unknown key (nothing is changed then).
	UpdateChallenges(ctx context.Context, updates []ChallengeUpdate) error
	// CreateTonePreset adds a preset at the end of the order. ECONFLICT when
	// the name is taken.
	CreateTonePreset(ctx context.Context, in TonePresetInput) (*TonePreset, error)
	// UpdateTonePreset renames a preset and replaces its description.
	// ENOTFOUND when there is none, ECONFLICT when the name is taken.
	UpdateTonePreset(ctx context.Context, id string, in TonePresetInput) (*TonePreset, error)
	// DeleteTonePreset removes a preset; users who had it fall back to the
	// neutral customer. ENOTFOUND when there is none.
	DeleteTonePreset(ctx context.Context, id string) error
	// TonePresetUsers counts the users of each preset by id.
	TonePresetUsers(ctx context.Context) (map[string]int, error)
}

// Promo plans: a promo code unlocks one of these tiers. The promo tier is
// Elite at a promotional price.
const PlanPromo = "promo"

// PromoPlans lists the plans a promo code may unlock.
var PromoPlans = []string{PlanPlus, PlanElite, PlanPromo}

// PromoCode unlocks a plan. Plan is one of PromoPlans.
type PromoCode struct {
	ID             string
	Code           string
	Plan           string
	Description    string
	Active         bool
	MaxRedemptions *int // nil: unlimited
	Redemptions    int
	ValidUntil     *time.Time
	CreatedAt      time.Time
	UpdatedAt      time.Time
}

// PromoCodeUpdate changes a promo code; nil fields stay. ClearMax and
// ClearValidUntil remove the limit or the expiry.
type PromoCodeUpdate struct {
	Description     *string
	Active          *bool
	MaxRedemptions  *int
	ClearMax        bool
	ValidUntil      *time.Time
	ClearValidUntil bool
}

// PromoService stores promo codes and their redemptions.
type PromoService interface {
	// CreatePromoCode stores a code. ECONFLICT when the code is taken
	// (case-insensitively).
	CreatePromoCode(ctx context.Context, c *PromoCode) error
	// PromoCodes lists all codes, newest first.
	PromoCodes(ctx context.Context) ([]*PromoCode, error)
	// UpdatePromoCode applies upd. ENOTFOUND when there is no such code,
	// EINVALID when a new limit is below the uses so far.
	UpdatePromoCode(ctx context.Context, id string, upd PromoCodeUpdate) (*PromoCode, error)
	// RedeemPromoCode uses the code (case-insensitively) for the user in
	// one transaction: ENOTFOUND (MsgPromoUnknown) when it does not exist,
	// is inactive or has expired at the given time, ELIMIT (MsgPromoUsedUp)
	// when its uses are exhausted, ECONFLICT (MsgPromoRedeemed) when the user
	// redeemed it before. Under any concurrency at most MaxRedemptions
	// redemptions succeed.
	RedeemPromoCode(ctx context.Context, code, userID string, at time.Time) (*PromoCode, error)
	// CheckPromoCode answers the code when the user could redeem it now,
	// with the errors of RedeemPromoCode, and changes nothing.
	CheckPromoCode(ctx context.Context, code, userID string, at time.Time) (*PromoCode, error)
}
