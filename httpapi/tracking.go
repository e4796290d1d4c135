package httpapi

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"

	"salescoach"
)

// aiTools are names in a source that mark an AI assistant.
var aiTools = []string{"chatgpt", "openai", "perplexity", "claude", "gemini", "copilot"}

// classifySource names the page-view source a utm_source value or a
// referrer host stands for, "" when it is none of the known ones. It is the
// rule of web/src/lib/tracking.ts: AI tools first, so that
// gemini.google.com does not count as Google search.
func classifySource(value string) string {
	v := strings.ToLower(value)
	for _, name := range aiTools {
		if strings.Contains(v, name) {
			return "ai-tool"
		}
	}
	switch {
	case strings.Contains(v, "google"):
		return "google"
	case strings.Contains(v, "instagram"):
		return "instagram"
	case strings.Contains(v, "youtube"), strings.Contains(v, "youtu.be"):
		return "youtube"
	case strings.Contains(v, "tiktok"):
		return "tiktok"
	case strings.Contains(v, "linkedin"), strings.Contains(v, "lnkd.in"):
		return "linkedin"
	}
	return ""
}

// pageViewSource is where the visitor of a server-rendered page came from:
// the utm_source parameter, else the Referer's host. No referrer, or one of
// this site, is direct; anything unknown is other.
func (s *Server) pageViewSource(r *http.Request) string {
	if utm := r.URL.Query().Get("utm_source"); utm != "" {
		if src := classifySource(truncate(utm, 200)); src != "" {
			return src
		}
		return "other"
	}
	ref := r.Referer()
	if ref == "" {
		return "direct"
	}
	u, err := url.Parse(ref)
	if err != nil || u.Host == "" || (u.Scheme != "http" && u.Scheme != "https") {
		return "other"
	}
	if strings.EqualFold(u.Host, r.Host) || strings.EqualFold(u.Scheme+"://"+u.Host, s.cfg.PublicURL) {
		return "direct"
	}
	if src := classifySource(u.Hostname()); src != "" {
		return src
	}
	return "other"
}

// recordPageView counts a view of a server-rendered page (the landing page,
// the imprint). It never fails the page: errors are logged, and a visitor
// over the tracking limit is simply not counted.
func (s *Server) recordPageView(r *http.Request, path string) {
	if r.Method != http.MethodGet || s.PageViews == nil {
		return
	}
	if ok, _ := s.limits.track.allow(s.ip.of(r)); !ok {
		return
	}
	v := &salescoach.PageView{Path: path, Source: s.pageViewSource(r), CreatedAt: s.now()}
	if err := s.PageViews.RecordPageView(r.Context(), v); err != nil {
		s.log.ErrorContext(r.Context(), "page view not recorded", "path", path, "err", err)
	}
}

// utmSource is what a utm_source may look like to be carried on to the app.
var utmSource = regexp.MustCompile(`^[a-z0-9_-]{1,40}$`)
