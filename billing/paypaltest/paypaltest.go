// Package paypaltest is a PayPal of our own for tests and demos: an HTTP
// server that speaks the subset of PayPal's REST API Sales Coach uses (the
// OAuth client-credentials token, billing subscriptions with revise,
// suspend, activate and cancel, webhook signature verification), an approval
// page where a buyer approves a subscription or a plan change, and signed
// webhooks about every change it makes.
//
// Any plan id is accepted, so the fake works with whatever plan settings the
// app has. Webhooks are queued; tests deliver them when and in whatever order
// they like (Deliver, Send), and cmd/paypalfake delivers them at once.
//
// The signature is a stand-in for PayPal's RSA certificate scheme: an
// HMAC-SHA256 over PayPal's own signed string
// (transmission id|transmission time|webhook id|CRC32 of the body) with a
// key only the fake knows, so that only the fake's verify endpoint accepts
// it, which is how the app must treat PayPal's too.
package paypaltest

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"html/template"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Subscription statuses, as PayPal names them.
const (
	StatusApprovalPending = "APPROVAL_PENDING"
	StatusApproved        = "APPROVED"
	StatusActive          = "ACTIVE"
	StatusSuspended       = "SUSPENDED"
	StatusCancelled       = "CANCELLED"
	StatusExpired         = "EXPIRED"
)

// Webhook event types the fake sends.
const (
	EventActivated     = "BILLING.SUBSCRIPTION.ACTIVATED"
	EventUpdated       = "BILLING.SUBSCRIPTION.UPDATED"
	EventSuspended     = "BILLING.SUBSCRIPTION.SUSPENDED"
	EventCancelled     = "BILLING.SUBSCRIPTION.CANCELLED"
	EventExpired       = "BILLING.SUBSCRIPTION.EXPIRED"
	EventPaymentFailed = "BILLING.SUBSCRIPTION.PAYMENT.FAILED"
	EventSaleCompleted = "PAYMENT.SALE.COMPLETED"
)

// Options configure a Fake. Zero values take the defaults named.
type Options struct {
	ClientID  string // "fake-client-id"
	Secret    string // "fake-secret"
	WebhookID string // "WH-FAKE"
	// WebhookURL receives the webhooks (the app's /api/paypal/webhook).
	// Empty: events are only queued.
	WebhookURL string
	// AutoDeliver sends every event as soon as it happens, in a goroutine
	// (cmd/paypalfake); otherwise tests call Deliver.
	AutoDeliver bool
	// Now is the fake's clock (time.Now).
	Now func() time.Time
	// PublicURL is the address browsers reach the fake at, for approval
	// links (the URL the fake listens on).
	PublicURL string
}

// Sub is the fake's record of one subscription.
type Sub struct {
	ID, PlanID, CustomID, Status string
	ReturnURL, CancelURL         string
	StartTime, UpdateTime        time.Time
	StatusUpdateTime             time.Time
	NextBillingTime              time.Time
	LastPayment                  time.Time // zero before the first payment
	// PendingPlan is a revision waiting for the buyer's approval, with
	// PendingQuantity when it changes the quantity (0: unchanged).
	PendingPlan     string
	PendingQuantity int
	// Quantity is the number of units (seats) subscribed: 1 unless the
	// subscription was created or revised with a quantity.
	Quantity int
	// Charges counts the payments taken.
	Charges int
	// Reason is the reason given with the last suspend, activate or cancel.
	Reason string
}

// Event is one webhook as sent: its body and the headers that sign it.
type Event struct {
	ID, Type string
	Body     []byte
}

// Fake is a running PayPal stand-in.
type Fake struct {
	opts Options
	key  []byte // the signing key

	mu       sync.Mutex
	subs     map[string]*Sub
	queue    []Event
	sent     []Event
	requests map[string][]byte // PayPal-Request-Id -> answer, for safe retries
	fail     func(r *http.Request) int
	hang     func(r *http.Request) bool
	seq      int
	tokens   map[string]time.Time // access token -> expiry
	issued   int                  // access tokens handed out

	client *http.Client
	server *httptest.Server
	closed chan struct{} // closed when the fake stops
}

// New returns a Fake with its handler, not yet listening; serve Handler
// yourself (cmd/paypalfake) or use Start.
func New(opts Options) *Fake {
	if opts.ClientID == "" {
		opts.ClientID = "fake-client-id"
	}
	if opts.Secret == "" {
		opts.Secret = "fake-secret"
	}
	if opts.WebhookID == "" {
		opts.WebhookID = "WH-FAKE"
	}
	if opts.Now == nil {
		opts.Now = time.Now
	}
	key := make([]byte, 32)
	_, _ = rand.Read(key)
	return &Fake{opts: opts, key: key, subs: map[string]*Sub{}, requests: map[string][]byte{},
		tokens: map[string]time.Time{}, client: &http.Client{Timeout: 30 * time.Second}, closed: make(chan struct{})}
}

