package auth

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"fmt"
	"net/mail"
	"runtime"
	"strconv"
	"strings"
	"unicode/utf8"

	"golang.org/x/crypto/argon2"

	"salescoach"
)

// Argon2id parameters for new hashes: the OWASP Password Storage Cheat Sheet's
// first recommendation (19 MiB, two passes, one lane). Existing hashes carry
// their own parameters, so these can be raised without invalidating them; see
// NeedsRehash.
const (
	argonMemory  = 19 * 1024 // KiB
	argonTime    = 2
	argonThreads = 1
	argonSaltLen = 16
	argonKeyLen  = 32
)

// Password length limits, counted in characters (runes) rather than bytes so
// that umlauts count once.
const (
	PasswordMinLength = 8
	PasswordMaxLength = 128
)

// EmailMaxLength is the longest address that fits the SMTP path limit of
// RFC 5321.
const EmailMaxLength = 254

// Limits on parameters read back from a stored hash: a corrupted or planted
// hash must not make one verification allocate gigabytes or run for minutes.
const (
	maxArgonMemory  = 1 << 20 // KiB, 1 GiB
	maxArgonTime    = 64
	maxArgonThreads = 64
	maxArgonKeyLen  = 128
	minArgonKeyLen  = 16
	minArgonSaltLen = 8
)

// hashSlots bounds how many argon2 computations run at once. Each one holds
// argonMemory KiB, so a burst of sign-ins must queue rather than exhaust the
// process's memory; CPU is the bottleneck anyway, so throughput is unchanged.
var hashSlots = make(chan struct{}, max(2, runtime.GOMAXPROCS(0)))

// dummyHash is the hash of a random password nobody knows, made with the
// current parameters (a test keeps them in step), so that DummyVerify costs
// what a real verification costs without computing a hash at start-up.
const dummyHash = "$argon2id$v=19$m=19456,t=2,p=1$RBKJ4Nw4hMW3YOedB/SDwQ$wbzDukNUOKLTqc+5UXSaNfK6CEcZAOadO1hBxr23WNQ"

var b64 = base64.RawStdEncoding

// argonParams are the parameters encoded in a PHC string.
type argonParams struct {
	memory  uint32
	time    uint32
	threads uint8
	salt    []byte
	key     []byte
}

// HashPassword hashes pw with argon2id and a fresh random salt and returns it
// in PHC string format ($argon2id$v=19$m=…,t=…,p=…$salt$hash). It does not
// check the length rules; call ValidatePassword first. It returns no error
// today (crypto/rand does not fail on supported systems); the error result
// keeps callers ready for a hasher that can.
func HashPassword(pw string) (string, error) {
	salt := make([]byte, argonSaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	p := argonParams{memory: argonMemory, time: argonTime, threads: argonThreads, salt: salt}
	p.key = derive(pw, p, argonKeyLen)
	return encodePHC(p), nil
}

// VerifyPassword reports whether pw matches hash, comparing in constant time
// with the parameters stored in hash. A mismatch is (false, nil). A hash that
// is not a well-formed argon2id PHC string, or whose parameters exceed sane
// limits, returns EINTERNAL: it means the stored data is broken, not that the
// user typed something wrong.
func VerifyPassword(hash, pw string) (bool, error) {
	p, err := decodePHC(hash)
	if err != nil {
		return false, err
	}
	got := derive(pw, p, uint32(len(p.key)))
	return subtle.ConstantTimeCompare(got, p.key) == 1, nil
}

// DummyVerify spends the time and memory of a real VerifyPassword and always
// reports false. Sign-in calls it for unknown e-mail addresses (and accounts
// without a password) so that response times do not reveal which addresses
// have accounts.
func DummyVerify(pw string) bool {
	_, _ = VerifyPassword(dummyHash, pw)
	return false
}

// NeedsRehash reports whether hash was made with parameters other than the
// current ones (or is unreadable), so sign-in can store a fresh hash after a
// successful verification once the parameters have been raised.
func NeedsRehash(hash string) bool {
	p, err := decodePHC(hash)
	if err != nil {
		return true
	}
	return p.memory != argonMemory || p.time != argonTime || p.threads != argonThreads ||
		len(p.key) != argonKeyLen || len(p.salt) != argonSaltLen
}

func derive(pw string, p argonParams, keyLen uint32) []byte {
	hashSlots <- struct{}{}
	defer func() { <-hashSlots }()
	return argon2.IDKey([]byte(pw), p.salt, p.time, p.memory, p.threads, keyLen)
}

func encodePHC(p argonParams) string {
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s",
		argon2.Version, p.memory, p.time, p.threads, b64.EncodeToString(p.salt), b64.EncodeToString(p.key))
}

