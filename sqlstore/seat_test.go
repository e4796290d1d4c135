package sqlstore_test

import (
	"fmt"
	"sync"
	"testing"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// activeSeats starts a team subscription of quantity seats for the owner of
// f's team and makes it ACTIVE as PayPal's activation would.
func activeSeats(t *testing.T, db *sqlstore.DB, f *teamFixture, paypalID string, quantity int) *salescoach.TeamSubscription {
	t.Helper()
	ctx := t.Context()
	seats := sqlstore.NewSeatService(db)
	sub := &salescoach.TeamSubscription{Subscription: salescoach.Subscription{PayPalID: paypalID, PlanID: "P-TEAM",
		Status: salescoach.SubscriptionApprovalPending, UpdateTime: t0}, Quantity: quantity}
	mustNil(t, seats.StartTeamSubscription(ctx, f.owner.ID, sub))
	start := t0.Add(1)
	_, err := sqlstore.NewSubscriptionService(db).SyncSubscription(ctx, &salescoach.Subscription{UserID: f.owner.ID,
		PayPalID: paypalID, PlanID: "P-TEAM", Status: salescoach.SubscriptionActive, UpdateTime: t0.Add(1), CycleStart: &start})
	mustNil(t, err)
	return sub
}

// TestSeatQuotaAndPermissions: a seat holder's subscription is the team's,
// everyone else has none; only the owner assigns; outsiders' ids are 404;
// the team subscription is never the owner's personal plan.
func TestSeatQuotaAndPermissions(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		seats := sqlstore.NewSeatService(db)
		wantCode(t, seats.AssignSeat(ctx, f.owner.ID, f.member.ID, t0), salescoach.ECONFLICT)
		activeSeats(t, db, f, "I-TEAM-1", 2)

		wantCode(t, seats.AssignSeat(ctx, f.manager.ID, f.member.ID, t0), salescoach.EFORBIDDEN)
		wantCode(t, seats.AssignSeat(ctx, f.member.ID, f.member.ID, t0), salescoach.EFORBIDDEN)
		wantCode(t, seats.AssignSeat(ctx, f.owner.ID, f.outsider.ID, t0), salescoach.ENOTFOUND)
		wantCode(t, seats.AssignSeat(ctx, f.outsider.ID, f.member.ID, t0), salescoach.ENOTFOUND)
		_, _, err := seats.SeatOwnerTeam(ctx, f.manager.ID)
		wantCode(t, err, salescoach.EFORBIDDEN)

		_, err = seats.SeatSubscription(ctx, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		mustNil(t, seats.AssignSeat(ctx, f.owner.ID, f.member.ID, t0))
		sub, err := seats.SeatSubscription(ctx, f.member.ID)
		mustNil(t, err)
		if sub.PayPalID != "I-TEAM-1" || !sub.Active() {
			t.Fatalf("member's seat subscription %+v", sub)
		}
		plan, _, seat := salescoach.SeatQuota(salescoach.PlanFree, nil, sub, t0)
		if plan != salescoach.PlanPlus || !seat || salescoach.PlanQuota(plan) != 250 {
			t.Fatalf("seat quota %s %v", plan, seat)
		}
		if plan, _, seat := salescoach.SeatQuota(salescoach.PlanFree, nil, nil, t0); plan != salescoach.PlanFree || seat {
			t.Fatalf("quota without a seat %s %v", plan, seat)
		}
		if plan, _, seat := salescoach.SeatQuota(salescoach.PlanElite, nil, sub, t0); plan != salescoach.PlanElite || seat {
			t.Fatalf("Elite with a seat %s %v", plan, seat)
		}
		_, err = sqlstore.NewSubscriptionService(db).LatestSubscription(ctx, f.owner.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		st, err := seats.TeamSeats(ctx, f.member.ID)
		mustNil(t, err)
		if st.Quantity != 2 || st.Assigned != 1 || st.Status != salescoach.SubscriptionActive || len(st.Members) != 0 {
			t.Fatalf("member's view of the seats %+v", st)
		}
		st, err = seats.TeamSeats(ctx, f.owner.ID)
		mustNil(t, err)
		if len(st.Members) != 3 {
			t.Fatalf("owner's view of the seats %+v", st)
		}

		// Leaving the team gives the seat back.
		mustNil(t, f.s.Leave(ctx, f.member.ID))
		_, err = seats.SeatSubscription(ctx, f.member.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
	})
}

// TestSeatLimitAndPending: never more seats assigned than paid, however
// many assignments run at once; a quantity change below the seats assigned
// is refused; a pending reduction is the limit at once; PayPal's quantity
// ends the pending change.
func TestSeatLimitAndPending(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		seats := sqlstore.NewSeatService(db)
		activeSeats(t, db, f, "I-TEAM-2", 3)
		var users []*salescoach.User
		for i := range 6 {
			u := newUser(t, db, fmt.Sprintf("m%d@example.com", i))
			_, err := f.s.Join(ctx, u, "no-such-hash", "join-nord", t0)
			mustNil(t, err)
			users = append(users, u)
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		errs := make([]error, len(users))
		for i, u := range users {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				errs[i] = seats.AssignSeat(ctx, f.owner.ID, u.ID, t0)
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
			} else if salescoach.ErrorCode(err) != salescoach.ECONFLICT {
				t.Fatalf("assign: %v", err)
			}
		}
		if ok != 3 {
			t.Fatalf("%d assignments succeeded, want 3", ok)
		}
		wantCode(t, seats.SetPendingSeats(ctx, f.owner.ID, "I-TEAM-2", 2), salescoach.EINVALID)
		wantCode(t, seats.SetPendingSeats(ctx, f.manager.ID, "I-TEAM-2", 5), salescoach.EFORBIDDEN)

		// Take all back but one, ask for 1 seat: the limit is 1 at once.
		for _, u := range users {
			mustNil(t, seats.UnassignSeat(ctx, f.owner.ID, u.ID))
		}
		mustNil(t, seats.AssignSeat(ctx, f.owner.ID, users[0].ID, t0))
		st, err := seats.TeamSeats(ctx, f.owner.ID)
		mustNil(t, err)
		if st.Assigned != 1 {
			t.Fatalf("assigned %d", st.Assigned)
		}
		mustNil(t, seats.SetPendingSeats(ctx, f.owner.ID, "I-TEAM-2", 1))
		wantCode(t, seats.AssignSeat(ctx, f.owner.ID, f.member.ID, t0), salescoach.ECONFLICT)
		mustNil(t, seats.SetSeatCount(ctx, "I-TEAM-2", 1, t0.Add(2)))
		st, err = seats.TeamSeats(ctx, f.owner.ID)
		mustNil(t, err)
		if st.Quantity != 1 || st.Subscription.PendingQuantity != 0 {
			t.Fatalf("after PayPal's quantity %+v", st.Subscription)
		}
		// A report older than the stored row changes nothing.
		mustNil(t, seats.SetSeatCount(ctx, "I-TEAM-2", 7, t0.Add(-1)))
		st, err = seats.TeamSeats(ctx, f.owner.ID)
		mustNil(t, err)
		if st.Quantity != 1 {
			t.Fatalf("an old report wrote %d seats", st.Quantity)
		}
	})
}

