package httpapi

// What the auth flows share: session answers, cookies, the one-time-link
// mails and the small auth endpoints. The flows have a file each:
// auth_signup.go, auth_signin.go, auth_session.go and auth_recovery.go.

import (
	"context"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/auth"
	"salescoach/mail"
)

// Cookie names and paths. The refresh cookie is sent only to the auth
// endpoints that need it.
const (
	refreshCookie     = "sc_refresh"
	refreshCookiePath = "/api/auth"
	oauthCookie       = "sc_oauth"
	oauthCookiePath   = "/api/auth/oauth"
)

// Lifetimes of one-time links and OAuth attempts.
const (
	confirmTokenTTL = 48 * time.Hour
	resetTokenTTL   = time.Hour
	oauthStateTTL   = 10 * time.Minute
	// knownAddressAge is how far back a session's address counts as the
	// owner's while the account is under attack.
	knownAddressAge = 30 * 24 * time.Hour
)

// User-facing auth messages.
var (
	errInvalidCredentials = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgInvalidCredentials)
	errEmailUnconfirmed   = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgEmailUnconfirmed)
	errNoSession          = salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSessionInvalid)
	errConfirmLink        = salescoach.NewError(salescoach.EINVALID, salescoach.MsgConfirmLink)
	errResetLink          = salescoach.NewError(salescoach.EINVALID, salescoach.MsgResetLink)
	errMailFailed         = salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgMailFailed)
)

// authUser is the user object of a session.
type authUser struct {
	ID               string         `json:"id"`
	Email            string         `json:"email"`
	IsAnonymous      bool           `json:"is_anonymous"`
	EmailConfirmedAt *time.Time     `json:"email_confirmed_at"`
	CreatedAt        time.Time      `json:"created_at"`
	Identities       []identityJSON `json:"identities"`
	Factors          []struct{}     `json:"factors"`
}

type identityJSON struct {
	Provider string `json:"provider"`
	Email    string `json:"email"`
}

// sessionResponse is what sign-in, refresh and anonymous sign-in answer.
type sessionResponse struct {
	AccessToken string   `json:"access_token"`
	TokenType   string   `json:"token_type"`
	ExpiresIn   int      `json:"expires_in"`
	ExpiresAt   int64    `json:"expires_at"`
	User        authUser `json:"user"`
}

func (s *Server) authUserJSON(ctx context.Context, u *salescoach.User) (authUser, error) {
	ids, err := s.Identities.IdentitiesByUser(ctx, u.ID)
	if err != nil {
		return authUser{}, err
	}
	out := authUser{ID: u.ID, Email: u.Email, IsAnonymous: u.IsAnonymous, EmailConfirmedAt: u.EmailConfirmedAt,
		CreatedAt: u.CreatedAt, Identities: []identityJSON{}, Factors: []struct{}{}}
	for _, id := range ids {
		out.Identities = append(out.Identities, identityJSON{Provider: id.Provider, Email: id.Email})
	}
	if u.Email != "" && u.EmailConfirmedAt != nil {
		out.Identities = append(out.Identities, identityJSON{Provider: "email", Email: u.Email})
	}
	return out, nil
}

// startSession stores a new refresh-token family, sets its cookie and
// returns the session answer.
func (s *Server) startSession(w http.ResponseWriter, r *http.Request, u *salescoach.User, remember bool) (*sessionResponse, error) {
	sess, _, err := s.newSession(w, r, u, remember)
	return sess, err
}

// newSession is startSession that also returns the new family's id.
func (s *Server) newSession(w http.ResponseWriter, r *http.Request, u *salescoach.User, remember bool) (*sessionResponse, string, error) {
	now := s.now()
	raw := auth.NewOpaqueToken()
	rt := &salescoach.RefreshToken{
		UserID: u.ID, TokenHash: auth.HashToken(raw), Remember: remember,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.RefreshTTLRemember),
		UserAgent: truncate(r.UserAgent(), 512), IP: s.ip.of(r),
	}
	if err := s.Sessions.CreateRefreshToken(r.Context(), rt); err != nil {
		return nil, "", err
	}
	s.setRefreshCookie(w, raw, remember)
	sess, err := s.sessionFor(r.Context(), u, rt.FamilyID)
	return sess, rt.FamilyID, err
}

func (s *Server) sessionFor(ctx context.Context, u *salescoach.User, familyID string) (*sessionResponse, error) {
	token, exp, err := s.Issuer.Issue(u.ID, familyID, u.IsAnonymous)
	if err != nil {
		return nil, err
	}
	au, err := s.authUserJSON(ctx, u)
	if err != nil {
		return nil, err
	}
	return &sessionResponse{AccessToken: token, TokenType: "bearer", ExpiresIn: int(exp.Sub(s.now()).Seconds()),
		ExpiresAt: exp.Unix(), User: au}, nil
}

// setRefreshCookie sets the refresh token. Without 'Angemeldet bleiben' it is
// a browser-session cookie, so closing the browser ends the session.
func (s *Server) setRefreshCookie(w http.ResponseWriter, raw string, remember bool) {
	c := &http.Cookie{Name: refreshCookie, Value: raw, Path: refreshCookiePath, HttpOnly: true,
		Secure: s.cfg.CookieSecure, SameSite: http.SameSiteLaxMode}
	if remember {
		c.MaxAge = int(s.cfg.RefreshTTLRemember.Seconds())
	}
	http.SetCookie(w, c)
}

func (s *Server) clearCookie(w http.ResponseWriter, name, path string) {
	http.SetCookie(w, &http.Cookie{Name: name, Value: "", Path: path, MaxAge: -1, HttpOnly: true,
		Secure: s.cfg.CookieSecure, SameSite: http.SameSiteLaxMode})
}

