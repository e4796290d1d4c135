// Package oidctest runs a fake OpenID Connect provider for tests. It speaks
// the real protocol over HTTP (discovery, authorization with PKCE, token,
// JWKS) so that the code under test runs unchanged against it, and it has
// switches for the failures a real provider can cause.
package oidctest

import (
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"html"
	"html/template"
	"io"
	"maps"
	"math/big"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"
)

// KeyType selects the algorithm the fake signs ID tokens with.
type KeyType string

// Supported key types: Google signs with RS256, Apple with ES256 (and RS256).
const (
	RS256 KeyType = "RS256"
	ES256 KeyType = "ES256"
)

// Default client credentials of a new Server.
const (
	DefaultClientID     = "test-client"
	DefaultClientSecret = "test-secret"
)

// User is the person who "signs in" at the fake.
type User struct {
	Subject       string
	Email         string
	EmailVerified bool
	Name          string
	// HostedDomain is Google's hd claim (the Workspace domain); sent when set.
	HostedDomain string
}

// DefaultUser is the user a new Server signs in.
var DefaultUser = User{Subject: "1234567890", Email: "erika@example.com", EmailVerified: true, Name: "Erika Mustermann"}

// Option configures a Server.
type Option func(*Server)

// WithClient registers the client id and secret the fake accepts instead of
// DefaultClientID and DefaultClientSecret.
func WithClient(id, secret string) Option {
	return func(s *Server) { s.clientID, s.clientSecret = id, secret }
}

// WithRedirectURIs registers the only redirect URIs /authorize accepts.
// Without it any absolute http(s) URI is accepted.
func WithRedirectURIs(uris ...string) Option {
	return func(s *Server) { s.redirectURIs = append([]string(nil), uris...) }
}

// WithKeyType makes the fake sign ID tokens with kt (RS256 by default).
func WithKeyType(kt KeyType) Option {
	return func(s *Server) { s.keyType = kt }
}

// WithClientSecretCheck replaces the comparison with a static secret by check,
// for providers whose client secret is itself a signed JWT (Apple). A non-nil
// error makes /token answer invalid_client.
func WithClientSecretCheck(check func(clientID, secret string) error) Option {
	return func(s *Server) { s.secretCheck = check }
}

// WithAppleStyle makes the fake behave like Apple: email_verified is the
// string "true" or "false", the ID token carries no name, and a form_post
// answer to a request with the name scope includes the "user" JSON field.
func WithAppleStyle() Option {
	return func(s *Server) { s.appleStyle = true }
}

// Where a provider tells whether the e-mail is verified, besides the ID
// token's email_verified (the default).
const (
	// VerifiedInUserInfo: the ID token carries email but no email_verified;
	// the userinfo endpoint answers both (Okta's default authorization
	// server).
	VerifiedInUserInfo = "userinfo"
	// VerifiedAsXMSEdov: the ID token carries email and, instead of
	// email_verified, Microsoft Entra ID's optional claim xms_edov
	// ("email domain owner verified").
	VerifiedAsXMSEdov = "xms_edov"
)

// WithEmailVerifiedIn makes the fake tell the e-mail's verification where
// providers other than Google and Apple do: VerifiedInUserInfo or
// VerifiedAsXMSEdov.
func WithEmailVerifiedIn(where string) Option {
	return func(s *Server) { s.verifiedIn = where }
}

// SetUserInfoSubject makes the userinfo endpoint answer sub instead of the
// signed-in user's subject ("" restores it): a provider whose userinfo is
// about someone else.
func (s *Server) SetUserInfoSubject(sub string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.userInfoSub = sub
}

// WithUser sets the user who signs in (DefaultUser otherwise).
func WithUser(u User) Option {
	return func(s *Server) { s.user = u }
}

// WithNow sets the fake's clock for iat and exp of ID tokens and the expiry
// of codes (time.Now otherwise).
func WithNow(now func() time.Time) Option {
	return func(s *Server) { s.now = now }
}

// WithIssuer makes the fake announce iss ("https://accounts.google.com",
// say) as its issuer and as the base of its endpoints. Requests still reach
// the fake at URL(); the client under test must route them there (with an
// http.RoundTripper), and the browser's authorization URL must be rewritten
// before Approve.
func WithIssuer(iss string) Option {
	return func(s *Server) { s.issuer = iss }
}

