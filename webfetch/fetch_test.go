package webfetch

import (
	"bytes"
	"compress/gzip"
	"context"
	"crypto/x509"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"salescoach"
)

// The tests never reach the internet: every request either goes to a local
// httptest server admitted through Config.Allow / AllowPorts, or is refused
// before a connection is made (URL validation or the dialer guard).

// allowedIP is the loopback address the test servers bind to. Only this /32
// is put into Config.Allow, so 127.0.0.1 and ::1 stay forbidden and serve as
// the "internal" targets that redirects try to reach.
const allowedIP = "127.0.0.2"

var allowedPrefix = netip.MustParsePrefix(allowedIP + "/32")

// serve starts an HTTP server for h on ip (port chosen by the kernel).
func serve(t *testing.T, ip string, h http.Handler) *httptest.Server {
	t.Helper()
	l, err := net.Listen("tcp", net.JoinHostPort(ip, "0"))
	if err != nil {
		t.Fatalf("listen on %s: %v", ip, err)
	}
	srv := httptest.NewUnstartedServer(h)
	srv.Listener.Close()
	srv.Listener = l
	srv.Start()
	t.Cleanup(srv.Close)
	return srv
}

func portOf(t *testing.T, srv *httptest.Server) int {
	t.Helper()
	_, p, err := net.SplitHostPort(srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	n, _ := strconv.Atoi(p)
	return n
}

// logBuffer collects the client's log so tests can check that details went
// there and not into the user message.
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

// newClient returns a client that may reach allowedIP on the ports of srvs.
func newClient(t *testing.T, cfg Config, srvs ...*httptest.Server) (*Client, *logBuffer) {
	t.Helper()
	logs := &logBuffer{}
	cfg.Logger = slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug}))
	if cfg.Allow == nil {
		cfg.Allow = []netip.Prefix{allowedPrefix}
	}
	for _, s := range srvs {
		cfg.AllowPorts = append(cfg.AllowPorts, portOf(t, s))
	}
	return New(cfg), logs
}

func wantError(t *testing.T, err error, code string, message salescoach.Msg) {
	t.Helper()
	var e *salescoach.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *salescoach.Error %s %q", err, err, code, message.Key)
	}
	if e.Code != code || e.Msg.Key != message.Key {
		t.Fatalf("error = %s %q, want %s %q", e.Code, e.Msg.Key, code, message.Key)
	}
}

func htmlHandler(body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	})
}

// countingHandler counts requests; the "internal" servers use it to prove
// that a refused request never arrived.
type countingHandler struct{ hits atomic.Int32 }

func (h *countingHandler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.hits.Add(1)
	w.Header().Set("Content-Type", "text/html")
	fmt.Fprint(w, "<html><body><main><p>internal secret</p></main></body></html>")
}

func TestFetchRefusesInvalidURLs(t *testing.T) {
	c, _ := newClient(t, Config{})
	tests := []struct {
		url     string
		message salescoach.Msg
	}{
		{"", msgURLEmpty},
		{"   ", msgURLEmpty},
		{"file:///etc/passwd", msgURLInvalid},
		{"ftp://example.com/pub/file.txt", msgURLInvalid},
		{"javascript:alert(1)", msgURLInvalid},
		{"data:text/html,<p>hi</p>", msgURLInvalid},
		{"gopher://example.com/", msgURLInvalid},
		{"http://user:pass@example.com/", msgURLInvalid},
		{"https://user@example.com/", msgURLInvalid},
		{"example.com", msgURLInvalid},
		{"//example.com/", msgURLInvalid},
		{"http:///path", msgURLInvalid},
		{"http:example.com", msgURLInvalid},
		{"http://example.com:0/", msgURLInvalid},
		{"http://example.com:99999/", msgURLInvalid},
		{"http://exa mple.com/", msgURLInvalid},
		{"https://example.com/" + strings.Repeat("a", MaxURLLength), msgURLInvalid},
		// Ports other than 80 and 443 are refused before any DNS lookup.
		{"http://example.com:22/", msgBlocked},
		{"https://example.com:8443/", msgBlocked},
		{"http://127.0.0.1:6379/", msgBlocked},
	}
	for _, tt := range tests {
		_, err := c.Fetch(t.Context(), tt.url)
		wantError(t, err, salescoach.EINVALID, tt.message)
	}
}

