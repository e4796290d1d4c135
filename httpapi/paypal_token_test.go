package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"

	"salescoach/billing/paypaltest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestPayPalRefusedTokenIsRenewed: when PayPal refuses the access token the
// app holds (revoked: 401 AUTHENTICATION_FAILURE, as after a rotation of the
// credentials or a restarted sandbox; expired: 401 invalid_token; ended
// through PayPal's terminate endpoint), the very next call fetches a new
// token and goes through: confirm, webhook verification, the reconcile's
// sync and the cancellation before an account's deletion.
func TestPayPalRefusedTokenIsRenewed(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		refusals := map[string]func(){
			"revoked": p.fake.RevokeTokens,
			"expired": p.fake.ExpireTokens,
			"terminated": func() {
				// Terminates every token handed out so far: the app holds
				// the last one.
				for _, tok := range p.fake.Tokens() {
					form := url.Values{"token": {tok}, "token_type_hint": {"ACCESS_TOKEN"}}
					req, _ := http.NewRequest("POST", p.fake.URL()+"/v1/oauth2/token/terminate", strings.NewReader(form.Encode()))
					req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
					req.SetBasicAuth(p.fake.ClientID(), p.fake.Secret())
					res, err := http.DefaultClient.Do(req)
					if err != nil || res.StatusCode != 200 {
						t.Fatalf("terminate: %v %v", res, err)
					}
					res.Body.Close()
				}
			},
		}
		for _, kind := range []string{"revoked", "expired", "terminated"} {
			refuse := refusals[kind]
			c, uid := p.user("anna-" + kind)
			// A call first, so that the app holds a token to be refused.
			if _, err := p.svc.PayPal.Subscription(t.Context(), "I-UNKNOWN"); err == nil {
				t.Fatal("the fake knows I-UNKNOWN")
			}
			id := p.fake.Subscribe("P-PLUS", uid)

			refuse()
			before := p.fake.TokensIssued()
			wantSub(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200).json(t),
				"plus", "active", false)
			if p.fake.TokensIssued() != before+1 {
				t.Fatalf("%s: %d new tokens fetched for the confirmation, want 1", kind, p.fake.TokensIssued()-before)
			}

			refuse()
			p.deliver() // the activation and the payment: verified, 200

			p.fake.SetStatus(id, paypaltest.StatusSuspended)
			p.fake.Pending() // the webhook is lost: the reconcile must find it
			refuse()
			if err := p.svc.Reconcile(t.Context()); err != nil {
				t.Fatal(err)
			}
			if got := subscriptionOf(t, c); got["status"] != "suspended" {
				t.Fatalf("%s: after the reconcile the subscription is %v, want suspended", kind, got["status"])
			}
			p.fake.SetStatus(id, paypaltest.StatusActive)
			p.fake.Pending()
			if err := p.svc.Reconcile(t.Context()); err != nil {
				t.Fatal(err)
			}

			refuse()
			c.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}).must(t, 204)
			if st := p.fake.Subscription(id).Status; st != paypaltest.StatusCancelled {
				t.Fatalf("%s: after the deletion the subscription is %s at PayPal, want CANCELLED", kind, st)
			}
			p.fake.Pending()
		}
	})
}
