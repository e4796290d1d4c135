package sqlstore_test

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestCurrentPlanFollowsSubscriptions: the usage report and the admin user
// list show the plan of the user's newest subscription at the time of
// reading, whenever the usage was recorded, through every write that
// changes it (a new subscription, a plan change by PayPal, a late event, a
// cancellation).
func TestCurrentPlanFollowsSubscriptions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		u, other := newUser(t, db, "u@example.com"), newUser(t, db, "o@example.com")
		cs := sqlstore.NewConversationService(db)
		for _, id := range []string{u.ID, other.ID} {
			mustNil(t, cs.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: id, Model: "m", Purpose: "chat",
				TokensIn: 10, TokensOut: 5, CreatedAt: day(t, "2026-03-02 10:00:00")}))
		}
		s := sqlstore.NewSubscriptionService(db)
		admin := sqlstore.NewAdminService(db)
		check := func(step, want string) {
			t.Helper()
			rep, err := admin.UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05"})
			mustNil(t, err)
			var got []string
			for _, ut := range rep.Users {
				if ut.UserID == u.ID {
					got = append(got, ut.PlanID)
				}
			}
			byPlan := map[string]int{}
			for _, pt := range rep.ByPlan {
				byPlan[pt.PlanID] = pt.Users
			}
			wantByPlan := map[string]int{"": 2}
			if want != "" {
				wantByPlan = map[string]int{"": 1, want: 1}
			}
			au, err := admin.AdminUserByID(ctx, u.ID)
			mustNil(t, err)
			if !reflect.DeepEqual(got, []string{want}) || !reflect.DeepEqual(byPlan, wantByPlan) || au.PlanID != want {
				t.Errorf("%s: report row %q, by plan %v, user list %q; want %q", step, got, byPlan, au.PlanID, want)
			}
		}
		check("no subscription", "")

		mustNil(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-PLUS", PlanID: "P-PLUS",
			Status: "ACTIVE", UpdateTime: t0}))
		check("subscribed", "P-PLUS")

		// A second subscription, newer: the user changed plan.
		mustNil(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-ELITE", PlanID: "P-ELITE",
			Status: "ACTIVE", UpdateTime: t0.Add(time.Hour)}))
		check("second subscription", "P-ELITE")

		// PayPal revises the first one's plan later still: it is the newest.
		wrote, err := s.SyncSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-PLUS", PlanID: "P-PRO",
			Status: "ACTIVE", UpdateTime: t0.Add(2 * time.Hour)})
		mustNil(t, err)
		if !wrote {
			t.Fatal("sync of a newer state did not write")
		}
		check("plan revised", "P-PRO")

		// A late event with an older time changes nothing.
		wrote, err = s.SyncSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-ELITE", PlanID: "P-ELITE",
			Status: "CANCELLED", UpdateTime: t0})
		mustNil(t, err)
		if wrote {
			t.Fatal("sync of an older state wrote")
		}
		check("late event", "P-PRO")

		// The newest subscription ends: no current plan, though an older
		// one is still active.
		_, err = s.SyncSubscription(ctx, &salescoach.Subscription{UserID: u.ID, PayPalID: "I-PLUS", PlanID: "P-PRO",
			Status: "CANCELLED", UpdateTime: t0.Add(3 * time.Hour)})
		mustNil(t, err)
		check("cancelled", "")

		// A subscription of another user's PayPal id is refused and leaves
		// both users' plans as they were.
		wantCode(t, s.UpsertSubscription(ctx, &salescoach.Subscription{UserID: other.ID, PayPalID: "I-PLUS", PlanID: "P-PLUS",
			Status: "ACTIVE", UpdateTime: t0.Add(4 * time.Hour)}), salescoach.ECONFLICT)
		check("conflict", "")
	})
}

