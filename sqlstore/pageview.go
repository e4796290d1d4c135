package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.PageViewService = (*PageViewService)(nil)

// PageViewService stores page views.
type PageViewService struct {
	db *DB
}

// NewPageViewService returns a PageViewService on db.
func NewPageViewService(db *DB) *PageViewService {
	return &PageViewService{db: db}
}

// RecordPageView appends a page view, filling in v.ID and v.CreatedAt (now)
// when empty. It returns EINVALID for a source outside
// salescoach.PageViewSources and ENOTFOUND when v.UserID names no user.
func (s *PageViewService) RecordPageView(ctx context.Context, v *salescoach.PageView) error {
	if v.ID == "" {
		v.ID = newID()
	}
	if v.CreatedAt.IsZero() {
		v.CreatedAt = s.db.now()
	}
	v.CreatedAt = utc(v.CreatedAt)
	_, err := s.db.r().exec(ctx, `INSERT INTO page_views (id, path, source, user_id, created_at)
		VALUES (?, ?, ?, ?, ?)`, v.ID, v.Path, v.Source, v.UserID, v.CreatedAt)
	return dbError(err, "insert page view")
}
