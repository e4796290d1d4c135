package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/subtle"
	"crypto/x509"
	"encoding/base64"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"salescoach"
)

// Issuers of the supported sign-in providers, as their discovery documents
// state them.
const (
	GoogleIssuer = "https://accounts.google.com"
	AppleIssuer  = "https://appleid.apple.com"
)

// googleLegacyIssuer is the second iss value Google documents for its ID
// tokens ("https://accounts.google.com or accounts.google.com").
const googleLegacyIssuer = "accounts.google.com"

// ResponseModeFormPost makes the provider POST code and state to the redirect
// URL instead of appending them to it. Apple requires it when the name or
// email scope is requested.
const ResponseModeFormPost = "form_post"

const (
	// DefaultProviderTimeout bounds every request to a provider.
	DefaultProviderTimeout = 10 * time.Second
	// maxProviderBody caps every provider response we read.
	maxProviderBody = 1 << 20
	// appleSecretTTL keeps a minted Apple client secret short-lived: it is a
	// bearer credential, and minting costs one ECDSA signature.
	appleSecretTTL = time.Hour
	// appleSecretMaxTTL is Apple's documented upper bound (15777000 s).
	appleSecretMaxTTL = 15777000 * time.Second
)

// ProviderConfig configures one OpenID Connect provider. GoogleConfig and
// AppleConfig fill in the provider-specific parts.
type ProviderConfig struct {
	// Name identifies the provider in logs ("google", "apple").
	Name string
	// Issuer is the provider's issuer URL; discovery is fetched from
	// Issuer + "/.well-known/openid-configuration" and must name this issuer.
	Issuer   string
	ClientID string
	// ClientSecret is a static secret (Google). Set it or ClientSecretFunc,
	// not both.
	ClientSecret string
	// ClientSecretFunc mints a secret for each token request (Apple's signed
	// JWT, see AppleClientSecretFunc).
	ClientSecretFunc func() (string, error)
	// RedirectURL is our callback, registered with the provider.
	RedirectURL string
	// Scopes defaults to openid, email and profile.
	Scopes []string
	// ResponseMode is "" (query) or ResponseModeFormPost.
	ResponseMode string
	// HTTPClient defaults to a client with Timeout. Tests pass the fake's.
	HTTPClient *http.Client
	// Timeout bounds each request to the provider (DefaultProviderTimeout
	// when zero), even when HTTPClient has no timeout of its own.
	Timeout time.Duration
	// Now is the clock for checking ID-token times (time.Now when nil).
	Now func() time.Time
	// Logger receives the cause of every failure (never a code or token);
	// slog.Default() when nil.
	Logger *slog.Logger
}

// GoogleConfig returns the configuration for "Sign in with Google" with the
// OAuth client of the Google Cloud console.
func GoogleConfig(clientID, clientSecret, redirectURL string) ProviderConfig {
	return ProviderConfig{
		Name:         "google",
		Issuer:       GoogleIssuer,
		ClientID:     clientID,
		ClientSecret: clientSecret,
		RedirectURL:  redirectURL,
		Scopes:       []string{"openid", "email", "profile"},
	}
}

// AppleConfig returns the configuration for "Sign in with Apple" for a
// Services ID (clientID) whose client secret is minted by clientSecret (see
// AppleClientSecretFunc). Apple sends the callback as a form POST because the
// name and email scopes demand it; the browser makes that POST cross-site, so
// cookies the callback needs must be SameSite=None.
func AppleConfig(clientID string, clientSecret func() (string, error), redirectURL string) ProviderConfig {
	return ProviderConfig{
		Name:             "apple",
		Issuer:           AppleIssuer,
		ClientID:         clientID,
		ClientSecretFunc: clientSecret,
		RedirectURL:      redirectURL,
		Scopes:           []string{"name", "email"},
		ResponseMode:     ResponseModeFormPost,
	}
}

