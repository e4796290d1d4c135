package main

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
)

// syncBuffer is an io.Writer safe for the server goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
	// written is closed and replaced on every write (see mailLink).
	written chan struct{}
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.written != nil {
		close(s.written)
		s.written = nil
	}
	return s.b.Write(p)
}

// mailLink waits up to 10 s for the log mailer's line to addr (mail goes
// out from the outbox after the answer) and returns the newest one's link.
func mailLink(t *testing.T, out *syncBuffer, addr string) string {
	t.Helper()
	deadline := time.After(10 * time.Second)
	for {
		out.mu.Lock()
		if out.written == nil {
			out.written = make(chan struct{})
		}
		written := out.written
		out.mu.Unlock()
		link := ""
		for _, l := range logLines(out) {
			if l["msg"] == "mail" && l["to"] == addr {
				link, _ = l["link"].(string)
			}
		}
		if link != "" {
			return link
		}
		select {
		case <-written:
		case <-deadline:
			t.Fatalf("no mail to %s in the log within 10 s", addr)
		}
	}
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// envMap turns pairs into a getenv function.
func envMap(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// logLines decodes the JSON log lines written so far.
func logLines(out *syncBuffer) []map[string]any {
	var lines []map[string]any
	sc := bufio.NewScanner(strings.NewReader(out.String()))
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	for sc.Scan() {
		var m map[string]any
		if json.Unmarshal(sc.Bytes(), &m) == nil {
			lines = append(lines, m)
		}
	}
	return lines
}

// startServer boots run on a free port and returns its base URL once
// /healthz answers; the server stops when the test ends.
func startServer(t *testing.T, getenv func(string) string) (string, *syncBuffer) {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	base, out, done := launch(t, ctx, getenv)
	t.Cleanup(func() {
		cancel()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("run: %v", err)
			}
		case <-time.After(20 * time.Second):
			t.Error("server did not shut down")
		}
	})
	return base, out
}

// launch boots run with ctx on a free port and returns its base URL once
// /healthz answers, its output, and the channel that receives run's result
// when ctx ends. It fails the test when the server does not start.
func launch(t *testing.T, ctx context.Context, getenv func(string) string) (string, *syncBuffer, <-chan error) {
	t.Helper()
	out := &syncBuffer{}
	done := make(chan error, 1)
	go func() { done <- run(ctx, []string{"salescoach", "serve"}, getenv, out, out) }()
	deadline := time.Now().Add(30 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-done:
			t.Fatalf("server stopped: %v\n%s", err, out.String())
		default:
		}
		if base := healthyAt(out); base != "" {
			return base, out, done
		}
		time.Sleep(20 * time.Millisecond) // polling for start-up, not timing a result
	}
	t.Fatalf("server did not become healthy:\n%s", out.String())
	return "", nil, nil
}

// healthyAt is the base URL a server logged to out as listening, once its
// /healthz answers 200; "" until then.
func healthyAt(out *syncBuffer) string {
	for _, l := range logLines(out) {
		if l["msg"] == "listening" {
			base := "http://" + l["addr"].(string)
			if res, err := http.Get(base + "/healthz"); err == nil {
				res.Body.Close()
				if res.StatusCode == 200 {
					return base
				}
			}
		}
	}
	return ""
}

func postJSON(t *testing.T, c *http.Client, base, path, token string, body any) (int, map[string]any) {
	t.Helper()
	b, _ := json.Marshal(body)
	req, _ := http.NewRequest("POST", base+path, bytes.NewReader(b))
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	raw, _ := io.ReadAll(res.Body)
	var m map[string]any
	_ = json.Unmarshal(raw, &m)
	return res.StatusCode, m
}

