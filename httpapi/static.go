package httpapi

import (
	"bytes"
	"compress/gzip"
	"embed"
	"encoding/json"
	"errors"
	"html"
	"html/template"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"

	"salescoach"
)

//go:embed pages
var pagesFS embed.FS

var pageTemplates = template.Must(template.ParseFS(pagesFS, "pages/*.html"))

// markdown renders the legal pages. Raw HTML in the files is not rendered,
// so an operator's copy-paste cannot inject script.
var markdown = goldmark.New(
	goldmark.WithExtensions(extension.GFM),
	goldmark.WithParserOptions(parser.WithAutoHeadingID(), parser.WithAttribute()),
)

func (s *Server) handleHealthz(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok\n"))
}

func (s *Server) handleReadyz(w http.ResponseWriter, r *http.Request) error {
	if s.isDraining() {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgNotReady)
	}
	if s.Ready != nil {
		if err := s.Ready(r.Context()); err != nil {
			s.log.ErrorContext(r.Context(), "not ready", "err", err)
			return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgNotReady)
		}
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ready\n"))
	return nil
}

func (s *Server) handleAPINotFound(w http.ResponseWriter, r *http.Request) {
	writeError(w, r, s.log, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgNotFound))
}

func (s *Server) handleAppRedirect(w http.ResponseWriter, r *http.Request) {
	target := "/app/"
	if r.URL.RawQuery != "" {
		target += "?" + r.URL.RawQuery
	}
	http.Redirect(w, r, target, http.StatusMovedPermanently)
}

// handleApp serves the built app. Files that exist are served as they are
// (hashed assets for a year); any other path without a file extension is a
// client-side route and gets index.html; a missing asset is a 404, so a
// stale bundle fails loudly instead of receiving HTML.
func (s *Server) handleApp(w http.ResponseWriter, r *http.Request) {
	name := strings.TrimPrefix(path.Clean(r.URL.Path), "/app")
	name = strings.TrimPrefix(name, "/")
	if name != "" && name != "index.html" {
		if f, err := fs.Stat(s.App, name); err == nil && !f.IsDir() {
			if strings.HasPrefix(name, "assets/") {
				w.Header().Set("Cache-Control", "public, max-age=31536000, immutable")
			} else {
				w.Header().Set("Cache-Control", "no-cache")
			}
			if s.serveGzipped(w, r, name) {
				return
			}
			http.ServeFileFS(w, r, s.App, name)
			return
		}
		if path.Ext(name) != "" {
			http.NotFound(w, r)
			return
		}
	}
	index, err := fs.ReadFile(s.App, "index.html")
	if err != nil {
		http.Error(w, "The app is not built: run `make build`.", http.StatusServiceUnavailable)
		return
	}
	w.Header().Set("Cache-Control", "no-cache")
	page, _, _ := strings.Cut(name, "/")
	index = s.withPreloads(index, page)
	if len(s.cspPay) > 0 {
		// With payments the page carries a fresh nonce, in its CSP and in a
		// meta tag the app hands to PayPal's script (data-csp-nonce).
		nonce := newCSPNonce()
		w.Header().Set("Content-Security-Policy", contentSecurityPolicy(s.cspImg, s.cspPay, nonce, s.cspStyles))
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		meta := `<meta name="csp-nonce" content="` + nonce + `" />`
		_, _ = w.Write(bytes.Replace(index, []byte("</head>"), []byte(meta+"</head>"), 1))
		return
	}
	if s.serveGzippedBytes(w, r, "index.html#"+page, index) {
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(index)
}

// withPreloads names, in the page sent for a first page (/app/login,
// /app/chat), the script chunks and styles that page loads lazily, so the
// browser fetches them together with the entry rather than after the entry
// has run. The build lists them in preload.json (web/scripts/initial-js.ts);
// without it, or for other paths, the page is unchanged.
func (s *Server) withPreloads(index []byte, page string) []byte {
	s.preloadOnce.Do(func() {
		raw, err := fs.ReadFile(s.App, "preload.json")
		if err != nil {
			return
		}
		if err := json.Unmarshal(raw, &s.preloads); err != nil {
			s.log.Error("app preload.json unreadable", "err", err)
		}
	})
	set, ok := s.preloads[page]
	if !ok || page == "" {
		return index
	}
	var links strings.Builder
	for _, f := range set.JS {
		links.WriteString(`<link rel="modulepreload" crossorigin href="/app/` + html.EscapeString(f) + `">`)
	}
	for _, f := range set.CSS {
		links.WriteString(`<link rel="preload" as="style" href="/app/` + html.EscapeString(f) + `">`)
	}
	return bytes.Replace(index, []byte("</head>"), []byte(links.String()+"</head>"), 1)
}

// appPreloads are a first page's lazy files, relative to the app's root.
type appPreloads struct {
	JS  []string `json:"js"`
	CSS []string `json:"css"`
}

// refCode is what a referral code may look like; anything else is dropped.
var refCode = regexp.MustCompile(`^[A-Za-z0-9_-]{1,64}$`)

// handleLanding serves the landing page and counts the visit. Its 'Jetzt
// starten' link carries a valid referral code and utm_source on to the app,
// so that the sign-up credits the referrer and the app keeps the source.
func (s *Server) handleLanding(w http.ResponseWriter, r *http.Request) {
	s.recordPageView(r, "/")
	q := url.Values{}
	if ref := r.URL.Query().Get("ref"); refCode.MatchString(ref) {
		q.Set("ref", ref)
	}
	if utm := strings.ToLower(r.URL.Query().Get("utm_source")); utmSource.MatchString(utm) {
		q.Set("utm_source", utm)
	}
	login := "/app/login"
	if len(q) > 0 {
		login += "?" + q.Encode()
	}
	s.renderPage(w, r, "landing.html", map[string]any{"LoginURL": login})
}

// legalTitles are the page titles of the legal pages.
var legalTitles = map[string]string{
	"impressum":     "Impressum",
	"terms":         "Nutzungsbedingungen",
	"privacy":       "Datenschutzerklärung",
	"subprocessors": "Subprozessoren",
}

// handleLegal serves an operator-editable Markdown page: LegalDir/<name>.md
// when it exists, the shipped placeholder otherwise.
func (s *Server) handleLegal(name string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if name == "impressum" {
			s.recordPageView(r, "/impressum")
		}
		src, err := s.legalSource(name)
		if err != nil {
			s.log.ErrorContext(r.Context(), "legal page unreadable", "page", name, "err", err)
			http.Error(w, "Seite nicht verfügbar.", http.StatusInternalServerError)
			return
		}
		var buf bytes.Buffer
		if err := markdown.Convert(src, &buf); err != nil {
			s.log.ErrorContext(r.Context(), "legal page render failed", "page", name, "err", err)
			http.Error(w, "Seite nicht verfügbar.", http.StatusInternalServerError)
			return
		}
		s.renderPage(w, r, "legal.html", map[string]any{
			"Title": legalTitles[name],
			"Body":  template.HTML(buf.String()), // goldmark escapes raw HTML (unsafe mode is off)
		})
	}
}

