package httpapi_test

import (
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/base64"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestPagesAndApp(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	legal := t.TempDir()
	if err := os.WriteFile(filepath.Join(legal, "impressum.md"), []byte("# Impressum\n\nMusterfirma GmbH <script>alert(1)</script>\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	e := newEnv(t, db, func(cfg *httpapi.Config, _ *httpapi.Deps) { cfg.LegalDir = legal })
	c := e.client()
	tests := []struct {
		path, contains string
		status         int
		notContains    string
	}{
		{"/healthz", "ok", 200, ""},
		{"/readyz", "ready", 200, ""},
		{"/", `href="/app/login"`, 200, ""},
		{"/?ref=abc123", `href="/app/login?ref=abc123"`, 200, ""},
		{"/?ref=%22%3E%3Cscript%3E", `href="/app/login"`, 200, "<script>"},
		{"/impressum", "Musterfirma GmbH", 200, "<script>"},
		{"/legal", `id="agb"`, 200, ""},
		{"/legal/privacy", "Datenschutzerklärung", 200, ""},
		{"/legal/subprocessors", "Subprozessoren", 200, ""},
		{"/app/", "<title>app</title>", 200, ""},
		{"/app/dashboard", "<title>app</title>", 200, ""},
		{"/app/admin-dashboard/deep/link", "<title>app</title>", 200, ""},
		{"/app/assets/app-1234.js", "console.log", 200, ""},
		{"/app/assets/missing.js", "", 404, "<title>app</title>"},
		{"/api/unknown", `"error"`, 404, "<title>app</title>"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			r := c.do("GET", tt.path, nil).must(t, tt.status)
			if !strings.Contains(string(r.body), tt.contains) {
				t.Errorf("body lacks %q:\n%s", tt.contains, r.body)
			}
			if tt.notContains != "" && strings.Contains(string(r.body), tt.notContains) {
				t.Errorf("body contains %q", tt.notContains)
			}
			for h, want := range map[string]string{"X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY"} {
				if r.header.Get(h) != want {
					t.Errorf("%s = %q", h, r.header.Get(h))
				}
			}
		})
	}
	if r := c.do("GET", "/app/assets/app-1234.js", nil); !strings.Contains(r.header.Get("Cache-Control"), "immutable") {
		t.Errorf("asset Cache-Control = %q", r.header.Get("Cache-Control"))
	}
	if r := c.do("GET", "/app/login", nil); r.header.Get("Cache-Control") != "no-cache" {
		t.Errorf("index Cache-Control = %q", r.header.Get("Cache-Control"))
	}
}

func TestTrackAndConsent(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := e.client()
		c.do("POST", "/api/track", map[string]any{"path": "/login", "source": "instagram"}).must(t, 204)
		c.do("POST", "/api/track", map[string]any{"path": "/login", "source": "somewhere"}).must(t, 204)
		c.do("POST", "/api/track", map[string]any{"path": "login", "source": "direct"}).must(t, 400)
		c.do("POST", "/api/track", map[string]any{"path": "/" + strings.Repeat("a", 600), "source": "direct"}).must(t, 400)
		var n int
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM page_views WHERE source = 'other'").Scan(&n); err != nil || n != 1 {
			t.Errorf("page views with source other = %d (%v), want 1", n, err)
		}
		c.do("POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 2, "userAgent": "UA"}).must(t, 204)
		c.do("POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 3}).must(t, 400)
		if err := db.SQL().QueryRowContext(t.Context(), "SELECT COUNT(*) FROM consent_audit").Scan(&n); err != nil || n != 1 {
			t.Errorf("consent rows = %d (%v), want 1", n, err)
		}
	})
}

