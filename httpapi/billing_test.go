package httpapi_test

import (
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"time"

	"salescoach"
	"salescoach/billing"
	"salescoach/billing/paypaltest"
	"salescoach/httpapi"
	"salescoach/jobs"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

var testPlans = salescoach.PlanIDs{Plus: "P-PLUS", Elite: "P-ELITE", Promo: "P-PROMO"}

// payEnv is a server wired to a PayPal fake.
type payEnv struct {
	*env
	fake *paypaltest.Fake
	svc  *billing.Service
}

// runJobs runs billing's jobs that are due as the process holder would,
// and returns their names.
func (p *payEnv) runJobs(holder string) []string {
	r := &jobs.Runner{Store: sqlstore.NewJobStore(p.db), Holder: holder, Now: p.clock.Now, Jobs: p.svc.Jobs()}
	return r.RunDue(p.t.Context())
}

// newPayEnv starts a PayPal fake on the test's clock and a server whose
// billing talks to it (one attempt times out after timeout).
func newPayEnv(t *testing.T, db *sqlstore.DB, timeout time.Duration) *payEnv {
	t.Helper()
	p := &payEnv{}
	e := newEnv(t, db, func(cfg *httpapi.Config, d *httpapi.Deps) {
		// Many users sign up and in from one address here.
		cfg.SignupsPerHour, cfg.AuthAttemptsPerIP = 1000, 1000
		p.fake = paypaltest.Start(t, paypaltest.Options{Now: d.Now})
		pp, err := billing.NewPayPal(billing.PayPalConfig{ClientID: p.fake.ClientID(), Secret: p.fake.Secret(),
			APIBase: p.fake.URL(), WebhookID: p.fake.WebhookID(), Timeout: timeout})
		if err != nil {
			t.Fatal(err)
		}
		p.svc = d.Billing
		p.svc.PayPal, p.svc.Plans, p.svc.ClientID = pp, testPlans, p.fake.ClientID()
	})
	p.env = e
	p.fake.SetWebhookURL(e.srv.URL + "/api/paypal/webhook")
	return p
}

// user signs up a user and returns its client and id.
func (p *payEnv) user(name string) (*client, string) {
	p.t.Helper()
	addr := name + "@example.com"
	p.signUpConfirmed(addr, "correct horse battery")
	c := p.client()
	c.signIn(addr, "correct horse battery", false)
	return c, c.userID(p.t)
}

// advance moves the clock on and signs c in again (its access token
// expired meanwhile).
func (p *payEnv) advance(c *client, name string, d time.Duration) {
	p.t.Helper()
	p.clock.Advance(d)
	c.token = ""
	c.signIn(name+"@example.com", "correct horse battery", false)
}

func (p *payEnv) deliver() {
	p.t.Helper()
	statuses, err := p.fake.Deliver()
	if err != nil {
		p.t.Fatal(err)
	}
	for _, st := range statuses {
		if st != http.StatusOK {
			p.t.Fatalf("webhook answered %d", st)
		}
	}
}

func (p *payEnv) count(q string, args ...any) int {
	p.t.Helper()
	var n int
	if err := p.db.SQL().QueryRowContext(p.t.Context(), q, args...).Scan(&n); err != nil {
		p.t.Fatal(err)
	}
	return n
}

func subscriptionOf(t *testing.T, c *client) map[string]any {
	t.Helper()
	return c.do("GET", "/api/subscription", nil).must(t, 200).json(t)
}

func quotaOf(t *testing.T, c *client) float64 {
	t.Helper()
	return c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)["quota"].(float64)
}

func wantSub(t *testing.T, got map[string]any, tier, status string, cancelPending bool) {
	t.Helper()
	if got["tier"] != tier || got["status"] != status || got["cancel_at_period_end"] != cancelPending {
		t.Fatalf("subscription %v, want tier %s status %s cancel pending %v", got, tier, status, cancelPending)
	}
}

