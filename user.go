package salescoach

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"
)

// Terms versions. Version 2 is the one users accept today; version 1 users
// must accept again.
const (
	TermsVersionCurrent = 2
)

// Formality and language values of a user. The empty string is the
// Standard choice ('Standard (du)', 'Standard (de)'): the user has not chosen,
// and the engines use du and de.
const (
	FormalityStandard = ""
	FormalityDu       = "du"
	FormalitySie      = "sie"
	LanguageStandard  = ""
	LanguageDE        = "de"
	LanguageEN        = "en"
)

// Limits of the profile fields, in runes.
const (
	MaxDisplayNameRunes        = 80
	MaxRoleRunes               = 80
	MaxProductDescriptionRunes = 20_000
)

// User statuses.
const (
	UserStatusActive   = "active"
	UserStatusDisabled = "disabled"
)

// User is an account: a person with e-mail and password, an OAuth identity, or
// an anonymous guest who may later add e-mail and password.
type User struct {
	ID               string
	Email            string // "" for an anonymous guest
	EmailConfirmedAt *time.Time
	IsAnonymous      bool
	IsAdmin          bool
	Company          string

	DisplayName string
	// AvatarURL is a blob key ({userId}/{userId}.{ext}) of an uploaded
	// avatar, an http(s) URL of an outside picture, or "" for none.
	AvatarURL string
	// AvatarUpdatedAt is when AvatarURL was last set, for cache busting;
	// nil when it never was.
	AvatarUpdatedAt *time.Time
	Role            string // the user's role in their company (free text)
	Formality       string // FormalityStandard, FormalityDu or FormalitySie
	Language        string // LanguageStandard, LanguageDE or LanguageEN
	TonePresetID    *string
	Level           int
	XP              int
	Status          string // UserStatusActive or UserStatusDisabled

	TermsAcceptedAt *time.Time
	TermsVersion    int // 0 when never accepted
	TermsUserAgent  *string

	CreatedAt time.Time
	UpdatedAt time.Time
}

// NeedsTerms reports whether the user must accept the current terms before
// entering the app.
func (u *User) NeedsTerms() bool {
	return u.TermsAcceptedAt == nil || u.TermsVersion < TermsVersionCurrent
}

// Profile holds a user's product and the counters behind progress and
// challenges. There is exactly one per user, created with the user.
type Profile struct {
	UserID             string
	ProductDescription string
	HasSeenIntro       bool
	Streak             int
	LastActiveDay      string // YYYY-MM-DD (UTC) of the last streak update, "" if never
	Progress           int    // 0..100

	ObjectionsSolvedCount int
	MessagesSentCount     int
	FastAnswersCount      int
	FeedbackCount         int
	CallsCount            int
	HintsCount            int
	PerfectAnswersCount   int
	CompletedChatsCount   int

	// LeaderboardVisible is 'In der Bestenliste anzeigen': whether the
	// user shows up on their team's leaderboard (true unless switched off).
	LeaderboardVisible bool

	UpdatedAt time.Time
}

// NewUser is what CreateUser needs to create an account and its profile.
type NewUser struct {
	Email        string // "" for an anonymous guest
	PasswordHash string // "" for OAuth and anonymous users
	IsAnonymous  bool
	Company      string
	DisplayName  string
	// EmailConfirmed is true for OAuth users whose provider vouches for the
	// address.
	EmailConfirmed bool
	// TermsAccepted records acceptance of TermsVersionCurrent at sign-up,
	// with a consent-audit row.
	TermsAccepted  bool
	TermsUserAgent string
	IsAdmin        bool
	// Language is the account's language: LanguageStandard, LanguageDE or
	// LanguageEN (the interface language the person signed up in).
	Language string
}

// ProfileUpdate is a partial update of the user's settings and profile: a
// nil field is left as it is.
type ProfileUpdate struct {
	DisplayName *string // trimmed; at most MaxDisplayNameRunes
	Role        *string // trimmed; at most MaxRoleRunes
	Formality   *string // FormalityStandard, FormalityDu or FormalitySie
	Language    *string // LanguageStandard, LanguageDE or LanguageEN
	// TonePresetID names an existing tone preset; a pointer to "" chooses
	// Standard (neutral), which is stored as no preset.
	TonePresetID       *string
	ProductDescription *string // at most MaxProductDescriptionRunes
	HasSeenIntro       *bool
	LeaderboardVisible *bool
}

// UsersRowOnly reports whether upd changes only columns of the users row
// (display name, role, formality, language): such an update leaves the
// profile as it was, so a caller that read the profile with the session
// check need not read it again (UserService.UpdateUserColumns).
func (u ProfileUpdate) UsersRowOnly() bool {
	u.DisplayName, u.Role, u.Formality, u.Language = nil, nil, nil, nil
	return u == ProfileUpdate{}
}

