package httpapi

// Company sign-in (issue 29): a team's own OpenID Connect provider. The
// protocol is the social sign-in's (oauth.go: state, nonce, PKCE, the
// browser-binding cookie, auth.Provider's token checks); what differs is
// that the provider is the team's, found by the e-mail's domain, and that a
// verified e-mail of a domain the team claimed is what lets someone in. A
// domain is claimed by its DNS TXT record (issue 38, handleVerifySSODomain),
// never by a sign-in at the provider, which the owner chose.

import (
	"context"
	"crypto/subtle"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"salescoach"
	"salescoach/auth"
)

const (
	ssoCookiePath   = "/api/auth/sso"
	ssoCallbackPath = "/api/auth/sso/callback"
	ssoTestDone     = "/app/team/sso?test=done"
	ssoFailed       = "/app/login?error=sso"
	ssoUnverified   = "/app/login?error=sso_unverified"
	ssoForeign      = "/app/login?error=sso_domain"
	ssoOff          = "/app/login?error=sso_off"
)

// ssoCache keeps one provider per team, rebuilt when the team's
// configuration changes (a provider holds discovery and keys). It compares
// the configuration itself, not only its version: settings removed and
// entered anew start at version 1 again.
type ssoCache struct {
	mu sync.Mutex
	m  map[string]ssoCached
}

type ssoCached struct {
	config string // ssoConfigKey of the settings p was built from
	p      *auth.Provider
}

// ssoConfigKey identifies the settings a provider depends on. The sealed
// secret differs for every sealing (a fresh nonce), so a secret entered anew
// is a new key even when it is the same.
func ssoConfigKey(t *salescoach.TeamSSO) string {
	return strings.Join([]string{strconv.Itoa(t.ConfigVersion), t.Issuer, t.ClientID, t.SealedSecret}, "\x00")
}

// ssoRedirectURI is the callback the owner registers at the provider.
func (s *Server) ssoRedirectURI() string { return s.cfg.PublicURL + ssoCallbackPath }

// ssoProvider returns the team's provider, discovered. It returns
// EUNAVAILABLE (MsgSSOUnavailable) when the provider cannot be reached or
// its secret does not open.
func (s *Server) ssoProvider(ctx context.Context, t *salescoach.TeamSSO) (*auth.Provider, error) {
	c := &s.ssoProviders
	c.mu.Lock()
	cached, ok := c.m[t.TeamID]
	c.mu.Unlock()
	p := cached.p
	if key := ssoConfigKey(t); !ok || cached.config != key {
		secret, err := s.SSOSealer.Open(t.TeamID, t.SealedSecret)
		if err != nil {
			s.log.ErrorContext(ctx, "company sign-in: client secret does not open", "team_id", t.TeamID, "err", err)
			return nil, salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSSOUnavailable)
		}
		p, err = auth.NewProvider(ctx, s.ssoProviderConfig(t.TeamID, t.Issuer, t.ClientID, secret))
		if p == nil {
			s.log.WarnContext(ctx, "company sign-in: provider unusable", "team_id", t.TeamID, "err", err)
			return nil, salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSSOUnavailable)
		}
		c.mu.Lock()
		if c.m == nil {
			c.m = map[string]ssoCached{}
		}
		c.m[t.TeamID] = ssoCached{config: key, p: p}
		c.mu.Unlock()
	}
	if err := p.Discover(ctx); err != nil {
		return nil, salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSSOUnavailable)
	}
	return p, nil
}

func (s *Server) ssoProviderConfig(teamID, issuer, clientID, secret string) auth.ProviderConfig {
	return auth.ProviderConfig{Name: salescoach.SSOProviderPrefix + teamID, Issuer: issuer, ClientID: clientID,
		ClientSecret: secret, RedirectURL: s.ssoRedirectURI(), Scopes: []string{"openid", "email", "profile"},
		HTTPClient: s.SSOFetch.APIClient(), Logger: s.log}
}

