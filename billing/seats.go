package billing

import (
	"context"
	"fmt"

	"salescoach"
)

// Seats (issue 27 point 6): the team plan is a PayPal subscription with a
// quantity that the server creates for the owner (PayPal's
// POST /v1/billing/subscriptions with quantity) and changes with revise
// (quantity), both approved by the buyer at PayPal. It is stored as a row
// of subscriptions with its team and seat count, so Webhook, Reconcile and
// FinishDueCancellations keep it true as they keep personal ones, and
// Cancel and Uncancel end it at the period's end as they do those.

// PriceSeat is the price of one seat shown, in euros a month.
const PriceSeat = salescoach.SeatPrice

// TeamCustomID is the custom_id of a team subscription: it names the team,
// never a user, so a webhook about it is never adopted as a personal plan.
func TeamCustomID(teamID string) string { return "team:" + teamID }

// SeatsConfigured reports whether seats can be sold: payments and the team
// plan (PAYPAL_PLAN_TEAM) are configured.
func (s *Service) SeatsConfigured() bool {
	return s.Configured() && s.Plans.Team != "" && s.Seats != nil
}

func (s *Service) requireSeats() error {
	if !s.SeatsConfigured() {
		return salescoach.NewError(salescoach.EUNAVAILABLE, salescoach.MsgSeatsOff)
	}
	return nil
}

func seatQuantity(n int) error {
	if !salescoach.ValidSeatQuantity(n) {
		return salescoach.FieldError("quantity", salescoach.MsgSeatQuantity.With("max", salescoach.MaxSeats))
	}
	return nil
}

// syncSeats writes the quantity PayPal reports for a team subscription.
func (s *Service) syncSeats(ctx context.Context, r *Remote) error {
	if s.Seats == nil || s.Plans.Team == "" || r.PlanID != s.Plans.Team {
		return nil
	}
	return s.Seats.SetSeatCount(ctx, r.ID, r.Quantity, r.UpdateTime)
}

// seatsURL is the owner's seat page, where PayPal sends the buyer back.
func (s *Service) seatsURL(query string) string {
	return s.PublicURL + "/app/team/seats" + query
}

// BuySeats creates at PayPal a team subscription of quantity seats for the
// caller's team, stores it awaiting approval and returns the link where the
// owner approves it; PayPal sends them back to /app/team/seats with
// subscription_id, where the page calls ConfirmSeats (the webhook brings
// the activation too).
//
// Errors: EUNAVAILABLE (not configured; PayPal down: nothing stored),
// EINVALID (quantity out of 1..MaxSeats, below the seats assigned),
// ENOTFOUND (no team), EFORBIDDEN (not the owner), ECONFLICT (the team has
// an active team subscription, or PayPal refused).
func (s *Service) BuySeats(ctx context.Context, callerID string, quantity int) (string, error) {
	if err := s.requireSeats(); err != nil {
		return "", err
	}
	if err := seatQuantity(quantity); err != nil {
		return "", err
	}
	team, cur, err := s.Seats.SeatOwnerTeam(ctx, callerID)
	if err != nil {
		return "", err
	}
	if cur != nil && cur.Active() {
		return "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSeatsExist)
	}
	reqID := fmt.Sprintf("sc-seats-%s-%d", team.ID, s.now().UnixNano())
	r, link, err := s.PayPal.Create(ctx, s.Plans.Team, quantity, TeamCustomID(team.ID),
		s.seatsURL("?paypal=approved"), s.seatsURL(""), reqID)
	if err != nil {
		return "", failed(err, salescoach.MsgSeatsFailed, salescoach.MsgSeatsFailed)
	}
	sub := &salescoach.TeamSubscription{Subscription: *snapshot(callerID, r), Quantity: quantity}
	if err := s.Seats.StartTeamSubscription(ctx, callerID, sub); err != nil {
		// Nothing is charged before the buyer approves: the subscription
		// PayPal holds stays unapproved.
		return "", err
	}
	s.log().Info("team subscription started", "team", team.ID, "subscription", r.ID, "seats", quantity)
	return link, nil
}

// ownerSubscription is the caller's team's current subscription, which
// must be paypalID when that is given. ENOTFOUND (MsgSeatsNone) without
// one; the errors of SeatOwnerTeam.
func (s *Service) ownerSubscription(ctx context.Context, callerID, paypalID string) (*salescoach.TeamSubscription, error) {
	_, cur, err := s.Seats.SeatOwnerTeam(ctx, callerID)
	if err != nil {
		return nil, err
	}
	if cur == nil || (paypalID != "" && cur.PayPalID != paypalID) {
		return nil, salescoach.NewError(salescoach.ENOTFOUND, salescoach.MsgSeatsNone)
	}
	return cur, nil
}

