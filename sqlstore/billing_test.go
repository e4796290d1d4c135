package sqlstore_test

import (
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestBillingStoreSyncKeepsNewerStateAndCancellation: a snapshot older than
// the stored row changes nothing; a newer one updates PayPal's fields but
// never the cancellation; a suspension for a pending cancellation stays
// ACTIVE; another user's PayPal id is a conflict.
func TestBillingStoreSyncKeepsNewerStateAndCancellation(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSubscriptionService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")
		cycle := t0.Add(-time.Hour)
		sub := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-1", PlanID: "P-PLUS", Status: "ACTIVE", UpdateTime: t0, CycleStart: &cycle}
		applied, err := s.SyncSubscription(ctx, sub)
		mustNil(t, err)
		if !applied || sub.ID == "" {
			t.Fatalf("insert: applied %v %+v", applied, sub)
		}
		late := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-1", PlanID: "P-PLUS", Status: "SUSPENDED", UpdateTime: t0.Add(-time.Minute)}
		applied, err = s.SyncSubscription(ctx, late)
		mustNil(t, err)
		if applied || late.Status != "ACTIVE" {
			t.Fatalf("late snapshot: applied %v status %s", applied, late.Status)
		}
		end := t0.Add(30 * 24 * time.Hour)
		got, err := s.SetCancelAt(ctx, u.ID, "I-1", true, &end)
		mustNil(t, err)
		if !got.CancelAtPeriodEnd || got.CancelAt == nil {
			t.Fatalf("cancel not set: %+v", got)
		}
		_, err = s.SetCancelAt(ctx, other.ID, "I-1", true, &end)
		wantCode(t, err, salescoach.ENOTFOUND)
		susp := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-1", PlanID: "P-PLUS", Status: "SUSPENDED", UpdateTime: t0.Add(time.Minute)}
		applied, err = s.SyncSubscription(ctx, susp)
		mustNil(t, err)
		if !applied || susp.Status != "ACTIVE" || !susp.CancelAtPeriodEnd || susp.CycleStart == nil {
			t.Fatalf("suspension for cancel: %+v", susp)
		}
		due, err := s.DueCancellations(ctx, end.Add(-time.Second))
		mustNil(t, err)
		if len(due) != 0 {
			t.Fatalf("due before the end: %d", len(due))
		}
		due, err = s.DueCancellations(ctx, end)
		mustNil(t, err)
		if len(due) != 1 || due[0].PayPalID != "I-1" {
			t.Fatalf("due at the end: %+v", due)
		}
		_, err = s.SyncSubscription(ctx, &salescoach.Subscription{UserID: other.ID, PayPalID: "I-1", PlanID: "P", Status: "ACTIVE", UpdateTime: t0.Add(time.Hour)})
		wantCode(t, err, salescoach.ECONFLICT)

		seen, err := s.WebhookEventSeen(ctx, "WH-1")
		mustNil(t, err)
		if seen {
			t.Fatal("unknown event seen")
		}
		mustNil(t, s.RecordWebhookEvent(ctx, "WH-1", "X", "I-1"))
		mustNil(t, s.RecordWebhookEvent(ctx, "WH-1", "X", "I-1"))
		seen, err = s.WebhookEventSeen(ctx, "WH-1")
		mustNil(t, err)
		if !seen {
			t.Fatal("recorded event not seen")
		}
	})
}

// TestBillingStoreConfirmWithPromo: the promo code and the subscription are
// stored together or not at all. A write that fails after the redemption
// (the PayPal id is another user's) leaves the code unused, so the retry
// can still redeem it; a code for another plan changes nothing; a success
// links the redemption to the subscription.
func TestBillingStoreConfirmWithPromo(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewSubscriptionService(db)
		promos := sqlstore.NewPromoService(db)
		u := newUser(t, db, "u@example.com")
		other := newUser(t, db, "o@example.com")
		launch := &salescoach.PromoCode{Code: "LAUNCH", Plan: salescoach.PlanPromo, MaxRedemptions: ptr(1)}
		mustNil(t, promos.CreatePromoCode(ctx, launch))
		plusCode := &salescoach.PromoCode{Code: "PLUS", Plan: salescoach.PlanPlus}
		mustNil(t, promos.CreatePromoCode(ctx, plusCode))
		_, err := s.SyncSubscription(ctx, &salescoach.Subscription{UserID: other.ID, PayPalID: "I-TAKEN", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: t0})
		mustNil(t, err)
		unused := func(when string) {
			t.Helper()
			if n := count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, launch.ID); n != 0 {
				t.Fatalf("%s: redemptions = %d, want 0", when, n)
			}
			if n := count(t, db, `SELECT COUNT(*) FROM promo_redemptions`); n != 0 {
				t.Fatalf("%s: %d redemption rows", when, n)
			}
		}

		// The subscription cannot be written: the code stays unused.
		_, err = s.ConfirmWithPromo(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-TAKEN", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: t0.Add(time.Minute)}, "launch", salescoach.PlanPromo, t0)
		wantMessage(t, err, salescoach.ECONFLICT, salescoach.MsgSubscriptionTaken)
		unused("failed write")
		// A code for another plan: nothing is stored.
		_, err = s.ConfirmWithPromo(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-1", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: t0}, "PLUS", salescoach.PlanPromo, t0)
		wantMessage(t, err, salescoach.EINVALID, salescoach.MsgPromoRequired)
		if n := count(t, db, `SELECT COUNT(*) FROM subscriptions WHERE paypal_id = 'I-1'`); n != 0 {
			t.Fatalf("subscription stored with a code for another plan")
		}
		if n := count(t, db, `SELECT redemptions FROM promo_codes WHERE id = ?`, plusCode.ID); n != 0 {
			t.Fatalf("code for another plan used %d times", n)
		}
		unused("wrong plan")

		sub := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-1", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: t0}
		c, err := s.ConfirmWithPromo(ctx, sub, "launch", salescoach.PlanPromo, t0)
		mustNil(t, err)
		if c.ID != launch.ID || c.Redemptions != 1 || sub.ID == "" {
			t.Fatalf("confirmed: code %+v subscription %+v", c, sub)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM promo_redemptions WHERE subscription_id = ? AND user_id = ?`, sub.ID, u.ID); n != 1 {
			t.Fatalf("redemption not linked to the subscription (%d)", n)
		}
		// Used up now: another user's confirmation stores nothing.
		_, err = s.ConfirmWithPromo(ctx, &salescoach.Subscription{UserID: other.ID, PayPalID: "I-2", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: t0}, "LAUNCH", salescoach.PlanPromo, t0)
		wantMessage(t, err, salescoach.ELIMIT, salescoach.MsgPromoUsedUp)
		if n := count(t, db, `SELECT COUNT(*) FROM subscriptions WHERE paypal_id = 'I-2'`); n != 0 {
			t.Fatalf("subscription stored with a used-up code")
		}
	})
}
