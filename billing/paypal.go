package billing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/plutov/paypal/v4"
)

// PayPal's API bases.
const (
	APIBaseSandbox = paypal.APIBaseSandBox
	APIBaseLive    = paypal.APIBaseLive
)

// Remote is a subscription as PayPal reports it.
type Remote struct {
	ID, PlanID, Status, CustomID string
	// UpdateTime is PayPal's last change of the subscription; it orders
	// snapshots (a later one wins).
	UpdateTime time.Time
	StartTime  time.Time
	// LastPayment starts the current billing cycle; NextBilling ends the
	// paid period. Zero when PayPal reports none.
	LastPayment, NextBilling time.Time
	// Quantity is the number of units (seats) subscribed; PayPal reports 1
	// for a subscription created without one.
	Quantity int
}

// Provider is the part of PayPal's API billing uses. Errors are
// ErrUnavailable (PayPal down, slow or failing: nothing was done, or the
// call is safe to repeat with the same request id) or a *ProviderError.
type Provider interface {
	Subscription(ctx context.Context, id string) (*Remote, error)
	Suspend(ctx context.Context, id, reason, requestID string) error
	Activate(ctx context.Context, id, reason, requestID string) error
	Cancel(ctx context.Context, id, reason, requestID string) error
	// Revise asks PayPal to move the subscription to planID, and to
	// quantity units when quantity > 0, and returns the link where the
	// buyer approves the change.
	Revise(ctx context.Context, id, planID string, quantity int, returnURL, cancelURL, requestID string) (string, error)
	// Create creates a subscription to planID of quantity units for the
	// buyer to approve (the team plan's seats; personal plans are created
	// by the browser's PayPal button) and returns it with the approval
	// link.
	Create(ctx context.Context, planID string, quantity int, customID, returnURL, cancelURL, requestID string) (*Remote, string, error)
	// VerifyWebhook asks PayPal whether the delivery's signature is valid
	// for webhookID.
	VerifyWebhook(ctx context.Context, header http.Header, body []byte) (bool, error)
}

// ErrUnavailable says PayPal could not be reached, timed out or failed
// with a server error.
var ErrUnavailable = errors.New("paypal unavailable")

// ProviderError is PayPal's refusal of a request (a 4xx answer).
type ProviderError struct {
	Status int
	Name   string // e.g. RESOURCE_NOT_FOUND, UNPROCESSABLE_ENTITY
	Issue  string // e.g. SUBSCRIPTION_STATUS_INVALID
}

func (e *ProviderError) Error() string {
	return fmt.Sprintf("paypal: %d %s %s", e.Status, e.Name, e.Issue)
}

// NotFound reports whether PayPal does not know the resource.
func (e *ProviderError) NotFound() bool { return e.Status == http.StatusNotFound }

// PayPalConfig configures the PayPal adapter.
type PayPalConfig struct {
	ClientID, Secret string
	// APIBase is PayPal's API (APIBaseSandbox, APIBaseLive or a test
	// server).
	APIBase   string
	WebhookID string
	// Timeout bounds one attempt of a call (10 s when zero).
	Timeout time.Duration
}

// PayPal is the Provider on PayPal's REST API, through the
// github.com/plutov/paypal client. Calls that change a subscription carry a
// PayPal-Request-Id, so the one retry after a failed attempt (and a repeat
// by the caller with the same id) cannot act twice.
type PayPal struct {
	c         *paypal.Client
	webhookID string
}

var _ Provider = (*PayPal)(nil)

// NewPayPal returns the adapter. It returns an error when the client id,
// secret or API base is empty.
func NewPayPal(cfg PayPalConfig) (*PayPal, error) {
	c, err := paypal.NewClient(cfg.ClientID, cfg.Secret, strings.TrimRight(cfg.APIBase, "/"))
	if err != nil {
		return nil, err
	}
	timeout := cfg.Timeout
	if timeout == 0 {
		timeout = 10 * time.Second
	}
	tokens := &tokenTransport{next: requestIDTransport{http.DefaultTransport}, tokenURL: c.APIBase + "/v1/oauth2/token",
		clientID: cfg.ClientID, secret: cfg.Secret, now: time.Now}
	c.SetHTTPClient(&http.Client{Timeout: timeout, Transport: tokens})
	// The transport owns the access token (tokenTransport); this stand-in
	// only keeps the client library from fetching and caching one of its
	// own, which it would keep using after PayPal refused it.
	c.SetAccessToken("managed-by-transport")
	return &PayPal{c: c, webhookID: cfg.WebhookID}, nil
}

