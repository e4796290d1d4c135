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
// when empty, and adds it to the daily rollup page_view_days (its UTC day,
// source and salescoach.PageKind of the path) in the same transaction. It
// returns EINVALID for a source outside salescoach.PageViewSources and
// ENOTFOUND when v.UserID names no user.
func (s *PageViewService) RecordPageView(ctx context.Context, v *salescoach.PageView) error {
	if v.ID == "" {
		v.ID = newID()
	}
	if v.CreatedAt.IsZero() {
		v.CreatedAt = s.db.now()
	}
	v.CreatedAt = utc(v.CreatedAt)
	return s.db.inTx(ctx, func(r runner) error {
		// The raw row first: its CHECK and foreign key vet the view before
		// it is counted.
		if _, err := r.exec(ctx, `INSERT INTO page_views (id, path, source, user_id, created_at)
			VALUES (?, ?, ?, ?, ?)`, v.ID, v.Path, v.Source, v.UserID, v.CreatedAt); err != nil {
			return dbError(err, "insert page view")
		}
		_, err := r.exec(ctx, `INSERT INTO page_view_days (day, source, kind, views) VALUES (?, ?, ?, 1)
			ON CONFLICT (day, source, kind) DO UPDATE SET views = page_view_days.views + 1`,
			salescoach.Day(v.CreatedAt), v.Source, salescoach.PageKind(v.Path))
		return dbError(err, "count page view")
	})
}
