package httpapi

import (
	"math"
	"net"
	"net/http"
	"net/netip"
	"strings"
	"sync"
	"time"
)

// limiter is a fixed-window counter per key: at most max events per window.
// It is per process; with several app processes each enforces its own window,
// which docs/decisions.md accepts for now (the limits are abuse brakes, not
// quotas — quotas live in the database).
type limiter struct {
	max    int
	window time.Duration
	now    func() time.Time

	mu      sync.Mutex
	buckets map[string]*bucket
	sweep   time.Time
}

type bucket struct {
	start time.Time
	count int
}

func newLimiter(max int, window time.Duration, now func() time.Time) *limiter {
	return &limiter{max: max, window: window, now: now, buckets: map[string]*bucket{}}
}

// allow counts one event for key and reports whether it is within the limit;
// when it is not, it returns how many seconds remain in the window.
func (l *limiter) allow(key string) (bool, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if now.Sub(l.sweep) > l.window {
		// Dropping finished windows keeps memory bounded by the number of
		// keys seen within one window.
		for k, b := range l.buckets {
			if now.Sub(b.start) >= l.window {
				delete(l.buckets, k)
			}
		}
		l.sweep = now
	}
	b := l.buckets[key]
	if b == nil || now.Sub(b.start) >= l.window {
		b = &bucket{start: now}
		l.buckets[key] = b
	}
	b.count++
	if b.count > l.max {
		retry := int(math.Ceil(b.start.Add(l.window).Sub(now).Seconds()))
		return false, max(retry, 1)
	}
	return true, 0
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