func TestServeEndToEnd(t *testing.T) {
	dir := t.TempDir()
	base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", dir, "LOG_FORMAT", "json", "ADMIN_EMAILS", "chef@example.com"))
	c := &http.Client{}

	for path, want := range map[string]int{"/readyz": 200, "/": 200, "/impressum": 200, "/legal": 200,
		"/legal/privacy": 200, "/legal/subprocessors": 200, "/api/nope": 404} {
		res, err := c.Get(base + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != want {
			t.Errorf("GET %s = %d, want %d", path, res.StatusCode, want)
		}
		if csp := res.Header.Get("Content-Security-Policy"); !strings.Contains(csp, "script-src 'self'") {
			t.Errorf("GET %s: CSP %q", path, csp)
		}
	}

	if st, _ := postJSON(t, c, base, "/api/auth/signup", "", map[string]any{"email": "chef@example.com", "password": "sicher-genug", "termsAccepted": true}); st != 201 {
		t.Fatalf("signup = %d", st)
	}
	link := mailLink(t, out, "chef@example.com")
	u, err := url.Parse(link)
	if err != nil || u.Query().Get("confirm") == "" || !strings.HasPrefix(link, strings.Replace(base, "127.0.0.1", "localhost", 1)+"/app/login?") {
		t.Fatalf("no confirmation link in the log (got %q)", link)
	}
	if st, _ := postJSON(t, c, base, "/api/auth/confirm", "", map[string]any{"token": u.Query().Get("confirm")}); st != 200 {
		t.Fatalf("confirm = %d", st)
	}
	st, s := postJSON(t, c, base, "/api/auth/login", "", map[string]any{"email": "chef@example.com", "password": "sicher-genug"})
	if st != 200 {
		t.Fatalf("login = %d", st)
	}
	req, _ := http.NewRequest("GET", base+"/api/auth/is-admin", nil)
	req.Header.Set("Authorization", "Bearer "+s["access_token"].(string))
	res, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	var admin map[string]any
	_ = json.NewDecoder(res.Body).Decode(&admin)
	res.Body.Close()
	if admin["isAdmin"] != true {
		t.Errorf("ADMIN_EMAILS user is-admin = %v", admin)
	}
	// Secrets never reach the log.
	if strings.Contains(out.String(), "sicher-genug") || strings.Contains(out.String(), s["access_token"].(string)) {
		t.Error("a password or token was logged")
	}
}

func TestConfigErrorsStopStartUp(t *testing.T) {
	tests := map[string][]string{
		"bad addr":              {"ADDR", "8080"},
		"bad public url":        {"PUBLIC_URL", "coach.example.com"},
		"bad smtp tls":          {"SMTP_TLS", "maybe"},
		"bad smtp port":         {"SMTP_PORT", "port"},
		"bad cookie secure":     {"COOKIE_SECURE", "yes"},
		"bad proxies":           {"TRUSTED_PROXIES", "10.0.0.0/33"},
		"short jwt secret":      {"JWT_SECRET", "short"},
		"bad database url":      {"DATABASE_URL", "mysql://x"},
		"bad admin email":       {"ADMIN_EMAILS", "nobody"},
		"google without secret": {"GOOGLE_CLIENT_ID", "id"},
		"bad ttl":               {"ACCESS_TOKEN_TTL", "forever"},
		"model without name":    {"LLM_BASE_URL", "http://localhost:11434/v1"},
		"bad model url":         {"LLM_BASE_URL", "localhost:11434"},
		"bad model timeout":     {"LLM_TIMEOUT", "0s"},
		"bad signup limit":      {"SIGNUP_LIMIT_PER_HOUR", "0"},
		"bad fetch allow":       {"FETCH_ALLOW", "127.0.0.1"},
		"bad fetch port":        {"FETCH_ALLOW_PORTS", "http"},
		"bad blob store":        {"BLOB_STORE", "ftp"},
		"s3 without endpoint":   {"BLOB_STORE", "s3"},
		"bad s3 endpoint":       {"S3_ENDPOINT", "minio:9000"},
		"s3 endpoint query":     {"S3_ENDPOINT", "http://minio:9000/?x=1"},
		"bad s3 region":         {"S3_REGION", "EU Central"},
		"bad s3 bucket":         {"S3_BUCKET", "My_Bucket"},
		"short s3 bucket":       {"S3_BUCKET", "ab"},
		"bad s3 public url":     {"S3_PUBLIC_URL", "cdn.example.com"},
		"bad s3 timeout":        {"S3_TIMEOUT", "0s"},
		"paypal without secret": {"PAYPAL_CLIENT_ID", "id"},
		"bad paypal api base":   {"PAYPAL_API_BASE", "paypal.com"},
		"bad paypal sdk url":    {"PAYPAL_SDK_URL", "fake:9090"},
		"bad stt provider":      {"STT_PROVIDER", "whisper"},
		"bad stt url":           {"STT_BASE_URL", "localhost:8000"},
		"bad tts provider":      {"TTS_PROVIDER", "espeak"},
		"polly without keys":    {"TTS_PROVIDER", "polly"},
		"bad aws region":        {"AWS_REGION", "Frankfurt am Main"},
		"bad polly endpoint":    {"POLLY_ENDPOINT", "polly:4566"},
		"bad voice timeout":     {"VOICE_TIMEOUT", "0s"},
		"bad tts voice":         {"TTS_VOICE", "nova; rm -rf"},
		"empty tts voice":       {"TTS_VOICE", " "},
		"bad sso dns server":    {"SSO_DNS_SERVER", "10.0.0.2"},
		"sso dns server port":   {"SSO_DNS_SERVER", "10.0.0.2:dns"},
	}
	for name, kv := range tests {
		t.Run(name, func(t *testing.T) {
			out := &syncBuffer{}
			err := run(t.Context(), []string{"salescoach", "serve"}, envMap(append(kv, "DATA_DIR", t.TempDir())...), out, out)
			if err == nil || !strings.Contains(err.Error(), kv[0]) {
				t.Errorf("err = %v, want one naming %s", err, kv[0])
			}
		})
	}
	out := &syncBuffer{}
	if err := run(t.Context(), []string{"salescoach", "serve", "--addr=nope"}, envMap(), out, out); err == nil || !strings.Contains(err.Error(), "--addr") {
		t.Errorf("bad flag: err = %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "serve", "--help"}, envMap(), out, out); err != errHelp || !strings.Contains(out.String(), "SMTP_PASSWORD_FILE") ||
		!strings.Contains(out.String(), "S3_SECRET_ACCESS_KEY_FILE") || !strings.Contains(out.String(), "BLOB_STORE") {
		t.Errorf("--help: err = %v, output lacks the settings", err)
	}
	if err := run(t.Context(), []string{"salescoach", "frobnicate"}, envMap(), out, out); err == nil {
		t.Error("unknown command accepted")
	}
}

func TestMigrateAndAdminCommands(t *testing.T) {
	dir := t.TempDir()
	env := envMap("DATA_DIR", dir)
	out := &syncBuffer{}
	if err := run(t.Context(), []string{"salescoach", "migrate"}, env, out, out); err != nil {
		t.Fatalf("migrate: %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "admin", "grant", "nobody@example.com"}, env, out, out); err == nil || !strings.Contains(err.Error(), "no user") {
		t.Errorf("grant to unknown user: %v", err)
	}
	if err := run(t.Context(), []string{"salescoach", "admin", "promote", "x@example.com"}, env, out, out); err == nil {
		t.Error("admin promote accepted")
	}

	db, err := sqlstore.Open(t.Context(), filepath.Join(dir, "salescoach.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	users := sqlstore.NewUserService(db)
	if _, err := users.CreateUser(t.Context(), salescoach.NewUser{Email: "lea@example.com"}); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		action string
		want   bool
	}{{"grant", true}, {"revoke", false}} {
		if err := run(t.Context(), []string{"salescoach", "admin", step.action, "LEA@example.com"}, env, out, out); err != nil {
			t.Fatalf("admin %s: %v", step.action, err)
		}
		u, err := users.UserByEmail(t.Context(), "lea@example.com")
		if err != nil || u.IsAdmin != step.want {
			t.Errorf("after %s: admin = %v (%v)", step.action, u.IsAdmin, err)
		}
	}
}
