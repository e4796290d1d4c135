// Package requestlog logs the requests a stand-in (cmd/oidcfake,
// cmd/dnsfake) serves, one line each, for the end-to-end tests' output.
package requestlog

import (
	"log/slog"
	"net/http"
)

// Handler writes one line per request to log: method, path and status,
// never a query or body (codes, tokens and records travel there).
func Handler(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(sw, r)
		log.Info("request", "method", r.Method, "path", r.URL.Path, "status", sw.status)
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
