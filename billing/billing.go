// Package billing runs paid plans on PayPal subscriptions: it confirms a
// subscription the browser's PayPal button created, changes its plan,
// cancels it at the end of the paid period (and undoes that), applies
// PayPal's webhooks, and runs the background work (period-end
// cancellations, the reconcile that repairs missed webhooks) in one process
// at a time. The PayPal adapter (paypal.go) sits beside it; paypaltest is a
// PayPal of our own for tests and demos.
//
// PayPal is the truth about a subscription: every change is read back from
// PayPal (never from the browser or a webhook's body) and written with
// SyncSubscription, which keeps newer state. The cancellation at period end
// is ours: see Cancel and docs/decisions.md.
package billing

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"regexp"
	"strings"
	"time"

	"salescoach"
	"salescoach/jobs"
)

// Prices shown, in euros a month.
const (
	PricePlus  = 29
	PriceElite = 99
)

// Service is the billing use cases.
type Service struct {
	PayPal Provider // nil: payments are not configured
	Store  salescoach.BillingStore
	Promos salescoach.PromoService
	Plans  salescoach.PlanIDs
	// ClientID is PayPal's public client id for the browser's buttons;
	// SDKURL is the browser script ("" for PayPal's own).
	ClientID, SDKURL string
	// PromoPrice is the promo plan's price in euros a month as set up at
	// PayPal (PAYPAL_PROMO_PRICE), shown with a valid code; 0: not known.
	PromoPrice int
	// PublicURL is the site origin PayPal sends the buyer back to.
	PublicURL string
	Now       func() time.Time
	Log       *slog.Logger
	// Changes tells the user's open tabs that PayPal changed their
	// subscription (a webhook, the reconcile, the period-end job); nil
	// tells nobody.
	Changes salescoach.ChangePublisher
	// Seats stores team subscriptions and their seats (seats.go); nil: no
	// seats are sold.
	Seats salescoach.SeatService
}

// Tier maps a plan id to the plan it grants, by the configured plan ids:
// billing is the one source of them (the chat quota asks here too). A nil
// Service knows no plan ids: everything is Free.
func (s *Service) Tier(planID string) string {
	if s == nil {
		return salescoach.PlanFree
	}
	return s.Plans.Tier(planID)
}

var _ salescoach.Tiers = (*Service)(nil)

// changed announces a change of the user's subscription.
func (s *Service) changed(ctx context.Context, userID string) {
	if s.Changes != nil {
		s.Changes.Publish(ctx, salescoach.Change{UserID: userID, Type: salescoach.ChangeUser, Op: salescoach.OpUpdate, ID: userID})
	}
}

// Configured reports whether payments can be taken.
func (s *Service) Configured() bool {
	return s != nil && s.PayPal != nil && s.ClientID != "" && s.Plans.Plus != "" && s.Plans.Elite != ""
}

func (s *Service) now() time.Time {
	if s.Now == nil {
		return time.Now().UTC()
	}
	return s.Now().UTC()
}

func (s *Service) log() *slog.Logger {
	if s.Log == nil {
		return slog.Default()
	}
	return s.Log
}

func (s *Service) requireConfigured() error {
	if !s.Configured() {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgPaymentsOff)
	}
	return nil
}

var subscriptionIDPattern = regexp.MustCompile(`^[A-Za-z0-9-]{3,64}$`)

// ValidSubscriptionID reports whether id can be a PayPal subscription id.
func ValidSubscriptionID(id string) bool { return subscriptionIDPattern.MatchString(id) }

// ours reports whether planID is one of the configured plans.
func (s *Service) ours(planID string) bool {
	return planID != "" && (planID == s.Plans.Plus || planID == s.Plans.Elite || planID == s.Plans.Promo)
}

