package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"

	"salescoach"
)

// SSOSealer seals the client secrets of the teams' company sign-in for
// storage: AES-256-GCM under a key derived with HKDF-SHA256 from the server
// secret (SSO_KEY, else the access-token secret), the team id as additional
// data, so a sealed secret copied to another team's row does not open. It
// also makes the teams' DNS challenges (DomainChallenge) under a second key
// derived the same way. It is safe for concurrent use.
type SSOSealer struct {
	aead      cipher.AEAD
	challenge []byte
}

// MinSSOKeyLength is the shortest key NewSSOSealer accepts.
const MinSSOKeyLength = 32

// NewSSOSealer derives the sealing key from key. It returns EINVALID when
// key is shorter than MinSSOKeyLength bytes.
func NewSSOSealer(key []byte) (*SSOSealer, error) {
	if len(key) < MinSSOKeyLength {
		return nil, salescoach.Errorf(salescoach.EINVALID, "the SSO key must be at least %d bytes", MinSSOKeyLength)
	}
	k, err := hkdf.Key(sha256.New, key, nil, "salescoach sso client secret v1", 32)
	if err != nil {
		return nil, err
	}
	block, err := aes.NewCipher(k)
	if err != nil {
		return nil, err
	}
	aead, err := cipher.NewGCM(block)
	if err != nil {
		return nil, err
	}
	challenge, err := hkdf.Key(sha256.New, key, nil, "salescoach sso domain challenge v1", 32)
	if err != nil {
		return nil, err
	}
	return &SSOSealer{aead: aead, challenge: challenge}, nil
}

// DomainChallenge returns the token a team publishes in DNS to prove
// domain (salescoach.SSOChallengeValue): HMAC-SHA256 under the server's
// challenge key of the team id and the domain, base64url without padding
// (43 characters, 256 bits). It is the same for the same team and domain
// every time, so the record once published keeps proving; another team's
// differs and cannot be guessed without the key. A new SSO_KEY (or, without
// it, a new JWT_SECRET) changes every token: claims made before stay, new
// proofs need the new record.
func (s *SSOSealer) DomainChallenge(teamID, domain string) string {
	m := hmac.New(sha256.New, s.challenge)
	m.Write([]byte(teamID))
	m.Write([]byte{0})
	m.Write([]byte(domain))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// Seal encrypts secret for teamID with a fresh nonce.
func (s *SSOSealer) Seal(teamID, secret string) string {
	nonce := make([]byte, s.aead.NonceSize())
	_, _ = rand.Read(nonce)
	return base64.RawStdEncoding.EncodeToString(s.aead.Seal(nonce, nonce, []byte(secret), []byte(teamID)))
}

// Open decrypts what Seal made for the same team. It returns EINTERNAL when
// the text was not sealed with this key for this team (a changed SSO_KEY
// or JWT secret, or a tampered row).
func (s *SSOSealer) Open(teamID, sealed string) (string, error) {
	b, err := base64.RawStdEncoding.DecodeString(sealed)
	n := s.aead.NonceSize()
	if err != nil || len(b) < n {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "sso: sealed secret malformed")
	}
	plain, err := s.aead.Open(nil, b[:n], b[n:], []byte(teamID))
	if err != nil {
		return "", salescoach.Errorf(salescoach.EINTERNAL, "sso: sealed secret does not open (changed key?)")
	}
	return string(plain), nil
}