func TestAppFilesAreCompressed(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	for _, tt := range []struct {
		path, accept string
		gzip         bool
	}{
		{"/app/assets/app-1234.js", "gzip, deflate, br", true},
		{"/app/dashboard", "gzip", true},
		{"/app/assets/app-1234.js", "", false},
		{"/app/assets/app-1234.js", "gzip;q=0, br", false},
	} {
		req, _ := http.NewRequest("GET", e.srv.URL+tt.path, nil)
		req.Header.Set("Accept-Encoding", tt.accept)
		// A transport of its own: with an explicit Accept-Encoding the Go
		// client hands over the body as sent.
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if got := res.Header.Get("Content-Encoding") == "gzip"; got != tt.gzip {
			t.Errorf("%s with %q: gzip %v, want %v", tt.path, tt.accept, got, tt.gzip)
			continue
		}
		if !strings.Contains(res.Header.Get("Vary"), "Accept-Encoding") {
			t.Errorf("%s: Vary = %q", tt.path, res.Header.Get("Vary"))
		}
		if tt.gzip {
			zr, err := gzip.NewReader(bytes.NewReader(body))
			if err != nil {
				t.Fatal(err)
			}
			plain, _ := io.ReadAll(zr)
			if !strings.Contains(string(plain), "console.log") && !strings.Contains(string(plain), "<title>app</title>") {
				t.Errorf("%s: decompressed body %q", tt.path, plain)
			}
		}
	}
}

// TestFirstPagesPreloadTheirLazyFiles: the page sent for /app/login names
// the chunks and styles of the login screen (preload.json, written by the
// build), in plain and gzip form; other paths get the page unchanged.
func TestFirstPagesPreloadTheirLazyFiles(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) {
		d.App = fstest.MapFS{
			"index.html":   {Data: []byte("<!doctype html><html><head><title>app</title></head><body></body></html>")},
			"preload.json": {Data: []byte(`{"login":{"js":["assets/login-1.js","assets/Field-2.js"],"css":["assets/login-3.css"]},"chat":{"js":["assets/chat-4.js"],"css":[]}}`)},
		}
	})
	get := func(path, accept string) string {
		req, _ := http.NewRequest("GET", e.srv.URL+path, nil)
		req.Header.Set("Accept-Encoding", accept)
		res, err := (&http.Transport{DisableCompression: true}).RoundTrip(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var body io.Reader = res.Body
		if res.Header.Get("Content-Encoding") == "gzip" {
			zr, err := gzip.NewReader(res.Body)
			if err != nil {
				t.Fatal(err)
			}
			body = zr
		}
		b, _ := io.ReadAll(body)
		return string(b)
	}
	want := `<link rel="modulepreload" crossorigin href="/app/assets/login-1.js"><link rel="modulepreload" crossorigin href="/app/assets/Field-2.js"><link rel="preload" as="style" href="/app/assets/login-3.css"></head>`
	for _, accept := range []string{"gzip", ""} {
		for _, path := range []string{"/app/login", "/app/login?ref=abc"} {
			if page := get(path, accept); !strings.Contains(page, want) {
				t.Errorf("%s (%q): %s", path, accept, page)
			}
		}
		if page := get("/app/chat", accept); !strings.Contains(page, `href="/app/assets/chat-4.js"></head>`) || strings.Contains(page, "login-1") {
			t.Errorf("/app/chat (%q): %s", accept, page)
		}
		for _, path := range []string{"/app/", "/app/dashboard", "/app/help"} {
			if page := get(path, accept); strings.Contains(page, "preload") {
				t.Errorf("%s (%q) preloads: %s", path, accept, page)
			}
		}
	}
}

// TestInlineStyleAllowedByHash: the rules index.html paints its status with
// before the stylesheet arrives are admitted by their hash, and only they
// (no 'unsafe-inline').
func TestInlineStyleAllowedByHash(t *testing.T) {
	t.Parallel()
	style := "body{margin:0}.spinner{width:2rem}"
	app := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><style>" + style + "</style></head><body></body></html>")}}
	srv := httptest.NewServer(httpapi.New(httpapi.Config{}, httpapi.Deps{Logger: slog.New(slog.DiscardHandler), App: app}).Handler())
	t.Cleanup(srv.Close)
	sum := sha256.Sum256([]byte(style))
	want := "style-src 'self' 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "';"
	for _, path := range []string{"/app/login", "/healthz"} {
		res, err := http.Get(srv.URL + path)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		if !strings.Contains(csp, want) {
			t.Errorf("%s: CSP %q lacks %q", path, csp, want)
		}
		if strings.Contains(csp, "unsafe-inline") {
			t.Errorf("%s: CSP %q admits any inline style", path, csp)
		}
	}
}