// failed turns a provider error into the user's message for the operation:
// unavailable becomes EUNAVAILABLE with retry, an unknown subscription
// ENOTFOUND, any other refusal failMsg.
func failed(err error, retryMsg, failMsg salescoach.Msg) error {
	var pe *ProviderError
	switch {
	case errors.Is(err, ErrUnavailable):
		e := salescoach.NewError(salescoach.EUNAVAILABLE, retryMsg)
		e.RetryAfter = 30
		return e
	case errors.As(err, &pe) && pe.NotFound():
		return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSubscriptionMissing)
	case errors.As(err, &pe):
		return salescoach.NewError(salescoach.ECONFLICT, failMsg)
	}
	return err
}

// snapshot turns PayPal's report into the row's PayPal-owned fields.
func snapshot(userID string, r *Remote) *salescoach.Subscription {
	sub := &salescoach.Subscription{UserID: userID, PayPalID: r.ID, PlanID: r.PlanID, Status: r.Status, UpdateTime: r.UpdateTime}
	switch {
	case !r.LastPayment.IsZero():
		t := r.LastPayment
		sub.CycleStart = &t
	case !r.StartTime.IsZero() && r.Status == salescoach.SubscriptionActive:
		t := r.StartTime
		sub.CycleStart = &t
	}
	return sub
}

// sync reads the subscription from PayPal and writes it for userID; the
// user's tabs hear of it when something changed.
func (s *Service) sync(ctx context.Context, userID, paypalID string) (*salescoach.Subscription, error) {
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		return nil, err
	}
	sub := snapshot(userID, r)
	wrote, err := s.Store.SyncSubscription(ctx, sub)
	if err != nil {
		return nil, err
	}
	if err := s.syncSeats(ctx, r); err != nil {
		return nil, err
	}
	if wrote {
		s.changed(ctx, userID)
	}
	return sub, nil
}

// CustomID is the custom_id the browser's PayPal button gives a new
// subscription: the user's id, and for the promo plan ":" and the promo
// code. PayPal keeps it, so a subscription whose confirmation never
// arrived (the browser closed after the approval) can still be adopted
// from its webhook, with the code redeemed then as at confirm.
func CustomID(userID, promoCode string) string {
	if promoCode == "" {
		return userID
	}
	return userID + ":" + promoCode
}

// parseCustomID splits a custom_id made by CustomID.
func parseCustomID(customID string) (userID, promoCode string) {
	userID, promoCode, _ = strings.Cut(customID, ":")
	return userID, promoCode
}

// Confirm accepts the PayPal subscription the user's button created. It
// reads it from PayPal and accepts it only when its plan is ours, its
// status APPROVED or ACTIVE, and its custom id names the user (CustomID);
// the promo plan also needs a promo code (promoCode, else the one in the
// custom id), which is redeemed then, in the transaction that stores the
// subscription (a code with one use left is used once however many confirm
// at once, and a failed write uses none). Confirming again changes
// nothing.
//
// Errors: EUNAVAILABLE (payments not configured; PayPal down: nothing
// changed), EINVALID (malformed id, foreign plan, not approved, promo code
// missing), ENOTFOUND (PayPal does not know it), ECONFLICT (made for or
// confirmed by another account, the user has another subscription in
// force, the promo code was redeemed before), ELIMIT (promo code used up).
func (s *Service) Confirm(ctx context.Context, userID, paypalID, promoCode string) (*salescoach.Subscription, error) {
	if err := s.requireConfigured(); err != nil {
		return nil, err
	}
	if !ValidSubscriptionID(paypalID) {
		return nil, salescoach.FieldError("subscriptionID", salescoach.MsgSubscriptionID)
	}
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		return nil, failed(err, salescoach.MsgConfirmFailed, salescoach.MsgConfirmFailed)
	}
	owner, code := parseCustomID(r.CustomID)
	if owner != userID {
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSubscriptionTaken)
	}
	if promoCode == "" {
		promoCode = code
	}
	return s.adopt(ctx, userID, r, promoCode, salescoach.OrphanViaConfirm)
}