// tokenTransport authenticates API calls with an OAuth access token of the
// client-credentials grant that it fetches, caches until shortly before it
// expires, and drops as soon as PayPal refuses it: a 401 answer
// (AUTHENTICATION_FAILURE, or the OAuth error invalid_token) after a
// rotated secret, a token PayPal revoked, or a restarted sandbox. The call
// is then sent once more with a fresh token; nothing was done by the
// refused attempt, so this is safe for every call (and a PayPal-Request-Id
// travels with both). A second refusal is PayPal's answer.
type tokenTransport struct {
	next             http.RoundTripper
	tokenURL         string
	clientID, secret string
	now              func() time.Time

	mu      sync.Mutex
	token   string
	expires time.Time
}

// tokenRenewBefore renews a token this long before PayPal says it expires.
const tokenRenewBefore = 5 * time.Minute

func (t *tokenTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.URL.String() == t.tokenURL {
		return t.next.RoundTrip(r)
	}
	tok, err := t.current(r.Context())
	if err != nil {
		return nil, err
	}
	res, err := t.send(r, tok, false)
	if err != nil || res.StatusCode != http.StatusUnauthorized || (r.Body != nil && r.GetBody == nil) {
		return res, err
	}
	_, _ = io.Copy(io.Discard, io.LimitReader(res.Body, 64<<10))
	res.Body.Close()
	t.drop(tok)
	if tok, err = t.current(r.Context()); err != nil {
		return nil, err
	}
	return t.send(r, tok, true)
}

// send sends r with the bearer token; again rewinds its body first.
func (t *tokenTransport) send(r *http.Request, tok string, again bool) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	if again && r.GetBody != nil {
		body, err := r.GetBody()
		if err != nil {
			return nil, err
		}
		r2.Body = body
	}
	r2.Header.Set("Authorization", "Bearer "+tok)
	return t.next.RoundTrip(r2)
}

// drop forgets tok, unless another call has already replaced it.
func (t *tokenTransport) drop(tok string) {
	t.mu.Lock()
	if t.token == tok {
		t.token = ""
	}
	t.mu.Unlock()
}

// current returns the cached token or fetches one; concurrent callers wait
// for one fetch.
func (t *tokenTransport) current(ctx context.Context) (string, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.token != "" && t.now().Before(t.expires.Add(-tokenRenewBefore)) {
		return t.token, nil
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, t.tokenURL, strings.NewReader("grant_type=client_credentials"))
	if err != nil {
		return "", err
	}
	req.SetBasicAuth(t.clientID, t.secret)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	res, err := t.next.RoundTrip(req)
	if err != nil {
		return "", fmt.Errorf("paypal token: %w", err)
	}
	defer res.Body.Close()
	var body struct {
		AccessToken string `json:"access_token"`
		ExpiresIn   int64  `json:"expires_in"`
		Error       string `json:"error"`
	}
	_ = json.NewDecoder(io.LimitReader(res.Body, 64<<10)).Decode(&body)
	if res.StatusCode != http.StatusOK || body.AccessToken == "" {
		// Wrong credentials or PayPal failing: nothing was done, and the
		// caller's call is as unavailable as PayPal (the operator sees the
		// cause in the log).
		return "", fmt.Errorf("paypal token: status %d %s", res.StatusCode, body.Error)
	}
	t.token, t.expires = body.AccessToken, t.now().Add(time.Duration(body.ExpiresIn)*time.Second)
	return t.token, nil
}

type requestIDKey struct{}

// requestIDTransport sets the PayPal-Request-Id of the context on the
// request (the client library has no per-call headers).
type requestIDTransport struct{ next http.RoundTripper }

func (t requestIDTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	if id, _ := r.Context().Value(requestIDKey{}).(string); id != "" && r.Method == http.MethodPost &&
		!strings.HasSuffix(r.URL.Path, "/oauth2/token") {
		r = r.Clone(r.Context())
		r.Header.Set("PayPal-Request-Id", id)
	}
	return t.next.RoundTrip(r)
}

// call runs fn, once more after an unavailable answer, and classifies the
// error.
func call(ctx context.Context, requestID string, fn func(ctx context.Context) error) error {
	if requestID != "" {
		ctx = context.WithValue(ctx, requestIDKey{}, requestID)
	}
	var err error
	for range 2 {
		err = classify(fn(ctx))
		if !errors.Is(err, ErrUnavailable) || ctx.Err() != nil {
			return err
		}
	}
	return err
}

func classify(err error) error {
	if err == nil {
		return nil
	}
	var pe *paypal.ErrorResponse
	if errors.As(err, &pe) && pe.Response != nil {
		if pe.Response.StatusCode >= 500 || pe.Response.StatusCode == http.StatusTooManyRequests {
			return fmt.Errorf("%w: status %d", ErrUnavailable, pe.Response.StatusCode)
		}
		out := &ProviderError{Status: pe.Response.StatusCode, Name: pe.Name}
		if len(pe.Details) > 0 {
			out.Issue = pe.Details[0].Issue
		}
		return out
	}
	// Network errors, timeouts, answers that are not PayPal's JSON.
	return fmt.Errorf("%w: %v", ErrUnavailable, err)
}

