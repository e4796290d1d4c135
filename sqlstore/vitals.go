package sqlstore

import (
	"context"
	"math"
	"slices"

	"salescoach"
)

var _ salescoach.WebVitalService = (*WebVitalService)(nil)

// WebVitalService stores the web vitals browsers report.
type WebVitalService struct {
	db *DB
}

// NewWebVitalService returns a WebVitalService on db.
func NewWebVitalService(db *DB) *WebVitalService {
	return &WebVitalService{db: db}
}

// RecordWebVitals stores the measurements in one transaction, stamping
// those without a time with now. It returns EINVALID, storing nothing, when
// one has a name outside salescoach.VitalNames, a negative or non-finite
// value or an empty page.
func (s *WebVitalService) RecordWebVitals(ctx context.Context, vitals []salescoach.WebVital) error {
	for _, v := range vitals {
		if !slices.Contains(salescoach.VitalNames, v.Name) || v.Value < 0 || math.IsNaN(v.Value) || math.IsInf(v.Value, 0) || v.Page == "" {
			return salescoach.NewError(salescoach.EINVALID, salescoach.MsgInvalidData)
		}
	}
	now := s.db.now()
	return s.db.inTx(ctx, func(r runner) error {
		for _, v := range vitals {
			at := v.CreatedAt
			if at.IsZero() {
				at = now
			}
			if _, err := r.exec(ctx, `INSERT INTO web_vitals (id, name, page, value, created_at) VALUES (?, ?, ?, ?, ?)`,
				newID(), v.Name, v.Page, v.Value, at); err != nil {
				return dbError(err, "insert web vital")
			}
		}
		return nil
	})
}

// webVitalPercentiles ranks the values of each page and vital of the
// period [?, ?) and keeps the one at rank ceil(0.75 n), the nearest-rank
// 75th percentile (salescoach.P75). Both databases run it as it is: window
// functions instead of PostgreSQL's percentile_disc, which SQLite lacks,
// and (3n + 3) / 4 in integer division for the ceiling.
const webVitalPercentiles = `SELECT page, name, value, n FROM (
		SELECT page, name, value,
			ROW_NUMBER() OVER (PARTITION BY page, name ORDER BY value) AS pos,
			COUNT(*) OVER (PARTITION BY page, name) AS n
		FROM web_vitals WHERE created_at >= ? AND created_at < ?
	) ranked
	WHERE pos = (3 * n + 3) / 4
	ORDER BY page, name`

// WebVitalPercentiles computes the nearest-rank 75th percentile and the
// sample count of every page and vital measured on the UTC days from..to
// (inclusive), ordered by page and name; pairs without samples are left
// out. It returns EINVALID when a day is malformed or from is after to.
func (s *WebVitalService) WebVitalPercentiles(ctx context.Context, from, to string) ([]salescoach.VitalPercentile, error) {
	start, end, err := period(from, to)
	if err != nil {
		return nil, err
	}
	rows, err := s.db.r().queryRows(ctx, webVitalPercentiles, start, end)
	if err != nil {
		return nil, dbError(err, "web vital percentiles")
	}
	defer rows.Close()
	out := []salescoach.VitalPercentile{}
	for rows.Next() {
		var p salescoach.VitalPercentile
		if err := rows.Scan(&p.Page, &p.Name, &p.P75, &p.Samples); err != nil {
			return nil, dbError(err, "web vital percentiles")
		}
		out = append(out, p)
	}
	return out, dbError(rows.Err(), "web vital percentiles")
}