// TestPayPalSubscribe: a Free user's PayPal subscription is confirmed once
// (Plus, 250 chats); confirming again changes nothing; the webhooks that
// follow change nothing either.
func TestPayPalSubscribe(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		cfg := c.do("GET", "/api/paypal/config", nil).must(t, 200).json(t)
		plans := cfg["plans"].(map[string]any)
		if cfg["configured"] != true || cfg["clientId"] != p.fake.ClientID() || plans["plus"] != "P-PLUS" || plans["elite"] != "P-ELITE" || plans["promo"] != nil {
			t.Fatalf("config %v", cfg)
		}
		if quotaOf(t, c) != 5 {
			t.Fatal("free quota is not 5")
		}
		id := p.fake.Subscribe("P-PLUS", uid)
		for range 2 {
			got := c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200).json(t)
			wantSub(t, got, "plus", "active", false)
		}
		if n := p.count("SELECT COUNT(*) FROM subscriptions WHERE paypal_id = '" + id + "'"); n != 1 {
			t.Fatalf("%d rows", n)
		}
		if quotaOf(t, c) != 250 {
			t.Fatal("plus quota is not 250")
		}
		if got := subscriptionOf(t, c); got["paypal_id"] != id {
			t.Fatalf("subscription %v does not name PayPal's id %s", got, id)
		}
		boss := admin(t, p.env)
		item := boss.do("GET", "/api/admin/users?q=anna", nil).must(t, 200).json(t)["items"].([]any)[0].(map[string]any)
		if item["plan"] != "plus" || item["subscription_status"] != "active" {
			t.Fatalf("admin list %v", item)
		}
		if settings := boss.do("GET", "/api/admin/settings", nil).must(t, 200).json(t); settings["paypalConfigured"] != true {
			t.Fatalf("admin settings with PayPal configured: %v", settings["paypalConfigured"])
		}
		p.deliver()
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
	})
}

// TestPayPalConfirmRefusesForeignSubscriptions: a subscription made for
// another account, on a plan that is not ours, not yet approved, or
// unknown to PayPal is refused, and nothing is stored.
func TestPayPalConfirmRefusesForeignSubscriptions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		anna, annaID := p.user("anna")
		ben, _ := p.user("ben")
		annas := p.fake.Subscribe("P-PLUS", annaID)
		anna.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": annas, "withdrawalWaiver": true}).must(t, 200)
		wantCode(t, ben.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": annas, "withdrawalWaiver": true}), 409, "subscription_taken")
		wantCode(t, ben.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": annas}), 404, "subscription_not_found")
		wantSub(t, subscriptionOf(t, ben), "free", "", false)

		_, carlID := p.user("carl")
		carl := p.client()
		carl.signIn("carl@example.com", "correct horse battery", false)
		foreignPlan := p.fake.Subscribe("P-SOMEONE-ELSES", carlID)
		wantCode(t, carl.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": foreignPlan, "withdrawalWaiver": true}), 400, "subscription_plan_foreign")
		pending := p.fake.CreateSubscription("P-PLUS", carlID)
		wantCode(t, carl.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": pending, "withdrawalWaiver": true}), 400, "subscription_status_invalid")
		wantCode(t, carl.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": "I-NOSUCH", "withdrawalWaiver": true}), 404, "subscription_not_found")
		wantCode(t, carl.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": "x", "withdrawalWaiver": true}), 400, "subscription_id_invalid")
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 1 {
			t.Fatalf("%d rows, want only anna's", n)
		}
	})
}

// TestPayPalCancelAtPeriodEnd: cancelling keeps Plus until the end of the
// paid period, stops PayPal from charging again, and the background job
// ends the subscription then (Free).
func TestPayPalCancelAtPeriodEnd(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		periodEnd := p.fake.Subscription(id).NextBillingTime

		got := c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id, "reason": "zu teuer"}).must(t, 200).json(t)
		wantSub(t, got, "plus", "active", true)
		if got["cancel_at"] != periodEnd.Format(time.RFC3339) {
			t.Fatalf("cancel_at %v, want %s", got["cancel_at"], periodEnd.Format(time.RFC3339))
		}
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusSuspended {
			t.Fatalf("PayPal status %s, want SUSPENDED", st)
		}
		// Cancelling again answers the same.
		again := c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}).must(t, 200).json(t)
		if again["cancel_at"] != got["cancel_at"] {
			t.Fatalf("second cancel moved cancel_at: %v", again)
		}
		p.deliver() // SUSPENDED: still Plus until the period ends
		wantSub(t, subscriptionOf(t, c), "plus", "active", true)
		if quotaOf(t, c) != 250 {
			t.Fatal("quota dropped before the period ended")
		}

		// Before the end the job changes nothing.
		p.advance(c, "anna", periodEnd.Sub(p.clock.Now())-time.Minute)
		if _, err := p.svc.FinishDueCancellations(t.Context()); err != nil {
			t.Fatal(err)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", true)

		p.advance(c, "anna", 2*time.Minute)
		if n := p.fake.BillDue(); n != 0 {
			t.Fatalf("PayPal charged %d times after the cancellation", n)
		}
		if _, err := p.svc.FinishDueCancellations(t.Context()); err != nil {
			t.Fatal(err)
		}
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusCancelled {
			t.Fatalf("PayPal status %s, want CANCELLED", st)
		}
		if charges := p.fake.Subscription(id).Charges; charges != 1 {
			t.Fatalf("%d charges, want only the first", charges)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "cancelled", false)
		if quotaOf(t, c) != 5 {
			t.Fatal("quota is not Free after the period")
		}
		p.deliver()
		wantSub(t, subscriptionOf(t, c), "plus", "cancelled", false)
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/uncancel", map[string]any{"subscriptionID": id}), 409, "subscription_uncancel_failed")
		// Admins see the plan and the subscription's status.
		item := admin(t, p.env).do("GET", "/api/admin/users?q=anna", nil).must(t, 200).json(t)["items"].([]any)[0].(map[string]any)
		if item["plan"] != "free" || item["subscription_status"] != "cancelled" {
			t.Fatalf("admin list %v", item)
		}
	})
}