// adopt stores a subscription PayPal reports as made for userID, after the
// checks of Confirm (whose errors it returns). One made for an account that
// no longer exists is cancelled at PayPal instead (orphaned); via says
// which path found it.
func (s *Service) adopt(ctx context.Context, userID string, r *Remote, promoCode, via string) (*salescoach.Subscription, error) {
	switch {
	case !s.ours(r.PlanID):
		return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgSubscriptionPlan)
	case r.Status != salescoach.SubscriptionApproved && r.Status != salescoach.SubscriptionActive:
		return nil, salescoach.NewError(salescoach.EINVALID, salescoach.MsgSubscriptionStatus)
	}
	if salescoach.IsUUID(userID) {
		exists, err := s.Store.AccountExists(ctx, userID)
		if err != nil {
			return nil, err
		}
		if !exists {
			return nil, s.orphaned(ctx, userID, r, via)
		}
	}
	sub, err := s.store(ctx, userID, r, promoCode)
	if salescoach.ErrorCode(err) == salescoach.ENOTFOUND && salescoach.IsUUID(userID) {
		// The account may have been deleted after the check above (its
		// rows went with it, or the write found no user to refer to).
		if exists, xerr := s.Store.AccountExists(ctx, userID); xerr == nil && !exists {
			return nil, s.orphaned(ctx, userID, r, via)
		}
	}
	return sub, err
}

// orphanReason is what PayPal is told when a subscription is cancelled
// because its account no longer exists.
const orphanReason = "The customer's account no longer exists"

// orphaned cancels at PayPal a subscription approved for an account that no
// longer exists, so that nobody is charged for a plan no account gets, and
// records it for the back-office (Store.RecordOrphanedSubscription) whether
// or not PayPal accepted. It returns ENOTFOUND (MsgNoUser) once the
// subscription is cancelled (the webhook acknowledges it, a confirmation
// learns there is no such account), and EUNAVAILABLE when the cancellation
// failed, so that PayPal delivers the webhook again.
func (s *Service) orphaned(ctx context.Context, userID string, r *Remote, via string) error {
	o := &salescoach.OrphanedSubscription{PayPalID: r.ID, UserID: userID, PlanID: r.PlanID, Via: via, Reason: orphanReason}
	err := s.PayPal.Cancel(ctx, r.ID, orphanReason, requestID("orphan", r, ""))
	if err != nil {
		o.Error = truncate(err.Error(), 500)
		s.log().Error("subscription of a deleted account could not be cancelled at PayPal", "subscription", r.ID, "user", userID, "err", err)
	} else {
		now := s.now()
		o.CancelledAt = &now
		s.log().Warn("subscription of a deleted account cancelled at PayPal", "subscription", r.ID, "user", userID, "via", via)
	}
	if rerr := s.Store.RecordOrphanedSubscription(context.WithoutCancel(ctx), o); rerr != nil {
		s.log().Error("orphaned subscription not recorded", "subscription", r.ID, "err", rerr)
		if err == nil {
			return rerr
		}
	}
	if err != nil {
		return failed(err, salescoach.MsgPayPalDown, salescoach.MsgPayPalDown)
	}
	return salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgNoUser)
}