// Start runs a Fake on a local port until the test ends.
func Start(t interface {
	Cleanup(func())
}, opts Options) *Fake {
	f := New(opts)
	f.server = httptest.NewServer(f.Handler())
	if f.opts.PublicURL == "" {
		f.opts.PublicURL = f.server.URL
	}
	t.Cleanup(func() {
		f.Close()
		f.server.Close()
	})
	return f
}

// Close releases requests held by HangWhen.
func (f *Fake) Close() {
	f.mu.Lock()
	defer f.mu.Unlock()
	select {
	case <-f.closed:
	default:
		close(f.closed)
	}
}

// URL is the fake's API base (PAYPAL_API_BASE).
func (f *Fake) URL() string { return f.opts.PublicURL }

// ClientID, Secret and WebhookID are the credentials the app needs.
func (f *Fake) ClientID() string  { return f.opts.ClientID }
func (f *Fake) Secret() string    { return f.opts.Secret }
func (f *Fake) WebhookID() string { return f.opts.WebhookID }

// SetWebhookURL sets where webhooks go (the app usually starts after the fake).
func (f *Fake) SetWebhookURL(u string) {
	f.mu.Lock()
	f.opts.WebhookURL = u
	f.mu.Unlock()
}

// SetPublicURL sets the address approval links point to.
func (f *Fake) SetPublicURL(u string) {
	f.mu.Lock()
	f.opts.PublicURL = strings.TrimRight(u, "/")
	f.mu.Unlock()
}

// FailWith makes every API request (not the token) for which fn returns a
// status answer with it; fn returning 0, or a nil fn, lets requests through.
func (f *Fake) FailWith(fn func(r *http.Request) int) {
	f.mu.Lock()
	f.fail = fn
	f.mu.Unlock()
}

// HangWhen makes API requests for which fn returns true wait until the
// caller gives up (its timeout), answering nothing.
func (f *Fake) HangWhen(fn func(r *http.Request) bool) {
	f.mu.Lock()
	f.hang = fn
	f.mu.Unlock()
}

// RevokeTokens forgets every access token handed out, as PayPal does when
// the app's credentials are rotated and as a restarted sandbox would: API
// calls with one of them are answered 401 AUTHENTICATION_FAILURE, and the
// app must fetch a new token.
func (f *Fake) RevokeTokens() {
	f.mu.Lock()
	clear(f.tokens)
	f.mu.Unlock()
}

// ExpireTokens makes every access token handed out expired: API calls with
// one of them are answered 401 with the OAuth error invalid_token.
func (f *Fake) ExpireTokens() {
	f.mu.Lock()
	for tok := range f.tokens {
		f.tokens[tok] = time.Time{}
	}
	f.mu.Unlock()
}

// Tokens returns the access tokens handed out that PayPal still knows.
func (f *Fake) Tokens() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	out := make([]string, 0, len(f.tokens))
	for tok := range f.tokens {
		out = append(out, tok)
	}
	return out
}

// TokensIssued counts the access tokens handed out so far.
func (f *Fake) TokensIssued() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.issued
}

// Subscription returns a copy of the subscription, or nil.
func (f *Fake) Subscription(id string) *Sub {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[id]
	if !ok {
		return nil
	}
	c := *s
	return &c
}

func (f *Fake) now() time.Time { return f.opts.Now().UTC().Truncate(time.Second) }

func (f *Fake) newID(prefix string) string {
	f.seq++
	b := make([]byte, 5)
	_, _ = rand.Read(b)
	return fmt.Sprintf("%s%04d%s", prefix, f.seq, strings.ToUpper(hex.EncodeToString(b)))
}

// CreateSubscription makes a subscription awaiting approval, as the buyer's
// PayPal button does, and returns its id.
func (f *Fake) CreateSubscription(planID, customID string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.create(planID, customID, "", "", 1).ID
}

// Subscribe creates a subscription and approves it: it is ACTIVE, the first
// payment is taken, and the webhooks are queued.
func (f *Fake) Subscribe(planID, customID string) string {
	id := f.CreateSubscription(planID, customID)
	if err := f.Approve(id); err != nil {
		panic(err)
	}
	return id
}

