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
	rows, err := s.db.r().queryRows(ctx, `SELECT `+tonePresetColumns+` FROM tone_presets
		ORDER BY sort_order, name`)
	if err != nil {
		return nil, dbError(err, "tone presets")
	}
	defer rows.Close()
	var out []*salescoach.TonePreset
	for rows.Next() {
		p, err := scanTonePreset(rows)
		if err != nil {
			return nil, dbError(err, "tone presets")
		}
		out = append(out, p)
	}
	return out, dbError(rows.Err(), "tone presets")
}

// Challenges lists the challenges in display order. It returns only driver
// errors.
func (s *CatalogService) Challenges(ctx context.Context) ([]*salescoach.Challenge, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT key, name, icon, description, title_en, description_en, target, sort_order FROM challenges
		ORDER BY sort_order, key`)
	if err != nil {
		return nil, dbError(err, "challenges")
	}
	defer rows.Close()
	var out []*salescoach.Challenge
	for rows.Next() {
		var c salescoach.Challenge
		if err := rows.Scan(&c.Key, &c.Name, &c.Icon, &c.Description, &c.TitleEN, &c.DescriptionEN, &c.Target, &c.SortOrder); err != nil {
			return nil, dbError(err, "challenges")
		}
		out = append(out, &c)
	}
	return out, dbError(rows.Err(), "challenges")
}

var _ salescoach.CatalogAdmin = (*CatalogService)(nil)

// maxCatalogIDLen bounds a tone preset id from a request: seeded presets
// have slugs, new ones UUIDs; anything longer matches nothing.
const maxCatalogIDLen = 64

// UpdateChallenges applies every update in one transaction (key fixed;
// name, icon, description and target replaced). It returns ENOTFOUND for
// an unknown key and EINVALID for an empty name or a negative target (the
// table's CHECKs); either way nothing is changed.
func (s *CatalogService) UpdateChallenges(ctx context.Context, updates []salescoach.ChallengeUpdate) error {
	return s.db.inTx(ctx, func(r runner) error {
		for _, u := range updates {
			res, err := r.exec(ctx, `UPDATE challenges SET name = ?, icon = ?, description = ?, title_en = ?,
				description_en = ?, target = ? WHERE key = ?`,
				u.Name, u.Icon, u.Description, u.TitleEN, u.DescriptionEN, u.Target, u.Key)
			if err != nil {
				return dbError(err, "update challenge")
			}
			if n, err := rowsAffected(res); err != nil {
				return err
			} else if n == 0 {
				return notFound(salescoach.MsgChallengeNotFound)
			}
		}
		return nil
	})
}

const tonePresetColumns = `id, name, name_en, description, sort_order`

func scanTonePreset(s rowScanner) (*salescoach.TonePreset, error) {
	var p salescoach.TonePreset
	if err := s.Scan(&p.ID, &p.Name, &p.NameEN, &p.Description, &p.SortOrder); err != nil {
		return nil, err
	}
	return &p, nil
}

// CreateTonePreset adds a preset with a new id after the last one in the
// order. It returns ECONFLICT when the name is taken and EINVALID for an
// empty name.
func (s *CatalogService) CreateTonePreset(ctx context.Context, in salescoach.TonePresetInput) (*salescoach.TonePreset, error) {
	p, err := scanTonePreset(s.db.r().queryRow(ctx, `INSERT INTO tone_presets (`+tonePresetColumns+`)
		SELECT ?, ?, ?, ?, COALESCE(MAX(sort_order), 0) + 1 FROM tone_presets
		RETURNING `+tonePresetColumns, newID(), in.Name, in.NameEN, in.Description))
	if err != nil {
		return nil, conflictAs(dbError(err, "insert tone preset"), salescoach.MsgPresetTaken)
	}
	return p, nil
}

// UpdateTonePreset replaces a preset's name and description. It returns
// ENOTFOUND when there is no such preset, ECONFLICT when the name is taken
// and EINVALID for an empty name.
func (s *CatalogService) UpdateTonePreset(ctx context.Context, id string, in salescoach.TonePresetInput) (*salescoach.TonePreset, error) {
	if id == "" || len(id) > maxCatalogIDLen {
		return nil, notFound(salescoach.MsgPresetNotFound)
	}
	p, err := scanTonePreset(s.db.r().queryRow(ctx, `UPDATE tone_presets SET name = ?, name_en = ?, description = ? WHERE id = ?
		RETURNING `+tonePresetColumns, in.Name, in.NameEN, in.Description, id))
	if noRows(err) {
		return nil, notFound(salescoach.MsgPresetNotFound)
	}
	if err != nil {
		return nil, conflictAs(dbError(err, "update tone preset"), salescoach.MsgPresetTaken)
	}
	return p, nil
}

// DeleteTonePreset removes a preset; the foreign key sets the tone preset
// of its users to NULL (the neutral customer). It returns ENOTFOUND when
// there is no such preset.
func (s *CatalogService) DeleteTonePreset(ctx context.Context, id string) error {
	if id == "" || len(id) > maxCatalogIDLen {
		return notFound(salescoach.MsgPresetNotFound)
	}
	res, err := s.db.r().exec(ctx, `DELETE FROM tone_presets WHERE id = ?`, id)
	if err != nil {
		return dbError(err, "delete tone preset")
	}
	if n, err := rowsAffected(res); err != nil {
		return err
	} else if n == 0 {
		return notFound(salescoach.MsgPresetNotFound)
	}
	return nil
}

// TonePresetUsers counts the users of every preset by id, 0 for a preset
// nobody uses. It returns only driver errors.
func (s *CatalogService) TonePresetUsers(ctx context.Context) (map[string]int, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT p.id, COUNT(u.id) FROM tone_presets p
		LEFT JOIN users u ON u.tone_preset_id = p.id GROUP BY p.id`)
	if err != nil {
		return nil, dbError(err, "tone preset users")
	}
	defer rows.Close()
	out := map[string]int{}
	for rows.Next() {
		var (
			id string
			n  int
		)
		if err := rows.Scan(&id, &n); err != nil {
			return nil, dbError(err, "tone preset users")
		}
		out[id] = n
	}
	return out, dbError(rows.Err(), "tone preset users")
}