// IDClaims is what a verified ID token tells about the signed-in person.
type IDClaims struct {
	Subject       string // the provider's stable user id
	Email         string // may be a private relay address (Apple) or empty
	EmailVerified bool
	Name          string // Google only; Apple sends the name in the callback form (see AppleUserName)
}

// Provider is an OpenID Connect relying party for one provider: it builds the
// authorization URL and turns the returned code into verified claims. It is
// safe for concurrent use; discovery and keys are cached.
type Provider struct {
	cfg     ProviderConfig
	client  *http.Client
	timeout time.Duration
	now     func() time.Time
	log     *slog.Logger

	disc   atomic.Pointer[discovery]
	discMu sync.Mutex // serialises discovery fetches

	keysMu sync.Mutex // guards keys and serialises JWKS fetches
	keys   []verificationKey
}

type discovery struct {
	Issuer                string `json:"issuer"`
	AuthorizationEndpoint string `json:"authorization_endpoint"`
	TokenEndpoint         string `json:"token_endpoint"`
	JWKSURI               string `json:"jwks_uri"`
}

type verificationKey struct {
	kid string
	alg string // "RS256" or "ES256"
	key any    // *rsa.PublicKey or *ecdsa.PublicKey
}

// NewProvider checks cfg and fetches the provider's discovery document with
// ctx. It returns EINVALID (and no Provider) when cfg is incomplete. When only
// discovery fails it returns a usable Provider together with an EUNAVAILABLE
// error: discovery is retried on first use, so a caller may log the error and
// start anyway rather than fail because the provider was briefly down.
func NewProvider(ctx context.Context, cfg ProviderConfig) (*Provider, error) {
	if err := checkProviderConfig(&cfg); err != nil {
		return nil, err
	}
	p := &Provider{cfg: cfg, timeout: cfg.Timeout, now: cfg.Now, log: cfg.Logger, client: cfg.HTTPClient}
	if p.timeout <= 0 {
		p.timeout = DefaultProviderTimeout
	}
	if p.now == nil {
		p.now = time.Now
	}
	if p.log == nil {
		p.log = slog.Default()
	}
	if p.client == nil {
		p.client = &http.Client{Timeout: p.timeout}
	}
	return p, p.Discover(ctx)
}

func checkProviderConfig(cfg *ProviderConfig) error {
	invalid := func(format string, args ...any) error {
		return salescoach.Errorf(salescoach.EINVALID, "OIDC provider %q: "+format, append([]any{cfg.Name}, args...)...)
	}
	u, err := url.Parse(cfg.Issuer)
	if err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "" {
		return invalid("the issuer must be an absolute http(s) URL")
	}
	if cfg.Name == "" {
		cfg.Name = u.Host
	}
	if cfg.ClientID == "" {
		return invalid("the client id is missing")
	}
	if (cfg.ClientSecret == "") == (cfg.ClientSecretFunc == nil) {
		return invalid("set exactly one of ClientSecret and ClientSecretFunc")
	}
	if r, err := url.Parse(cfg.RedirectURL); err != nil || !r.IsAbs() || r.Host == "" {
		return invalid("the redirect URL must be absolute")
	}
	if cfg.ResponseMode != "" && cfg.ResponseMode != ResponseModeFormPost {
		return invalid("unsupported response mode %q", cfg.ResponseMode)
	}
	if len(cfg.Scopes) == 0 {
		cfg.Scopes = []string{"openid", "email", "profile"}
	}
	return nil
}

// Name returns the provider's name from its configuration.
func (p *Provider) Name() string { return p.cfg.Name }

// ResponseMode returns the configured response mode, so the callback route
// knows whether to read the query or a posted form.
func (p *Provider) ResponseMode() string { return p.cfg.ResponseMode }