// teamSSOJSON is GET /api/team/sso's answer.
type teamSSOJSON struct {
	Configured      bool            `json:"configured"`
	Issuer          string          `json:"issuer"`
	ClientID        string          `json:"clientId"`
	ClientSecretSet bool            `json:"clientSecretSet"`
	Domains         []ssoDomainJSON `json:"domains"`
	Enforced        bool            `json:"enforced"`
	DefaultRole     string          `json:"defaultRole"`
	Active          bool            `json:"active"`
	AdminDisabled   bool            `json:"adminDisabled"`
	RedirectURI     string          `json:"redirectUri"`
	LastTest        *ssoTestJSON    `json:"lastTest"`
	// ClientSecretExpiresOn is the secret's expiry date (YYYY-MM-DD) as
	// the owner entered it, null without one.
	ClientSecretExpiresOn *string `json:"clientSecretExpiresOn"`
}

// ssoDateLayout is the form of a client secret's expiry date.
const ssoDateLayout = "2006-01-02"

type ssoDomainJSON struct {
	Domain  string `json:"domain"`
	Claimed bool   `json:"claimed"`
	// DNSName and DNSValue are the TXT record that proves the domain.
	DNSName  string `json:"dnsName"`
	DNSValue string `json:"dnsValue"`
}

type ssoTestJSON struct {
	At            time.Time `json:"at"`
	OK            bool      `json:"ok"`
	Current       bool      `json:"current"`
	Subject       string    `json:"subject"`
	Email         string    `json:"email"`
	EmailVerified bool      `json:"emailVerified"`
	Error         *string   `json:"error"`
}

func (s *Server) toTeamSSOJSON(t *salescoach.TeamSSO) teamSSOJSON {
	out := teamSSOJSON{Domains: []ssoDomainJSON{}, DefaultRole: salescoach.RoleMember, RedirectURI: s.ssoRedirectURI()}
	if t == nil {
		return out
	}
	out.Configured, out.Issuer, out.ClientID, out.ClientSecretSet = true, t.Issuer, t.ClientID, t.SealedSecret != ""
	for _, d := range t.Domains {
		name, value := s.ssoChallenge(t.TeamID, d.Domain)
		out.Domains = append(out.Domains, ssoDomainJSON{Domain: d.Domain, Claimed: d.Claimed, DNSName: name, DNSValue: value})
	}
	out.Enforced, out.DefaultRole, out.Active, out.AdminDisabled = t.Enforced, t.DefaultRole, t.Active, t.AdminDisabledAt != nil
	if lt := t.LastTest; lt != nil {
		j := &ssoTestJSON{At: lt.At, OK: lt.OK, Current: t.TestCurrent(), Subject: lt.Subject, Email: lt.Email,
			EmailVerified: lt.EmailVerified}
		if lt.Error != "" {
			e := lt.Error
			j.Error = &e
		}
		out.LastTest = j
	}
	if e := t.SecretExpiresAt; e != nil {
		d := e.UTC().Format(ssoDateLayout)
		out.ClientSecretExpiresOn = &d
	}
	return out
}

// ssoChallenge is the TXT record (name, value) by which teamID proves
// domain.
func (s *Server) ssoChallenge(teamID, domain string) (string, string) {
	return salescoach.SSOChallengeName(domain), salescoach.SSOChallengeValue(s.SSOSealer.DomainChallenge(teamID, domain))
}

// ssoOn reports whether the company sign-in is wired (store, sealer and
// guarded client).
func (s *Server) ssoOn() bool { return s.TeamSSO != nil && s.SSOSealer != nil && s.SSOFetch != nil }

// requireSSO is requireTeams for the company sign-in's owner endpoints.
func (s *Server) requireSSO(next userHandlerFunc) http.Handler {
	return s.requireTeams(func(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
		if !s.ssoOn() {
			return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSONotConfigured)
		}
		return next(w, r, u)
	})
}

func (s *Server) handleGetTeamSSO(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	t, err := s.TeamSSO.TeamSSO(r.Context(), u.ID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, s.toTeamSSOJSON(t))
	return nil
}

