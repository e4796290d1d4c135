// Package metricstest reads metric values in tests, from a registry or from
// what a /metrics endpoint serves, so tests assert exact figures instead of
// searching text.
package metricstest

import (
	"io"
	"net/http"
	"testing"

	"github.com/prometheus/client_golang/prometheus"
	dto "github.com/prometheus/client_model/go"
	"github.com/prometheus/common/expfmt"
	"github.com/prometheus/common/model"
)

// Families are gathered or scraped metric families.
type Families []*dto.MetricFamily

// Gather collects everything registered in g, failing the test on an error.
func Gather(t testing.TB, g prometheus.Gatherer) Families {
	t.Helper()
	f, err := g.Gather()
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// Scrape fetches url (a /metrics endpoint) and parses the Prometheus text
// format it answers, failing the test unless it answers 200 with valid
// text.
func Scrape(t testing.TB, url string) Families {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	if res.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(res.Body)
		t.Fatalf("GET %s = %d: %s", url, res.StatusCode, b)
	}
	p := expfmt.NewTextParser(model.UTF8Validation)
	m, err := p.TextToMetricFamilies(res.Body)
	if err != nil {
		t.Fatalf("GET %s: not the Prometheus text format: %v", url, err)
	}
	out := make(Families, 0, len(m))
	for _, f := range m {
		out = append(out, f)
	}
	return out
}

// Value returns the series of the metric name whose labels include the
// given name, value pairs: a counter's or gauge's value, or a histogram's
// number of observations; 0 when there is no such series. When several
// series match, their values are summed.
func (fs Families) Value(name string, labels ...string) float64 {
	sum := 0.0
	for _, f := range fs {
		if f.GetName() != name {
			continue
		}
	series:
		for _, s := range f.GetMetric() {
			have := map[string]string{}
			for _, l := range s.GetLabel() {
				have[l.GetName()] = l.GetValue()
			}
			for i := 0; i+1 < len(labels); i += 2 {
				if have[labels[i]] != labels[i+1] {
					continue series
				}
			}
			switch {
			case s.Counter != nil:
				sum += s.GetCounter().GetValue()
			case s.Gauge != nil:
				sum += s.GetGauge().GetValue()
			case s.Histogram != nil:
				sum += float64(s.GetHistogram().GetSampleCount())
			case s.Untyped != nil:
				sum += s.GetUntyped().GetValue()
			}
		}
	}
	return sum
}

// LabelValues returns every value the label has in the series of name.
func (fs Families) LabelValues(name, label string) []string {
	var out []string
	for _, f := range fs {
		if f.GetName() != name {
			continue
		}
		for _, s := range f.GetMetric() {
			for _, l := range s.GetLabel() {
				if l.GetName() == label {
					out = append(out, l.GetValue())
				}
			}
		}
	}
	return out
}
