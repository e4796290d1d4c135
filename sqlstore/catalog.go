package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.CatalogService = (*CatalogService)(nil)

// CatalogService reads the seeded catalogues: tone presets and challenges.
type CatalogService struct {
	db *DB
}

// NewCatalogService returns a CatalogService on db.
func NewCatalogService(db *DB) *CatalogService {
	return &CatalogService{db: db}
}

// TonePresets lists the presets in display order. It returns only driver
// errors.
func (s *CatalogService) TonePresets(ctx context.Context) ([]*salescoach.TonePreset, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT id, name, description, sort_order FROM tone_presets
		ORDER BY sort_order, name`)
	if err != nil {
		return nil, dbError(err, "tone presets")
	}
	defer rows.Close()
	var out []*salescoach.TonePreset
	for rows.Next() {
		var p salescoach.TonePreset
		if err := rows.Scan(&p.ID, &p.Name, &p.Description, &p.SortOrder); err != nil {
			return nil, dbError(err, "tone presets")
		}
		out = append(out, &p)
	}
	return out, dbError(rows.Err(), "tone presets")
}

// Challenges lists the challenges in display order. It returns only driver
// errors.
func (s *CatalogService) Challenges(ctx context.Context) ([]*salescoach.Challenge, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT key, name, icon, description, target, sort_order FROM challenges
		ORDER BY sort_order, key`)
	if err != nil {
		return nil, dbError(err, "challenges")
	}
	defer rows.Close()
	var out []*salescoach.Challenge
	for rows.Next() {
		var c salescoach.Challenge
		if err := rows.Scan(&c.Key, &c.Name, &c.Icon, &c.Description, &c.Target, &c.SortOrder); err != nil {
			return nil, dbError(err, "challenges")
		}
		out = append(out, &c)
	}
	return out, dbError(rows.Err(), "challenges")
}
