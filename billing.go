package salescoach

import (
	"context"
	"time"
)

// PayPal subscription statuses the app acts on.
const (
	SubscriptionApprovalPending = "APPROVAL_PENDING"
	SubscriptionApproved        = "APPROVED"
	SubscriptionActive          = "ACTIVE"
	SubscriptionSuspended       = "SUSPENDED"
	SubscriptionCancelled       = "CANCELLED"
	SubscriptionExpired         = "EXPIRED"
)

// Final reports whether a subscription in this status can never bill again.
func SubscriptionFinal(status string) bool {
	return status == SubscriptionCancelled || status == SubscriptionExpired
}

// BillingStore keeps what billing needs beyond SubscriptionService: the
// PayPal-owned part of subscriptions, the cancellation state and processed
// webhook events.
type BillingStore interface {
	SubscriptionService
	// SubscriptionByPayPalID returns the row of a PayPal subscription;
	// ENOTFOUND when there is none.
	SubscriptionByPayPalID(ctx context.Context, paypalID string) (*Subscription, error)
	// SyncSubscription writes what PayPal reports (plan, status, update
	// time, cycle start) unless the stored row is newer, keeping the
	// cancellation state; it reports whether it wrote. ECONFLICT when the
	// PayPal id belongs to another user.
	SyncSubscription(ctx context.Context, s *Subscription) (bool, error)
	// ConfirmWithPromo writes a subscription as SyncSubscription does and
	// redeems the promo code for its user in the same transaction, linking
	// the redemption to the subscription: both happen or neither. The
	// code must unlock plan, else EINVALID (MsgPromoRequired); otherwise
	// the errors of PromoService.RedeemPromoCode and SyncSubscription.
	ConfirmWithPromo(ctx context.Context, s *Subscription, code, plan string, at time.Time) (*PromoCode, error)
	// SetCancelAt marks the subscription as ending at cancelAt (pending)
	// or clears the mark. ENOTFOUND when the user has no such subscription.
	SetCancelAt(ctx context.Context, userID, paypalID string, pending bool, cancelAt *time.Time) (*Subscription, error)
	// DueCancellations lists pending cancellations whose time has come and
	// whose subscription is not final yet.
	DueCancellations(ctx context.Context, now time.Time) ([]*Subscription, error)
	// OpenSubscriptions lists subscriptions that are not final.
	OpenSubscriptions(ctx context.Context) ([]*Subscription, error)
	// WebhookEventSeen reports whether the event was applied before.
	WebhookEventSeen(ctx context.Context, eventID string) (bool, error)
	// RecordWebhookEvent remembers an applied event; recording it again is
	// no error.
	RecordWebhookEvent(ctx context.Context, eventID, eventType, resourceID string) error
	// AccountExists reports whether a user with that id exists (false for
	// an id that is no UUID).
	AccountExists(ctx context.Context, userID string) (bool, error)
	// RecordOrphanedSubscription stores the record of a subscription
	// approved for an account that no longer exists, or updates the one of
	// the same PayPal id (a retry): a cancellation once recorded stays.
	RecordOrphanedSubscription(ctx context.Context, o *OrphanedSubscription) error
}

// OrphanedSubscription is a PayPal subscription approved (its activation
// webhook, or a confirmation) for an account that no longer exists: billing
// cancels it at PayPal, so that nobody is charged for nothing, and keeps
// this record of it for the back-office.
type OrphanedSubscription struct {
	PayPalID string
	UserID   string // the deleted account its custom_id names
	PlanID   string
	Via      string // OrphanViaWebhook or OrphanViaConfirm
	Reason   string // the reason sent to PayPal with the cancellation
	// CancelledAt is when PayPal accepted the cancellation; nil while it
	// failed (Error says why, and PayPal's redelivery tries again).
	CancelledAt *time.Time
	Error       string
	RecordedAt  time.Time
}

// How an orphaned subscription came to billing's notice.
const (
	OrphanViaWebhook = "webhook"
	OrphanViaConfirm = "confirm"
)
