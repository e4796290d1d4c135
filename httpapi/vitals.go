package httpapi

import (
	"cmp"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"salescoach"
)

// maxVitalsPerReport bounds one report: a page load has three vitals, and
// a page that is hidden and shown again reports CLS and INP once more.
const maxVitalsPerReport = 10

// maxVitalsBody bounds the body of a report (ten measurements with the
// longest paths allowed fit with room to spare).
const maxVitalsBody = 8 << 10

type vitalJSON struct {
	Name  string   `json:"name"`
	Value *float64 `json:"value"`
	Page  string   `json:"page"`
}

type vitalsRequest struct {
	Metrics []vitalJSON `json:"metrics"`
}

func (q *vitalsRequest) Valid() salescoach.Problems {
	if len(q.Metrics) == 0 || len(q.Metrics) > maxVitalsPerReport {
		return salescoach.Problems{"metrics": salescoach.MsgVitalsCount.With("max", maxVitalsPerReport)}
	}
	p := salescoach.Problems{}
	for i, m := range q.Metrics {
		field := "metrics." + strconv.Itoa(i) + "."
		max, known := salescoach.VitalMax[m.Name]
		if !known {
			p[field+"name"] = salescoach.MsgUnknownMetric
		} else if m.Value == nil || *m.Value < 0 || *m.Value > max {
			p[field+"value"] = salescoach.MsgVitalValue.With("max", max)
		}
		if !strings.HasPrefix(m.Page, "/") || len(m.Page) > 512 {
			p[field+"page"] = salescoach.MsgBadPath
		}
	}
	return p
}

// handleVitals stores the web vitals a browser measured (LCP, INP, CLS),
// each under the app route pattern of its page; signed in or not, and
// without the user: the figures are about pages, not people.
func (s *Server) handleVitals(w http.ResponseWriter, r *http.Request) error {
	if err := s.rateLimit(s.limits.vitals, s.ip.of(r)); err != nil {
		return err
	}
	req, err := decode[*vitalsRequest](w, r, maxVitalsBody)
	if err != nil {
		return err
	}
	now := s.now()
	vitals := make([]salescoach.WebVital, 0, len(req.Metrics))
	for _, m := range req.Metrics {
		vitals = append(vitals, salescoach.WebVital{Name: m.Name, Value: *m.Value, Page: salescoach.AppPage(m.Page), CreatedAt: now})
	}
	if err := s.Vitals.RecordWebVitals(r.Context(), vitals); err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}

type vitalSummaryJSON struct {
	P75     float64 `json:"p75"`
	Samples int     `json:"samples"`
	Rating  string  `json:"rating"`
}

type vitalPageJSON struct {
	Page    string                      `json:"page"`
	Metrics map[string]vitalSummaryJSON `json:"metrics"`
	samples int
}

type vitalThresholdJSON struct {
	Good float64 `json:"good"`
	Poor float64 `json:"poor"`
}

// handleAdminWebVitals answers the 75th percentile (nearest rank), the
// sample count and web.dev's rating of each vital per app page, measured in
// the last 7, 30 or 90 UTC days, with the thresholds it rated by. Pages
// with the most samples come first.
func (s *Server) handleAdminWebVitals(w http.ResponseWriter, r *http.Request, _ *salescoach.User) error {
	days, err := rangeDays(r.URL.Query().Get("range"), 7)
	if err != nil {
		return err
	}
	from, to := s.lastDays(days)
	rows, err := s.Vitals.WebVitalPercentiles(r.Context(), from, to)
	if err != nil {
		return err
	}
	pages := []*vitalPageJSON{}
	byPage := map[string]*vitalPageJSON{}
	for _, row := range rows {
		p := byPage[row.Page]
		if p == nil {
			p = &vitalPageJSON{Page: row.Page, Metrics: map[string]vitalSummaryJSON{}}
			byPage[row.Page] = p
			pages = append(pages, p)
		}
		p.Metrics[row.Name] = vitalSummaryJSON{P75: row.P75, Samples: row.Samples, Rating: salescoach.VitalRating(row.Name, row.P75)}
		p.samples = max(p.samples, row.Samples)
	}
	slices.SortStableFunc(pages, func(a, b *vitalPageJSON) int {
		return cmp.Or(cmp.Compare(b.samples, a.samples), cmp.Compare(a.Page, b.Page))
	})
	thresholds := map[string]vitalThresholdJSON{}
	for name, th := range salescoach.VitalThresholds {
		thresholds[name] = vitalThresholdJSON{Good: th.Good, Poor: th.Poor}
	}
	writeJSON(w, http.StatusOK, map[string]any{"from": from, "to": to, "thresholds": thresholds, "pages": pages})
	return nil
}