// Server is a running fake provider. Its methods are safe for concurrent use.
type Server struct {
	srv *httptest.Server

	mu           sync.Mutex
	issuer       string // "" means the server's URL
	tokenIssuer  string // iss of ID tokens; "" means the issuer
	clientID     string
	clientSecret string
	redirectURIs []string
	secretCheck  func(clientID, secret string) error
	appleStyle   bool
	verifiedIn   string          // "", VerifiedInUserInfo or VerifiedAsXMSEdov
	userInfoSub  string          // sub the userinfo endpoint answers instead; "" for the user's
	accessTokens map[string]User // access token → whom /userinfo describes
	keyType      KeyType
	user         User
	now          func() time.Time

	keys     []signingKey // keys[0] signs; all are published
	wrongKey *signingKey  // signs when signWrongKey is set
	codes    map[string]*grant

	signWrongKey   bool
	wrongKid       bool // the wrong key signs under its own, unpublished kid
	wrongNonce     bool
	audience       string // "" means the client id
	idTokenTTL     time.Duration
	discoveryFails int // HTTP status for discovery, 0 for success
	tokenFails     int // HTTP status for /token, 0 for normal behaviour
	requests       map[string]int
	holds          map[string]*hold
	authAge        time.Duration // auth_time is this long before the token's iat
	lastAuthorize  url.Values    // the parameters of the last authorization request
}

// hold keeps requests to one path waiting (see Hold).
type hold struct {
	entered, release chan struct{}
	once             sync.Once
}

type signingKey struct {
	kid  string
	priv crypto.Signer
}

// grant is what an issued code stands for.
type grant struct {
	clientID    string
	redirectURI string
	challenge   string
	nonce       string
	user        User
	expires     time.Time
	used        bool
}

// New starts a fake provider that stops when the test ends.
func New(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s, mux, err := build(opts)
	if err != nil {
		t.Fatalf("oidctest: %v", err)
	}
	s.srv = httptest.NewServer(mux)
	t.Cleanup(s.srv.Close)
	return s
}

// NewHandler returns a fake provider that the caller serves at issuer
// (cmd/oidcfake, for the end-to-end tests), and its handler. URL and
// Client are for New's servers only.
func NewHandler(issuer string, opts ...Option) (*Server, http.Handler, error) {
	s, mux, err := build(append(opts, WithIssuer(issuer)))
	return s, mux, err
}

func build(opts []Option) (*Server, *http.ServeMux, error) {
	s := &Server{
		clientID:     DefaultClientID,
		clientSecret: DefaultClientSecret,
		keyType:      RS256,
		user:         DefaultUser,
		now:          time.Now,
		idTokenTTL:   time.Hour,
		codes:        map[string]*grant{},
		requests:     map[string]int{},
		holds:        map[string]*hold{},
		accessTokens: map[string]User{},
	}
	for _, o := range opts {
		o(s)
	}
	if s.keyType != RS256 && s.keyType != ES256 {
		return nil, nil, fmt.Errorf("unsupported key type %q", s.keyType)
	}
	k, err := s.generateKey()
	if err != nil {
		return nil, nil, err
	}
	s.keys = []signingKey{k}
	mux := http.NewServeMux()
	mux.HandleFunc("GET /.well-known/openid-configuration", s.count(s.discovery))
	mux.HandleFunc("/authorize", s.count(s.authorize))
	mux.HandleFunc("POST /token", s.count(s.token))
	mux.HandleFunc("GET /jwks", s.count(s.jwks))
	mux.HandleFunc("GET /userinfo", s.count(s.userinfo))
	return s, mux, nil
}

func (s *Server) newKey(t testing.TB) signingKey {
	t.Helper()
	k, err := s.generateKey()
	if err != nil {
		t.Fatalf("oidctest: generate key: %v", err)
	}
	return k
}

func (s *Server) generateKey() (signingKey, error) {
	var priv crypto.Signer
	var err error
	if s.keyType == ES256 {
		priv, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	} else {
		priv, err = rsa.GenerateKey(rand.Reader, 2048)
	}
	if err != nil {
		return signingKey{}, err
	}
	return signingKey{kid: rand.Text()[:16], priv: priv}, nil
}

// Issuer returns the issuer URL (also the server's base URL).
func (s *Server) Issuer() string {
	if s.issuer != "" {
		return s.issuer
	}
	return s.srv.URL
}

// URL returns the server's base URL, which is also the issuer unless
// WithIssuer says otherwise.
func (s *Server) URL() string { return s.srv.URL }