// Discover fetches and caches the discovery document unless it is cached
// already. It returns EUNAVAILABLE when the document cannot be fetched, is
// malformed, or names another issuer; the next call tries again.
func (p *Provider) Discover(ctx context.Context) error {
	if p.disc.Load() != nil {
		return nil
	}
	p.discMu.Lock()
	defer p.discMu.Unlock()
	if p.disc.Load() != nil {
		return nil
	}
	d, err := p.fetchDiscovery(ctx)
	if err != nil {
		p.log.Warn("oidc discovery failed", "provider", p.cfg.Name, "err", err)
		return p.unavailable()
	}
	p.disc.Store(d)
	return nil
}

func (p *Provider) fetchDiscovery(ctx context.Context) (*discovery, error) {
	var d discovery
	wellKnown := strings.TrimSuffix(p.cfg.Issuer, "/") + "/.well-known/openid-configuration"
	if err := p.getJSON(ctx, wellKnown, &d); err != nil {
		return nil, err
	}
	if d.Issuer != p.cfg.Issuer {
		return nil, fmt.Errorf("discovery names issuer %q, want %q", d.Issuer, p.cfg.Issuer)
	}
	// Endpoints must not downgrade to plain HTTP unless the issuer itself is
	// plain HTTP (a local test provider).
	scheme, _, _ := strings.Cut(p.cfg.Issuer, ":")
	for name, ep := range map[string]string{
		"authorization_endpoint": d.AuthorizationEndpoint,
		"token_endpoint":         d.TokenEndpoint,
		"jwks_uri":               d.JWKSURI,
	} {
		u, err := url.Parse(ep)
		if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && scheme == "http")) {
			return nil, fmt.Errorf("discovery has an unusable %s %q", name, ep)
		}
	}
	return &d, nil
}

// AuthCodeURL returns the provider URL to send the browser to: the
// authorization-code flow with PKCE (S256), the nonce the ID token must echo,
// and response_mode when configured. codeChallenge is PKCEChallenge of the
// verifier kept server-side. It returns "" while discovery has not succeeded;
// call Discover first to get the reason as an error.
func (p *Provider) AuthCodeURL(state, nonce, codeChallenge string) string {
	d := p.disc.Load()
	if d == nil {
		return ""
	}
	u, err := url.Parse(d.AuthorizationEndpoint)
	if err != nil {
		return ""
	}
	q := u.Query()
	q.Set("response_type", "code")
	q.Set("client_id", p.cfg.ClientID)
	q.Set("redirect_uri", p.cfg.RedirectURL)
	q.Set("scope", strings.Join(p.cfg.Scopes, " "))
	q.Set("state", state)
	q.Set("nonce", nonce)
	q.Set("code_challenge", codeChallenge)
	q.Set("code_challenge_method", "S256")
	if p.cfg.ResponseMode != "" {
		q.Set("response_mode", p.cfg.ResponseMode)
	}
	u.RawQuery = q.Encode()
	return u.String()
}

// PKCEChallenge returns the S256 code challenge of verifier (RFC 7636): the
// unpadded base64url SHA-256 of it.
func PKCEChallenge(verifier string) string {
	sum := sha256.Sum256([]byte(verifier))
	return base64.RawURLEncoding.EncodeToString(sum[:])
}

// tokenResponse is the part of the token endpoint's answer we use.
type tokenResponse struct {
	IDToken          string `json:"id_token"`
	TokenType        string `json:"token_type"`
	Error            string `json:"error"`
	ErrorDescription string `json:"error_description"`
}

