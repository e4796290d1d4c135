package sqlstore

import (
	"context"
	"time"

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
		WHERE user_id = ? AND seats IS NULL ORDER BY update_time DESC, created_at DESC, id DESC LIMIT 1`, userID))
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
	return s.db.inTx(ctx, func(r runner) error {
		// The WHERE of DO UPDATE keeps another user's row as it is; then no
		// row comes back.
		stored, err := scanSubscription(r.queryRow(ctx, `INSERT INTO subscriptions (`+subscriptionColumns+`)
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
		if err := refreshUserPlan(ctx, r, stored.UserID); err != nil {
			return err
		}
		*sub = *stored
		return nil
	})
}

// newestPlanOf is the plan id of the newest subscription (by update_time,
// then creation, then id, as LatestSubscription orders them) of the user
// whose id is the expression u, when that subscription is active, and the
// empty string otherwise: what user_plans holds (migration 0024 fills it
// with the same rule).
func newestPlanOf(u string) string {
	return `COALESCE((SELECT CASE WHEN s.status IN ('ACTIVE', 'active') THEN s.plan_id ELSE '' END
		FROM subscriptions s WHERE s.user_id = ` + u + ` AND s.seats IS NULL
		ORDER BY s.update_time DESC, s.created_at DESC, s.id DESC LIMIT 1), '')`
}

// refreshUserPlan sets the user's row of user_plans from their
// subscriptions. Call it in the transaction that wrote one of them, after
// the write. The first statement locks the row (creating it when missing),
// the second reads the subscriptions: on PostgreSQL each statement reads
// what was committed when it started, so of two transactions that write
// subscriptions of one user at once, the one that gets the row second waits
// for the first to commit and then sees both writes. On SQLite the
// transaction holds the write lock from its start.
func refreshUserPlan(ctx context.Context, r runner, userID string) error {
	if _, err := r.exec(ctx, `INSERT INTO user_plans (user_id, plan_id) VALUES (?, '')
		ON CONFLICT (user_id) DO UPDATE SET plan_id = user_plans.plan_id`, userID); err != nil {
		return dbError(err, "lock user plan")
	}
	if _, err := r.exec(ctx, `UPDATE user_plans SET plan_id = `+newestPlanOf("user_plans.user_id")+`
		WHERE user_id = ?`, userID); err != nil {
		return dbError(err, "refresh user plan")
	}
	return nil
}

var _ salescoach.BillingStore = (*SubscriptionService)(nil)