// TestTeamSubscriptionsForDeletion: deleting a team must cancel its
// subscriptions, which only its owner lists; deleting the owner's account
// takes the team, so the account's list holds them too, also when an owner
// before bought them, and the buyer's own list keeps them as theirs.
func TestTeamSubscriptionsForDeletion(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		seats, privacy := sqlstore.NewSeatService(db), sqlstore.NewPrivacyService(db)
		paypalIDs := func(subs []*salescoach.Subscription) string {
			ids := []string{}
			for _, s := range subs {
				ids = append(ids, s.PayPalID)
			}
			return fmt.Sprint(ids)
		}
		activeSeats(t, db, f, "I-TEAM-1", 2)
		other := &teamFixture{s: f.s, owner: f.outsider}
		activeSeats(t, db, other, "I-TEAM-2", 1)

		list, err := seats.TeamSubscriptions(ctx, f.owner.ID)
		mustNil(t, err)
		if got := paypalIDs(list); got != "[I-TEAM-1]" {
			t.Errorf("the team's subscriptions = %s", got)
		}
		for _, who := range []*salescoach.User{f.manager, f.member} {
			_, err = seats.TeamSubscriptions(ctx, who.ID)
			wantCode(t, err, salescoach.EFORBIDDEN)
		}
		loner := newUser(t, db, "loner@example.com")
		_, err = seats.TeamSubscriptions(ctx, loner.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		// The buyer hands the team over: the new owner's deletion ends the
		// team's subscription, and the buyer's would end it as theirs.
		mustNil(t, f.s.SetRole(ctx, f.owner.ID, f.manager.ID, salescoach.RoleOwner))
		for _, who := range []*salescoach.User{f.manager, f.owner} {
			list, err := privacy.UserSubscriptions(ctx, who.ID)
			mustNil(t, err)
			if got := paypalIDs(list); got != "[I-TEAM-1]" {
				t.Errorf("%s's deletion ends %s", who.Email, got)
			}
		}
		list, err = privacy.UserSubscriptions(ctx, f.member.ID)
		mustNil(t, err)
		if len(list) != 0 {
			t.Errorf("a member's deletion ends %s", paypalIDs(list))
		}
	})
}

