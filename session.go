package salescoach

import (
	"context"
	"time"
)

// RefreshRetryGrace is how long a rotated refresh token may be presented
// again and still get the successor it was rotated to (when the caller asks
// for that same successor): a refresh whose answer was lost, or several
// sent at once, must not end the session. After it, presenting the used
// token is reuse.
const RefreshRetryGrace = 20 * time.Second

// RefreshToken is one link of a refresh-token family. Only the SHA-256 hash
// of the opaque token is stored. Every use rotates the token: the used one
// is marked used and a new one of the same family is issued; presenting a used
// token again revokes the whole family (reuse detection).
type RefreshToken struct {
	ID        string
	UserID    string
	FamilyID  string
	TokenHash string
	Remember  bool // the cookie persists beyond the browser session
	CreatedAt time.Time
	ExpiresAt time.Time
	UsedAt    *time.Time
	RevokedAt *time.Time
	UserAgent string
	IP        string
}

// SessionService stores refresh tokens.
type SessionService interface {
	// CreateRefreshToken stores a new token (a new family when FamilyID is "").
	CreateRefreshToken(ctx context.Context, t *RefreshToken) error
	// RotateRefreshToken atomically marks the token with oldHash used and
	// stores next in the same family; next's UserID, FamilyID and Remember are
	// copied from the old token (the caller cannot know them). It returns
	//   - EUNAUTHORIZED when no token has that hash, or it is expired or revoked;
	//   - EUNAUTHORIZED with MsgSessionReused after revoking the whole family,
	//     when the token was used before (reuse detection); then it also
	//     returns the reused token, so the caller knows whose session ended.
	// A token used at most RefreshRetryGrace ago is not reuse when next's
	// TokenHash is that of the successor it was rotated to and that successor
	// is still unused: the rotation succeeds again and next becomes that
	// successor. So N concurrent rotations of one token that ask for the same
	// successor all succeed; with different successors exactly one does.
	// On success it returns the old token (for its user, family and Remember).
	RotateRefreshToken(ctx context.Context, oldHash string, next *RefreshToken, now time.Time) (*RefreshToken, error)
	// RevokeFamilyByHash revokes the family of the token with that hash; no
	// error when there is none.
	RevokeFamilyByHash(ctx context.Context, hash string, now time.Time) error
	// RevokeUserTokens revokes every family of the user except the one named
	// (pass "" to revoke all).
	RevokeUserTokens(ctx context.Context, userID, exceptFamilyID string, now time.Time) error
	// SessionUser returns the user with that id and whether their session
	// familyID is still live: the family belongs to the user and was not
	// revoked (sign-out, password reset, reuse detection, disabling). It is
	// one query, because every authenticated request needs both. It returns
	// ENOTFOUND when there is no such user.
	SessionUser(ctx context.Context, userID, familyID string) (*User, bool, error)
	// SessionUserProfile is SessionUser that also returns the user's
	// profile, still in one query (GET /api/me needs all three). It returns
	// ENOTFOUND when there is no such user.
	SessionUserProfile(ctx context.Context, userID, familyID string) (*User, *Profile, bool, error)
	// SessionAddresses returns the client addresses from which sessions of
	// the user with that e-mail (compared case-insensitively) were started
	// or refreshed since the given time, at most 100; none for an unknown
	// e-mail. Sign-in asks it only while an account is under attack.
	SessionAddresses(ctx context.Context, email string, since time.Time) ([]string, error)
	// CountActiveSessions counts users with a refresh token used or created
	// since the given time and not revoked.
	CountActiveSessions(ctx context.Context, since time.Time) (int, error)
}

// One-time token purposes.
const (
	TokenConfirmEmail  = "confirm_email"
	TokenResetPassword = "reset_password"
	TokenInvite        = "invite"
)