// SubscriptionByPayPalID returns the row of the PayPal subscription;
// ENOTFOUND when there is none.
func (s *SubscriptionService) SubscriptionByPayPalID(ctx context.Context, paypalID string) (*salescoach.Subscription, error) {
	sub, err := scanSubscription(s.db.r().queryRow(ctx, `SELECT `+subscriptionColumns+` FROM subscriptions
		WHERE paypal_id = ?`, paypalID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	return sub, dbError(err, "subscription by paypal id")
}

// SyncSubscription writes what PayPal reports about sub.PayPalID (plan,
// status, update time and, when given, cycle start) in one guarded
// statement, inserting the row when it is new. It leaves a stored row alone
// when its update_time is newer than sub.UpdateTime (a late webhook or a slow
// read never overwrites newer state) and never touches the cancellation
// state. A subscription that we suspended for a pending cancellation stays
// ACTIVE: the user paid for the period (docs/decisions.md). sub is filled
// from the stored row; the result says whether the write happened.
//
// It returns ECONFLICT when the PayPal id belongs to another user's row,
// EINVALID when sub.PayPalID is empty and ENOTFOUND when the user does not
// exist.
func (s *SubscriptionService) SyncSubscription(ctx context.Context, sub *salescoach.Subscription) (bool, error) {
	var wrote bool
	err := s.db.inTx(ctx, func(r runner) (err error) {
		wrote, err = syncSubscription(ctx, r, s.db.now(), sub)
		return err
	})
	return wrote, err
}

// syncSubscription is SyncSubscription in the transaction r. A write
// refreshes the user's current plan (refreshUserPlan).
func syncSubscription(ctx context.Context, r runner, now time.Time, sub *salescoach.Subscription) (bool, error) {
	if !validID(sub.UserID) {
		return false, notFound(salescoach.MsgNoUser)
	}
	if sub.PayPalID == "" {
		return false, salescoach.NewError(salescoach.EINVALID, salescoach.MsgPayPalIDMissing)
	}
	if sub.UpdateTime.IsZero() {
		sub.UpdateTime = now
	}
	stored, err := scanSubscription(r.queryRow(ctx, `INSERT INTO subscriptions (`+subscriptionColumns+`)
		VALUES (?, ?, ?, ?, ?, ?, FALSE, NULL, ?, ?)
		ON CONFLICT (paypal_id) DO UPDATE SET plan_id = excluded.plan_id,
			status = CASE WHEN subscriptions.cancel_at_period_end AND excluded.status = 'SUSPENDED'
				THEN 'ACTIVE' ELSE excluded.status END,
			update_time = excluded.update_time,
			cycle_start = COALESCE(excluded.cycle_start, subscriptions.cycle_start)
		WHERE subscriptions.user_id = excluded.user_id AND subscriptions.update_time <= excluded.update_time
		RETURNING `+subscriptionColumns,
		newID(), sub.UserID, sub.PayPalID, sub.PlanID, sub.Status, utc(sub.UpdateTime), utcPtr(sub.CycleStart), utc(now)))
	if err == nil {
		if err := refreshUserPlan(ctx, r, stored.UserID); err != nil {
			return false, err
		}
		*sub = *stored
		return true, nil
	}
	if !noRows(err) {
		return false, dbError(err, "sync subscription")
	}
	cur, err := scanSubscription(r.queryRow(ctx, `SELECT `+subscriptionColumns+` FROM subscriptions
		WHERE paypal_id = ?`, sub.PayPalID))
	if noRows(err) {
		return false, notFound(salescoach.MsgSubscriptionMissing)
	}
	if err != nil {
		return false, dbError(err, "subscription by paypal id")
	}
	if cur.UserID != sub.UserID {
		return false, salescoach.NewError(salescoach.ECONFLICT, salescoach.MsgSubscriptionTaken)
	}
	*sub = *cur
	return false, nil
}

// ConfirmWithPromo writes sub as SyncSubscription does and redeems code for
// sub.UserID in the same transaction (RedeemPromoCode's guarded statement),
// recording on the redemption which subscription used it. Either both are
// stored or neither, so a failed write never uses up a code the user still
// needs for the retry. The code must unlock plan (a key of
// salescoach.PromoPlans).
//
// Errors: EINVALID (MsgPromoRequired) when the code unlocks another plan;
// the errors of RedeemPromoCode (ENOTFOUND unknown code or user, ECONFLICT
// redeemed before, ELIMIT used up) and of SyncSubscription (ECONFLICT the
// PayPal id belongs to another user).
func (s *SubscriptionService) ConfirmWithPromo(ctx context.Context, sub *salescoach.Subscription, code, plan string, at time.Time) (*salescoach.PromoCode, error) {
	var out *salescoach.PromoCode
	err := s.db.inTx(ctx, func(r runner) error {
		now := s.db.now()
		c, redemption, err := redeemPromo(ctx, r, now, code, sub.UserID, at)
		if err != nil {
			return err
		}
		if c.Plan != plan {
			return salescoach.FieldError("promoCode", salescoach.MsgPromoRequired)
		}
		if _, err := syncSubscription(ctx, r, now, sub); err != nil {
			return err
		}
		if _, err := r.exec(ctx, `UPDATE promo_redemptions SET subscription_id = ? WHERE id = ?`, sub.ID, redemption); err != nil {
			return dbError(err, "link promo redemption")
		}
		out = c
		return nil
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SetCancelAt sets or clears the user's pending cancellation of the PayPal
// subscription and returns the row. Clearing keeps cancel_at when given, as
// the record of when a cancellation took effect. It returns ENOTFOUND when
// the user has no subscription with that PayPal id.
func (s *SubscriptionService) SetCancelAt(ctx context.Context, userID, paypalID string, pending bool, cancelAt *time.Time) (*salescoach.Subscription, error) {
	if !validID(userID) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	sub, err := scanSubscription(s.db.r().queryRow(ctx, `UPDATE subscriptions SET cancel_at_period_end = ?, cancel_at = ?
		WHERE user_id = ? AND paypal_id = ? RETURNING `+subscriptionColumns, pending, utcPtr(cancelAt), userID, paypalID))
	if noRows(err) {
		return nil, notFound(salescoach.MsgSubscriptionMissing)
	}
	return sub, dbError(err, "set cancel")
}

// DueCancellations lists the pending cancellations whose cancel_at is at
// or before now and whose subscription is not final, oldest first.
func (s *SubscriptionService) DueCancellations(ctx context.Context, now time.Time) ([]*salescoach.Subscription, error) {
	return s.list(ctx, `WHERE cancel_at_period_end AND cancel_at IS NOT NULL AND cancel_at <= ?
		AND status NOT IN ('CANCELLED', 'EXPIRED') ORDER BY cancel_at, id`, utc(now))
}

// OpenSubscriptions lists the subscriptions that are not final, by
// update_time (oldest first).
func (s *SubscriptionService) OpenSubscriptions(ctx context.Context) ([]*salescoach.Subscription, error) {
	return s.list(ctx, `WHERE status NOT IN ('CANCELLED', 'EXPIRED') ORDER BY update_time, id`)
}

func (s *SubscriptionService) list(ctx context.Context, where string, args ...any) ([]*salescoach.Subscription, error) {
	rows, err := s.db.r().queryRows(ctx, `SELECT `+subscriptionColumns+` FROM subscriptions `+where, args...)
	if err != nil {
		return nil, dbError(err, "list subscriptions")
	}
	defer rows.Close()
	var out []*salescoach.Subscription
	for rows.Next() {
		sub, err := scanSubscription(rows)
		if err != nil {
			return nil, dbError(err, "list subscriptions")
		}
		out = append(out, sub)
	}
	return out, dbError(rows.Err(), "list subscriptions")
}

// WebhookEventSeen reports whether the PayPal event was recorded.
func (s *SubscriptionService) WebhookEventSeen(ctx context.Context, eventID string) (bool, error) {
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM paypal_webhook_events WHERE event_id = ?`, eventID).Scan(&n)
	return n > 0, dbError(err, "webhook event seen")
}

// RecordWebhookEvent records an applied PayPal event; a second record of
// the same id changes nothing and is no error.
func (s *SubscriptionService) RecordWebhookEvent(ctx context.Context, eventID, eventType, resourceID string) error {
	_, err := s.db.r().exec(ctx, `INSERT INTO paypal_webhook_events (event_id, event_type, resource_id, received_at)
		VALUES (?, ?, ?, ?) ON CONFLICT (event_id) DO NOTHING`, eventID, eventType, resourceID, utc(s.db.now()))
	return dbError(err, "record webhook event")
}

// AccountExists reports whether a user with that id exists; false for an
// id that is no UUID.
func (s *SubscriptionService) AccountExists(ctx context.Context, userID string) (bool, error) {
	if !validID(userID) {
		return false, nil
	}
	var n int
	err := s.db.r().queryRow(ctx, `SELECT COUNT(*) FROM users WHERE id = ?`, userID).Scan(&n)
	return n > 0, dbError(err, "account exists")
}

// RecordOrphanedSubscription stores the record of a subscription approved
// for an account that no longer exists, or updates the one with the same
// PayPal id in one statement: a cancellation once recorded stays (with its
// time, and no error), a later failure only replaces the error of one that
// is still open. o.RecordedAt is set to now when zero.
func (s *SubscriptionService) RecordOrphanedSubscription(ctx context.Context, o *salescoach.OrphanedSubscription) error {
	if o.PayPalID == "" {
		return salescoach.NewError(salescoach.EINVALID, salescoach.MsgPayPalIDMissing)
	}
	if o.RecordedAt.IsZero() {
		o.RecordedAt = s.db.now()
	}
	_, err := s.db.r().exec(ctx, `INSERT INTO orphaned_subscriptions
			(paypal_id, user_id, plan_id, via, reason, cancelled_at, error, recorded_at)
		VALUES (?, ?, ?, ?, ?, ?, ?, ?)
		ON CONFLICT (paypal_id) DO UPDATE SET
			error = CASE WHEN orphaned_subscriptions.cancelled_at IS NULL THEN excluded.error ELSE '' END,
			cancelled_at = COALESCE(orphaned_subscriptions.cancelled_at, excluded.cancelled_at)`,
		o.PayPalID, o.UserID, o.PlanID, o.Via, o.Reason, utcPtr(o.CancelledAt), o.Error, utc(o.RecordedAt))
	return dbError(err, "record orphaned subscription")
}
