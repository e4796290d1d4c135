package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.IdentityService = (*IdentityService)(nil)

// IdentityService stores external identities (Google, Apple).
type IdentityService struct {
	db *DB
}

// NewIdentityService returns an IdentityService on db.
func NewIdentityService(db *DB) *IdentityService {
	return &IdentityService{db: db}
}

const identityColumns = `id, user_id, provider, subject, email, created_at`

func scanIdentity(s rowScanner) (*salescoach.Identity, error) {
	var id salescoach.Identity
	if err := s.Scan(&id.ID, &id.UserID, &id.Provider, &id.Subject, &id.Email, scanTime(&id.CreatedAt)); err != nil {
		return nil, err
	}
	return &id, nil
}

// IdentityBySubject returns the identity of that provider and subject, or
// ENOTFOUND when none matches.
func (s *IdentityService) IdentityBySubject(ctx context.Context, provider, subject string) (*salescoach.Identity, error) {
	id, err := scanIdentity(s.db.r().queryRow(ctx, `SELECT `+identityColumns+` FROM identities
		WHERE provider = ? AND subject = ?`, provider, subject))
	if noRows(err) {
		return nil, notFound(salescoach.MsgIdentityNotFound)
	}
	return id, dbError(err, "identity by subject")
}

// CreateIdentity links an identity, filling in id.ID and id.CreatedAt (now)
// when empty. It returns ECONFLICT when provider and subject are linked
// already, EINVALID for an unknown provider or empty subject and ENOTFOUND
// when the user does not exist.
func (s *IdentityService) CreateIdentity(ctx context.Context, id *salescoach.Identity) error {
	if id.ID == "" {
		id.ID = newID()
	}
	if id.CreatedAt.IsZero() {
		id.CreatedAt = s.db.now()
	}
	id.CreatedAt = utc(id.CreatedAt)
	_, err := s.db.r().exec(ctx, `INSERT INTO identities (`+identityColumns+`) VALUES (?, ?, ?, ?, ?, ?)`,
		id.ID, id.UserID, id.Provider, id.Subject, id.Email, id.CreatedAt)
	return conflictAs(dbError(err, "insert identity"), salescoach.MsgIdentityTaken)
}

// IdentitiesByUser lists a user's identities, oldest first; an unknown user
// has none. It returns only driver errors.
func (s *IdentityService) IdentitiesByUser(ctx context.Context, userID string) ([]*salescoach.Identity, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT `+identityColumns+` FROM identities
		WHERE user_id = ? ORDER BY created_at, id`, userID)
	if err != nil {
		return nil, dbError(err, "identities by user")
	}
	defer rows.Close()
	var out []*salescoach.Identity
	for rows.Next() {
		id, err := scanIdentity(rows)
		if err != nil {
			return nil, dbError(err, "identities by user")
		}
		out = append(out, id)
	}
	return out, dbError(rows.Err(), "identities by user")
}
