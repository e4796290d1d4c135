package httpapi_test

import (
	"fmt"
	"net/netip"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// withClientIPs believes X-Forwarded-For from the test client, so a test
// can speak from several addresses (client.ip).
func withClientIPs(cfg *httpapi.Config, _ *httpapi.Deps) {
	cfg.ProxyHeader = "X-Forwarded-For"
	cfg.TrustedProxies = []netip.Prefix{netip.MustParsePrefix("127.0.0.0/8"), netip.MustParsePrefix("::1/128")}
}

// admin signs in the configured admin (boss@example.com).
func admin(t *testing.T, e *env) *client {
	t.Helper()
	return signedIn(t, e, "boss@example.com")
}

// wantError fails unless r is status with the error text and, when field is
// set, the same text for that field.
func wantError(t *testing.T, r response, status int, field, text string) {
	t.Helper()
	m := r.must(t, status).json(t)
	if m["error"] != text {
		t.Errorf("error = %v, want %q (%s)", m["error"], text, r.body)
	}
	if field != "" {
		if got := fieldText(m, field); got != text {
			t.Errorf("fields = %v, want %s: %q", m["fields"], field, text)
		}
	}
}

func feedbackBody(msg string) map[string]any {
	return map[string]any{"type": "bug", "subject": "Knopf", "message": msg}
}

func TestFeedbackValidation(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, withClientIPs)
		anon := e.client()
		// Each case speaks from its own address, clear of the 5-per-hour limit.
		n := 0
		post := func(c *client, body any) response {
			n++
			c.ip = fmt.Sprintf("198.51.100.%d", n)
			return c.do("POST", "/api/feedback", body)
		}

		wantError(t, post(anon, feedbackBody("Geht nicht")), 400, "email", "Bitte gib eine gültige E-Mail-Adresse an.")
		b := feedbackBody("Geht nicht")
		b["email"] = "kein-at"
		wantError(t, post(anon, b), 400, "email", "Bitte gib eine gültige E-Mail-Adresse an.")
		b["email"] = " gast@Example.com "
		got := post(anon, b).must(t, 201).json(t)
		if got["status"] != "erhalten" || got["type"] != "bug" || got["subject"] != "Knopf" || got["message"] != "Geht nicht" ||
			!salescoach.IsUUID(got["id"].(string)) || got["created_at"] != "2026-11-21T09:00:00Z" {
			t.Errorf("created = %v", got)
		}

		for _, msg := range []any{"", "   \n\t"} {
			b := feedbackBody("")
			b["message"], b["email"] = msg, "gast@example.com"
			wantError(t, post(anon, b), 400, "message", "Nachricht darf nicht leer sein")
		}
		wantError(t, post(anon, map[string]any{"type": "general", "email": "gast@example.com"}), 400, "message", "Nachricht darf nicht leer sein")
		b = feedbackBody(strings.Repeat("ä", 5001))
		b["email"] = "gast@example.com"
		wantError(t, post(anon, b), 400, "message", "Die Nachricht darf höchstens 5000 Zeichen lang sein.")
		b = feedbackBody(strings.Repeat("ä", 5000)) // exactly the limit
		b["email"] = "gast@example.com"
		post(anon, b).must(t, 201)
		b = feedbackBody("ok")
		b["email"], b["subject"] = "gast@example.com", strings.Repeat("s", 201)
		wantError(t, post(anon, b), 400, "subject", "Der Betreff darf höchstens 200 Zeichen lang sein.")
		for _, typ := range []any{"praise", "", nil} {
			b = feedbackBody("ok")
			b["email"], b["type"] = "gast@example.com", typ
			wantError(t, post(anon, b), 400, "type", "Unbekannte Kategorie.")
		}
		post(anon, `{"type":"bug","message":"x","email":"g@example.com","admin":true}`).must(t, 400)
		post(anon, `{"type":"bug","message":"`+strings.Repeat("x", 70<<10)+`"}`).must(t, 413)

		// Signed in, no e-mail is needed: the account supplies it.
		u := signedIn(t, e, "fina@example.com")
		post(u, map[string]any{"type": "feature", "subject": "", "message": "Dark Mode bitte"}).must(t, 201)
		b = feedbackBody("ok")
		b["email"] = "kaputt"
		wantError(t, post(u, b), 400, "email", "Bitte gib eine gültige E-Mail-Adresse an.")

		a := admin(t, e)
		items := a.do("GET", "/api/admin/feedback", nil).must(t, 200).json(t)
		first := items["items"].([]any)[0].(map[string]any)
		if items["total"].(float64) != 3 || first["email"] != "fina@example.com" || first["user_id"] == nil ||
			first["type"] != "feature" || first["message"] != "Dark Mode bitte" {
			t.Errorf("admin list = %v", items)
		}
		guest := items["items"].([]any)[2].(map[string]any)
		if guest["email"] != "gast@example.com" || guest["user_id"] != nil {
			t.Errorf("signed-out row = %v", guest)
		}
	})
}