// These addresses pass URL validation; the dialer guard refuses them at
// connect time (after DNS for localhost), so no connection is attempted.
func TestFetchRefusesInternalAddresses(t *testing.T) {
	for _, u := range []string{
		"http://127.0.0.1/",
		"http://[::ffff:127.0.0.1]/",
		"http://[::1]/",
		"http://169.254.169.254/latest/meta-data",
		"http://[::ffff:169.254.169.254]/latest/meta-data",
		"http://10.0.0.1/",
		"http://192.168.0.1/",
		"http://172.16.0.1/",
		"http://100.64.0.1/",
		"http://0.0.0.0/",
		"http://[fd00::1]/",
		"http://[64:ff9b::7f00:1]/",
		"https://localhost/",
		"http://localhost/",
	} {
		t.Run(u, func(t *testing.T) {
			c, logs := newClient(t, Config{})
			_, err := c.Fetch(t.Context(), u)
			wantError(t, err, salescoach.EINVALID, msgBlocked)
			if !strings.Contains(logs.String(), "destination refused") {
				t.Errorf("refusal not logged by the dialer guard; log:\n%s", logs)
			}
		})
	}
}

// A page on an allowed server redirects to addresses that are not allowed.
// The redirect machinery follows (shown by the control case), and the dialer
// refuses the target, which never sees a request.
func TestFetchRedirectToInternalRefused(t *testing.T) {
	internal := &countingHandler{}
	inner := serve(t, "127.0.0.1", internal) // forbidden: loopback, not in Allow
	innerPort := strconv.Itoa(portOf(t, inner))
	var target atomic.Value
	outer := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target.Load().(string), http.StatusFound)
	}))

	for _, tt := range []struct {
		target string
		allow  []netip.Prefix
		ok     bool
	}{
		{"http://127.0.0.1:" + innerPort + "/", nil, false},
		{"http://localhost:" + innerPort + "/", nil, false},
		{"http://[::ffff:127.0.0.1]:" + innerPort + "/", nil, false},
		{"http://169.254.169.254/latest/meta-data", nil, false},
		{"http://10.0.0.1/", nil, false},
		// Scheme, port and userinfo of each hop are validated too.
		{"http://" + allowedIP + ":22/", nil, false},
		{"file:///etc/passwd", nil, false},
		{"http://user:pass@" + allowedIP + ":" + innerPort + "/", nil, false},
		// Control: with 127.0.0.1 allowed the same redirect is followed.
		{"http://127.0.0.1:" + innerPort + "/", []netip.Prefix{allowedPrefix, netip.MustParsePrefix("127.0.0.1/32")}, true},
	} {
		t.Run(tt.target, func(t *testing.T) {
			target.Store(tt.target)
			internal.hits.Store(0)
			c, logs := newClient(t, Config{Allow: tt.allow}, outer, inner)
			page, err := c.Fetch(t.Context(), outer.URL+"/start")
			if tt.ok {
				if err != nil {
					t.Fatalf("Fetch: %v", err)
				}
				if page.URL != tt.target || !strings.Contains(page.Text, "internal secret") {
					t.Fatalf("page = %+v", page)
				}
				return
			}
			wantError(t, err, salescoach.EINVALID, msgBlocked)
			if n := internal.hits.Load(); n != 0 {
				t.Fatalf("internal server got %d requests", n)
			}
			if !strings.Contains(logs.String(), "refused") {
				t.Errorf("refusal not logged; log:\n%s", logs)
			}
		})
	}
}

// An https page may not redirect to http. The TLS server uses the
// httptest certificate (valid for 127.0.0.1), trusted through the root pool
// only: verification stays on.
func TestFetchRefusesHTTPSDowngrade(t *testing.T) {
	plain := &countingHandler{}
	plainSrv := serve(t, "127.0.0.1", plain)
	tlsSrv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/down":
			http.Redirect(w, r, plainSrv.URL+"/", http.StatusFound)
		case "/same":
			http.Redirect(w, r, "/page", http.StatusFound)
		default:
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<p>secure page</p>")
		}
	}))
	t.Cleanup(tlsSrv.Close)
	loopback := []netip.Prefix{netip.MustParsePrefix("127.0.0.1/32")}
	c, _ := newClient(t, Config{Allow: loopback}, plainSrv, tlsSrv)
	pool := x509.NewCertPool()
	pool.AddCert(tlsSrv.Certificate())
	c.transport.TLSClientConfig.RootCAs = pool

	page, err := c.Fetch(t.Context(), tlsSrv.URL+"/same")
	if err != nil {
		t.Fatalf("https → https: %v", err)
	}
	if page.Text != "secure page" || page.URL != tlsSrv.URL+"/page" {
		t.Fatalf("page = %+v", page)
	}

	_, err = c.Fetch(t.Context(), tlsSrv.URL+"/down")
	wantError(t, err, salescoach.EINVALID, msgBlocked)
	if n := plain.hits.Load(); n != 0 {
		t.Fatalf("http server got %d requests after a downgrade", n)
	}

	// Without the test root the certificate is not trusted.
	strict, _ := newClient(t, Config{Allow: loopback}, tlsSrv)
	_, err = strict.Fetch(t.Context(), tlsSrv.URL+"/page")
	wantError(t, err, salescoach.EUNAVAILABLE, msgUnavailable)
}

