package httpapi

import (
	"testing"

	"salescoach/auth"
)

// TestIssuerVouchesFor: Google's issuer speaks for a domain only through the
// hd claim of a Workspace account of that domain; a company's own issuer
// for every address it verified.
func TestIssuerVouchesFor(t *testing.T) {
	for _, c := range []struct {
		issuer, hd, domain string
		want               bool
	}{
		{"https://idp.acme.com/realms/acme", "", "acme.com", true},
		{"https://accounts.google.com", "acme.com", "acme.com", true},
		{"https://accounts.google.com/", "ACME.com", "acme.com", true},
		{"https://accounts.google.com", "", "acme.com", false},
		{"https://accounts.google.com", "other.com", "acme.com", false},
	} {
		if got := issuerVouchesFor(c.issuer, &auth.IDClaims{HostedDomain: c.hd}, c.domain); got != c.want {
			t.Errorf("issuerVouchesFor(%q, hd %q, %q) = %v, want %v", c.issuer, c.hd, c.domain, got, c.want)
		}
	}
}
