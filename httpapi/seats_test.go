package httpapi_test

import (
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"salescoach/billing/paypaltest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// seatEnv is a team of an owner and two members on a server whose billing
// sells the team plan P-TEAM, and an outsider who owns another team.
type seatEnv struct {
	*payEnv
	owner, member, second, outsider *client
	memberID, secondID, ownerID     string
}

func newSeatEnv(t *testing.T, db *sqlstore.DB) *seatEnv {
	t.Helper()
	p := newPayEnv(t, db, 0)
	p.svc.Plans.Team = "P-TEAM"
	e := &seatEnv{payEnv: p}
	e.owner, e.ownerID = p.user("owner")
	e.member, e.memberID = p.user("member")
	e.second, e.secondID = p.user("second")
	e.outsider, _ = p.user("outsider")
	e.owner.do("POST", "/api/teams", map[string]any{"name": "Vertrieb Nord"}).must(t, 201)
	e.outsider.do("POST", "/api/teams", map[string]any{"name": "Vertrieb Süd"}).must(t, 201)
	join := e.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)
	for _, c := range []*client{e.member, e.second} {
		c.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, join, "token")}).must(t, 200)
	}
	return e
}

// approve is the owner approving at PayPal's page what link names, and
// PayPal's webhooks arriving; it returns the subscription id.
func (e *seatEnv) approve(link string) string {
	e.t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		e.t.Fatal(err)
	}
	id := u.Query().Get("subscription_id")
	if err := e.fake.Approve(id); err != nil {
		e.t.Fatal(err)
	}
	e.deliver()
	return id
}

func usageOf(t *testing.T, c *client) map[string]any {
	t.Helper()
	return c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)
}

