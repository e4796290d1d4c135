package auth

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"salescoach"
)

func TestHashPasswordFormatAndVerify(t *testing.T) {
	h, err := HashPassword("richtig-geheim")
	if err != nil {
		t.Fatal(err)
	}
	phc := regexp.MustCompile(`^\$argon2id\$v=19\$m=19456,t=2,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$`)
	if !phc.MatchString(h) {
		t.Fatalf("hash %q is not an argon2id PHC string with the OWASP parameters", h)
	}
	if ok, err := VerifyPassword(h, "richtig-geheim"); err != nil || !ok {
		t.Fatalf("VerifyPassword(right) = %v, %v; want true, nil", ok, err)
	}
	if ok, err := VerifyPassword(h, "falsch-geheim"); err != nil || ok {
		t.Fatalf("VerifyPassword(wrong) = %v, %v; want false, nil", ok, err)
	}
	h2, _ := HashPassword("richtig-geheim")
	if h == h2 {
		t.Fatal("two hashes of one password are equal: the salt is not random")
	}
	if NeedsRehash(h) {
		t.Fatal("a fresh hash needs no rehash")
	}
}

// The reference implementation's own test vector (phc-winner-argon2,
// src/test.c) proves the PHC encoding interoperates and that parameters are
// read from the hash, not assumed.
func TestVerifyPasswordReferenceVector(t *testing.T) {
	const ref = "$argon2id$v=19$m=65536,t=2,p=1$c29tZXNhbHQ$CTFhFdXPJO1aFaMaO6Mm5c8y7cJHAph8ArZWb2GRPPc"
	if ok, err := VerifyPassword(ref, "password"); err != nil || !ok {
		t.Fatalf("reference vector: %v, %v", ok, err)
	}
	if ok, _ := VerifyPassword(ref, "passwort"); ok {
		t.Fatal("reference vector accepted a wrong password")
	}
	if !NeedsRehash(ref) {
		t.Fatal("a hash with other parameters must need a rehash")
	}
}

func TestVerifyPasswordOlderParameters(t *testing.T) {
	p := argonParams{memory: 8 * 1024, time: 1, threads: 2, salt: []byte("0123456789abcdef")}
	p.key = derive("alt-aber-gut", p, 32)
	h := encodePHC(p)
	if ok, err := VerifyPassword(h, "alt-aber-gut"); err != nil || !ok {
		t.Fatalf("hash with older parameters: %v, %v", ok, err)
	}
	if !NeedsRehash(h) {
		t.Fatal("older parameters must need a rehash")
	}
}

func TestVerifyPasswordMalformed(t *testing.T) {
	good, _ := HashPassword("x")
	parts := strings.Split(good, "$")
	for name, h := range map[string]string{
		"empty":          "",
		"bcrypt":         "$2a$10$abcdefghijklmnopqrstuuABCDEFGHIJKLMNOPQRSTUVWXYZ01234",
		"argon2i":        strings.Replace(good, "argon2id", "argon2i", 1),
		"version 16":     strings.Replace(good, "v=19", "v=16", 1),
		"missing param":  "$argon2id$v=19$m=19456,t=2$" + parts[4] + "$" + parts[5],
		"repeated param": "$argon2id$v=19$m=19456,m=19456,t=2,p=1$" + parts[4] + "$" + parts[5],
		"unknown param":  "$argon2id$v=19$m=19456,t=2,p=1,x=3$" + parts[4] + "$" + parts[5],
		"huge memory":    "$argon2id$v=19$m=4194304,t=2,p=1$" + parts[4] + "$" + parts[5],
		"huge time":      "$argon2id$v=19$m=19456,t=1000,p=1$" + parts[4] + "$" + parts[5],
		"zero threads":   "$argon2id$v=19$m=19456,t=2,p=0$" + parts[4] + "$" + parts[5],
		"bad salt":       "$argon2id$v=19$m=19456,t=2,p=1$!!!$" + parts[5],
		"short salt":     "$argon2id$v=19$m=19456,t=2,p=1$YWJj$" + parts[5],
		"short key":      "$argon2id$v=19$m=19456,t=2,p=1$" + parts[4] + "$YWJj",
		"extra part":     good + "$x",
		"padded base64":  good + "=",
	} {
		t.Run(name, func(t *testing.T) {
			ok, err := VerifyPassword(h, "x")
			if ok || salescoach.ErrorCode(err) != salescoach.EINTERNAL {
				t.Fatalf("VerifyPassword(%q) = %v, %v; want false, EINTERNAL", h, ok, err)
			}
		})
	}
}