// Exchange redeems code at the token endpoint (client_secret_post, with the
// PKCE verifier) and verifies the returned ID token: signature against the
// provider's keys (RS256 or ES256), issuer, audience, expiry and nonce.
// It returns EUNAUTHORIZED when the provider refuses the code (used, expired,
// wrong verifier) or the ID token fails any check, and EUNAVAILABLE when the
// provider cannot be reached, answers nonsense, or rejects our client
// credentials (a configuration fault the user cannot fix). Both carry the
// message 'Social Login fehlgeschlagen'.
func (p *Provider) Exchange(ctx context.Context, code, codeVerifier, nonce string) (*IDClaims, error) {
	if code == "" || codeVerifier == "" || nonce == "" {
		return nil, p.unauthorized()
	}
	if err := p.Discover(ctx); err != nil {
		return nil, err
	}
	d := p.disc.Load()

	secret := p.cfg.ClientSecret
	if p.cfg.ClientSecretFunc != nil {
		s, err := p.cfg.ClientSecretFunc()
		if err != nil {
			p.log.Error("oidc client secret unavailable", "provider", p.cfg.Name, "err", err)
			return nil, p.unavailable()
		}
		secret = s
	}
	form := url.Values{
		"grant_type":    {"authorization_code"},
		"code":          {code},
		"redirect_uri":  {p.cfg.RedirectURL},
		"client_id":     {p.cfg.ClientID},
		"client_secret": {secret},
		"code_verifier": {codeVerifier},
	}
	tokenCtx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(tokenCtx, http.MethodPost, d.TokenEndpoint, strings.NewReader(form.Encode()))
	if err != nil {
		p.log.Warn("oidc token request", "provider", p.cfg.Name, "err", err)
		return nil, p.unavailable()
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		p.log.Warn("oidc token request failed", "provider", p.cfg.Name, "err", redactURLError(err))
		return nil, p.unavailable()
	}
	defer resp.Body.Close()
	body, err := readLimited(resp.Body)
	if err != nil {
		p.log.Warn("oidc token response unreadable", "provider", p.cfg.Name, "err", err)
		return nil, p.unavailable()
	}
	var tr tokenResponse
	jsonErr := json.Unmarshal(body, &tr)
	if resp.StatusCode != http.StatusOK {
		p.log.Warn("oidc token endpoint refused the code", "provider", p.cfg.Name,
			"status", resp.StatusCode, "error", tr.Error, "error_description", tr.ErrorDescription)
		switch {
		case resp.StatusCode >= 500, tr.Error == "invalid_client", tr.Error == "unauthorized_client":
			return nil, p.unavailable()
		case resp.StatusCode >= 400:
			return nil, p.unauthorized()
		}
		return nil, p.unavailable()
	}
	if jsonErr != nil || tr.IDToken == "" {
		p.log.Warn("oidc token response has no id_token", "provider", p.cfg.Name)
		return nil, p.unavailable()
	}
	return p.verifyIDToken(ctx, d, tr.IDToken, nonce)
}

// idTokenClaims is the JSON shape of an ID token.
type idTokenClaims struct {
	jwt.RegisteredClaims
	Nonce         string   `json:"nonce"`
	Email         string   `json:"email"`
	EmailVerified flexBool `json:"email_verified"`
	Name          string   `json:"name"`
	AZP           string   `json:"azp"`
}

// flexBool reads a JSON boolean that Apple sends as the string "true" or
// "false" and Google as a real boolean.
type flexBool bool

func (b *flexBool) UnmarshalJSON(data []byte) error {
	switch string(data) {
	case "true", `"true"`:
		*b = true
	case "false", `"false"`, "null", `""`:
		*b = false
	default:
		return fmt.Errorf("email_verified: unexpected value %s", data)
	}
	return nil
}

