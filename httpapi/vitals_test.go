package httpapi_test

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// vital is one measurement of a report.
func vital(name string, value float64, page string) map[string]any {
	return map[string]any{"name": name, "value": value, "page": page}
}

func report(metrics ...map[string]any) map[string]any {
	return map[string]any{"metrics": metrics}
}

// webVitals is the admin answer, decoded.
type webVitals struct {
	From, To   string
	Thresholds map[string]struct{ Good, Poor float64 }
	Pages      []struct {
		Page    string
		Metrics map[string]struct {
			P75     float64
			Samples int
			Rating  string
		}
	}
}

func getWebVitals(t *testing.T, a *client, query string) webVitals {
	t.Helper()
	var got webVitals
	if err := json.Unmarshal(a.do("GET", "/api/admin/web-vitals"+query, nil).must(t, 200).body, &got); err != nil {
		t.Fatal(err)
	}
	return got
}

// summary flattens the answer to "page metric p75 samples rating" lines.
func (w webVitals) summary() []string {
	var out []string
	for _, p := range w.Pages {
		for _, name := range []string{"LCP", "INP", "CLS"} {
			if m, ok := p.Metrics[name]; ok {
				j, _ := json.Marshal(m.P75)
				out = append(out, strings.Join([]string{p.Page, name, string(j), itoa(m.Samples), m.Rating}, " "))
			}
		}
	}
	return out
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

func TestVitalsAreStoredByRoutePatternAndShownAsP75(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		anon := e.client()
		// Eight days ago: in the last 30 days, not in the last 7.
		e.clock.Advance(-8 * 24 * time.Hour)
		anon.do("POST", "/api/vitals", report(vital("LCP", 9000, "/dashboard"))).must(t, 204)
		e.clock.Advance(8 * 24 * time.Hour)

		// Anonymous and signed-in visitors report; the path becomes the
		// app's route pattern (ids, queries and case dropped).
		for _, v := range []float64{1200, 900, 3000, 2500, 4100, 1800, 2200, 2600} {
			anon.do("POST", "/api/vitals", report(vital("LCP", v, "/chat"), vital("CLS", v/10000, "/Chat/"))).must(t, 204)
		}
		user := signedIn(t, e, "messer@example.com")
		user.do("POST", "/api/vitals", report(
			vital("INP", 180, "/call/0190a1b2-c3d4?x=1"),
			vital("INP", 620, "/call/0190a1b2-ffff"),
			vital("LCP", 4200.5, "/chat/0190a1b2-c3d4"),
			vital("LCP", 1000, "/dashboard"),
		)).must(t, 204)
		var stored int
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM web_vitals`).Scan(&stored); err != nil || stored != 21 {
			t.Fatalf("%d rows stored (%v), want 21", stored, err)
		}

		a := admin(t, e)
		got := getWebVitals(t, a, "")
		if got.From != "2026-11-15" || got.To != "2026-11-21" {
			t.Errorf("period %s..%s, want the last 7 days 2026-11-15..2026-11-21", got.From, got.To)
		}
		if th := got.Thresholds; th["LCP"].Good != 2500 || th["LCP"].Poor != 4000 || th["INP"].Good != 200 || th["INP"].Poor != 500 ||
			th["CLS"].Good != 0.1 || th["CLS"].Poor != 0.25 || len(th) != 3 {
			t.Errorf("thresholds = %+v", th)
		}
		want := []string{
			// 8 samples: rank 6 of 900 1200 1800 2200 2500 2600 3000 4100
			"/chat LCP 2600 8 needs-improvement",
			"/chat CLS 0.26 8 poor",
			// 2 samples: rank 2
			"/call/:conversationId INP 620 2 poor",
			"/dashboard LCP 1000 1 good",
			"other LCP 4200.5 1 poor",
		}
		if s := got.summary(); !reflect.DeepEqual(s, want) {
			t.Errorf("last 7 days:\n got %q\nwant %q", s, want)
		}

		// The last 30 days include the older /dashboard value.
		got = getWebVitals(t, a, "?range=30")
		if got.From != "2026-10-23" || !reflect.DeepEqual(got.summary()[3], "/dashboard LCP 9000 2 poor") {
			t.Errorf("last 30 days from %s: %q", got.From, got.summary())
		}
		wantError(t, a.do("GET", "/api/admin/web-vitals?range=14", nil), 400, "", "Ungültiger Zeitraum.")
	})
}

func TestVitalsRefuseBadReports(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := e.client()
	for _, tc := range []struct {
		body        any
		status      int
		field, text string
	}{
		{report(), 400, "metrics", "Bitte 1 bis 10 Messwerte senden."},
		{map[string]any{}, 400, "metrics", "Bitte 1 bis 10 Messwerte senden."},
		{report(vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"),
			vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"),
			vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat"), vital("LCP", 1, "/chat")), 400, "metrics", "Bitte 1 bis 10 Messwerte senden."},
		{report(vital("FID", 10, "/chat")), 400, "metrics.0.name", "Unbekannte Metrik."},
		{report(vital("lcp", 10, "/chat")), 400, "metrics.0.name", "Unbekannte Metrik."},
		{report(vital("LCP", 10, "/chat"), vital("LCP", -1, "/chat")), 400, "metrics.1.value", "Der Messwert muss zwischen 0 und 120000 liegen."},
		{report(vital("LCP", 120001, "/chat")), 400, "metrics.0.value", "Der Messwert muss zwischen 0 und 120000 liegen."},
		{report(vital("INP", 60001, "/chat")), 400, "metrics.0.value", "Der Messwert muss zwischen 0 und 60000 liegen."},
		{report(vital("CLS", 100.5, "/chat")), 400, "metrics.0.value", "Der Messwert muss zwischen 0 und 100 liegen."},
		{report(map[string]any{"name": "CLS", "page": "/chat"}), 400, "metrics.0.value", "Der Messwert muss zwischen 0 und 100 liegen."},
		{report(vital("CLS", 0.1, "chat")), 400, "metrics.0.page", "Ungültiger Pfad."},
		{report(vital("CLS", 0.1, "")), 400, "metrics.0.page", "Ungültiger Pfad."},
		{report(vital("CLS", 0.1, "/"+strings.Repeat("a", 512))), 400, "metrics.0.page", "Ungültiger Pfad."},
		{report(vital("CLS", 0.1, "/chat\u0000")), 400, "metrics.0.page", "Dieses Feld enthält unzulässige Steuerzeichen."},
		{report(vital("CLS", 0.1, "/chat\u202e")), 204, "", ""}, // not a control character
		{report(map[string]any{"name": "CLS", "value": "0.1", "page": "/chat"}), 400, "metrics.value", "Dieses Feld hat den falschen Typ."},
		{report(map[string]any{"name": "CLS", "value": 0.1, "page": "/chat", "userId": "x"}), 400, "metrics.0.userId", "Dieses Feld gibt es nicht."},
		{`{"metrics": [` + strings.Repeat(`{"name":"CLS","value":0.1,"page":"/chat"},`, 200) + `]}`, 413, "", "Die Anfrage ist zu groß."},
	} {
		r := c.do("POST", "/api/vitals", tc.body)
		if tc.status == 204 {
			r.must(t, 204)
			continue
		}
		if tc.field == "metrics.0.userId" || tc.field == "metrics.value" {
			// The decoder names these by the JSON path it knows.
			m := r.must(t, tc.status).json(t)
			if m["error"] != tc.text {
				t.Errorf("%v: error %v, want %q", tc.body, m["error"], tc.text)
			}
			continue
		}
		wantError(t, r, tc.status, tc.field, tc.text)
	}
	var stored int
	if err := db.SQL().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM web_vitals`).Scan(&stored); err != nil || stored != 1 {
		t.Errorf("%d rows stored (%v), want only the one accepted report", stored, err)
	}
}

// The reports of one address are limited like the page views: 600 an hour.
func TestVitalsAreRateLimited(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := e.client()
	for range 600 {
		c.do("POST", "/api/vitals", "kein JSON").must(t, 400)
	}
	wantError(t, c.do("POST", "/api/vitals", report(vital("LCP", 1000, "/chat"))), 429, "", "Zu viele Versuche. Bitte warte einen Moment.")
	// The limit is its own: page views still count.
	c.do("POST", "/api/track", map[string]any{"path": "/chat", "source": "direct"}).must(t, 204)
	e.clock.Advance(time.Hour)
	c.do("POST", "/api/vitals", report(vital("LCP", 1000, "/chat"))).must(t, 204)
}
