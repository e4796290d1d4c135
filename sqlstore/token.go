package sqlstore

import (
	"context"
	"database/sql"
	"time"

	"salescoach"
)

var _ salescoach.TokenService = (*TokenService)(nil)

// TokenService stores one-time mail tokens and OAuth states.
type TokenService struct {
	db *DB
}

// NewTokenService returns a TokenService on db.
func NewTokenService(db *DB) *TokenService {
	return &TokenService{db: db}
}

// CreateOneTimeToken stores a token, setting t.CreatedAt to now when it is
// zero. It returns ECONFLICT when the hash exists already, EINVALID for an
// unknown purpose and ENOTFOUND when the user does not exist.
func (s *TokenService) CreateOneTimeToken(ctx context.Context, t *salescoach.OneTimeToken) error {
	if t.CreatedAt.IsZero() {
		t.CreatedAt = s.db.now()
	}
	return insertOneTimeToken(ctx, s.db.r(), t)
}

// insertOneTimeToken stores t through r, so that the outbox can store a
// mail's token in the mail's transaction.
func insertOneTimeToken(ctx context.Context, r runner, t *salescoach.OneTimeToken) error {
	t.CreatedAt, t.ExpiresAt = utc(t.CreatedAt), utc(t.ExpiresAt)
	_, err := r.exec(ctx, `INSERT INTO one_time_tokens (token_hash, purpose, user_id, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)`, t.TokenHash, t.Purpose, t.UserID, t.CreatedAt, t.ExpiresAt)
	return dbError(err, "insert one-time token")
}

// ConsumeOneTimeToken atomically marks the token with that hash and purpose
// used and returns it. It returns ENOTFOUND when there is none, it was used,
// or it expired. Of N concurrent consumptions exactly one succeeds: the
// guarded UPDATE changes the row only while used_at is NULL.
func (s *TokenService) ConsumeOneTimeToken(ctx context.Context, hash, purpose string, now time.Time) (*salescoach.OneTimeToken, error) {
	var t salescoach.OneTimeToken
	err := s.db.r().queryRow(ctx, `UPDATE one_time_tokens SET used_at = ?
		WHERE token_hash = ? AND purpose = ? AND used_at IS NULL AND expires_at > ?
		RETURNING token_hash, purpose, user_id, created_at, expires_at`, now, hash, purpose, now).
		Scan(&t.TokenHash, &t.Purpose, &t.UserID, scanTime(&t.CreatedAt), scanTime(&t.ExpiresAt))
	if noRows(err) {
		return nil, notFound(salescoach.MsgLinkInvalid)
	}
	if err != nil {
		return nil, dbError(err, "consume one-time token")
	}
	return &t, nil
}

// CreateOAuthState stores a state, setting st.CreatedAt to now when it is
// zero. It returns ECONFLICT when the hash exists already and EINVALID for an
// unknown provider.
func (s *TokenService) CreateOAuthState(ctx context.Context, st *salescoach.OAuthState) error {
	if st.CreatedAt.IsZero() {
		st.CreatedAt = s.db.now()
	}
	st.CreatedAt, st.ExpiresAt = utc(st.CreatedAt), utc(st.ExpiresAt)
	if st.Intent == "" {
		st.Intent = salescoach.OAuthIntentSignIn
	}
	var userID any
	if st.UserID != "" {
		userID = st.UserID
	}
	_, err := s.db.r().exec(ctx, `INSERT INTO oauth_states (state_hash, provider, nonce, code_verifier,
			binding_hash, remember, ref, intent, user_id, family_id, language, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
		st.StateHash, st.Provider, st.Nonce, st.CodeVerifier, st.BindingHash, st.Remember, st.Ref,
		st.Intent, userID, st.FamilyID, st.Language, st.CreatedAt, st.ExpiresAt)
	return dbError(err, "insert oauth state")
}

// ConsumeOAuthState atomically removes and returns the state. It returns
// ENOTFOUND when there is none, it was used, or it expired; of concurrent
// consumptions only the one whose DELETE removed the row succeeds.
func (s *TokenService) ConsumeOAuthState(ctx context.Context, stateHash string, now time.Time) (*salescoach.OAuthState, error) {
	var st salescoach.OAuthState
	var userID sql.NullString
	err := s.db.r().queryRow(ctx, `DELETE FROM oauth_states WHERE state_hash = ? AND expires_at > ?
		RETURNING state_hash, provider, nonce, code_verifier, binding_hash, remember, ref, intent, user_id,
			family_id, language, created_at, expires_at`,
		stateHash, now).
		Scan(&st.StateHash, &st.Provider, &st.Nonce, &st.CodeVerifier, &st.BindingHash, &st.Remember, &st.Ref,
			&st.Intent, &userID, &st.FamilyID, &st.Language, scanTime(&st.CreatedAt), scanTime(&st.ExpiresAt))
	st.UserID = userID.String
	if noRows(err) {
		return nil, notFound(salescoach.MsgOAuthStateInvalid)
	}
	if err != nil {
		return nil, dbError(err, "consume oauth state")
	}
	return &st, nil
}

// SaveReauthProof stores p, replacing an earlier proof of the same session
// (a second fresh sign-in restarts its time). It returns ENOTFOUND when the
// user does not exist.
func (s *TokenService) SaveReauthProof(ctx context.Context, p *salescoach.ReauthProof) error {
	p.CreatedAt, p.ExpiresAt = utc(p.CreatedAt), utc(p.ExpiresAt)
	_, err := s.db.r().exec(ctx, `INSERT INTO reauth_proofs (family_id, user_id, provider, created_at, expires_at)
		VALUES (?, ?, ?, ?, ?)
		ON CONFLICT (family_id) DO UPDATE SET user_id = excluded.user_id, provider = excluded.provider,
			created_at = excluded.created_at, expires_at = excluded.expires_at`,
		p.FamilyID, p.UserID, p.Provider, p.CreatedAt, p.ExpiresAt)
	return dbError(err, "save re-authentication")
}

// ReauthProof returns the live proof of the user's session familyID. It
// returns ENOTFOUND when there is none.
func (s *TokenService) ReauthProof(ctx context.Context, userID, familyID string, now time.Time) (*salescoach.ReauthProof, error) {
	return scanReauthProof(s.db.r().queryRow(ctx, `SELECT family_id, user_id, provider, created_at, expires_at
		FROM reauth_proofs WHERE family_id = ? AND user_id = ? AND expires_at > ?`, familyID, userID, now))
}

// ConsumeReauthProof deletes and returns the live proof of the user's
// session familyID in one statement. It returns ENOTFOUND when there is
// none; of concurrent consumptions only the one whose DELETE removed the
// row succeeds.
func (s *TokenService) ConsumeReauthProof(ctx context.Context, userID, familyID string, now time.Time) (*salescoach.ReauthProof, error) {
	return scanReauthProof(s.db.r().queryRow(ctx, `DELETE FROM reauth_proofs
		WHERE family_id = ? AND user_id = ? AND expires_at > ?
		RETURNING family_id, user_id, provider, created_at, expires_at`, familyID, userID, now))
}

func scanReauthProof(row rowScanner) (*salescoach.ReauthProof, error) {
	var p salescoach.ReauthProof
	err := row.Scan(&p.FamilyID, &p.UserID, &p.Provider, scanTime(&p.CreatedAt), scanTime(&p.ExpiresAt))
	if noRows(err) {
		return nil, notFound(salescoach.MsgDeleteReauthRequired)
	}
	if err != nil {
		return nil, dbError(err, "read re-authentication")
	}
	return &p, nil
}