func (p *Provider) verifyIDToken(ctx context.Context, d *discovery, raw, nonce string) (*IDClaims, error) {
	if len(raw) > maxProviderBody {
		return nil, p.unauthorized()
	}
	parser := jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodRS256.Alg(), jwt.SigningMethodES256.Alg()}),
		jwt.WithAudience(p.cfg.ClientID),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(clockLeeway),
		jwt.WithTimeFunc(p.now),
	)
	var fetchErr error
	var c idTokenClaims
	_, err := parser.ParseWithClaims(raw, &c, func(t *jwt.Token) (any, error) {
		kid, _ := t.Header["kid"].(string)
		key, err := p.lookupKey(ctx, d, kid, t.Method.Alg())
		if err != nil {
			fetchErr = err
			return nil, err
		}
		if key == nil {
			return nil, fmt.Errorf("no %s key with kid %q", t.Method.Alg(), kid)
		}
		return key, nil
	})
	if fetchErr != nil {
		p.log.Warn("oidc keys unavailable", "provider", p.cfg.Name, "err", fetchErr)
		return nil, p.unavailable()
	}
	if err != nil {
		p.log.Warn("oidc id token rejected", "provider", p.cfg.Name, "err", err)
		return nil, p.unauthorized()
	}
	issOK := c.Issuer == p.cfg.Issuer || (p.cfg.Issuer == GoogleIssuer && c.Issuer == googleLegacyIssuer)
	switch {
	case !issOK:
		p.log.Warn("oidc id token from another issuer", "provider", p.cfg.Name, "iss", c.Issuer)
		return nil, p.unauthorized()
	case c.Subject == "":
		p.log.Warn("oidc id token without subject", "provider", p.cfg.Name)
		return nil, p.unauthorized()
	case subtle.ConstantTimeCompare([]byte(c.Nonce), []byte(nonce)) != 1:
		p.log.Warn("oidc id token nonce mismatch", "provider", p.cfg.Name)
		return nil, p.unauthorized()
	case c.AZP != "" && c.AZP != p.cfg.ClientID:
		// OIDC Core 3.1.3.7: a token authorised for another party is not ours.
		p.log.Warn("oidc id token for another authorized party", "provider", p.cfg.Name, "azp", c.AZP)
		return nil, p.unauthorized()
	}
	return &IDClaims{
		Subject:       c.Subject,
		Email:         c.Email,
		EmailVerified: bool(c.EmailVerified) && c.Email != "",
		Name:          strings.TrimSpace(c.Name),
	}, nil
}

// lookupKey returns the key for kid and alg, fetching the JWKS when none is
// cached and once more when kid is unknown (the provider rotated its keys).
// The refetch needs no throttle: ID tokens reach us only over the back channel
// from the token endpoint, so an attacker cannot make us refetch at will.
// A nil key with a nil error means the provider has no such key.
func (p *Provider) lookupKey(ctx context.Context, d *discovery, kid, alg string) (any, error) {
	p.keysMu.Lock()
	defer p.keysMu.Unlock()
	if p.keys != nil {
		if k := findKey(p.keys, kid, alg); k != nil {
			return k, nil
		}
	}
	keys, err := p.fetchJWKS(ctx, d)
	if err != nil {
		return nil, err
	}
	p.keys = keys
	return findKey(keys, kid, alg), nil
}

// findKey matches by kid; a token without kid matches only when exactly one
// key fits its algorithm, so it can never pick among several.
func findKey(keys []verificationKey, kid, alg string) any {
	var match any
	n := 0
	for _, k := range keys {
		if k.alg != alg || (kid != "" && k.kid != kid) {
			continue
		}
		match = k.key
		n++
	}
	if n != 1 {
		return nil
	}
	return match
}

type jwkSet struct {
	Keys []jwk `json:"keys"`
}

type jwk struct {
	Kty string `json:"kty"`
	Kid string `json:"kid"`
	Use string `json:"use"`
	Alg string `json:"alg"`
	N   string `json:"n"`
	E   string `json:"e"`
	Crv string `json:"crv"`
	X   string `json:"x"`
	Y   string `json:"y"`
}

