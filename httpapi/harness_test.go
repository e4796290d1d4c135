package httpapi_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"salescoach"
	"salescoach/auth"
	"salescoach/billing"
	"salescoach/blob"
	"salescoach/coach/trainer"
	"salescoach/httpapi"
	"salescoach/mail"
	"salescoach/realtime"
	"salescoach/sqlstore"
	"salescoach/training"
	"salescoach/webfetch"
)

// clock is a settable test clock shared by the server and the token issuer.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) Now() time.Time          { c.mu.Lock(); defer c.mu.Unlock(); return c.t }
func (c *clock) Advance(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

// logBuffer collects the server's JSON log so tests can read mailed links the
// way an operator without SMTP would.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
	// drain, when set, sends the outbox's due mail (to this log, through
	// the log mailer) before mails reads the log.
	drain func()
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

// mails returns the logged mails as (to, link) pairs, oldest first.
func (l *logBuffer) mails() []map[string]any {
	if l.drain != nil {
		l.drain()
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(l.buf.String(), "\n") {
		var rec map[string]any
		if json.Unmarshal([]byte(line), &rec) == nil && rec["msg"] == "mail" {
			out = append(out, rec)
		}
	}
	return out
}

// lastLink returns the link of the newest mail to addr, failing the test
// when there is none.
func (l *logBuffer) lastLink(t testing.TB, addr string) string {
	t.Helper()
	ms := l.mails()
	for i := len(ms) - 1; i >= 0; i-- {
		if ms[i]["to"] == addr {
			link, _ := ms[i]["link"].(string)
			return link
		}
	}
	t.Fatalf("no mail to %s in the log", addr)
	return ""
}

// linkToken extracts the confirm or reset token of an app link.
func linkToken(t testing.TB, link, param string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatalf("bad link %q: %v", link, err)
	}
	tok := u.Query().Get(param)
	if tok == "" {
		t.Fatalf("link %q has no %s token", link, param)
	}
	return tok
}

type env struct {
	t      testing.TB
	db     *sqlstore.DB
	srv    *httptest.Server
	clock  *clock
	log    *logBuffer
	issuer *auth.Issuer
	secret []byte
	users  salescoach.UserService
	// training is the chat service the server uses; options may swap its engine.
	training *training.Service
	// billing holds the plan ids (without PayPal: payments are off);
	// newPayEnv connects it to a PayPal fake.
	billing *billing.Service
	hub     *realtime.Hub
	teams   *sqlstore.TeamService
	// outbox holds the server's mail; e.log.mails() sends what is due.
	outbox *mail.Outbox
	// blobs is the avatar store: a local folder unless an option swaps it.
	blobs salescoach.BlobStore
	// apiErrs are the answers that did not match docs/api/openapi.yaml
	// (apicheck_test.go), reported when the test ends.
	apiMu   sync.Mutex
	apiErrs []string
}

type envOption func(*httpapi.Config, *httpapi.Deps)

func newEnv(t testing.TB, db *sqlstore.DB, opts ...envOption) *env {
	t.Helper()
	e := &env{t: t, db: db, clock: &clock{t: time.Date(2026, 11, 21, 9, 0, 0, 0, time.UTC)}, log: &logBuffer{}}
	// Rows the store stamps itself (new users, consents) follow the test's
	// clock too, so that day-based figures do not depend on the real date.
	db.SetClock(e.clock.Now)
	e.secret = []byte("test-secret-test-secret-test-secret-0123")
	issuer, err := auth.NewIssuer(e.secret, "http://coach.test", "http://coach.test/api", 15*time.Minute, e.clock.Now)
	if err != nil {
		t.Fatal(err)
	}
	e.issuer = issuer
	logger := slog.New(slog.NewJSONHandler(e.log, nil))
	e.users = sqlstore.NewUserService(db)
	// The outbox is not run in the background: reading the mails sends
	// what is due, so tests see the mails of the requests before.
	e.outbox = mail.NewOutbox(mail.OutboxConfig{Store: sqlstore.NewOutboxService(db), Mailer: mail.NewLogMailer(logger),
		Logger: logger, Now: e.clock.Now})
	e.log.drain = func() {
		if _, err := e.outbox.SendDue(context.Background()); err != nil {
			t.Errorf("sending the outbox: %v", err)
		}
	}
	cfg := httpapi.Config{
		PublicURL: "http://coach.test", AdminEmails: []string{"boss@example.com"},
		AccessTTL: 15 * time.Minute, RefreshTTLRemember: 30 * 24 * time.Hour,
	}
	e.hub = realtime.NewHub()
	e.teams = sqlstore.NewTeamService(db)
	seats := sqlstore.NewSeatService(db)
	conversations := sqlstore.NewConversationService(db)
	progress := sqlstore.NewProgressService(db)
	e.billing = &billing.Service{Store: sqlstore.NewSubscriptionService(db), Promos: sqlstore.NewPromoService(db),
		PublicURL: cfg.PublicURL, Now: e.clock.Now, Log: logger, Changes: e.hub, Seats: seats}
	e.training = &training.Service{Conversations: conversations, Progress: progress, Users: e.users,
		Catalog: sqlstore.NewCatalogService(db), Subscriptions: sqlstore.NewSubscriptionService(db),
		Scenarios: sqlstore.NewScenarioService(db),
		Engine:    trainer.New(), Now: e.clock.Now, Log: logger, Changes: e.hub, Tiers: e.billing,
		Settings: sqlstore.NewSettingsService(db), Team: e.teams, Assignments: sqlstore.NewAssignmentService(db), Seats: seats,
		PlansForSale: e.billing.Configured}
	deps := httpapi.Deps{
		Conversations: conversations, Progress: progress, Training: e.training, Billing: e.billing,
		Skills: sqlstore.NewSkillService(db), Scenarios: e.training.Scenarios,
		Fetcher: webfetch.New(webfetch.Config{}), Hub: e.hub,
		Logger: logger, Now: e.clock.Now, Users: e.users,
		Sessions: sqlstore.NewSessionService(db), Tokens: sqlstore.NewTokenService(db),
		Identities: sqlstore.NewIdentityService(db), Consents: sqlstore.NewConsentService(db),
		PageViews: sqlstore.NewPageViewService(db), Vitals: sqlstore.NewWebVitalService(db), Referrals: sqlstore.NewReferralService(db),
		Catalog: sqlstore.NewCatalogService(db), Outbox: e.outbox, Issuer: issuer,
		Feedback: sqlstore.NewFeedbackService(db), Admin: sqlstore.NewAdminService(db),
		CatalogAdmin: sqlstore.NewCatalogService(db), Promos: sqlstore.NewPromoService(db),
		Settings:  e.training.Settings,
		Voice:     sqlstore.NewVoiceService(db),
		TwoFactor: sqlstore.NewTwoFactorService(db), TOTP: mustTOTP(t, e.secret),
		Privacy: sqlstore.NewPrivacyService(db),
		Teams:   e.teams, Seats: seats,
		TeamSSO: sqlstore.NewTeamSSOService(db), SSOSealer: mustSSOSealer(t, e.secret),
		// No allowance: a provider on 127.0.0.1 needs withSSOAllow.
		SSOFetch:    webfetch.New(webfetch.Config{}),
		Ready:       db.Ping,
		Assignments: e.training.Assignments,
		App: fstest.MapFS{
			"index.html":         {Data: []byte("<!doctype html><title>app</title>")},
			"assets/app-1234.js": {Data: []byte("console.log(1)")},
		},
	}
	local, err := blob.NewLocal(filepath.Join(t.TempDir(), "avatars"), "/avatars")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { local.Close() })
	deps.Blobs = local
	for _, o := range opts {
		o(&cfg, &deps)
	}
	e.blobs = deps.Blobs
	handler := httpapi.New(cfg, deps).Handler()
	// Every answer is checked against the API description; benchmarks
	// measure the server alone.
	if _, bench := t.(*testing.B); !bench {
		handler = e.checkedHandler(mustAPISpec(t), handler)
		// Cleanups run last first: this one after the server has closed,
		// when every handler has returned.
		t.Cleanup(e.reportAPIMismatches)
	}
	e.srv = httptest.NewServer(handler)
	t.Cleanup(e.srv.Close)
	return e
}