// TestSeatsBuyAssignAndQuota: the owner buys 3 seats (a PayPal subscription
// with quantity 3), assigns one; its holder has Plus quota (250), the
// others keep their personal quota (5); only the owner manages seats;
// another team's owner cannot touch this team's members.
func TestSeatsBuyAssignAndQuota(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newSeatEnv(t, db)
		// Only the owner: members 403; no team 404; another team's member 404.
		wantCode(t, e.member.do("GET", "/api/team/seats", nil), 403, "team_owner_only")
		wantCode(t, e.member.do("POST", "/api/team/seats", map[string]any{"quantity": 3}), 403, "team_owner_only")
		wantCode(t, e.member.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil), 403, "team_owner_only")
		loner, _ := e.user("loner")
		wantCode(t, loner.do("GET", "/api/team/seats", nil), 404, "team_not_found")
		wantCode(t, e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 0}), 400, "seat_quantity")

		seats := e.owner.do("GET", "/api/team/seats", nil).must(t, 200).json(t)
		if seats["configured"] != true || seats["quantity"] != float64(0) || seats["pricePerSeat"] != float64(25) || len(seats["members"].([]any)) != 3 {
			t.Fatalf("seats before buying %v", seats)
		}
		wantCode(t, e.owner.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil), 409, "seats_none")

		link := e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 3}).must(t, 201).json(t)["approveUrl"].(string)
		id := e.approve(link)
		if got := e.fake.Subscription(id); got.PlanID != "P-TEAM" || got.Quantity != 3 || got.CustomID == "" {
			t.Fatalf("PayPal's subscription %+v", got)
		}
		seats = e.owner.do("POST", "/api/team/seats/confirm", map[string]any{"subscriptionID": id}).must(t, 200).json(t)
		if seats["quantity"] != float64(3) || seats["status"] != "ACTIVE" || seats["subscriptionId"] != id {
			t.Fatalf("seats after buying %v", seats)
		}
		wantCode(t, e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 2}), 409, "seats_exist")
		wantCode(t, e.outsider.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil), 404, "team_member_not_found")

		if u := usageOf(t, e.member); u["quota"] != float64(5) || u["seat"] != false {
			t.Fatalf("member without a seat: %v", u)
		}
		e.owner.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil).must(t, 200)
		seats = e.owner.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil).must(t, 200).json(t)
		if seats["assigned"] != float64(1) {
			t.Fatalf("assigning twice: %v", seats)
		}
		if u := usageOf(t, e.member); u["quota"] != float64(250) || u["plan"] != "plus" || u["seat"] != true {
			t.Fatalf("member with a seat: %v", u)
		}
		// The team subscription is no personal plan of the owner who pays it.
		if u := usageOf(t, e.owner); u["quota"] != float64(5) || u["plan"] != "free" {
			t.Fatalf("owner without a seat: %v", u)
		}
		if got := subscriptionOf(t, e.owner); got["tier"] == "plus" {
			t.Fatalf("owner's personal subscription %v", got)
		}
		team := e.second.do("GET", "/api/team", nil).must(t, 200).json(t)["seats"].(map[string]any)
		if team["quantity"] != float64(3) || team["assigned"] != float64(1) || team["status"] != "ACTIVE" {
			t.Fatalf("GET /api/team seats %v", team)
		}
		if u := usageOf(t, e.second); u["quota"] != float64(5) {
			t.Fatalf("second member without a seat: %v", u)
		}

		// The back-office: team and role in the user list, the teams list
		// with seats.
		boss := admin(t, e.env)
		item := boss.do("GET", "/api/admin/users?q=member@", nil).must(t, 200).json(t)["items"].([]any)[0].(map[string]any)
		if item["team_name"] != "Vertrieb Nord" || item["team_role"] != "member" {
			t.Fatalf("admin user item %v", item)
		}
		teams := boss.do("GET", "/api/admin/teams?q=nord", nil).must(t, 200).json(t)
		row := teams["items"].([]any)[0].(map[string]any)
		if teams["total"] != float64(1) || row["name"] != "Vertrieb Nord" || row["owner_email"] != "owner@example.com" ||
			row["members"] != float64(3) || row["seats"] != float64(3) || row["seats_assigned"] != float64(1) || row["subscription_status"] != "active" {
			t.Fatalf("admin teams %v", teams)
		}
		if all := boss.do("GET", "/api/admin/teams", nil).must(t, 200).json(t); all["total"] != float64(2) {
			t.Fatalf("all teams %v", all)
		}
		wantCode(t, e.member.do("GET", "/api/admin/teams", nil), 403, "forbidden")

		// Taking the seat back ends the Plus quota.
		e.owner.do("DELETE", "/api/team/members/"+e.memberID+"/seat", nil).must(t, 200)
		if u := usageOf(t, e.member); u["quota"] != float64(5) {
			t.Fatalf("member after unassigning: %v", u)
		}
		wantCode(t, e.owner.do("PUT", "/api/team/members/00000000-0000-4000-8000-000000000000/seat", nil), 404, "team_member_not_found")
	})
}

