package auth

import (
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/subtle"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"
	"time"

	"github.com/coreos/go-oidc/v3/oidc"
	"github.com/golang-jwt/jwt/v5"
	"golang.org/x/oauth2"
	"golang.org/x/sync/singleflight"

	"salescoach"
)

// Issuers of the supported sign-in providers, as their discovery documents
// state them. For GoogleIssuer, go-oidc also accepts ID tokens whose iss is
// the scheme-less "accounts.google.com" that Google documents as well.
const (
	GoogleIssuer = "https://accounts.google.com"
	AppleIssuer  = "https://appleid.apple.com"
)

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
	// ReauthPrompt is the prompt parameter of a re-authentication
	// (ReauthCodeURL); "login" (OIDC Core's ask-again) when empty. Google
	// refuses "login" and takes "select_account".
	ReauthPrompt string
	// HTTPClient defaults to http.DefaultClient's transport. Tests pass the
	// fake's. Its responses are capped at 1 MiB.
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
		// Google documents only none, consent and select_account as prompt
		// values and answers others with an error; select_account makes the
		// person pick the account at Google again, and max_age=0 asks for a
		// new sign-in where Google honours it.
		ReauthPrompt: "select_account",
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
	// HostedDomain is Google's hd claim: the Workspace domain of the
	// account, "" for a consumer account (and for other providers).
	HostedDomain string
	// AuthTime is when the person last authenticated at the provider
	// (auth_time); zero when the token does not say.
	AuthTime time.Time
}

// Provider is an OpenID Connect relying party for one provider: it builds the
// authorization URL and turns the returned code into verified claims. It is
// safe for concurrent use.
//
// The protocol is go-oidc's and x/oauth2's: discovery (oidc.NewProvider), the
// code exchange with PKCE (oauth2.Config), and ID-token verification against
// the provider's JWKS (oidc.RemoteKeySet, which refetches the keys when a
// token names an unknown kid, and holds no lock while it fetches). Ours are
// the Apple specifics, the nonce, azp and iat checks, the error codes and the
// bounds on time and size of every provider request.
type Provider struct {
	cfg    ProviderConfig
	client *http.Client // bounded in time and response size
	now    func() time.Time
	log    *slog.Logger

	disc      atomic.Pointer[discovered]
	discovery singleflight.Group // one discovery fetch at a time; waiters hold no lock
}