// ConfirmSeats reads the caller's team subscription back from PayPal after
// the owner approved it (or a quantity change) and writes it.
//
// Errors: EUNAVAILABLE (not configured; PayPal down), EINVALID (malformed
// id), ENOTFOUND (not the team's current subscription), EFORBIDDEN.
func (s *Service) ConfirmSeats(ctx context.Context, callerID, paypalID string) error {
	if err := s.requireSeats(); err != nil {
		return err
	}
	if !ValidSubscriptionID(paypalID) {
		return salescoach.FieldError("subscriptionID", salescoach.MsgSubscriptionID)
	}
	cur, err := s.ownerSubscription(ctx, callerID, paypalID)
	if err != nil {
		return err
	}
	if _, err := s.sync(ctx, cur.UserID, paypalID); err != nil {
		return failed(err, salescoach.MsgConfirmFailed, salescoach.MsgConfirmFailed)
	}
	return nil
}

// ReviseSeats asks PayPal to change the caller's team subscription to
// quantity seats (revise with quantity) and returns the link where the
// owner approves it; the new number counts once PayPal reports it. Until
// then the change is pending, and a reduction already bounds the seats that
// can be assigned (salescoach.SeatLimit).
//
// Errors: EUNAVAILABLE (not configured; PayPal down: nothing pending),
// EINVALID (quantity out of range, the same, or below the seats assigned),
// ENOTFOUND (no team subscription), EFORBIDDEN, ECONFLICT (not active or
// ending, or PayPal refused).
func (s *Service) ReviseSeats(ctx context.Context, callerID string, quantity int) (string, error) {
	if err := s.requireSeats(); err != nil {
		return "", err
	}
	if err := seatQuantity(quantity); err != nil {
		return "", err
	}
	cur, err := s.ownerSubscription(ctx, callerID, "")
	if err != nil {
		return "", err
	}
	if !cur.Active() || cur.CancelAtPeriodEnd {
		return "", salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSeatsNone)
	}
	if quantity == cur.Quantity {
		return "", salescoach.FieldError("quantity", salescoach.MsgSeatsSame)
	}
	if err := s.Seats.SetPendingSeats(ctx, callerID, cur.PayPalID, quantity); err != nil {
		return "", err
	}
	link, err := s.reviseSeats(ctx, cur, quantity)
	if err != nil {
		if cerr := s.Seats.SetPendingSeats(context.WithoutCancel(ctx), callerID, cur.PayPalID, 0); cerr != nil {
			s.log().Error("pending seats not cleared", "subscription", cur.PayPalID, "err", cerr)
		}
		return "", failed(err, salescoach.MsgSeatsFailed, salescoach.MsgSeatsFailed)
	}
	s.log().Info("team subscription revise", "subscription", cur.PayPalID, "seats", quantity)
	return link, nil
}

func (s *Service) reviseSeats(ctx context.Context, cur *salescoach.TeamSubscription, quantity int) (string, error) {
	r, err := s.PayPal.Subscription(ctx, cur.PayPalID)
	if err != nil {
		return "", err
	}
	return s.PayPal.Revise(ctx, cur.PayPalID, s.Plans.Team, quantity, s.seatsURL("?paypal=revised&subscription_id="+cur.PayPalID),
		s.seatsURL(""), requestID("seats", r, fmt.Sprintf("-%d", quantity)))
}

// CancelSeats ends the caller's team subscription at the end of the paid
// period, as Cancel does a personal one (seats keep their plan until then).
// Errors: those of Cancel, ENOTFOUND without a team subscription,
// EFORBIDDEN.
func (s *Service) CancelSeats(ctx context.Context, callerID, reason string) (*salescoach.Subscription, error) {
	if err := s.requireSeats(); err != nil {
		return nil, err
	}
	cur, err := s.ownerSubscription(ctx, callerID, "")
	if err != nil {
		return nil, err
	}
	return s.Cancel(ctx, cur.UserID, cur.PayPalID, reason)
}

// UncancelSeats undoes CancelSeats before the period ends. Errors: those of
// Uncancel, ENOTFOUND without a team subscription, EFORBIDDEN.
func (s *Service) UncancelSeats(ctx context.Context, callerID string) (*salescoach.Subscription, error) {
	if err := s.requireSeats(); err != nil {
		return nil, err
	}
	cur, err := s.ownerSubscription(ctx, callerID, "")
	if err != nil {
		return nil, err
	}
	return s.Uncancel(ctx, cur.UserID, cur.PayPalID)
}
