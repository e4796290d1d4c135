package paypaltest_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/plutov/paypal/v4"

	"salescoach/billing/paypaltest"
)

// TestPayPalFakeSpeaksTheClientLibrary drives the fake with the client
// library the app uses: token, create, approve, get, revise, suspend,
// activate, cancel, and a webhook whose signature verifies only unforged.
func TestPayPalFakeSpeaksTheClientLibrary(t *testing.T) {
	f := paypaltest.Start(t, paypaltest.Options{})
	var got []*http.Request
	var bodies [][]byte
	hook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		// A copy: the server still owns r once the handler returns, and the
		// client library writes the body it verifies back into the request.
		kept := r.Clone(context.Background())
		kept.Body = io.NopCloser(bytes.NewReader(b))
		got, bodies = append(got, kept), append(bodies, b)
	}))
	t.Cleanup(hook.Close)
	f.SetWebhookURL(hook.URL)

	c, err := paypal.NewClient(f.ClientID(), f.Secret(), f.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	created, err := c.CreateSubscription(ctx, paypal.SubscriptionBase{PlanID: "P-PLUS", CustomID: "user-1"})
	if err != nil {
		t.Fatal(err)
	}
	if created.SubscriptionStatus != paypal.SubscriptionStatusApprovalPending || created.ID == "" {
		t.Fatalf("created %+v", created)
	}
	if err := f.Approve(created.ID); err != nil {
		t.Fatal(err)
	}
	s, err := c.GetSubscriptionDetails(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if s.SubscriptionStatus != paypal.SubscriptionStatusActive || s.CustomID != "user-1" || s.PlanID != "P-PLUS" ||
		s.BillingInfo.NextBillingTime.IsZero() || s.BillingInfo.LastPayment.Time.IsZero() {
		t.Fatalf("after approval %+v", s)
	}
	rev, err := c.ReviseSubscription(ctx, created.ID, paypal.SubscriptionBase{PlanID: "P-ELITE"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rev.Links) == 0 || rev.Links[0].Rel != "approve" {
		t.Fatalf("revise links %+v", rev.Links)
	}
	if err := f.Approve(created.ID); err != nil {
		t.Fatal(err)
	}
	for _, step := range []struct {
		do   func() error
		want string
	}{
		{func() error { return c.SuspendSubscription(ctx, created.ID, "x") }, "SUSPENDED"},
		{func() error { return c.ActivateSubscription(ctx, created.ID, "x") }, "ACTIVE"},
		{func() error { return c.CancelSubscription(ctx, created.ID, "x") }, "CANCELLED"},
	} {
		if err := step.do(); err != nil {
			t.Fatal(err)
		}
		if st := f.Subscription(created.ID).Status; st != step.want {
			t.Fatalf("status %s, want %s", st, step.want)
		}
	}
	if f.Subscription(created.ID).PlanID != "P-ELITE" {
		t.Fatal("revision not applied")
	}
	if err := c.ActivateSubscription(ctx, created.ID, "x"); err == nil {
		t.Fatal("a cancelled subscription was activated")
	}

	evs := f.Pending()
	var types []string
	for _, ev := range evs {
		types = append(types, ev.Type)
	}
	want := []string{paypaltest.EventActivated, paypaltest.EventSaleCompleted, paypaltest.EventUpdated,
		paypaltest.EventSuspended, paypaltest.EventActivated, paypaltest.EventCancelled}
	if !equal(types, want) {
		t.Fatalf("events %v, want %v", types, want)
	}
	if _, err := f.Send(evs[0]); err != nil {
		t.Fatal(err)
	}
	if _, err := f.SendSigned(evs[0], false); err != nil {
		t.Fatal(err)
	}
	for i, wantStatus := range []string{"SUCCESS", "FAILURE"} {
		v, err := c.VerifyWebhookSignature(ctx, got[i], f.WebhookID())
		if err != nil {
			t.Fatal(err)
		}
		if v.VerificationStatus != wantStatus {
			t.Fatalf("delivery %d verified %s, want %s", i, v.VerificationStatus, wantStatus)
		}
	}
	var ev map[string]any
	if err := json.Unmarshal(bodies[0], &ev); err != nil || ev["event_type"] != paypaltest.EventActivated {
		t.Fatalf("event body %s", bodies[0])
	}
}

// TestPayPalFakeRequestIDRepeatsTheAnswer: a retried POST with the same
// PayPal-Request-Id is answered as the first, so retries are safe.
func TestPayPalFakeRequestIDRepeatsTheAnswer(t *testing.T) {
	f := paypaltest.Start(t, paypaltest.Options{})
	c, _ := paypal.NewClient(f.ClientID(), f.Secret(), f.URL())
	tok, err := c.GetAccessToken(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	id := f.Subscribe("P-PLUS", "u")
	for i := range 2 {
		req, _ := http.NewRequest("POST", f.URL()+"/v1/billing/subscriptions/"+id+"/suspend", bytes.NewReader([]byte(`{"reason":"x"}`)))
		req.Header.Set("Authorization", "Bearer "+tok.Token)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("PayPal-Request-Id", "same-id")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		if res.StatusCode != http.StatusNoContent {
			t.Fatalf("try %d: status %d", i, res.StatusCode)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestPayPalFakeQuantity: a subscription created with a quantity reports
// it; revise with a quantity waits for the buyer's approval (the approval
// page names the new quantity) and changes it then; a subscription created
// without one has quantity 1; a quantity that is no positive whole number
// is refused.
func TestPayPalFakeQuantity(t *testing.T) {
	f := paypaltest.Start(t, paypaltest.Options{})
	c, err := paypal.NewClient(f.ClientID(), f.Secret(), f.URL())
	if err != nil {
		t.Fatal(err)
	}
	ctx := t.Context()
	created, err := c.CreateSubscription(ctx, paypal.SubscriptionBase{PlanID: "P-TEAM", Quantity: "3", CustomID: "team:t1",
		ApplicationContext: &paypal.ApplicationContext{ReturnURL: "http://app.test/back", CancelURL: "http://app.test/cancel"}})
	if err != nil {
		t.Fatal(err)
	}
	if created.Quantity != "3" || len(created.Links) < 2 || created.Links[1].Rel != "approve" {
		t.Fatalf("created %+v", created)
	}
	if err := f.Approve(created.ID); err != nil {
		t.Fatal(err)
	}
	rev, err := c.ReviseSubscription(ctx, created.ID, paypal.SubscriptionBase{PlanID: "P-TEAM", Quantity: "5"})
	if err != nil {
		t.Fatal(err)
	}
	if rev.Quantity != "5" || len(rev.Links) == 0 || rev.Links[0].Rel != "approve" {
		t.Fatalf("revise answer %+v", rev)
	}
	got, err := c.GetSubscriptionDetails(ctx, created.ID)
	if err != nil {
		t.Fatal(err)
	}
	if got.Quantity != "3" {
		t.Fatalf("quantity before approval %s", got.Quantity)
	}
	page, err := http.Get(rev.Links[0].Href)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(page.Body)
	page.Body.Close()
	if !bytes.Contains(body, []byte("Anzahl 5")) {
		t.Fatalf("approval page %s", body)
	}
	if err := f.Approve(created.ID); err != nil {
		t.Fatal(err)
	}
	if got, err = c.GetSubscriptionDetails(ctx, created.ID); err != nil || got.Quantity != "5" || got.PlanID != "P-TEAM" {
		t.Fatalf("after approval %+v %v", got, err)
	}
	if s := f.Subscription(f.CreateSubscription("P-PLUS", "u")); s.Quantity != 1 {
		t.Fatalf("quantity without one %d", s.Quantity)
	}
	for _, q := range []string{"0", "-2", "1.5", "many"} {
		if _, err := c.CreateSubscription(ctx, paypal.SubscriptionBase{PlanID: "P-TEAM", Quantity: q}); err == nil {
			t.Fatalf("quantity %q accepted", q)
		}
	}
}
