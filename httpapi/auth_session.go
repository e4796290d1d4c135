package httpapi

// Sessions: refreshing the access token and signing out.

import (
	"net/http"

	"salescoach"
	"salescoach/auth"
)

func (s *Server) handleRefresh(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.refresh, s.ip.of(r)); err != nil {
		return err
	}
	c, err := r.Cookie(refreshCookie)
	if err != nil || c.Value == "" || len(c.Value) > 256 {
		return errNoSession
	}
	ctx, now := r.Context(), s.now()
	// The successor is derived from the old token, so a refresh sent twice
	// (its answer lost, or several at once) gets the same successor within
	// salescoach.RefreshRetryGrace instead of counting as reuse.
	raw := auth.SuccessorToken(s.refreshKey, c.Value)
	next := &salescoach.RefreshToken{TokenHash: auth.HashToken(raw), CreatedAt: now,
		ExpiresAt: now.Add(s.cfg.RefreshTTLRemember), UserAgent: truncate(r.UserAgent(), 512), IP: s.ip.of(r)}
	old, err := s.Sessions.RotateRefreshToken(ctx, auth.HashToken(c.Value), next, now)
	if err != nil {
		if salescoach.ErrorCode(err) == salescoach.EUNAUTHORIZED {
			if isKey(err, salescoach.MsgSessionReused) {
				s.log.WarnContext(ctx, "refresh token reuse: family revoked", "ip", s.ip.of(r))
				if old != nil {
					// The family's open streams end.
					s.changed(r, old.UserID, salescoach.ChangeUser, salescoach.OpUpdate, old.UserID)
				}
			}
			s.clearCookie(w, refreshCookie, refreshCookiePath)
			err = errNoSession
		}
		return err
	}
	u, err := s.Users.UserByID(ctx, old.UserID)
	if err == nil && u.Status == salescoach.UserStatusDisabled {
		_ = s.Sessions.RevokeFamilyByHash(ctx, next.TokenHash, now)
		s.clearCookie(w, refreshCookie, refreshCookiePath)
		err = errDisabled
	}
	if err != nil {
		return err
	}
	s.setRefreshCookie(w, raw, old.Remember)
	sess, err := s.sessionFor(ctx, u, old.FamilyID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sess)
	return nil
}

func (s *Server) handleLogout(w http.ResponseWriter, r *http.Request) error {
	if c, err := r.Cookie(refreshCookie); err == nil && c.Value != "" && len(c.Value) <= 256 {
		if err := s.Sessions.RevokeFamilyByHash(r.Context(), auth.HashToken(c.Value), s.now()); err != nil {
			return err
		}
		// The app signs out with its bearer token: that user's open streams
		// re-check their session, and this one's end.
		if c := callerFrom(r.Context()); c != nil {
			s.changed(r, c.UserID, salescoach.ChangeUser, salescoach.OpUpdate, c.UserID)
		}
	}
	s.clearCookie(w, refreshCookie, refreshCookiePath)
	w.WriteHeader(http.StatusNoContent)
	return nil
}
