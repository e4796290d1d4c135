package httpapi

// Two-factor sign-in with an authenticator app (issue 17): setting it up in
// the profile, the code step after a password or Google/Apple sign-in, and
// the check that makes it mandatory for the admin API when the installation
// says so (ADMIN_TOTP_REQUIRED). See docs/decisions.md, 2026-11-24.

import (
	"context"
	"net/http"
	"time"

	"salescoach"
	"salescoach/auth"
)

// The code step after a Google/Apple sign-in: the challenge travels in a
// cookie only the code endpoint receives, not in the redirect's URL.
const (
	totpCookie     = "sc_totp"
	totpCookiePath = "/api/auth/totp"
	oauthTOTP      = "/app/login?totp=1"
)

// totpLimits are the abuse brakes of two-factor sign-in, beside the five
// attempts a challenge allows (in the database, so they hold across
// processes).
type totpLimits struct {
	// fail counts wrong codes (sign-in, set-up, re-authentication) per
	// user: ten per 15 minutes, then codes are refused for the rest of the
	// window, whatever the challenge.
	fail *limiter
	// start bounds how often one user starts a set-up: 20 an hour.
	start *limiter
}

func (s *Server) newTOTPLimits() totpLimits {
	return totpLimits{fail: s.newLimiter("totp-fail", 10, 15*time.Minute), start: s.newLimiter("totp-start", 20, time.Hour)}
}

var (
	errTOTPCode      = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgTOTPCodeInvalid)
	errTOTPChallenge = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgTOTPChallengeInvalid)
)

// totpChallengeResponse answers a correct password (or a Google/Apple
// sign-in) of a user with two-factor sign-in: no session yet, a challenge
// to send back with the code.
type totpChallengeResponse struct {
	TOTPRequired bool   `json:"totp_required"`
	Challenge    string `json:"challenge"`
	ExpiresIn    int    `json:"expires_in"`
}

// totpChallengeFor returns a new challenge token when u has two-factor
// sign-in on, and "" when the sign-in may go straight to a session.
func (s *Server) totpChallengeFor(ctx context.Context, u *salescoach.User, remember bool) (string, error) {
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND || (err == nil && !f.Enabled()) {
		return "", nil
	} else if err != nil {
		return "", err
	}
	raw, now := auth.NewOpaqueToken(), s.now()
	if err := s.TwoFactor.CreateTOTPChallenge(ctx, &salescoach.TOTPChallenge{TokenHash: auth.HashToken(raw),
		UserID: u.ID, Remember: remember, CreatedAt: now, ExpiresAt: now.Add(salescoach.TOTPChallengeTTL)}); err != nil {
		return "", err
	}
	return raw, nil
}

// writeTOTPChallenge answers a sign-in with its challenge.
func writeTOTPChallenge(w http.ResponseWriter, challenge string) {
	writeJSON(w, http.StatusOK, totpChallengeResponse{TOTPRequired: true, Challenge: challenge,
		ExpiresIn: int(salescoach.TOTPChallengeTTL / time.Second)})
}

// setTOTPCookie hands a Google/Apple sign-in's challenge to the app's code
// step.
func (s *Server) setTOTPCookie(w http.ResponseWriter, challenge string) {
	http.SetCookie(w, &http.Cookie{Name: totpCookie, Value: challenge, Path: totpCookiePath,
		MaxAge: int(salescoach.TOTPChallengeTTL / time.Second), HttpOnly: true, Secure: s.cfg.CookieSecure,
		SameSite: http.SameSiteLaxMode})
}

type totpSignInRequest struct {
	// Challenge is the sign-in's challenge; empty after a Google/Apple
	// sign-in, whose challenge is in the sc_totp cookie.
	Challenge string `json:"challenge"`
	// Code is the app's six digits or a recovery code.
	Code string `json:"code"`
}

func (q *totpSignInRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if len(q.Challenge) > 256 {
		p["challenge"] = salescoach.MsgTOTPChallengeInvalid
	}
	codeProblem(p, "code", q.Code)
	return p
}

