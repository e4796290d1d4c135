package httpapi_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/google/uuid"

	"salescoach/httpapi"
	"salescoach/metrics"
	"salescoach/metrics/metricstest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestRequestsAndChatTurnsAreObserved drives the real router with the
// metrics observer: requests count under their route pattern, also those
// the middlewares answer before routing, and never under a raw path; chat
// turns count by mode and outcome.
func TestRequestsAndChatTurnsAreObserved(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		m := metrics.New()
		e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) { d.Metrics = m })
		c := chatUser(t, e, "mia@example.com")
		a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, ich stelle Ihnen CloudKasse vor."}, 200)
		id := a["conversationId"].(string)
		c.do("GET", "/api/conversations/"+id, nil).must(t, 200)
		missing := uuid.NewString()
		c.do("GET", "/api/conversations/"+missing, nil).must(t, 404)
		c.chat(t, map[string]any{"conversationId": missing, "message": "Noch da?"}, 404)
		e.client().do("GET", "/api/nichts-hier", nil).must(t, 404)
		e.client().do("GET", "/nirgendwo/"+missing, nil).must(t, 404)
		bad := e.client()
		bad.token = "kein-token"
		bad.do("GET", "/api/me", nil).must(t, 401)

		fs := metricstest.Gather(t, m.Registry())
		for _, want := range []struct {
			route, code string
			n           float64
		}{
			{"POST /api/chat", "200", 1},
			{"POST /api/chat", "404", 1},
			{"GET /api/conversations/{id}", "200", 1},
			{"GET /api/conversations/{id}", "404", 1},
			{"POST /api/auth/signup", "201", 1},
			{"/api/", "404", 1},                // the JSON 404 of unknown API paths
			{metrics.RouteUnmatched, "404", 1}, // no pattern at all
			{"GET /api/me", "401", 1},          // refused by authenticate, before routing
		} {
			if got := fs.Value("salescoach_http_requests_total", "route", want.route, "code", want.code); got != want.n {
				t.Errorf("requests{route=%q,code=%s} = %v, want %v", want.route, want.code, got, want.n)
			}
			if got := fs.Value("salescoach_http_request_duration_seconds", "route", want.route, "code", want.code); got != want.n {
				t.Errorf("durations{route=%q,code=%s} = %v, want %v", want.route, want.code, got, want.n)
			}
		}
		for _, r := range fs.LabelValues("salescoach_http_requests_total", "route") {
			if strings.Contains(r, id) || strings.Contains(r, missing) || strings.Contains(r, "nirgendwo") {
				t.Errorf("a raw path became a route label: %q", r)
			}
		}
		if got := fs.Value("salescoach_chat_turns_total", "mode", "practice", "outcome", "ok"); got != 1 {
			t.Errorf("practice turns ok = %v, want 1", got)
		}
		if got := fs.Value("salescoach_chat_turns_total", "mode", "unknown", "outcome", "not_found"); got != 1 {
			t.Errorf("turns of a missing chat = %v, want 1", got)
		}
		if got := fs.Value("salescoach_chat_turns_total"); got != 2 {
			t.Errorf("chat turns = %v, want 2", got)
		}
	})
}

// BenchmarkObserveOverhead answers GET /healthz through the whole handler
// stack with and without the metrics observer, in process: the difference
// is what metrics cost a request (route lookup, status recorder, series).
func BenchmarkObserveOverhead(b *testing.B) {
	for _, on := range []bool{false, true} {
		b.Run(map[bool]string{false: "metrics=off", true: "metrics=on"}[on], func(b *testing.B) {
			var opts []envOption
			if on {
				opts = append(opts, func(_ *httpapi.Config, d *httpapi.Deps) { d.Metrics = metrics.New() })
			}
			h := newEnv(b, sqlstoretest.NewSQLite(b), opts...).srv.Config.Handler
			req := httptest.NewRequest("GET", "/api/conversations/"+uuid.NewString(), nil)
			b.ResetTimer()
			for range b.N {
				w := httptest.NewRecorder()
				h.ServeHTTP(w, req)
				if w.Code != http.StatusUnauthorized {
					b.Fatalf("status %d", w.Code)
				}
			}
		})
	}
}