type putTeamSSORequest struct {
	Issuer       string   `json:"issuer"`
	ClientID     string   `json:"clientId"`
	ClientSecret string   `json:"clientSecret"`
	Domains      []string `json:"domains"`
	Enforced     bool     `json:"enforced"`
	DefaultRole  string   `json:"defaultRole"`
	Active       bool     `json:"active"`
	// ClientSecretExpiresOn is the secret's expiry date (YYYY-MM-DD), null
	// or absent for none.
	ClientSecretExpiresOn *string    `json:"clientSecretExpiresOn"`
	expiresAt             *time.Time // ClientSecretExpiresOn parsed (midnight UTC)
}

// Valid checks everything but the issuer's scheme rule, which needs the
// server's allowance (checkIssuer).
func (q *putTeamSSORequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	q.Issuer = strings.TrimSpace(q.Issuer)
	q.ClientID = strings.TrimSpace(q.ClientID)
	if q.ClientID == "" || utf8.RuneCountInString(q.ClientID) > salescoach.MaxSSOClientID {
		p["clientId"] = salescoach.MsgSSOClientIDInvalid.With("max", salescoach.MaxSSOClientID)
	}
	if len(q.ClientSecret) > salescoach.MaxSSOClientSecret {
		p["clientSecret"] = salescoach.MsgSSOSecretTooLong.With("max", salescoach.MaxSSOClientSecret)
	}
	if len(q.Domains) == 0 || len(q.Domains) > salescoach.MaxSSODomains {
		p["domains"] = salescoach.MsgSSODomainsCount.With("max", salescoach.MaxSSODomains)
	} else {
		seen := make([]string, 0, len(q.Domains))
		for _, d := range q.Domains {
			d = strings.ToLower(strings.TrimSpace(d))
			if !salescoach.ValidSSODomain(d) {
				p["domains"] = salescoach.MsgSSOBadDomain.With("domain", truncate(d, 100))
				break
			}
			if salescoach.IsFreeMailDomain(d) {
				p["domains"] = salescoach.MsgSSODomainFreeMail.With("domain", d)
				break
			}
			if slices.Contains(seen, d) {
				p["domains"] = salescoach.MsgSSODomainDuplicate.With("domain", d)
				break
			}
			seen = append(seen, d)
		}
		q.Domains = seen
	}
	if v := q.ClientSecretExpiresOn; v != nil && *v != "" {
		d, err := time.Parse(ssoDateLayout, *v)
		if err != nil {
			p["clientSecretExpiresOn"] = salescoach.MsgSSOSecretExpiryInvalid
		} else {
			q.expiresAt = &d
		}
	}
	switch q.DefaultRole {
	case "":
		q.DefaultRole = salescoach.RoleMember
	case salescoach.RoleMember, salescoach.RoleManager:
	default:
		p["defaultRole"] = salescoach.MsgTeamBadRole
	}
	if len(p) == 0 {
		return nil
	}
	return p
}

// checkIssuer returns the problem of an issuer URL: absolute, https (http
// only for an IP literal inside SSO_ALLOW), no query, fragment or userinfo,
// at most MaxSSOIssuer characters.
func (s *Server) checkIssuer(raw string) *salescoach.Msg {
	invalid := salescoach.MsgSSOIssuerInvalid.With("max", salescoach.MaxSSOIssuer)
	u, err := url.Parse(raw)
	if raw == "" || len(raw) > salescoach.MaxSSOIssuer || err != nil || u.Host == "" || u.User != nil ||
		u.RawQuery != "" || u.ForceQuery || u.Fragment != "" || strings.Contains(raw, "#") {
		if err == nil && u.Scheme != "" && u.Scheme != "https" && u.Scheme != "http" {
			return &salescoach.MsgSSOBadIssuer
		}
		return &invalid
	}
	switch {
	case u.Scheme == "https":
		return nil
	case u.Scheme == "http" && s.SSOFetch.AllowsPlainHTTP(u):
		return nil
	}
	return &salescoach.MsgSSOBadIssuer
}