// client is a browser-like client: a cookie jar, no automatic redirects.
type client struct {
	e     *env
	http  *http.Client
	token string
	ip    string // sent as X-Forwarded-For (never trusted unless configured)
}

func (e *env) client() *client {
	jar, _ := cookiejar.New(nil)
	return &client{e: e, http: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error {
		return http.ErrUseLastResponse
	}}}
}

type response struct {
	status int
	header http.Header
	body   []byte
}

func (r response) json(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.body, &m); err != nil {
		t.Fatalf("answer is not a JSON object: %v: %s", err, r.body)
	}
	return m
}

// do sends body (a string is sent as is, anything else as JSON).
func (c *client) do(method, path string, body any) response {
	c.e.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, _ := json.Marshal(b)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequestWithContext(context.Background(), method, c.e.srv.URL+path, rd)
	if err != nil {
		c.e.t.Fatal(err)
	}
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.token != "" {
		req.Header.Set("Authorization", "Bearer "+c.token)
	}
	if c.ip != "" {
		req.Header.Set("X-Forwarded-For", c.ip)
	}
	res, err := c.http.Do(req)
	if err != nil {
		c.e.t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return response{status: res.StatusCode, header: res.Header, body: b}
}

// must fails the test unless the answer has the wanted status.
func (r response) must(t testing.TB, status int) response {
	t.Helper()
	if r.status != status {
		t.Fatalf("status %d, want %d: %s", r.status, status, r.body)
	}
	return r
}

// signUpConfirmed registers addr with password and confirms it through the
// logged link.
func (e *env) signUpConfirmed(addr, password string) {
	e.t.Helper()
	c := e.client()
	c.do("POST", "/api/auth/signup", map[string]any{"email": addr, "password": password, "termsAccepted": true}).must(e.t, 201)
	tok := linkToken(e.t, e.log.lastLink(e.t, addr), "confirm")
	c.do("POST", "/api/auth/confirm", map[string]any{"token": tok}).must(e.t, 200)
}

// signIn signs c in and keeps the access token.
func (c *client) signIn(addr, password string, remember bool) map[string]any {
	c.e.t.Helper()
	r := c.do("POST", "/api/auth/login", map[string]any{"email": addr, "password": password, "remember": remember}).must(c.e.t, 200)
	s := r.json(c.e.t)
	c.token, _ = s["access_token"].(string)
	return s
}

func mustURL(s string) *url.URL {
	u, err := url.Parse(s)
	if err != nil {
		panic(err)
	}
	return u
}

// userID reads the signed-in user's id.
func (c *client) userID(t testing.TB) string {
	t.Helper()
	return c.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)["id"].(string)
}

// fieldText is the German text of field's problem in an error answer ("" when
// the field has none).
func fieldText(body map[string]any, field string) string {
	fields, _ := body["fields"].(map[string]any)
	f, _ := fields[field].(map[string]any)
	text, _ := f["error"].(string)
	return text
}

// wantCode fails unless r has the status and the error code, and returns
// the answer.
func wantCode(t *testing.T, r response, status int, code string) map[string]any {
	t.Helper()
	m := r.must(t, status).json(t)
	if m["code"] != code {
		t.Fatalf("code = %v, want %s: %s", m["code"], code, r.body)
	}
	return m
}