// codeProblem checks the shape of a code field: present, and no longer than
// a recovery code written with spaces.
func codeProblem(p salescoach.Problems, field, code string) {
	if code == "" {
		p[field] = salescoach.MsgTOTPCodeMissing
	} else if len(code) > 32 {
		p[field] = salescoach.MsgTOTPCodeInvalid
	}
}

// handleTOTPSignIn is the code step: the challenge counts one attempt, the
// code (or a recovery code) must be right and unused, and then the
// challenge is consumed and the session starts, recorded as having passed
// the second factor.
func (s *Server) handleTOTPSignIn(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.loginIP, addressKey(s.ip.of(r))); err != nil {
		return err
	}
	req, err := decode[*totpSignInRequest](w, r, 0)
	if err != nil {
		return err
	}
	if req.Challenge == "" {
		if c, err := r.Cookie(totpCookie); err == nil && len(c.Value) <= 256 {
			req.Challenge = c.Value
		}
	}
	if req.Challenge == "" {
		return errTOTPChallenge
	}
	ctx, hash := r.Context(), auth.HashToken(req.Challenge)
	ch, err := s.TwoFactor.AttemptTOTPChallenge(ctx, hash, salescoach.TOTPChallengeAttempts, s.now())
	if err != nil {
		return err
	}
	u, err := s.Users.UserByID(ctx, ch.UserID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		return errTOTPChallenge
	} else if err != nil {
		return err
	}
	if u.Status == salescoach.UserStatusDisabled {
		return errDisabled
	}
	if err := s.checkSecondFactor(ctx, u.ID, req.Code); err != nil {
		if err == errTOTPCode && ch.Attempts >= salescoach.TOTPChallengeAttempts {
			// That was the last attempt: back to the password.
			_ = s.TwoFactor.ConsumeTOTPChallenge(ctx, hash)
			s.clearCookie(w, totpCookie, totpCookiePath)
			return errTOTPChallenge
		}
		return err
	}
	if err := s.TwoFactor.ConsumeTOTPChallenge(ctx, hash); err != nil {
		return err
	}
	s.clearCookie(w, totpCookie, totpCookiePath)
	sess, family, err := s.newSession(w, r, u, ch.Remember)
	if err != nil {
		return err
	}
	if err := s.TwoFactor.MarkSessionTwoFactor(ctx, u.ID, family, s.now()); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sess)
	return nil
}

// checkSecondFactor accepts the user's current app code (a step not used
// before) or one of their recovery codes, which it uses up. Wrong codes
// count against the user's limit; while it is used up every code is
// refused. It returns errTOTPCode for a wrong or used code, ELIMIT, or
// ECONFLICT with MsgTOTPNotOn when the user has no confirmed factor.
func (s *Server) checkSecondFactor(ctx context.Context, userID, code string) error {
	if blocked, retry := s.totp.fail.blocked(userID); blocked {
		return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgTooManyAttempts, RetryAfter: retry}
	}
	f, err := s.TwoFactor.TOTPFactor(ctx, userID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND || (err == nil && !f.Enabled()) {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTOTPNotOn)
	} else if err != nil {
		return err
	}
	if auth.IsTOTPCode(code) {
		secret, err := s.TOTP.Open(userID, f.SecretSealed)
		if err != nil {
			return err
		}
		step, ok := auth.MatchCode(secret, code, s.now())
		if ok {
			err = s.TwoFactor.UseTOTPStep(ctx, userID, step)
		} else {
			err = errTOTPCode
		}
		return s.countFailure(userID, err)
	}
	return s.countFailure(userID, s.TwoFactor.UseRecoveryCode(ctx, userID, s.TOTP.HashRecoveryCode(code)))
}

// countFailure counts a wrong code against the user and returns it as
// errTOTPCode; other errors pass unchanged.
func (s *Server) countFailure(userID string, err error) error {
	if salescoach.ErrorCode(err) == salescoach.EUNAUTHORIZED {
		s.totp.fail.add(userID)
		return errTOTPCode
	}
	return err
}

