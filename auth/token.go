package auth

import (
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
