package sqlstore_test

import (
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestRecordWebVitals(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewWebVitalService(db)
		ctx := t.Context()
		mustNil(t, s.RecordWebVitals(ctx, []salescoach.WebVital{
			{Name: "LCP", Value: 1834.6, Page: "/chat", CreatedAt: t0},
			{Name: "INP", Value: 0, Page: "/chat", CreatedAt: t0},
			{Name: "CLS", Value: 0.0123456789, Page: "/dashboard"}, // stamped now
		}))
		if n := count(t, db, `SELECT COUNT(*) FROM web_vitals WHERE created_at = ?`, t0); n != 2 {
			t.Errorf("%d rows at t0, want 2", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM web_vitals WHERE name = 'CLS' AND page = '/dashboard' AND created_at > ?`, t0.Add(-time.Hour*24*365)); n != 1 {
			t.Errorf("the CLS row without a time was stored %d times with a time", n)
		}
		// A value comes back as it was sent, on both databases.
		got, err := s.WebVitalPercentiles(ctx, salescoach.Day(time.Now()), salescoach.Day(time.Now()))
		mustNil(t, err)
		if len(got) != 1 || got[0].P75 != 0.0123456789 {
			t.Errorf("today's percentiles = %+v, want the CLS value 0.0123456789 exactly", got)
		}

		// A bad measurement refuses the whole batch.
		bad := []salescoach.WebVital{
			{Name: "FID", Value: 10, Page: "/chat"},
			{Name: "LCP", Value: -1, Page: "/chat"},
			{Name: "LCP", Value: math.NaN(), Page: "/chat"},
			{Name: "CLS", Value: math.Inf(1), Page: "/chat"},
			{Name: "LCP", Value: 1, Page: ""},
			{Name: "LCP", Value: 1, Page: strings.Repeat("x", 65)}, // the table's CHECK
		}
		for _, b := range bad {
			wantCode(t, s.RecordWebVitals(ctx, []salescoach.WebVital{{Name: "LCP", Value: 1, Page: "/help", CreatedAt: t0}, b}), salescoach.EINVALID)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM web_vitals WHERE page = '/help'`); n != 0 {
			t.Errorf("refused batches stored %d rows", n)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM schema_migrations WHERE version = '0017_web_vitals'`); n != 1 {
			t.Errorf("migration 0017_web_vitals recorded %d times", n)
		}
	})
}

// TestWebVitalPercentiles checks the nearest-rank 75th percentile on known
// data, the edges of the period, and agreement with salescoach.P75 on
// random data, on both databases.
func TestWebVitalPercentiles(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewWebVitalService(db)
		ctx := t.Context()
		// The period: the UTC days 2026-03-04 … 2026-03-10.
		from, to := "2026-03-04", "2026-03-10"
		start := time.Date(2026, 3, 4, 0, 0, 0, 0, time.UTC)
		end := time.Date(2026, 3, 11, 0, 0, 0, 0, time.UTC)
		mid := time.Date(2026, 3, 7, 12, 0, 0, 0, time.UTC)
		var vs []salescoach.WebVital
		add := func(name, page string, at time.Time, values ...float64) {
			for _, v := range values {
				vs = append(vs, salescoach.WebVital{Name: name, Page: page, Value: v, CreatedAt: at})
			}
		}
		// Eight LCPs in the middle: rank ceil(6) = 6 of 900 1200 1800 2200 2500 2600 3000 4100.
		add("LCP", "/chat", mid, 1200, 900, 3000, 2500, 4100, 1800, 2200, 2600)
		// One CLS: its percentile is itself.
		add("CLS", "/chat", mid, 0.05)
		// Ties.
		add("INP", "/chat", mid, 40, 40, 40, 40)
		// The edges: the first and the last microsecond of the period count,
		// the microsecond before and the midnight after do not.
		add("INP", "/login", start, 100)
		add("INP", "/login", end.Add(-time.Microsecond), 300)
		add("INP", "/login", start.Add(-time.Microsecond), 9000)
		add("INP", "/login", end, 8000)
		add("LCP", "/login", end, 1)                            // only outside: no row
		add("LCP", "/login", start.Add(-24*time.Hour), 1, 2, 3) // ditto
		mustNil(t, s.RecordWebVitals(ctx, vs))

		got, err := s.WebVitalPercentiles(ctx, from, to)
		mustNil(t, err)
		want := []salescoach.VitalPercentile{
			{Page: "/chat", Name: "CLS", P75: 0.05, Samples: 1},
			{Page: "/chat", Name: "INP", P75: 40, Samples: 4},
			{Page: "/chat", Name: "LCP", P75: 2600, Samples: 8},
			{Page: "/login", Name: "INP", P75: 300, Samples: 2},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("percentiles =\n %+v\nwant\n %+v", got, want)
		}

		// One day: only the last microsecond's value.
		got, err = s.WebVitalPercentiles(ctx, to, to)
		mustNil(t, err)
		if !reflect.DeepEqual(got, []salescoach.VitalPercentile{{Page: "/login", Name: "INP", P75: 300, Samples: 1}}) {
			t.Errorf("the last day = %+v", got)
		}
		// The day after the period holds the value at its midnight.
		got, err = s.WebVitalPercentiles(ctx, "2026-03-11", "2026-03-11")
		mustNil(t, err)
		if len(got) != 2 || got[0].Name != "INP" || got[0].P75 != 8000 || got[1].Name != "LCP" || got[1].P75 != 1 {
			t.Errorf("the day after = %+v", got)
		}

		wantCode(t, nil2(s.WebVitalPercentiles(ctx, to, from)), salescoach.EINVALID)
		wantCode(t, nil2(s.WebVitalPercentiles(ctx, "2026-3-1", to)), salescoach.EINVALID)
	})
}

// TestWebVitalPercentilesMatchP75 compares the store's SQL with
// salescoach.P75 on random samples of every size from 1 to 40.
func TestWebVitalPercentilesMatchP75(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewWebVitalService(db)
		rnd := rand.New(rand.NewPCG(16, 17))
		want := map[string]salescoach.VitalPercentile{}
		var vs []salescoach.WebVital
		for n := 1; n <= 40; n++ {
			page := "/p" + strings.Repeat("x", n)
			values := make([]float64, n)
			for i := range values {
				// Few distinct values, so that ties occur too.
				values[i] = float64(rnd.IntN(50)) * 0.01
				vs = append(vs, salescoach.WebVital{Name: "CLS", Page: page, Value: values[i], CreatedAt: t0.Add(time.Duration(i) * time.Second)})
			}
			slices.Sort(values)
			want[page] = salescoach.VitalPercentile{Page: page, Name: "CLS", P75: salescoach.P75(values), Samples: n}
		}
		mustNil(t, s.RecordWebVitals(t.Context(), vs))
		got, err := s.WebVitalPercentiles(t.Context(), salescoach.Day(t0), salescoach.Day(t0))
		mustNil(t, err)
		if len(got) != len(want) {
			t.Fatalf("%d rows, want %d", len(got), len(want))
		}
		for _, g := range got {
			if g != want[g.Page] {
				t.Errorf("%s: %+v, want %+v", g.Page, g, want[g.Page])
			}
		}
	})
}

// nil2 keeps the error of a (value, error) pair.
func nil2[T any](_ T, err error) error { return err }
