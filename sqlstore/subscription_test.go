package sqlstore_test

import (
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

func TestSubscriptions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSubscriptionService(db)
		ctx := t.Context()
		u := newUser(t, db, "a@example.com")
		other := newUser(t, db, "b@example.com")

		_, err := s.LatestSubscription(ctx, u.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		for _, id := range badIDs {
			_, err := s.LatestSubscription(ctx, id)
			wantCode(t, err, salescoach.ENOTFOUND)
		}

		cycle := t0.Add(-time.Hour)
		first := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-FIRST", PlanID: "P-PLUS", Status: "APPROVAL_PENDING",
			UpdateTime: t0, CreatedAt: t0.Add(time.Nanosecond * 1500)}
		mustNil(t, s.UpsertSubscription(ctx, first))
		if _, err := uuid.Parse(first.ID); err != nil {
			t.Fatalf("ID = %q", first.ID)
		}
		sameTime(t, "CreatedAt", first.CreatedAt, t0.Add(time.Microsecond))
		got, err := s.LatestSubscription(ctx, u.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, first) {
			t.Errorf("Latest =\n%+v\nwant\n%+v", got, first)
		}

		// The same PayPal id updates every field but id and creation time.
		cancelAt := t0.AddDate(0, 1, 0)
		upd := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-FIRST", PlanID: "P-ELITE", Status: "ACTIVE",
			UpdateTime: t0.Add(time.Minute), CancelAtPeriodEnd: true, CancelAt: &cancelAt, CycleStart: &cycle,
			CreatedAt: t0.Add(time.Hour)}
		mustNil(t, s.UpsertSubscription(ctx, upd))
		if upd.ID != first.ID || !upd.CreatedAt.Equal(first.CreatedAt) {
			t.Errorf("update changed id or creation: %+v", upd)
		}
		got, err = s.LatestSubscription(ctx, u.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, upd) || !got.Active() {
			t.Errorf("Latest after update =\n%+v\nwant\n%+v", got, upd)
		}
		if n := count(t, db, `SELECT COUNT(*) FROM subscriptions`); n != 1 {
			t.Errorf("%d rows, want 1", n)
		}

		// A newer subscription is the latest; an older one is not.
		older := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-OLD", PlanID: "P-PLUS", Status: "CANCELLED", UpdateTime: t0.Add(-time.Hour)}
		mustNil(t, s.UpsertSubscription(ctx, older))
		got, _ = s.LatestSubscription(ctx, u.ID)
		if got.PayPalID != "I-FIRST" {
			t.Errorf("Latest = %s, want I-FIRST", got.PayPalID)
		}
		newer := &salescoach.Subscription{UserID: u.ID, PayPalID: "I-NEW", PlanID: "P-PLUS", Status: "ACTIVE", UpdateTime: t0.Add(2 * time.Minute)}
		mustNil(t, s.UpsertSubscription(ctx, newer))
		got, _ = s.LatestSubscription(ctx, u.ID)
		if got.PayPalID != "I-NEW" {
			t.Errorf("Latest = %s, want I-NEW", got.PayPalID)
		}
		// Clearing optional fields works too.
		upd.CancelAt, upd.CycleStart, upd.CancelAtPeriodEnd = nil, nil, false
		upd.UpdateTime = t0.Add(3 * time.Minute)
		mustNil(t, s.UpsertSubscription(ctx, upd))
		got, _ = s.LatestSubscription(ctx, u.ID)
		if !reflect.DeepEqual(got, upd) {
			t.Errorf("Latest after clearing =\n%+v\nwant\n%+v", got, upd)
		}
		// Without UpdateTime, now is used.
		noTime := &salescoach.Subscription{UserID: other.ID, PayPalID: "I-OTHER", PlanID: "P", Status: "ACTIVE"}
		mustNil(t, s.UpsertSubscription(ctx, noTime))
		if noTime.UpdateTime.IsZero() {
			t.Error("UpdateTime not set")
		}

		// Another user's PayPal id is a conflict and changes nothing.
		steal := &salescoach.Subscription{UserID: other.ID, PayPalID: "I-FIRST", PlanID: "P-X", Status: "ACTIVE", UpdateTime: t0.Add(time.Hour)}
		wantCode(t, s.UpsertSubscription(ctx, steal), salescoach.ECONFLICT)
		if n := count(t, db, `SELECT COUNT(*) FROM subscriptions WHERE paypal_id = 'I-FIRST' AND user_id = ? AND plan_id = 'P-ELITE'`, u.ID); n != 1 {
			t.Error("the conflicting upsert changed the row")
		}
		got, err = s.LatestSubscription(ctx, other.ID)
		mustNil(t, err)
		if got.PayPalID != "I-OTHER" {
			t.Errorf("other's latest = %s", got.PayPalID)
		}

		wantCode(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: uuid.NewString(), PayPalID: "I-X", UpdateTime: t0}), salescoach.ENOTFOUND)
		wantCode(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: "1", PayPalID: "I-X", UpdateTime: t0}), salescoach.ENOTFOUND)
		wantCode(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: u.ID, UpdateTime: t0}), salescoach.EINVALID)
		wantCode(t, s.UpsertSubscription(ctx, &salescoach.Subscription{ID: "1", UserID: u.ID, PayPalID: "I-X", UpdateTime: t0}), salescoach.EINVALID)
	})
}

// TestUpsertSubscriptionConcurrent delivers the first events of a new PayPal
// subscription at once, half of them claiming another user: one row results,
// and exactly the requests of its user succeed.
func TestUpsertSubscriptionConcurrent(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSubscriptionService(db)
		users := []string{newUser(t, db, "a@example.com").ID, newUser(t, db, "b@example.com").ID}
		const n = 20
		warm(t, db, n)
		errs := race(n, func(i int) error {
			return s.UpsertSubscription(t.Context(), &salescoach.Subscription{UserID: users[i%2], PayPalID: "I-RACE",
				PlanID: "P", Status: "ACTIVE", UpdateTime: t0.Add(time.Duration(i) * time.Second)})
		})
		var owner string
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT user_id FROM subscriptions WHERE paypal_id = 'I-RACE'`).Scan(&owner); err != nil {
			t.Fatal(err)
		}
		ok := 0
		for i, err := range errs {
			if users[i%2] == owner {
				mustNil(t, err)
				ok++
			} else {
				wantCode(t, err, salescoach.ECONFLICT)
			}
		}
		if ok != n/2 {
			t.Errorf("%d upserts succeeded, want %d", ok, n/2)
		}
		if c := count(t, db, `SELECT COUNT(*) FROM subscriptions`); c != 1 {
			t.Errorf("%d rows, want 1", c)
		}
	})
}