// SetIDTokenIssuer makes ID tokens name iss as their issuer ("" restores the
// issuer).
func (s *Server) SetIDTokenIssuer(iss string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenIssuer = iss
}

// Client returns an HTTP client for the fake.
func (s *Server) Client() *http.Client { return s.srv.Client() }

// ClientID returns the client id the fake accepts.
func (s *Server) ClientID() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientID
}

// ClientSecret returns the static client secret the fake accepts.
func (s *Server) ClientSecret() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.clientSecret
}

// SetUser changes who signs in at the next authorization.
func (s *Server) SetUser(u User) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.user = u
}

// RotateKey makes a new key the signing key. The JWKS publishes it first and
// keeps the previous one, as real providers do during a rotation.
func (s *Server) RotateKey(t testing.TB) {
	t.Helper()
	k := s.newKey(t)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keys = []signingKey{k, s.keys[0]}
}

// SignWithWrongKey makes ID tokens carry the current kid but a signature by a
// key the JWKS does not publish.
func (s *Server) SignWithWrongKey(t testing.TB, on bool) {
	t.Helper()
	var k *signingKey
	if on {
		nk := s.newKey(t)
		k = &nk
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.signWrongKey, s.wrongKey, s.wrongKid = on, k, false
}

// SignWithUnpublishedKey makes ID tokens carry the kid and signature of a key
// the JWKS does not publish, as a token signed with a key the client has not
// seen yet would.
func (s *Server) SignWithUnpublishedKey(t testing.TB, on bool) {
	t.Helper()
	s.SignWithWrongKey(t, on)
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrongKid = on
}

// RetireOldKeys stops publishing every key but the current signing key, as a
// provider does at the end of a rotation.
func (s *Server) RetireOldKeys() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.keys = s.keys[:1]
}

// Hold makes requests to path ("/jwks", say) wait until release is called
// or the client gives up; entered is closed when the first of them arrives.
// Release is safe to call more than once and is called when the test ends.
func (s *Server) Hold(t testing.TB, path string) (entered <-chan struct{}, release func()) {
	h := &hold{entered: make(chan struct{}), release: make(chan struct{})}
	s.mu.Lock()
	s.holds[path] = h
	s.mu.Unlock()
	var once sync.Once
	release = func() {
		once.Do(func() {
			s.mu.Lock()
			if s.holds[path] == h {
				delete(s.holds, path)
			}
			s.mu.Unlock()
			close(h.release)
		})
	}
	t.Cleanup(release)
	return h.entered, release
}

// UseWrongNonce makes ID tokens carry a nonce other than the requested one.
func (s *Server) UseWrongNonce(on bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrongNonce = on
}

// SetAudience makes ID tokens name aud as their audience ("" restores the
// client id).
func (s *Server) SetAudience(aud string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.audience = aud
}

// SetIDTokenTTL sets the lifetime of issued ID tokens (one hour by default).
func (s *Server) SetIDTokenTTL(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.idTokenTTL = d
}

// SetAuthAge makes ID tokens say that the person signed in d before the
// token was issued (auth_time = iat - d), as a provider that reused its
// own session does; 0 restores a sign-in at the moment of the request.
func (s *Server) SetAuthAge(d time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.authAge = d
}

// LastAuthorize returns the parameters of the last authorization request
// (prompt, max_age, ...); nil before the first.
func (s *Server) LastAuthorize() url.Values {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.lastAuthorize
}

// FailDiscovery makes the discovery endpoint answer with status (0 restores
// the document).
func (s *Server) FailDiscovery(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.discoveryFails = status
}

// FailToken makes the token endpoint answer with status and a server_error
// (0 restores normal behaviour).
func (s *Server) FailToken(status int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.tokenFails = status
}

// Requests returns how many requests reached path ("/jwks",
// "/.well-known/openid-configuration", "/authorize", "/token").
func (s *Server) Requests(path string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.requests[path]
}

func (s *Server) count(h http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.requests[r.URL.Path]++
		hd := s.holds[r.URL.Path]
		s.mu.Unlock()
		if hd != nil {
			hd.once.Do(func() { close(hd.entered) })
			select {
			case <-hd.release:
			case <-r.Context().Done():
				return
			}
		}
		h(w, r)
	}
}

