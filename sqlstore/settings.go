package sqlstore

import (
	"context"
	"strconv"
	"time"

	"salescoach"
)

var _ salescoach.SettingsService = (*SettingsService)(nil)

// SettingsService keeps the back-office's settings in the settings table,
// one row per key, the value as text that this service parses.
type SettingsService struct {
	db *DB
}

// NewSettingsService returns a SettingsService on db.
func NewSettingsService(db *DB) *SettingsService {
	return &SettingsService{db: db}
}

// settingExamPassMark is the settings key of the exams' pass mark.
const settingExamPassMark = "exam_pass_mark"

// ExamPassMark returns the stored pass mark, DefaultExamPassMark when none
// is stored (or what is stored is no valid pass mark). It returns only
// driver errors.
func (s *SettingsService) ExamPassMark(ctx context.Context) (int, error) {
	v, ok, err := s.setting(ctx, settingExamPassMark)
	if err != nil || !ok {
		return salescoach.DefaultExamPassMark, err
	}
	n, err := strconv.Atoi(v)
	if err != nil || !salescoach.ValidExamPassMark(n) {
		return salescoach.DefaultExamPassMark, nil
	}
	return n, nil
}

// SetExamPassMark stores the pass mark; EINVALID (field examPassMark)
// outside MinExamPassMark..MaxExamPassMark.
func (s *SettingsService) SetExamPassMark(ctx context.Context, percent int, now time.Time) error {
	if !salescoach.ValidExamPassMark(percent) {
		return salescoach.FieldError("examPassMark", salescoach.MsgExamPassMark.
			With("min", salescoach.MinExamPassMark).With("max", salescoach.MaxExamPassMark))
	}
	return s.setSetting(ctx, settingExamPassMark, strconv.Itoa(percent), now)
}

// setting reads one key; ok is false when it was never set.
func (s *SettingsService) setting(ctx context.Context, key string) (string, bool, error) {
	var v string
	err := s.db.r().queryRow(ctx, `SELECT value FROM settings WHERE key = ?`, key).Scan(&v)
	if noRows(err) {
		return "", false, nil
	}
	if err != nil {
		return "", false, dbError(err, "setting")
	}
	return v, true, nil
}

// setSetting writes one key in one statement (insert or replace).
func (s *SettingsService) setSetting(ctx context.Context, key, value string, now time.Time) error {
	_, err := s.db.r().exec(ctx, `INSERT INTO settings (key, value, updated_at) VALUES (?, ?, ?)
		ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at`,
		key, value, utc(now))
	return dbError(err, "set setting")
}