// handlePutTeamSSO saves the settings; a new issuer must answer discovery.
func (s *Server) handlePutTeamSSO(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*putTeamSSORequest](w, r, 0)
	if err != nil {
		return err
	}
	if m := s.checkIssuer(req.Issuer); m != nil {
		return salescoach.FieldError("issuer", *m)
	}
	ctx := r.Context()
	cur, err := s.TeamSSO.TeamSSO(ctx, u.ID) // the owner only
	if err != nil {
		return err
	}
	ms, err := s.Teams.MyTeam(ctx, u.ID)
	if err != nil {
		return err
	}
	if cur == nil && req.ClientSecret == "" {
		return salescoach.FieldError("clientSecret", salescoach.MsgSSOSecretRequired)
	}
	// A new expiry date lies ahead (today at the earliest), at most
	// MaxSSOSecretExpiry; the stored one may stay however old it is.
	if d := req.expiresAt; d != nil && (cur == nil || cur.SecretExpiresAt == nil || !cur.SecretExpiresAt.Equal(*d)) {
		today := s.now().UTC().Truncate(24 * time.Hour)
		if d.Before(today) || d.After(today.Add(salescoach.MaxSSOSecretExpiry)) {
			return salescoach.FieldError("clientSecretExpiresOn", salescoach.MsgSSOSecretExpiryInvalid)
		}
	}
	if cur == nil || cur.Issuer != req.Issuer {
		// Discovery only: the secret plays no part in it.
		p, err := auth.NewProvider(ctx, s.ssoProviderConfig(ms.Team.ID, req.Issuer, req.ClientID, "discovery"))
		if err != nil || p == nil {
			s.log.InfoContext(ctx, "company sign-in: discovery failed", "team_id", ms.Team.ID, "err", err)
			return salescoach.FieldError("issuer", salescoach.MsgSSODiscoveryFailed)
		}
	}
	upd := salescoach.SSOUpdate{Issuer: req.Issuer, ClientID: req.ClientID, Domains: req.Domains,
		Enforced: req.Enforced, DefaultRole: req.DefaultRole, Active: req.Active, SecretExpiresAt: req.expiresAt}
	if req.ClientSecret != "" {
		upd.SealedSecret = s.SSOSealer.Seal(ms.Team.ID, req.ClientSecret)
	}
	t, ended, err := s.TeamSSO.SaveTeamSSO(ctx, u.ID, ms.Team.ID, upd, s.now())
	if err != nil {
		return err
	}
	if len(ended) > 0 {
		// Enforcement began: the members' and managers' sessions ended in
		// the save; their open live-update streams close on this.
		s.log.InfoContext(ctx, "company sign-in enforced: member sessions ended", "team_id", t.TeamID, "users", len(ended))
		if s.Hub != nil {
			changes := make([]salescoach.Change, 0, len(ended))
			for _, id := range ended {
				changes = append(changes, salescoach.Change{UserID: id, Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: id})
			}
			s.Hub.Publish(ctx, changes...)
		}
	}
	writeJSON(w, http.StatusOK, s.toTeamSSOJSON(t))
	return nil
}

type verifyDomainRequest struct {
	Domain string `json:"domain"`
}

func (q *verifyDomainRequest) Valid() salescoach.Problems {
	q.Domain = strings.TrimSuffix(strings.ToLower(strings.TrimSpace(q.Domain)), ".")
	if !salescoach.ValidSSODomain(q.Domain) {
		return salescoach.Problems{"domain": salescoach.MsgSSOBadDomain.With("domain", truncate(q.Domain, 100))}
	}
	return nil
}

// handleVerifySSODomain proves a listed domain by its TXT record and claims
// it for the team. The name looked up is the fixed challenge label under a
// domain the owner listed, asked of the configured DNS (SSO_DNS_SERVER or
// the system's), never of anything the request names.
func (s *Server) handleVerifySSODomain(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.ssoVerify, u.ID); err != nil {
		return err
	}
	req, err := decode[*verifyDomainRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx, domain := r.Context(), req.Domain
	t, err := s.TeamSSO.TeamSSO(ctx, u.ID) // the owner only
	if err != nil {
		return err
	}
	if t == nil {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSONotConfigured)
	}
	if salescoach.IsFreeMailDomain(domain) {
		return salescoach.FieldError("domain", salescoach.MsgSSODomainFreeMail.With("domain", domain))
	}
	if !t.Lists(domain) {
		return salescoach.FieldError("domain", salescoach.MsgSSODomainNotListed.With("domain", domain))
	}
	if !t.Claims(domain) {
		name, value := s.ssoChallenge(t.TeamID, domain)
		found, err := s.ssoDNSProof(ctx, name, value)
		if err != nil {
			return err
		}
		if !found {
			return salescoach.NewError(salescoach.ECONFLICT,
				salescoach.MsgSSODomainUnverified.With("domain", domain).With("dnsName", name).With("dnsValue", value))
		}
		if t, err = s.TeamSSO.ClaimSSODomain(ctx, u.ID, t.TeamID, domain, s.now()); err != nil {
			return err
		}
		s.log.InfoContext(ctx, "company sign-in: domain proven by DNS", "team_id", t.TeamID, "domain", domain)
	}
	writeJSON(w, http.StatusOK, s.toTeamSSOJSON(t))
	return nil
}