// TestPayPalUncancel: undoing before the period ends reactivates the
// subscription at PayPal; it is charged at the next cycle, the payment's
// webhook starts a new quota cycle, and the job leaves it alone.
func TestPayPalUncancel(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-ELITE", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		p.deliver()
		c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}).must(t, 200)
		p.advance(c, "anna", 24*time.Hour)
		got := c.do("POST", "/api/paypal/subscriptions/uncancel", map[string]any{"subscriptionID": id}).must(t, 200).json(t)
		wantSub(t, got, "elite", "active", false)
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusActive {
			t.Fatalf("PayPal status %s", st)
		}
		p.deliver()
		wantSub(t, subscriptionOf(t, c), "elite", "active", false)

		next := p.fake.Subscription(id).NextBillingTime
		p.advance(c, "anna", next.Sub(p.clock.Now()))
		if n := p.fake.BillDue(); n != 1 {
			t.Fatalf("billed %d, want 1", n)
		}
		p.deliver()
		sub := subscriptionOf(t, c)
		wantSub(t, sub, "elite", "active", false)
		if sub["cycle_start"] != next.Format(time.RFC3339) {
			t.Fatalf("cycle_start %v, want the new payment %s", sub["cycle_start"], next.Format(time.RFC3339))
		}
		if ran := p.runJobs("test"); len(ran) != 2 {
			t.Fatalf("jobs run: %v", ran)
		}
		wantSub(t, subscriptionOf(t, c), "elite", "active", false)
		if quotaOf(t, c) != 1000 {
			t.Fatal("elite quota is not 1000")
		}
	})
}

// TestPayPalRevise: Plus → Elite goes through PayPal's approval; the tier
// changes once PayPal reports it.
func TestPayPalRevise(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		p.deliver()
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/revise", map[string]any{"subscriptionID": id, "planId": "P-PLUS", "withdrawalWaiver": true}), 400, "subscription_revise_failed")
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/revise", map[string]any{"subscriptionID": id, "planId": "P-OTHER", "withdrawalWaiver": true}), 400, "subscription_plan_foreign")
		link := c.do("POST", "/api/paypal/subscriptions/revise", map[string]any{"subscriptionID": id, "planId": "P-ELITE", "withdrawalWaiver": true}).must(t, 200).json(t)["approveUrl"].(string)
		if !strings.HasPrefix(link, p.fake.URL()+"/checkoutnow") {
			t.Fatalf("approval link %s", link)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
		// The buyer approves on PayPal's page and is sent back to the app.
		res, err := noRedirect.PostForm(link, map[string][]string{"decision": {"approve"}})
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if loc := res.Header.Get("Location"); res.StatusCode != http.StatusSeeOther || !strings.HasPrefix(loc, "http://coach.test/app/") {
			t.Fatalf("approval answered %d to %s", res.StatusCode, loc)
		}
		p.deliver()
		wantSub(t, subscriptionOf(t, c), "elite", "active", false)
		if quotaOf(t, c) != 1000 {
			t.Fatal("elite quota is not 1000")
		}
	})
}

