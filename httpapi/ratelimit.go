package httpapi

import (
	"context"
	"log/slog"
	"math"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"time"

	"salescoach"
)

// limiter applies one limit through the server's salescoach.RateLimiter:
// in-process on SQLite, in PostgreSQL when several processes share it, so
// that N processes do not allow N times the limit.
//
// A check runs under a context of its own, not the request's: a client
// that hangs up right after a wrong password must not escape the count.
// Should the store fail, the event is let through and the failure logged
// (without the key, which may be an e-mail address): every limited action
// needs the same database and fails on its own then.
type limiter struct {
	limit salescoach.Limit
	store salescoach.RateLimiter
	now   func() time.Time
	log   *slog.Logger
}

// limitTimeout bounds one check against the store.
const limitTimeout = 2 * time.Second

// newLimiter returns the limit name: n events per window.
func (s *Server) newLimiter(name string, n int, window time.Duration) *limiter {
	return &limiter{limit: salescoach.Limit{Name: name, Max: n, Window: window}, store: s.Limiter, now: s.now, log: s.log}
}

// allow counts one event for key and reports whether it is within the limit;
// when it is not, it returns in how many seconds one would be.
func (l *limiter) allow(key string) (bool, int) {
	ctx, cancel := context.WithTimeout(context.Background(), limitTimeout)
	defer cancel()
	wait, err := l.store.Allow(ctx, l.limit, key, l.now())
	l.failed(err)
	return wait == 0, retrySeconds(wait)
}

// blocked reports, without counting, whether key's bucket is empty and in
// how many seconds it will not be. Limits on failures use it: blocked before
// the attempt, add after a failure.
func (l *limiter) blocked(key string) (bool, int) {
	ctx, cancel := context.WithTimeout(context.Background(), limitTimeout)
	defer cancel()
	wait, err := l.store.Blocked(ctx, l.limit, key, l.now())
	l.failed(err)
	return wait > 0, retrySeconds(wait)
}

// add counts one event for key.
func (l *limiter) add(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), limitTimeout)
	defer cancel()
	l.failed(l.store.Add(ctx, l.limit, key, l.now()))
}

// forget drops key's bucket, as if nothing had been counted.
func (l *limiter) forget(key string) {
	ctx, cancel := context.WithTimeout(context.Background(), limitTimeout)
	defer cancel()
	l.failed(l.store.Forget(ctx, l.limit, key))
}

func (l *limiter) failed(err error) {
	if err != nil {
		l.log.Error("rate limit check failed; letting the request through", "limit", l.limit.Name, "err", err)
	}
}

// retrySeconds is a wait as Retry-After: whole seconds, rounded up.
func retrySeconds(wait time.Duration) int {
	if wait <= 0 {
		return 0
	}
	return max(int(math.Ceil(wait.Seconds())), 1)
}

// addressKey is the key of an address in per-address limits: an IPv4
// address itself, an IPv6 address's /64, because one IPv6 client usually
// owns a whole /64 and could otherwise take a fresh address per attempt.
func addressKey(ip string) string {
	a, err := netip.ParseAddr(ip)
	if err != nil {
		return ip
	}
	a = a.Unmap()
	if a.Is4() {
		return a.String()
	}
	p, err := a.Prefix(64)
	if err != nil {
		return ip
	}
	return p.String()
}

// clientIP resolves the caller's address. A proxy header is believed only
// when the operator named it (TRUSTED_PROXY_HEADER) and the direct peer is in
// the trusted proxy networks; otherwise a spoofed X-Forwarded-For changes
// nothing.
type clientIP struct {
	header  string         // e.g. "X-Forwarded-For"; "" trusts no header
	proxies []netip.Prefix // peers allowed to set the header
}

func (c clientIP) of(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		host = r.RemoteAddr
	}
	if c.header == "" {
		return host
	}
	peer, err := netip.ParseAddr(host)
	if err != nil || !c.trusted(peer) {
		return host
	}
	// The rightmost address not belonging to a trusted proxy is the client:
	// everything left of it could have been written by the client itself.
	parts := strings.Split(r.Header.Get(c.header), ",")
	for i := len(parts) - 1; i >= 0; i-- {
		a, err := netip.ParseAddr(strings.TrimSpace(parts[i]))
		if err != nil {
			break
		}
		if !c.trusted(a) {
			return a.String()
		}
	}
	return host
}

func (c clientIP) trusted(a netip.Addr) bool {
	a = a.Unmap()
	for _, p := range c.proxies {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