// store writes a subscription adopt accepted for an existing account.
func (s *Service) store(ctx context.Context, userID string, r *Remote, promoCode string) (*salescoach.Subscription, error) {
	existing, err := s.Store.SubscriptionByPayPalID(ctx, r.ID)
	switch salescoach.ErrorCode(err) {
	case "":
		if existing.UserID != userID {
			return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSubscriptionTaken)
		}
		// Confirmed before: only bring it up to date.
		sub := snapshot(userID, r)
		_, err := s.Store.SyncSubscription(ctx, sub)
		return sub, err
	case salescoach.ENOTFOUND:
	default:
		return nil, err
	}
	latest, err := s.Store.LatestSubscription(ctx, userID)
	if err == nil && latest.PayPalID != r.ID && latest.Active() {
		s.reject(ctx, r, "The customer has another subscription")
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSubscriptionExists)
	} else if err != nil && salescoach.ErrorCode(err) != salescoach.ENOTFOUND {
		return nil, err
	}
	sub := snapshot(userID, r)
	if s.Plans.Promo != "" && r.PlanID == s.Plans.Promo && r.PlanID != s.Plans.Elite {
		if promoCode == "" {
			// The browser may send the code again: the subscription stays.
			return nil, salescoach.FieldError("promoCode", salescoach.MsgPromoRequired)
		}
		if _, err := s.Store.ConfirmWithPromo(ctx, sub, promoCode, salescoach.PlanPromo, s.now()); err != nil {
			// A confirmation of this very subscription may have raced this
			// one (the browser's and the webhook's) and won: then the code
			// is used, by this subscription, and all is well.
			if cur, err2 := s.Store.SubscriptionByPayPalID(ctx, r.ID); err2 == nil && cur.UserID == userID {
				return cur, nil
			}
			var e *salescoach.Error
			switch salescoach.ErrorCode(err) {
			case salescoach.ENOTFOUND, salescoach.ELIMIT, salescoach.EINVALID:
			case salescoach.ECONFLICT:
				if !errors.As(err, &e) || e.Msg.Key != salescoach.MsgPromoRedeemed.Key {
					return nil, err
				}
			default:
				// Nothing was stored and the code is not used: the user may
				// try again.
				return nil, err
			}
			s.reject(ctx, r, "The promo code is not valid for this plan")
			return nil, err
		}
	} else if _, err := s.Store.SyncSubscription(ctx, sub); err != nil {
		return nil, err
	}
	s.log().Info("subscription confirmed", "user", userID, "subscription", r.ID, "status", sub.Status)
	return sub, nil
}

// reject cancels at PayPal a subscription Confirm refused although it was
// made for the user on one of our plans (a second subscription, a promo
// price without a valid code), so the buyer is not charged for a plan they
// do not get. A failure is logged; the subscription is then the operator's
// to cancel.
func (s *Service) reject(ctx context.Context, r *Remote, reason string) {
	if salescoach.SubscriptionFinal(r.Status) {
		return
	}
	if err := s.PayPal.Cancel(ctx, r.ID, reason, requestID("reject", r, "")); err != nil {
		s.log().Error("refused subscription could not be cancelled at PayPal", "subscription", r.ID, "err", err)
		return
	}
	s.log().Info("refused subscription cancelled at PayPal", "subscription", r.ID, "reason", reason)
}

// mine returns the user's subscription with that PayPal id; ENOTFOUND when
// there is none.
func (s *Service) mine(ctx context.Context, userID, paypalID string) (*salescoach.Subscription, error) {
	if !ValidSubscriptionID(paypalID) {
		return nil, salescoach.FieldError("subscriptionID", salescoach.MsgSubscriptionID)
	}
	sub, err := s.Store.SubscriptionByPayPalID(ctx, paypalID)
	if err != nil {
		return nil, err
	}
	if sub.UserID != userID {
		return nil, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSubscriptionMissing)
	}
	return sub, nil
}

// requestID names one intended change of a subscription: a retry of the
// same change (same state seen at PayPal) carries the same id, so PayPal
// applies it once.
func requestID(op string, r *Remote, extra string) string {
	return fmt.Sprintf("sc-%s-%s-%d%s", op, r.ID, r.UpdateTime.Unix(), extra)
}

// Revise asks PayPal to move the user's active subscription to planID (the
// Plus or Elite plan id) and returns the link where the buyer approves the
// change; the new tier shows once PayPal reports it (webhook or reconcile).
//
// Errors: EUNAVAILABLE (not configured; PayPal down: 'Plan-Wechsel
// fehlgeschlagen' with retry), EINVALID (plan not Plus or Elite, or the one
// it has), ENOTFOUND (not the user's), ECONFLICT (not active, or PayPal
// refused).
func (s *Service) Revise(ctx context.Context, userID, paypalID, planID string) (string, error) {
	if err := s.requireConfigured(); err != nil {
		return "", err
	}
	if planID != s.Plans.Plus && planID != s.Plans.Elite {
		return "", salescoach.FieldError("planId", salescoach.MsgSubscriptionPlan)
	}
	sub, err := s.mine(ctx, userID, paypalID)
	if err != nil {
		return "", err
	}
	if !sub.Active() || sub.CancelAtPeriodEnd {
		return "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgReviseFailed)
	}
	if s.Plans.Tier(sub.PlanID) == s.Plans.Tier(planID) {
		return "", salescoach.FieldError("planId", salescoach.MsgReviseFailed)
	}
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		return "", failed(err, salescoach.MsgReviseFailed, salescoach.MsgReviseFailed)
	}
	back := s.PublicURL + "/app/dashboard?paypal=revised"
	link, err := s.PayPal.Revise(ctx, paypalID, planID, 0, back, s.PublicURL+"/app/dashboard", requestID("revise", r, "-"+planID))
	if err != nil {
		return "", failed(err, salescoach.MsgReviseFailed, salescoach.MsgReviseFailed)
	}
	return link, nil
}

