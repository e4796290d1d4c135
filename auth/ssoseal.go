package auth

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hkdf"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"

	"salescoach"
)

// SSOSealer seals the client secrets of the teams' company sign-in for
// storage: AES-256-GCM under a key derived with HKDF-SHA256 from the server
// secret (SSO_KEY, else the access-token secret), the team id as additional
// data, so a sealed secret copied to another team's row does not open. It
// is safe for concurrent use.
type SSOSealer struct {
	aead cipher.AEAD
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
	return &SSOSealer{aead: aead}, nil
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