func TestFetchPage(t *testing.T) {
	srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/old" {
			http.Redirect(w, r, "/product", http.StatusMovedPermanently)
			return
		}
		if ua := r.Header.Get("User-Agent"); ua != DefaultUserAgent {
			t.Errorf("User-Agent = %q", ua)
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, `<!doctype html><html><head><title>Acme CRM – Produkt</title>
<meta name="description" content="CRM für kleine Teams.">
<script>var tracking = "SCRIPT-TEXT";</script><style>.x{color:red}</style></head>
<body>
<div id="cookie-banner"><p>Wir verwenden Cookies. COOKIE-TEXT</p><button>Akzeptieren</button></div>
<header><a href="/">Logo</a></header>
<nav><ul><li>NAV-TEXT Home</li><li>Preise</li></ul></nav>
<main><h1>Acme CRM</h1><p>Acme CRM verwaltet   Kontakte
und Angebote.</p><ul><li>Pipeline</li><li>Berichte</li></ul></main>
<footer>FOOTER-TEXT Impressum</footer>
</body></html>`)
	}))
	c, _ := newClient(t, Config{}, srv)
	page, err := c.Fetch(t.Context(), srv.URL+"/old#section")
	if err != nil {
		t.Fatalf("Fetch: %v", err)
	}
	want := "CRM für kleine Teams.\n\nAcme CRM\n\nAcme CRM verwaltet Kontakte und Angebote.\n\n- Pipeline\n- Berichte"
	if page.Text != want {
		t.Errorf("Text = %q\nwant   %q", page.Text, want)
	}
	if page.Title != "Acme CRM – Produkt" || page.URL != srv.URL+"/product" || page.ContentType != "text/html" {
		t.Errorf("page = %+v", page)
	}
	for _, junk := range []string{"SCRIPT", "COOKIE", "NAV", "FOOTER", "Logo", "Akzeptieren", "color"} {
		if strings.Contains(page.Text, junk) {
			t.Errorf("text contains %q", junk)
		}
	}
}

func TestFetchCharsets(t *testing.T) {
	latin1 := "Gr\xfc\xdfe aus K\xf6ln \x96 sch\xf6ne \xc4pfel" // ISO-8859-1 / Windows-1252 bytes
	want := "Grüße aus Köln – schöne Äpfel"
	tests := []struct {
		name, contentType, body, wantText string
	}{
		{"header charset", "text/html; charset=ISO-8859-1", "<p>" + latin1 + "</p>", want},
		{"meta charset", "text/html", `<html><head><meta charset="iso-8859-1"></head><body><p>` + latin1 + "</p></body></html>", want},
		{"http-equiv", "text/html", `<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>` + latin1 + "</p>", want},
		{"plain with charset", "text/plain; charset=latin1", latin1, want},
		{"plain undeclared legacy", "text/plain", latin1, want},
		{"plain utf-8", "text/plain", "Grüße\n\nzweiter   Absatz\nmit Umbruch", "Grüße\n\nzweiter Absatz mit Umbruch"},
		{"utf-8 html", "text/html; charset=utf-8", "<p>Grüße</p>", "Grüße"},
		{"sniffed html", "", "<!DOCTYPE html><p>" + latin1 + "</p>", want},
		{"xhtml", "application/xhtml+xml; charset=iso-8859-1", `<html xmlns="http://www.w3.org/1999/xhtml"><body><p>` + latin1 + "</p></body></html>", want},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header()["Content-Type"] = []string{tt.contentType}
				fmt.Fprint(w, tt.body)
			}))
			c, _ := newClient(t, Config{}, srv)
			page, err := c.Fetch(t.Context(), srv.URL)
			if err != nil {
				t.Fatalf("Fetch: %v", err)
			}
			if page.Text != tt.wantText {
				t.Errorf("Text = %q, want %q", page.Text, tt.wantText)
			}
		})
	}
}

