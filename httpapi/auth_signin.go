package httpapi

// Sign-in with e-mail and password, and the limits that keep guessing
// infeasible without locking the owner out.

import (
	"context"
	"net/http"
	"strings"

	"salescoach"
	"salescoach/auth"
)

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
}

func (s *Server) handleLogin(w http.ResponseWriter, r *http.Request) error {
	addr := addressKey(s.ip.of(r))
	if err := s.rateLimit(s.limits.loginIP, addr); err != nil {
		return err
	}
	req, err := decode[*loginRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx, account := r.Context(), strings.ToLower(req.Email)
	if err := s.signInAllowed(ctx, account, addr); err != nil {
		return err
	}
	u, err := s.checkPassword(ctx, req.Email, req.Password)
	if err == errInvalidCredentials {
		s.limits.loginFailPair.add(account + "\x00" + addr)
		s.limits.loginFailAccount.add(account)
	}
	if err != nil {
		return err
	}
	// Company sign-in only: after the right password, so a wrong one
	// still answers as before (docs/decisions.md, 2026-11-27).
	if err := s.ssoRequired(ctx, u); err != nil {
		return err
	}
	return s.answerSignIn(w, r, u, req.Remember)
}

// ssoRequired refuses a sign-in other than the company's (password, Google,
// Apple) of a member or manager whose team's company sign-in is active and
// enforced: EFORBIDDEN (MsgSSORequired).
func (s *Server) ssoRequired(ctx context.Context, u *salescoach.User) error {
	if s.TeamSSO == nil {
		return nil
	}
	required, err := s.TeamSSO.SSORequired(ctx, u.ID)
	if err != nil {
		return err
	}
	if required {
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgSSORequired)
	}
	return nil
}

// answerSignIn ends a sign-in whose password was right (the password
// sign-in, the link of a company identity): the two-factor challenge when
// the account has it, else the new session, as JSON.
func (s *Server) answerSignIn(w http.ResponseWriter, r *http.Request, u *salescoach.User, remember bool) error {
	if challenge, err := s.totpChallengeFor(r.Context(), u, remember); err != nil {
		return err
	} else if challenge != "" {
		writeTOTPChallenge(w, challenge)
		return nil
	}
	sess, err := s.startSession(w, r, u, remember)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sess)
	return nil
}

// signInAllowed applies the limits on failed sign-ins (docs/decisions.md,
// 2026-11-24) before any password is checked, so a refused attempt costs no
// password hashing. Only wrong passwords count. An address that failed too
// often for this account is refused; when the account as a whole failed too
// often, only addresses its sessions came from in the last 30 days may still
// try, so strangers cannot lock the owner out from home, while guesses
// spread over many addresses stay capped.
func (s *Server) signInAllowed(ctx context.Context, account, addr string) error {
	if blocked, retry := s.limits.loginFailPair.blocked(account + "\x00" + addr); blocked {
		return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgTooManyAttempts, RetryAfter: retry}
	}
	blocked, retry := s.limits.loginFailAccount.blocked(account)
	if !blocked {
		return nil
	}
	known, err := s.Sessions.SessionAddresses(ctx, account, s.now().Add(-knownAddressAge))
	if err != nil {
		return err
	}
	for _, ip := range known {
		if addressKey(ip) == addr {
			return nil
		}
	}
	return &salescoach.Error{Code: salescoach.ELIMIT, Msg: salescoach.MsgAccountLocked, RetryAfter: retry}
}

// checkPassword returns the user when the password is right. Every failure
// costs one password verification, so timing does not reveal which e-mails
// have accounts.
func (s *Server) checkPassword(ctx context.Context, email, password string) (*salescoach.User, error) {
	u, err := s.Users.UserByEmail(ctx, email)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		auth.DummyVerify(password)
		return nil, errInvalidCredentials
	} else if err != nil {
		return nil, err
	}
	hash, err := s.Users.PasswordHash(ctx, u.ID)
	if err != nil {
		return nil, err
	}
	if hash == "" {
		auth.DummyVerify(password)
		return nil, errInvalidCredentials
	}
	ok, err := auth.VerifyPassword(hash, password)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errInvalidCredentials
	}
	if u.Status == salescoach.UserStatusDisabled {
		return nil, errDisabled
	}
	if u.EmailConfirmedAt == nil {
		return nil, errEmailUnconfirmed
	}
	return u, nil
}