// Cancel ends the user's subscription at the end of the paid period: PayPal
// has no 'cancel at period end' and cannot revive a cancelled subscription,
// so the subscription is suspended at PayPal now (no further charge), keeps
// its plan here until cancel_at (PayPal's next billing time), and is
// cancelled for good at PayPal by FinishDueCancellations then. Uncancel
// activates it again before that. Cancelling a pending cancellation again
// answers the same cancel_at.
//
// Errors: EUNAVAILABLE (not configured; PayPal down: nothing changed),
// ENOTFOUND (not the user's), ECONFLICT (not active, or PayPal refused).
func (s *Service) Cancel(ctx context.Context, userID, paypalID, reason string) (*salescoach.Subscription, error) {
	if err := s.requireConfigured(); err != nil {
		return nil, err
	}
	sub, err := s.mine(ctx, userID, paypalID)
	if err != nil {
		return nil, err
	}
	if sub.CancelAtPeriodEnd && sub.CancelAt != nil && sub.Active() {
		return sub, nil
	}
	if !sub.Active() {
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgCancelFailed)
	}
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		return nil, failed(err, salescoach.MsgCancelRetry, salescoach.MsgCancelFailed)
	}
	end := r.NextBilling
	if end.IsZero() {
		// PayPal names no next payment: the period runs a month from its start.
		start := s.now()
		if sub.CycleStart != nil {
			start = *sub.CycleStart
		}
		end = start.AddDate(0, 1, 0)
	}
	switch r.Status {
	case salescoach.SubscriptionActive:
		if reason == "" {
			reason = "Cancelled by the customer"
		}
		if err := s.PayPal.Suspend(ctx, paypalID, truncate(reason, 128), requestID("suspend", r, "")); err != nil {
			return nil, failed(err, salescoach.MsgCancelRetry, salescoach.MsgCancelFailed)
		}
	case salescoach.SubscriptionSuspended:
		// Suspended before (a retry after a failure here): nothing to do.
	default:
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgCancelFailed)
	}
	if _, err := s.Store.SetCancelAt(ctx, userID, paypalID, true, &end); err != nil {
		return nil, err
	}
	if _, err := s.sync(ctx, userID, paypalID); err != nil {
		// The suspension and the mark stand; the webhook or the reconcile
		// brings the status.
		s.log().Warn("subscription cancel: read back failed", "subscription", paypalID, "err", err)
	}
	s.log().Info("subscription cancel at period end", "user", userID, "subscription", paypalID, "cancel_at", end)
	return s.Store.SubscriptionByPayPalID(ctx, paypalID)
}

