package httpapi

import (
	"net/http/httptest"
	"net/netip"
	"testing"
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