func (f *Fake) create(planID, customID, returnURL, cancelURL string, quantity int) *Sub {
	now := f.now()
	s := &Sub{ID: f.newID("I-"), PlanID: planID, CustomID: customID, Status: StatusApprovalPending, Quantity: quantity,
		ReturnURL: returnURL, CancelURL: cancelURL, StartTime: now, UpdateTime: now, StatusUpdateTime: now}
	f.subs[s.ID] = s
	return s
}

// Approve is the buyer approving on PayPal's page: a new subscription
// becomes ACTIVE with its first payment; a pending revision takes effect.
func (f *Fake) Approve(id string) error {
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[id]
	if !ok {
		return fmt.Errorf("paypaltest: no subscription %s", id)
	}
	now := f.now()
	switch {
	case s.Status == StatusApprovalPending:
		s.Status, s.StatusUpdateTime, s.UpdateTime = StatusActive, now, now
		s.StartTime = now
		f.charge(s, now)
		f.enqueue(EventActivated, s)
		f.enqueueSale(s)
	case s.PendingPlan != "":
		s.PlanID, s.PendingPlan, s.UpdateTime = s.PendingPlan, "", now
		if s.PendingQuantity > 0 {
			s.Quantity, s.PendingQuantity = s.PendingQuantity, 0
		}
		f.enqueue(EventUpdated, s)
	default:
		return fmt.Errorf("paypaltest: nothing to approve on %s", id)
	}
	return nil
}

func (f *Fake) charge(s *Sub, at time.Time) {
	s.Charges++
	s.LastPayment = at
	s.NextBillingTime = at.AddDate(0, 1, 0)
}

// BillDue takes the next payment of every ACTIVE subscription whose next
// billing time is at or before now (the fake's clock), as PayPal does at the
// start of a cycle, and queues PAYMENT.SALE.COMPLETED. Suspended and
// cancelled subscriptions are not charged. It returns how many were billed.
func (f *Fake) BillDue() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	now := f.now()
	n := 0
	for _, s := range f.subs {
		if s.Status == StatusActive && !s.NextBillingTime.IsZero() && !s.NextBillingTime.After(now) {
			f.charge(s, s.NextBillingTime)
			s.UpdateTime = now
			f.enqueueSale(s)
			n++
		}
	}
	return n
}

// SetStatus changes a subscription as if the merchant or buyer did so at
// PayPal, queuing the matching webhook.
func (f *Fake) SetStatus(id, status string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.subs[id]
	now := f.now()
	s.Status, s.StatusUpdateTime, s.UpdateTime = status, now, now
	f.enqueue(map[string]string{StatusActive: EventActivated, StatusSuspended: EventSuspended,
		StatusCancelled: EventCancelled, StatusExpired: EventExpired}[status], s)
}

// resource is a subscription as PayPal's API answers it.
func (f *Fake) resource(s *Sub) map[string]any {
	r := map[string]any{
		"id": s.ID, "plan_id": s.PlanID, "status": s.Status, "custom_id": s.CustomID,
		"start_time":         s.StartTime.Format(time.RFC3339),
		"create_time":        s.StartTime.Format(time.RFC3339),
		"update_time":        s.UpdateTime.Format(time.RFC3339),
		"status_update_time": s.StatusUpdateTime.Format(time.RFC3339),
		"quantity":           strconv.Itoa(s.Quantity),
		"plan_overridden":    false,
		"links": []map[string]string{
			{"href": f.opts.PublicURL + "/v1/billing/subscriptions/" + s.ID, "rel": "self", "method": "GET"},
		},
	}
	if s.Status == StatusApprovalPending {
		r["links"] = append(r["links"].([]map[string]string),
			map[string]string{"href": f.approveURL(s.ID), "rel": "approve", "method": "GET"})
	}
	bi := map[string]any{
		"outstanding_balance": map[string]string{"currency_code": "EUR", "value": "0.00"},
		"cycle_executions": []map[string]any{{"tenure_type": "REGULAR", "sequence": 1,
			"cycles_completed": s.Charges, "cycles_remaining": 0, "total_cycles": 0}},
		"failed_payments_count": 0,
	}
	if !s.LastPayment.IsZero() {
		bi["last_payment"] = map[string]any{"amount": map[string]string{"currency_code": "EUR", "value": "29.00"},
			"time": s.LastPayment.Format(time.RFC3339)}
	}
	if s.Status == StatusActive && !s.NextBillingTime.IsZero() {
		bi["next_billing_time"] = s.NextBillingTime.Format(time.RFC3339)
	}
	if s.Status == StatusSuspended && !s.NextBillingTime.IsZero() {
		// PayPal keeps showing when the next payment would have been.
		bi["next_billing_time"] = s.NextBillingTime.Format(time.RFC3339)
	}
	r["billing_info"] = bi
	return r
}

