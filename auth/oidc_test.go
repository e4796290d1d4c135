package auth_test

import (
	"bytes"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"salescoach"
	"salescoach/auth"
	"salescoach/auth/oidctest"
)

const callbackURL = "https://app.example/api/auth/oauth/google/callback"

// testClock is a settable clock shared by a test and the code under test.
type testClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *testClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *testClock) Set(t time.Time) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.t = t
}

// logBuffer collects log output so tests can assert that secrets stay out.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}

type env struct {
	fake  *oidctest.Server
	p     *auth.Provider
	clock *testClock
	logs  *logBuffer
}

func newEnv(t *testing.T, mutate func(*auth.ProviderConfig), opts ...oidctest.Option) *env {
	t.Helper()
	fake := oidctest.New(t, append([]oidctest.Option{oidctest.WithRedirectURIs(callbackURL)}, opts...)...)
	e := &env{fake: fake, clock: &testClock{t: time.Now()}, logs: &logBuffer{}}
	cfg := auth.ProviderConfig{
		Name:         "google",
		Issuer:       fake.Issuer(),
		ClientID:     fake.ClientID(),
		ClientSecret: fake.ClientSecret(),
		RedirectURL:  callbackURL,
		HTTPClient:   fake.Client(),
		Now:          e.clock.Now,
		Logger:       slog.New(slog.NewTextHandler(e.logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
	if mutate != nil {
		mutate(&cfg)
	}
	p, err := auth.NewProvider(context.Background(), cfg)
	if err != nil {
		t.Fatalf("NewProvider: %v", err)
	}
	e.p = p
	return e
}

// attempt is one sign-in as httpapi will run it: fresh state, nonce and
// verifier, the browser at the provider, and the callback's parameters.
type attempt struct {
	state, nonce, verifier string
	authURL                string
	cb                     oidctest.Callback
}

func (e *env) authorize(t *testing.T) attempt {
	t.Helper()
	a := attempt{state: auth.NewOpaqueToken(), nonce: auth.NewOpaqueToken(), verifier: auth.NewOpaqueToken()}
	a.authURL = e.p.AuthCodeURL(a.state, a.nonce, auth.PKCEChallenge(a.verifier))
	if a.authURL == "" {
		t.Fatal("AuthCodeURL is empty")
	}
	a.cb = e.fake.Approve(t, a.authURL)
	if got := a.cb.Form.Get("state"); got != a.state {
		t.Fatalf("callback state = %q; want %q", got, a.state)
	}
	if a.cb.Form.Get("code") == "" {
		t.Fatalf("callback without code: %v", a.cb.Form)
	}
	return a
}

func (e *env) exchange(a attempt) (*auth.IDClaims, error) {
	return e.p.Exchange(context.Background(), a.cb.Form.Get("code"), a.verifier, a.nonce)
}

func assertCode(t *testing.T, err error, code string) {
	t.Helper()
	if salescoach.ErrorCode(err) != code || salescoach.ErrorMessage(err) != "Social Login fehlgeschlagen" {
		t.Fatalf("err = %v; want %s 'Social Login fehlgeschlagen'", err, code)
	}
}

func TestOIDCRoundTrip(t *testing.T) {
	e := newEnv(t, nil)
	a := e.authorize(t)

	u, err := url.Parse(a.authURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	for k, want := range map[string]string{
		"response_type":         "code",
		"client_id":             oidctest.DefaultClientID,
		"redirect_uri":          callbackURL,
		"scope":                 "openid email profile",
		"state":                 a.state,
		"nonce":                 a.nonce,
		"code_challenge":        auth.PKCEChallenge(a.verifier),
		"code_challenge_method": "S256",
	} {
		if q.Get(k) != want {
			t.Errorf("auth URL %s = %q; want %q", k, q.Get(k), want)
		}
	}
	if q.Has("response_mode") {
		t.Error("response_mode set without configuration")
	}
	if a.cb.Method != http.MethodGet || !strings.HasPrefix(a.cb.URL, callbackURL+"?") {
		t.Fatalf("callback = %+v", a.cb)
	}

	claims, err := e.exchange(a)
	if err != nil {
		t.Fatalf("Exchange: %v", err)
	}
	// The fake signs the person in at the request: auth_time is now.
	if d := time.Since(claims.AuthTime); d < -time.Minute || d > time.Minute {
		t.Errorf("auth_time = %v", claims.AuthTime)
	}
	want := auth.IDClaims{Subject: oidctest.DefaultUser.Subject, Email: oidctest.DefaultUser.Email, EmailVerified: true,
		Name: oidctest.DefaultUser.Name, AuthTime: claims.AuthTime}
	if *claims != want {
		t.Fatalf("claims = %+v; want %+v", *claims, want)
	}
}

// TestReauthCodeURL: a re-authentication asks the provider for a new
// sign-in (prompt=login, max_age=0) on top of what a sign-in sends, and the
// ID token's auth_time comes back as the provider states it.
func TestReauthCodeURL(t *testing.T) {
	e := newEnv(t, nil)
	e.fake.SetAuthAge(90 * time.Second)
	a := attempt{state: auth.NewOpaqueToken(), nonce: auth.NewOpaqueToken(), verifier: auth.NewOpaqueToken()}
	a.authURL = e.p.ReauthCodeURL(a.state, a.nonce, auth.PKCEChallenge(a.verifier))
	u, err := url.Parse(a.authURL)
	if err != nil {
		t.Fatal(err)
	}
	q := u.Query()
	if q.Get("prompt") != "login" || q.Get("max_age") != "0" || q.Get("state") != a.state || q.Get("code_challenge_method") != "S256" {
		t.Fatalf("reauth URL = %s", a.authURL)
	}
	if g := auth.GoogleConfig("id", "secret", "https://coach.test/cb"); g.ReauthPrompt != "select_account" {
		t.Errorf("Google's re-authentication prompt = %q: Google refuses prompt=login", g.ReauthPrompt)
	}
	if plain := e.p.AuthCodeURL(a.state, a.nonce, auth.PKCEChallenge(a.verifier)); strings.Contains(plain, "prompt=") || strings.Contains(plain, "max_age=") {
		t.Errorf("a sign-in asks for a new sign-in too: %s", plain)
	}
	a.cb = e.fake.Approve(t, a.authURL)
	claims, err := e.exchange(a)
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(claims.AuthTime); d < 80*time.Second || d > 150*time.Second {
		t.Errorf("auth_time %v is %v ago, want about 90 s", claims.AuthTime, d)
	}
}

func TestPKCEChallengeRFC7636(t *testing.T) {
	// RFC 7636 appendix B.
	if got := auth.PKCEChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"); got != "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM" {
		t.Fatalf("PKCEChallenge = %s", got)
	}
}

func TestOIDCSecondUserAndUnverifiedEmail(t *testing.T) {
	e := newEnv(t, nil, oidctest.WithKeyType(oidctest.ES256))
	e.fake.SetUser(oidctest.User{Subject: "sub-2", Email: "neu@example.com", EmailVerified: false})
	claims, err := e.exchange(e.authorize(t))
	if err != nil {
		t.Fatal(err)
	}
	if claims.Subject != "sub-2" || claims.Email != "neu@example.com" || claims.EmailVerified || claims.Name != "" {
		t.Fatalf("claims = %+v", claims)
	}
}

func TestOIDCRejections(t *testing.T) {
	tests := []struct {
		name  string
		setup func(t *testing.T, e *env)
		run   func(t *testing.T, e *env) error
		code  string
		cause string // what the log must say, so the test fails for the right reason
	}{
		{
			name: "replayed code",
			run: func(t *testing.T, e *env) error {
				a := e.authorize(t)
				if _, err := e.exchange(a); err != nil {
					t.Fatalf("first exchange: %v", err)
				}
				_, err := e.exchange(a)
				return err
			},
			code:  salescoach.EUNAUTHORIZED,
			cause: "invalid_grant",
		},
		{
			name: "wrong PKCE verifier",
			run: func(t *testing.T, e *env) error {
				a := e.authorize(t)
				_, err := e.p.Exchange(context.Background(), a.cb.Form.Get("code"), auth.NewOpaqueToken(), a.nonce)
				if err == nil {
					return nil
				}
				// The failed attempt spent the code: the right verifier
				// cannot redeem it afterwards.
				if _, err2 := e.exchange(a); salescoach.ErrorCode(err2) != salescoach.EUNAUTHORIZED {
					t.Fatalf("code still usable after a wrong verifier: %v", err2)
				}
				return err
			},
			code:  salescoach.EUNAUTHORIZED,
			cause: "PKCE verification failed",
		},
		{
			name:  "provider returns another nonce",
			setup: func(t *testing.T, e *env) { e.fake.UseWrongNonce(true) },
			code:  salescoach.EUNAUTHORIZED,
			cause: "nonce mismatch",
		},
		{
			name: "nonce of another attempt",
			run: func(t *testing.T, e *env) error {
				a := e.authorize(t)
				_, err := e.p.Exchange(context.Background(), a.cb.Form.Get("code"), a.verifier, auth.NewOpaqueToken())
				return err
			},
			code:  salescoach.EUNAUTHORIZED,
			cause: "nonce mismatch",
		},
		{
			name:  "wrong audience",
			setup: func(t *testing.T, e *env) { e.fake.SetAudience("some-other-client") },
			code:  salescoach.EUNAUTHORIZED,
			cause: "expected audience", // go-oidc's wording
		},
		{
			name:  "expired id token",
			setup: func(t *testing.T, e *env) { e.clock.Set(time.Now().Add(2 * time.Hour)) },
			code:  salescoach.EUNAUTHORIZED,
			cause: "token is expired",
		},
		{
			name: "id token expired within our leeway is still fine",
			setup: func(t *testing.T, e *env) {
				e.fake.SetIDTokenTTL(time.Minute)
				e.clock.Set(time.Now().Add(time.Minute + 10*time.Second))
			},
			code: "",
		},
		{
			name:  "id token issued in the future",
			setup: func(t *testing.T, e *env) { e.clock.Set(time.Now().Add(-10 * time.Minute)) },
			code:  salescoach.EUNAUTHORIZED,
			cause: "used before issued",
		},
		{
			name:  "signed with a key the JWKS does not publish",
			setup: func(t *testing.T, e *env) { e.fake.SignWithWrongKey(t, true) },
			code:  salescoach.EUNAUTHORIZED,
			cause: "failed to verify", // go-oidc's wording
		},
		{
			name: "unknown code",
			run: func(t *testing.T, e *env) error {
				_, err := e.p.Exchange(context.Background(), "made-up", auth.NewOpaqueToken(), "n")
				return err
			},
			code:  salescoach.EUNAUTHORIZED,
			cause: "invalid_grant",
		},
		{
			name: "empty parameters",
			run: func(t *testing.T, e *env) error {
				_, err := e.p.Exchange(context.Background(), "", "", "")
				return err
			},
			code: salescoach.EUNAUTHORIZED,
		},
		{
			name:  "token endpoint down",
			setup: func(t *testing.T, e *env) { e.fake.FailToken(http.StatusServiceUnavailable) },
			code:  salescoach.EUNAVAILABLE,
			cause: "status=503",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := newEnv(t, nil)
			if tt.setup != nil {
				tt.setup(t, e)
			}
			run := tt.run
			if run == nil {
				run = func(t *testing.T, e *env) error {
					_, err := e.exchange(e.authorize(t))
					return err
				}
			}
			err := run(t, e)
			if tt.code == "" {
				if err != nil {
					t.Fatalf("want success, got %v", err)
				}
				return
			}
			assertCode(t, err, tt.code)
			if !strings.Contains(e.logs.String(), tt.cause) {
				t.Fatalf("log lacks %q:\n%s", tt.cause, e.logs.String())
			}
			if strings.Contains(e.logs.String(), "eyJ") {
				t.Fatalf("a token reached the log:\n%s", e.logs.String())
			}
		})
	}
}

func TestOIDCWrongClientSecret(t *testing.T) {
	e := newEnv(t, func(c *auth.ProviderConfig) { c.ClientSecret = "not-the-secret" })
	a := e.authorize(t)
	_, err := e.exchange(a)
	// Our credentials are wrong: the user cannot fix that, so it is an
	// outage rather than a failed sign-in.
	assertCode(t, err, salescoach.EUNAVAILABLE)
	if strings.Contains(e.logs.String(), "not-the-secret") || strings.Contains(e.logs.String(), a.cb.Form.Get("code")) {
		t.Fatalf("secret or code reached the log:\n%s", e.logs.String())
	}
}

func TestOIDCKeyRotation(t *testing.T) {
	e := newEnv(t, nil)
	if _, err := e.exchange(e.authorize(t)); err != nil {
		t.Fatal(err)
	}
	if _, err := e.exchange(e.authorize(t)); err != nil {
		t.Fatal(err)
	}
	if n := e.fake.Requests("/jwks"); n != 1 {
		t.Fatalf("JWKS fetched %d times for two sign-ins; want 1 (cached)", n)
	}
	e.fake.RotateKey(t)
	if _, err := e.exchange(e.authorize(t)); err != nil {
		t.Fatalf("after rotation: %v", err)
	}
	if n := e.fake.Requests("/jwks"); n != 2 {
		t.Fatalf("JWKS fetched %d times; want 2 (one refetch for the unknown kid)", n)
	}
	if n := e.fake.Requests("/.well-known/openid-configuration"); n != 1 {
		t.Fatalf("discovery fetched %d times; want 1 (cached)", n)
	}
}

// TestOIDCKeyRotationCompleted: after a rotation in which the provider
// withdraws the key we have cached, the new kid is fetched and used without
// a restart.
func TestOIDCKeyRotationCompleted(t *testing.T) {
	e := newEnv(t, nil, oidctest.WithKeyType(oidctest.ES256))
	if _, err := e.exchange(e.authorize(t)); err != nil {
		t.Fatal(err)
	}
	for i := range 2 {
		e.fake.RotateKey(t)
		e.fake.RetireOldKeys()
		if _, err := e.exchange(e.authorize(t)); err != nil {
			t.Fatalf("after rotation %d: %v", i+1, err)
		}
	}
	if n := e.fake.Requests("/jwks"); n != 3 {
		t.Fatalf("JWKS fetched %d times; want 3 (once per new kid)", n)
	}
}

// TestOIDCSlowJWKSDoesNotBlockSignIns: while a JWKS fetch for an unknown kid
// hangs at the provider, a sign-in whose key is cached completes; no lock is
// held across the fetch.
func TestOIDCSlowJWKSDoesNotBlockSignIns(t *testing.T) {
	e := newEnv(t, nil)
	if _, err := e.exchange(e.authorize(t)); err != nil { // caches the key
		t.Fatal(err)
	}
	entered, release := e.fake.Hold(t, "/jwks")
	e.fake.SignWithUnpublishedKey(t, true)
	stuck := e.authorize(t)
	done := make(chan error, 1)
	go func() {
		_, err := e.exchange(stuck)
		done <- err
	}()
	select {
	case <-entered: // the refetch for the unknown kid waits at the provider
	case err := <-done:
		t.Fatalf("exchange with an unknown kid did not refetch the JWKS: %v", err)
	}
	e.fake.SignWithUnpublishedKey(t, false)

	a := e.authorize(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if _, err := e.p.Exchange(ctx, a.cb.Form.Get("code"), a.verifier, a.nonce); err != nil {
		t.Fatalf("sign-in with a cached key blocked behind the JWKS fetch: %v", err)
	}
	select {
	case err := <-done:
		t.Fatalf("the sign-in completed only after the held JWKS fetch had ended (%v)", err)
	default: // the fetch is still held at the provider
	}
	release()
	assertCode(t, <-done, salescoach.EUNAUTHORIZED)
}

// TestOIDCJWKSFetchBounded: the key set fetches in the background, beyond
// the caller's context; the provider timeout still ends a hanging fetch when
// the HTTP client has no timeout of its own.
func TestOIDCJWKSFetchBounded(t *testing.T) {
	e := newEnv(t, func(c *auth.ProviderConfig) {
		c.HTTPClient = &http.Client{}
		c.Timeout = time.Second
	}, oidctest.WithKeyType(oidctest.ES256))
	e.fake.Hold(t, "/jwks")
	_, err := e.exchange(e.authorize(t))
	assertCode(t, err, salescoach.EUNAVAILABLE)
	if !strings.Contains(e.logs.String(), "oidc keys unavailable") {
		t.Fatalf("log lacks the cause:\n%s", e.logs.String())
	}
}

// TestOIDCConcurrentDiscovery: callers share one discovery fetch, and a
// caller that gives up is not held by it.
func TestOIDCConcurrentDiscovery(t *testing.T) {
	fake := oidctest.New(t, oidctest.WithRedirectURIs(callbackURL))
	fake.FailDiscovery(http.StatusInternalServerError)
	p, err := auth.NewProvider(context.Background(), auth.ProviderConfig{
		Issuer: fake.Issuer(), ClientID: fake.ClientID(), ClientSecret: fake.ClientSecret(),
		RedirectURL: callbackURL, HTTPClient: fake.Client(), Logger: slog.New(slog.DiscardHandler),
	})
	assertCode(t, err, salescoach.EUNAVAILABLE)
	fake.FailDiscovery(0)
	entered, release := fake.Hold(t, "/.well-known/openid-configuration")
	results := make(chan error, 3)
	for range 3 {
		go func() { results <- p.Discover(context.Background()) }()
	}
	<-entered
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	assertCode(t, p.Discover(ctx), salescoach.EUNAVAILABLE)
	release()
	for range 3 {
		if err := <-results; err != nil {
			t.Fatalf("Discover: %v", err)
		}
	}
	if n := fake.Requests("/.well-known/openid-configuration"); n != 2 {
		t.Fatalf("discovery fetched %d times; want 2 (the failure, then one shared fetch)", n)
	}
}

func TestOIDCDiscoveryFailure(t *testing.T) {
	fake := oidctest.New(t)
	fake.FailDiscovery(http.StatusInternalServerError)
	cfg := auth.ProviderConfig{
		Issuer: fake.Issuer(), ClientID: fake.ClientID(), ClientSecret: fake.ClientSecret(),
		RedirectURL: callbackURL, HTTPClient: fake.Client(), Logger: slog.New(slog.DiscardHandler),
	}
	p, err := auth.NewProvider(context.Background(), cfg)
	assertCode(t, err, salescoach.EUNAVAILABLE)
	if p == nil {
		t.Fatal("NewProvider returned no provider on a discovery failure")
	}
	if u := p.AuthCodeURL("s", "n", "c"); u != "" {
		t.Fatalf("AuthCodeURL before discovery = %q; want empty", u)
	}
	_, err = p.Exchange(context.Background(), "code", auth.NewOpaqueToken(), "nonce")
	assertCode(t, err, salescoach.EUNAVAILABLE)
	assertCode(t, p.Discover(context.Background()), salescoach.EUNAVAILABLE)

	// The provider recovers: the next use retries discovery.
	fake.FailDiscovery(0)
	if err := p.Discover(context.Background()); err != nil {
		t.Fatalf("Discover after recovery: %v", err)
	}
	verifier, nonce := auth.NewOpaqueToken(), auth.NewOpaqueToken()
	cb := fake.Approve(t, p.AuthCodeURL("s", nonce, auth.PKCEChallenge(verifier)))
	if _, err := p.Exchange(context.Background(), cb.Form.Get("code"), verifier, nonce); err != nil {
		t.Fatalf("Exchange after recovery: %v", err)
	}
}

func TestOIDCDiscoveryRejectsBadDocuments(t *testing.T) {
	big := strings.Repeat(" ", 1<<20+10)
	tests := map[string]func(base string) string{
		"other issuer": func(base string) string {
			return fmt.Sprintf(`{"issuer":"https://evil.example","authorization_endpoint":"%[1]s/a","token_endpoint":"%[1]s/t","jwks_uri":"%[1]s/k"}`, base)
		},
		"missing token endpoint": func(base string) string {
			return fmt.Sprintf(`{"issuer":"%[1]s","authorization_endpoint":"%[1]s/a","jwks_uri":"%[1]s/k"}`, base)
		},
		"not json": func(string) string { return "<html>" },
		"over 1 MiB": func(base string) string {
			return fmt.Sprintf(`{"issuer":"%[1]s","authorization_endpoint":"%[1]s/a","token_endpoint":"%[1]s/t","jwks_uri":"%[1]s/k"%[2]s}`, base, big)
		},
	}
	for name, doc := range tests {
		t.Run(name, func(t *testing.T) {
			var srv *httptest.Server
			srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "application/json")
				fmt.Fprint(w, doc(srv.URL))
			}))
			defer srv.Close()
			_, err := auth.NewProvider(context.Background(), auth.ProviderConfig{
				Issuer: srv.URL, ClientID: "c", ClientSecret: "s", RedirectURL: callbackURL,
				Logger: slog.New(slog.DiscardHandler),
			})
			assertCode(t, err, salescoach.EUNAVAILABLE)
		})
	}
}