// TestSeatsReviseCancel: the owner changes the number of seats with
// PayPal's revise (quantity), never below the seats assigned; every seat
// taken is 409; cancelling keeps the seats until the period ends.
func TestSeatsReviseCancel(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newSeatEnv(t, db)
		id := e.approve(e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 3}).must(t, 201).json(t)["approveUrl"].(string))
		for _, uid := range []string{e.ownerID, e.memberID} {
			e.owner.do("PUT", "/api/team/members/"+uid+"/seat", nil).must(t, 200)
		}
		wantCode(t, e.owner.do("PATCH", "/api/team/seats", map[string]any{"quantity": 1}), 400, "seats_below_assigned")
		wantCode(t, e.owner.do("PATCH", "/api/team/seats", map[string]any{"quantity": 3}), 400, "seats_same")
		wantCode(t, e.member.do("PATCH", "/api/team/seats", map[string]any{"quantity": 5}), 403, "team_owner_only")

		// Down to 2: pending until approved, and already the limit.
		link := e.owner.do("PATCH", "/api/team/seats", map[string]any{"quantity": 2}).must(t, 200).json(t)["approveUrl"].(string)
		if seats := e.owner.do("GET", "/api/team/seats", nil).must(t, 200).json(t); seats["pendingQuantity"] != float64(2) || seats["quantity"] != float64(3) {
			t.Fatalf("pending revise %v", seats)
		}
		wantCode(t, e.owner.do("PUT", "/api/team/members/"+e.secondID+"/seat", nil), 409, "seats_full")
		if e.approve(link) != id {
			t.Fatal("revise approved another subscription")
		}
		seats := e.owner.do("GET", "/api/team/seats", nil).must(t, 200).json(t)
		if seats["quantity"] != float64(2) || seats["pendingQuantity"] != float64(0) || e.fake.Subscription(id).Quantity != 2 {
			t.Fatalf("after the revise %v, PayPal %+v", seats, e.fake.Subscription(id))
		}

		// Up to 4 (webhook only, no confirm), then the third seat.
		e.approve(e.owner.do("PATCH", "/api/team/seats", map[string]any{"quantity": 4}).must(t, 200).json(t)["approveUrl"].(string))
		e.owner.do("PUT", "/api/team/members/"+e.secondID+"/seat", nil).must(t, 200)
		if seats := e.owner.do("GET", "/api/team/seats", nil).must(t, 200).json(t); seats["quantity"] != float64(4) || seats["assigned"] != float64(3) {
			t.Fatalf("after the second revise %v", seats)
		}

		// Cancel at the period's end: Plus until then, personal quota after.
		seats = e.owner.do("POST", "/api/team/seats/cancel", map[string]any{}).must(t, 200).json(t)
		if seats["cancelAtPeriodEnd"] != true || seats["cancelAt"] == nil || e.fake.Subscription(id).Status != "SUSPENDED" {
			t.Fatalf("after cancel %v", seats)
		}
		e.deliver()
		if u := usageOf(t, e.member); u["quota"] != float64(250) {
			t.Fatalf("member during the paid period: %v", u)
		}
		wantCode(t, e.owner.do("PATCH", "/api/team/seats", map[string]any{"quantity": 5}), 409, "seats_none")
		e.advance(e.member, "member", 32*24*time.Hour)
		e.runJobs("p1")
		e.deliver()
		if u := usageOf(t, e.member); u["quota"] != float64(5) || u["seat"] != false {
			t.Fatalf("member after the period: %v", u)
		}
		if e.fake.Subscription(id).Status != "CANCELLED" {
			t.Fatalf("PayPal's subscription after the period %+v", e.fake.Subscription(id))
		}
	})
}

// cancelsFail makes PayPal answer every cancellation with 503 until
// FailWith(nil).
func cancelsFail(fake *paypaltest.Fake) {
	fake.FailWith(func(r *http.Request) int {
		if strings.HasSuffix(r.URL.Path, "/cancel") {
			return http.StatusServiceUnavailable
		}
		return 0
	})
}

// subscriptionIDOf is the PayPal id in a checkout's approval link.
func subscriptionIDOf(t testing.TB, link string) string {
	t.Helper()
	u, err := url.Parse(link)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("subscription_id")
}

// leftAndBought is the owner leaving a checkout of 2 seats unapproved at
// PayPal's page, then buying 3; it returns both PayPal ids.
func (e *seatEnv) leftAndBought() (left, bought string) {
	t := e.t
	t.Helper()
	left = subscriptionIDOf(t, e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 2}).must(t, 201).json(t)["approveUrl"].(string))
	e.clock.Advance(time.Second) // a new checkout, not PayPal's answer to the same request again
	bought = e.approve(e.owner.do("POST", "/api/team/seats", map[string]any{"quantity": 3}).must(t, 201).json(t)["approveUrl"].(string))
	e.owner.do("POST", "/api/team/seats/confirm", map[string]any{"subscriptionID": bought}).must(t, 200)
	return left, bought
}

