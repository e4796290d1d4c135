package main

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salescoach/coach/openai/openaitest"
)

// getJSON GETs path with the token and decodes the answer.
func getJSON(t *testing.T, base, path, token string) (int, map[string]any, string) {
	t.Helper()
	return sendJSON(t, "GET", base, path, token, nil)
}

// adminToken signs up, confirms and signs in the ADMIN_EMAILS address.
func adminToken(t *testing.T, base string, out *syncBuffer, email string) string {
	t.Helper()
	c := &http.Client{}
	if st, _ := postJSON(t, c, base, "/api/auth/signup", "", map[string]any{"email": email, "password": "sicher-genug", "termsAccepted": true}); st != 201 {
		t.Fatalf("signup = %d", st)
	}
	link := mailLink(t, out, email)
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	if st, _ := postJSON(t, c, base, "/api/auth/confirm", "", map[string]any{"token": u.Query().Get("confirm")}); st != 200 {
		t.Fatalf("confirm = %d", st)
	}
	st, s := postJSON(t, c, base, "/api/auth/login", "", map[string]any{"email": email, "password": "sicher-genug"})
	if st != 200 {
		t.Fatalf("login = %d", st)
	}
	return s["access_token"].(string)
}

// The server wires the back-office: the stores, the plans and the model
// server of the configuration, whose key never shows. Plan ids without
// PayPal's credentials take no payments (TestServePayPalEndToEnd has them).
func TestServeWiresTheBackOffice(t *testing.T) {
	const key = "sk-serve-wiring-secret-42"
	fake := openaitest.New(t, openaitest.WithAPIKey(key))
	base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"ADMIN_EMAILS", "chef@example.com", "LLM_BASE_URL", fake.URL(), "LLM_MODEL", "coach-model", "LLM_API_KEY", key,
		"PAYPAL_PLAN_PLUS", "P-PLUS", "PAYPAL_PLAN_ELITE", "P-ELITE", "PAYPAL_PLAN_PROMO", "P-PROMO"))
	if res, err := http.Get(base + "/?utm_source=instagram"); err != nil {
		t.Fatal(err)
	} else {
		res.Body.Close()
	}
	token := adminToken(t, base, out, "chef@example.com")
	if st, _ := postJSON(t, &http.Client{}, base, "/api/feedback", token, map[string]any{"type": "general", "message": "Läuft."}); st != 201 {
		t.Fatalf("feedback = %d", st)
	}

	st, settings, raw := getJSON(t, base, "/api/admin/settings", token)
	eng, _ := settings["engine"].(map[string]any)
	if st != 200 || eng["name"] != "openai" || eng["model"] != "coach-model" || eng["baseUrl"] != fake.URL() || settings["paypalConfigured"] != false ||
		!strings.Contains(raw, `"planId":"P-PROMO"`) {
		t.Errorf("settings = %d %s", st, raw)
	}
	st, check := postJSON(t, &http.Client{}, base, "/api/admin/settings/engine-check", token, map[string]any{})
	if st != 200 || check["ok"] != true {
		t.Errorf("engine check = %d %v", st, check)
	}
	if _, ov, raw := getJSON(t, base, "/api/admin/overview", token); ov["openFeedback"] != 1.0 || ov["users"] != 1.0 {
		t.Errorf("overview = %s", raw)
	}
	if _, pv, raw := getJSON(t, base, "/api/admin/analytics?metric=visitorsBySource", token); pv["visitorsBySource"].(map[string]any)["instagram"] != 1.0 {
		t.Errorf("analytics = %s", raw)
	}
	for _, path := range []string{"/api/admin/users", "/api/admin/conversations", "/api/admin/challenges", "/api/admin/usage",
		"/api/admin/compliance", "/api/admin/feedback", "/api/admin/tone-presets", "/api/admin/promo-codes", "/api/admin/page-visits"} {
		if st, _, raw := getJSON(t, base, path, token); st != 200 {
			t.Errorf("GET %s = %d %s", path, st, raw)
		}
	}
	if strings.Contains(out.String(), key) || strings.Contains(raw, key) {
		t.Error("the model server's key was logged or shown")
	}
}