func TestOIDCUnreachableAndSlowProvider(t *testing.T) {
	dead := httptest.NewServer(http.NotFoundHandler())
	deadURL := dead.URL
	dead.Close()
	_, err := auth.NewProvider(context.Background(), auth.ProviderConfig{
		Issuer: deadURL, ClientID: "c", ClientSecret: "s", RedirectURL: callbackURL, Logger: slog.New(slog.DiscardHandler),
	})
	assertCode(t, err, salescoach.EUNAVAILABLE)

	// The handler waits for the client to give up; the provider's own
	// timeout must end the request.
	release := make(chan struct{})
	slow := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer slow.Close()
	defer close(release)
	_, err = auth.NewProvider(context.Background(), auth.ProviderConfig{
		Issuer: slow.URL, ClientID: "c", ClientSecret: "s", RedirectURL: callbackURL,
		HTTPClient: &http.Client{}, // no timeout of its own
		Timeout:    50 * time.Millisecond,
		Logger:     slog.New(slog.DiscardHandler),
	})
	assertCode(t, err, salescoach.EUNAVAILABLE)
}

func TestNewProviderRejectsBadConfig(t *testing.T) {
	base := auth.ProviderConfig{Issuer: "https://accounts.example", ClientID: "c", ClientSecret: "s", RedirectURL: callbackURL}
	for name, mutate := range map[string]func(*auth.ProviderConfig){
		"no issuer":         func(c *auth.ProviderConfig) { c.Issuer = "" },
		"relative issuer":   func(c *auth.ProviderConfig) { c.Issuer = "accounts.example" },
		"no client id":      func(c *auth.ProviderConfig) { c.ClientID = "" },
		"no secret":         func(c *auth.ProviderConfig) { c.ClientSecret = "" },
		"two secrets":       func(c *auth.ProviderConfig) { c.ClientSecretFunc = func() (string, error) { return "", nil } },
		"relative redirect": func(c *auth.ProviderConfig) { c.RedirectURL = "/callback" },
		"bad response mode": func(c *auth.ProviderConfig) { c.ResponseMode = "fragment" },
	} {
		t.Run(name, func(t *testing.T) {
			cfg := base
			mutate(&cfg)
			p, err := auth.NewProvider(context.Background(), cfg)
			if p != nil || salescoach.ErrorCode(err) != salescoach.EINVALID {
				t.Fatalf("NewProvider = %v, %v; want nil, EINVALID", p, err)
			}
		})
	}
}