func (s *Server) legalSource(name string) ([]byte, error) {
	if s.cfg.LegalDir != "" {
		b, err := os.ReadFile(filepath.Join(s.cfg.LegalDir, name+".md"))
		if err == nil {
			return b, nil
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, err
		}
	}
	return pagesFS.ReadFile("pages/legal/" + name + ".md")
}

func (s *Server) renderPage(w http.ResponseWriter, r *http.Request, name string, data any) {
	var buf bytes.Buffer
	if err := pageTemplates.ExecuteTemplate(&buf, name, data); err != nil {
		s.log.ErrorContext(r.Context(), "page render failed", "page", name, "err", err)
		http.Error(w, "Seite nicht verfügbar.", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_, _ = w.Write(buf.Bytes())
}

func (s *Server) handlePagesCSS(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Cache-Control", "public, max-age=3600")
	http.ServeFileFS(w, r, pagesFS, "pages/pages.css")
}

// compressible are the file types worth compressing; images and fonts are
// compressed already.
var compressible = map[string]string{
	".js": "text/javascript; charset=utf-8", ".mjs": "text/javascript; charset=utf-8",
	".css": "text/css; charset=utf-8", ".html": "text/html; charset=utf-8",
	".svg": "image/svg+xml", ".json": "application/json", ".map": "application/json",
}

// serveGzipped answers with the gzip form of an app file when the browser
// accepts it. The embedded files never change, so each is compressed once
// and kept; the set is bounded by the build's files.
func (s *Server) serveGzipped(w http.ResponseWriter, r *http.Request, name string) bool {
	ctype, ok := compressible[path.Ext(name)]
	if !ok {
		return false
	}
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Header.Get("Range") != "" {
		return false
	}
	body, err := s.gzipped(name)
	if err != nil {
		s.log.ErrorContext(r.Context(), "gzip app file", "file", name, "err", err)
		return false
	}
	h := w.Header()
	h.Set("Content-Type", ctype)
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(len(body)))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body)
	}
	return true
}

func (s *Server) gzipped(name string) ([]byte, error) {
	if b, ok := s.gzCache.Load(name); ok {
		return b.([]byte), nil
	}
	raw, err := fs.ReadFile(s.App, name)
	if err != nil {
		return nil, err
	}
	return s.gzipStore(name, raw)
}

// serveGzippedBytes is serveGzipped for content made from an app file (the
// page with a first page's preloads), cached under key: one per first page.
func (s *Server) serveGzippedBytes(w http.ResponseWriter, r *http.Request, key string, raw []byte) bool {
	w.Header().Add("Vary", "Accept-Encoding")
	if !acceptsGzip(r.Header.Get("Accept-Encoding")) || r.Header.Get("Range") != "" {
		return false
	}
	body, ok := s.gzCache.Load(key)
	if !ok {
		var err error
		if body, err = s.gzipStore(key, raw); err != nil {
			return false
		}
	}
	h := w.Header()
	h.Set("Content-Type", "text/html; charset=utf-8")
	h.Set("Content-Encoding", "gzip")
	h.Set("Content-Length", strconv.Itoa(len(body.([]byte))))
	if r.Method != http.MethodHead {
		_, _ = w.Write(body.([]byte))
	}
	return true
}

func (s *Server) gzipStore(name string, raw []byte) ([]byte, error) {
	var buf bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&buf, gzip.BestCompression)
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	s.gzCache.Store(name, buf.Bytes())
	return buf.Bytes(), nil
}

// acceptsGzip reads an Accept-Encoding header: gzip listed without q=0.
func acceptsGzip(h string) bool {
	for _, part := range strings.Split(h, ",") {
		coding, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(coding), "gzip") || strings.TrimSpace(coding) == "*" {
			q := strings.ReplaceAll(strings.TrimSpace(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}
