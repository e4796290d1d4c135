package salescoach

import (
	"context"
	"time"
)

// Two-factor sign-in with an authenticator app (TOTP, RFC 6238).
const (
	// RecoveryCodeCount is how many one-time recovery codes a user gets
	// when turning two-factor sign-in on or renewing the codes.
	RecoveryCodeCount = 10
	// TOTPChallengeAttempts is how many codes one sign-in challenge
	// accepts before it is dead and the user must sign in again.
	TOTPChallengeAttempts = 5
	// TOTPChallengeTTL is how long a sign-in challenge waits for its code.
	TOTPChallengeTTL = 5 * time.Minute
)

// Messages of two-factor sign-in.
var (
	MsgTOTPCodeMissing      = newMsg("totp_code_missing", "Bitte gib den Code aus deiner Authenticator-App ein.")
	MsgTOTPCodeInvalid      = newMsg("totp_code_invalid", "Der Code ist ungültig oder abgelaufen.")
	MsgTOTPChallengeInvalid = newMsg("totp_challenge_invalid", "Die Anmeldung ist abgelaufen. Bitte melde dich erneut an.")
	MsgTOTPAlreadyOn        = newMsg("totp_already_enabled", "Die Zwei-Faktor-Anmeldung ist bereits eingerichtet.")
	MsgTOTPNotOn            = newMsg("totp_not_enabled", "Die Zwei-Faktor-Anmeldung ist nicht eingerichtet.")
	MsgTOTPNotPending       = newMsg("totp_not_pending", "Bitte starte die Einrichtung erneut.")
	MsgTOTPGuest            = newMsg("totp_guest", "Gäste können die Zwei-Faktor-Anmeldung nicht einrichten.")
	MsgTOTPReauthMissing    = newMsg("totp_reauth_missing", "Bitte gib dein Passwort oder einen Code ein.")
	MsgTOTPPasswordWrong    = newMsg("totp_password_wrong", "Das Passwort ist falsch.")
	// MsgTOTPSetupRequired refuses the admin API to an admin without
	// two-factor sign-in while the installation requires it.
	MsgTOTPSetupRequired = newMsg("totp_setup_required", "Für den Admin-Bereich ist die Zwei-Faktor-Anmeldung vorgeschrieben. Bitte richte sie ein.")
	// MsgTOTPSessionRequired refuses the admin API to a session that did
	// not pass the code step.
	MsgTOTPSessionRequired = newMsg("totp_session_required", "Bitte melde dich erneut an und bestätige die Anmeldung mit deinem Code.")
)

// TOTPFactor is a user's authenticator app. The secret is stored only
// encrypted (SecretSealed, see auth.TOTP); while ConfirmedAt is nil the
// enrolment is pending and sign-in does not ask for a code.
type TOTPFactor struct {
	UserID       string
	SecretSealed string
	ConfirmedAt  *time.Time
	// LastStep is the newest time step (Unix time / 30 s) whose code was
	// accepted; a code of this step or an older one is refused, so each
	// code works once.
	LastStep  int64
	CreatedAt time.Time
}

// Enabled reports whether sign-in asks for a code.
func (f *TOTPFactor) Enabled() bool { return f != nil && f.ConfirmedAt != nil }

// TOTPChallenge is a password (or Google/Apple) sign-in of a user with
// two-factor sign-in that waits for its code. Only the SHA-256 hash of the
// opaque challenge token is stored.
type TOTPChallenge struct {
	TokenHash string
	UserID    string
	Remember  bool // the session that follows keeps its cookie
	Attempts  int  // codes tried so far, the one being checked included
	CreatedAt time.Time
	ExpiresAt time.Time
}

// TwoFactorService stores authenticator apps, recovery codes, sign-in
// challenges and which sessions passed the code step. Recovery codes are
// stored only as keyed hashes.
type TwoFactorService interface {
	// TOTPFactor returns the user's factor, pending or confirmed; ENOTFOUND
	// when there is none.
	TOTPFactor(ctx context.Context, userID string) (*TOTPFactor, error)
	// StartTOTP stores a pending factor with the sealed secret, replacing a
	// pending one. It returns ECONFLICT with MsgTOTPAlreadyOn when the user
	// has a confirmed factor and ENOTFOUND when the user does not exist.
	StartTOTP(ctx context.Context, userID, sealed string, now time.Time) error
	// ConfirmTOTP turns the pending factor on, records step as its last used
	// step and replaces the recovery codes with codeHashes, in one
	// transaction. It returns ECONFLICT with MsgTOTPNotPending when there is
	// no pending factor (none, confirmed already, or by a concurrent call).
	ConfirmTOTP(ctx context.Context, userID string, step int64, codeHashes []string, now time.Time) error
	// UseTOTPStep records step as used when it is newer than the last used
	// one, in one guarded statement. It returns EUNAUTHORIZED with
	// MsgTOTPCodeInvalid when the step (or a newer one) was used already or
	// the factor is not confirmed: of N concurrent uses of one step exactly
	// one succeeds.
	UseTOTPStep(ctx context.Context, userID string, step int64) error
	// UseRecoveryCode deletes the user's recovery code with that hash. It
	// returns EUNAUTHORIZED with MsgTOTPCodeInvalid when there is none: of
	// N concurrent uses of one code exactly one succeeds.
	UseRecoveryCode(ctx context.Context, userID, codeHash string) error
	// ReplaceRecoveryCodes replaces the user's recovery codes. It returns
	// ECONFLICT with MsgTOTPNotOn when the user has no confirmed factor.
	ReplaceRecoveryCodes(ctx context.Context, userID string, codeHashes []string, now time.Time) error
	// RecoveryCodesLeft counts the user's unused recovery codes.
	RecoveryCodesLeft(ctx context.Context, userID string) (int, error)
	// DeleteTOTP removes the user's factor, recovery codes and open
	// challenges; no error when there are none.
	DeleteTOTP(ctx context.Context, userID string) error

	// CreateTOTPChallenge stores a challenge and drops the user's expired
	// ones. It returns ENOTFOUND when the user does not exist.
	CreateTOTPChallenge(ctx context.Context, c *TOTPChallenge) error
	// AttemptTOTPChallenge counts one code attempt on the live challenge
	// with that hash and returns it; the counting is one guarded statement,
	// so at most maxAttempts attempts ever get through. It returns
	// EUNAUTHORIZED with MsgTOTPChallengeInvalid when there is no such
	// challenge, it expired, was used, or has no attempts left.
	AttemptTOTPChallenge(ctx context.Context, tokenHash string, maxAttempts int, now time.Time) (*TOTPChallenge, error)
	// ConsumeTOTPChallenge deletes the challenge. It returns EUNAUTHORIZED
	// with MsgTOTPChallengeInvalid when it is gone already: of N concurrent
	// consumptions exactly one succeeds.
	ConsumeTOTPChallenge(ctx context.Context, tokenHash string) error

	// MarkSessionTwoFactor records that the session familyID of the user
	// passed the code step (or set up the factor); no error when it is
	// recorded already.
	MarkSessionTwoFactor(ctx context.Context, userID, familyID string, now time.Time) error
	// SessionTwoFactor reports whether the user's session familyID passed
	// the code step.
	SessionTwoFactor(ctx context.Context, userID, familyID string) (bool, error)
}
