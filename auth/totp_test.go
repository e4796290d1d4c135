package auth_test

import (
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/auth"
)

// rfcSecret is RFC 6238's SHA-1 test key "12345678901234567890" in base32.
const rfcSecret = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"

func TestMatchCodeRFC6238(t *testing.T) {
	t.Parallel()
	// RFC 6238 appendix B, the last six of the eight digits.
	for _, tc := range []struct {
		unix int64
		code string
	}{{59, "287082"}, {1111111109, "081804"}, {1234567890, "005924"}, {2000000000, "279037"}} {
		now := time.Unix(tc.unix, 0)
		step, ok := auth.MatchCode(rfcSecret, tc.code, now)
		if !ok || step != auth.TOTPStep(now) {
			t.Errorf("code %s at %d: step %d, %v; want %d", tc.code, tc.unix, step, ok, auth.TOTPStep(now))
		}
		if tc.unix < 100 {
			continue // no steps before the epoch
		}
		// One step of drift either way is accepted, two are not.
		for d, want := range map[time.Duration]bool{-30 * time.Second: true, 30 * time.Second: true, -61 * time.Second: false, 61 * time.Second: false} {
			if _, ok := auth.MatchCode(rfcSecret, tc.code, now.Add(d)); ok != want {
				t.Errorf("code %s at %d%+v: accepted %v, want %v", tc.code, tc.unix, d, ok, want)
			}
		}
	}
	for _, bad := range []string{"", "28708", "2870822", "28708a", "000000"} {
		if _, ok := auth.MatchCode(rfcSecret, bad, time.Unix(59, 0)); ok {
			t.Errorf("code %q accepted", bad)
		}
	}
}

func TestTOTPSealAndSecret(t *testing.T) {
	t.Parallel()
	if _, err := auth.NewTOTP([]byte("short"), "Sales Coach"); salescoach.ErrorCode(err) != salescoach.EINVALID {
		t.Fatalf("short key: %v", err)
	}
	key := []byte(strings.Repeat("k", 32))
	tp, err := auth.NewTOTP(key, "Sales Coach")
	if err != nil {
		t.Fatal(err)
	}
	en, err := tp.NewSecret("anna@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if len(en.Secret) != 32 || !strings.HasPrefix(en.URL, "otpauth://totp/Sales%20Coach:anna@example.com?") ||
		!strings.Contains(en.URL, "secret="+en.Secret) || !strings.HasPrefix(en.QRCode, "data:image/png;base64,iVBORw0KGgo") {
		t.Fatalf("enrolment = %+v", en)
	}
	sealed := tp.Seal("user-1", en.Secret)
	if strings.Contains(sealed, en.Secret) || sealed == tp.Seal("user-1", en.Secret) {
		t.Fatal("sealing must hide the secret and use a fresh nonce")
	}
	if got, err := tp.Open("user-1", sealed); err != nil || got != en.Secret {
		t.Fatalf("open = %q, %v", got, err)
	}
	if _, err := tp.Open("user-2", sealed); salescoach.ErrorCode(err) != salescoach.EINTERNAL {
		t.Errorf("another user's row opened: %v", err)
	}
	other, _ := auth.NewTOTP([]byte(strings.Repeat("x", 32)), "Sales Coach")
	if _, err := other.Open("user-1", sealed); salescoach.ErrorCode(err) != salescoach.EINTERNAL {
		t.Errorf("another key opened it: %v", err)
	}
	if _, err := tp.Open("user-1", "bm9wZQ"); salescoach.ErrorCode(err) != salescoach.EINTERNAL {
		t.Errorf("garbage opened: %v", err)
	}
}

func TestRecoveryCodes(t *testing.T) {
	t.Parallel()
	tp, _ := auth.NewTOTP([]byte(strings.Repeat("k", 32)), "Sales Coach")
	codes := auth.NewRecoveryCodes()
	if len(codes) != salescoach.RecoveryCodeCount {
		t.Fatalf("%d codes", len(codes))
	}
	seen := map[string]bool{}
	for _, c := range codes {
		if len(c) != 11 || c[5] != '-' || seen[c] {
			t.Errorf("bad or repeated code %q", c)
		}
		seen[c] = true
	}
	c := codes[0]
	h := tp.HashRecoveryCode(c)
	for _, typed := range []string{strings.ToUpper(c), strings.ReplaceAll(c, "-", ""), " " + c[:5] + " " + c[6:]} {
		if tp.HashRecoveryCode(typed) != h {
			t.Errorf("%q does not match %q", typed, c)
		}
	}
	if tp.HashRecoveryCode(codes[1]) == h {
		t.Error("two codes hash alike")
	}
	other, _ := auth.NewTOTP([]byte(strings.Repeat("x", 32)), "Sales Coach")
	if other.HashRecoveryCode(c) == h {
		t.Error("the hash does not depend on the key")
	}
}