// ssoDNSProof reports whether one of name's TXT records is value. A
// missing name or record is false; a DNS server that fails, or none
// configured, is EUNAVAILABLE (MsgSSODNSUnavailable).
func (s *Server) ssoDNSProof(ctx context.Context, name, value string) (bool, error) {
	if s.SSODNS == nil {
		return false, salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSSODNSUnavailable)
	}
	values, err := s.SSODNS.LookupTXT(ctx, name)
	switch salescoach.ErrorCode(err) {
	case "":
	case salescoach.ENOTFOUND:
		return false, nil
	default:
		if salescoach.ErrorCode(err) == salescoach.EUNAVAILABLE {
			s.log.WarnContext(ctx, "company sign-in: DNS lookup failed", "name", name, "err", err)
		}
		return false, err
	}
	for _, v := range values {
		// The value is public once published; quotes a DNS console kept
		// around it do not make it another.
		if strings.Trim(v, " \"") == value {
			return true, nil
		}
	}
	return false, nil
}

func (s *Server) handleDeleteTeamSSO(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.TeamSSO.DeleteTeamSSO(r.Context(), u.ID); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// handleTestTeamSSO starts the owner's test sign-in at the provider.
func (s *Server) handleTestTeamSSO(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	ctx := r.Context()
	t, err := s.TeamSSO.TeamSSO(ctx, u.ID)
	if err != nil {
		return err
	}
	if t == nil {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSSOTestUnsaved)
	}
	p, err := s.ssoProvider(ctx, t)
	if err != nil {
		return err
	}
	to, err := s.beginOAuth(w, r, p, &salescoach.OAuthState{Provider: salescoach.SSOProviderPrefix + t.TeamID,
		Intent: salescoach.OAuthIntentSSOTest, UserID: u.ID})
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": to})
	return nil
}

type ssoStartRequest struct {
	Email    string `json:"email"`
	Remember bool   `json:"remember"`
	Language string `json:"language"`
}

func (q *ssoStartRequest) Valid() salescoach.Problems {
	if salescoach.EmailDomain(q.Email) == "" {
		return salescoach.Problems{"email": salescoach.MsgSSOEmailInvalid}
	}
	q.Email = strings.TrimSpace(q.Email)
	if q.Language != salescoach.LanguageDE && q.Language != salescoach.LanguageEN {
		q.Language = ""
	}
	return nil
}

// handleSSOStart picks the team by the e-mail's domain and sends the browser
// to its provider.
func (s *Server) handleSSOStart(w http.ResponseWriter, r *http.Request) error {
	if !s.ssoOn() {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSONotConfigured)
	}
	if err := s.rateLimit(s.limits.signup, "oauth:"+s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*ssoStartRequest](w, r, 0)
	if err != nil {
		return err
	}
	ctx := r.Context()
	t, err := s.TeamSSO.ActiveTeamSSOForDomain(ctx, salescoach.EmailDomain(req.Email))
	if err != nil {
		return err
	}
	p, err := s.ssoProvider(ctx, t)
	if err != nil {
		return err
	}
	to, err := s.beginOAuthHint(w, r, p, &salescoach.OAuthState{Provider: salescoach.SSOProviderPrefix + t.TeamID,
		Remember: req.Remember, Intent: salescoach.OAuthIntentSignIn, Language: req.Language}, req.Email)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"url": to})
	return nil
}

