package auth

import (
	"crypto/rand"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"salescoach"
)

var testSecret = []byte("0123456789abcdef0123456789abcdef")

// clock is a settable test clock.
type clock struct{ t time.Time }

func (c *clock) Now() time.Time { return c.t }

func newTestIssuer(t *testing.T, c *clock) *Issuer {
	t.Helper()
	iss, err := NewIssuer(testSecret, "salescoach", "salescoach-web", 15*time.Minute, c.Now)
	if err != nil {
		t.Fatal(err)
	}
	return iss
}

func TestNewIssuerRejectsWeakConfig(t *testing.T) {
	if _, err := NewIssuer([]byte("short"), "a", "b", 0, nil); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("short secret: %v", err)
	}
	if _, err := NewIssuer(testSecret, "", "b", 0, nil); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("empty issuer: %v", err)
	}
	iss, err := NewIssuer(testSecret, "a", "b", 0, nil)
	if err != nil || iss.TTL() != DefaultAccessTTL {
		t.Fatalf("default TTL: %v, %v", iss, err)
	}
}

func TestIssueVerifyRoundTrip(t *testing.T) {
	c := &clock{time.Date(2025, 3, 1, 12, 0, 0, 500, time.UTC)}
	iss := newTestIssuer(t, c)
	tok, exp, err := iss.Issue("user-1", "family-1", true)
	if err != nil {
		t.Fatal(err)
	}
	if want := time.Date(2025, 3, 1, 12, 15, 0, 0, time.UTC); !exp.Equal(want) {
		t.Fatalf("expiresAt = %v; want %v", exp, want)
	}
	claims, err := iss.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	if claims.UserID != "user-1" || claims.SessionFamilyID != "family-1" || !claims.Anonymous ||
		claims.ID == "" || !claims.ExpiresAt.Equal(exp) || !claims.IssuedAt.Equal(c.t.Truncate(time.Second)) {
		t.Fatalf("claims = %+v", claims)
	}

	// The header pins HS256 and the payload carries every registered claim.
	parts := strings.Split(tok, ".")
	var header map[string]any
	var payload map[string]any
	decodeSegment(t, parts[0], &header)
	decodeSegment(t, parts[1], &payload)
	if header["alg"] != "HS256" {
		t.Fatalf("header = %v", header)
	}
	for _, k := range []string{"iss", "aud", "sub", "iat", "nbf", "exp", "jti", "sid", "anon"} {
		if _, ok := payload[k]; !ok {
			t.Errorf("payload lacks %q: %v", k, payload)
		}
	}

	tok2, _, _ := iss.Issue("user-1", "family-1", false)
	c2, _ := iss.Verify(tok2)
	if c2.ID == claims.ID || c2.Anonymous {
		t.Fatalf("second token: %+v", c2)
	}
}

func TestIssueRejectsEmptyUser(t *testing.T) {
	iss := newTestIssuer(t, &clock{time.Now()})
	if _, _, err := iss.Issue("", "f", false); salescoach.ErrorCode(err) != salescoach.EINTERNAL {
		t.Fatalf("err = %v", err)
	}
}

func TestVerifyClock(t *testing.T) {
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	c := &clock{start}
	iss := newTestIssuer(t, c)
	tok, _, _ := iss.Issue("user-1", "family-1", false)

	for _, tt := range []struct {
		name string
		at   time.Time
		ok   bool
	}{
		{"fresh", start, true},
		{"just before expiry", start.Add(15*time.Minute - time.Second), true},
		{"within leeway after expiry", start.Add(15*time.Minute + 20*time.Second), true},
		{"expired", start.Add(15*time.Minute + 31*time.Second), false},
		{"long expired", start.Add(24 * time.Hour), false},
		{"slightly early (clock skew)", start.Add(-20 * time.Second), true},
		{"not yet valid", start.Add(-2 * time.Minute), false},
	} {
		t.Run(tt.name, func(t *testing.T) {
			c.t = tt.at
			_, err := iss.Verify(tok)
			if tt.ok && err != nil {
				t.Fatalf("want valid, got %v", err)
			}
			if !tt.ok {
				assertSessionInvalid(t, err)
			}
		})
	}
}