// Normalize trims the display name and role and checks every field that is
// set. It returns the problems by JSON field name (display_name, role,
// formality, language, product_description), empty when the update is
// fine. Whether a tone preset exists is the store's to check.
func (p *ProfileUpdate) Normalize() Problems {
	problems := Problems{}
	if p.DisplayName != nil {
		v := strings.TrimSpace(*p.DisplayName)
		p.DisplayName = &v
		if utf8.RuneCountInString(v) > MaxDisplayNameRunes {
			problems["display_name"] = MsgDisplayNameTooLong.With("max", MaxDisplayNameRunes)
		}
	}
	if p.Role != nil {
		v := strings.TrimSpace(*p.Role)
		p.Role = &v
		if utf8.RuneCountInString(v) > MaxRoleRunes {
			problems["role"] = MsgRoleTooLong.With("max", MaxRoleRunes)
		}
	}
	if p.Formality != nil && *p.Formality != FormalityStandard && *p.Formality != FormalityDu && *p.Formality != FormalitySie {
		problems["formality"] = MsgBadFormality
	}
	if p.Language != nil && *p.Language != LanguageStandard && *p.Language != LanguageDE && *p.Language != LanguageEN {
		problems["language"] = MsgBadLanguage
	}
	if p.ProductDescription != nil && utf8.RuneCountInString(*p.ProductDescription) > MaxProductDescriptionRunes {
		problems["product_description"] = MsgDescriptionTooLong.With("max", MaxProductDescriptionRunes)
	}
	return problems
}

// UserService stores accounts and their profiles.
type UserService interface {
	// CreateUser creates a user and its profile in one transaction.
	// It returns ECONFLICT when the e-mail is taken (compared case-insensitively).
	CreateUser(ctx context.Context, nu NewUser) (*User, error)
	// UserByID returns ENOTFOUND when there is no such user.
	UserByID(ctx context.Context, id string) (*User, error)
	// UserByEmail returns ENOTFOUND when no user has that e-mail
	// (compared case-insensitively).
	UserByEmail(ctx context.Context, email string) (*User, error)
	// PasswordHash returns the stored hash, "" for users without a password,
	// and ENOTFOUND when there is no such user.
	PasswordHash(ctx context.Context, userID string) (string, error)
	// SetPassword replaces the password hash. ENOTFOUND when there is no such user.
	SetPassword(ctx context.Context, userID, hash string) error
	// ConfirmEmail marks the e-mail as confirmed at the given time (once;
	// a later call keeps the first time). ENOTFOUND when there is no such user.
	ConfirmEmail(ctx context.Context, userID string, at time.Time) error
	// UpgradeAnonymous gives an anonymous guest an e-mail and password; the
	// address stays unconfirmed. ECONFLICT when the e-mail is taken, EINVALID
	// when the user is not anonymous, ENOTFOUND when there is no such user.
	UpgradeAnonymous(ctx context.Context, userID, email, passwordHash string) (*User, error)
	// AcceptTerms records acceptance of the given terms version.
	// ENOTFOUND when there is no such user.
	AcceptTerms(ctx context.Context, userID string, version int, userAgent string, at time.Time) (*User, error)
	// SetAdmin sets or clears the admin flag of the user with that e-mail.
	// ENOTFOUND when there is no such user.
	SetAdmin(ctx context.Context, email string, admin bool) error
	// SetStatus sets UserStatusActive or UserStatusDisabled. ENOTFOUND when
	// there is no such user.
	SetStatus(ctx context.Context, userID, status string) error
	// CountUsers counts all accounts, guests included.
	CountUsers(ctx context.Context) (int, error)
	// ProfileByUserID returns ENOTFOUND when there is no such user.
	ProfileByUserID(ctx context.Context, userID string) (*Profile, error)
	// TouchStreak applies the daily-streak rule for the given UTC day: the
	// first call of a day adds one to the streak when the previous active day
	// was yesterday and restarts it at 1 otherwise; further calls that day
	// change nothing. It reports whether this call was the first of the day.
	// ENOTFOUND when there is no such user.
	TouchStreak(ctx context.Context, userID string, day time.Time) (p *Profile, first bool, err error)
	// UpdateProfile applies upd to the user and the profile in one
	// transaction and returns both as stored. It returns EINVALID (with
	// fields) when upd fails Normalize or names an unknown tone preset, and
	// ENOTFOUND when there is no such user.
	UpdateProfile(ctx context.Context, userID string, upd ProfileUpdate) (*User, *Profile, error)
	// UpdateUserColumns is UpdateProfile for an update that changes only
	// the users row (upd.UsersRowOnly): one statement, and only the user is
	// returned, the profile being unchanged. EINVALID (with fields) when
	// upd fails Normalize or is not UsersRowOnly, ENOTFOUND when there is
	// no such user.
	UpdateUserColumns(ctx context.Context, userID string, upd ProfileUpdate) (*User, error)
	// SetAvatar stores key ("" for none) as the user's avatar, set at the
	// given time, and returns the value it replaced. ENOTFOUND when there is
	// no such user.
	SetAvatar(ctx context.Context, userID, key string, at time.Time) (previous string, err error)
}
