package auth

// Two-factor sign-in with an authenticator app: time-based one-time codes
// (RFC 6238, through github.com/pquerna/otp), the secret sealed with
// AES-256-GCM for storage, and one-time recovery codes kept as keyed hashes.

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"image/png"
	"strings"
	"time"

	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"

	"salescoach"
)

// TOTPPeriod is the length of one time step: every authenticator app uses
// 30 seconds.
const TOTPPeriod = 30 * time.Second

// MinTOTPKeyLength is the shortest key NewTOTP accepts.
const MinTOTPKeyLength = 32

// totpOpts are the code settings authenticator apps assume when the otpauth
// URL names none: 6 digits, SHA-1, 30 seconds.
var totpOpts = totp.ValidateOpts{Period: uint(TOTPPeriod / time.Second), Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// TOTP seals authenticator secrets, checks codes and makes recovery codes.
// It is safe for concurrent use.
type TOTP struct {
	aead    cipher.AEAD
	codeKey []byte
	issuer  string
}

// NewTOTP derives its keys with HKDF-SHA256 from key: one AES-256-GCM key
// for the secrets and one HMAC key for the recovery codes, so the same
// input key (TOTP_KEY, or the access-token secret when that is not set)
// never serves two purposes. issuer is the name authenticator apps show.
// It returns EINVALID when key is shorter than MinTOTPKeyLength bytes.
func NewTOTP(key []byte, issuer string) (*TOTP, error) {
	if len(key) < MinTOTPKeyLength {
		return nil, salescoach.Errorf(salescoach.EINVALID, "the TOTP key must be at least %d bytes", MinTOTPKeyLength)
	}
	sealKey, err := hkdf.Key(sha256.New, key, nil, "salescoach totp secret v1", 32)
	if err != nil {
		return nil, err
	}
	codeKey, err := hkdf.Key(sha256.New, key, nil, "salescoach totp recovery code v1", 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(sealKey)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	return &TOTP{aead: aead, codeKey: codeKey, issuer: issuer}, nil
}

// TOTPEnrolment is a new secret as the profile shows it.
type TOTPEnrolment struct {
	Secret string // base32, for typing into the app
	URL    string // otpauth://totp/... URL, what the QR code holds
	QRCode string // data:image/png;base64,... of the QR code
}

// NewSecret generates a 160-bit secret for account (the user's e-mail) with
// its otpauth URL and QR code. It returns only errors of the random source
// or the image encoder.
func (t *TOTP) NewSecret(account string) (*TOTPEnrolment, error) {
	key, err := totp.Generate(totp.GenerateOpts{Issuer: t.issuer, AccountName: account, SecretSize: 20,
		Digits: totpOpts.Digits, Algorithm: totpOpts.Algorithm, Period: totpOpts.Period})
	if err != nil {
		return nil, fmt.Errorf("totp: generate: %w", err)
	}
	img, err := key.Image(240, 240)
	if err != nil {
		return nil, fmt.Errorf("totp: qr code: %w", err)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		return nil, fmt.Errorf("totp: qr code: %w", err)
	}
	return &TOTPEnrolment{Secret: key.Secret(), URL: key.URL(),
		QRCode: "data:image/png;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())}, nil
}

// Seal encrypts secret for the user: base64 of nonce and ciphertext, with
// the user id as additional data, so a sealed secret copied to another
// user's row does not open.
func (t *TOTP) Seal(userID, secret string) string {
	nonce := make([]byte, t.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(t.aead.Seal(nonce, nonce, []byte(secret), []byte(userID)))
}

// Open decrypts what Seal made for the same user. It returns EINTERNAL when
// the text was not sealed with this key for this user (a changed TOTP_KEY
// or JWT secret, or a tampered row).
func (t *TOTP) Open(userID, sealed string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	if err != nil || len(b) < t.aead.NonceSize() {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "totp: sealed secret malformed")
	}
	n := t.aead.NonceSize()
	plain, err := t.aead.Open(nil, b[:n], b[n:], []byte(userID))
	if err != nil {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "totp: sealed secret does not open (changed key?)")
	}
	return string(plain), nil
}

// TOTPStep is the time step of now.
func TOTPStep(now time.Time) int64 { return now.Unix() / int64(TOTPPeriod/time.Second) }

// MatchCode returns the time step whose code code is, looking at the step
// of now and one step either side (clocks of phones drift), and whether one
// matched. Each candidate is compared in constant time. Whether the step
// was used already is the store's question (TwoFactorService.UseTOTPStep).
func MatchCode(secret, code string, now time.Time) (int64, bool) {
	if !IsTOTPCode(code) {
		return 0, false
	}
	cur := TOTPStep(now)
	for _, step := range []int64{cur - 1, cur, cur + 1} {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*int64(TOTPPeriod/time.Second), 0), totpOpts)
		if err != nil {
			return 0, false
		}
		if subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step, true
		}
	}
	return 0, false
}

// IsTOTPCode reports whether s has the shape of an app code: six digits.
func IsTOTPCode(s string) bool {
	if len(s) != 6 {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// recoveryAlphabet leaves out letters and digits that read alike (0/o,
// 1/l/i).
const recoveryAlphabet = "abcdefghjkmnpqrstuvwxyz23456789"

// NewRecoveryCodes returns salescoach.RecoveryCodeCount fresh codes of ten
// characters (about 49 bits each), written xxxxx-xxxxx.
func NewRecoveryCodes() []string {
	codes := make([]string, salescoach.RecoveryCodeCount)
	for i := range codes {
		b := make([]byte, 10)
		for j := range b {
			b[j] = recoveryAlphabet[randIntn(len(recoveryAlphabet))]
		}
		codes[i] = string(b[:5]) + "-" + string(b[5:])
	}
	return codes
}

// randIntn is a uniform random number below n from crypto/rand.
func randIntn(n int) int {
	limit := 256 - 256%n
	var b [1]byte
	for {
		_, _ = rand.Read(b[:])
		if int(b[0]) < limit {
			return int(b[0]) % n
		}
	}
}

// NormalizeRecoveryCode lower-cases the code and drops hyphens and spaces,
// so a code typed without its hyphen or in capitals still matches.
func NormalizeRecoveryCode(code string) string {
	return strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToLower(code))
}

// HashRecoveryCode is the stored form of a recovery code: a keyed HMAC of
// its normalised text, so a leaked database alone does not allow guessing
// the short codes offline.
func (t *TOTP) HashRecoveryCode(code string) string {
	mac := hmac.New(sha256.New, t.codeKey)
	mac.Write([]byte(NormalizeRecoveryCode(code)))
	return hex.EncodeToString(mac.Sum(nil))
}