// ssoRefusal is a failed company sign-in with the page it goes to.
type ssoRefusal struct {
	to    string
	cause string
}

func (e *ssoRefusal) Error() string { return "company sign-in refused: " + e.cause }

// handleSSOCallback completes a company sign-in or the owner's test. Every
// failure goes to the login page (a test: to the settings page, which
// shows the stored result).
func (s *Server) handleSSOCallback(w http.ResponseWriter, r *http.Request) {
	next, err := s.ssoCallback(w, r)
	if err != nil {
		s.log.WarnContext(r.Context(), "company sign-in failed", "err", err)
		if next == "" {
			next = ssoFailed
		}
	}
	http.Redirect(w, r, s.cfg.PublicURL+next, http.StatusSeeOther)
}

func (s *Server) ssoCallback(w http.ResponseWriter, r *http.Request) (string, error) {
	if !s.ssoOn() {
		return "", salescoach.Errorf(salescoach.ENOTFOUND, "company sign-in not configured")
	}
	r.Body = http.MaxBytesReader(w, r.Body, maxJSONBody)
	if err := r.ParseForm(); err != nil {
		return "", salescoach.Errorf(salescoach.EINVALID, "bad callback form")
	}
	state, code := r.Form.Get("state"), r.Form.Get("code")
	if state == "" || len(state) > 256 || len(code) > 2048 {
		return "", salescoach.Errorf(salescoach.EINVALID, "missing state")
	}
	ctx := r.Context()
	st, err := s.Tokens.ConsumeOAuthState(ctx, auth.HashToken(state), s.now())
	if err != nil {
		return "", err
	}
	s.clearCookie(w, oauthCookie, ssoCookiePath)
	teamID, isSSO := strings.CutPrefix(st.Provider, salescoach.SSOProviderPrefix)
	fail := ""
	if st.Intent == salescoach.OAuthIntentSSOTest {
		fail = ssoTestDone
	}
	bind, err := r.Cookie(oauthCookie)
	if !isSSO || err != nil ||
		subtle.ConstantTimeCompare([]byte(auth.HashToken(bind.Value)), []byte(st.BindingHash)) != 1 {
		return fail, salescoach.Errorf(salescoach.EUNAUTHORIZED, "state not bound to this browser")
	}
	t, err := s.TeamSSO.TeamSSOByID(ctx, teamID)
	if err != nil {
		return fail, err
	}
	if st.Intent == salescoach.OAuthIntentSSOTest {
		return ssoTestDone, s.finishSSOTest(ctx, r, st, t, code)
	}
	if !t.Active {
		return ssoOff, &ssoRefusal{cause: "team sign-in off"}
	}
	if e := r.Form.Get("error"); e != "" {
		return "", salescoach.Errorf(salescoach.EUNAUTHORIZED, "provider error: %.64s", e)
	}
	p, err := s.ssoProvider(ctx, t)
	if err != nil {
		return "", err
	}
	claims, err := p.Exchange(ctx, code, st.CodeVerifier, st.Nonce)
	if err != nil {
		return "", err
	}
	if !claims.EmailVerified {
		return ssoUnverified, &ssoRefusal{cause: "e-mail not verified"}
	}
	if domain := salescoach.EmailDomain(claims.Email); !t.Claims(domain) || !issuerVouchesFor(t.Issuer, claims, domain) {
		return ssoForeign, &ssoRefusal{cause: "domain not claimed by the team"}
	}
	u, link, err := s.userForSSO(ctx, t, claims, st.Language)
	if isKey(err, salescoach.MsgSSOForeignDomain) {
		return ssoForeign, err
	}
	if err != nil {
		return "", err
	}
	if link != "" {
		return "/app/login?sso_link=" + url.QueryEscape(link), nil
	}
	return s.redirectSignIn(w, r, u, st.Remember)
}

