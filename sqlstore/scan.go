package sqlstore

import (
	"fmt"
	"time"
)

// Time scanners. Both drivers hand back time.Time for timestamp columns, but
// in different locations (pgx: the process's local zone), and SQLite hands
// back the stored text where the column's declared type is lost (RETURNING
// clauses, expressions such as MAX(created_at)). These scanners accept all of
// it and always yield UTC, so callers and tests see one representation.

// timeLayouts are the text layouts SQLite may hold: the driver's
// _time_format=sqlite layout first, then SQLite's own date functions' output.
var timeLayouts = []string{
	"2006-01-02 15:04:05.999999999-07:00",
	"2006-01-02T15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
	"2006-01-02T15:04:05.999999999",
}

func parseTimeText(s string) (time.Time, error) {
	for _, l := range timeLayouts {
		if t, err := time.Parse(l, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("sqlstore: cannot parse time %q", s)
}

func toTime(src any) (time.Time, error) {
	switch v := src.(type) {
	case time.Time:
		return v.UTC(), nil
	case string:
		return parseTimeText(v)
	case []byte:
		return parseTimeText(string(v))
	}
	return time.Time{}, fmt.Errorf("sqlstore: cannot scan %T into a time", src)
}

// timeDest scans a NOT NULL timestamp.
type timeDest struct{ p *time.Time }

func (d timeDest) Scan(src any) error {
	t, err := toTime(src)
	if err != nil {
		return err
	}
	*d.p = t
	return nil
}

// nullTimeDest scans a nullable timestamp; NULL becomes a nil pointer.
type nullTimeDest struct{ p **time.Time }

func (d nullTimeDest) Scan(src any) error {
	if src == nil {
		*d.p = nil
		return nil
	}
	t, err := toTime(src)
	if err != nil {
		return err
	}
	*d.p = &t
	return nil
}

// scanTime and scanNullTime wrap destinations for Scan.
func scanTime(p *time.Time) timeDest          { return timeDest{p} }
func scanNullTime(p **time.Time) nullTimeDest { return nullTimeDest{p} }

// rowScanner is what *sql.Row and *sql.Rows have in common.
type rowScanner interface {
	Scan(dest ...any) error
}