// requireSecondFactor is what the admin API asks of an admin while
// ADMIN_TOTP_REQUIRED is on: a confirmed factor, and a session that passed
// the code step (or set the factor up). It returns EFORBIDDEN with
// MsgTOTPSetupRequired or MsgTOTPSessionRequired otherwise.
func (s *Server) requireSecondFactor(ctx context.Context, u *salescoach.User, c *caller) error {
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND || (err == nil && !f.Enabled()) {
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTOTPSetupRequired)
	} else if err != nil {
		return err
	}
	ok, err := s.TwoFactor.SessionTwoFactor(ctx, u.ID, c.SessionID)
	if err != nil {
		return err
	}
	if !ok {
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTOTPSessionRequired)
	}
	return nil
}

// adminNeedsTOTPSetup reports whether u is an admin who must set up
// two-factor sign-in before the admin API lets them in.
func (s *Server) adminNeedsTOTPSetup(ctx context.Context, u *salescoach.User) (bool, error) {
	if !s.cfg.AdminTOTPRequired || !u.IsAdmin {
		return false, nil
	}
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		return true, nil
	} else if err != nil {
		return false, err
	}
	return !f.Enabled(), nil
}

// totpStatus is the profile's view of the caller's two-factor sign-in.
type totpStatus struct {
	Enabled           bool `json:"enabled"`
	Pending           bool `json:"pending"`
	RecoveryCodesLeft int  `json:"recoveryCodesLeft"`
	// Required is true for an admin while the installation requires
	// two-factor sign-in for admins.
	Required bool `json:"required"`
}

func (s *Server) handleTOTPStatus(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ctx := r.Context()
	out := totpStatus{Required: s.cfg.AdminTOTPRequired && u.IsAdmin}
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	switch {
	case salescoach.ErrorCode(err) == salescoach.ENOTFOUND:
	case err != nil:
		return err
	default:
		out.Enabled, out.Pending = f.Enabled(), !f.Enabled()
	}
	if out.Enabled {
		if out.RecoveryCodesLeft, err = s.TwoFactor.RecoveryCodesLeft(ctx, u.ID); err != nil {
			return err
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// totpSetup is a new secret for the authenticator app.
type totpSetup struct {
	Secret     string `json:"secret"`
	OtpauthURL string `json:"otpauthUrl"`
	QRCode     string `json:"qrCode"`
}

// handleTOTPStart stores a new pending secret (replacing a pending one) and
// answers it with its QR code; sign-in does not ask for codes until a first
// code confirms it.
func (s *Server) handleTOTPStart(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if u.IsAnonymous || u.Email == "" {
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgTOTPGuest)
	}
	if err := s.rateLimit(s.totp.start, u.ID); err != nil {
		return err
	}
	en, err := s.TOTP.NewSecret(u.Email)
	if err != nil {
		return err
	}
	if err := s.TwoFactor.StartTOTP(r.Context(), u.ID, s.TOTP.Seal(u.ID, en.Secret), s.now()); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, totpSetup{Secret: en.Secret, OtpauthURL: en.URL, QRCode: en.QRCode})
	return nil
}

type totpCodeRequest struct {
	Code string `json:"code"`
}

func (q *totpCodeRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	codeProblem(p, "code", q.Code)
	if len(p) == 0 && !auth.IsTOTPCode(q.Code) {
		p["code"] = salescoach.MsgTOTPCodeInvalid
	}
	return p
}

// recoveryCodesResponse shows new recovery codes, once.
type recoveryCodesResponse struct {
	RecoveryCodes []string `json:"recoveryCodes"`
}

// handleTOTPConfirm turns the pending factor on with a first code and
// answers the recovery codes. The session that did it counts as having
// passed the code step; every other session of the user ends, since it
// was started without the second factor.
func (s *Server) handleTOTPConfirm(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*totpCodeRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx, now := r.Context(), s.now()
	if blocked, retry := s.totp.fail.blocked(u.ID); blocked {
		return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgTooManyAttempts, RetryAfter: retry}
	}
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND || (err == nil && f.Enabled()) {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTOTPNotPending)
	} else if err != nil {
		return err
	}
	secret, err := s.TOTP.Open(u.ID, f.SecretSealed)
	if err != nil {
		return err
	}
	step, ok := auth.MatchCode(secret, req.Code, now)
	if !ok {
		s.totp.fail.add(u.ID)
		return salescoach.FieldError("code", salescoach.MsgTOTPCodeInvalid)
	}
	codes := auth.NewRecoveryCodes()
	if err := s.TwoFactor.ConfirmTOTP(ctx, u.ID, step, s.hashRecoveryCodes(codes), now); err != nil {
		return err
	}
	c := callerFrom(ctx)
	if err := s.TwoFactor.MarkSessionTwoFactor(ctx, u.ID, c.SessionID, now); err != nil {
		return err
	}
	if err := s.Sessions.RevokeUserTokens(ctx, u.ID, c.SessionID, now); err != nil {
		return err
	}
	// The user's other open streams re-check their sessions and end.
	s.changed(r, u.ID, salescoach.ChangeUser, salescoach.OpUpdate, u.ID)
	writeJSON(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}

