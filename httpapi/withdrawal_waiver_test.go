package httpapi_test

import (
	"net/http"
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// waivers counts the user's withdrawal-waiver records of the current terms
// version made with the Go client's user agent.
func (p *payEnv) waivers(userID string) int {
	p.t.Helper()
	return p.count("SELECT COUNT(*) FROM consent_audit WHERE consent_type = 'withdrawal_waiver' AND user_id = '" + userID +
		"' AND terms_version = 2 AND user_agent LIKE 'Go-http-client/%'")
}

// wantWaiverRefused fails unless r is the 400 that names withdrawalWaiver
// with its German text.
func wantWaiverRefused(t *testing.T, r response) {
	t.Helper()
	body := wantCode(t, r, http.StatusBadRequest, "withdrawal_waiver_required")
	if got := fieldText(body, "withdrawalWaiver"); got != salescoach.MsgWaiverRequired.Text || got == "" {
		t.Fatalf("withdrawalWaiver problem = %q: %s", got, r.body)
	}
}

// TestPayPalPaidStartNeedsWithdrawalWaiver (issue 25 point 15): a paid plan
// starts only when the buyer expressly asked for the service to begin before
// the withdrawal period ends (and so loses the right of withdrawal). Without
// withdrawalWaiver: true the confirmation and the plan change are refused
// with a problem naming the field and nothing starts; with it the consent
// audit records a withdrawal_waiver of the current terms version for the
// user, with the browser's user agent. Cancelling needs no waiver.
func TestPayPalPaidStartNeedsWithdrawalWaiver(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)

		wantWaiverRefused(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id}))
		wantWaiverRefused(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": false}))
		wantSub(t, subscriptionOf(t, c), "free", "", false)
		if n := p.waivers(uid); n != 0 {
			t.Fatalf("%d waivers recorded for refused confirmations", n)
		}

		wantSub(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200).json(t),
			"plus", "active", false)
		if n := p.waivers(uid); n != 1 {
			t.Fatalf("waivers after the confirmation = %d, want 1", n)
		}
		p.deliver()

		// Plus → Elite starts another paid plan: the same consent.
		wantWaiverRefused(t, c.do("POST", "/api/paypal/subscriptions/revise", map[string]any{"subscriptionID": id, "planId": "P-ELITE"}))
		if n := p.waivers(uid); n != 1 {
			t.Fatalf("waivers after a refused plan change = %d, want 1", n)
		}
		c.do("POST", "/api/paypal/subscriptions/revise", map[string]any{"subscriptionID": id, "planId": "P-ELITE", "withdrawalWaiver": true}).must(t, 200)
		if n := p.waivers(uid); n != 2 {
			t.Fatalf("waivers after the plan change = %d, want 2", n)
		}

		// Cancelling (down to Free) and taking it back need none.
		c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}).must(t, 200)
		c.do("POST", "/api/paypal/subscriptions/uncancel", map[string]any{"subscriptionID": id}).must(t, 200)
		if n := p.waivers(uid); n != 2 {
			t.Fatalf("waivers after cancel and uncancel = %d, want 2", n)
		}

		// The waiver is the server's to record at a paid start, never a
		// browser's report.
		wantCode(t, c.do("POST", "/api/consent", map[string]any{"consentType": "withdrawal_waiver", "termsVersion": 2}), 400, "consent_unknown")

		// The admin's compliance screen counts the waivers beside the terms.
		boss := admin(t, p.env)
		r := boss.do("GET", "/api/admin/compliance", nil).must(t, 200)
		wantCounts(t, "audit", r.ints(t, "audit"), map[string]float64{"days": 30, "total": 4, "v1": 0, "v2": 4,
			"terms": 2, "withdrawalWaiver": 2})
	})
}

// TestSignUpRecordsNoWithdrawalWaiver: a free sign-up accepts the terms of
// use and acknowledges the privacy policy, nothing more: its consent record
// is of type terms, and no waiver of the right of withdrawal is recorded.
func TestSignUpRecordsNoWithdrawalWaiver(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		_, uid := p.user("ben")
		if n := p.count("SELECT COUNT(*) FROM consent_audit WHERE user_id = '" + uid + "' AND consent_type = 'terms' AND terms_version = 2"); n != 1 {
			t.Fatalf("terms records of the sign-up = %d, want 1", n)
		}
		if n := p.count("SELECT COUNT(*) FROM consent_audit WHERE user_id = '" + uid + "' AND consent_type <> 'terms'"); n != 0 {
			t.Fatalf("the sign-up recorded %d other consents", n)
		}
	})
}