// writeP8 returns a fresh P-256 key and its PKCS #8 PEM, as Apple hands out
// .p8 files.
func writeP8(t *testing.T) (*ecdsa.PrivateKey, []byte) {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	return key, pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
}

// appleSecretChecker verifies the client secret the way Apple does: an ES256
// JWT by the team's key, for this client, addressed to Apple.
func appleSecretChecker(pub *ecdsa.PublicKey, teamID, keyID string, now func() time.Time) func(clientID, secret string) error {
	return func(clientID, secret string) error {
		var c jwt.RegisteredClaims
		tok, err := jwt.ParseWithClaims(secret, &c, func(t *jwt.Token) (any, error) {
			if t.Header["kid"] != keyID {
				return nil, errors.New("wrong kid")
			}
			return pub, nil
		}, jwt.WithValidMethods([]string{"ES256"}), jwt.WithIssuer(teamID), jwt.WithSubject(clientID),
			jwt.WithAudience(auth.AppleIssuer), jwt.WithExpirationRequired(), jwt.WithIssuedAt(), jwt.WithTimeFunc(now))
		if err != nil || !tok.Valid {
			return fmt.Errorf("client secret: %w", err)
		}
		if life := c.ExpiresAt.Sub(c.IssuedAt.Time); life <= 0 || life > 15777000*time.Second {
			return fmt.Errorf("client secret lifetime %v", life)
		}
		return nil
	}
}

