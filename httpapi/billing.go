package httpapi

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"

	"salescoach"
	"salescoach/billing"
)

// maxWebhookBody bounds a PayPal webhook delivery (events are a few KiB).
const maxWebhookBody = 256 << 10

type paypalConfigJSON struct {
	Configured bool              `json:"configured"`
	ClientID   string            `json:"clientId"`
	SDKURL     string            `json:"sdkUrl,omitempty"`
	Plans      map[string]string `json:"plans"`
	Prices     map[string]int    `json:"prices"`
	Currency   string            `json:"currency"`
}

// handlePayPalConfig answers what the browser's PayPal buttons need: the
// public client id, the Plus and Elite plan ids (the promo plan comes with
// a valid code from /api/promo/validate) and the prices. Without PayPal
// settings configured is false and the section says payments are not
// configured.
func (s *Server) handlePayPalConfig(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	out := paypalConfigJSON{Plans: map[string]string{}, Currency: "EUR",
		Prices: map[string]int{salescoach.PlanPlus: billing.PricePlus, salescoach.PlanElite: billing.PriceElite}}
	if s.Billing.Configured() {
		out.Configured, out.ClientID, out.SDKURL = true, s.Billing.ClientID, s.Billing.SDKURL
		out.Plans[salescoach.PlanPlus] = s.Billing.Plans.Plus
		out.Plans[salescoach.PlanElite] = s.Billing.Plans.Elite
	}
	writeJSON(w, http.StatusOK, out)
	return nil
}

type subscriptionIDRequest struct {
	SubscriptionID string `json:"subscriptionID"`
	PromoCode      string `json:"promoCode,omitempty"`
}

func (q *subscriptionIDRequest) Valid() salescoach.Problems {
	q.SubscriptionID, q.PromoCode = strings.TrimSpace(q.SubscriptionID), strings.TrimSpace(q.PromoCode)
	if !billing.ValidSubscriptionID(q.SubscriptionID) {
		return salescoach.Problems{"subscriptionID": salescoach.MsgSubscriptionID}
	}
	if len(q.PromoCode) > 32 {
		return salescoach.Problems{"promoCode": salescoach.MsgPromoUnknown}
	}
	return nil
}

// confirmRequest starts a paid plan: the subscription the caller's PayPal
// button created, the promo code it was made with, and the caller's express
// request that the service begin before the withdrawal period ends.
type confirmRequest struct {
	subscriptionIDRequest
	WithdrawalWaiver bool `json:"withdrawalWaiver"`
}

func (q *confirmRequest) Valid() salescoach.Problems {
	p := q.subscriptionIDRequest.Valid()
	if !q.WithdrawalWaiver {
		if p == nil {
			p = salescoach.Problems{}
		}
		p["withdrawalWaiver"] = salescoach.MsgWaiverRequired
	}
	return p
}

// recordWaiver records in the consent audit that the caller, starting a
// paid plan, expressly asked for the service to begin before the
// withdrawal period ends and so waived the right of withdrawal (issue 25
// point 15), under the current terms, with the browser's user agent. It
// runs before the plan starts: a plan never starts without its record
// (a start that fails afterwards leaves the record of a waiver the caller
// did declare).
func (s *Server) recordWaiver(r *http.Request, u *salescoach.User) error {
	if !s.Billing.Configured() {
		// No plan can start: nothing was declared for one.
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgPaymentsOff)
	}
	return s.Consents.RecordConsent(r.Context(), &salescoach.ConsentRecord{UserID: &u.ID,
		ConsentType: salescoach.ConsentWithdrawalWaiver, TermsVersion: salescoach.TermsVersionCurrent,
		UserAgent: truncate(r.UserAgent(), 512), CreatedAt: s.now()})
}

// subscriptionAnswer is the caller's subscription after a change, in the
// shape of GET /api/subscription.
func (s *Server) subscriptionAnswer(sub *salescoach.Subscription) subscriptionJSON {
	return subscriptionJSON{Tier: s.plans().Tier(sub.PlanID), Status: strings.ToLower(sub.Status),
		PayPalID: sub.PayPalID, PlanID: sub.PlanID, CancelAtPeriodEnd: sub.CancelAtPeriodEnd, CancelAt: sub.CancelAt, CycleStart: sub.CycleStart}
}

