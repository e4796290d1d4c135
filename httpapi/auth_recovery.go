package httpapi

// Password recovery: the reset mail and setting a new password.

import (
	"net/http"
	"strings"

	"salescoach"
	"salescoach/auth"
)

type recoverRequest struct {
	Email string `json:"email"`
}

func (s *Server) handleRecover(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.recoverIP, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*recoverRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx := r.Context()
	// The answer is the same whether or not the account exists; the
	// per-account limit only stops mail floods, silently.
	if ok, _ := s.limits.recoverAccount.allow(strings.ToLower(req.Email)); ok {
		u, err := s.Users.UserByEmail(ctx, req.Email)
		if err == nil && u.Status != salescoach.UserStatusDisabled {
			if err := s.sendTokenMail(ctx, u, salescoach.TokenResetPassword, mailLanguage(r)); err != nil {
				s.log.ErrorContext(ctx, "reset mail failed", "user_id", u.ID, "err", err)
			}
		} else if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			s.log.ErrorContext(ctx, "reset lookup failed", "err", err)
		}
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

type resetRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
}

func (s *Server) handleReset(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*resetRequest](w, r, 0)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	ctx, now := r.Context(), s.now()
	// The link is a reset or an invitation; both set the password.
	t, err := s.Tokens.ConsumeOneTimeToken(ctx, auth.HashToken(req.Token), salescoach.TokenResetPassword, now)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		t, err = s.Tokens.ConsumeOneTimeToken(ctx, auth.HashToken(req.Token), salescoach.TokenInvite, now)
	}
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		err = errResetLink
	}
	if err == nil {
		// Whoever holds the mailbox decides anew who signs in: company
		// identities linked before (by anyone) no longer open the account
		// (issue 38); a company sign-in links again through the password.
		err = s.removeSSOIdentities(ctx, t.UserID)
	}
	if err == nil {
		err = s.Users.SetPassword(ctx, t.UserID, hash)
	}
	if err == nil {
		// The mail reached its owner, so the address is confirmed too (for
		// an invitation that is the first confirmation).
		err = s.confirmEmail(ctx, t.UserID)
	}
	if err == nil {
		// A reset is what people do when they fear someone else is in:
		// every other session ends.
		err = s.Sessions.RevokeUserTokens(ctx, t.UserID, "", now)
	}
	if err != nil {
		return err
	}
	// Open live-update streams of the ended sessions close on it.
	s.changed(r, t.UserID, salescoach.ChangeUser, salescoach.OpUpdate, t.UserID)
	// Whoever reset has proven the mailbox, and old guesses are moot against
	// the new password: the account-wide sign-in limit starts afresh.
	if u, err := s.Users.UserByID(ctx, t.UserID); err == nil {
		s.limits.loginFailAccount.forget(strings.ToLower(u.Email))
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}
