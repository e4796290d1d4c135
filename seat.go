package salescoach

import (
	"context"
	"time"
)

// Seats (issue 27 point 6): the team plan 'Team' is one PayPal subscription
// with a quantity, bought by the team's owner. The owner assigns its seats
// to members of the team; a member holding a seat has Plus quota while the
// subscription is active. The subscription is a row of subscriptions with
// its team and seat count (see sqlstore migration 0036), so webhooks, the
// reconcile and the cancellation at period end treat it as a personal one.

// Seat limits and price.
const (
	// SeatPrice is the price of one seat in euros a month.
	SeatPrice = 25
	// MaxSeats bounds the quantity of a team subscription.
	MaxSeats = 1000
)

// SeatPlan is the plan a seat grants its holder.
const SeatPlan = PlanPlus

// CanManageSeats reports whether a user of role may buy seats, change their
// number and assign them: the owner only.
func CanManageSeats(role string) bool { return role == RoleOwner }

// ValidSeatQuantity reports whether n seats can be bought: 1 to MaxSeats.
func ValidSeatQuantity(n int) bool { return n >= 1 && n <= MaxSeats }

// SeatLimit is how many seats may be assigned: the quantity, or a smaller
// change of it that awaits the buyer's approval (pending, 0 for none), so
// that an approved reduction never leaves more seats assigned than paid.
func SeatLimit(quantity, pending int) int {
	if pending > 0 && pending < quantity {
		return pending
	}
	return quantity
}

// TeamSubscription is a team's subscription to the team plan.
type TeamSubscription struct {
	Subscription
	TeamID string
	// Quantity is the number of seats PayPal reports; PendingQuantity a
	// change awaiting the buyer's approval (0: none).
	Quantity, PendingQuantity int
}

// Seats is where a team stands with its seats: GET /api/team's seats.
type Seats struct {
	// Quantity is the number of seats paid (0 without a subscription).
	Quantity int
	// Assigned counts the members holding a seat.
	Assigned int
	// Status is PayPal's status of the team subscription ("" without one).
	Status string
	// Subscription is the team's current subscription, nil without one.
	Subscription *TeamSubscription
	// Members are the team's members with whether they hold a seat, by
	// name (for the owner only, who assigns the seats).
	Members []SeatMember
}

// SeatMember is a member of the team as the seat page lists them.
type SeatMember struct {
	UserID, DisplayName, Email, Role string
	Seat                             bool
}

// SeatQuota decides the plan and cycle of a user's chat quota from their
// personal subscription (plan is its tier, Free when not active) and the
// team subscription of the seat they hold (nil without one): a seat of an
// active team subscription grants SeatPlan, unless the personal plan grants
// more, counted from the team subscription's cycle start.
func SeatQuota(plan string, personal, seat *Subscription, now time.Time) (string, time.Time, bool) {
	if seat.Active() && PlanQuota(SeatPlan) > PlanQuota(plan) {
		return SeatPlan, CycleStart(seat, now), true
	}
	return plan, CycleStart(personal, now), false
}

// SeatService stores team subscriptions and seat assignments. Every method
// that takes a caller decides with CanManageSeats first; without a team the
// caller gets ENOTFOUND (MsgNoTeam), a manager or member EFORBIDDEN
// (MsgTeamOwnerOnly), ids of users outside the caller's team ENOTFOUND.
type SeatService interface {
	// TeamSeats returns where the caller's team stands with its seats (any
	// role); Members only for the owner. ENOTFOUND without a team.
	TeamSeats(ctx context.Context, callerID string) (*Seats, error)
	// SeatOwnerTeam returns the team whose seats the caller manages and its
	// current subscription (nil without one). ENOTFOUND, EFORBIDDEN.
	SeatOwnerTeam(ctx context.Context, callerID string) (*Team, *TeamSubscription, error)
	// StartTeamSubscription stores sub (created at PayPal, awaiting the
	// owner's approval) as the caller's team subscription. ECONFLICT
	// (MsgSeatsExist) when the team has an active one; EINVALID
	// (MsgSeatsBelowAssigned) when fewer seats than assigned;
	// ENOTFOUND, EFORBIDDEN.
	StartTeamSubscription(ctx context.Context, callerID string, sub *TeamSubscription) error
	// SetSeatCount writes the quantity PayPal reports for a team
	// subscription unless the stored row is newer than at; a pending change
	// to that quantity is done then.
	SetSeatCount(ctx context.Context, paypalID string, quantity int, at time.Time) error
	// SetPendingSeats records (n > 0) or clears (n == 0) a change of the
	// caller's team subscription to n seats. EINVALID
	// (MsgSeatsBelowAssigned) when n is below the seats assigned, in the
	// statement that writes it; ENOTFOUND, EFORBIDDEN.
	SetPendingSeats(ctx context.Context, callerID, paypalID string, n int) error
	// AssignSeat gives userID, a member of the caller's team, a seat; again
	// is no error. ECONFLICT (MsgSeatsFull) when every seat is taken,
	// (MsgSeatsNone) without an active subscription; ENOTFOUND
	// (MsgTeamMemberNotFound) for a user outside the team; EFORBIDDEN.
	AssignSeat(ctx context.Context, callerID, userID string, now time.Time) error
	// UnassignSeat takes userID's seat back; one without a seat is no
	// error. ENOTFOUND, EFORBIDDEN.
	UnassignSeat(ctx context.Context, callerID, userID string) error
	// TeamSubscriptions lists every subscription of the caller's team,
	// newest first: what deleting the team must cancel at PayPal first.
	// ENOTFOUND without a team, EFORBIDDEN (MsgTeamOwnerOnly) for anyone
	// but the owner.
	TeamSubscriptions(ctx context.Context, callerID string) ([]*Subscription, error)
	// SeatSubscription returns the subscription of the team whose seat
	// userID holds; ENOTFOUND without a seat.
	SeatSubscription(ctx context.Context, userID string) (*Subscription, error)
}

// Seat messages.
var (
	MsgSeatQuantity       = newMsg("seat_quantity", "Bitte gib eine Anzahl von 1 bis {max} Plätzen an.")
	MsgSeatsBelowAssigned = newMsg("seats_below_assigned", "Es sind mehr Plätze vergeben. Nimm zuerst Plätze zurück.")
	MsgSeatsExist         = newMsg("seats_exist", "Dein Team hat bereits ein Team-Abo.")
	MsgSeatsNone          = newMsg("seats_none", "Dein Team hat kein aktives Team-Abo.")
	MsgSeatsFull          = newMsg("seats_full", "Alle Plätze sind vergeben.")
	MsgSeatsSame          = newMsg("seats_same", "Das Team hat bereits so viele Plätze.")
	MsgSeatsOff           = newMsg("seats_not_configured", "Das Team-Abo ist nicht eingerichtet.")
	MsgSeatsFailed        = newMsg("seats_failed", "Team-Abo fehlgeschlagen. Bitte später erneut versuchen.")
)
