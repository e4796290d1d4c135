package main

import (
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"salescoach/billing/paypaltest"
)

// TestServePayPalEndToEnd: the real server with PayPal settings (the secret
// from a file) against the PayPal fake: the config, a subscription
// confirmed (the quota follows the plan: billing is the one source of plan
// ids), its webhooks applied, cancelled and the cancellation undone; the
// back-office says payments are configured; the secret never shows in the
// log.
func TestServePayPalEndToEnd(t *testing.T) {
	fake := paypaltest.Start(t, paypaltest.Options{Secret: "pp-secret-never-logged-42"})
	secretFile := filepath.Join(t.TempDir(), "paypal-secret")
	if err := os.WriteFile(secretFile, []byte(fake.Secret()+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	base, out := startServer(t, envMap("ADDR", "127.0.0.1:0", "DATA_DIR", t.TempDir(), "LOG_FORMAT", "json",
		"PAYPAL_CLIENT_ID", fake.ClientID(), "PAYPAL_CLIENT_SECRET_FILE", secretFile, "PAYPAL_API_BASE", fake.URL(),
		"PAYPAL_WEBHOOK_ID", fake.WebhookID(), "PAYPAL_SDK_URL", fake.URL()+"/sdk/js",
		"PAYPAL_PLAN_PLUS", "P-PLUS", "PAYPAL_PLAN_ELITE", "P-ELITE", "ADMIN_EMAILS", "kunde@example.com"))
	fake.SetWebhookURL(base + "/api/paypal/webhook")
	token := adminToken(t, base, out, "kunde@example.com")

	st, cfg, raw := getJSON(t, base, "/api/paypal/config", token)
	if st != 200 || cfg["configured"] != true || cfg["clientId"] != fake.ClientID() || cfg["sdkUrl"] != fake.URL()+"/sdk/js" {
		t.Fatalf("config = %d %s", st, raw)
	}
	_, me, _ := getJSON(t, base, "/api/me", token)
	uid := me["user"].(map[string]any)["id"].(string)
	id := fake.Subscribe("P-PLUS", uid)
	c := &http.Client{}
	if st, sub := postJSON(t, c, base, "/api/paypal/subscriptions/confirm", token, map[string]any{"subscriptionID": id, "withdrawalWaiver": true}); st != 200 || sub["tier"] != "plus" {
		t.Fatalf("confirm = %d %v", st, sub)
	}
	if _, usage, raw := getJSON(t, base, "/api/me/usage", token); usage["quota"] != 250.0 {
		t.Fatalf("usage after the Plus subscription = %s", raw)
	}
	if _, settings, raw := getJSON(t, base, "/api/admin/settings", token); settings["paypalConfigured"] != true {
		t.Fatalf("admin settings = %s", raw)
	}
	statuses, err := fake.Deliver()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range statuses {
		if s != 200 {
			t.Fatalf("webhook = %d", s)
		}
	}
	if st, sub := postJSON(t, c, base, "/api/paypal/subscriptions/cancel", token, map[string]any{"subscriptionID": id}); st != 200 || sub["cancel_at"] == nil {
		t.Fatalf("cancel = %d %v", st, sub)
	}
	if st, sub := postJSON(t, c, base, "/api/paypal/subscriptions/uncancel", token, map[string]any{"subscriptionID": id}); st != 200 || sub["cancel_at_period_end"] != false {
		t.Fatalf("uncancel = %d %v", st, sub)
	}
	if _, err := fake.Deliver(); err != nil {
		t.Fatal(err)
	}
	if _, sub, raw := getJSON(t, base, "/api/subscription", token); sub["status"] != "active" || sub["tier"] != "plus" {
		t.Fatalf("subscription = %s", raw)
	}
	if strings.Contains(out.String(), fake.Secret()) {
		t.Fatal("the PayPal secret is in the log")
	}
}
