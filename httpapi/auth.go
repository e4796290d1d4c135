package httpapi

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
	now := s.now()
	raw := auth.NewOpaqueToken()
	rt := &salescoach.RefreshToken{
		UserID: u.ID, TokenHash: auth.HashToken(raw), Remember: remember,
		CreatedAt: now, ExpiresAt: now.Add(s.cfg.RefreshTTLRemember),
		UserAgent: truncate(r.UserAgent(), 512), IP: s.ip.of(r),
	}
	if err := s.Sessions.CreateRefreshToken(r.Context(), rt); err != nil {
		return nil, err
	}
	s.setRefreshCookie(w, raw, remember)
	return s.sessionFor(r.Context(), u, rt.FamilyID)
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
		return s.Users.SetAdmin(ctx, u.Email, true)
	}
	return nil
}

// mailLanguage picks the language of a mail from the request.
func mailLanguage(r *http.Request) string {
	if strings.HasPrefix(strings.ToLower(r.Header.Get("Accept-Language")), "en") {
		return salescoach.LanguageEN
	}
	return salescoach.LanguageDE
}

// sendTokenMail creates a one-time token for u and mails its link.
func (s *Server) sendTokenMail(ctx context.Context, u *salescoach.User, purpose, lang string) error {
	raw := auth.NewOpaqueToken()
	now := s.now()
	ttl, param := confirmTokenTTL, "confirm"
	if purpose == salescoach.TokenResetPassword {
		ttl, param = resetTokenTTL, "reset"
	}
	if err := s.Tokens.CreateOneTimeToken(ctx, &salescoach.OneTimeToken{
		TokenHash: auth.HashToken(raw), Purpose: purpose, UserID: u.ID, CreatedAt: now, ExpiresAt: now.Add(ttl),
	}); err != nil {
		return err
	}
	link := s.cfg.PublicURL + "/app/login?" + param + "=" + url.QueryEscape(raw)
	var m salescoach.MailMessage
	if purpose == salescoach.TokenResetPassword {
		m = mail.ResetPassword(lang, link)
	} else {
		m = mail.ConfirmEmail(lang, link)
	}
	m.To = u.Email
	return s.Mailer.Send(ctx, m)
}

type signupRequest struct {
	Email         string `json:"email"`
	Password      string `json:"password"`
	Company       string `json:"company"`
	TermsAccepted bool   `json:"termsAccepted"`
	Ref           string `json:"ref"`
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
	return p
}

// credentialProblems validates (and normalises) an e-mail and a password.
func credentialProblems(email *string, password string) salescoach.Problems {
	p := salescoach.Problems{}
	if norm, err := auth.ValidateEmail(*email); err != nil {
		addFields(p, err)
	} else {
		*email = norm
	}
	if err := auth.ValidatePassword(password); err != nil {
		addFields(p, err)
	}
	return p
}

func addFields(p salescoach.Problems, err error) {
	if e, ok := err.(*salescoach.Error); ok {
		for k, v := range e.Fields {
			p[k] = v
		}
		if len(e.Fields) == 0 {
			p["_"] = e.Msg
		}
	}
}

func (s *Server) handleSignup(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.signup, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*signupRequest](w, r, 0)
	if err != nil {
		return err
	}
	// Hashing before the lookup keeps a known e-mail as slow as a new one.
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	ctx, lang := r.Context(), mailLanguage(r)
	// At most a few confirmation mails per address and hour, whoever asks:
	// beyond that a sign-up is answered as usual and sends nothing, so the
	// answer never tells whether the address is known or being flooded.
	mailOK, _ := s.limits.signupMail.allow(strings.ToLower(req.Email))
	u, err := s.Users.CreateUser(ctx, salescoach.NewUser{
		Email: req.Email, PasswordHash: hash, Company: strings.TrimSpace(req.Company),
		TermsAccepted: true, TermsUserAgent: truncate(r.UserAgent(), 512),
	})
	switch salescoach.ErrorCode(err) {
	case "":
		s.recordReferral(ctx, req.Ref, u.ID)
		if !mailOK {
			break
		}
		if err := s.sendTokenMail(ctx, u, salescoach.TokenConfirmEmail, lang); err != nil {
			s.log.ErrorContext(ctx, "confirmation mail failed", "user_id", u.ID, "err", err)
			return errMailFailed
		}
	case salescoach.ECONFLICT:
		// A known e-mail gets the same answer as a new one. An unconfirmed
		// account receives a fresh link (the first mail may have been lost);
		// a confirmed one gets nothing, and no second account exists.
		existing, err := s.Users.UserByEmail(ctx, req.Email)
		if err == nil && existing.EmailConfirmedAt == nil && mailOK {
			if err := s.sendTokenMail(ctx, existing, salescoach.TokenConfirmEmail, lang); err != nil {
				s.log.ErrorContext(ctx, "confirmation mail failed", "user_id", existing.ID, "err", err)
			}
		}
	default:
		return err
	}
	writeJSON(w, http.StatusCreated, map[string]bool{"ok": true})
	return nil
}