func (p *Provider) fetchJWKS(ctx context.Context, d *discovery) ([]verificationKey, error) {
	var set jwkSet
	if err := p.getJSON(ctx, d.JWKSURI, &set); err != nil {
		return nil, err
	}
	keys := make([]verificationKey, 0, len(set.Keys))
	for _, k := range set.Keys {
		if k.Use != "" && k.Use != "sig" {
			continue
		}
		vk, err := parseJWK(k)
		if err != nil {
			// One odd key (a new type, say) must not break sign-in with
			// the others.
			p.log.Debug("oidc skipping jwk", "provider", p.cfg.Name, "kid", k.Kid, "err", err)
			continue
		}
		keys = append(keys, vk)
	}
	if len(keys) == 0 {
		return nil, errors.New("jwks has no usable signing key")
	}
	return keys, nil
}

func parseJWK(k jwk) (verificationKey, error) {
	dec := func(s string) ([]byte, error) {
		return base64.RawURLEncoding.DecodeString(strings.TrimRight(s, "="))
	}
	switch k.Kty {
	case "RSA":
		if k.Alg != "" && k.Alg != "RS256" {
			return verificationKey{}, fmt.Errorf("unsupported alg %q", k.Alg)
		}
		n, err := dec(k.N)
		if err != nil {
			return verificationKey{}, err
		}
		e, err := dec(k.E)
		if err != nil || len(e) == 0 || len(e) > 4 {
			return verificationKey{}, errors.New("bad RSA exponent")
		}
		exp := 0
		for _, b := range e {
			exp = exp<<8 | int(b)
		}
		pub := &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: exp}
		if pub.N.BitLen() < 2048 || exp < 3 || exp%2 == 0 {
			return verificationKey{}, errors.New("weak RSA key")
		}
		return verificationKey{kid: k.Kid, alg: "RS256", key: pub}, nil
	case "EC":
		if k.Crv != "P-256" || (k.Alg != "" && k.Alg != "ES256") {
			return verificationKey{}, fmt.Errorf("unsupported curve %q / alg %q", k.Crv, k.Alg)
		}
		x, err1 := dec(k.X)
		y, err2 := dec(k.Y)
		if err1 != nil || err2 != nil || len(x) != 32 || len(y) != 32 {
			return verificationKey{}, errors.New("bad EC coordinates")
		}
		pub, err := ecdsa.ParseUncompressedPublicKey(elliptic.P256(), append(append([]byte{4}, x...), y...))
		if err != nil {
			return verificationKey{}, err
		}
		return verificationKey{kid: k.Kid, alg: "ES256", key: pub}, nil
	}
	return verificationKey{}, fmt.Errorf("unsupported kty %q", k.Kty)
}

// getJSON GETs rawURL within the provider timeout and decodes at most
// maxProviderBody bytes of a 200 answer into v.
func (p *Provider) getJSON(ctx context.Context, rawURL string, v any) error {
	ctx, cancel := context.WithTimeout(ctx, p.timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, rawURL, nil)
	if err != nil {
		return err
	}
	req.Header.Set("Accept", "application/json")
	resp, err := p.client.Do(req)
	if err != nil {
		return redactURLError(err)
	}
	defer resp.Body.Close()
	body, err := readLimited(resp.Body)
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("GET %s: status %d", rawURL, resp.StatusCode)
	}
	if err := json.Unmarshal(body, v); err != nil {
		return fmt.Errorf("GET %s: %w", rawURL, err)
	}
	return nil
}

func readLimited(r io.Reader) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(r, maxProviderBody+1))
	if err != nil {
		return nil, err
	}
	if len(body) > maxProviderBody {
		return nil, errors.New("response larger than 1 MiB")
	}
	return body, nil
}

// redactURLError drops the URL from a *url.Error: our URLs carry no secrets
// today, but the log line does not need them either.
func redactURLError(err error) error {
	var ue *url.Error
	if errors.As(err, &ue) {
		return fmt.Errorf("%s: %w", ue.Op, ue.Err)
	}
	return err
}

func (p *Provider) unauthorized() error {
	return salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSocialLoginFailed)
}

func (p *Provider) unavailable() error {
	return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSocialLoginFailed)
}