func (s *Server) discovery(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	fail := s.discoveryFails
	alg := string(s.keyType)
	s.mu.Unlock()
	if fail != 0 {
		http.Error(w, "unavailable", fail)
		return
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"issuer":                                s.Issuer(),
		"authorization_endpoint":                s.Issuer() + "/authorize",
		"token_endpoint":                        s.Issuer() + "/token",
		"jwks_uri":                              s.Issuer() + "/jwks",
		"userinfo_endpoint":                     s.Issuer() + "/userinfo",
		"response_types_supported":              []string{"code"},
		"response_modes_supported":              []string{"query", "form_post"},
		"subject_types_supported":               []string{"public"},
		"id_token_signing_alg_values_supported": []string{alg},
		"scopes_supported":                      []string{"openid", "email", "profile", "name"},
		"token_endpoint_auth_methods_supported": []string{"client_secret_post", "client_secret_basic"},
		"code_challenge_methods_supported":      []string{"S256"},
		"grant_types_supported":                 []string{"authorization_code"},
	})
}

// authorize signs the configured user in without asking. Faults that make
// the redirect URI untrustworthy are answered here with 400; the others go
// back to the client as OAuth errors, as RFC 6749 §4.1.2.1 prescribes.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) {
	if err := r.ParseForm(); err != nil {
		http.Error(w, "bad request", http.StatusBadRequest)
		return
	}
	q := r.Form
	s.mu.Lock()
	clientID, registered, user := s.clientID, s.redirectURIs, s.user
	s.lastAuthorize = maps.Clone(q)
	s.mu.Unlock()

	if q.Get("client_id") != clientID {
		http.Error(w, "invalid_client: unknown client_id", http.StatusBadRequest)
		return
	}
	redirectURI := q.Get("redirect_uri")
	ru, err := url.Parse(redirectURI)
	if err != nil || !ru.IsAbs() || (ru.Scheme != "http" && ru.Scheme != "https") || ru.Fragment != "" ||
		(len(registered) > 0 && !slices.Contains(registered, redirectURI)) {
		http.Error(w, "invalid_request: redirect_uri not registered", http.StatusBadRequest)
		return
	}
	mode := q.Get("response_mode")
	if mode != "" && mode != "query" && mode != "form_post" {
		http.Error(w, "invalid_request: unsupported response_mode", http.StatusBadRequest)
		return
	}
	state := q.Get("state")
	fail := func(code, desc string) {
		v := url.Values{"error": {code}, "error_description": {desc}}
		if state != "" {
			v.Set("state", state)
		}
		s.respond(w, redirectURI, mode, v)
	}
	switch {
	case q.Get("response_type") != "code":
		fail("unsupported_response_type", "only the authorization code flow is supported")
		return
	case q.Get("code_challenge") == "":
		fail("invalid_request", "PKCE code_challenge is required")
		return
	case q.Get("code_challenge_method") != "S256":
		fail("invalid_request", "code_challenge_method must be S256")
		return
	}
	code := rand.Text()
	s.mu.Lock()
	s.codes[code] = &grant{
		clientID:    clientID,
		redirectURI: redirectURI,
		challenge:   q.Get("code_challenge"),
		nonce:       q.Get("nonce"),
		user:        user,
		expires:     s.now().Add(10 * time.Minute),
	}
	apple := s.appleStyle
	s.mu.Unlock()

	v := url.Values{"code": {code}}
	if state != "" {
		v.Set("state", state)
	}
	if apple && mode == "form_post" && slices.Contains(strings.Fields(q.Get("scope")), "name") && user.Name != "" {
		first, last, _ := strings.Cut(user.Name, " ")
		b, _ := json.Marshal(map[string]any{
			"name":  map[string]string{"firstName": first, "lastName": last},
			"email": user.Email,
		})
		v.Set("user", string(b))
	}
	s.respond(w, redirectURI, mode, v)
}

var formPostPage = template.Must(template.New("form_post").Parse(`<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>Signing in</title></head>
<body>
<form method="post" action="{{.Action}}">
{{range .Fields}}<input type="hidden" name="{{.Name}}" value="{{.Value}}">
{{end}}<button type="submit">Continue</button>
</form>
<script>document.forms[0].submit()</script>
</body>
</html>
`))

type formField struct{ Name, Value string }