// Uncancel undoes a pending cancellation before cancel_at: the subscription
// is activated at PayPal again and the mark cleared.
//
// Errors: EUNAVAILABLE (not configured; PayPal down: nothing changed),
// ENOTFOUND (not the user's), ECONFLICT (no pending cancellation, its time
// passed, or PayPal refused: 'Kündigung konnte nicht zurückgenommen
// werden.').
func (s *Service) Uncancel(ctx context.Context, userID, paypalID string) (*salescoach.Subscription, error) {
	if err := s.requireConfigured(); err != nil {
		return nil, err
	}
	sub, err := s.mine(ctx, userID, paypalID)
	if err != nil {
		return nil, err
	}
	if !sub.CancelAtPeriodEnd || sub.CancelAt == nil || !sub.Active() || !s.now().Before(*sub.CancelAt) {
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgUncancelFailed)
	}
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		return nil, failed(err, salescoach.MsgUncancelFailed, salescoach.MsgUncancelFailed)
	}
	switch r.Status {
	case salescoach.SubscriptionSuspended:
		if err := s.PayPal.Activate(ctx, paypalID, "Cancellation withdrawn by the customer", requestID("activate", r, "")); err != nil {
			return nil, failed(err, salescoach.MsgUncancelFailed, salescoach.MsgUncancelFailed)
		}
	case salescoach.SubscriptionActive:
	default:
		return nil, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgUncancelFailed)
	}
	if _, err := s.Store.SetCancelAt(ctx, userID, paypalID, false, nil); err != nil {
		return nil, err
	}
	if _, err := s.sync(ctx, userID, paypalID); err != nil {
		s.log().Warn("subscription uncancel: read back failed", "subscription", paypalID, "err", err)
	}
	return s.Store.SubscriptionByPayPalID(ctx, paypalID)
}

// webhookEvent is the part of a PayPal event billing reads.
type webhookEvent struct {
	ID        string `json:"id"`
	EventType string `json:"event_type"`
	Resource  struct {
		ID                 string `json:"id"`
		BillingAgreementID string `json:"billing_agreement_id"`
	} `json:"resource"`
}

// Webhook applies one delivery of PayPal's webhook. It asks PayPal to
// verify the signature first (unverified: EINVALID, nothing changes);
// applies each event id once; reads the subscription the event is about
// from PayPal and writes it (so an event that arrives late never
// overwrites newer state, and the event's body is never trusted beyond
// naming the subscription); and acknowledges event types it does not act
// on and subscriptions it does not know.
//
// Errors: EINVALID (not verified, or no event), EUNAVAILABLE (PayPal down:
// PayPal delivers again later).
func (s *Service) Webhook(ctx context.Context, header http.Header, body []byte) error {
	if s == nil || s.PayPal == nil {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgPaymentsOff)
	}
	ok, err := s.PayPal.VerifyWebhook(ctx, header, body)
	if err != nil {
		return failed(err, salescoach.MsgPayPalDown, salescoach.MsgWebhookUnverified)
	}
	if !ok {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgWebhookUnverified)
	}
	var ev webhookEvent
	if err := json.Unmarshal(body, &ev); err != nil || ev.ID == "" {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgWebhookUnverified)
	}
	seen, err := s.Store.WebhookEventSeen(ctx, ev.ID)
	if err != nil || seen {
		return err
	}
	var subID string
	switch {
	case strings.HasPrefix(ev.EventType, "BILLING.SUBSCRIPTION."):
		subID = ev.Resource.ID
	case strings.HasPrefix(ev.EventType, "PAYMENT.SALE."):
		subID = ev.Resource.BillingAgreementID
	}
	if subID != "" {
		local, err := s.Store.SubscriptionByPayPalID(ctx, subID)
		switch salescoach.ErrorCode(err) {
		case "":
			if _, err := s.sync(ctx, local.UserID, subID); err != nil {
				return failed(err, salescoach.MsgPayPalDown, salescoach.MsgPayPalDown)
			}
		case salescoach.ENOTFOUND:
			// Not confirmed here (yet): the browser may have closed after
			// the buyer's approval. PayPal knows whose it is.
			if err := s.adoptUnconfirmed(ctx, subID); err != nil {
				return err
			}
		default:
			return err
		}
	}
	s.log().Info("paypal webhook", "event", ev.ID, "type", ev.EventType, "subscription", subID)
	return s.Store.RecordWebhookEvent(ctx, ev.ID, ev.EventType, subID)
}

