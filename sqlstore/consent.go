package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.ConsentService = (*ConsentService)(nil)

// ConsentService stores the consent audit.
type ConsentService struct {
	db *DB
}

// NewConsentService returns a ConsentService on db.
func NewConsentService(db *DB) *ConsentService {
	return &ConsentService{db: db}
}

// RecordConsent appends a record, filling in c.ID and c.CreatedAt (now) when
// empty. It returns EINVALID for a consent type other than "terms" and
// "withdrawal_waiver" or a terms version below 1, and ENOTFOUND when
// c.UserID names no user.
func (s *ConsentService) RecordConsent(ctx context.Context, c *salescoach.ConsentRecord) error {
	if c.ID == "" {
		c.ID = newID()
	}
	if c.CreatedAt.IsZero() {
		c.CreatedAt = s.db.now()
	}
	c.CreatedAt = utc(c.CreatedAt)
	_, err := s.db.r().exec(ctx, `INSERT INTO consent_audit (id, user_id, consent_type, terms_version, user_agent, created_at)
		VALUES (?, ?, ?, ?, ?, ?)`, c.ID, c.UserID, c.ConsentType, c.TermsVersion, c.UserAgent, c.CreatedAt)
	return dbError(err, "insert consent")
}