func TestOIDCAppleStyle(t *testing.T) {
	const teamID, keyID, clientID = "TEAM123456", "KEY1234567", "com.example.salescoach.web"
	key, p8 := writeP8(t)
	now := time.Now
	fake := oidctest.New(t,
		oidctest.WithClient(clientID, ""),
		oidctest.WithKeyType(oidctest.ES256),
		oidctest.WithAppleStyle(),
		oidctest.WithRedirectURIs(callbackURL),
		oidctest.WithClientSecretCheck(appleSecretChecker(&key.PublicKey, teamID, keyID, now)),
	)
	secretFunc, err := auth.AppleClientSecretFunc(teamID, keyID, clientID, p8, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := auth.AppleConfig(clientID, secretFunc, callbackURL)
	cfg.Issuer = fake.Issuer()
	cfg.HTTPClient = fake.Client()
	cfg.Logger = slog.New(slog.DiscardHandler)
	p, err := auth.NewProvider(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}

	state, nonce, verifier := auth.NewOpaqueToken(), auth.NewOpaqueToken(), auth.NewOpaqueToken()
	authURL := p.AuthCodeURL(state, nonce, auth.PKCEChallenge(verifier))
	q, _ := url.Parse(authURL)
	if q.Query().Get("response_mode") != "form_post" || q.Query().Get("scope") != "name email" {
		t.Fatalf("auth URL = %s", authURL)
	}
	cb := fake.Approve(t, authURL)
	if cb.Method != http.MethodPost || cb.URL != callbackURL || cb.Form.Get("state") != state {
		t.Fatalf("callback = %+v", cb)
	}
	if got := auth.AppleUserName(cb.Form.Get("user")); got != "Erika Mustermann" {
		t.Fatalf("AppleUserName = %q", got)
	}
	claims, err := p.Exchange(context.Background(), cb.Form.Get("code"), verifier, nonce)
	if err != nil {
		t.Fatalf("Exchange: %v", err)
	}
	// Apple sends email_verified as the string "true" and no name.
	if claims.Subject != oidctest.DefaultUser.Subject || claims.Email != oidctest.DefaultUser.Email || !claims.EmailVerified || claims.Name != "" {
		t.Fatalf("claims = %+v", claims)
	}

	fake.SetUser(oidctest.User{Subject: "s2", Email: "x@privaterelay.appleid.com", EmailVerified: false})
	cb = fake.Approve(t, p.AuthCodeURL(state, nonce, auth.PKCEChallenge(verifier)))
	claims, err = p.Exchange(context.Background(), cb.Form.Get("code"), verifier, nonce)
	if err != nil || claims.EmailVerified {
		t.Fatalf(`email_verified "false": %+v, %v`, claims, err)
	}
}

func TestOIDCAppleSecretFromAnotherKeyRejected(t *testing.T) {
	const teamID, keyID, clientID = "TEAM123456", "KEY1234567", "com.example.salescoach.web"
	key, _ := writeP8(t)
	_, otherP8 := writeP8(t)
	fake := oidctest.New(t, oidctest.WithClient(clientID, ""), oidctest.WithKeyType(oidctest.ES256),
		oidctest.WithClientSecretCheck(appleSecretChecker(&key.PublicKey, teamID, keyID, time.Now)))
	secretFunc, err := auth.AppleClientSecretFunc(teamID, keyID, clientID, otherP8, nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg := auth.AppleConfig(clientID, secretFunc, callbackURL)
	cfg.Issuer, cfg.HTTPClient, cfg.Logger = fake.Issuer(), fake.Client(), slog.New(slog.DiscardHandler)
	p, err := auth.NewProvider(context.Background(), cfg)
	if err != nil {
		t.Fatal(err)
	}
	verifier, nonce := auth.NewOpaqueToken(), auth.NewOpaqueToken()
	cb := fake.Approve(t, p.AuthCodeURL("s", nonce, auth.PKCEChallenge(verifier)))
	_, err = p.Exchange(context.Background(), cb.Form.Get("code"), verifier, nonce)
	assertCode(t, err, salescoach.EUNAVAILABLE)
}

func TestAppleClientSecret(t *testing.T) {
	key, p8 := writeP8(t)
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	s, err := auth.AppleClientSecret("TEAM", "KID", "com.example.web", p8, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := appleSecretChecker(&key.PublicKey, "TEAM", "KID", func() time.Time { return now })("com.example.web", s); err != nil {
		t.Fatal(err)
	}

	rsaLike := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("nonsense")})
	p384, _ := ecdsa.GenerateKey(elliptic.P384(), rand.Reader)
	der384, _ := x509.MarshalPKCS8PrivateKey(p384)
	for name, tc := range map[string]struct {
		team string
		p8   []byte
	}{
		"no team":   {"", p8},
		"no pem":    {"TEAM", []byte("-----nothing-----")},
		"bad der":   {"TEAM", rsaLike},
		"P-384 key": {"TEAM", pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der384})},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := auth.AppleClientSecret(tc.team, "KID", "c", tc.p8, now); salescoach.ErrorCode(err) != salescoach.EINVALID {
				t.Fatalf("err = %v; want EINVALID", err)
			}
		})
	}
}