func TestFetchTooLarge(t *testing.T) {
	big := "<p>" + strings.Repeat("x", 4000) + "</p>"
	srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		switch r.URL.Path {
		case "/length": // declared Content-Length
			w.Header().Set("Content-Length", strconv.Itoa(len(big)))
			fmt.Fprint(w, big)
		case "/chunked": // no length: detected while reading
			for i := 0; i < 10; i++ {
				fmt.Fprint(w, big[:400])
				w.(http.Flusher).Flush()
			}
		case "/gzip": // small on the wire, too large once decoded
			w.Header().Set("Content-Encoding", "gzip")
			zw := gzip.NewWriter(w)
			fmt.Fprint(zw, big)
			zw.Close()
		case "/exact":
			fmt.Fprint(w, big[:1024])
		}
	}))
	c, _ := newClient(t, Config{MaxBytes: 1024}, srv)
	for _, path := range []string{"/length", "/chunked", "/gzip"} {
		_, err := c.Fetch(t.Context(), srv.URL+path)
		wantError(t, err, salescoach.ETOOLARGE, salescoach.MsgURLTooLarge)
		if got := salescoach.ErrorMessage(err); got != "Die Seite ist zu groß (max. 1 KB)." {
			t.Errorf("message = %q", got)
		}
	}
	if _, err := c.Fetch(t.Context(), srv.URL+"/exact"); err != nil {
		t.Errorf("body of exactly MaxBytes: %v", err)
	}
	if got := New(Config{}).tooLarge(); salescoach.ErrorMessage(got) != "Die Seite ist zu groß (max. 2 MB)." {
		t.Errorf("default message = %q", salescoach.ErrorMessage(got))
	}
}

func TestFetchRefusesContentTypes(t *testing.T) {
	for _, ct := range []string{"application/pdf", "image/png", "application/json", "text/css", "application/javascript", "text/html; charset", "video/mp4"} {
		t.Run(ct, func(t *testing.T) {
			srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", ct)
				fmt.Fprint(w, "<p>looks like text</p>")
			}))
			c, _ := newClient(t, Config{}, srv)
			_, err := c.Fetch(t.Context(), srv.URL)
			wantError(t, err, salescoach.EINVALID, msgNoText)
		})
	}
	// An accepted type without readable text is refused as well.
	srv := serve(t, allowedIP, htmlHandler("<html><body><script>app()</script></body></html>"))
	c, _ := newClient(t, Config{}, srv)
	_, err := c.Fetch(t.Context(), srv.URL)
	wantError(t, err, salescoach.EINVALID, msgNoText)
}

func TestFetchStatusCodes(t *testing.T) {
	for _, tt := range []struct {
		status int
		code   string
	}{
		{http.StatusNotFound, salescoach.EINVALID},
		{http.StatusForbidden, salescoach.EINVALID},
		{http.StatusGone, salescoach.EINVALID},
		{http.StatusInternalServerError, salescoach.EUNAVAILABLE},
		{http.StatusBadGateway, salescoach.EUNAVAILABLE},
		{http.StatusServiceUnavailable, salescoach.EUNAVAILABLE},
		{http.StatusNoContent, ""},
	} {
		t.Run(strconv.Itoa(tt.status), func(t *testing.T) {
			srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", "text/html")
				w.WriteHeader(tt.status)
				fmt.Fprint(w, "<p>error page text</p>")
			}))
			c, _ := newClient(t, Config{}, srv)
			_, err := c.Fetch(t.Context(), srv.URL)
			if tt.code == "" {
				wantError(t, err, salescoach.EINVALID, msgNoText) // 204 has no body
				return
			}
			wantError(t, err, tt.code, msgUnavailable)
		})
	}
}

func TestFetchConnectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", allowedIP+":0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().(*net.TCPAddr)
	l.Close() // nothing listens there any more
	c, _ := newClient(t, Config{AllowPorts: []int{addr.Port}})
	_, err = c.Fetch(t.Context(), "http://"+addr.String()+"/")
	wantError(t, err, salescoach.EUNAVAILABLE, msgUnavailable)
}

// waitingServer answers nothing until the request is abandoned; arrived
// receives one value per request.
func waitingServer(t *testing.T) (*httptest.Server, chan struct{}) {
	arrived := make(chan struct{}, 10)
	release := make(chan struct{})
	srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		arrived <- struct{}{}
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release) }) // runs before srv.Close, which waits for handlers
	return srv, arrived
}