// handlePayPalConfirm accepts the subscription the caller's PayPal button
// created (billing.Service.Confirm) and answers the subscription. It needs
// withdrawalWaiver (400 naming it otherwise), recorded first.
func (s *Server) handlePayPalConfirm(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*confirmRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.recordWaiver(r, u); err != nil {
		return err
	}
	sub, err := s.Billing.Confirm(r.Context(), u.ID, req.SubscriptionID, req.PromoCode)
	if err != nil {
		return err
	}
	s.publishSubscription(r, u.ID, sub)
	writeJSON(w, http.StatusOK, s.subscriptionAnswer(sub))
	return nil
}

type reviseRequest struct {
	SubscriptionID string `json:"subscriptionID"`
	PlanID         string `json:"planId"`
	// WithdrawalWaiver: the change starts another paid plan (Plus or
	// Elite), which needs the same express request as the first start.
	WithdrawalWaiver bool `json:"withdrawalWaiver"`
}

func (q *reviseRequest) Valid() salescoach.Problems {
	p := salescoach.Problems{}
	if !billing.ValidSubscriptionID(strings.TrimSpace(q.SubscriptionID)) {
		p["subscriptionID"] = salescoach.MsgSubscriptionID
	}
	if q.PlanID = strings.TrimSpace(q.PlanID); q.PlanID == "" || len(q.PlanID) > 64 {
		p["planId"] = salescoach.MsgSubscriptionPlan
	}
	if !q.WithdrawalWaiver {
		p["withdrawalWaiver"] = salescoach.MsgWaiverRequired
	}
	return p
}

// handlePayPalRevise starts a plan change and answers PayPal's approval
// link {approveUrl}, where the browser goes next. It needs withdrawalWaiver
// (400 naming it otherwise), recorded first.
func (s *Server) handlePayPalRevise(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*reviseRequest](w, r, 0)
	if err != nil {
		return err
	}
	if err := s.recordWaiver(r, u); err != nil {
		return err
	}
	link, err := s.Billing.Revise(r.Context(), u.ID, strings.TrimSpace(req.SubscriptionID), req.PlanID)
	if err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]string{"approveUrl": link})
	return nil
}

type cancelRequest struct {
	SubscriptionID string `json:"subscriptionID"`
	Reason         string `json:"reason,omitempty"`
}

func (q *cancelRequest) Valid() salescoach.Problems {
	if !billing.ValidSubscriptionID(strings.TrimSpace(q.SubscriptionID)) {
		return salescoach.Problems{"subscriptionID": salescoach.MsgSubscriptionID}
	}
	return nil
}

// handlePayPalCancel cancels at the end of the paid period and answers the
// subscription with its cancel_at ('Abo endet am {date}').
func (s *Server) handlePayPalCancel(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*cancelRequest](w, r, 0)
	if err != nil {
		return err
	}
	sub, err := s.Billing.Cancel(r.Context(), u.ID, strings.TrimSpace(req.SubscriptionID), strings.TrimSpace(req.Reason))
	if err != nil {
		return err
	}
	s.publishSubscription(r, u.ID, sub)
	writeJSON(w, http.StatusOK, s.subscriptionAnswer(sub))
	return nil
}

// handlePayPalUncancel undoes a pending cancellation ('Kündigung
// zurückgenommen').
func (s *Server) handlePayPalUncancel(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	req, err := decode[*subscriptionIDRequest](w, r, 0)
	if err != nil {
		return err
	}
	sub, err := s.Billing.Uncancel(r.Context(), u.ID, req.SubscriptionID)
	if err != nil {
		return err
	}
	s.publishSubscription(r, u.ID, sub)
	writeJSON(w, http.StatusOK, s.subscriptionAnswer(sub))
	return nil
}

