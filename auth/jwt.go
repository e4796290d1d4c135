package auth

import (
	"crypto/hmac"
	"crypto/sha256"
	"sync"
	"time"

	"github.com/golang-jwt/jwt/v5"

	"salescoach"
)

// MinSecretLength is the shortest HMAC secret NewIssuer accepts: HS256 is only
// as strong as its key, and 32 bytes match the hash size.
const MinSecretLength = 32

// DefaultAccessTTL is the access-token lifetime when NewIssuer gets none.
const DefaultAccessTTL = 15 * time.Minute

// clockLeeway tolerates small clock differences between app processes when
// checking exp, nbf and iat.
const clockLeeway = 30 * time.Second

// maxTokenLength rejects absurd inputs before any parsing work.
const maxTokenLength = 4096

// Issuer signs and verifies the short-lived access tokens (HS256 JWTs) that the
// browser sends as "Authorization: Bearer …". It is safe for concurrent use.
type Issuer struct {
	secret   []byte
	issuer   string
	audience string
	ttl      time.Duration
	now      func() time.Time
	parser   *jwt.Parser

	// verified remembers tokens that passed Verify (see verifiedToken).
	verifiedMu sync.RWMutex
	verified   map[string]verifiedToken
}

// verifiedToken is a token that passed Verify, with the window in which
// the parser accepts it on the clock alone: from its issue (and not-before)
// time less the leeway to its expiry. Everything else the parser checks
// (signature, algorithm, issuer, audience, the claims' shape) is fixed by
// the token's bytes, so the same token string inside that window passes
// again; the cache only spares the HMAC and the JSON (10–15 % of an
// authenticated GET). Expiry is checked without the leeway, so a token in
// the leeway after it goes through the parser again.
type verifiedToken struct {
	claims    Claims
	validFrom time.Time
}

// maxVerified bounds the remembered tokens (about 400 bytes each); when
// full the memory starts over.
const maxVerified = 10000

// Claims is what a verified access token says.
type Claims struct {
	UserID          string // sub
	SessionFamilyID string // sid: the refresh-token family the token was issued for
	Anonymous       bool   // anon
	ID              string // jti
	IssuedAt        time.Time
	ExpiresAt       time.Time
}

// accessClaims is the JSON shape of an access token.
type accessClaims struct {
	jwt.RegisteredClaims
	SID  string `json:"sid,omitempty"`
	Anon bool   `json:"anon"`
}

// NewIssuer returns an Issuer that signs with secret, stamps iss and aud, and
// gives tokens the lifetime ttl (DefaultAccessTTL when ttl ≤ 0). now is the
// clock for issuing and checking (time.Now when nil); tests inject their own.
// It returns EINVALID when the secret is shorter than MinSecretLength bytes or
// issuer or audience is empty, so a misconfiguration stops start-up instead of
// producing forgeable tokens.
func NewIssuer(secret []byte, issuer, audience string, ttl time.Duration, now func() time.Time) (*Issuer, error) {
	if len(secret) < MinSecretLength {
		return nil, salescoach.Errorf(salescoach.EINVALID, "The access-token secret must be at least %d bytes long.", MinSecretLength)
	}
	if issuer == "" || audience == "" {
		return nil, salescoach.Errorf(salescoach.EINVALID, "The access-token issuer and audience must be set.")
	}
	if ttl <= 0 {
		ttl = DefaultAccessTTL
	}
	if now == nil {
		now = time.Now
	}
	iss := &Issuer{
		secret:   append([]byte(nil), secret...),
		issuer:   issuer,
		audience: audience,
		ttl:      ttl,
		now:      now,
	}
	iss.parser = jwt.NewParser(
		jwt.WithValidMethods([]string{jwt.SigningMethodHS256.Alg()}),
		jwt.WithIssuer(issuer),
		jwt.WithAudience(audience),
		jwt.WithExpirationRequired(),
		jwt.WithIssuedAt(),
		jwt.WithLeeway(clockLeeway),
		jwt.WithTimeFunc(now),
		jwt.WithStrictDecoding(),
	)
	return iss, nil
}