var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// TestPayPalWebhookReplayAndOrder: each event id is applied once; events
// delivered late or out of order never overwrite PayPal's newer state;
// unknown types and unknown subscriptions are acknowledged.
func TestPayPalWebhookReplayAndOrder(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		first := p.fake.Pending()
		for _, ev := range first {
			if st, err := p.fake.Send(ev); err != nil || st != 200 {
				t.Fatalf("deliver: %d %v", st, err)
			}
		}
		recorded := p.count("SELECT COUNT(*) FROM paypal_webhook_events")
		// PayPal suspends (payments failed, say); its event is delayed.
		p.advance(c, "anna", time.Hour)
		p.fake.SetStatus(id, paypaltest.StatusSuspended)
		suspended := p.fake.Pending()
		// A redelivery of an applied event is acknowledged and not applied
		// again: the suspension is not read yet.
		if st, _ := p.fake.Send(first[0]); st != 200 {
			t.Fatalf("replay answered %d", st)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
		if n := p.count("SELECT COUNT(*) FROM paypal_webhook_events"); n != recorded {
			t.Fatalf("replay recorded: %d events, want %d", n, recorded)
		}
		// PayPal cancels; the cancellation's event arrives before the
		// suspension's, and an old activation's arrives last.
		p.advance(c, "anna", time.Hour)
		p.fake.SetStatus(id, paypaltest.StatusCancelled)
		cancelled := p.fake.Pending()
		for _, ev := range append(append(cancelled, suspended...), first[0]) {
			if st, _ := p.fake.Send(ev); st != 200 {
				t.Fatalf("deliver answered %d", st)
			}
		}
		wantSub(t, subscriptionOf(t, c), "plus", "cancelled", false)

		// Events of types we do not act on, and of subscriptions we do
		// not know, are acknowledged.
		other := p.fake.Subscribe("P-PLUS", "someone-else")
		_ = other
		p.deliver()
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 1 {
			t.Fatalf("%d subscriptions", n)
		}
	})
}

// TestPayPalWebhookBadSignature: a delivery PayPal does not verify is 400
// and changes nothing.
func TestPayPalWebhookBadSignature(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		p.fake.Pending()
		p.fake.SetStatus(id, paypaltest.StatusCancelled)
		for _, ev := range p.fake.Pending() {
			if st, _ := p.fake.SendSigned(ev, false); st != 400 {
				t.Fatalf("forged delivery answered %d", st)
			}
		}
		raw := p.client().do("POST", "/api/paypal/webhook", `{"id":"WH-X","event_type":"BILLING.SUBSCRIPTION.CANCELLED","resource":{"id":"`+id+`"}}`)
		wantCode(t, raw, 400, "webhook_unverified")
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
		if n := p.count("SELECT COUNT(*) FROM paypal_webhook_events"); n != 0 {
			t.Fatalf("%d events recorded", n)
		}
	})
}

// TestPayPalDownChangesNothing: PayPal answering 500 or not at all gives the
// catalogue's message and leaves everything as it was; a passing failure is
// retried with the same PayPal-Request-Id.
func TestPayPalDownChangesNothing(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 300*time.Millisecond)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		all := func(*http.Request) int { return 500 }
		p.fake.FailWith(all)
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}), 503, "subscription_confirm_failed")
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 0 {
			t.Fatal("a subscription was stored while PayPal was down")
		}
		// One failure is retried.
		failures := 1
		p.fake.FailWith(func(*http.Request) int {
			if failures > 0 {
				failures--
				return 500
			}
			return 0
		})
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		p.fake.FailWith(nil)

		// The suspension fails: nothing changes here or at PayPal.
		p.fake.FailWith(func(r *http.Request) int {
			if strings.HasSuffix(r.URL.Path, "/suspend") {
				return 500
			}
			return 0
		})
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}), 503, "subscription_cancel_retry")
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
		p.fake.FailWith(nil)
		// PayPal does not answer: the same.
		p.fake.HangWhen(func(r *http.Request) bool { return r.Method == http.MethodPost })
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}), 503, "subscription_cancel_retry")
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusActive {
			t.Fatalf("PayPal status %s", st)
		}
		p.fake.HangWhen(nil)
		// Back up: the cancellation goes through.
		c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}).must(t, 200)
		p.fake.FailWith(all)
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/uncancel", map[string]any{"subscriptionID": id}), 503, "subscription_uncancel_failed")
		wantSub(t, subscriptionOf(t, c), "plus", "active", true)
	})
}