func TestAppleUserName(t *testing.T) {
	for in, want := range map[string]string{
		`{"name":{"firstName":"Jörg","lastName":"Müller"},"email":"j@x.de"}`: "Jörg Müller",
		`{"name":{"firstName":"Jörg"}}`:                                      "Jörg",
		`{"email":"j@x.de"}`:                                                 "",
		``:                                                                   "",
		`not json`:                                                           "",
	} {
		if got := auth.AppleUserName(in); got != want {
			t.Errorf("AppleUserName(%s) = %q; want %q", in, got, want)
		}
	}
	b, _ := json.Marshal(map[string]string{"x": strings.Repeat("a", 5000)})
	if auth.AppleUserName(string(b)) != "" {
		t.Error("oversized user field accepted")
	}
}

// reroute sends every request to the fake, whatever host it names, so a
// fake can stand in for https://accounts.google.com.
type reroute struct{ to *url.URL }

func (r reroute) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host, req.Host = r.to.Scheme, r.to.Host, ""
	return http.DefaultTransport.RoundTrip(req)
}

// TestOIDCIssuerVariants: Google's ID tokens may name the scheme-less
// "accounts.google.com" (go-oidc allows that for Google's issuer only);
// any other deviation from the discovered issuer is refused.
func TestOIDCIssuerVariants(t *testing.T) {
	for _, tc := range []struct {
		issuer, tokenIssuer string
		ok                  bool
	}{
		{auth.GoogleIssuer, auth.GoogleIssuer, true},
		{auth.GoogleIssuer, "accounts.google.com", true},
		{auth.GoogleIssuer, "https://evil.example", false},
		{auth.AppleIssuer, "appleid.apple.com", false},
	} {
		t.Run(tc.tokenIssuer, func(t *testing.T) {
			fake := oidctest.New(t, oidctest.WithIssuer(tc.issuer), oidctest.WithRedirectURIs(callbackURL))
			fake.SetIDTokenIssuer(tc.tokenIssuer)
			to, _ := url.Parse(fake.URL())
			logs := &logBuffer{}
			p, err := auth.NewProvider(context.Background(), auth.ProviderConfig{
				Issuer: tc.issuer, ClientID: fake.ClientID(), ClientSecret: fake.ClientSecret(), RedirectURL: callbackURL,
				HTTPClient: &http.Client{Transport: reroute{to}}, Logger: slog.New(slog.NewTextHandler(logs, nil)),
			})
			if err != nil {
				t.Fatal(err)
			}
			verifier, nonce := auth.NewOpaqueToken(), auth.NewOpaqueToken()
			authURL := p.AuthCodeURL("s", nonce, auth.PKCEChallenge(verifier))
			if !strings.HasPrefix(authURL, tc.issuer+"/authorize?") {
				t.Fatalf("auth URL = %s", authURL)
			}
			cb := fake.Approve(t, fake.URL()+strings.TrimPrefix(authURL, tc.issuer))
			claims, err := p.Exchange(context.Background(), cb.Form.Get("code"), verifier, nonce)
			if tc.ok {
				if err != nil || claims.Subject != oidctest.DefaultUser.Subject {
					t.Fatalf("Exchange = %+v, %v", claims, err)
				}
				return
			}
			assertCode(t, err, salescoach.EUNAUTHORIZED)
			if !strings.Contains(logs.String(), "issued by a different provider") {
				t.Fatalf("log lacks the cause:\n%s", logs.String())
			}
		})
	}
}

// TestOIDCLogsCauseNotPage: a provider's error page does not reach the log
// whole.
func TestOIDCLogsCauseNotPage(t *testing.T) {
	page := strings.Repeat("<p>Service Unavailable</p>", 4000)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Error(w, page, http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	logs := &logBuffer{}
	_, err := auth.NewProvider(context.Background(), auth.ProviderConfig{
		Issuer: srv.URL, ClientID: "c", ClientSecret: "s", RedirectURL: callbackURL,
		Logger: slog.New(slog.NewTextHandler(logs, nil)),
	})
	assertCode(t, err, salescoach.EUNAVAILABLE)
	if out := logs.String(); !strings.Contains(out, "503") || len(out) > 1000 {
		t.Fatalf("log (%d bytes) lacks the status or carries the page:\n%.400s", len(out), out)
	}
}
