package httpapi_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"

	"salescoach"
	"salescoach/httpapi"
	"salescoach/metrics"
	"salescoach/metrics/metricstest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// profileWhenGone is the real user store, except that its profile read
// waits, once armed, until the request's client has gone away and then reads
// with the request's (now cancelled) context: the store's own error for a
// cancelled query, as a client that closes the tab mid-request causes it.
type profileWhenGone struct {
	salescoach.UserService
	mu      sync.Mutex
	armed   bool
	reached chan struct{}
}

func (p *profileWhenGone) ProfileByUserID(ctx context.Context, userID string) (*salescoach.Profile, error) {
	p.mu.Lock()
	armed := p.armed
	p.armed = false
	p.mu.Unlock()
	if armed {
		close(p.reached)
		<-ctx.Done()
	}
	return p.UserService.ProfileByUserID(ctx, userID)
}

// TestClientCancelledRequestIsNoServerError: a request whose client leaves
// while the handler reads the database ends with the store's 'context
// canceled'. That is logged at INFO as status 499 (nginx's 'client closed
// request'), in the access log and the metrics, never as ERROR or 5xx.
// GET /api/challenges reads the profile after the session (GET /api/me
// reads both in one query, so its profile read cannot be held).
func TestClientCancelledRequestIsNoServerError(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		m := metrics.New()
		users := &profileWhenGone{UserService: sqlstore.NewUserService(db), reached: make(chan struct{})}
		e := newEnv(t, db, func(_ *httpapi.Config, d *httpapi.Deps) {
			d.Metrics = m
			d.Users = users
		})
		c := e.client()
		e.signUpConfirmed("lea@example.com", "geheim-genug-1")
		c.signIn("lea@example.com", "geheim-genug-1", false)

		users.mu.Lock()
		users.armed = true
		users.mu.Unlock()
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, "GET", e.srv.URL+"/api/challenges", nil)
		req.Header.Set("Authorization", "Bearer "+c.token)
		done := make(chan error, 1)
		go func() {
			res, err := c.http.Do(req)
			if err == nil {
				res.Body.Close()
			}
			done <- err
		}()
		<-users.reached
		cancel()
		if err := <-done; !errors.Is(err, context.Canceled) {
			t.Fatalf("client: %v, want context.Canceled", err)
		}
		// Close waits for the handler to return: its log lines are written.
		e.srv.Close()

		e.log.mu.Lock()
		logged := e.log.buf.String()
		e.log.mu.Unlock()
		var access map[string]any
		for _, line := range strings.Split(logged, "\n") {
			var rec map[string]any
			if json.Unmarshal([]byte(line), &rec) != nil {
				continue
			}
			if rec["level"] == "ERROR" {
				t.Errorf("a cancelled request was logged as an error: %s", line)
			}
			if rec["msg"] == "request" && rec["path"] == "/api/challenges" {
				access = rec
			}
		}
		if access == nil {
			t.Fatalf("no access log line for GET /api/challenges:\n%s", logged)
		}
		if access["status"] != float64(499) || access["level"] != "INFO" {
			t.Errorf("access log: status %v at %v, want 499 at INFO", access["status"], access["level"])
		}
		fs := metricstest.Gather(t, m.Registry())
		if got := fs.Value("salescoach_http_requests_total", "route", "GET /api/challenges", "code", "499"); got != 1 {
			t.Errorf("requests{GET /api/challenges, 499} = %v, want 1", got)
		}
		for _, code := range fs.LabelValues("salescoach_http_requests_total", "code") {
			if strings.HasPrefix(code, "5") {
				t.Errorf("metrics counted a %s", code)
			}
		}
	})
}