// TestPayPalPromoRace: a valid code unlocks the promo plan; of 20
// confirmations of promo subscriptions racing for its one use left exactly
// one succeeds.
func TestPayPalPromoRace(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		one := 1
		if err := sqlstore.NewPromoService(db).CreatePromoCode(t.Context(), &salescoach.PromoCode{Code: "LAUNCH", Plan: salescoach.PlanPromo, MaxRedemptions: &one}); err != nil {
			t.Fatal(err)
		}
		const n = 20
		clients := make([]*client, n)
		subs := make([]string, n)
		for i := range n {
			var uid string
			clients[i], uid = p.user(fmt.Sprint("user", i))
			subs[i] = p.fake.Subscribe("P-PROMO", uid)
		}
		v := clients[0].do("POST", "/api/promo/validate", map[string]any{"code": "launch"}).must(t, 200).json(t)
		if v["ok"] != true || v["valid"] != true || v["planId"] != "P-PROMO" {
			t.Fatalf("validate %v", v)
		}
		bad := clients[0].do("POST", "/api/promo/validate", map[string]any{"code": "NOPE"}).must(t, 200).json(t)
		if bad["ok"] != true || bad["valid"] != false || bad["planId"] != nil {
			t.Fatalf("validate unknown %v", bad)
		}
		wantCode(t, clients[0].do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": subs[0], "withdrawalWaiver": true}), 400, "promo_code_required")

		statuses := make([]int, n)
		start := make(chan struct{})
		done := make(chan struct{})
		for i := range n {
			go func() {
				defer func() { done <- struct{}{} }()
				<-start
				statuses[i] = clients[i].do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": subs[i], "promoCode": "LAUNCH", "withdrawalWaiver": true}).status
			}()
		}
		close(start)
		for range n {
			<-done
		}
		ok := 0
		for i, st := range statuses {
			switch st {
			case 200:
				ok++
			case 429:
			default:
				t.Fatalf("confirmation %d answered %d", i, st)
			}
		}
		if ok != 1 {
			t.Fatalf("%d confirmations succeeded, want 1", ok)
		}
		if got := p.count("SELECT redemptions FROM promo_codes"); got != 1 {
			t.Fatalf("%d redemptions", got)
		}
		if got := p.count("SELECT COUNT(*) FROM subscriptions"); got != 1 {
			t.Fatalf("%d subscriptions stored", got)
		}
		// The refused ones are cancelled at PayPal: nobody pays the promo
		// price without the code.
		for i, st := range statuses {
			want := paypaltest.StatusCancelled
			if st == 200 {
				want = paypaltest.StatusActive
			}
			if got := p.fake.Subscription(subs[i]).Status; got != want {
				t.Fatalf("subscription %d (answer %d) is %s at PayPal, want %s", i, st, got, want)
			}
		}
	})
}

// TestPayPalSecondSubscriptionIsRefused: a user with a subscription in force
// cannot confirm a second one; it is cancelled at PayPal.
func TestPayPalSecondSubscriptionIsRefused(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		c, uid := p.user("anna")
		first := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": first, "withdrawalWaiver": true}).must(t, 200)
		second := p.fake.Subscribe("P-ELITE", uid)
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": second, "withdrawalWaiver": true}), 409, "subscription_exists")
		if st := p.fake.Subscription(second).Status; st != paypaltest.StatusCancelled {
			t.Fatalf("second subscription is %s at PayPal", st)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", false)
	})
}

// TestPayPalNotConfigured: without PayPal settings the config says so and
// the billing calls answer that payments are not configured.
func TestPayPalNotConfigured(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.signUpConfirmed("anna@example.com", "correct horse battery")
		c := e.client()
		c.signIn("anna@example.com", "correct horse battery", false)
		cfg := c.do("GET", "/api/paypal/config", nil).must(t, 200).json(t)
		if cfg["configured"] != false || cfg["clientId"] != "" {
			t.Fatalf("config %v", cfg)
		}
		wantCode(t, c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": "I-ABC", "withdrawalWaiver": true}), 503, "payments_not_configured")
		wantCode(t, c.do("POST", "/api/paypal/webhook", `{}`), 503, "payments_not_configured")
	})
}