func (s *Server) hashRecoveryCodes(codes []string) []string {
	out := make([]string, len(codes))
	for i, c := range codes {
		out[i] = s.TOTP.HashRecoveryCode(c)
	}
	return out
}

// totpReauthRequest proves, before turning two-factor sign-in off or
// renewing the recovery codes, that the owner is at the keyboard: the
// password, or (for Google/Apple users without one) a current code or a
// recovery code.
type totpReauthRequest struct {
	Password string `json:"password"`
	Code     string `json:"code"`
}

func (q *totpReauthRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	switch {
	case q.Password == "" && q.Code == "":
		p["password"] = salescoach.MsgTOTPReauthMissing
	case len(q.Password) > 1024:
		p["password"] = salescoach.MsgPasswordTooLong.With("max", auth.PasswordMaxLength)
	case q.Code != "":
		codeProblem(p, "code", q.Code)
	}
	return p
}

// reauthenticate checks the password or code of a totpReauthRequest. It
// returns field errors for a wrong one.
func (s *Server) reauthenticate(ctx context.Context, u *salescoach.User, req *totpReauthRequest) error {
	if req.Password != "" {
		if blocked, retry := s.totp.fail.blocked(u.ID); blocked {
			return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgTooManyAttempts, RetryAfter: retry}
		}
		hash, err := s.Users.PasswordHash(ctx, u.ID)
		if err != nil {
			return err
		}
		ok := false
		if hash == "" {
			auth.DummyVerify(req.Password)
		} else if ok, err = auth.VerifyPassword(hash, req.Password); err != nil {
			return err
		}
		if !ok {
			s.totp.fail.add(u.ID)
			return salescoach.FieldError("password", salescoach.MsgTOTPPasswordWrong)
		}
		return nil
	}
	err := s.checkSecondFactor(ctx, u.ID, req.Code)
	if err == errTOTPCode {
		return salescoach.FieldError("code", salescoach.MsgTOTPCodeInvalid)
	}
	return err
}

// handleTOTPDisable turns two-factor sign-in off after re-authentication.
func (s *Server) handleTOTPDisable(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*totpReauthRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.reauthenticate(r.Context(), u, req); err != nil {
		return err
	}
	if err := s.TwoFactor.DeleteTOTP(r.Context(), u.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleRecoveryCodes replaces the recovery codes after re-authentication
// and answers the new ones, once.
func (s *Server) handleRecoveryCodes(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*totpReauthRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.reauthenticate(r.Context(), u, req); err != nil {
		return err
	}
	codes := auth.NewRecoveryCodes()
	if err := s.TwoFactor.ReplaceRecoveryCodes(r.Context(), u.ID, s.hashRecoveryCodes(codes), s.now()); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, recoveryCodesResponse{RecoveryCodes: codes})
	return nil
}