func (f *Fake) approveURL(id string) string {
	return f.opts.PublicURL + "/checkoutnow?subscription_id=" + url.QueryEscape(id)
}

func (f *Fake) enqueue(typ string, s *Sub) {
	f.push(typ, "subscription", f.resource(s))
}

func (f *Fake) enqueueSale(s *Sub) {
	f.push(EventSaleCompleted, "sale", map[string]any{
		"id": f.newID("SALE-"), "state": "completed", "billing_agreement_id": s.ID,
		"amount":      map[string]string{"total": "29.00", "currency": "EUR"},
		"create_time": s.LastPayment.Format(time.RFC3339), "update_time": s.LastPayment.Format(time.RFC3339),
	})
}

func (f *Fake) push(typ, resourceType string, resource map[string]any) {
	id := f.newID("WH-EV-")
	body, _ := json.Marshal(map[string]any{
		"id": id, "event_version": "1.0", "create_time": f.now().Format(time.RFC3339),
		"resource_type": resourceType, "resource_version": "2.0", "event_type": typ,
		"summary": typ, "resource": resource, "links": []any{},
	})
	ev := Event{ID: id, Type: typ, Body: body}
	f.queue = append(f.queue, ev)
	if f.opts.AutoDeliver && f.opts.WebhookURL != "" {
		f.queue = f.queue[:len(f.queue)-1]
		go func() { _, _ = f.Send(ev) }()
	}
}

// Pending returns the queued, undelivered events, oldest first, and empties
// the queue; send them with Send in any order.
func (f *Fake) Pending() []Event {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.queue
	f.queue = nil
	return q
}

// Deliver sends every queued event in order and returns the statuses the
// webhook answered.
func (f *Fake) Deliver() ([]int, error) {
	var out []int
	for _, ev := range f.Pending() {
		st, err := f.Send(ev)
		if err != nil {
			return out, err
		}
		out = append(out, st)
	}
	return out, nil
}

// Send posts ev, signed, to the webhook URL and returns the answer's status.
// Sending an event twice is a redelivery.
func (f *Fake) Send(ev Event) (int, error) {
	return f.SendSigned(ev, true)
}

// SendSigned posts ev with a valid signature, or with a wrong one.
func (f *Fake) SendSigned(ev Event, valid bool) (int, error) {
	f.mu.Lock()
	target := f.opts.WebhookURL
	f.sent = append(f.sent, ev)
	f.mu.Unlock()
	if target == "" {
		return 0, fmt.Errorf("paypaltest: no webhook URL")
	}
	req, err := http.NewRequest("POST", target, bytes.NewReader(ev.Body))
	if err != nil {
		return 0, err
	}
	tid := f.newTransmissionID()
	ttime := f.now().Format(time.RFC3339)
	sig := f.sign(tid, ttime, f.opts.WebhookID, ev.Body)
	if !valid {
		sig = base64.StdEncoding.EncodeToString([]byte("forged"))
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("PAYPAL-TRANSMISSION-ID", tid)
	req.Header.Set("PAYPAL-TRANSMISSION-TIME", ttime)
	req.Header.Set("PAYPAL-TRANSMISSION-SIG", sig)
	req.Header.Set("PAYPAL-AUTH-ALGO", "SHA256withRSA")
	req.Header.Set("PAYPAL-CERT-URL", f.opts.PublicURL+"/v1/notifications/certs/CERT-FAKE")
	res, err := f.client.Do(req)
	if err != nil {
		return 0, err
	}
	_, _ = io.Copy(io.Discard, res.Body)
	res.Body.Close()
	return res.StatusCode, nil
}

func (f *Fake) newTransmissionID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// sign is the stand-in signature over PayPal's signed string.
func (f *Fake) sign(tid, ttime, webhookID string, body []byte) string {
	var compact bytes.Buffer
	if json.Compact(&compact, body) == nil {
		body = compact.Bytes()
	}
	msg := fmt.Sprintf("%s|%s|%s|%d", tid, ttime, webhookID, crc32.ChecksumIEEE(body))
	m := hmac.New(sha256.New, f.key)
	m.Write([]byte(msg))
	return base64.StdEncoding.EncodeToString(m.Sum(nil))
}

// Handler serves PayPal's API, the approval page and the stand-in browser
// script.
func (f *Fake) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /v1/oauth2/token", f.handleToken)
	mux.HandleFunc("POST /v1/oauth2/token/terminate", f.handleTerminate)
	mux.HandleFunc("POST /v1/billing/subscriptions", f.api(f.handleCreate))
	mux.HandleFunc("GET /v1/billing/subscriptions/{id}", f.api(f.handleGet))
	mux.HandleFunc("POST /v1/billing/subscriptions/{id}/revise", f.api(f.handleRevise))
	mux.HandleFunc("POST /v1/billing/subscriptions/{id}/{action}", f.api(f.handleAction))
	mux.HandleFunc("POST /v1/notifications/verify-webhook-signature", f.api(f.handleVerify))
	mux.HandleFunc("GET /checkoutnow", f.handleApprovalPage)
	mux.HandleFunc("POST /checkoutnow", f.handleApprovalPost)
	mux.HandleFunc("GET /sdk/js", f.handleScript)
	mux.HandleFunc("POST /sdk/subscriptions", f.handleBrowserCreate)
	mux.HandleFunc("OPTIONS /sdk/subscriptions", f.handleBrowserCreate)
	return mux
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// apiError answers in PayPal's error shape.
func apiError(w http.ResponseWriter, status int, name, issue, message string) {
	body := map[string]any{"name": name, "message": message, "debug_id": "fake-debug-id"}
	if issue != "" {
		body["details"] = []map[string]string{{"issue": issue, "description": message}}
	}
	writeJSON(w, status, body)
}

func (f *Fake) handleToken(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || id != f.opts.ClientID || secret != f.opts.Secret {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client",
			"error_description": "Client Authentication failed"})
		return
	}
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	tok := "A21AA" + hex.EncodeToString(b)
	const lifetime = 32400 // seconds, as PayPal's tokens
	f.mu.Lock()
	f.tokens[tok] = f.now().Add(lifetime * time.Second)
	f.issued++
	f.mu.Unlock()
	writeJSON(w, http.StatusOK, map[string]any{"scope": "https://uri.paypal.com/services/subscriptions",
		"access_token": tok, "token_type": "Bearer", "app_id": "APP-FAKE", "expires_in": lifetime, "nonce": "fake"})
}