// TestPayPalContentSecurityPolicy: PayPal's origins (here the fake's script)
// are admitted, and the checkout window may talk to its opener, only when
// payments are configured.
func TestPayPalContentSecurityPolicy(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		p.svc.SDKURL = p.fake.URL() + "/sdk/js"
		app := fstest.MapFS{"index.html": {Data: []byte("<!doctype html><html><head><title>Sales Coach</title></head><body></body></html>")}}
		srv := httptest.NewServer(httpapi.New(httpapi.Config{}, httpapi.Deps{Billing: p.svc, Logger: slog.New(slog.DiscardHandler), App: app}).Handler())
		t.Cleanup(srv.Close)
		res, err := http.Get(srv.URL + "/healthz")
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		csp := res.Header.Get("Content-Security-Policy")
		for _, want := range []string{"script-src 'self' " + p.fake.URL() + ";", "connect-src 'self' " + p.fake.URL() + ";", "frame-src 'self' " + p.fake.URL() + ";"} {
			if !strings.Contains(csp, want) {
				t.Fatalf("CSP %q lacks %q", csp, want)
			}
		}
		if coop := res.Header.Get("Cross-Origin-Opener-Policy"); coop != "same-origin-allow-popups" {
			t.Fatalf("COOP %q", coop)
		}
		// The app's page carries a fresh nonce for PayPal's inline styles and
		// scripts, in its CSP and in the meta tag the app hands to the script.
		seen := map[string]bool{}
		for range 2 {
			page, err := http.Get(srv.URL + "/app/login")
			if err != nil {
				t.Fatal(err)
			}
			body, _ := io.ReadAll(page.Body)
			page.Body.Close()
			m := regexp.MustCompile(`<meta name="csp-nonce" content="([A-Za-z0-9+/=]{24})" />`).FindSubmatch(body)
			if m == nil {
				t.Fatalf("no nonce meta tag in %s", body)
			}
			nonce := string(m[1])
			pageCSP := page.Header.Get("Content-Security-Policy")
			for _, want := range []string{"script-src 'self' " + p.fake.URL() + " 'nonce-" + nonce + "';", "style-src 'self' 'nonce-" + nonce + "';"} {
				if !strings.Contains(pageCSP, want) {
					t.Fatalf("page CSP %q lacks %q", pageCSP, want)
				}
			}
			if seen[nonce] {
				t.Fatalf("nonce %s served twice", nonce)
			}
			seen[nonce] = true
		}
		if strings.Contains(csp, "nonce-") {
			t.Fatalf("an answer other than the page carries a nonce: %q", csp)
		}
		plain := newEnv(t, db).client().do("GET", "/healthz", nil).header
		if csp := plain.Get("Content-Security-Policy"); strings.Contains(csp, "paypal") || strings.Contains(csp, p.fake.URL()) || strings.Contains(csp, "frame-src") {
			t.Fatalf("CSP without payments %q", csp)
		}
		if coop := plain.Get("Cross-Origin-Opener-Policy"); coop != "same-origin" {
			t.Fatalf("COOP without payments %q", coop)
		}
		if page := newEnv(t, db).client().do("GET", "/app/login", nil); strings.Contains(string(page.body), "csp-nonce") || strings.Contains(page.header.Get("Content-Security-Policy"), "nonce-") {
			t.Fatalf("a nonce without payments: %q, %s", page.header.Get("Content-Security-Policy"), page.body)
		}
	})
}

