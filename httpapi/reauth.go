package httpapi

// Re-authentication of a Google/Apple user without a password before their
// account is deleted (issue 17): a fresh sign-in at the provider, with an
// identity linked to the signed-in user, leaves a proof that stands in for
// the password once, for a few minutes, in the session that asked for it.
// See docs/decisions.md, 2026-11-24.

import (
	"context"
	"net/http"
	"slices"
	"time"

	"salescoach"
	"salescoach/auth"
)

// Where the browser goes after a re-authentication: the app opens the
// profile's deletion dialog and says whether it worked.
const (
	reauthDone   = "/app/dashboard?reauth=1"
	reauthFailed = "/app/dashboard?reauth=failed"
)

// reauthLeeway is how much older than the start of a re-authentication the
// provider's auth_time may be: clocks differ, and auth_time has whole
// seconds.
const reauthLeeway = time.Minute

// failedTo is where a failed callback of st goes: "" (the login page) for
// a sign-in, the app for a re-authentication.
func failedTo(st *salescoach.OAuthState) string {
	if st.Intent == salescoach.OAuthIntentReauth {
		return reauthFailed
	}
	return ""
}

// reauthMethod says how the caller confirms an account deletion.
type reauthMethod struct {
	// Method is "password", "provider" (a fresh Google/Apple sign-in) or
	// "none" (a guest, who types the confirmation only).
	Method string `json:"method"`
	// Providers are the configured providers linked to the account, for
	// Method "provider".
	Providers []string `json:"providers"`
	// Verified is true while this session holds an unused proof of a fresh
	// sign-in (Method "provider").
	Verified bool `json:"verified"`
	// ExpiresAt is when that proof ends (Unix seconds), 0 without one.
	ExpiresAt int64 `json:"expiresAt"`
	// TwoFactor is true when the user has two-factor sign-in on: the
	// deletion also asks for a code of the app or a recovery code.
	TwoFactor bool `json:"twoFactor"`
}

// deletion is how a user confirms an account deletion.
type deletion struct {
	// method is "password", "provider" (a fresh Google/Apple sign-in) or
	// "none" (a guest, who types the confirmation only).
	method string
	// passwordHash is the password's hash for method "password".
	passwordHash string
	// providers are the configured providers linked to the account for
	// method "provider"; none when it has neither password nor such a
	// provider (it is told to set a password).
	providers []string
	// twoFactor is true when the user has two-factor sign-in on, so a code
	// is asked as well.
	twoFactor bool
}

// deletionMethod finds out how u confirms a deletion: by password when they
// have one, by a linked and configured provider otherwise.
func (s *Server) deletionMethod(ctx context.Context, u *salescoach.User) (deletion, error) {
	if u.IsAnonymous {
		return deletion{method: "none", providers: []string{}}, nil
	}
	f, err := s.TwoFactor.TOTPFactor(ctx, u.ID)
	if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		return deletion{}, err
	}
	twoFactor := err == nil && f.Enabled()
	hash, err := s.Users.PasswordHash(ctx, u.ID)
	if err != nil {
		return deletion{}, err
	}
	if hash != "" {
		return deletion{method: "password", passwordHash: hash, providers: []string{}, twoFactor: twoFactor}, nil
	}
	ids, err := s.Identities.IdentitiesByUser(ctx, u.ID)
	if err != nil {
		return deletion{}, err
	}
	d := deletion{method: "provider", providers: []string{}, twoFactor: twoFactor}
	for _, id := range ids {
		if s.OAuth[id.Provider] != nil {
			d.providers = append(d.providers, id.Provider)
		}
	}
	return d, nil
}