// handlePayPalWebhook applies PayPal's webhook deliveries; see
// billing.Service.Webhook. An unverified delivery is 400 and changes
// nothing.
func (s *Server) handlePayPalWebhook(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxWebhookBody))
	if err != nil {
		return salescoach.NewError(salescoach.ETOOLARGE, salescoach.MsgTooLarge)
	}
	// Only one JSON object is an event; anything else is refused before
	// PayPal is asked.
	var event map[string]json.RawMessage
	if !startsObject(body) || json.Unmarshal(body, &event) != nil {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgNotJSONObject)
	}
	if err := s.Billing.Webhook(r.Context(), r.Header, body); err != nil {
		return err
	}
	writeJSON(w, http.StatusOK, map[string]bool{"ok": true})
	return nil
}

type promoValidateRequest struct {
	Code string `json:"code"`
}

func (q *promoValidateRequest) Valid() salescoach.Problems {
	q.Code = strings.TrimSpace(q.Code)
	if q.Code == "" {
		return salescoach.Problems{"code": salescoach.MsgPromoCodeEmpty}
	}
	if len(q.Code) > 32 {
		return salescoach.Problems{"code": salescoach.MsgPromoUnknown}
	}
	return nil
}

type promoValidateJSON struct {
	OK     bool   `json:"ok"`
	Valid  bool   `json:"valid"`
	PlanID string `json:"planId,omitempty"`
	// Plan is the plan the code unlocks (plus, elite, promo), Price its
	// euros a month when known, Description the admin's text of the
	// promotion; all only with a valid code.
	Plan        string `json:"plan,omitempty"`
	Price       int    `json:"price,omitempty"`
	Currency    string `json:"currency,omitempty"`
	Description string `json:"description,omitempty"`
	// Code says why a code is not valid (a message key).
	Code string `json:"code,omitempty"`
}

// handlePromoValidate checks a promo code without using it: {ok, valid,
// planId} with the PayPal plan id the code unlocks, the plan, its price
// (when known) and the admin's description of the promotion; the redemption counts
// when that subscription is confirmed.
func (s *Server) handlePromoValidate(w http.ResponseWriter, r *http.Request, u *salescoach.User) error {
	if err := s.rateLimit(s.limits.promo, u.ID); err != nil {
		return err
	}
	req, err := decode[*promoValidateRequest](w, r, 0)
	if err != nil {
		return err
	}
	if !s.Billing.Configured() {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgPromoUnavailable)
	}
	c, err := s.Promos.CheckPromoCode(r.Context(), req.Code, u.ID, s.now())
	switch salescoach.ErrorCode(err) {
	case "":
	case salescoach.ENOTFOUND, salescoach.ECONFLICT, salescoach.ELIMIT:
		writeJSON(w, http.StatusOK, promoValidateJSON{OK: true, Code: err.(*salescoach.Error).Msg.Key})
		return nil
	default:
		return err
	}
	planID := map[string]string{salescoach.PlanPlus: s.Billing.Plans.Plus, salescoach.PlanElite: s.Billing.Plans.Elite,
		salescoach.PlanPromo: s.Billing.Plans.Promo}[c.Plan]
	if planID == "" {
		writeJSON(w, http.StatusOK, promoValidateJSON{OK: true, Code: salescoach.MsgPromoUnavailable.Key})
		return nil
	}
	price := map[string]int{salescoach.PlanPlus: billing.PricePlus, salescoach.PlanElite: billing.PriceElite,
		salescoach.PlanPromo: s.Billing.PromoPrice}[c.Plan]
	writeJSON(w, http.StatusOK, promoValidateJSON{OK: true, Valid: true, PlanID: planID, Plan: c.Plan, Price: price,
		Currency: "EUR", Description: c.Description})
	return nil
}

// publishSubscription tells the user's open tabs that their plan changed.
func (s *Server) publishSubscription(r *http.Request, userID string, sub *salescoach.Subscription) {
	if s.Hub != nil && sub != nil {
		s.Hub.Publish(r.Context(), salescoach.Change{UserID: userID, Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: userID})
	}
}
