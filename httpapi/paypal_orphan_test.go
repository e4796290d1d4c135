package httpapi_test

import (
	"net/http"
	"testing"

	"salescoach"
	"salescoach/billing"
	"salescoach/billing/paypaltest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// orphanOf returns the compliance screen's record of the PayPal
// subscription, or nil.
func orphanOf(t *testing.T, boss *client, paypalID string) map[string]any {
	t.Helper()
	list, _ := boss.do("GET", "/api/admin/compliance", nil).must(t, 200).json(t)["orphanedSubscriptions"].([]any)
	for _, item := range list {
		if o := item.(map[string]any); o["paypalId"] == paypalID {
			return o
		}
	}
	return nil
}

// TestPayPalSubscriptionOfDeletedAccountIsCancelled: a subscription
// approved for an account that no longer exists (its activation webhook, or
// a confirmation racing the deletion) is cancelled at PayPal with a reason,
// so PayPal charges nobody for it, and the admin's compliance screen lists
// it. While PayPal cannot cancel, the webhook answers 503 so that PayPal
// delivers it again, and the record says why; the redelivery cancels it.
func TestPayPalSubscriptionOfDeletedAccountIsCancelled(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		boss := admin(t, p.env)
		gone := func(name string) string {
			c, id := p.user(name)
			c.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}).must(t, 204)
			return id
		}

		// The webhook.
		annaID := gone("anna")
		sub := p.fake.Subscribe("P-PLUS", billing.CustomID(annaID, ""))
		p.deliver()
		got := p.fake.Subscription(sub)
		if got.Status != paypaltest.StatusCancelled || got.Reason == "" {
			t.Fatalf("at PayPal the subscription is %s (reason %q), want CANCELLED with a reason", got.Status, got.Reason)
		}
		o := orphanOf(t, boss, sub)
		if o == nil || o["userId"] != annaID || o["via"] != "webhook" || o["cancelled"] != true || o["reason"] != got.Reason ||
			o["plan"] != "plus" || o["planId"] != "P-PLUS" || o["error"] != "" || o["cancelledAt"] == nil {
			t.Fatalf("compliance record %v", o)
		}
		p.deliver() // the cancellation's own event: acknowledged
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 0 {
			t.Fatalf("%d subscriptions stored for a deleted account", n)
		}

		// The confirmation (the account deleted while it ran).
		benID := gone("ben")
		sub = p.fake.Subscribe("P-ELITE", billing.CustomID(benID, ""))
		p.fake.Pending()
		if _, err := p.svc.Confirm(t.Context(), benID, sub, ""); salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
			t.Fatalf("confirm for a deleted account: %v, want ENOTFOUND", err)
		}
		if got := p.fake.Subscription(sub); got.Status != paypaltest.StatusCancelled || got.Reason == "" {
			t.Fatalf("confirm: at PayPal the subscription is %s (reason %q)", got.Status, got.Reason)
		}
		if o := orphanOf(t, boss, sub); o == nil || o["via"] != "confirm" || o["cancelled"] != true || o["plan"] != "elite" {
			t.Fatalf("confirm: compliance record %v", o)
		}
		p.fake.Pending()

		// PayPal refuses the cancellation for a while.
		carlID := gone("carl")
		sub = p.fake.Subscribe("P-PLUS", billing.CustomID(carlID, ""))
		p.fake.FailWith(func(r *http.Request) int {
			if r.Method == "POST" && r.URL.Path == "/v1/billing/subscriptions/"+sub+"/cancel" {
				return http.StatusServiceUnavailable
			}
			return 0
		})
		events := p.fake.Pending()
		if st, err := p.fake.Send(events[0]); err != nil || st != http.StatusServiceUnavailable {
			t.Fatalf("webhook while PayPal cannot cancel: %d %v, want 503", st, err)
		}
		if o := orphanOf(t, boss, sub); o == nil || o["cancelled"] != false || o["error"] == "" || o["cancelledAt"] != nil {
			t.Fatalf("record of a failed cancellation %v", o)
		}
		p.fake.FailWith(nil)
		for _, ev := range events {
			if st, err := p.fake.Send(ev); err != nil || st != http.StatusOK {
				t.Fatalf("redelivery: %d %v", st, err)
			}
		}
		if got := p.fake.Subscription(sub); got.Status != paypaltest.StatusCancelled {
			t.Fatalf("after the redelivery the subscription is %s at PayPal", got.Status)
		}
		if o := orphanOf(t, boss, sub); o == nil || o["cancelled"] != true || o["error"] != "" {
			t.Fatalf("record after the redelivery %v", o)
		}
		p.fake.Pending()
	})
}
