package httpapi

import (
	"context"
	"crypto/subtle"
	"net/http"
	"strings"

	"salescoach"
	"salescoach/auth"
)

// Where the browser goes after a social sign-in. On success the refresh
// cookie is set and the app exchanges it for an access token.
const (
	oauthDone   = "/app/login?oauth=1"
	oauthFailed = "/app/login?error=social"
	// oauthSSORequired: the account's team signs in through the company
	// only (issue 38); the login page offers the company sign-in.
	oauthSSORequired = "/app/login?error=sso_required"
)

// handleOAuthStart sends the browser to the provider with a fresh state,
// nonce and PKCE verifier, kept server-side and bound to this browser by a
// cookie.
func (s *Server) handleOAuthStart(w http.ResponseWriter, r *http.Request) error {
	name := r.PathValue("provider")
	p := s.OAuth[name]
	if p == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgProviderMissing)
	}
	if err := s.rateLimit(s.limits.signup, "oauth:"+s.ip.of(r)); err != nil {
		return err
	}
	if err := p.Discover(r.Context()); err != nil {
		s.log.WarnContext(r.Context(), "sign-in provider unavailable", "provider", name, "err", err)
		http.Redirect(w, r, s.cfg.PublicURL+oauthFailed, http.StatusSeeOther)
		return nil
	}
	ref := r.URL.Query().Get("ref")
	if !refCode.MatchString(ref) {
		ref = ""
	}
	// The page's language; anything else is ignored like a bad referral
	// code, because the sign-in must not fail over it.
	lang := r.URL.Query().Get("language")
	if lang != salescoach.LanguageDE && lang != salescoach.LanguageEN {
		lang = ""
	}
	to, err := s.beginOAuth(w, r, p, &salescoach.OAuthState{Provider: name,
		Remember: r.URL.Query().Get("remember") != "0", Ref: ref, Intent: salescoach.OAuthIntentSignIn,
		Language: lang})
	if err != nil {
		return err
	}
	http.Redirect(w, r, to, http.StatusFound)
	return nil
}

// beginOAuth completes st with a fresh state, nonce and PKCE verifier,
// stores it, binds it to this browser by a cookie and returns the
// provider's URL to send the browser to (one that asks the person to sign
// in again for a re-authentication). The provider must be discovered.
func (s *Server) beginOAuth(w http.ResponseWriter, r *http.Request, p *auth.Provider, st *salescoach.OAuthState) (string, error) {
	return s.beginOAuthHint(w, r, p, st, "")
}

// beginOAuthHint is beginOAuth with a login_hint for a sign-in. A company
// sign-in's cookie is scoped to its own callback's path.
func (s *Server) beginOAuthHint(w http.ResponseWriter, r *http.Request, p *auth.Provider, st *salescoach.OAuthState, loginHint string) (string, error) {
	state, binding := auth.NewOpaqueToken(), auth.NewOpaqueToken()
	st.StateHash, st.BindingHash = auth.HashToken(state), auth.HashToken(binding)
	st.Nonce, st.CodeVerifier = auth.NewOpaqueToken(), auth.NewOpaqueToken()
	st.CreatedAt = s.now()
	st.ExpiresAt = st.CreatedAt.Add(oauthStateTTL)
	if err := s.Tokens.CreateOAuthState(r.Context(), st); err != nil {
		return "", err
	}
	path := oauthCookiePath
	if strings.HasPrefix(st.Provider, salescoach.SSOProviderPrefix) {
		path = ssoCookiePath
	}
	c := &http.Cookie{Name: oauthCookie, Value: binding, Path: path, MaxAge: int(oauthStateTTL.Seconds()),
		HttpOnly: true, Secure: s.cfg.CookieSecure, SameSite: http.SameSiteLaxMode}
	if s.cfg.CookieSecure {
		// Apple answers with a cross-site POST (form_post), which carries
		// only SameSite=None cookies.
		c.SameSite = http.SameSiteNoneMode
	}
	http.SetCookie(w, c)
	if st.Intent == salescoach.OAuthIntentReauth {
		return p.ReauthCodeURL(state, st.Nonce, auth.PKCEChallenge(st.CodeVerifier)), nil
	}
	return p.SignInCodeURL(state, st.Nonce, auth.PKCEChallenge(st.CodeVerifier), loginHint), nil
}

// handleOAuthCallback completes a social sign-in: the state must be known,
// unused, unexpired, of this provider and bound to this browser; the ID
// token must carry the nonce. Any failure sends the browser to the login
// page with the generic social-login error (a failed re-authentication:
// back to the app, which says so).
func (s *Server) handleOAuthCallback(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("provider")
	next, err := s.oauthCallback(w, r, name)
	if err != nil {
		s.log.WarnContext(r.Context(), "social sign-in failed", "provider", name, "err", err)
		if next == "" {
			next = oauthFailed
		}
	}
	http.Redirect(w, r, s.cfg.PublicURL+next, http.StatusSeeOther)
}