func TestFetchTimeout(t *testing.T) {
	srv, _ := waitingServer(t)
	c, _ := newClient(t, Config{Timeout: 100 * time.Millisecond}, srv)
	_, err := c.Fetch(t.Context(), srv.URL)
	wantError(t, err, salescoach.EUNAVAILABLE, msgUnavailable)
}

// The body, too, is bounded by the timeout: a server that sends headers and
// then stalls does not hold the fetch.
func TestFetchTimeoutWhileReadingBody(t *testing.T) {
	release := make(chan struct{})
	srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html")
		fmt.Fprint(w, "<p>start")
		w.(http.Flusher).Flush()
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	t.Cleanup(func() { close(release) })
	c, _ := newClient(t, Config{Timeout: 200 * time.Millisecond}, srv)
	_, err := c.Fetch(t.Context(), srv.URL)
	wantError(t, err, salescoach.EUNAVAILABLE, msgUnavailable)
}

func TestFetchContextCancelled(t *testing.T) {
	srv, arrived := waitingServer(t)
	c, _ := newClient(t, Config{Timeout: time.Minute}, srv)
	ctx, cancel := context.WithCancel(t.Context())
	go func() {
		<-arrived
		cancel()
	}()
	_, err := c.Fetch(ctx, srv.URL)
	wantError(t, err, salescoach.EUNAVAILABLE, msgUnavailable)
	if !errors.Is(ctx.Err(), context.Canceled) {
		t.Fatalf("ctx.Err() = %v", ctx.Err())
	}
}

func TestFetchRedirectLoop(t *testing.T) {
	var hits atomic.Int32
	srv := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, "/loop", http.StatusFound)
	}))
	c, _ := newClient(t, Config{}, srv)
	_, err := c.Fetch(t.Context(), srv.URL+"/loop")
	wantError(t, err, salescoach.EINVALID, msgUnavailable)
	if n := hits.Load(); n != 1+DefaultMaxRedirects {
		t.Errorf("server saw %d requests, want %d", n, 1+DefaultMaxRedirects)
	}

	// A chain of exactly MaxRedirects hops is followed; a negative
	// MaxRedirects follows none.
	chain := serve(t, allowedIP, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(strings.TrimPrefix(r.URL.Path, "/"))
		if n > 0 {
			http.Redirect(w, r, "/"+strconv.Itoa(n-1), http.StatusFound)
			return
		}
		w.Header().Set("Content-Type", "text/plain")
		fmt.Fprint(w, "arrived")
	}))
	c, _ = newClient(t, Config{MaxRedirects: 3}, chain)
	if page, err := c.Fetch(t.Context(), chain.URL+"/3"); err != nil || page.Text != "arrived" {
		t.Errorf("3 redirects with MaxRedirects 3: %v %+v", err, page)
	}
	_, err = c.Fetch(t.Context(), chain.URL+"/4")
	wantError(t, err, salescoach.EINVALID, msgUnavailable)
	c, _ = newClient(t, Config{MaxRedirects: -1}, chain)
	_, err = c.Fetch(t.Context(), chain.URL+"/1")
	wantError(t, err, salescoach.EINVALID, msgUnavailable)
}

// A proxy configured in the environment is never used: the guard would
// otherwise check the proxy's address instead of the target's.
func TestFetchIgnoresEnvironmentProxy(t *testing.T) {
	proxy := &countingHandler{}
	proxySrv := serve(t, allowedIP, proxy)
	t.Setenv("HTTP_PROXY", proxySrv.URL)
	t.Setenv("HTTPS_PROXY", proxySrv.URL)
	t.Setenv("http_proxy", proxySrv.URL)
	t.Setenv("NO_PROXY", "")
	srv := serve(t, allowedIP, htmlHandler("<p>direct</p>"))
	c, _ := newClient(t, Config{}, srv, proxySrv)
	page, err := c.Fetch(t.Context(), srv.URL)
	if err != nil || page.Text != "direct" {
		t.Fatalf("Fetch: %v %+v", err, page)
	}
	if n := proxy.hits.Load(); n != 0 {
		t.Fatalf("proxy got %d requests", n)
	}
}

func TestSizeLabel(t *testing.T) {
	for n, want := range map[int64]string{2 << 20: "2 MB", 1 << 20: "1 MB", 3 << 19: "1,5 MB", 1024: "1 KB", 1500: "2 KB"} {
		if got := sizeLabel(n); got != want {
			t.Errorf("sizeLabel(%d) = %q, want %q", n, got, want)
		}
	}
}
