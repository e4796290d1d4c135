package httpapi_test

import (
	"fmt"
	"testing"

	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestRateLimitsSharedByProcesses: two servers on one PostgreSQL database,
// each with its own connection pool, stand for two app processes behind a
// load balancer. Sign-in attempts from one address alternate between them;
// the limit of 6 per 15 minutes counts them together, so the seventh is
// refused wherever it lands (per process, each would have seen only 3).
func TestRateLimitsSharedByProcesses(t *testing.T) {
	t.Parallel()
	url := sqlstoretest.NewPostgresURL(t)
	var envs [2]*env
	for i := range envs {
		db, err := sqlstore.Open(t.Context(), url)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		envs[i] = newEnv(t, db, behindProxy, func(cfg *httpapi.Config, deps *httpapi.Deps) {
			cfg.AuthAttemptsPerIP = 6
			deps.Limiter = sqlstore.NewRateLimiter(db)
		})
	}
	login := func(e *env, i int) response {
		c := e.client()
		c.ip = "203.0.113.80"
		// Unknown accounts, one per attempt: only the per-address limit
		// can refuse.
		return c.do("POST", "/api/auth/login", map[string]any{"email": fmt.Sprintf("gast%d@example.com", i), "password": "falsch-falsch"})
	}
	for i := range 6 {
		login(envs[i%2], i).must(t, 401)
	}
	for i, e := range envs {
		wantCode(t, login(e, 10+i), 429, "too_many_attempts")
	}
	// Another address is not affected on either.
	c := envs[1].client()
	c.ip = "203.0.113.81"
	c.do("POST", "/api/auth/login", map[string]any{"email": "gast@example.com", "password": "falsch-falsch"}).must(t, 401)
}