// adoptUnconfirmed stores a subscription a webhook names that was never
// confirmed here, when PayPal reports it as made for one of our users
// (custom_id, see CustomID) on one of our plans and approved or active:
// what Confirm would have done, with the same checks. Anything else is
// acknowledged and left alone; only PayPal or the database being down is an
// error, so that PayPal delivers the event again.
func (s *Service) adoptUnconfirmed(ctx context.Context, paypalID string) error {
	r, err := s.PayPal.Subscription(ctx, paypalID)
	if err != nil {
		if errors.Is(err, ErrUnavailable) {
			return failed(err, salescoach.MsgPayPalDown, salescoach.MsgPayPalDown)
		}
		s.log().Warn("paypal webhook: subscription not readable", "subscription", paypalID, "err", err)
		return nil
	}
	owner, code := parseCustomID(r.CustomID)
	if owner == "" || !s.ours(r.PlanID) ||
		(r.Status != salescoach.SubscriptionApproved && r.Status != salescoach.SubscriptionActive) {
		return nil
	}
	sub, err := s.adopt(ctx, owner, r, code, salescoach.OrphanViaWebhook)
	switch salescoach.ErrorCode(err) {
	case "":
		s.log().Info("unconfirmed subscription adopted from a webhook", "user", owner, "subscription", paypalID)
		s.changed(ctx, sub.UserID)
		return nil
	case salescoach.EINVALID, salescoach.ENOTFOUND, salescoach.ECONFLICT, salescoach.ELIMIT:
		s.log().Warn("unconfirmed subscription not adopted", "subscription", paypalID, "err", err)
		return nil
	}
	return err
}

// FinishDueCancellations cancels at PayPal, for good, every subscription
// whose pending cancellation reached cancel_at, and records it here (the
// plan ends: Free). A failure leaves the subscription for the next run.
// It returns how many were finished.
func (s *Service) FinishDueCancellations(ctx context.Context) (int, error) {
	if s.PayPal == nil {
		return 0, nil
	}
	due, err := s.Store.DueCancellations(ctx, s.now())
	if err != nil {
		return 0, err
	}
	n := 0
	for _, sub := range due {
		r, err := s.PayPal.Subscription(ctx, sub.PayPalID)
		if err != nil {
			s.log().Warn("period-end cancel: read failed", "subscription", sub.PayPalID, "err", err)
			continue
		}
		if !salescoach.SubscriptionFinal(r.Status) {
			if err := s.PayPal.Cancel(ctx, sub.PayPalID, "Cancelled at the end of the paid period", requestID("cancel", r, "")); err != nil {
				s.log().Warn("period-end cancel failed", "subscription", sub.PayPalID, "err", err)
				continue
			}
		}
		// Read back first: while the mark stands the row stays due, so a
		// failed read is retried by the next run.
		if _, err := s.sync(ctx, sub.UserID, sub.PayPalID); err != nil {
			s.log().Warn("period-end cancel: read back failed", "subscription", sub.PayPalID, "err", err)
			continue
		}
		if _, err := s.Store.SetCancelAt(ctx, sub.UserID, sub.PayPalID, false, sub.CancelAt); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}

// Reconcile reads every subscription that is not final from PayPal and
// writes it, repairing missed webhooks. Failures are logged and left for
// the next run.
func (s *Service) Reconcile(ctx context.Context) error {
	if s.PayPal == nil {
		return nil
	}
	open, err := s.Store.OpenSubscriptions(ctx)
	if err != nil {
		return err
	}
	for _, sub := range open {
		if _, err := s.sync(ctx, sub.UserID, sub.PayPalID); err != nil {
			s.log().Warn("reconcile failed", "subscription", sub.PayPalID, "err", err)
		}
	}
	return nil
}

// Jobs are billing's background work, for a jobs.Runner, when PayPal is
// configured (none otherwise): the period-end cancellations every minute and
// the reconcile of every subscription that is not final every 15 minutes.
func (s *Service) Jobs() []jobs.Job {
	if s.PayPal == nil {
		return nil
	}
	return []jobs.Job{
		{Name: "billing.period-end", Every: time.Minute, Timeout: 5 * time.Minute, Run: func(ctx context.Context) error {
			_, err := s.FinishDueCancellations(ctx)
			return err
		}},
		{Name: "billing.reconcile", Every: 15 * time.Minute, Timeout: 15 * time.Minute, Run: s.Reconcile},
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8Start(s[n]) {
		n--
	}
	return s[:n]
}

func utf8Start(b byte) bool { return b&0xC0 != 0x80 }
