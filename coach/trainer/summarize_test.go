package trainer

import (
	"context"
	"errors"
	"strings"
	"testing"

	"salescoach"
)

// website is readable text as the fetcher extracts it: navigation, a cookie
// banner, the product description, repeated teasers and a footer.
const website = `Startseite
Produkte
Preise
Kontakt
Anmelden
Wir verwenden Cookies, um Ihnen die bestmögliche Nutzung unserer Webseite zu ermöglichen. Alle akzeptieren.
Zeitly – die Zeiterfassung für Handwerksbetriebe
Zeitly ist die digitale Zeiterfassung für Handwerksbetriebe mit 5 bis 200 Mitarbeitern.
Ihre Monteure erfassen Arbeitszeiten und Material direkt auf der Baustelle per App, auch ohne Netz.
Die Zeiterfassung übernimmt die Stunden automatisch in Lohnabrechnung und Rechnung, ohne Stundenzettel.
So spart ein Betrieb mit zehn Mitarbeitern im Schnitt fünf Stunden Büroarbeit pro Woche.
Jetzt kostenlos testen!
Die Zeiterfassung übernimmt die Stunden automatisch in Lohnabrechnung und Rechnung, ohne Stundenzettel.
Alle Daten liegen DSGVO-konform auf Servern in Deutschland.
Unser Team ist seit 2015 für Handwerker da und sitzt in Köln.
Newsletter abonnieren
© 2026 Zeitly GmbH. Alle Rechte vorbehalten. Impressum Datenschutzerklärung`

func TestSummarizePicksInformativeSentences(t *testing.T) {
	got, _, err := New().Summarize(context.Background(), "de", website)
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("summary: %s", got)
	if len([]rune(got)) > 700 {
		t.Errorf("%d characters", len([]rune(got)))
	}
	ss := splitSentences(got)
	if len(ss) < 3 || len(ss) > 5 {
		t.Errorf("%d sentences: %q", len(ss), got)
	}
	for _, must := range []string{"Zeitly ist die digitale Zeiterfassung für Handwerksbetriebe", "automatisch in Lohnabrechnung"} {
		if !strings.Contains(got, must) {
			t.Errorf("summary lacks %q: %q", must, got)
		}
	}
	for _, never := range []string{"Cookies", "Newsletter", "Startseite", "Rechte vorbehalten", "kostenlos testen"} {
		if strings.Contains(got, never) {
			t.Errorf("summary contains boilerplate %q: %q", never, got)
		}
	}
	if strings.Count(got, "übernimmt die Stunden") > 1 {
		t.Errorf("duplicate sentence kept: %q", got)
	}
	// Reading order.
	last := -1
	for _, s := range ss {
		at := strings.Index(website, s.Text)
		if at < 0 {
			at = strings.Index(website, strings.TrimSuffix(s.Text, "."))
		}
		if at < last {
			t.Errorf("%q is out of reading order", s.Text)
		}
		last = at
	}
}

func TestSummarizeEnglish(t *testing.T) {
	text := `Home | Pricing | Login
We use cookies to improve your experience. Accept all.
Shiftly helps restaurants plan staff shifts in minutes instead of hours.
Managers build the weekly rota by drag and drop, and staff swap shifts in the app.
Labour costs are tracked live against sales, so managers see overtime before it happens.
Restaurants using Shiftly cut scheduling time by 70 percent on average.
Privacy policy | Terms of service`
	got, _, err := New().Summarize(context.Background(), "en", text)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "cookies") || strings.Contains(got, "Login") || !strings.HasPrefix(got, "Shiftly helps restaurants") {
		t.Errorf("summary = %q", got)
	}
}

func TestSummarizeRejectsEmptyText(t *testing.T) {
	for _, text := range []string{"", "   ", "Startseite", "Home\nProdukte\nKontakt\nImpressum\nDatenschutzerklärung\nCookies akzeptieren"} {
		_, _, err := New().Summarize(context.Background(), "de", text)
		var e *salescoach.Error
		if !errors.As(err, &e) || e.Code != salescoach.EINVALID || e.Message() != "Keine Zusammenfassung erhalten." {
			t.Errorf("Summarize(%q) err = %v, want EINVALID 'Keine Zusammenfassung erhalten.'", text, err)
		}
	}
}

func TestSummarizeStaysWithinLimit(t *testing.T) {
	var b strings.Builder
	for i := 0; i < 40; i++ {
		b.WriteString("Unsere Plattform verbindet Handwerksbetriebe mit Kunden in der Region und macht Aufträge planbar für Betrieb Nummer " + itoa(i) + " und alle anderen. ")
	}
	got, _, err := New().Summarize(context.Background(), "de", b.String())
	if err != nil {
		t.Fatal(err)
	}
	if len([]rune(got)) > 700 || len(splitSentences(got)) > 5 {
		t.Errorf("summary too long (%d characters): %q", len([]rune(got)), got)
	}
}