// OneTimeToken is a mail token (confirmation, reset, invitation). Only its
// SHA-256 hash is stored; it can be consumed once before it expires.
type OneTimeToken struct {
	TokenHash string
	Purpose   string
	UserID    string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// OAuthState is the server-side half of one OAuth/OIDC sign-in attempt.
type OAuthState struct {
	StateHash    string // SHA-256 of the state parameter
	Provider     string // "google" or "apple"
	Nonce        string
	CodeVerifier string // PKCE verifier
	BindingHash  string // SHA-256 of the browser-binding cookie value
	Remember     bool
	Ref          string // referral code to honour when this creates an account
	// Language is the interface language (LanguageDE or LanguageEN) of the
	// page that started the sign-in, "" when it sent none; an account the
	// sign-in creates takes it as its language.
	Language string
	// Intent is OAuthIntentSignIn ("" counts as it) or OAuthIntentReauth.
	Intent string
	// UserID and FamilyID name, for a re-authentication, the signed-in
	// user and their session (refresh-token family) that started it.
	UserID    string
	FamilyID  string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// What an OAuth attempt is for.
const (
	// OAuthIntentSignIn signs in (or signs up) whoever the provider names.
	OAuthIntentSignIn = "signin"
	// OAuthIntentReauth confirms that the signed-in user is at the
	// keyboard, before deleting their account; it signs no one in.
	OAuthIntentReauth = "reauth"
)

// ReauthProofTTL is how long a passed Google/Apple re-authentication
// stands in for the password of an account deletion.
const ReauthProofTTL = 5 * time.Minute

// ReauthProof records that the user's session FamilyID passed a fresh
// Google/Apple sign-in of an identity linked to the user. It is used once.
type ReauthProof struct {
	FamilyID  string
	UserID    string
	Provider  string
	CreatedAt time.Time
	ExpiresAt time.Time
}

// TokenService stores one-time mail tokens and OAuth states.
type TokenService interface {
	// CreateOneTimeToken stores a token.
	CreateOneTimeToken(ctx context.Context, t *OneTimeToken) error
	// ConsumeOneTimeToken atomically deletes (marks used) the token with that
	// hash and purpose and returns it. ENOTFOUND when there is none, it was
	// used, or it expired. Of N concurrent consumptions exactly one succeeds.
	ConsumeOneTimeToken(ctx context.Context, hash, purpose string, now time.Time) (*OneTimeToken, error)
	// CreateOAuthState stores a state.
	CreateOAuthState(ctx context.Context, s *OAuthState) error
	// ConsumeOAuthState atomically removes and returns the state. ENOTFOUND
	// when there is none, it was used, or it expired.
	ConsumeOAuthState(ctx context.Context, stateHash string, now time.Time) (*OAuthState, error)

	// SaveReauthProof stores a proof, replacing an earlier one of the same
	// session. It returns ENOTFOUND when the user does not exist.
	SaveReauthProof(ctx context.Context, p *ReauthProof) error
	// ReauthProof returns the live (unexpired) proof of the user's session
	// familyID; ENOTFOUND when there is none.
	ReauthProof(ctx context.Context, userID, familyID string, now time.Time) (*ReauthProof, error)
	// ConsumeReauthProof deletes the live proof of the user's session
	// familyID and returns it. It returns ENOTFOUND when there is none (none
	// made, used, expired, or of another session or user): of N concurrent
	// consumptions exactly one succeeds.
	ConsumeReauthProof(ctx context.Context, userID, familyID string, now time.Time) (*ReauthProof, error)
}

// Identity links a user to an external sign-in (Google or Apple).
type Identity struct {
	ID        string
	UserID    string
	Provider  string
	Subject   string // the provider's stable user id ("sub")
	Email     string
	CreatedAt time.Time
}

// IdentityService stores external identities.
type IdentityService interface {
	// IdentityBySubject returns ENOTFOUND when none matches.
	IdentityBySubject(ctx context.Context, provider, subject string) (*Identity, error)
	// CreateIdentity returns ECONFLICT when provider and subject are linked already.
	CreateIdentity(ctx context.Context, id *Identity) error
	// IdentitiesByUser lists a user's identities, oldest first.
	IdentitiesByUser(ctx context.Context, userID string) ([]*Identity, error)
}