// handleTerminate ends an access token before it expires (PayPal's
// POST /v1/oauth2/token/terminate: the app's credentials as basic auth, a
// form with token and token_type_hint=ACCESS_TOKEN).
func (f *Fake) handleTerminate(w http.ResponseWriter, r *http.Request) {
	id, secret, ok := r.BasicAuth()
	if !ok || id != f.opts.ClientID || secret != f.opts.Secret {
		writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_client",
			"error_description": "Client Authentication failed"})
		return
	}
	if err := r.ParseForm(); err != nil || r.PostForm.Get("token") == "" {
		writeJSON(w, http.StatusBadRequest, map[string]string{"error": "invalid_request",
			"error_description": "token is required"})
		return
	}
	f.mu.Lock()
	delete(f.tokens, r.PostForm.Get("token"))
	f.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

// api checks the bearer token, applies the fault injection and answers a
// repeated PayPal-Request-Id with the first answer, as PayPal does.
func (f *Fake) api(next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		expires, ok := f.tokens[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		expired := ok && !f.now().Before(expires)
		fail, hang := f.fail, f.hang
		f.mu.Unlock()
		if !ok {
			// PayPal's documented 401 (error_401: name, message, debug_id,
			// links).
			writeJSON(w, http.StatusUnauthorized, map[string]any{"name": "AUTHENTICATION_FAILURE",
				"message":  "Authentication failed due to missing authorization header, or invalid authentication credentials.",
				"debug_id": "fake-debug-id",
				"links": []map[string]string{{"href": "https://developer.paypal.com/api/rest/responses/#link-authorizationerrors",
					"rel": "information_link"}}})
			return
		}
		if expired {
			// An expired token is refused by the OAuth layer, in OAuth's
			// error shape (RFC 6750).
			w.Header().Set("WWW-Authenticate", `Bearer error="invalid_token"`)
			writeJSON(w, http.StatusUnauthorized, map[string]string{"error": "invalid_token",
				"error_description": "Access Token not found in cache"})
			return
		}
		if hang != nil && hang(r) {
			// The server notices the caller giving up only once the body
			// is read.
			_, _ = io.Copy(io.Discard, r.Body)
			select {
			case <-r.Context().Done():
			case <-f.closed:
			}
			return
		}
		if fail != nil {
			if st := fail(r); st != 0 {
				apiError(w, st, "INTERNAL_SERVICE_ERROR", "", "An internal service error has occurred.")
				return
			}
		}
		rid := r.Header.Get("PayPal-Request-Id")
		if rid != "" && r.Method == http.MethodPost {
			key := r.URL.Path + "|" + rid
			f.mu.Lock()
			prev, seen := f.requests[key]
			f.mu.Unlock()
			if seen {
				var rec struct {
					Status int             `json:"s"`
					Body   json.RawMessage `json:"b"`
				}
				_ = json.Unmarshal(prev, &rec)
				w.Header().Set("Content-Type", "application/json")
				w.WriteHeader(rec.Status)
				if len(rec.Body) > 0 && string(rec.Body) != "null" {
					_, _ = w.Write(rec.Body)
				}
				return
			}
			rw := &recorder{ResponseWriter: w, status: 200}
			next(rw, r)
			if rw.status < 500 {
				b, _ := json.Marshal(map[string]any{"s": rw.status, "b": json.RawMessage(orNull(rw.buf.Bytes()))})
				f.mu.Lock()
				f.requests[key] = b
				f.mu.Unlock()
			}
			return
		}
		next(w, r)
	}
}