// finishSSOTest records what the provider answered the owner. Failures are
// stored as the test's result; an error is returned only for the log.
func (s *Server) finishSSOTest(ctx context.Context, r *http.Request, st *salescoach.OAuthState, t *salescoach.TeamSSO, code string) error {
	test := salescoach.SSOTest{At: s.now(), ConfigVersion: t.ConfigVersion, Error: salescoach.MsgSSOFailed.Key}
	var cause error
	if e := r.Form.Get("error"); e != "" {
		cause = salescoach.Errorf(salescoach.EUNAUTHORIZED, "provider error: %.64s", e)
	} else if p, err := s.ssoProvider(ctx, t); err != nil {
		cause = err
	} else if claims, err := p.Exchange(ctx, code, st.CodeVerifier, st.Nonce); err != nil {
		cause = err
	} else {
		test.Subject, test.Email, test.EmailVerified = claims.Subject, claims.Email, claims.EmailVerified
		switch {
		case !claims.EmailVerified:
			test.Error = salescoach.MsgSSOUnverifiedEmail.Key
		case !t.Lists(salescoach.EmailDomain(claims.Email)), !issuerVouchesFor(t.Issuer, claims, salescoach.EmailDomain(claims.Email)):
			test.Error = salescoach.MsgSSOForeignDomain.Key
		default:
			test.OK, test.Error = true, ""
		}
	}
	if _, err := s.TeamSSO.RecordSSOTest(ctx, st.UserID, t.TeamID, test, salescoach.EmailDomain(test.Email)); err != nil {
		return err
	}
	return cause
}

// userForSSO finds or creates the user of a verified company sign-in. It
// signs into an existing account only through an identity linked before
// or, for a confirmed account, through the link step (its password): it
// returns the user, or the token of a pending link. Whoever signs in must
// be in the team or join it by a domain the team claimed (EnterSSOTeam).
func (s *Server) userForSSO(ctx context.Context, t *salescoach.TeamSSO, c *auth.IDClaims, lang string) (*salescoach.User, string, error) {
	now := s.now()
	if id, err := s.TeamSSO.SSOIdentityUser(ctx, t.TeamID, c.Subject); err == nil {
		if err := s.TeamSSO.EnterSSOTeam(ctx, t.TeamID, id, t.DefaultRole, now); err != nil {
			return nil, "", err
		}
		u, err := s.Users.UserByID(ctx, id)
		return u, "", err
	} else if salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		return nil, "", err
	}
	email := strings.TrimSpace(c.Email)
	u, err := s.Users.UserByEmail(ctx, email)
	switch {
	case salescoach.ErrorCode(err) == salescoach.ENOTFOUND:
		u, err = s.Users.CreateUser(ctx, salescoach.NewUser{Email: email, DisplayName: truncate(c.Name, 100),
			EmailConfirmed: true, IsAdmin: s.isAdminEmail(email), Language: lang})
		if err != nil {
			return nil, "", err
		}
	case err != nil:
		return nil, "", err
	case u.EmailConfirmedAt == nil:
		// Whoever set this account's password never proved the mailbox;
		// the company, which proved the domain, just did (as with Google
		// and Apple, oauth.go).
		if err := s.Users.SetPassword(ctx, u.ID, ""); err != nil {
			return nil, "", err
		}
		if err := s.confirmEmail(ctx, u.ID); err != nil {
			return nil, "", err
		}
	default:
		// An account someone already uses: only its password links it,
		// and only one that may enter the team.
		ms, err := s.Teams.MyTeam(ctx, u.ID)
		if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			return nil, "", err
		}
		if ms != nil && ms.Team.ID != t.TeamID {
			return nil, "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgTeamAlreadyMember)
		}
		token := auth.NewOpaqueToken()
		if err := s.TeamSSO.CreateSSOLink(ctx, &salescoach.SSOPendingLink{TokenHash: auth.HashToken(token),
			TeamID: t.TeamID, UserID: u.ID, Subject: c.Subject, Email: email, CreatedAt: now,
			ExpiresAt: now.Add(salescoach.SSOLinkTTL)}); err != nil {
			return nil, "", err
		}
		return nil, token, nil
	}
	if err := s.TeamSSO.LinkSSOIdentity(ctx, t.TeamID, c.Subject, u.ID, email, t.DefaultRole, now); err != nil {
		return nil, "", err
	}
	u, err = s.Users.UserByID(ctx, u.ID)
	return u, "", err
}