func (s *Server) isAdminEmail(email string) bool {
	return email != "" && slices.Contains(s.cfg.AdminEmails, strings.ToLower(email))
}

// confirmEmail marks the user's address confirmed and, when ADMIN_EMAILS
// names it, grants admin. Admin by configuration waits for the confirmation:
// before it, anyone could have typed the address.
func (s *Server) confirmEmail(ctx context.Context, userID string) error {
	if err := s.Users.ConfirmEmail(ctx, userID, s.now()); err != nil {
		return err
	}
	u, err := s.Users.UserByID(ctx, userID)
	if err != nil {
		return err
	}
	if !u.IsAdmin && s.isAdminEmail(u.Email) {
		if err := s.Users.SetAdmin(ctx, u.Email, true); err != nil {
			return err
		}
	}
	s.joinInvitedTeam(ctx, u)
	return nil
}

// removeSSOIdentities drops the user's company sign-in identities when
// their mailbox was just proven (a reset, a confirmation link).
func (s *Server) removeSSOIdentities(ctx context.Context, userID string) error {
	if s.TeamSSO == nil {
		return nil
	}
	return s.TeamSSO.RemoveSSOIdentities(ctx, userID)
}

// mailLanguage picks the language of a mail from the request.
func mailLanguage(r *http.Request) string {
	if strings.HasPrefix(strings.ToLower(r.Header.Get("Accept-Language")), "en") {
		return salescoach.LanguageEN
	}
	return salescoach.LanguageDE
}

// sendTokenMail creates a one-time token for u and queues the mail with its
// link, both in one transaction: the mail goes out after the answer, and a
// mail server that is down delays it instead of failing the request.
func (s *Server) sendTokenMail(ctx context.Context, u *salescoach.User, purpose, lang string) error {
	raw := auth.NewOpaqueToken()
	now := s.now()
	ttl, param := confirmTokenTTL, "confirm"
	if purpose == salescoach.TokenResetPassword {
		ttl, param = resetTokenTTL, "reset"
	}
	link := s.cfg.PublicURL + "/app/login?" + param + "=" + url.QueryEscape(raw)
	var m salescoach.MailMessage
	if purpose == salescoach.TokenResetPassword {
		m = mail.ResetPassword(lang, link)
	} else {
		m = mail.ConfirmEmail(lang, link)
	}
	return s.queueTokenMail(ctx, u, m, &salescoach.OneTimeToken{
		TokenHash: auth.HashToken(raw), Purpose: purpose, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(ttl),
	})
}

// queueTokenMail queues m to u together with the token its link carries.
func (s *Server) queueTokenMail(ctx context.Context, u *salescoach.User, m salescoach.MailMessage, t *salescoach.OneTimeToken) error {
	m.To = u.Email
	return s.Outbox.Enqueue(ctx, &salescoach.OutboxMail{UserID: u.ID, Message: m, Token: t, CreatedAt: t.CreatedAt})
}

func (q *signupRequest) Valid() salescoach.Problems {
	p := credentialProblems(&q.Email, q.Password)
	if !q.TermsAccepted {
		p["termsAccepted"] = salescoach.MsgTermsRequired
	}
	if utf8.RuneCountInString(q.Company) > 200 {
		p["company"] = salescoach.MsgCompanyTooLong.With("max", 200)
	}
	if len(q.Ref) > 64 {
		p["ref"] = salescoach.MsgReferralInvalid
	}
	if q.Language != "" && q.Language != salescoach.LanguageDE && q.Language != salescoach.LanguageEN {
		p["language"] = salescoach.MsgBadLanguage
	}
	return p
}

func (q *tokenRequest) Valid() salescoach.Problems {
	if q.Token == "" || len(q.Token) > 256 {
		return salescoach.Problems{"token": salescoach.MsgLinkInvalid}
	}
	return nil
}

func (q *loginRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	q.Email = strings.TrimSpace(q.Email)
	if q.Email == "" {
		p["email"] = salescoach.MsgEmailMissing
	} else if len(q.Email) > 254 {
		p["email"] = salescoach.MsgEmailInvalid
	}
	if q.Password == "" {
		p["password"] = salescoach.MsgPasswordMissing
	} else if len(q.Password) > 1024 {
		p["password"] = salescoach.MsgPasswordTooLong.With("max", auth.PasswordMaxLength)
	}
	return p
}

func (q *recoverRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if norm, err := auth.ValidateEmail(q.Email); err != nil {
		addFields(p, err)
	} else {
		q.Email = norm
	}
	return p
}

func (q *resetRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if q.Token == "" || len(q.Token) > 256 {
		p["token"] = errResetLink.Msg
	}
	if err := auth.ValidatePassword(q.Password); err != nil {
		addFields(p, err)
	}
	return p
}

func (q *upgradeRequest) Valid() salescoach.Problems { return credentialProblems(&q.Email, q.Password) }

func (s *Server) handleAuthUser(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	au, err := s.authUserJSON(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, au)
	return nil
}

func (s *Server) handleIsAdmin(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	out := map[string]any{"isAdmin": u.IsAdmin}
	// An admin who must set up two-factor sign-in first is sent there.
	if setup, err := s.adminNeedsTOTPSetup(r.Context(), u); err != nil {
		return err
	} else if setup {
		out["totpSetupRequired"] = true
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

func (s *Server) handleProviders(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]bool{"google": s.OAuth["google"] != nil, "apple": s.OAuth["apple"] != nil})
}

// truncate cuts s to at most n bytes on a rune boundary.
func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