func TestFeedbackRateLimits(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, withClientIPs)
		anon := e.client()
		anon.ip = "203.0.113.5"
		b := feedbackBody("Hallo")
		b["email"] = "gast@example.com"
		for range 5 {
			anon.do("POST", "/api/feedback", b).must(t, 201)
		}
		r := anon.do("POST", "/api/feedback", b)
		wantError(t, r, 429, "", "Zu viele Versuche. Bitte warte einen Moment.")
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		// Another address is not affected.
		anon.ip = "203.0.113.6"
		anon.do("POST", "/api/feedback", b).must(t, 201)

		// Signed in, the same address may send 30 an hour.
		u := signedIn(t, e, "viel@example.com")
		u.ip = "203.0.113.5"
		for range 30 {
			u.do("POST", "/api/feedback", feedbackBody("Noch was")).must(t, 201)
		}
		wantError(t, u.do("POST", "/api/feedback", feedbackBody("Noch was")), 429, "", "Zu viele Versuche. Bitte warte einen Moment.")
	})
}

func TestFeedbackOwnListProgressAndStatus(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		anna := signedIn(t, e, "anna.fb@example.com")
		ben := signedIn(t, e, "ben.fb@example.com")
		annaID := anna.userID(t)
		sub := e.hub.Subscribe(annaID)
		defer sub.Close()
		e.client().do("GET", "/api/feedback", nil).must(t, 401)

		xp := func() float64 {
			return anna.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)["xp"].(float64)
		}
		feedbackChallenge := func() float64 {
			for _, c := range anna.do("GET", "/api/challenges", nil).must(t, 200).list(t) {
				if c["key"] == "feedback" {
					return c["progressCurrent"].(float64)
				}
			}
			t.Fatal("no feedback challenge")
			return 0
		}
		xp0 := xp()
		var ids []string
		for i := range 21 {
			e.clock.Advance(time.Second)
			r := anna.do("POST", "/api/feedback", map[string]any{"type": "general", "subject": fmt.Sprint("Nr. ", i), "message": "Text"}).must(t, 201)
			ids = append(ids, r.json(t)["id"].(string))
			if i == 0 {
				if got := drain(sub.C); !strings.Contains(strings.Join(got, ","), "profile:update") {
					t.Errorf("changes after feedback = %v, want a profile update", got)
				}
				if got := xp(); got != xp0+5 {
					t.Errorf("xp %v → %v, want +5", xp0, got)
				}
				if got := feedbackChallenge(); got != 1 {
					t.Errorf("feedback counter = %v, want 1", got)
				}
			}
		}
		benID := ben.do("POST", "/api/feedback", feedbackBody("Bens")).must(t, 201).json(t)["id"].(string)

		own := anna.do("GET", "/api/feedback", nil).must(t, 200).list(t)
		if len(own) != 20 || own[0]["id"] != ids[20] || own[19]["id"] != ids[1] {
			t.Fatalf("own list has %d rows, first %v", len(own), own[0])
		}
		for _, f := range own {
			if f["id"] == benID {
				t.Error("Anna sees Ben's feedback")
			}
			if _, ok := f["message"]; ok || f["status"] != "erhalten" || f["subject"] == nil || f["created_at"] == nil {
				t.Errorf("own row = %v", f)
			}
		}
		if b := ben.do("GET", "/api/feedback", nil).must(t, 200).list(t); len(b) != 1 || b[0]["id"] != benID {
			t.Errorf("ben's list = %v", b)
		}

		// An admin works on it: Anna's tabs hear of it and her list shows it.
		a := admin(t, e)
		drain(sub.C)
		got := a.do("PATCH", "/api/admin/feedback/"+ids[20], map[string]any{"status": "in_bearbeitung"}).must(t, 200).json(t)
		if got["status"] != "in_bearbeitung" || got["id"] != ids[20] || got["user_id"] != annaID {
			t.Errorf("patched = %v", got)
		}
		if ch := drain(sub.C); len(ch) != 1 || ch[0] != "feedback:update" {
			t.Errorf("changes = %v, want feedback:update", ch)
		}
		if own := anna.do("GET", "/api/feedback", nil).must(t, 200).list(t); own[0]["status"] != "in_bearbeitung" {
			t.Errorf("own list after the change = %v", own[0])
		}
		a.do("PATCH", "/api/admin/feedback/"+ids[20], map[string]any{"status": "erhalten"}).must(t, 200)
		wantError(t, a.do("PATCH", "/api/admin/feedback/"+ids[20], map[string]any{"status": "fertig"}), 400, "status", "Unbekannter Status.")
		wantError(t, a.do("PATCH", "/api/admin/feedback/"+strings.Repeat("0", 8)+"-0000-0000-0000-000000000000", map[string]any{"status": "bearbeitet"}), 404, "", "Feedback nicht gefunden.")
		a.do("PATCH", "/api/admin/feedback/nope", map[string]any{"status": "bearbeitet"}).must(t, 404)

		// The admin list pages newest first.
		page := a.do("GET", "/api/admin/feedback?limit=2&offset=1", nil).must(t, 200).json(t)
		items := page["items"].([]any)
		if page["total"].(float64) != 22 || len(items) != 2 || items[0].(map[string]any)["id"] != ids[20] {
			t.Errorf("page = %v", page)
		}
		for _, q := range []string{"limit=0", "limit=101", "limit=x", "offset=-1"} {
			wantError(t, a.do("GET", "/api/admin/feedback?"+q, nil), 400, "", "Ungültige Seitenangabe.")
		}
		ov := a.do("GET", "/api/admin/overview", nil).must(t, 200).json(t)
		if ov["openFeedback"].(float64) != 22 {
			t.Errorf("open feedback = %v", ov["openFeedback"])
		}
	})
}