func orNull(b []byte) []byte {
	if len(bytes.TrimSpace(b)) == 0 {
		return []byte("null")
	}
	return bytes.TrimSpace(b)
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(s int) { r.status = s; r.ResponseWriter.WriteHeader(s) }
func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

func (f *Fake) handleCreate(w http.ResponseWriter, r *http.Request) {
	var in struct {
		PlanID             string `json:"plan_id"`
		CustomID           string `json:"custom_id"`
		Quantity           string `json:"quantity"`
		ApplicationContext struct {
			ReturnURL string `json:"return_url"`
			CancelURL string `json:"cancel_url"`
		} `json:"application_context"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.PlanID == "" {
		apiError(w, http.StatusBadRequest, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "plan_id is required.")
		return
	}
	quantity, ok := parseQuantity(in.Quantity)
	if !ok {
		apiError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE", "quantity must be a positive whole number.")
		return
	}
	f.mu.Lock()
	s := f.create(in.PlanID, in.CustomID, in.ApplicationContext.ReturnURL, in.ApplicationContext.CancelURL, quantity)
	res := f.resource(s)
	f.mu.Unlock()
	writeJSON(w, http.StatusCreated, res)
}

// parseQuantity reads PayPal's quantity, a decimal string: "" is 1 (a
// subscription without a quantity); whole numbers of at least 1 are
// accepted (the app sells whole seats).
func parseQuantity(q string) (int, bool) {
	if q == "" {
		return 1, true
	}
	n, err := strconv.Atoi(q)
	return n, err == nil && n >= 1 && n <= 100000
}

func (f *Fake) handleGet(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	s, ok := f.subs[r.PathValue("id")]
	var res map[string]any
	if ok {
		res = f.resource(s)
	}
	f.mu.Unlock()
	if !ok {
		apiError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist.")
		return
	}
	writeJSON(w, http.StatusOK, res)
}

func (f *Fake) handleRevise(w http.ResponseWriter, r *http.Request) {
	var in struct {
		PlanID             string `json:"plan_id"`
		Quantity           string `json:"quantity"`
		ApplicationContext struct {
			ReturnURL string `json:"return_url"`
			CancelURL string `json:"cancel_url"`
		} `json:"application_context"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.PlanID == "" {
		apiError(w, http.StatusBadRequest, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "plan_id is required.")
		return
	}
	quantity, ok := parseQuantity(in.Quantity)
	if !ok {
		apiError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "INVALID_PARAMETER_VALUE", "quantity must be a positive whole number.")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[r.PathValue("id")]
	if !ok {
		apiError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist.")
		return
	}
	if s.Status != StatusActive {
		apiError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID", "Invalid subscription status for revise action; subscription status should be active.")
		return
	}
	s.PendingPlan, s.PendingQuantity = in.PlanID, 0
	if in.Quantity != "" {
		s.PendingQuantity = quantity
	}
	if in.ApplicationContext.ReturnURL != "" {
		s.ReturnURL = in.ApplicationContext.ReturnURL
	}
	answerQuantity := s.Quantity
	if s.PendingQuantity > 0 {
		answerQuantity = s.PendingQuantity
	}
	writeJSON(w, http.StatusOK, map[string]any{
		"plan_id": in.PlanID, "quantity": strconv.Itoa(answerQuantity), "plan_overridden": false, "effective_time": f.now().Format(time.RFC3339),
		"links": []map[string]string{{"href": f.approveURL(s.ID), "rel": "approve", "method": "GET"}},
	})
}

func (f *Fake) handleAction(w http.ResponseWriter, r *http.Request) {
	action := r.PathValue("action")
	// PayPal requires a reason (1 to 128 characters) to suspend or cancel;
	// it is optional to activate.
	var in struct {
		Reason string `json:"reason"`
	}
	_ = json.NewDecoder(io.LimitReader(r.Body, 64<<10)).Decode(&in)
	if (action == "suspend" || action == "cancel") && (in.Reason == "" || len(in.Reason) > 128) {
		apiError(w, http.StatusBadRequest, "INVALID_REQUEST", "MISSING_REQUIRED_PARAMETER", "reason is required (1 to 128 characters).")
		return
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	s, ok := f.subs[r.PathValue("id")]
	if !ok {
		apiError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "INVALID_RESOURCE_ID", "The specified resource does not exist.")
		return
	}
	var to, event string
	switch {
	case action == "suspend" && s.Status == StatusActive:
		to, event = StatusSuspended, EventSuspended
	case action == "activate" && s.Status == StatusSuspended:
		to, event = StatusActive, EventActivated
	case action == "cancel" && (s.Status == StatusActive || s.Status == StatusSuspended):
		to, event = StatusCancelled, EventCancelled
	case action == "suspend" || action == "activate" || action == "cancel":
		apiError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "SUBSCRIPTION_STATUS_INVALID",
			"Invalid subscription status for "+action+" action.")
		return
	default:
		apiError(w, http.StatusNotFound, "RESOURCE_NOT_FOUND", "", "Unknown action.")
		return
	}
	now := f.now()
	s.Status, s.StatusUpdateTime, s.UpdateTime, s.Reason = to, now, now, in.Reason
	if to == StatusActive && s.NextBillingTime.Before(now) {
		// PayPal bills a reactivated subscription at its next date; one
		// whose date passed while suspended is billed now.
		s.NextBillingTime = now
	}
	f.enqueue(event, s)
	w.WriteHeader(http.StatusNoContent)
}

func (f *Fake) handleVerify(w http.ResponseWriter, r *http.Request) {
	var in struct {
		AuthAlgo         string          `json:"auth_algo"`
		CertURL          string          `json:"cert_url"`
		TransmissionID   string          `json:"transmission_id"`
		TransmissionSig  string          `json:"transmission_sig"`
		TransmissionTime string          `json:"transmission_time"`
		WebhookID        string          `json:"webhook_id"`
		Event            json.RawMessage `json:"webhook_event"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
		apiError(w, http.StatusBadRequest, "INVALID_REQUEST", "", "Request is not well-formed.")
		return
	}
	status := "FAILURE"
	want := f.sign(in.TransmissionID, in.TransmissionTime, in.WebhookID, in.Event)
	if in.WebhookID == f.opts.WebhookID && hmac.Equal([]byte(want), []byte(in.TransmissionSig)) {
		status = "SUCCESS"
	}
	writeJSON(w, http.StatusOK, map[string]string{"verification_status": status})
}

var approvalPage = template.Must(template.New("approve").Parse(`<!doctype html>
<html lang="de"><head><meta charset="utf-8"><title>PayPal (Testumgebung)</title></head>
<body style="font-family:sans-serif;max-width:32rem;margin:3rem auto">
<h1>PayPal (Testumgebung)</h1>
<p>Abo {{.ID}}: Plan {{.Plan}}, Anzahl {{.Quantity}}</p>
<form method="post" action="/checkoutnow?subscription_id={{.ID}}">
<button type="submit" name="decision" value="approve">Zustimmen und abonnieren</button>
<button type="submit" name="decision" value="cancel">Abbrechen</button>
</form></body></html>`))

func (f *Fake) handleApprovalPage(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("subscription_id")
	s := f.Subscription(id)
	if s == nil {
		http.Error(w, "unknown subscription", http.StatusNotFound)
		return
	}
	plan, quantity := s.PlanID, s.Quantity
	if s.PendingPlan != "" {
		plan = s.PendingPlan
	}
	if s.PendingQuantity > 0 {
		quantity = s.PendingQuantity
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = approvalPage.Execute(w, map[string]string{"ID": id, "Plan": plan, "Quantity": strconv.Itoa(quantity)})
}

func (f *Fake) handleApprovalPost(w http.ResponseWriter, r *http.Request) {
	id := r.URL.Query().Get("subscription_id")
	s := f.Subscription(id)
	if s == nil {
		http.Error(w, "unknown subscription", http.StatusNotFound)
		return
	}
	back := s.ReturnURL
	if r.FormValue("decision") != "approve" {
		back = s.CancelURL
	} else if err := f.Approve(id); err != nil {
		http.Error(w, err.Error(), http.StatusConflict)
		return
	}
	if back == "" {
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		fmt.Fprintln(w, "OK")
		return
	}
	u, err := url.Parse(back)
	if err != nil {
		http.Error(w, "bad return URL", http.StatusBadRequest)
		return
	}
	q := u.Query()
	q.Set("subscription_id", id)
	q.Set("ba_token", "BA-FAKE")
	u.RawQuery = q.Encode()
	http.Redirect(w, r, u.String(), http.StatusSeeOther)
}

// handleScript serves a stand-in for PayPal's browser script
// (PAYPAL_SDK_URL points here in tests): paypal.Buttons renders one button
// labelled 'PayPal'; a click creates the subscription through the
// createSubscription callback (actions.subscription.create reaches the fake),
// approves it as the buyer would, and calls onApprove({subscriptionID}).
func (f *Fake) handleScript(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/javascript; charset=utf-8")
	w.Header().Set("Access-Control-Allow-Origin", "*")
	fmt.Fprintf(w, standInScript, f.URL())
}

// handleBrowserCreate is what the stand-in script calls for
// actions.subscription.create: it needs only the client id, as PayPal's
// own browser flow does.
func (f *Fake) handleBrowserCreate(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Access-Control-Allow-Origin", "*")
	w.Header().Set("Access-Control-Allow-Headers", "Content-Type")
	if r.Method == http.MethodOptions {
		w.WriteHeader(http.StatusNoContent)
		return
	}
	var in struct {
		ClientID string `json:"client_id"`
		PlanID   string `json:"plan_id"`
		CustomID string `json:"custom_id"`
		Approve  bool   `json:"approve"`
	}
	if err := json.NewDecoder(r.Body).Decode(&in); err != nil || in.ClientID != f.opts.ClientID || in.PlanID == "" {
		apiError(w, http.StatusBadRequest, "INVALID_REQUEST", "", "client_id and plan_id are required.")
		return
	}
	id := f.CreateSubscription(in.PlanID, in.CustomID)
	if in.Approve {
		if err := f.Approve(id); err != nil {
			apiError(w, http.StatusUnprocessableEntity, "UNPROCESSABLE_ENTITY", "", err.Error())
			return
		}
	}
	writeJSON(w, http.StatusCreated, map[string]string{"id": id})
}

const standInScript = `(function () {
  var base = %q;
  var script = document.currentScript;
  var clientId = script ? new URL(script.src).searchParams.get('client-id') : '';
  function Buttons(opts) {
    var closed = false;
    return {
      isEligible: function () { return true; },
      close: function () { closed = true; return Promise.resolve(); },
      render: function (container) {
        var el = typeof container === 'string' ? document.querySelector(container) : container;
        if (!el || closed) return Promise.resolve();
        // PayPal's script styles its buttons inline, with the nonce the page
        // gives it (data-csp-nonce); under the app's CSP a wrong or missing
        // nonce leaves the button unstyled, which the e2e test would see.
        var nonce = script ? script.getAttribute('data-csp-nonce') : null;
        if (!document.getElementById('paypal-fake-style')) {
          var style = document.createElement('style');
          style.id = 'paypal-fake-style';
          if (nonce) style.setAttribute('nonce', nonce);
          style.textContent = 'button[data-paypal-button]{background-color:rgb(255, 196, 57);}';
          document.head.appendChild(style);
        }
        var b = document.createElement('button');
        b.type = 'button';
        b.setAttribute('data-paypal-button', '');
        b.textContent = 'PayPal';
        b.addEventListener('click', function () {
          var actions = { subscription: { create: function (body) {
            return fetch(base + '/sdk/subscriptions', { method: 'POST', headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ client_id: clientId, plan_id: body.plan_id, custom_id: body.custom_id || '', approve: true }) })
              .then(function (r) { return r.json(); }).then(function (j) { return j.id; });
          } } };
          Promise.resolve(opts.createSubscription ? opts.createSubscription({}, actions) : null)
            .then(function (id) { return opts.onApprove ? opts.onApprove({ subscriptionID: id, orderID: id }, actions) : null; })
            .catch(function (err) { if (opts.onError) opts.onError(err); });
        });
        el.appendChild(b);
        return Promise.resolve();
      }
    };
  }
  window.paypal = { version: 'fake', Buttons: Buttons, FUNDING: { PAYPAL: 'paypal' } };
})();
`