// Subscription reads a subscription.
func (p *PayPal) Subscription(ctx context.Context, id string) (*Remote, error) {
	var s *paypal.SubscriptionDetailResp
	err := call(ctx, "", func(ctx context.Context) error {
		var err error
		s, err = p.c.GetSubscriptionDetails(ctx, id)
		return err
	})
	if err != nil {
		return nil, err
	}
	r := remote(s)
	if r.ID == "" {
		return nil, fmt.Errorf("%w: empty subscription in answer", ErrUnavailable)
	}
	return r, nil
}

// remote converts PayPal's answer.
func remote(s *paypal.SubscriptionDetailResp) *Remote {
	r := &Remote{ID: s.ID, PlanID: s.PlanID, Status: string(s.SubscriptionStatus), CustomID: s.CustomID,
		LastPayment: s.BillingInfo.LastPayment.Time.UTC(), NextBilling: s.BillingInfo.NextBillingTime.UTC(), Quantity: 1}
	if n, err := strconv.Atoi(s.Quantity); err == nil && n >= 0 {
		r.Quantity = n
	}
	if s.StartTime != nil {
		r.StartTime = time.Time(*s.StartTime).UTC()
	}
	if t, err := time.Parse(time.RFC3339, s.UpdateTime); err == nil {
		r.UpdateTime = t.UTC()
	} else if !s.StatusUpdateTime.IsZero() {
		r.UpdateTime = s.StatusUpdateTime.UTC()
	}
	return r
}

// Suspend pauses billing.
func (p *PayPal) Suspend(ctx context.Context, id, reason, requestID string) error {
	return call(ctx, requestID, func(ctx context.Context) error { return p.c.SuspendSubscription(ctx, id, reason) })
}

// Activate resumes a suspended subscription.
func (p *PayPal) Activate(ctx context.Context, id, reason, requestID string) error {
	return call(ctx, requestID, func(ctx context.Context) error { return p.c.ActivateSubscription(ctx, id, reason) })
}

// Cancel ends a subscription for good.
func (p *PayPal) Cancel(ctx context.Context, id, reason, requestID string) error {
	return call(ctx, requestID, func(ctx context.Context) error { return p.c.CancelSubscription(ctx, id, reason) })
}

// Revise asks for a plan change and returns the buyer's approval link.
func (p *PayPal) Revise(ctx context.Context, id, planID string, quantity int, returnURL, cancelURL, requestID string) (string, error) {
	var res *paypal.SubscriptionDetailResp
	err := call(ctx, requestID, func(ctx context.Context) error {
		var err error
		res, err = p.c.ReviseSubscription(ctx, id, paypal.SubscriptionBase{PlanID: planID, Quantity: quantityString(quantity),
			ApplicationContext: &paypal.ApplicationContext{ReturnURL: returnURL, CancelURL: cancelURL}})
		return err
	})
	if err != nil {
		return "", err
	}
	return approveLink(res, "revise")
}

// Create creates a subscription for the buyer to approve
// (POST /v1/billing/subscriptions with quantity and custom_id).
func (p *PayPal) Create(ctx context.Context, planID string, quantity int, customID, returnURL, cancelURL, requestID string) (*Remote, string, error) {
	var res *paypal.SubscriptionDetailResp
	err := call(ctx, requestID, func(ctx context.Context) error {
		var err error
		res, err = p.c.CreateSubscription(ctx, paypal.SubscriptionBase{PlanID: planID, Quantity: quantityString(quantity),
			CustomID: customID, ApplicationContext: &paypal.ApplicationContext{ReturnURL: returnURL, CancelURL: cancelURL}})
		return err
	})
	if err != nil {
		return nil, "", err
	}
	r := remote(res)
	if r.ID == "" {
		return nil, "", fmt.Errorf("%w: empty subscription in create answer", ErrUnavailable)
	}
	link, err := approveLink(res, "create")
	return r, link, err
}

// quantityString is PayPal's quantity: a decimal string, left out when 0.
func quantityString(n int) string {
	if n <= 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// approveLink finds the link where the buyer approves.
func approveLink(res *paypal.SubscriptionDetailResp, op string) (string, error) {
	for _, l := range res.Links {
		if l.Rel == "approve" {
			return l.Href, nil
		}
	}
	return "", fmt.Errorf("%w: no approval link in %s answer", ErrUnavailable, op)
}

// VerifyWebhook asks PayPal to verify the delivery's signature.
func (p *PayPal) VerifyWebhook(ctx context.Context, header http.Header, body []byte) (bool, error) {
	if p.webhookID == "" {
		return false, nil
	}
	var res *paypal.VerifyWebhookResponse
	err := call(ctx, "", func(ctx context.Context) error {
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, "/", bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header = header.Clone()
		res, err = p.c.VerifyWebhookSignature(ctx, req, p.webhookID)
		return err
	})
	if err != nil {
		return false, err
	}
	return res.VerificationStatus == "SUCCESS", nil
}
