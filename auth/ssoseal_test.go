package auth_test

import (
	"strings"
	"testing"

	"salescoach"
	"salescoach/auth"
)

func TestSSOSealer(t *testing.T) {
	if _, err := auth.NewSSOSealer([]byte("short")); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("short key: %v", err)
	}
	key := []byte(strings.Repeat("k", 32))
	s, err := auth.NewSSOSealer(key)
	if err != nil {
		t.Fatal(err)
	}
	a, b := s.Seal("team-1", "geheim"), s.Seal("team-1", "geheim")
	if a == b || strings.Contains(a, "geheim") {
		t.Errorf("sealed %q and %q", a, b)
	}
	if got, err := s.Open("team-1", a); err != nil || got != "geheim" {
		t.Errorf("open = %q, %v", got, err)
	}
	if _, err := s.Open("team-2", a); salescoach.ErrorCode(err) != salescoach.EINTERNAL {
		t.Errorf("another team's row opened: %v", err)
	}
	other, _ := auth.NewSSOSealer([]byte(strings.Repeat("o", 32)))
	if _, err := other.Open("team-1", a); err == nil {
		t.Error("another key opened it")
	}
	// Not the TOTP key: the same input key seals differently per purpose.
	totp, _ := auth.NewTOTP(key, "x")
	if _, err := totp.Open("team-1", a); err == nil {
		t.Error("the TOTP sealer opened an SSO secret")
	}
}

// TestDomainChallenge: a team's DNS token for a domain is stable, differs
// per team, domain and key, carries 256 bits and says nothing of its input.
func TestDomainChallenge(t *testing.T) {
	s, err := auth.NewSSOSealer([]byte(strings.Repeat("k", 32)))
	if err != nil {
		t.Fatal(err)
	}
	a := s.DomainChallenge("team-1", "firma.de")
	if a != s.DomainChallenge("team-1", "firma.de") {
		t.Error("the token changes for the same team and domain")
	}
	if len(a) != 43 || strings.ContainsAny(a, "+/=") || strings.Contains(a, "team") || strings.Contains(a, "firma") {
		t.Errorf("token %q", a)
	}
	other, _ := auth.NewSSOSealer([]byte(strings.Repeat("o", 32)))
	for name, b := range map[string]string{
		"another team":   s.DomainChallenge("team-2", "firma.de"),
		"another domain": s.DomainChallenge("team-1", "firma.com"),
		"shifted parts":  s.DomainChallenge("team-1f", "irma.de"),
		"another key":    other.DomainChallenge("team-1", "firma.de"),
	} {
		if b == a {
			t.Errorf("%s: the same token", name)
		}
	}
}