func TestVerifyRejects(t *testing.T) {
	now := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	c := &clock{now}
	iss := newTestIssuer(t, c)
	good, _, _ := iss.Issue("user-1", "family-1", false)
	parts := strings.Split(good, ".")

	other := func(secret []byte, issuer, audience string) string {
		o, err := NewIssuer(secret, issuer, audience, time.Minute, c.Now)
		if err != nil {
			t.Fatal(err)
		}
		tok, _, _ := o.Issue("user-1", "family-1", false)
		return tok
	}
	claims := func(overrides map[string]any) map[string]any {
		m := map[string]any{
			"iss": "salescoach", "aud": "salescoach-web", "sub": "user-1",
			"iat": now.Unix(), "nbf": now.Unix(), "exp": now.Add(time.Minute).Unix(), "jti": "x",
		}
		for k, v := range overrides {
			if v == nil {
				delete(m, k)
			} else {
				m[k] = v
			}
		}
		return m
	}
	hs256 := func(m map[string]any) string {
		tok, err := jwt.NewWithClaims(jwt.SigningMethodHS256, jwt.MapClaims(m)).SignedString(testSecret)
		if err != nil {
			t.Fatal(err)
		}
		return tok
	}
	rsaKey, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	rs256, err := jwt.NewWithClaims(jwt.SigningMethodRS256, jwt.MapClaims(claims(nil))).SignedString(rsaKey)
	if err != nil {
		t.Fatal(err)
	}
	// HS256 header over a payload signed with the secret as an HMAC, but the
	// header claims RS256: the classic key-confusion attack.
	confused := func() string {
		h := segment(t, map[string]any{"alg": "RS256", "typ": "JWT"})
		p := segment(t, claims(nil))
		sig, _ := jwt.SigningMethodHS256.Sign(h+"."+p, testSecret)
		return h + "." + p + "." + base64.RawURLEncoding.EncodeToString(sig)
	}()
	tampered := func() string {
		var p map[string]any
		decodeSegment(t, parts[1], &p)
		p["sub"] = "admin"
		return parts[0] + "." + segment(t, p) + "." + parts[2]
	}()
	noneToken := segment(t, map[string]any{"alg": "none", "typ": "JWT"}) + "." + segment(t, claims(nil)) + "."
	noneUpper := segment(t, map[string]any{"alg": "None", "typ": "JWT"}) + "." + segment(t, claims(nil)) + "."

	for name, tok := range map[string]string{
		"wrong audience":         other(testSecret, "salescoach", "someone-else"),
		"wrong issuer":           other(testSecret, "evil", "salescoach-web"),
		"forged signature":       other([]byte("another-secret-another-secret-!!"), "salescoach", "salescoach-web"),
		"tampered payload":       tampered,
		"stripped signature":     parts[0] + "." + parts[1] + ".",
		"alg none":               noneToken,
		"alg None":               noneUpper,
		"RS256 signed":           rs256,
		"RS256 header, HMAC sig": confused,
		"HS384":                  mustSign(t, jwt.SigningMethodHS384, claims(nil)),
		"no sub":                 hs256(claims(map[string]any{"sub": nil})),
		"empty sub":              hs256(claims(map[string]any{"sub": ""})),
		"no exp":                 hs256(claims(map[string]any{"exp": nil})),
		"no iat":                 hs256(claims(map[string]any{"iat": nil})),
		"iat in the future":      hs256(claims(map[string]any{"iat": now.Add(time.Hour).Unix()})),
		"garbage":                "not-a-token",
		"empty":                  "",
		"three dots":             "..",
		"base64 garbage":         "eyJhbGciOiJIUzI1NiJ9.!!!.abc",
		"oversized":              strings.Repeat("a", 5000),
		"valid plus extra":       good + ".x",
	} {
		t.Run(name, func(t *testing.T) {
			_, err := iss.Verify(tok)
			assertSessionInvalid(t, err)
		})
	}
	if _, err := iss.Verify(hs256(claims(nil))); err != nil {
		t.Fatalf("hand-built valid token rejected: %v", err)
	}
}

func mustSign(t *testing.T, m jwt.SigningMethod, claims map[string]any) string {
	t.Helper()
	tok, err := jwt.NewWithClaims(m, jwt.MapClaims(claims)).SignedString(testSecret)
	if err != nil {
		t.Fatal(err)
	}
	return tok
}

func assertSessionInvalid(t *testing.T, err error) {
	t.Helper()
	if salescoach.ErrorCode(err) != salescoach.EUNAUTHORIZED || salescoach.ErrorMessage(err) != "Sitzung ungültig oder abgelaufen." {
		t.Fatalf("err = %v; want EUNAUTHORIZED 'Sitzung ungültig oder abgelaufen.'", err)
	}
}

func segment(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func decodeSegment(t *testing.T, s string, v any) {
	t.Helper()
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyRemembersOnlyTheExactToken: a token verified once is answered
// from memory, but a token differing in any byte (another signature,
// altered claims) still goes through the parser and is refused, and the
// remembered one is refused once it has expired.
func TestVerifyRemembersOnlyTheExactToken(t *testing.T) {
	start := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	c := &clock{start}
	iss := newTestIssuer(t, c)
	tok, _, _ := iss.Issue("user-1", "family-1", false)
	first, err := iss.Verify(tok)
	if err != nil {
		t.Fatal(err)
	}
	again, err := iss.Verify(tok)
	if err != nil || *again != *first {
		t.Fatalf("second verify: %+v %v, want %+v", again, err, first)
	}
	again.UserID = "someone-else" // the caller's copy, not the remembered claims
	if c3, _ := iss.Verify(tok); c3.UserID != "user-1" {
		t.Fatalf("remembered claims changed: %+v", c3)
	}
	head, rest, _ := strings.Cut(tok, ".")
	payload, sig, _ := strings.Cut(rest, ".")
	flipped := []byte(sig)
	flipped[0] ^= 1
	if flipped[0] == sig[0] || !strings.ContainsRune("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_", rune(flipped[0])) {
		flipped[0] = 'A'
		if sig[0] == 'A' {
			flipped[0] = 'B'
		}
	}
	swap := "x"
	if payload[len(payload)-2] == 'x' {
		swap = "y"
	}
	for name, bad := range map[string]string{
		"other signature": head + "." + payload + "." + string(flipped),
		"altered claims":  head + "." + payload[:len(payload)-2] + swap + payload[len(payload)-1:] + "." + sig,
	} {
		if _, err := iss.Verify(bad); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	c.t = start.Add(15*time.Minute + 31*time.Second)
	_, err = iss.Verify(tok)
	assertSessionInvalid(t, err)
}
