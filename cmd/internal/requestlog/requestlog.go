// Package requestlog logs the requests a stand-in (cmd/oidcfake,
// cmd/dnsfake, cmd/speechfake) serves, one line each, for the end-to-end
// tests' output.
package requestlog

import (
	"log/slog"
	"net/http"
	"time"
)

// Handler writes one line per request to log: method, path, status and
// time taken, never a query, header or body (codes, tokens, keys, texts and
// records travel there).
func Handler(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status, "elapsed", time.Since(start))
	})
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(status int) {
	s.status = status
	s.ResponseWriter.WriteHeader(status)
}

// Flush passes a streamed answer's parts on (the speech fake streams).
func (s *statusWriter) Flush() {
	if f, ok := s.ResponseWriter.(http.Flusher); ok {
		f.Flush()
	}
}
