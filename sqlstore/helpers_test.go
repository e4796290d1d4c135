package sqlstore_test

import (
	"database/sql"
	"errors"
	"slices"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
)

// t0 is the tests' "now": a fixed instant, so no test depends on the clock.
var t0 = time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)

// wantCode fails the test unless err is a *salescoach.Error with that code.
func wantCode(t *testing.T, err error, code string) *salescoach.Error {
	t.Helper()
	var e *salescoach.Error
	if !errors.As(err, &e) {
		t.Fatalf("error = %v (%T), want *salescoach.Error with code %s", err, err, code)
	}
	if e.Code != code {
		t.Fatalf("error code = %s (%v), want %s", e.Code, err, code)
	}
	return e
}

// byCode counts errs by their error code ("" for none), failing the test
// for an error whose code is not one of allowed.
func byCode(t *testing.T, errs []error, allowed ...string) map[string]int {
	t.Helper()
	n := map[string]int{}
	for _, err := range errs {
		code := salescoach.ErrorCode(err)
		if !slices.Contains(allowed, code) {
			t.Errorf("unexpected error %v", err)
		}
		n[code]++
	}
	return n
}

// mustNil fails the test on err.
func mustNil(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// newUser creates a confirmed user with a password; email "" makes a guest.
func newUser(t *testing.T, db *sqlstore.DB, email string) *salescoach.User {
	t.Helper()
	u, err := sqlstore.NewUserService(db).CreateUser(t.Context(), salescoach.NewUser{
		Email: email, PasswordHash: "hash", IsAnonymous: email == "", EmailConfirmed: email != "",
	})
	if err != nil {
		t.Fatalf("create user %q: %v", email, err)
	}
	return u
}

// exec runs fixture SQL written with ? placeholders.
func exec(t *testing.T, db *sqlstore.DB, q string, args ...any) {
	t.Helper()
	if db.Dialect() == sqlstore.DialectPostgres {
		q = sqlstore.Rebind(q)
	}
	if _, err := db.SQL().ExecContext(t.Context(), q, args...); err != nil {
		t.Fatalf("exec %q: %v", q, err)
	}
}

// count runs a COUNT query written with ? placeholders.
func count(t *testing.T, db *sqlstore.DB, q string, args ...any) int {
	t.Helper()
	if db.Dialect() == sqlstore.DialectPostgres {
		q = sqlstore.Rebind(q)
	}
	var n int
	if err := db.SQL().QueryRowContext(t.Context(), q, args...).Scan(&n); err != nil {
		t.Fatalf("count %q: %v", q, err)
	}
	return n
}

// sameTime fails the test unless got and want are the same instant in UTC.
func sameTime(t *testing.T, what string, got, want time.Time) {
	t.Helper()
	if !got.Equal(want) || got.Location() != time.UTC {
		t.Errorf("%s = %v, want %v in UTC", what, got, want)
	}
}

// race runs fn(i) for i in 0..n-1 from n goroutines released at once (by
// closing a channel) and returns their errors.
func race(n int, fn func(i int) error) []error {
	start := make(chan struct{})
	errs := make([]error, n)
	done := make(chan struct{})
	for i := range n {
		go func() {
			defer func() { done <- struct{}{} }()
			<-start
			errs[i] = fn(i)
		}()
	}
	close(start)
	for range n {
		<-done
	}
	return errs
}

// warm opens n pooled connections (at most as many as the pool allows) and
// returns them to the pool, so that a following race finds them ready:
// otherwise the racers queue on opening connections, which spreads them out
// in time and hides races.
func warm(t *testing.T, db *sqlstore.DB, n int) {
	t.Helper()
	if limit := db.SQL().Stats().MaxOpenConnections; limit > 0 {
		n = min(n, limit)
	}
	conns := make([]*sql.Conn, n)
	for i := range conns {
		c, err := db.SQL().Conn(t.Context())
		if err != nil {
			t.Fatalf("warm pool: %v", err)
		}
		conns[i] = c
	}
	for _, c := range conns {
		if err := c.PingContext(t.Context()); err != nil {
			t.Fatalf("warm pool: %v", err)
		}
		c.Close()
	}
}