// respond delivers v to the client: appended to the redirect URI, or, for
// form_post, as a page whose form the browser posts there.
func (s *Server) respond(w http.ResponseWriter, redirectURI, mode string, v url.Values) {
	if mode == "form_post" {
		var fields []formField
		for _, k := range slices.Sorted(maps.Keys(v)) {
			fields = append(fields, formField{k, v.Get(k)})
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_ = formPostPage.Execute(w, struct {
			Action template.URL
			Fields []formField
		}{template.URL(redirectURI), fields})
		return
	}
	u, _ := url.Parse(redirectURI)
	q := u.Query()
	for k := range v {
		q.Set(k, v.Get(k))
	}
	u.RawQuery = q.Encode()
	w.Header().Set("Cache-Control", "no-store")
	w.Header().Set("Location", u.String())
	w.WriteHeader(http.StatusFound)
}

func (s *Server) token(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "no-store")
	if err := r.ParseForm(); err != nil {
		tokenError(w, http.StatusBadRequest, "invalid_request", "malformed body")
		return
	}
	f := r.PostForm
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tokenFails != 0 {
		tokenError(w, s.tokenFails, "server_error", "try again later")
		return
	}
	id, secret := f.Get("client_id"), f.Get("client_secret")
	if bid, bsecret, ok := r.BasicAuth(); ok {
		id, secret = bid, bsecret
	}
	if id != s.clientID || !s.secretOK(id, secret) {
		tokenError(w, http.StatusUnauthorized, "invalid_client", "client authentication failed")
		return
	}
	if f.Get("grant_type") != "authorization_code" {
		tokenError(w, http.StatusBadRequest, "unsupported_grant_type", "")
		return
	}
	g := s.codes[f.Get("code")]
	switch {
	case g == nil || g.used || s.now().After(g.expires):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code unknown, used or expired")
		return
	case g.clientID != id:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "code issued to another client")
		return
	}
	// A code is spent by any attempt to redeem it, so a stolen code cannot
	// be retried with guessed verifiers.
	g.used = true
	switch {
	case f.Get("redirect_uri") != g.redirectURI:
		tokenError(w, http.StatusBadRequest, "invalid_grant", "redirect_uri does not match")
		return
	case !pkceOK(f.Get("code_verifier"), g.challenge):
		tokenError(w, http.StatusBadRequest, "invalid_grant", "PKCE verification failed")
		return
	}
	idToken, err := s.idToken(g)
	if err != nil {
		tokenError(w, http.StatusInternalServerError, "server_error", err.Error())
		return
	}
	access := rand.Text()
	s.accessTokens[access] = g.user
	writeJSON(w, http.StatusOK, map[string]any{
		"access_token": access,
		"token_type":   "Bearer",
		"expires_in":   3600,
		"id_token":     idToken,
	})
}

func (s *Server) secretOK(id, secret string) bool {
	if s.secretCheck != nil {
		return s.secretCheck(id, secret) == nil
	}
	return subtle.ConstantTimeCompare([]byte(secret), []byte(s.clientSecret)) == 1
}

func pkceOK(verifier, challenge string) bool {
	if len(verifier) < 43 || len(verifier) > 128 {
		return false
	}
	sum := sha256.Sum256([]byte(verifier))
	return subtle.ConstantTimeCompare([]byte(base64.RawURLEncoding.EncodeToString(sum[:])), []byte(challenge)) == 1
}

// idToken signs the ID token for g; s.mu is held.
func (s *Server) idToken(g *grant) (string, error) {
	now := s.now()
	aud := s.audience
	if aud == "" {
		aud = s.clientID
	}
	iss := s.tokenIssuer
	if iss == "" {
		iss = s.Issuer()
	}
	claims := jwt.MapClaims{
		"iss":       iss,
		"sub":       g.user.Subject,
		"aud":       aud,
		"azp":       s.clientID,
		"iat":       now.Unix(),
		"exp":       now.Add(s.idTokenTTL).Unix(),
		"auth_time": now.Add(-s.authAge).Unix(),
	}
	if g.nonce != "" {
		claims["nonce"] = g.nonce
		if s.wrongNonce {
			claims["nonce"] = "wrong-" + g.nonce
		}
	}
	if g.user.Email != "" {
		claims["email"] = g.user.Email
		switch {
		case s.verifiedIn == VerifiedInUserInfo:
		case s.verifiedIn == VerifiedAsXMSEdov:
			claims["xms_edov"] = g.user.EmailVerified
		case s.appleStyle:
			claims["email_verified"] = fmt.Sprint(g.user.EmailVerified)
		default:
			claims["email_verified"] = g.user.EmailVerified
		}
	}
	if g.user.HostedDomain != "" {
		claims["hd"] = g.user.HostedDomain
	}
	if g.user.Name != "" && !s.appleStyle {
		claims["name"] = g.user.Name
	}
	key := s.keys[0]
	signer, kid := key.priv, key.kid
	if s.signWrongKey {
		signer = s.wrongKey.priv
		if s.wrongKid {
			kid = s.wrongKey.kid
		}
	}
	method := jwt.SigningMethod(jwt.SigningMethodRS256)
	if s.keyType == ES256 {
		method = jwt.SigningMethodES256
	}
	t := jwt.NewWithClaims(method, claims)
	t.Header["kid"] = kid
	return t.SignedString(signer)
}

