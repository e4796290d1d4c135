package auth

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
)

// NewOpaqueToken returns 32 random bytes as unpadded base64url (43
// characters). It serves refresh tokens, mail-link tokens, OAuth state and
// nonce, and PKCE verifiers (its alphabet and length fit RFC 7636). It cannot
// fail: crypto/rand aborts the process rather than return weak randomness.
func NewOpaqueToken() string {
	b := make([]byte, 32)
	_, _ = rand.Read(b)
	return base64.RawURLEncoding.EncodeToString(b)
}

// HashToken returns the hex SHA-256 of s. Stores keep only this hash, so a
// leaked database does not hand out usable tokens; a fast hash suffices
// because the tokens carry 256 bits of entropy.
func HashToken(s string) string {
	sum := sha256.Sum256([]byte(s))
	return hex.EncodeToString(sum[:])
}

// SuccessorToken derives the refresh token that replaces raw, keyed with
// key: the same old token always yields the same successor. A refresh that
// is sent twice (its answer lost, or two at once) can then be answered with
// the successor already issued, although the store keeps only hashes.
// Without key the successor cannot be predicted from raw; key must be
// secret and shared by every app process (see Issuer.SubKey).
func SuccessorToken(key []byte, raw string) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte(raw))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}