// TestUserPlanConcurrentSubscriptions writes subscriptions of one user at
// once, each with its own PayPal id and time: the stored current plan is
// the newest one's, as every transaction's refresh of the user's plan waits
// for the one before it.
func TestUserPlanConcurrentSubscriptions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		s := sqlstore.NewSubscriptionService(db)
		u := newUser(t, db, "a@example.com")
		const n = 16
		warm(t, db, n)
		for round := range 3 {
			errs := race(n, func(i int) error {
				sub := &salescoach.Subscription{UserID: u.ID, PayPalID: fmt.Sprintf("I-%d-%d", round, i),
					PlanID: fmt.Sprintf("P-%d-%d", round, i), Status: "ACTIVE",
					UpdateTime: t0.Add(time.Duration(round*n+i) * time.Second)}
				if i%2 == 0 {
					_, err := s.SyncSubscription(t.Context(), sub)
					return err
				}
				return s.UpsertSubscription(t.Context(), sub)
			})
			for _, err := range errs {
				mustNil(t, err)
			}
			au, err := sqlstore.NewAdminService(db).AdminUserByID(t.Context(), u.ID)
			mustNil(t, err)
			if want := fmt.Sprintf("P-%d-%d", round, n-1); au.PlanID != want {
				t.Errorf("round %d: current plan %q, want %q", round, au.PlanID, want)
			}
		}
	})
}

// TestUserPlanBackfill: migration 0024 fills user_plans from the
// subscriptions stored before it, with the newest subscription by update
// time, then creation, then id.
func TestUserPlanBackfill(t *testing.T) {
	t.Parallel()
	t.Run("sqlite", func(t *testing.T) { testUserPlanBackfill(t, emptySQLite(t)) })
	t.Run("postgres", func(t *testing.T) { testUserPlanBackfill(t, farFromUTCPostgres(t)) })
}

func testUserPlanBackfill(t *testing.T, db *sqlstore.DB) {
	ctx := t.Context()
	mustNil(t, db.MigrateUpTo(ctx, "0022_totp"))
	users := make([]string, 6)
	for i := range users {
		users[i] = uuid.NewString()
		exec(t, db, `INSERT INTO users (id, email, email_lower, display_name, created_at, updated_at) VALUES (?, ?, ?, '', ?, ?)`,
			users[i], fmt.Sprintf("u%d@example.com", i), fmt.Sprintf("u%d@example.com", i), t0, t0)
	}
	sub := func(user int, id, plan, status string, updated, created time.Time) {
		exec(t, db, `INSERT INTO subscriptions (id, user_id, paypal_id, plan_id, status, update_time, created_at)
			VALUES (?, ?, ?, ?, ?, ?, ?)`, id, users[user], "I-"+id, plan, status, updated.UTC(), created.UTC())
	}
	id := func(n int) string { return fmt.Sprintf("00000000-0000-7000-8000-%012d", n) }
	later := t0.Add(time.Hour)
	sub(0, id(1), "P-PLUS", "ACTIVE", t0, t0) // one active subscription
	sub(1, id(2), "P-PLUS", "ACTIVE", t0, t0) // an older active one, then a newer cancelled one
	sub(1, id(3), "P-ELITE", "CANCELLED", later, t0)
	sub(2, id(4), "P-PLUS", "CANCELLED", t0, t0) // an older cancelled one, then a newer active one
	sub(2, id(5), "P-ELITE", "active", later, t0)
	sub(3, id(6), "P-PLUS", "ACTIVE", t0, later) // the same update time: the one created last
	sub(3, id(7), "P-ELITE", "ACTIVE", t0, t0)
	sub(4, id(9), "P-ELITE", "ACTIVE", t0, t0) // the same times: the larger id
	sub(4, id(8), "P-PLUS", "ACTIVE", t0, t0)
	// users[5] has no subscription and no row.
	mustNil(t, db.Migrate(ctx))

	rows, err := db.SQL().QueryContext(ctx, `SELECT user_id, plan_id FROM user_plans`)
	mustNil(t, err)
	defer rows.Close()
	got := map[string]string{}
	for rows.Next() {
		var u, p string
		mustNil(t, rows.Scan(&u, &p))
		got[u] = p
	}
	mustNil(t, rows.Err())
	want := map[string]string{users[0]: "P-PLUS", users[1]: "", users[2]: "P-ELITE", users[3]: "P-PLUS", users[4]: "P-ELITE"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("user_plans:\n got %v\nwant %v", got, want)
	}
}
