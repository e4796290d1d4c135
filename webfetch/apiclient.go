package webfetch

import (
	"net/http"
	"net/netip"
	"net/url"
)

// APIClient returns an *http.Client for JSON APIs at user-supplied
// addresses (a team's OpenID Connect provider): it connects through the same
// guarded dialer as Fetch (public unicast addresses, or Config.Allow; ports
// 80, 443 or Config.AllowPorts; checked at connect time on every hop), never
// through a proxy, sends no cookies, checks every request's URL and every
// redirect as Fetch does (no https → http downgrade) and gives up after
// Config.Timeout. Response sizes are the caller's to bound.
func (c *Client) APIClient() *http.Client {
	return &http.Client{
		Transport:     checkedTransport{c},
		CheckRedirect: c.checkRedirect,
		Timeout:       c.cfg.Timeout,
	}
}

// checkedTransport checks each request's URL before the guarded transport
// dials, so a first request with userinfo, another scheme or a port not
// allowed is refused like a redirect to one.
type checkedTransport struct{ c *Client }

func (t checkedTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if err := t.c.checkURL(req.URL); err != nil {
		if req.Body != nil {
			_ = req.Body.Close()
		}
		return nil, &blockedError{reason: "request: " + err.Error()}
	}
	return t.c.transport.RoundTrip(req)
}

// AllowsPlainHTTP reports whether u may be reached without TLS: only when its
// host is an IP literal inside Config.Allow (a provider in a test, or on an
// internal network the operator listed). Host names never qualify, because
// their address is only known at connect time.
func (c *Client) AllowsPlainHTTP(u *url.URL) bool {
	a, err := netip.ParseAddr(u.Hostname())
	if err != nil {
		return false
	}
	a = a.Unmap()
	for _, p := range c.cfg.Allow {
		if p.Contains(a) {
			return true
		}
	}
	return false
}