// userinfo answers OIDC Core 5.3 for an access token /token issued: sub,
// email, email_verified and name of the user it was issued for.
func (s *Server) userinfo(w http.ResponseWriter, r *http.Request) {
	tok, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
	s.mu.Lock()
	u, known := s.accessTokens[tok]
	sub := s.userInfoSub
	s.mu.Unlock()
	if !ok || !known {
		w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
		http.Error(w, "invalid token", http.StatusUnauthorized)
		return
	}
	if sub == "" {
		sub = u.Subject
	}
	answer := map[string]any{"sub": sub, "email": u.Email, "email_verified": u.EmailVerified, "name": u.Name}
	if s.verifiedIn == VerifiedAsXMSEdov {
		// Entra ID's userinfo does not tell either.
		delete(answer, "email_verified")
	}
	writeJSON(w, http.StatusOK, answer)
}

func (s *Server) jwks(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	keys := slices.Clone(s.keys)
	s.mu.Unlock()
	var out []map[string]string
	for _, k := range keys {
		switch pub := k.priv.Public().(type) {
		case *rsa.PublicKey:
			out = append(out, map[string]string{
				"kty": "RSA", "use": "sig", "alg": "RS256", "kid": k.kid,
				"n": b64(pub.N.Bytes()),
				"e": b64(big.NewInt(int64(pub.E)).Bytes()),
			})
		case *ecdsa.PublicKey:
			raw, err := pub.Bytes()
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			out = append(out, map[string]string{
				"kty": "EC", "use": "sig", "alg": "ES256", "kid": k.kid, "crv": "P-256",
				"x": b64(raw[1:33]), "y": b64(raw[33:65]),
			})
		}
	}
	writeJSON(w, http.StatusOK, map[string]any{"keys": out})
}

func b64(b []byte) string { return base64.RawURLEncoding.EncodeToString(b) }

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func tokenError(w http.ResponseWriter, status int, code, desc string) {
	writeJSON(w, status, map[string]string{"error": code, "error_description": desc})
}

// Callback is how the fake answered an authorization request: the request the
// browser makes next to the client's redirect URI.
type Callback struct {
	Method string     // GET (query response) or POST (form_post)
	URL    string     // the redirect URI; for GET with the parameters appended
	Form   url.Values // code, state (and user, Apple-style); or error, error_description
}

var (
	formRe  = regexp.MustCompile(`<form method="post" action="([^"]*)">`)
	inputRe = regexp.MustCompile(`<input type="hidden" name="([^"]*)" value="([^"]*)">`)
)

// Approve plays the browser at authURL: it requests it without following
// redirects and returns the callback the fake sends the browser to. It fails
// the test when the fake answers anything but a redirect or a form_post page
// (an invalid client or redirect URI, for instance).
func (s *Server) Approve(t testing.TB, authURL string) Callback {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Get(authURL)
	if err != nil {
		t.Fatalf("oidctest: GET authorize: %v", err)
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusFound:
		loc, err := url.Parse(resp.Header.Get("Location"))
		if err != nil {
			t.Fatalf("oidctest: bad Location: %v", err)
		}
		return Callback{Method: http.MethodGet, URL: loc.String(), Form: loc.Query()}
	case http.StatusOK:
		b, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
		if err != nil {
			t.Fatalf("oidctest: read form_post page: %v", err)
		}
		page := string(b)
		m := formRe.FindStringSubmatch(page)
		if m == nil {
			t.Fatalf("oidctest: no form in form_post page:\n%s", page)
		}
		form := url.Values{}
		for _, in := range inputRe.FindAllStringSubmatch(page, -1) {
			form.Set(html.UnescapeString(in[1]), html.UnescapeString(in[2]))
		}
		return Callback{Method: http.MethodPost, URL: html.UnescapeString(m[1]), Form: form}
	default:
		t.Fatalf("oidctest: authorize answered %s", resp.Status)
		return Callback{}
	}
}