// AppleClientSecret mints the client secret Apple's token endpoint expects: an
// ES256 JWT signed with the team's .p8 key (iss=teamID, sub=clientID,
// aud=https://appleid.apple.com, kid=keyID), valid for one hour from now
// (Apple allows up to six months; a short life limits a leaked secret). It
// returns EINVALID when an id is empty or p8PEM is not a PKCS #8 P-256 key.
func AppleClientSecret(teamID, keyID, clientID string, p8PEM []byte, now time.Time) (string, error) {
	key, err := parseAppleKey(teamID, keyID, clientID, p8PEM)
	if err != nil {
		return "", err
	}
	return signAppleSecret(teamID, keyID, clientID, key, now, appleSecretTTL)
}

// AppleClientSecretFunc parses the .p8 key once and returns a function for
// ProviderConfig.ClientSecretFunc that mints a fresh secret (as
// AppleClientSecret does) at each call, using now (time.Now when nil). It
// returns EINVALID at once when an id is empty or the key is unusable, so a
// misconfiguration shows at start-up.
func AppleClientSecretFunc(teamID, keyID, clientID string, p8PEM []byte, now func() time.Time) (func() (string, error), error) {
	key, err := parseAppleKey(teamID, keyID, clientID, p8PEM)
	if err != nil {
		return nil, err
	}
	if now == nil {
		now = time.Now
	}
	return func() (string, error) {
		return signAppleSecret(teamID, keyID, clientID, key, now(), appleSecretTTL)
	}, nil
}

func parseAppleKey(teamID, keyID, clientID string, p8PEM []byte) (*ecdsa.PrivateKey, error) {
	if teamID == "" || keyID == "" || clientID == "" {
		return nil, salescoach.Errorf(salescoach.EINVALID, "Apple sign-in needs the team id, key id and client id.")
	}
	invalid := salescoach.Errorf(salescoach.EINVALID, "The Apple sign-in key is not a PKCS #8 P-256 private key (.p8).")
	block, _ := pem.Decode(p8PEM)
	if block == nil || block.Type != "PRIVATE KEY" {
		return nil, invalid
	}
	k, err := x509.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		return nil, invalid
	}
	ec, ok := k.(*ecdsa.PrivateKey)
	if !ok || ec.Curve != elliptic.P256() {
		return nil, invalid
	}
	return ec, nil
}

func signAppleSecret(teamID, keyID, clientID string, key *ecdsa.PrivateKey, now time.Time, ttl time.Duration) (string, error) {
	ttl = min(ttl, appleSecretMaxTTL)
	now = now.UTC().Truncate(time.Second)
	t := jwt.NewWithClaims(jwt.SigningMethodES256, jwt.RegisteredClaims{
		Issuer:    teamID,
		Subject:   clientID,
		Audience:  jwt.ClaimStrings{AppleIssuer},
		IssuedAt:  jwt.NewNumericDate(now),
		ExpiresAt: jwt.NewNumericDate(now.Add(ttl)),
	})
	t.Header["kid"] = keyID
	s, err := t.SignedString(key)
	if err != nil {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	return s, nil
}

// AppleUserName returns the display name from the "user" form field Apple
// posts to the callback on a user's first sign-in only
// ({"name":{"firstName":…,"lastName":…},"email":…}); "" when the field is
// empty or unreadable. The field is not signed, so use it for the display name
// only, never for identity or e-mail.
func AppleUserName(userField string) string {
	if userField == "" || len(userField) > 4096 {
		return ""
	}
	var u struct {
		Name struct {
			FirstName string `json:"firstName"`
			LastName  string `json:"lastName"`
		} `json:"name"`
	}
	if json.Unmarshal([]byte(userField), &u) != nil {
		return ""
	}
	return strings.TrimSpace(strings.TrimSpace(u.Name.FirstName) + " " + strings.TrimSpace(u.Name.LastName))
}