// DummyVerify must cost what a real verification costs; timing is not
// measured in tests (see the benchmarks), but equal parameters guarantee it.
func TestDummyHashUsesCurrentParameters(t *testing.T) {
	p, err := decodePHC(dummyHash)
	if err != nil {
		t.Fatal(err)
	}
	if NeedsRehash(dummyHash) {
		t.Fatalf("dummyHash parameters m=%d t=%d p=%d differ from the current ones: regenerate it", p.memory, p.time, p.threads)
	}
	if DummyVerify("irgendwas") {
		t.Fatal("DummyVerify returned true")
	}
}

func TestValidatePassword(t *testing.T) {
	tests := []struct {
		pw   string
		want string
	}{
		{"", "Das Passwort muss mindestens 8 Zeichen lang sein."},
		{"1234567", "Das Passwort muss mindestens 8 Zeichen lang sein."},
		{"äöüßäöü", "Das Passwort muss mindestens 8 Zeichen lang sein."}, // 7 characters, 14 bytes
		{"12345678", ""},
		{"äöüßäöüß", ""},
		{strings.Repeat("a", 128), ""},
		{strings.Repeat("ä", 128), ""}, // 256 bytes, 128 characters
		{strings.Repeat("a", 129), "Das Passwort darf höchstens 128 Zeichen lang sein."},
	}
	for _, tt := range tests {
		err := ValidatePassword(tt.pw)
		if tt.want == "" {
			if err != nil {
				t.Errorf("ValidatePassword(%d runes) = %v; want nil", len([]rune(tt.pw)), err)
			}
			continue
		}
		var e *salescoach.Error
		if !errors.As(err, &e) || e.Code != salescoach.EINVALID || e.Fields["password"].String() != tt.want || e.Message() != tt.want {
			t.Errorf("ValidatePassword(%d runes) = %#v; want EINVALID with %q", len([]rune(tt.pw)), err, tt.want)
		}
	}
}

func TestValidateEmail(t *testing.T) {
	tests := []struct {
		in, want, msg string
	}{
		{"max@example.com", "max@example.com", ""},
		{"  Max.Muster@Example.COM \n", "Max.Muster@example.com", ""},
		{"admin@localhost", "admin@localhost", ""},
		{"a+tag@sub.example.de", "a+tag@sub.example.de", ""},
		{"", "", "Bitte gib deine E-Mail-Adresse ein."},
		{"   ", "", "Bitte gib deine E-Mail-Adresse ein."},
		{"max", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"@example.com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"Max <max@example.com>", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"<max@example.com>", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@example.com (Max)", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@example.com, eva@example.com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@@example.com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@exa mple.com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@example..com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@example.com.", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{"max@example.com\r\nBcc: x@y.z", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{strings.Repeat("a", 65) + "@example.com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 186) + ".com", "", "Bitte gib eine gültige E-Mail-Adresse ein."},                      // 255 chars
		{strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", strings.Repeat("a", 64) + "@" + strings.Repeat("b", 185) + ".com", ""}, // 254 chars
	}
	for _, tt := range tests {
		got, err := ValidateEmail(tt.in)
		if tt.msg == "" {
			if err != nil || got != tt.want {
				t.Errorf("ValidateEmail(%q) = %q, %v; want %q", tt.in, got, err, tt.want)
			}
			continue
		}
		var e *salescoach.Error
		if !errors.As(err, &e) || e.Code != salescoach.EINVALID || e.Fields["email"].String() != tt.msg {
			t.Errorf("ValidateEmail(%q) = %q, %#v; want EINVALID %q", tt.in, got, err, tt.msg)
		}
	}
}

func TestOpaqueToken(t *testing.T) {
	a, b := NewOpaqueToken(), NewOpaqueToken()
	if len(a) != 43 || a == b || !regexp.MustCompile(`^[A-Za-z0-9_-]{43}$`).MatchString(a) {
		t.Fatalf("tokens %q, %q: want distinct 43-character base64url strings", a, b)
	}
	// SHA-256("abc") from FIPS 180-2.
	if got := HashToken("abc"); got != "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad" {
		t.Fatalf("HashToken(abc) = %s", got)
	}
}

func BenchmarkVerifyPassword(b *testing.B) {
	h, _ := HashPassword("benchmark-passwort")
	for b.Loop() {
		_, _ = VerifyPassword(h, "benchmark-passwort")
	}
}

func BenchmarkDummyVerify(b *testing.B) {
	for b.Loop() {
		DummyVerify("benchmark-passwort")
	}
}