// ssoLinkToken reads and bounds a pending link's token.
func ssoLinkToken(token string) (string, error) {
	if token == "" || len(token) > 200 {
		return "", salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSOLinkInvalid)
	}
	return auth.HashToken(token), nil
}

// handleSSOLinkInfo tells the link page whose account waits for which team.
func (s *Server) handleSSOLinkInfo(w http.ResponseWriter, r *http.Request) error {
	if s.TeamSSO == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSOLinkInvalid)
	}
	if err := s.rateLimit(s.limits.tokenUse, s.ip.of(r)); err != nil {
		return err
	}
	hash, err := ssoLinkToken(r.URL.Query().Get("token"))
	if err != nil {
		return err
	}
	ctx := r.Context()
	l, err := s.TeamSSO.SSOLink(ctx, hash, s.now())
	if err != nil {
		return err
	}
	pw, err := s.Users.PasswordHash(ctx, l.UserID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]any{"email": l.Email, "teamName": l.TeamName, "hasPassword": pw != ""})
	return nil
}

type ssoLinkRequest struct {
	Token    string `json:"token"`
	Password string `json:"password"`
	Remember bool   `json:"remember"`
}

func (q *ssoLinkRequest) Valid() salescoach.Problems { return nil }

// handleSSOLink links a pending company sign-in to the existing account
// that proves its password, and answers as the password sign-in does.
func (s *Server) handleSSOLink(w http.ResponseWriter, r *http.Request) error {
	if s.TeamSSO == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSOLinkInvalid)
	}
	addr := addressKey(s.ip.of(r))
	if err := s.rateLimit(s.limits.loginIP, addr); err != nil {
		return err
	}
	req, err := decode[*ssoLinkRequest](w, r, 0)
	if err != nil {
		return err
	}
	hash, err := ssoLinkToken(req.Token)
	if err != nil {
		return err
	}
	ctx := r.Context()
	l, err := s.TeamSSO.SSOLink(ctx, hash, s.now())
	if err != nil {
		return err
	}
	owner, err := s.Users.UserByID(ctx, l.UserID)
	if err != nil {
		return err
	}
	account := strings.ToLower(owner.Email)
	if err := s.signInAllowed(ctx, account, addr); err != nil {
		return err
	}
	u, err := s.checkPassword(ctx, owner.Email, req.Password)
	if err == errInvalidCredentials {
		s.limits.loginFailPair.add(account + "\x00" + addr)
		s.limits.loginFailAccount.add(account)
	}
	if err != nil {
		return err
	}
	if _, err := s.TeamSSO.CompleteSSOLink(ctx, hash, s.now()); err != nil {
		return err
	}
	return s.answerSignIn(w, r, u, req.Remember)
}

// handleAdminDisableTeamSSO switches a team's company sign-in off.
func (s *Server) handleAdminDisableTeamSSO(w http.ResponseWriter, r *http.Request, admin *salescoach.User) error {
	if s.TeamSSO == nil {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSONotConfigured)
	}
	teamID := r.PathValue("teamId")
	if !salescoach.IsUUID(teamID) {
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSSONotConfigured)
	}
	if err := s.TeamSSO.DisableTeamSSO(r.Context(), teamID, admin.ID, s.now()); err != nil {
		return err
	}
	s.log.InfoContext(r.Context(), "company sign-in switched off by an admin", "team_id", teamID, "admin_id", admin.ID)
	w.WriteHeader(http.StatusNoContent)
	return nil
}

// issuerVouchesFor reports whether the provider speaks for the e-mail's
// domain. A company's own provider does for every address it verifies. Google
// (https://accounts.google.com) signs in every Google account, a consumer
// account made with a company address too, so there the hd claim, the Google
// Workspace the account belongs to, must be that domain: what Google's
// OpenID Connect documentation says to check when only one domain's members
// may sign in.
func issuerVouchesFor(issuer string, c *auth.IDClaims, domain string) bool {
	if strings.TrimSuffix(issuer, "/") != auth.GoogleIssuer {
		return true
	}
	return c.HostedDomain != "" && strings.EqualFold(c.HostedDomain, domain)
}