// oauthCallback returns where the browser goes next: into the app, or to
// the code step of two-factor sign-in; after a re-authentication back to
// the app's deletion dialog. With an error it returns where a failure goes
// when that is not the login page.
func (s *Server) oauthCallback(w http.ResponseWriter, r *http.Request, name string) (string, error) {
	p := s.OAuth[name]
	if p == nil {
		return "", salescoach.Errorf(salescoach.ENOTFOUND, "provider not configured")
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxJSONBody)
	if err := r.ParseForm(); err != nil {
		return "", salescoach.Errorf(salescoach.EINVALID, "bad callback form")
	}
	if e := r.Form.Get("error"); e != "" {
		return "", salescoach.Errorf(salescoach.EUNAUTHORIZED, "provider error: %.64s", e)
	}
	state, code := r.Form.Get("state"), r.Form.Get("code")
	if state == "" || code == "" || len(state) > 256 || len(code) > 2048 {
		return "", salescoach.Errorf(salescoach.EINVALID, "missing state or code")
	}
	ctx := r.Context()
	st, err := s.Tokens.ConsumeOAuthState(ctx, auth.HashToken(state), s.now())
	if err != nil {
		return "", err
	}
	s.clearCookie(w, oauthCookie, oauthCookiePath)
	bind, err := r.Cookie(oauthCookie)
	if st.Provider != name || err != nil ||
		subtle.ConstantTimeCompare([]byte(auth.HashToken(bind.Value)), []byte(st.BindingHash)) != 1 {
		return failedTo(st), salescoach.Errorf(salescoach.EUNAUTHORIZED, "state not bound to this browser")
	}
	if st.Intent == salescoach.OAuthIntentReauth {
		return s.finishReauth(ctx, p, st, code)
	}
	claims, err := p.Exchange(ctx, code, st.CodeVerifier, st.Nonce)
	if err != nil {
		return "", err
	}
	if claims.Name == "" {
		// Apple sends the name once, beside the token, in the form's user field.
		claims.Name = auth.AppleUserName(r.Form.Get("user"))
	}
	u, err := s.userForIdentity(ctx, name, claims, st.Ref, st.Language)
	if err != nil {
		return "", err
	}
	// 'Anmeldung nur über die Firma' holds for Google and Apple as for the
	// password: else a member's Google account would bypass it.
	if err := s.ssoRequired(ctx, u); err != nil {
		return oauthSSORequired, err
	}
	return s.redirectSignIn(w, r, u, st.Remember)
}

// redirectSignIn ends a sign-in through a provider (social or company):
// a disabled account is refused; otherwise the browser goes to the
// two-factor code step when the account has it, else into the app with a
// new session.
func (s *Server) redirectSignIn(w http.ResponseWriter, r *http.Request, u *salescoach.User, remember bool) (string, error) {
	if u.Status == salescoach.UserStatusDisabled {
		return "", errDisabled
	}
	if challenge, err := s.totpChallengeFor(r.Context(), u, remember); err != nil {
		return "", err
	} else if challenge != "" {
		s.setTOTPCookie(w, challenge)
		return oauthTOTP, nil
	}
	_, err := s.startSession(w, r, u, remember)
	return oauthDone, err
}

// userForIdentity finds or creates the user behind an external identity. A
// verified e-mail that matches an existing account links to it; if that
// account had never confirmed its address, its password is dropped, because
// whoever set it had not proven they own the mailbox. A new account takes
// lang as its language; an existing one keeps its own.
func (s *Server) userForIdentity(ctx context.Context, provider string, c *auth.IDClaims, ref, lang string) (*salescoach.User, error) {
	id, err := s.Identities.IdentityBySubject(ctx, provider, c.Subject)
	if err == nil {
		return s.Users.UserByID(ctx, id.UserID)
	} else if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		return nil, err
	}
	email := strings.TrimSpace(c.Email)
	if !c.EmailVerified {
		email = ""
	}
	var u *salescoach.User
	if email != "" {
		u, err = s.Users.UserByEmail(ctx, email)
		switch {
		case err == nil && u.EmailConfirmedAt == nil:
			if err := s.Users.SetPassword(ctx, u.ID, ""); err != nil {
				return nil, err
			}
			if err := s.confirmEmail(ctx, u.ID); err != nil {
				return nil, err
			}
		case err == nil:
		case salescoach.ErrorCode(err) == salescoach.ENOTFOUND:
			u = nil
		default:
			return nil, err
		}
	}
	if u == nil {
		u, err = s.Users.CreateUser(ctx, salescoach.NewUser{Email: email, DisplayName: truncate(c.Name, 100),
			EmailConfirmed: email != "", IsAdmin: s.isAdminEmail(email), Language: lang})
		if err != nil {
			return nil, err
		}
		s.recordReferral(ctx, ref, u.ID)
	} else if !u.IsAdmin && s.isAdminEmail(u.Email) {
		if err := s.Users.SetAdmin(ctx, u.Email, true); err != nil {
			return nil, err
		}
	}
	if err := s.Identities.CreateIdentity(ctx, &salescoach.Identity{UserID: u.ID, Provider: provider,
		Subject: c.Subject, Email: c.Email, CreatedAt: s.now()}); err != nil {
		return nil, err
	}
	return s.Users.UserByID(ctx, u.ID)
}