// handleReauthStatus answers how the caller confirms a deletion and whether
// this session has passed a fresh sign-in.
func (s *Server) handleReauthStatus(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ctx := r.Context()
	d, err := s.deletionMethod(ctx, u)
	if err != nil {
		return err
	}
	out := reauthMethod{Method: d.method, Providers: d.providers, TwoFactor: d.twoFactor}
	if d.method == "provider" {
		p, err := s.Tokens.ReauthProof(ctx, u.ID, callerFrom(ctx).SessionID, s.now())
		switch {
		case err == nil:
			out.Verified, out.ExpiresAt = true, p.ExpiresAt.Unix()
		case salescoach.ErrorCode(err) != salescoach.ENOTFOUND:
			return err
		}
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

// reauthStart is the answer of POST /api/me/reauth/{provider}: the
// provider's page the browser goes to next.
type reauthStart struct {
	URL string `json:"url"`
}

// handleReauthStart begins a re-authentication of the caller at a provider
// linked to their account. It is an authenticated request (the bearer
// token is never sent by a cross-site page), so nobody can start one for
// someone else; the state names the caller and their session, and is bound
// to this browser like a sign-in's.
func (s *Server) handleReauthStart(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ctx, name := r.Context(), r.PathValue("provider")
	p := s.OAuth[name]
	if p == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgProviderMissing)
	}
	if err := s.rateLimit(s.limits.signup, "oauth:"+s.ip.of(r)); err != nil {
		return err
	}
	d, err := s.deletionMethod(ctx, u)
	if err != nil {
		return err
	}
	switch {
	case d.method == "password":
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgReauthUsePassword)
	case d.method != "provider" || !slices.Contains(d.providers, name):
		return salescoach.NewError(salescoach.EFORBIDDEN, salescoach.MsgReauthNotLinked)
	}
	if err := p.Discover(ctx); err != nil {
		s.log.WarnContext(ctx, "sign-in provider unavailable", "provider", name, "err", err)
		return err
	}
	to, err := s.beginOAuth(w, r, p, &salescoach.OAuthState{Provider: name, Intent: salescoach.OAuthIntentReauth,
		UserID: u.ID, FamilyID: callerFrom(ctx).SessionID})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, reauthStart{URL: to})
	return nil
}

// finishReauth completes a re-authentication: the provider's identity must
// be one linked to the user who started it, the sign-in must be fresh
// (auth_time, when sent, not before the start), and that user's session
// must still be live. Then the session gets its proof. Nobody is signed in
// or out: a wrong identity only fails.
func (s *Server) finishReauth(ctx context.Context, p *auth.Provider, st *salescoach.OAuthState, code string) (string, error) {
	claims, err := p.Exchange(ctx, code, st.CodeVerifier, st.Nonce)
	if err != nil {
		return reauthFailed, err
	}
	id, err := s.Identities.IdentityBySubject(ctx, st.Provider, claims.Subject)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		return reauthFailed, salescoach.Errorf(salescoach.EFORBIDDEN, "re-authentication: identity not linked")
	} else if err != nil {
		return reauthFailed, err
	}
	if id.UserID != st.UserID {
		return reauthFailed, salescoach.Errorf(salescoach.EFORBIDDEN, "re-authentication: identity of another user")
	}
	if !claims.AuthTime.IsZero() && claims.AuthTime.Before(st.CreatedAt.Add(-reauthLeeway)) {
		return reauthFailed, salescoach.Errorf(salescoach.EFORBIDDEN, "re-authentication: provider did not ask again (auth_time %s)",
			claims.AuthTime.Format(time.RFC3339))
	}
	u, live, err := s.Sessions.SessionUser(ctx, st.UserID, st.FamilyID)
	if err != nil {
		return reauthFailed, err
	}
	if !live || u.Status == salescoach.UserStatusDisabled {
		return reauthFailed, salescoach.Errorf(salescoach.EUNAUTHORIZED, "re-authentication: session ended")
	}
	now := s.now()
	if err := s.Tokens.SaveReauthProof(ctx, &salescoach.ReauthProof{FamilyID: st.FamilyID, UserID: st.UserID,
		Provider: st.Provider, CreatedAt: now, ExpiresAt: now.Add(salescoach.ReauthProofTTL)}); err != nil {
		return reauthFailed, err
	}
	s.log.InfoContext(ctx, "re-authenticated for account deletion", "user_id", st.UserID, "provider", st.Provider)
	return reauthDone, nil
}
