package salescoach

import (
	"context"
	"strings"
	"time"
)

// Core Web Vitals the app reports from real page loads (web-vitals in the
// browser): Largest Contentful Paint and Interaction to Next Paint in
// milliseconds, Cumulative Layout Shift as a unitless score.
const (
	VitalLCP = "LCP"
	VitalINP = "INP"
	VitalCLS = "CLS"
)

// VitalNames lists the reported vitals in the order the admin table shows them.
var VitalNames = []string{VitalLCP, VitalINP, VitalCLS}

// VitalThreshold holds web.dev's limits of one vital: a value up to Good is
// good, up to Poor needs improvement, above Poor is poor.
type VitalThreshold struct {
	Good float64
	Poor float64
}

// VitalThresholds are web.dev's thresholds (https://web.dev/articles/vitals):
// LCP 2.5 s / 4 s, INP 200 ms / 500 ms, CLS 0.1 / 0.25.
var VitalThresholds = map[string]VitalThreshold{
	VitalLCP: {Good: 2500, Poor: 4000},
	VitalINP: {Good: 200, Poor: 500},
	VitalCLS: {Good: 0.1, Poor: 0.25},
}

// VitalMax bounds a single reported value: anything above is no real
// measurement (LCP beyond the app's 120 s chunk time-out, an interaction
// answered after a minute, a page that shifted by a hundred screens).
var VitalMax = map[string]float64{
	VitalLCP: 120_000,
	VitalINP: 60_000,
	VitalCLS: 100,
}

// Vital ratings, as web.dev names them.
const (
	RatingGood             = "good"
	RatingNeedsImprovement = "needs-improvement"
	RatingPoor             = "poor"
)

// VitalRating rates a value of the named vital by VitalThresholds (the
// limits themselves still count as the better rating, as web-vitals rates).
func VitalRating(name string, value float64) string {
	th := VitalThresholds[name]
	switch {
	case value > th.Poor:
		return RatingPoor
	case value > th.Good:
		return RatingNeedsImprovement
	}
	return RatingGood
}

// AppPageOther stands for every path that is none of AppPages.
const AppPageOther = "other"

// AppPages are the route patterns of the React app (web/src/app/AppRoutes.tsx)
// below its /app base, ids replaced by a parameter name. Web vitals are
// stored by these, never by the path the browser showed.
var AppPages = []string{
	"/", "/login", "/chat", "/call/:conversationId", "/dashboard", "/help", "/feedback",
	"/admin-dashboard", "/users", "/chat-history", "/challenges", "/token-management",
	"/analytics", "/compliance", "/admin-feedback", "/settings",
}

// AppPage is the route pattern of an app path (without the /app base; a
// query or fragment is dropped, a trailing slash and letter case ignored,
// as the app's router ignores them), AppPageOther when the app has no such
// route. A pattern maps to itself, so the browser may send patterns as well
// as paths.
func AppPage(path string) string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	path = strings.ToLower(path)
	if path != "/" {
		path = strings.TrimSuffix(path, "/")
	}
	if rest, ok := strings.CutPrefix(path, "/call/"); ok && rest != "" && !strings.Contains(rest, "/") {
		return "/call/:conversationId"
	}
	for _, p := range AppPages {
		if p == path && !strings.Contains(p, ":") {
			return p
		}
	}
	return AppPageOther
}

// WebVital is one measurement of a page load.
type WebVital struct {
	Name      string // one of VitalNames
	Value     float64
	Page      string // AppPage of the path
	CreatedAt time.Time
}

// VitalPercentile is the 75th percentile of one vital on one page: the
// nearest-rank percentile, i.e. the smallest measured value that at least
// 75 % of the samples do not exceed (see P75).
type VitalPercentile struct {
	Page    string
	Name    string
	P75     float64
	Samples int
}

// P75 is the nearest-rank 75th percentile of values sorted ascending: the
// value at rank ceil(0.75 n) (1-based). It is the definition the store
// computes in SQL; 0 for no values.
func P75(sorted []float64) float64 {
	if len(sorted) == 0 {
		return 0
	}
	return sorted[(3*len(sorted)+3)/4-1]
}

// WebVitalService stores web vitals and reads their percentiles.
type WebVitalService interface {
	// RecordWebVitals stores the measurements in one transaction. EINVALID
	// when one has an unknown name or a negative value.
	RecordWebVitals(ctx context.Context, vitals []WebVital) error
	// WebVitalPercentiles computes the 75th percentile and the sample count
	// of every page and vital measured on the UTC days from..to (inclusive,
	// "YYYY-MM-DD"), ordered by page and name; pairs without samples are
	// left out. EINVALID when a day is malformed or from is after to.
	WebVitalPercentiles(ctx context.Context, from, to string) ([]VitalPercentile, error)
}
