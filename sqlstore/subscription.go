package sqlstore

import (
	"context"

	"salescoach"
)

var _ salescoach.SubscriptionService = (*SubscriptionService)(nil)

// SubscriptionService stores PayPal subscriptions.
type SubscriptionService struct {
	db *DB
}

// NewSubscriptionService returns a SubscriptionService on db.
func NewSubscriptionService(db *DB) *SubscriptionService {
	return &SubscriptionService{db: db}
}

const subscriptionColumns = `id, user_id, paypal_id, plan_id, status, update_time, cancel_at_period_end,
	cancel_at, cycle_start, created_at`

func scanSubscription(s rowScanner) (*salescoach.Subscription, error) {
	var sub salescoach.Subscription
	err := s.Scan(&sub.ID, &sub.UserID, &sub.PayPalID, &sub.PlanID, &sub.Status, scanTime(&sub.UpdateTime),
		&sub.CancelAtPeriodEnd, scanNullTime(&sub.CancelAt), scanNullTime(&sub.CycleStart), scanTime(&sub.CreatedAt))
	if err != nil {
		return nil, err
	}
	return &sub, nil
}

// LatestSubscription returns the user's subscription with the newest
// update_time (of equal ones, the one created last), whatever its status.
// It returns ENOTFOUND when the user has none or userID is not a UUID.
func (s *SubscriptionService) LatestSubscription(ctx context.Context, userID string) (*salescoach.Subscription, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	sub, err := scanSubscription(s.db.r().queryRow(ctx, `SELECT `+subscriptionColumns+` FROM subscriptions
		WHERE user_id = ? ORDER BY update_time DESC, created_at DESC, id DESC LIMIT 1`, userID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	return sub, dbError(err, "latest subscription")
}

// UpsertSubscription inserts the subscription with s.PayPalID, or updates
// every field of the existing one but its id and creation time, in one
// guarded statement (so concurrent webhooks for one subscription never
// create two rows). It fills in s.ID, and s.CreatedAt (now) when zero, from
// the stored row; a zero s.UpdateTime becomes now.
//
// It returns ECONFLICT, changing nothing, when the PayPal id belongs to
// another user's row; ENOTFOUND when the user does not exist or s.UserID is
// not a UUID; and EINVALID when s.PayPalID is empty or s.ID is set but not a
// UUID.
func (s *SubscriptionService) UpsertSubscription(ctx context.Context, sub *salescoach.Subscription) error {
	if !validID(sub.UserID) {
		return notFound(salescoach.MsgNoUser)
	}
	if sub.PayPalID == "" {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgPayPalIDMissing)
	}
	id := sub.ID
	if id == "" {
		id = newID()
	} else if !validID(id) {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgBadID)
	}
	now := s.db.now()
	createdAt := sub.CreatedAt
	if createdAt.IsZero() {
		createdAt = now
	}
	if sub.UpdateTime.IsZero() {
		sub.UpdateTime = now
	}
	sub.UpdateTime, sub.CancelAt, sub.CycleStart = utc(sub.UpdateTime), utcPtr(sub.CancelAt), utcPtr(sub.CycleStart)
	// The WHERE of DO UPDATE keeps another user's row as it is; then no row
	// comes back.
	stored, err := scanSubscription(s.db.r().queryRow(ctx, `INSERT INTO subscriptions (`+subscriptionColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (paypal_id) DO UPDATE SET plan_id = excluded.plan_id, status = excluded.status,
			update_time = excluded.update_time, cancel_at_period_end = excluded.cancel_at_period_end,
			cancel_at = excluded.cancel_at, cycle_start = excluded.cycle_start
		WHERE subscriptions.user_id = excluded.user_id
		RETURNING `+subscriptionColumns,
		id, sub.UserID, sub.PayPalID, sub.PlanID, sub.Status, sub.UpdateTime, sub.CancelAtPeriodEnd,
		sub.CancelAt, sub.CycleStart, createdAt))
	if noRows(err) {
		return salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSubscriptionTaken)
	}
	if err != nil {
		return dbError(err, "upsert subscription")
	}
	*sub = *stored
	return nil
}