// TestPayPalPeriodEndJobRetriesAndRunsOnce: a period-end cancellation that
// PayPal fails stays due and goes through on a later run; a second process
// sharing the database does not run the jobs again within their interval,
// and runs the period-end job when its minute has passed.
func TestPayPalPeriodEndJobRetriesAndRunsOnce(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 300*time.Millisecond)
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PLUS", uid)
		c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "withdrawalWaiver": true}).must(t, 200)
		c.do("POST", "/api/paypal/subscriptions/cancel", map[string]any{"subscriptionID": id}).must(t, 200)
		p.advance(c, "anna", p.fake.Subscription(id).NextBillingTime.Sub(p.clock.Now()))

		p.fake.FailWith(func(*http.Request) int { return 500 })
		if ran := p.runJobs("one process"); len(ran) != 2 {
			t.Fatalf("jobs run: %v", ran)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", true)
		p.fake.FailWith(nil)

		if ran := p.runJobs("another process"); len(ran) != 0 {
			t.Fatalf("second process ran %v in the same minute", ran)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "active", true)
		p.clock.Advance(time.Minute)
		if ran := p.runJobs("another process"); len(ran) != 1 || ran[0] != "billing.period-end" {
			t.Fatalf("a minute later the jobs run were %v, want the period-end job", ran)
		}
		wantSub(t, subscriptionOf(t, c), "plus", "cancelled", false)
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusCancelled {
			t.Fatalf("PayPal status %s", st)
		}
	})
}

// TestPayPalMissedConfirmIsAdopted: the buyer approved, but the browser
// never confirmed (it closed after the approval). PayPal's webhook then
// adopts the subscription for the user its custom id names, redeeming the
// promo code the custom id carries once, and tells the user's open tabs;
// the browser's late confirmation changes nothing. Subscriptions for no
// user of ours or on another plan are acknowledged and left alone; a promo
// subscription whose code is used up is cancelled at PayPal.
func TestPayPalMissedConfirmIsAdopted(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		anna, annaID := p.user("anna")
		live := p.hub.Subscribe(annaID)
		defer live.Close()
		plus := p.fake.Subscribe("P-PLUS", billing.CustomID(annaID, ""))
		p.deliver()
		wantSub(t, subscriptionOf(t, anna), "plus", "active", false)
		if quotaOf(t, anna) != 250 {
			t.Fatal("adopted plus: quota is not 250")
		}
		select {
		case ch := <-live.C:
			if ch.Type != salescoach.ChangeUser || ch.UserID != annaID {
				t.Fatalf("announced %+v", ch)
			}
		default:
			t.Fatal("the adoption was not announced to the user's tabs")
		}
		anna.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": plus, "withdrawalWaiver": true}).must(t, 200)
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 1 {
			t.Fatalf("%d subscriptions after the late confirmation", n)
		}

		one := 1
		if err := sqlstore.NewPromoService(db).CreatePromoCode(t.Context(), &salescoach.PromoCode{Code: "LAUNCH", Plan: salescoach.PlanPromo, MaxRedemptions: &one}); err != nil {
			t.Fatal(err)
		}
		ben, benID := p.user("ben")
		promo := p.fake.Subscribe("P-PROMO", billing.CustomID(benID, "launch"))
		p.deliver()
		wantSub(t, subscriptionOf(t, ben), "elite", "active", false)
		ben.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": promo, "promoCode": "LAUNCH", "withdrawalWaiver": true}).must(t, 200)
		if n := p.count("SELECT redemptions FROM promo_codes"); n != 1 {
			t.Fatalf("%d redemptions, want 1", n)
		}
		if n := p.count("SELECT COUNT(*) FROM promo_redemptions r JOIN subscriptions s ON s.id = r.subscription_id WHERE s.paypal_id = '" + promo + "'"); n != 1 {
			t.Fatalf("redemption not linked to the adopted subscription (%d)", n)
		}

		carl, carlID := p.user("carl")
		p.fake.Subscribe("P-PLUS", "01890000-0000-7000-8000-000000000000") // nobody here
		p.fake.Subscribe("P-SOMEONE-ELSES", carlID)
		usedUp := p.fake.Subscribe("P-PROMO", billing.CustomID(carlID, "LAUNCH"))
		p.deliver()
		wantSub(t, subscriptionOf(t, carl), "free", "", false)
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 2 {
			t.Fatalf("%d subscriptions, want anna's and ben's", n)
		}
		if st := p.fake.Subscription(usedUp).Status; st != paypaltest.StatusCancelled {
			t.Fatalf("promo subscription with a used-up code is %s at PayPal, want CANCELLED", st)
		}
		p.deliver() // the cancellation's own event
	})
}