// discovered is what discovery yields; it does not change afterwards.
type discovered struct {
	oauth    oauth2.Config // without the client secret, which may be minted per exchange
	verifier *oidc.IDTokenVerifier
	// op answers userinfo requests when the discovery names an endpoint
	// (userInfo); see Exchange.
	op       *oidc.Provider
	userInfo bool
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
	timeout := cfg.Timeout
	if timeout <= 0 {
		timeout = DefaultProviderTimeout
	}
	p := &Provider{cfg: cfg, now: cfg.Now, log: cfg.Logger, client: boundedClient(cfg.HTTPClient, timeout)}
	if p.now == nil {
		p.now = time.Now
	}
	if p.log == nil {
		p.log = slog.Default()
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
// malformed, or names another issuer; the next call tries again. Concurrent
// callers share one fetch; each stops waiting when its ctx ends.
func (p *Provider) Discover(ctx context.Context) error {
	if p.disc.Load() != nil {
		return nil
	}
	ch := p.discovery.DoChan("", func() (any, error) {
		if d := p.disc.Load(); d != nil {
			return d, nil
		}
		d, err := p.fetchDiscovery()
		if err != nil {
			p.log.Warn("oidc discovery failed", "provider", p.cfg.Name, "err", cause(err))
			return nil, err
		}
		p.disc.Store(d)
		return d, nil
	})
	select {
	case <-ctx.Done():
		p.log.Warn("oidc discovery abandoned", "provider", p.cfg.Name, "err", ctx.Err())
		return p.unavailable()
	case r := <-ch:
		if r.Err != nil {
			return p.unavailable()
		}
		return nil
	}
}

// fetchDiscovery runs discovery on its own context: the shared fetch must not
// end because the first of its waiters gave up. p.client bounds it in time.
func (p *Provider) fetchDiscovery() (*discovered, error) {
	ctx := oidc.ClientContext(context.Background(), p.client)
	op, err := oidc.NewProvider(ctx, p.cfg.Issuer)
	if err != nil {
		return nil, err
	}
	var meta struct {
		JWKSURI     string `json:"jwks_uri"`
		UserInfoURI string `json:"userinfo_endpoint"`
	}
	if err := op.Claims(&meta); err != nil {
		return nil, err
	}
	ep := op.Endpoint()
	// Endpoints must be absolute and must not downgrade to plain HTTP unless
	// the issuer itself is plain HTTP (a local test provider).
	scheme, _, _ := strings.Cut(p.cfg.Issuer, ":")
	endpoints := map[string]string{
		"authorization_endpoint": ep.AuthURL,
		"token_endpoint":         ep.TokenURL,
		"jwks_uri":               meta.JWKSURI,
	}
	if meta.UserInfoURI != "" {
		endpoints["userinfo_endpoint"] = meta.UserInfoURI
	}
	for name, e := range endpoints {
		u, err := url.Parse(e)
		if err != nil || u.Host == "" || (u.Scheme != "https" && !(u.Scheme == "http" && scheme == "http")) {
			return nil, fmt.Errorf("discovery has an unusable %s %q", name, e)
		}
	}
	// Our code and x/oauth2's send the secret in the form
	// (client_secret_post), which Apple requires; auto-detection would
	// retry a refused exchange and so spend the code twice.
	ep.AuthStyle = oauth2.AuthStyleInParams
	keys := &keySet{url: meta.JWKSURI, client: p.client}
	return &discovered{
		oauth: oauth2.Config{
			ClientID:    p.cfg.ClientID,
			Endpoint:    ep,
			RedirectURL: p.cfg.RedirectURL,
			Scopes:      p.cfg.Scopes,
		},
		verifier: oidc.NewVerifier(p.cfg.Issuer, keys, &oidc.Config{
			ClientID:             p.cfg.ClientID,
			SupportedSigningAlgs: supportedAlgs(),
			// go-oidc allows no leeway on exp; ours is clockLeeway.
			Now: func() time.Time { return p.now().Add(-clockLeeway) },
		}),
		op:       op,
		userInfo: meta.UserInfoURI != "",
	}, nil
}

// AuthCodeURL returns the provider URL to send the browser to: the
// authorization-code flow with PKCE (S256), the nonce the ID token must echo,
// and response_mode when configured. codeChallenge is PKCEChallenge of the
// verifier kept server-side. It returns "" while discovery has not succeeded;
// call Discover first to get the reason as an error.
func (p *Provider) AuthCodeURL(state, nonce, codeChallenge string) string {
	return p.authCodeURL(state, nonce, codeChallenge)
}

// SignInCodeURL is AuthCodeURL with login_hint (OIDC Core 3.1.2.1) when
// loginHint is not empty: the address the person typed, so the provider
// can skip asking for it.
func (p *Provider) SignInCodeURL(state, nonce, codeChallenge, loginHint string) string {
	if loginHint == "" {
		return p.authCodeURL(state, nonce, codeChallenge)
	}
	return p.authCodeURL(state, nonce, codeChallenge, oauth2.SetAuthURLParam("login_hint", loginHint))
}

// ReauthCodeURL is AuthCodeURL for a re-authentication: it asks the
// provider to have the person sign in again rather than reuse their
// session there (OIDC Core 3.1.2.1: prompt=login, or the configured
// ReauthPrompt, and max_age=0; the ID token then carries auth_time).
// Providers that ignore them still send auth_time when they know it, which
// the caller checks.
func (p *Provider) ReauthCodeURL(state, nonce, codeChallenge string) string {
	prompt := p.cfg.ReauthPrompt
	if prompt == "" {
		prompt = "login"
	}
	return p.authCodeURL(state, nonce, codeChallenge,
		oauth2.SetAuthURLParam("prompt", prompt), oauth2.SetAuthURLParam("max_age", "0"))
}

func (p *Provider) authCodeURL(state, nonce, codeChallenge string, extra ...oauth2.AuthCodeOption) string {
	d := p.disc.Load()
	if d == nil {
		return ""
	}
	opts := []oauth2.AuthCodeOption{
		oidc.Nonce(nonce),
		oauth2.SetAuthURLParam("code_challenge", codeChallenge),
		oauth2.SetAuthURLParam("code_challenge_method", "S256"),
	}
	if p.cfg.ResponseMode != "" {
		opts = append(opts, oauth2.SetAuthURLParam("response_mode", p.cfg.ResponseMode))
	}
	return d.oauth.AuthCodeURL(state, append(opts, extra...)...)
}

// PKCEChallenge returns the S256 code challenge of verifier (RFC 7636): the
// unpadded base64url SHA-256 of it.
func PKCEChallenge(verifier string) string {
	return oauth2.S256ChallengeFromVerifier(verifier)
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

	conf := d.oauth
	conf.ClientSecret = p.cfg.ClientSecret
	if p.cfg.ClientSecretFunc != nil {
		s, err := p.cfg.ClientSecretFunc()
		if err != nil {
			p.log.Error("oidc client secret unavailable", "provider", p.cfg.Name, "err", err)
			return nil, p.unavailable()
		}
		conf.ClientSecret = s
	}
	tok, err := conf.Exchange(oidc.ClientContext(ctx, p.client), code, oauth2.VerifierOption(codeVerifier))
	if err != nil {
		return nil, p.exchangeFailed(err)
	}
	raw, _ := tok.Extra("id_token").(string)
	if raw == "" {
		p.log.Warn("oidc token response has no id_token", "provider", p.cfg.Name)
		return nil, p.unavailable()
	}
	claims, verifiedKnown, err := p.verifyIDToken(ctx, d, raw, nonce)
	if err != nil || verifiedKnown || !d.userInfo {
		return claims, err
	}
	return p.userInfoVerified(ctx, d, tok, claims)
}

// userInfoVerified completes claims whose ID token did not say whether the
// e-mail is verified (Okta's default authorization server puts
// email_verified only into the userinfo answer) from the userinfo endpoint
// (OIDC Core 5.3). Its sub must be the ID token's (5.3.2), or the answer
// is about someone else; its e-mail counts as verified only when it is the
// ID token's (or the token had none). The endpoint failing is EUNAVAILABLE.
func (p *Provider) userInfoVerified(ctx context.Context, d *discovered, tok *oauth2.Token, c *IDClaims) (*IDClaims, error) {
	ui, err := d.op.UserInfo(oidc.ClientContext(ctx, p.client), oauth2.StaticTokenSource(tok))
	if err != nil {
		p.log.Warn("oidc userinfo failed", "provider", p.cfg.Name, "err", cause(err))
		return nil, p.unavailable()
	}
	if subtle.ConstantTimeCompare([]byte(ui.Subject), []byte(c.Subject)) != 1 {
		p.log.Warn("oidc userinfo about another subject", "provider", p.cfg.Name)
		return nil, p.unauthorized()
	}
	if c.Email == "" {
		c.Email = ui.Email
	}
	c.EmailVerified = ui.EmailVerified && c.Email != "" && strings.EqualFold(ui.Email, c.Email)
	return c, nil
}

// exchangeFailed logs why the token endpoint refused and maps it to our
// codes. Only the status and the OAuth error fields are logged: the body of a
// RetrieveError is the provider's, not ours to trust with secrets.
func (p *Provider) exchangeFailed(err error) error {
	var re *oauth2.RetrieveError
	if !errors.As(err, &re) || re.Response == nil {
		p.log.Warn("oidc token request failed", "provider", p.cfg.Name, "err", cause(err))
		return p.unavailable()
	}
	status := re.Response.StatusCode
	p.log.Warn("oidc token endpoint refused the code", "provider", p.cfg.Name,
		"status", status, "error", re.ErrorCode, "error_description", re.ErrorDescription)
	switch {
	case status >= 500, re.ErrorCode == "invalid_client", re.ErrorCode == "unauthorized_client":
		return p.unavailable()
	case status >= 400:
		return p.unauthorized()
	}
	return p.unavailable()
}

// idTokenClaims is the part of an ID token that go-oidc leaves to us.
type idTokenClaims struct {
	Email string `json:"email"`
	// EmailVerified is nil when the token does not say; XMSEdov is
	// Microsoft Entra ID's optional claim that stands in for it ("email
	// domain owner verified"; Entra never sends email_verified).
	EmailVerified *flexBool `json:"email_verified"`
	XMSEdov       *flexBool `json:"xms_edov"`
	Name          string    `json:"name"`
	AZP           string    `json:"azp"`
	HD            string    `json:"hd"`
	AuthTime      *float64  `json:"auth_time"`
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

// verifyIDToken has go-oidc check signature, algorithm, issuer, audience and
// expiry, then checks what go-oidc leaves to the caller: the nonce, the
// authorized party, the subject and the issue time. verifiedKnown reports
// whether the token says if its e-mail is verified (email_verified, or
// Entra ID's xms_edov).
func (p *Provider) verifyIDToken(ctx context.Context, d *discovered, raw, nonce string) (_ *IDClaims, verifiedKnown bool, _ error) {
	var fetchErr error
	t, err := d.verifier.Verify(context.WithValue(ctx, keyFetchErrKey{}, &fetchErr), raw)
	if fetchErr != nil {
		p.log.Warn("oidc keys unavailable", "provider", p.cfg.Name, "err", cause(fetchErr))
		return nil, false, p.unavailable()
	}
	if err != nil {
		p.log.Warn("oidc id token rejected", "provider", p.cfg.Name, "err", cause(err))
		return nil, false, p.unauthorized()
	}
	var c idTokenClaims
	if err := t.Claims(&c); err != nil {
		p.log.Warn("oidc id token rejected", "provider", p.cfg.Name, "err", cause(err))
		return nil, false, p.unauthorized()
	}
	switch {
	case t.Subject == "":
		p.log.Warn("oidc id token without subject", "provider", p.cfg.Name)
		return nil, false, p.unauthorized()
	case t.IssuedAt.After(p.now().Add(clockLeeway)):
		p.log.Warn("oidc id token rejected", "provider", p.cfg.Name, "err", "token used before issued")
		return nil, false, p.unauthorized()
	case subtle.ConstantTimeCompare([]byte(t.Nonce), []byte(nonce)) != 1:
		p.log.Warn("oidc id token nonce mismatch", "provider", p.cfg.Name)
		return nil, false, p.unauthorized()
	case c.AZP != "" && c.AZP != p.cfg.ClientID:
		// OIDC Core 3.1.3.7: a token authorised for another party is not ours.
		p.log.Warn("oidc id token for another authorized party", "provider", p.cfg.Name, "azp", c.AZP)
		return nil, false, p.unauthorized()
	}
	verified := c.EmailVerified
	if verified == nil {
		verified = c.XMSEdov
	}
	out := &IDClaims{
		Subject:       t.Subject,
		Email:         c.Email,
		EmailVerified: verified != nil && bool(*verified) && c.Email != "",
		Name:          strings.TrimSpace(c.Name),
		HostedDomain:  c.HD,
	}
	if c.AuthTime != nil && *c.AuthTime > 0 {
		out.AuthTime = time.Unix(int64(*c.AuthTime), 0).UTC()
	}
	return out, verified != nil, nil
}

// boundedClient returns a client that sends through base (http.DefaultClient
// when nil) but ends every request after timeout at the latest and refuses
// response bodies over maxProviderBody. go-oidc and x/oauth2 take it from the
// context (oidc.ClientContext); the key set's background fetches use it too,
// so they are bounded although no caller's context governs them.
func boundedClient(base *http.Client, timeout time.Duration) *http.Client {
	if base == nil {
		base = http.DefaultClient
	}
	rt := base.Transport
	if rt == nil {
		rt = http.DefaultTransport
	}
	c := &http.Client{
		Transport:     limitTransport{rt},
		CheckRedirect: base.CheckRedirect,
		Jar:           base.Jar,
		Timeout:       timeout,
	}
	if base.Timeout > 0 && base.Timeout < timeout {
		c.Timeout = base.Timeout
	}
	return c
}

// limitTransport caps response bodies at maxProviderBody.
type limitTransport struct{ base http.RoundTripper }

func (t limitTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	resp.Body = &limitedBody{rc: resp.Body, left: maxProviderBody}
	return resp, nil
}

var errBodyTooLarge = errors.New("provider response larger than 1 MiB")

// limitedBody reads at most left bytes and fails, rather than truncating,
// when the body is longer.
type limitedBody struct {
	rc   io.ReadCloser
	left int64
}

func (b *limitedBody) Read(p []byte) (int, error) {
	if b.left < 0 {
		return 0, errBodyTooLarge
	}
	if int64(len(p)) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.rc.Read(p)
	b.left -= int64(n)
	if b.left < 0 {
		return n, errBodyTooLarge
	}
	return n, err
}

func (b *limitedBody) Close() error { return b.rc.Close() }

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

// maxLoggedCause caps a logged failure cause. go-oidc puts the provider's
// whole answer into some errors (an error page, a JWKS it cannot decode).
const maxLoggedCause = 300

// cause returns err's text for the log, cut to maxLoggedCause bytes.
func cause(err error) string {
	s := err.Error()
	if len(s) > maxLoggedCause {
		s = strings.ToValidUTF8(s[:maxLoggedCause], "") + "…"
	}
	return s
}

// supportedAlgs are signingAlgs as go-oidc's Config names them.
func supportedAlgs() []string {
	out := make([]string, len(signingAlgs))
	for i, a := range signingAlgs {
		out[i] = string(a)
	}
	return out
}