// TestTeamDeleteCancelsSeats: deleting a team cancels its team
// subscription at PayPal first, for good; a checkout left unapproved at
// PayPal's page (which PayPal cannot cancel, and which charges nothing)
// does not stand in the way; while PayPal fails, nothing is deleted and
// the seats stay.
func TestTeamDeleteCancelsSeats(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newSeatEnv(t, db)
		left, id := e.leftAndBought()
		e.owner.do("PUT", "/api/team/members/"+e.memberID+"/seat", nil).must(t, 200)

		wantCode(t, e.member.do("DELETE", "/api/team", nil), 403, "team_owner_only")
		cancelsFail(e.fake)
		r := e.owner.do("DELETE", "/api/team", nil)
		wantCode(t, r, 503, "team_delete_subscription_failed")
		if r.header.Get("Retry-After") == "" {
			t.Error("no Retry-After")
		}
		if got := e.fake.Subscription(id).Status; got != paypaltest.StatusActive {
			t.Fatalf("PayPal status %s after the failed deletion", got)
		}
		e.member.do("GET", "/api/team", nil).must(t, 200)
		if u := usageOf(t, e.member); u["quota"] != float64(250) {
			t.Fatalf("the seat went with a failed deletion: %v", u)
		}

		e.fake.FailWith(nil)
		e.owner.do("DELETE", "/api/team", nil).must(t, 204)
		got := e.fake.Subscription(id)
		if got.Status != paypaltest.StatusCancelled || got.Reason != "Team deleted by its owner" {
			t.Errorf("at PayPal the team subscription is %s (%q), want CANCELLED", got.Status, got.Reason)
		}
		if got := e.fake.Subscription(left).Status; got != paypaltest.StatusApprovalPending {
			t.Errorf("the unapproved checkout is %s", got)
		}
		wantCode(t, e.member.do("GET", "/api/team", nil), 404, "team_not_found")
		if u := usageOf(t, e.member); u["quota"] != float64(5) || u["seat"] != false {
			t.Errorf("after the team's deletion: %v", u)
		}
		e.deliver() // PayPal's cancellation event finds the row without its team
		if n := e.count(`SELECT COUNT(*) FROM subscriptions WHERE paypal_id = '` + id + `' AND status = 'CANCELLED' AND team_id IS NULL`); n != 1 {
			t.Errorf("the team subscription's row after the webhook: %d cancelled", n)
		}
		// The outsider's team, and its owner, are untouched.
		e.outsider.do("GET", "/api/team", nil).must(t, 200)
	})
}

// TestDeleteAccountCancelsOwnedTeamSeats: an owner deleting their account
// deletes their team, so its team subscription is cancelled at PayPal
// first, also when an owner before them bought it; the buyer, now a
// manager, keeps their account.
func TestDeleteAccountCancelsOwnedTeamSeats(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newSeatEnv(t, db)
		left, id := e.leftAndBought()
		e.owner.do("PATCH", "/api/team/members/"+e.memberID, map[string]any{"role": "owner"}).must(t, 204)

		cancelsFail(e.fake)
		wantCode(t, e.member.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}),
			503, "account_delete_subscription_failed")
		e.member.do("GET", "/api/team", nil).must(t, 200)

		e.fake.FailWith(nil)
		e.member.do("POST", "/api/me/delete", map[string]any{"password": "correct horse battery", "confirmation": "LÖSCHEN"}).must(t, 204)
		if got := e.fake.Subscription(id).Status; got != paypaltest.StatusCancelled {
			t.Errorf("at PayPal the team subscription is %s, want CANCELLED", got)
		}
		if got := e.fake.Subscription(left).Status; got != paypaltest.StatusApprovalPending {
			t.Errorf("the unapproved checkout is %s", got)
		}
		wantCode(t, e.owner.do("GET", "/api/team", nil), 404, "team_not_found")
		e.owner.do("GET", "/api/me", nil).must(t, 200)
	})
}
