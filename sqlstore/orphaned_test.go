package sqlstore_test

import (
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestOrphanedSubscriptions: a subscription approved for a deleted account
// is recorded once per PayPal id; a failed cancellation keeps its error
// until one succeeds, and a cancellation once recorded stays. The admin
// lists them newest first. AccountExists tells existing accounts from
// deleted ones and from ids that are no UUID.
func TestOrphanedSubscriptions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		s := sqlstore.NewSubscriptionService(db)
		admin := sqlstore.NewAdminService(db)
		u := newUser(t, db, "a@example.com")
		for id, want := range map[string]bool{u.ID: true, uuid.NewString(): false, "not-a-uuid": false} {
			got, err := s.AccountExists(ctx, id)
			mustNil(t, err)
			if got != want {
				t.Errorf("AccountExists(%s) = %v, want %v", id, got, want)
			}
		}

		gone := uuid.NewString()
		first := &salescoach.OrphanedSubscription{PayPalID: "I-1", UserID: gone, PlanID: "P-PLUS", Via: salescoach.OrphanViaWebhook,
			Reason: "gone", Error: "paypal unavailable", RecordedAt: t0}
		mustNil(t, s.RecordOrphanedSubscription(ctx, first))
		cancelled := t0.Add(time.Minute)
		mustNil(t, s.RecordOrphanedSubscription(ctx, &salescoach.OrphanedSubscription{PayPalID: "I-1", UserID: gone, PlanID: "P-PLUS",
			Via: salescoach.OrphanViaWebhook, Reason: "gone", CancelledAt: &cancelled, RecordedAt: t0.Add(time.Minute)}))
		mustNil(t, s.RecordOrphanedSubscription(ctx, &salescoach.OrphanedSubscription{PayPalID: "I-1", UserID: gone, PlanID: "P-PLUS",
			Via: salescoach.OrphanViaWebhook, Reason: "gone", Error: "422 SUBSCRIPTION_STATUS_INVALID", RecordedAt: t0.Add(2 * time.Minute)}))
		mustNil(t, s.RecordOrphanedSubscription(ctx, &salescoach.OrphanedSubscription{PayPalID: "I-2", UserID: gone, PlanID: "P-ELITE",
			Via: salescoach.OrphanViaConfirm, Reason: "gone", Error: "paypal unavailable", RecordedAt: t0.Add(time.Hour)}))

		list, err := admin.OrphanedSubscriptions(ctx, 50)
		mustNil(t, err)
		if len(list) != 2 || list[0].PayPalID != "I-2" || list[1].PayPalID != "I-1" {
			t.Fatalf("listed %+v", list)
		}
		one := list[1]
		if one.CancelledAt == nil || one.Error != "" || one.UserID != gone || one.Via != "webhook" || one.PlanID != "P-PLUS" {
			t.Errorf("I-1 = %+v, want cancelled without error", one)
		} else {
			sameTime(t, "cancelled_at", *one.CancelledAt, cancelled)
			sameTime(t, "recorded_at", one.RecordedAt, t0)
		}
		if two := list[0]; two.CancelledAt != nil || two.Error != "paypal unavailable" || two.Via != "confirm" {
			t.Errorf("I-2 = %+v, want open with its error", two)
		}
		wantCode(t, s.RecordOrphanedSubscription(ctx, &salescoach.OrphanedSubscription{UserID: gone, Via: "webhook"}), salescoach.EINVALID)
		wantCode(t, s.RecordOrphanedSubscription(ctx, &salescoach.OrphanedSubscription{PayPalID: "I-3", UserID: gone, Via: "mail"}), salescoach.EINVALID)
	})
}
