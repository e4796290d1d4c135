package billing_test

import (
	"errors"
	"net/http"
	"sync"
	"testing"

	"salescoach/billing"
	"salescoach/billing/paypaltest"
)

func newAdapter(t *testing.T, f *paypaltest.Fake, secret string) *billing.PayPal {
	t.Helper()
	pp, err := billing.NewPayPal(billing.PayPalConfig{ClientID: f.ClientID(), Secret: secret, APIBase: f.URL(), WebhookID: f.WebhookID()})
	if err != nil {
		t.Fatal(err)
	}
	return pp
}

// TestPayPalTokenRenewedOnceForConcurrentCalls: after PayPal revoked the
// token, calls released together all succeed, and the adapter fetched one
// new token for all of them (a call that was refused with the old token
// does not drop the new one another call fetched).
func TestPayPalTokenRenewedOnceForConcurrentCalls(t *testing.T) {
	f := paypaltest.Start(t, paypaltest.Options{})
	pp := newAdapter(t, f, f.Secret())
	id := f.Subscribe("P-PLUS", "someone")
	if _, err := pp.Subscription(t.Context(), id); err != nil {
		t.Fatal(err)
	}
	f.RevokeTokens()
	before := f.TokensIssued()
	const n = 16
	start := make(chan struct{})
	errs := make([]error, n)
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, errs[i] = pp.Subscription(t.Context(), id)
		}()
	}
	close(start)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("call %d: %v", i, err)
		}
	}
	if got := f.TokensIssued() - before; got != 1 {
		t.Errorf("%d tokens fetched after the revocation, want 1", got)
	}
}

// TestPayPalTokenRefusals: wrong credentials make a call unavailable (the
// token endpoint refuses them: nothing was done); an API that refuses even
// a fresh token is PayPal's answer (401), after exactly one renewal.
func TestPayPalTokenRefusals(t *testing.T) {
	f := paypaltest.Start(t, paypaltest.Options{})
	id := f.Subscribe("P-PLUS", "someone")
	_, err := newAdapter(t, f, "rotated-away").Subscription(t.Context(), id)
	if !errors.Is(err, billing.ErrUnavailable) {
		t.Fatalf("wrong secret: %v, want ErrUnavailable", err)
	}

	pp := newAdapter(t, f, f.Secret())
	var refused int
	var mu sync.Mutex
	f.FailWith(func(r *http.Request) int {
		mu.Lock()
		defer mu.Unlock()
		refused++
		return http.StatusUnauthorized
	})
	before := f.TokensIssued()
	_, err = pp.Subscription(t.Context(), id)
	var pe *billing.ProviderError
	if !errors.As(err, &pe) || pe.Status != http.StatusUnauthorized {
		t.Fatalf("always refused: %v, want a 401 ProviderError", err)
	}
	if refused != 2 || f.TokensIssued()-before != 2 {
		t.Errorf("%d calls and %d tokens, want 2 and 2 (the first token, one renewal)", refused, f.TokensIssued()-before)
	}
}