// recordReferral links a new user to the owner of a referral code; an
// unknown code is ignored, because sign-up must not fail over it.
func (s *Server) recordReferral(ctx context.Context, code, userID string) {
	code = strings.TrimSpace(code)
	if code == "" {
		return
	}
	referrer, err := s.Referrals.ReferrerByCode(ctx, code)
	if err != nil {
		if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			s.log.ErrorContext(ctx, "referral lookup failed", "err", err)
		}
		return
	}
	if err := s.Referrals.RecordReferralSignup(ctx, referrer, userID, s.now()); err != nil {
		s.log.ErrorContext(ctx, "referral record failed", "err", err)
	}
}

type tokenRequest struct {
	Token string `json:"token"`
}

func (q *tokenRequest) Valid() salescoach.Problems {
	if q.Token == "" || len(q.Token) > 256 {
		return salescoach.Problems{"token": salescoach.MsgLinkInvalid}
	}
	return nil
}

func (s *Server) handleConfirm(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*tokenRequest](w, r, 0)
	if err != nil {
		return errConfirmLink
	}
	t, err := s.Tokens.ConsumeOneTimeToken(r.Context(), auth.HashToken(req.Token), salescoach.TokenConfirmEmail, s.now())
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND {
		err = errConfirmLink
	}
	if err == nil {
		err = s.confirmEmail(r.Context(), t.UserID)
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

type loginRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
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
	sess, err := s.startSession(w, r, u, req.Remember)
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

type recoverRequest struct {
	Email string `json:"email"`
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

func (s *Server) handleAnonymous(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.anonymous, s.ip.of(r)); err != nil {
		return err
	}
	u, err := s.Users.CreateUser(r.Context(), salescoach.NewUser{IsAnonymous: true})
	if err != nil {
		return err
	}
	// A guest has nothing but this session to come back with, so it persists.
	sess, err := s.startSession(w, r, u, true)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, sess)
	return nil
}

type upgradeRequest struct {
	Email    string `json:"email"`
	Password string `json:"password"`
}

func (q *upgradeRequest) Valid() salescoach.Problems { return credentialProblems(&q.Email, q.Password) }

func (s *Server) handleUpgrade(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.upgrade, s.ip.of(r)); err != nil {
		return err
	}
	if !u.IsAnonymous {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgHasEmail)
	}
	req, err := decode[*upgradeRequest](w, r, 0)
	if err != nil {
		return err
	}
	hash, err := auth.HashPassword(req.Password)
	if err != nil {
		return err
	}
	u, err = s.Users.UpgradeAnonymous(r.Context(), u.ID, req.Email, hash)
	if salescoach.ErrorCode(err) == salescoach.ECONFLICT {
		err = salescoach.FieldError("email", salescoach.MsgEmailTaken)
	}
	if err == nil {
		if err = s.sendTokenMail(r.Context(), u, salescoach.TokenConfirmEmail, mailLanguage(r)); err != nil {
			s.log.ErrorContext(r.Context(), "confirmation mail failed", "user_id", u.ID, "err", err)
			err = errMailFailed
		}
	}
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

func (s *Server) handleAuthUser(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	au, err := s.authUserJSON(r.Context(), u)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, au)
	return nil
}

func (s *Server) handleIsAdmin(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	writeJSON(w, http.StatusOK, map[string]any{"isAdmin": u.IsAdmin})
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