// TestPayPalConfirmAndWebhookRace: the browser's confirmation and PayPal's
// webhooks (activation and payment) adopt the same promo subscription at
// once. Whatever the order, all succeed, the code (one use) is used once by
// that subscription, and the subscription stays active at PayPal.
func TestPayPalConfirmAndWebhookRace(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		one := 1
		if err := sqlstore.NewPromoService(db).CreatePromoCode(t.Context(), &salescoach.PromoCode{Code: "RACE", Plan: salescoach.PlanPromo, MaxRedemptions: &one}); err != nil {
			t.Fatal(err)
		}
		c, uid := p.user("anna")
		id := p.fake.Subscribe("P-PROMO", billing.CustomID(uid, "RACE"))
		events := p.fake.Pending()
		if len(events) < 2 {
			t.Fatalf("%d events", len(events))
		}
		statuses := make([]int, len(events)+1)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i := range statuses {
			wg.Go(func() {
				<-start
				if i == len(events) {
					statuses[i] = c.do("POST", "/api/paypal/subscriptions/confirm", map[string]any{"subscriptionID": id, "promoCode": "race", "withdrawalWaiver": true}).status
					return
				}
				st, err := p.fake.Send(events[i])
				if err != nil {
					t.Error(err)
				}
				statuses[i] = st
			})
		}
		close(start)
		wg.Wait()
		for i, st := range statuses {
			if st != 200 {
				t.Fatalf("request %d answered %d (%v)", i, st, statuses)
			}
		}
		wantSub(t, subscriptionOf(t, c), "elite", "active", false)
		if n := p.count("SELECT redemptions FROM promo_codes"); n != 1 {
			t.Fatalf("%d redemptions, want 1", n)
		}
		if n := p.count("SELECT COUNT(*) FROM subscriptions"); n != 1 {
			t.Fatalf("%d subscriptions", n)
		}
		if st := p.fake.Subscription(id).Status; st != paypaltest.StatusActive {
			t.Fatalf("PayPal status %s, want ACTIVE", st)
		}
	})
}

// TestPromoValidateOffer (issue 25, point 12): a valid code answers what the
// offer shows: the plan it unlocks, its price in euros a month (the promo
// plan's as configured, Plus and Elite theirs) and the admin's description.
// An invalid code answers none of it.
func TestPromoValidateOffer(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		p := newPayEnv(t, db, 0)
		p.svc.PromoPrice = 79
		promos := sqlstore.NewPromoService(db)
		for _, c := range []salescoach.PromoCode{
			{Code: "HERBST", Plan: salescoach.PlanPromo, Description: "Herbstaktion: Elite zum Sonderpreis"},
			{Code: "PLUSNOW", Plan: salescoach.PlanPlus, Description: "Plus für Messebesucher"},
		} {
			if err := promos.CreatePromoCode(t.Context(), &c); err != nil {
				t.Fatal(err)
			}
		}
		c, _ := p.user("offer")
		v := c.do("POST", "/api/promo/validate", map[string]any{"code": "herbst"}).must(t, 200).json(t)
		if v["valid"] != true || v["planId"] != "P-PROMO" || v["plan"] != "promo" || v["price"] != float64(79) ||
			v["currency"] != "EUR" || v["description"] != "Herbstaktion: Elite zum Sonderpreis" {
			t.Fatalf("validate promo %v", v)
		}
		v = c.do("POST", "/api/promo/validate", map[string]any{"code": "PLUSNOW"}).must(t, 200).json(t)
		if v["valid"] != true || v["plan"] != "plus" || v["price"] != float64(29) || v["description"] != "Plus für Messebesucher" {
			t.Fatalf("validate plus %v", v)
		}
		// Without a configured promo price the offer has no price, never a wrong one.
		p.svc.PromoPrice = 0
		v = c.do("POST", "/api/promo/validate", map[string]any{"code": "HERBST"}).must(t, 200).json(t)
		if _, ok := v["price"]; ok || v["description"] != "Herbstaktion: Elite zum Sonderpreis" {
			t.Fatalf("validate promo without price %v", v)
		}
		bad := c.do("POST", "/api/promo/validate", map[string]any{"code": "NOPE"}).must(t, 200).json(t)
		if bad["valid"] != false || bad["description"] != nil || bad["price"] != nil || bad["plan"] != nil {
			t.Fatalf("validate unknown %v", bad)
		}
	})
}