// SubKey derives a 32-byte key for another purpose from the access-token
// secret (HMAC-SHA256 of the purpose), so every app process that shares
// the secret shares the key without a second setting, and the key cannot
// be used to sign access tokens.
func (iss *Issuer) SubKey(purpose string) []byte {
	mac := hmac.New(sha256.New, iss.secret)
	mac.Write([]byte("salescoach subkey\x00" + purpose))
	return mac.Sum(nil)
}

// TTL returns the lifetime of issued tokens, for the expires_in of a sign-in
// answer.
func (iss *Issuer) TTL() time.Duration { return iss.ttl }

// Issue signs an access token for userID in the refresh family
// sessionFamilyID and returns it with its expiry. It returns EINTERNAL when
// userID is empty (a caller bug) or signing fails.
func (iss *Issuer) Issue(userID, sessionFamilyID string, anonymous bool) (token string, expiresAt time.Time, err error) {
	if userID == "" {
		return "", time.Time{}, salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	// JWT times have second precision; truncating here makes the returned
	// expiry equal to the one inside the token.
	now := iss.now().UTC().Truncate(time.Second)
	expiresAt = now.Add(iss.ttl)
	c := accessClaims{
		RegisteredClaims: jwt.RegisteredClaims{
			Issuer:    iss.issuer,
			Subject:   userID,
			Audience:  jwt.ClaimStrings{iss.audience},
			ExpiresAt: jwt.NewNumericDate(expiresAt),
			NotBefore: jwt.NewNumericDate(now),
			IssuedAt:  jwt.NewNumericDate(now),
			ID:        NewOpaqueToken()[:22], // 128 random bits
		},
		SID:  sessionFamilyID,
		Anon: anonymous,
	}
	token, err = jwt.NewWithClaims(jwt.SigningMethodHS256, c).SignedString(iss.secret)
	if err != nil {
		return "", time.Time{}, salescoach.Errorf(salescoach.EINTERNAL, "Interner Fehler.")
	}
	return token, expiresAt, nil
}

// Verify checks token's signature (HS256 only: "none", RS256 and every other
// algorithm are refused before any key is used), its exp, nbf and iat against
// the injected clock with 30 seconds of leeway, its iss and aud, and that it
// names a subject. Every failure returns the same EUNAUTHORIZED error
// ('Sitzung ungültig oder abgelaufen.') so callers cannot leak why.
func (iss *Issuer) Verify(token string) (*Claims, error) {
	unauthorized := salescoach.NewError(salescoach.EUNAUTHORIZED, salescoach.MsgSessionInvalid)
	if token == "" || len(token) > maxTokenLength {
		return nil, unauthorized
	}
	now := iss.now()
	iss.verifiedMu.RLock()
	v, ok := iss.verified[token]
	iss.verifiedMu.RUnlock()
	if ok && !now.Before(v.validFrom) && now.Before(v.claims.ExpiresAt) {
		c := v.claims
		return &c, nil
	}
	var c accessClaims
	t, err := iss.parser.ParseWithClaims(token, &c, func(t *jwt.Token) (any, error) {
		// WithValidMethods already pins the algorithm; checking the method's
		// type as well keeps the key from ever meeting another algorithm.
		if _, ok := t.Method.(*jwt.SigningMethodHMAC); !ok || t.Method.Alg() != jwt.SigningMethodHS256.Alg() {
			return nil, jwt.ErrTokenSignatureInvalid
		}
		return iss.secret, nil
	})
	if err != nil || !t.Valid || c.Subject == "" || c.IssuedAt == nil {
		return nil, unauthorized
	}
	claims := Claims{
		UserID:          c.Subject,
		SessionFamilyID: c.SID,
		Anonymous:       c.Anon,
		ID:              c.ID,
		IssuedAt:        c.IssuedAt.Time,
		ExpiresAt:       c.ExpiresAt.Time,
	}
	from := c.IssuedAt.Time
	if c.NotBefore != nil && c.NotBefore.After(from) {
		from = c.NotBefore.Time
	}
	iss.verifiedMu.Lock()
	if iss.verified == nil || len(iss.verified) >= maxVerified {
		iss.verified = make(map[string]verifiedToken)
	}
	iss.verified[token] = verifiedToken{claims: claims, validFrom: from.Add(-clockLeeway)}
	iss.verifiedMu.Unlock()
	out := claims
	return &out, nil
}
