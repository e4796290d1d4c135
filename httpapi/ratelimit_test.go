package httpapi

import (
	"net/http/httptest"
	"net/netip"
	"testing"
	"time"
)

func TestClientIP(t *testing.T) {
	trusted := clientIP{header: "X-Forwarded-For", proxies: []netip.Prefix{netip.MustParsePrefix("10.0.0.0/8")}}
	tests := []struct {
		name   string
		c      clientIP
		remote string
		xff    string
		want   string
	}{
		{"no header configured ignores a spoofed one", clientIP{}, "198.51.100.1:1234", "1.2.3.4", "198.51.100.1"},
		{"untrusted peer cannot set the header", trusted, "198.51.100.1:1234", "1.2.3.4", "198.51.100.1"},
		{"trusted proxy: rightmost untrusted address", trusted, "10.0.0.5:80", "1.2.3.4, 203.0.113.9, 10.0.0.7", "203.0.113.9"},
		{"client-written prefix is ignored", trusted, "10.0.0.5:80", "6.6.6.6, 203.0.113.9", "203.0.113.9"},
		{"garbage in the header falls back to the peer", trusted, "10.0.0.5:80", "not-an-ip", "10.0.0.5"},
		{"only proxies in the chain", trusted, "10.0.0.5:80", "10.1.1.1", "10.0.0.5"},
		{"IPv6 peer", clientIP{}, "[2001:db8::1]:443", "", "2001:db8::1"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := httptest.NewRequest("GET", "/", nil)
			r.RemoteAddr = tt.remote
			if tt.xff != "" {
				r.Header.Set("X-Forwarded-For", tt.xff)
			}
			if got := tt.c.of(r); got != tt.want {
				t.Errorf("of() = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestLimiterWindow(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(3, time.Minute, func() time.Time { return now })
	for i := range 3 {
		if ok, _ := l.allow("a"); !ok {
			t.Fatalf("event %d refused", i+1)
		}
	}
	ok, retry := l.allow("a")
	if ok || retry != 60 {
		t.Fatalf("4th event: ok=%v retry=%d, want refused with 60", ok, retry)
	}
	if ok, _ := l.allow("b"); !ok {
		t.Error("another key shares the window")
	}
	now = now.Add(45 * time.Second)
	if _, retry := l.allow("a"); retry != 15 {
		t.Errorf("retry after 45 s = %d, want 15", retry)
	}
	now = now.Add(16 * time.Second)
	if ok, _ := l.allow("a"); !ok {
		t.Error("new window still refused")
	}
	now = now.Add(2 * time.Minute)
	l.allow("c")
	if len(l.buckets) != 1 {
		t.Errorf("finished windows not swept: %d buckets", len(l.buckets))
	}
}

func TestLimiterCountsFailures(t *testing.T) {
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	l := newLimiter(2, time.Minute, func() time.Time { return now })
	for range 5 {
		// Looking does not count.
		if blocked, _ := l.blocked("a"); blocked {
			t.Fatal("blocked before any failure")
		}
	}
	l.add("a")
	if blocked, _ := l.blocked("a"); blocked {
		t.Fatal("blocked after one of two failures")
	}
	l.add("a")
	now = now.Add(20 * time.Second)
	if blocked, retry := l.blocked("a"); !blocked || retry != 40 {
		t.Fatalf("after two failures: blocked=%v retry=%d, want true 40", blocked, retry)
	}
	if blocked, _ := l.blocked("b"); blocked {
		t.Error("another key is blocked")
	}
	l.forget("a")
	if blocked, _ := l.blocked("a"); blocked {
		t.Error("forget kept the window")
	}
	l.add("a")
	l.add("a")
	now = now.Add(time.Minute)
	if blocked, _ := l.blocked("a"); blocked {
		t.Error("a new window is still blocked")
	}
}

func TestAddressKey(t *testing.T) {
	for in, want := range map[string]string{
		"203.0.113.7":          "203.0.113.7",
		"::ffff:203.0.113.7":   "203.0.113.7",
		"2001:db8:1:2::1":      "2001:db8:1:2::/64",
		"2001:db8:1:2:aaaa::9": "2001:db8:1:2::/64",
		"2001:db8:1:3::1":      "2001:db8:1:3::/64",
		"not an address":       "not an address",
	} {
		if got := addressKey(in); got != want {
			t.Errorf("addressKey(%q) = %q, want %q", in, got, want)
		}
	}
}