// decodePHC parses "$argon2id$v=19$m=M,t=T,p=P$salt$hash". Base64 is the
// unpadded standard alphabet the PHC format prescribes.
func decodePHC(s string) (argonParams, error) {
	var p argonParams
	bad := salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	parts := strings.Split(s, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" {
		return p, bad
	}
	if parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return p, bad
	}
	seen := map[string]bool{}
	for _, kv := range strings.Split(parts[3], ",") {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || seen[k] {
			return p, bad
		}
		seen[k] = true
		n, err := strconv.ParseUint(v, 10, 32)
		if err != nil {
			return p, bad
		}
		switch k {
		case "m":
			p.memory = uint32(n)
		case "t":
			p.time = uint32(n)
		case "p":
			if n > 255 {
				return p, bad
			}
			p.threads = uint8(n)
		default:
			return p, bad
		}
	}
	if !seen["m"] || !seen["t"] || !seen["p"] {
		return p, bad
	}
	if p.time < 1 || p.time > maxArgonTime || p.threads < 1 || p.threads > maxArgonThreads ||
		p.memory < 8*uint32(p.threads) || p.memory > maxArgonMemory {
		return p, bad
	}
	var err error
	if p.salt, err = b64.DecodeString(parts[4]); err != nil || len(p.salt) < minArgonSaltLen {
		return p, bad
	}
	if p.key, err = b64.DecodeString(parts[5]); err != nil || len(p.key) < minArgonKeyLen || len(p.key) > maxArgonKeyLen {
		return p, bad
	}
	return p, nil
}

// ValidatePassword checks the length rules: 8 to 128 characters, counted as
// Unicode code points. It returns EINVALID with Fields["password"] otherwise.
func ValidatePassword(pw string) error {
	switch n := utf8.RuneCountInString(pw); {
	case n < PasswordMinLength:
		return salescoach.FieldError("password", salescoach.MsgPasswordTooShort.With("min", PasswordMinLength))
	case n > PasswordMaxLength:
		return salescoach.FieldError("password", salescoach.MsgPasswordTooLong.With("max", PasswordMaxLength))
	}
	return nil
}

// ValidateEmail trims s and checks that it is one bare address
// (local@domain, no display name, no comment, no angle brackets) of at most
// 254 characters. The domain needs no dot, so addresses such as
// admin@localhost work on a private installation. It returns the address with
// its domain lower-cased (domains are case-insensitive; local parts are kept
// as typed because the store compares whole addresses case-insensitively
// anyway). Errors are EINVALID with Fields["email"]: one message for an empty
// input, another for anything malformed.
func ValidateEmail(s string) (string, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return "", salescoach.FieldError("email", salescoach.MsgEmailMissing)
	}
	invalid := salescoach.FieldError("email", salescoach.MsgEmailInvalid)
	if len(s) > EmailMaxLength || !utf8.ValidString(s) {
		return "", invalid
	}
	addr, err := mail.ParseAddress(s)
	if err != nil || addr.Name != "" || addr.Address != s {
		return "", invalid
	}
	at := strings.LastIndexByte(s, '@')
	if at <= 0 || at == len(s)-1 || at > 64 {
		return "", invalid
	}
	local, domain := s[:at], s[at+1:]
	if strings.HasPrefix(domain, ".") || strings.HasSuffix(domain, ".") || strings.Contains(domain, "..") {
		return "", invalid
	}
	return local + "@" + strings.ToLower(domain), nil
}