// TestSeatGivenOnSSOJoin (issue 40): whoever joins through the company's
// sign-in gets a free seat of the team's while one is free; signing in
// again gives no second one; when all are taken they join without one.
func TestSeatGivenOnSSOJoin(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		f := newTeamFixture(t, db)
		seats := sqlstore.NewSeatService(db)
		s := sqlstore.NewTeamSSOService(db)
		teamID := f.team.Team.ID
		_, _, err := s.SaveTeamSSO(ctx, f.owner.ID, teamID, ssoUpdate("acme.com"), t0)
		mustNil(t, err)
		claim(t, s, f.owner.ID, teamID, "acme.com")

		// Before the team has seats: in, without one.
		early := newUser(t, db, "early@acme.com")
		mustNil(t, s.EnterSSOTeam(ctx, teamID, early.ID, "member", t0))
		_, err = seats.SeatSubscription(ctx, early.ID)
		wantCode(t, err, salescoach.ENOTFOUND)

		activeSeats(t, db, f, "I-TEAM-JIT", 3)
		mustNil(t, seats.AssignSeat(ctx, f.owner.ID, f.member.ID, t0))
		anna, bob, carl := newUser(t, db, "anna@acme.com"), newUser(t, db, "bob@acme.com"), newUser(t, db, "carl@acme.com")
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-anna", anna.ID, anna.Email, "member", t0))
		mustNil(t, s.LinkSSOIdentity(ctx, teamID, "sub-anna", anna.ID, anna.Email, "member", t0))
		mustNil(t, s.EnterSSOTeam(ctx, teamID, bob.ID, "member", t0))
		mustNil(t, s.EnterSSOTeam(ctx, teamID, carl.ID, "member", t0))
		for _, u := range []*salescoach.User{anna, bob} {
			if sub, err := seats.SeatSubscription(ctx, u.ID); err != nil || sub.PayPalID != "I-TEAM-JIT" {
				t.Errorf("%s's seat = %+v, %v", u.Email, sub, err)
			}
		}
		_, err = seats.SeatSubscription(ctx, carl.ID)
		wantCode(t, err, salescoach.ENOTFOUND)
		st, err := seats.TeamSeats(ctx, f.owner.ID)
		mustNil(t, err)
		if st.Assigned != 3 {
			t.Errorf("assigned = %d, want 3", st.Assigned)
		}
		if ms, err := f.s.MyTeam(ctx, carl.ID); err != nil || ms.Team.ID != teamID {
			t.Errorf("carl's membership = %+v, %v", ms, err)
		}
	})
}
