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
	b := l.bucket(key, now)
	b.count++
	if b.count > l.max {
		return false, l.retry(b, now)
	}
	return true, 0
}

// blocked reports, without counting, whether key has used up its window
// (max events counted with add) and how many seconds remain in it. Limits on
// failures use it: blocked before the attempt, add after a failure.
func (l *limiter) blocked(key string) (bool, int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	b := l.bucket(key, now)
	if b.count >= l.max {
		return true, l.retry(b, now)
	}
	return false, 0
}

// add counts one event for key.
func (l *limiter) add(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.bucket(key, l.now()).count++
}

// forget drops key's window, as if nothing had been counted.
func (l *limiter) forget(key string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	delete(l.buckets, key)
}

// bucket returns key's current window, starting a new one when the last
// has ended. The caller holds l.mu.
func (l *limiter) bucket(key string, now time.Time) *bucket {
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
	return b
}

func (l *limiter) retry(b *bucket, now time.Time) int {
	return max(int(math.Ceil(b.start.Add(l.window).Sub(now).Seconds())), 1)
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
