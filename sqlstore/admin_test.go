package sqlstore_test

import (
	"context"
	"fmt"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/google/uuid"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// day returns the UTC instant of a "YYYY-MM-DD hh:mm:ss" text.
func day(t *testing.T, s string) time.Time {
	t.Helper()
	at, err := time.Parse(time.DateTime, s)
	if err != nil {
		t.Fatal(err)
	}
	return at
}

// setCreated moves a row's creation time.
func setCreated(t *testing.T, db *sqlstore.DB, table, id string, at time.Time) {
	t.Helper()
	exec(t, db, `UPDATE `+table+` SET created_at = ? WHERE id = ?`, at.UTC(), id)
}

var tokenSeq atomic.Int64

// addToken stores a refresh token of the user.
func addToken(t *testing.T, db *sqlstore.DB, userID string, created time.Time, used, revoked *time.Time) {
	t.Helper()
	mustNil(t, sqlstore.NewSessionService(db).CreateRefreshToken(t.Context(), &salescoach.RefreshToken{
		UserID: userID, TokenHash: fmt.Sprintf("hash-%d", tokenSeq.Add(1)), CreatedAt: created,
		ExpiresAt: created.Add(30 * 24 * time.Hour), UsedAt: used, RevokedAt: revoked,
	}))
}

// addSub stores a subscription of the user.
func addSub(t *testing.T, db *sqlstore.DB, userID, planID, status string, updated time.Time) {
	t.Helper()
	mustNil(t, sqlstore.NewSubscriptionService(db).UpsertSubscription(t.Context(), &salescoach.Subscription{
		UserID: userID, PayPalID: "I-" + uuid.NewString(), PlanID: planID, Status: status, UpdateTime: updated,
	}))
}

// addConversation stores a chat of the user created at the given time.
func addConversation(t *testing.T, db *sqlstore.DB, userID, title string, created time.Time, completed, deleted *time.Time) string {
	t.Helper()
	id := uuid.NewString()
	exec(t, db, `INSERT INTO conversations (id, user_id, title, mode, created_at, updated_at, completed_at, deleted_at)
		VALUES (?, ?, ?, 'Übung', ?, ?, ?, ?)`, id, userID, title, created.UTC(), created.UTC(), utcOrNil(completed), utcOrNil(deleted))
	return id
}

func utcOrNil(t *time.Time) any {
	if t == nil {
		return nil
	}
	return t.UTC()
}

func TestOverview(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		now := day(t, "2026-03-10 12:00:00")
		users := map[string]*salescoach.User{}
		for name, created := range map[string]string{
			"u1": "2026-02-08 23:59:59", // the day before the window
			"u2": "2026-02-09 00:00:00", // the window's first day
			"u3": "2026-03-09 23:59:59",
			"u4": "2026-03-10 00:00:00",
			"u5": "2026-03-10 11:00:00",
			"u6": "2026-03-05 10:00:00",
		} {
			u := newUser(t, db, name+"@example.com")
			setCreated(t, db, "users", u.ID, day(t, created))
			users[name] = u
		}
		guest := newUser(t, db, "")
		setCreated(t, db, "users", guest.ID, day(t, "2026-01-01 08:00:00"))

		// Active: a token created or used in the 15 minutes before now
		// (11:45:00 included), not revoked; users counted once.
		at := func(s string) time.Time { return day(t, "2026-03-10 "+s) }
		addToken(t, db, users["u1"].ID, at("11:50:00"), nil, nil)
		addToken(t, db, users["u1"].ID, at("11:58:00"), nil, nil)
		addToken(t, db, users["u2"].ID, at("11:30:00"), ptr(at("11:46:00")), nil)
		addToken(t, db, users["u3"].ID, at("11:55:00"), nil, ptr(at("11:56:00")))
		addToken(t, db, users["u4"].ID, at("11:45:00"), nil, nil)
		addToken(t, db, users["u5"].ID, at("11:44:59"), nil, nil)

		fb := sqlstore.NewFeedbackService(db)
		for _, status := range salescoach.FeedbackStatuses {
			f := &salescoach.Feedback{Email: "v@example.com", Type: "general", Message: "m"}
			mustNil(t, fb.CreateFeedback(ctx, f))
			_, err := fb.SetFeedbackStatus(ctx, f.ID, status, now)
			mustNil(t, err)
		}

		owner := users["u1"].ID
		deleted := at("11:30:00")
		addConversation(t, db, owner, "today at midnight", at("00:00:00"), nil, nil)
		addConversation(t, db, owner, "today, deleted", at("11:00:00"), nil, &deleted)
		addConversation(t, db, owner, "yesterday", day(t, "2026-03-09 23:59:59"), nil, nil)
		addConversation(t, db, owner, "first of month", day(t, "2026-03-01 00:00:00"), nil, nil)
		addConversation(t, db, owner, "last month", day(t, "2026-02-28 23:59:59"), nil, nil)

		o, err := sqlstore.NewAdminService(db).Overview(ctx, now)
		mustNil(t, err)
		if o.Users != 7 || o.ActiveSessions != 3 || o.OpenFeedback != 2 || o.ChatsToday != 2 || o.ChatsMonth != 4 {
			t.Errorf("overview = users %d (7), active %d (3), open feedback %d (2), chats today %d (2), month %d (4)",
				o.Users, o.ActiveSessions, o.OpenFeedback, o.ChatsToday, o.ChatsMonth)
		}
		if len(o.NewUsersPerDay) != 30 {
			t.Fatalf("%d days, want 30", len(o.NewUsersPerDay))
		}
		want := map[string]int{"2026-02-09": 1, "2026-03-05": 1, "2026-03-09": 1, "2026-03-10": 2}
		first := day(t, "2026-02-09 00:00:00")
		for i, dc := range o.NewUsersPerDay {
			if wantDay := first.AddDate(0, 0, i).Format(time.DateOnly); dc.Day != wantDay || dc.Count != want[dc.Day] {
				t.Errorf("day %d = %+v, want %s with %d", i, dc, wantDay, want[wantDay])
			}
		}
		var newest []string
		for _, u := range o.NewestUsers {
			newest = append(newest, u.Email)
		}
		if got := strings.Join(newest, ","); got != "u5@example.com,u4@example.com,u3@example.com,u6@example.com,u2@example.com" {
			t.Errorf("newest users = %s", got)
		}
	})
}

func TestOverviewEmpty(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		// The first of the month at midnight: today and the month start
		// coincide, and the window reaches into the previous month.
		o, err := sqlstore.NewAdminService(db).Overview(t.Context(), day(t, "2026-03-01 00:00:00"))
		mustNil(t, err)
		if o.Users != 0 || o.ChatsToday != 0 || o.ChatsMonth != 0 || len(o.NewestUsers) != 0 || len(o.NewUsersPerDay) != 30 {
			t.Errorf("empty overview = %+v", o)
		}
		if o.NewUsersPerDay[0].Day != "2026-01-31" || o.NewUsersPerDay[29].Day != "2026-03-01" {
			t.Errorf("days %s..%s, want 2026-01-31..2026-03-01", o.NewUsersPerDay[0].Day, o.NewUsersPerDay[29].Day)
		}
	})
}

func TestListUsers(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		us := sqlstore.NewUserService(db)
		mk := func(email, name string, confirmed bool, hoursAgo int) *salescoach.User {
			u, err := us.CreateUser(ctx, salescoach.NewUser{Email: email, IsAnonymous: email == "", DisplayName: name, EmailConfirmed: confirmed})
			mustNil(t, err)
			setCreated(t, db, "users", u.ID, t0.Add(-time.Duration(hoursAgo)*time.Hour))
			return u
		}
		alice := mk("Alice@Example.com", "Alice Wonder", true, 1)
		bob := mk("bob_smith@example.com", "100% Bob", true, 2)
		carl := mk("bobxsmith@example.com", "1000 Carl", true, 3)
		dora := mk("", `Back\slash`, false, 4)
		eve := mk("eve@example.com", "Eve", false, 5)
		mustNil(t, us.SetStatus(ctx, eve.ID, salescoach.UserStatusDisabled))
		mustNil(t, us.SetAdmin(ctx, "eve@example.com", true))
		exec(t, db, `UPDATE users SET xp = 250, level = 3 WHERE id = ?`, alice.ID)

		addSub(t, db, alice.ID, "P-PLUS", "ACTIVE", t0.Add(-48*time.Hour))
		addSub(t, db, bob.ID, "P-ELITE", "ACTIVE", t0.Add(-72*time.Hour))
		addSub(t, db, bob.ID, "P-PLUS", "CANCELLED", t0.Add(-24*time.Hour))
		addSub(t, db, carl.ID, "P-PLUS", "CANCELLED", t0.Add(-72*time.Hour))
		addSub(t, db, carl.ID, "P-ELITE", "active", t0.Add(-24*time.Hour))

		addToken(t, db, alice.ID, t0.Add(-5*time.Hour), ptr(t0.Add(-time.Hour)), nil)
		addToken(t, db, alice.ID, t0.Add(-2*time.Hour), nil, nil)
		addToken(t, db, bob.ID, t0.Add(-3*time.Hour), nil, ptr(t0.Add(-150*time.Minute)))

		s := sqlstore.NewAdminService(db)
		emails := func(items []*salescoach.AdminUser) string {
			var out []string
			for _, u := range items {
				out = append(out, u.ID)
			}
			return strings.Join(out, ",")
		}
		ids := func(us ...*salescoach.User) string {
			var out []string
			for _, u := range us {
				out = append(out, u.ID)
			}
			return strings.Join(out, ",")
		}

		all, total, err := s.ListUsers(ctx, "", salescoach.Page{})
		mustNil(t, err)
		if total != 5 || emails(all) != ids(alice, bob, carl, dora, eve) {
			t.Fatalf("all users: total %d, order %s", total, emails(all))
		}
		a := all[0]
		if a.Email != "Alice@Example.com" || a.DisplayName != "Alice Wonder" || !a.EmailConfirmed || a.IsAnonymous || a.IsAdmin ||
			a.Status != salescoach.UserStatusActive || a.XP != 250 || a.Level != 3 || a.PlanID != "P-PLUS" || a.SubscriptionStatus != "ACTIVE" {
			t.Errorf("alice = %+v", a)
		}
		sameTime(t, "alice created_at", a.CreatedAt, t0.Add(-time.Hour))
		if a.LastActiveAt == nil {
			t.Error("alice last active = nil")
		} else {
			sameTime(t, "alice last active", *a.LastActiveAt, t0.Add(-time.Hour))
		}
		if b := all[1]; b.PlanID != "" || b.SubscriptionStatus != "CANCELLED" || b.LastActiveAt == nil || !b.LastActiveAt.Equal(t0.Add(-3*time.Hour)) {
			t.Errorf("bob (newest subscription cancelled, one revoked token) = %+v", b)
		}
		if c := all[2]; c.PlanID != "P-ELITE" || c.LastActiveAt != nil {
			t.Errorf("carl (newest subscription active, no tokens) = %+v", c)
		}
		if d := all[3]; !d.IsAnonymous || d.Email != "" || d.PlanID != "" || d.SubscriptionStatus != "" {
			t.Errorf("dora (guest) = %+v", d)
		}
		if e := all[4]; !e.IsAdmin || e.Status != salescoach.UserStatusDisabled || e.EmailConfirmed {
			t.Errorf("eve = %+v", e)
		}

		for _, tc := range []struct {
			q    string
			want string
		}{
			{"ALICE", ids(alice)},                 // e-mail and name, any case
			{"wonder", ids(alice)},                // display name only
			{"_smith", ids(bob)},                  // _ is literal, not "any character"
			{"0%", ids(bob)},                      // % is literal
			{"%", ids(bob)},                       // … even alone
			{`k\s`, ids(dora)},                    // \ is literal
			{"bob", ids(bob, carl)},               // substring of both e-mails
			{"  bob  ", ids(bob, carl)},           // trimmed
			{alice.ID, ids(alice)},                // exact id
			{strings.ToUpper(carl.ID), ids(carl)}, // id in upper case
			{"nobody", ""},
		} {
			items, total, err := s.ListUsers(ctx, tc.q, salescoach.Page{})
			mustNil(t, err)
			if emails(items) != tc.want || total != len(items) {
				t.Errorf("ListUsers(%q) = %s (total %d), want %s", tc.q, emails(items), total, tc.want)
			}
		}

		page, total, err := s.ListUsers(ctx, "", salescoach.Page{Limit: 2, Offset: 1})
		mustNil(t, err)
		if total != 5 || emails(page) != ids(bob, carl) {
			t.Errorf("page: %s total %d", emails(page), total)
		}
		page, total, err = s.ListUsers(ctx, "example", salescoach.Page{Limit: 1, Offset: 1})
		mustNil(t, err)
		if total != 4 || emails(page) != ids(bob) {
			t.Errorf("search page: %s total %d, want bob of 4", emails(page), total)
		}
		_, _, err = s.ListUsers(ctx, strings.Repeat("a", 201), salescoach.Page{})
		wantCode(t, err, salescoach.EINVALID)

		// One user: the same as in the list.
		got, err := s.AdminUserByID(ctx, alice.ID)
		mustNil(t, err)
		if !reflect.DeepEqual(got, a) {
			t.Errorf("AdminUserByID = %+v, want %+v", got, a)
		}
		_, err = s.AdminUserByID(ctx, "01890000-0000-7000-8000-000000000000")
		wantCode(t, err, salescoach.ENOTFOUND)
		_, err = s.AdminUserByID(ctx, "alice")
		wantCode(t, err, salescoach.ENOTFOUND)

		mustNil(t, s.SetUserAdmin(ctx, bob.ID, true))
		if got, err := s.AdminUserByID(ctx, bob.ID); err != nil || !got.IsAdmin {
			t.Errorf("bob after SetUserAdmin(true): %+v %v", got, err)
		}
		mustNil(t, s.SetUserAdmin(ctx, eve.ID, false))
		if got, err := s.AdminUserByID(ctx, eve.ID); err != nil || got.IsAdmin {
			t.Errorf("eve after SetUserAdmin(false): %+v %v", got, err)
		}
		wantCode(t, s.SetUserAdmin(ctx, "01890000-0000-7000-8000-000000000000", true), salescoach.ENOTFOUND)
		wantCode(t, s.SetUserAdmin(ctx, "bob", true), salescoach.ENOTFOUND)
	})
}

func TestListConversations(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		alice := newUser(t, db, "alice@example.com")
		bob := newUser(t, db, "bob@example.com")
		done := t0.Add(-90 * time.Minute)
		gone := t0.Add(-80 * time.Minute)
		c1 := addConversation(t, db, alice.ID, "Preisverhandlung", t0.Add(-time.Hour), nil, nil)
		c2 := addConversation(t, db, bob.ID, "50% Rabatt", t0.Add(-2*time.Hour), &done, &gone)
		c3 := addConversation(t, db, bob.ID, "500 Euro", t0.Add(-3*time.Hour), nil, nil)
		c4 := addConversation(t, db, alice.ID, "Kaltakquise", t0.Add(-4*time.Hour), nil, nil)
		for i := range 3 {
			exec(t, db, `INSERT INTO messages (id, conversation_id, role, content, created_at, seq) VALUES (?, ?, 'user', 'hi', ?, ?)`,
				uuid.NewString(), c1, t0.Add(-time.Hour).UTC(), i+1)
		}

		s := sqlstore.NewAdminService(db)
		ids := func(items []*salescoach.AdminConversation) string {
			var out []string
			for _, c := range items {
				out = append(out, c.ID)
			}
			return strings.Join(out, ",")
		}
		join := func(ids ...string) string { return strings.Join(ids, ",") }

		all, total, err := s.ListConversations(ctx, "", salescoach.Page{})
		mustNil(t, err)
		if total != 4 || ids(all) != join(c1, c2, c3, c4) {
			t.Fatalf("all: %s total %d", ids(all), total)
		}
		if c := all[0]; c.UserID != alice.ID || c.UserEmail != "alice@example.com" || c.Title != "Preisverhandlung" ||
			c.Mode != "Übung" || c.MessageCount != 3 || c.CompletedAt != nil || c.DeletedAt != nil {
			t.Errorf("c1 = %+v", c)
		}
		sameTime(t, "c1 created_at", all[0].CreatedAt, t0.Add(-time.Hour))
		if c := all[1]; c.MessageCount != 0 || c.UserEmail != "bob@example.com" || c.CompletedAt == nil || c.DeletedAt == nil ||
			!c.DeletedAt.Equal(gone) || !c.CompletedAt.Equal(done) {
			t.Errorf("c2 (deleted) = %+v", c)
		}

		for _, tc := range []struct{ q, want string }{
			{"PREIS", join(c1)},
			{"bob@", join(c2, c3)}, // the owner's e-mail
			{"0%", join(c2)},       // literal %
			{"50", join(c2, c3)},
			{c4, join(c4)},
			{strings.ToUpper(c3), join(c3)},
			{"zzz", ""},
		} {
			items, total, err := s.ListConversations(ctx, tc.q, salescoach.Page{})
			mustNil(t, err)
			if ids(items) != tc.want || total != len(items) {
				t.Errorf("ListConversations(%q) = %s (total %d), want %s", tc.q, ids(items), total, tc.want)
			}
		}
		page, total, err := s.ListConversations(ctx, "", salescoach.Page{Limit: 2, Offset: 2})
		mustNil(t, err)
		if total != 4 || ids(page) != join(c3, c4) {
			t.Errorf("page 2: %s total %d", ids(page), total)
		}
		page, total, err = s.ListConversations(ctx, "alice", salescoach.Page{Limit: 1})
		mustNil(t, err)
		if total != 2 || ids(page) != join(c1) {
			t.Errorf("search page: %s total %d, want c1 of 2", ids(page), total)
		}
		_, _, err = s.ListConversations(ctx, strings.Repeat("x", 201), salescoach.Page{})
		wantCode(t, err, salescoach.EINVALID)
	})
}

func TestChallengeCompletions(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		u1 := newUser(t, db, "u1@example.com")
		u2 := newUser(t, db, "u2@example.com")
		u3 := newUser(t, db, "u3@example.com")
		newUser(t, db, "") // a guest with nothing done
		exec(t, db, `UPDATE profiles SET fast_answers_count = 10, messages_sent_count = 1, feedback_count = 5, hints_count = 2 WHERE user_id = ?`, u1.ID)
		exec(t, db, `UPDATE profiles SET fast_answers_count = 9, feedback_count = 5, hints_count = 1 WHERE user_id = ?`, u2.ID)
		exec(t, db, `UPDATE profiles SET messages_sent_count = 5, feedback_count = 6, streak = 7, perfect_answers_count = 7 WHERE user_id = ?`, u3.ID)

		// The current target counts: hints lowered to 2.
		cat := sqlstore.NewCatalogService(db)
		list, err := cat.Challenges(ctx)
		mustNil(t, err)
		for _, c := range list {
			if c.Key == salescoach.ChallengeHints {
				mustNil(t, cat.UpdateChallenges(ctx, []salescoach.ChallengeUpdate{{
					Key: c.Key, Name: c.Name, Icon: c.Icon, Description: c.Description, Target: 2,
				}}))
			}
		}

		got, err := sqlstore.NewAdminService(db).ChallengeCompletions(ctx)
		mustNil(t, err)
		want := []salescoach.ChallengeCompletions{
			{Key: "feedback", Completions: 3},
			{Key: "messages_sent", Completions: 2}, // staged: first threshold 1
			{Key: "fast_answers", Completions: 1},  // 10 of 10; 9 is not enough
			{Key: "hints", Completions: 1},
			{Key: "daily_streak", Completions: 1}, // the streak column
			{Key: "objections_solved", Completions: 0},
			{Key: "calls", Completions: 0},
			{Key: "perfect_answers", Completions: 0}, // 7 of 8
			{Key: "completed_chats", Completions: 0},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("completions = %+v\nwant %+v", got, want)
		}
	})
}

func TestUsageReport(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		us := sqlstore.NewUserService(db)
		mk := func(email, name string) *salescoach.User {
			u, err := us.CreateUser(ctx, salescoach.NewUser{Email: email, DisplayName: name})
			mustNil(t, err)
			return u
		}
		a, b, c, d := mk("a@example.com", "Anna"), mk("b@example.com", "Ben"), mk("c@example.com", "Cem"), mk("d@example.com", "Dana")
		addSub(t, db, a.ID, "P-PLUS", "ACTIVE", t0)
		addSub(t, db, c.ID, "P-ELITE", "ACTIVE", t0.Add(-48*time.Hour))
		addSub(t, db, c.ID, "P-ELITE", "CANCELLED", t0.Add(-24*time.Hour))
		addSub(t, db, d.ID, "P-ELITE", "ACTIVE", t0)
		cs := sqlstore.NewConversationService(db)
		use := func(u *salescoach.User, at string, in, out int) {
			mustNil(t, cs.RecordTokenUsage(ctx, &salescoach.TokenUsage{UserID: u.ID, Model: "m", Purpose: "chat",
				TokensIn: in, TokensOut: out, CreatedAt: day(t, at)}))
		}
		use(a, "2026-02-28 23:59:59", 1000, 1000) // the day before From
		use(a, "2026-03-01 00:00:00", 100, 50)
		use(a, "2026-03-05 23:59:59", 10, 5)
		use(a, "2026-03-06 00:00:00", 9999, 9999) // the day after To
		use(b, "2026-03-03 12:00:00", 200, 0)
		use(c, "2026-03-02 08:00:00", 20, 10)
		use(c, "2026-03-02 09:00:00", 20, 10)
		use(d, "2026-03-04 10:00:00", 100, 65)

		s := sqlstore.NewAdminService(db)
		rep, err := s.UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05"})
		mustNil(t, err)
		if want := (salescoach.TokenTotals{TokensIn: 450, TokensOut: 140, Calls: 6, Users: 4}); rep.Totals != want {
			t.Errorf("totals = %+v, want %+v", rep.Totals, want)
		}
		wantPlans := []salescoach.PlanTokens{
			{PlanID: "", TokenTotals: salescoach.TokenTotals{TokensIn: 240, TokensOut: 20, Calls: 3, Users: 2}},
			{PlanID: "P-ELITE", TokenTotals: salescoach.TokenTotals{TokensIn: 100, TokensOut: 65, Calls: 1, Users: 1}},
			{PlanID: "P-PLUS", TokenTotals: salescoach.TokenTotals{TokensIn: 110, TokensOut: 55, Calls: 2, Users: 1}},
		}
		if !reflect.DeepEqual(rep.ByPlan, wantPlans) {
			t.Errorf("by plan = %+v\nwant %+v", rep.ByPlan, wantPlans)
		}
		// a and d tie at 165 tokens: the smaller user id first.
		first, second := a, d
		if d.ID < a.ID {
			first, second = d, a
		}
		plan := map[string]string{a.ID: "P-PLUS", d.ID: "P-ELITE"}
		sums := map[string][3]int64{a.ID: {110, 55, 2}, d.ID: {100, 65, 1}}
		wantUsers := []salescoach.UserTokens{
			{UserID: b.ID, Email: "b@example.com", DisplayName: "Ben", TokensIn: 200, TokensOut: 0, Calls: 1},
			{UserID: first.ID, Email: first.Email, DisplayName: first.DisplayName, PlanID: plan[first.ID],
				TokensIn: sums[first.ID][0], TokensOut: sums[first.ID][1], Calls: int(sums[first.ID][2])},
			{UserID: second.ID, Email: second.Email, DisplayName: second.DisplayName, PlanID: plan[second.ID],
				TokensIn: sums[second.ID][0], TokensOut: sums[second.ID][1], Calls: int(sums[second.ID][2])},
			{UserID: c.ID, Email: "c@example.com", DisplayName: "Cem", TokensIn: 40, TokensOut: 20, Calls: 2},
		}
		if rep.UserCount != 4 || !reflect.DeepEqual(rep.Users, wantUsers) {
			t.Errorf("users (count %d) = %+v\nwant %+v", rep.UserCount, rep.Users, wantUsers)
		}

		rep, err = s.UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05", Page: salescoach.Page{Limit: 2, Offset: 1}})
		mustNil(t, err)
		if rep.UserCount != 4 || !reflect.DeepEqual(rep.Users, wantUsers[1:3]) || rep.Totals.Calls != 6 {
			t.Errorf("page 2 = %+v (count %d)", rep.Users, rep.UserCount)
		}
		rep, err = s.UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05", Page: salescoach.Page{Offset: 4}})
		mustNil(t, err)
		if rep.UserCount != 4 || len(rep.Users) != 0 || !reflect.DeepEqual(rep.ByPlan, wantPlans) || rep.Totals.Calls != 6 {
			t.Errorf("past the end: %+v (count %d), by plan %+v", rep.Users, rep.UserCount, rep.ByPlan)
		}
		rep, err = s.UsageReport(ctx, salescoach.UsageFilter{From: "2026-03-01", To: "2026-03-05", Page: salescoach.Page{Limit: 2, Offset: 3}})
		mustNil(t, err)
		if rep.UserCount != 4 || !reflect.DeepEqual(rep.Users, wantUsers[3:]) {
			t.Errorf("last page, cut short: %+v (count %d)", rep.Users, rep.UserCount)
		}

		// One day: the row at its last second only.
		rep, err = s.UsageReport(ctx, salescoach.UsageFilter{From: "2026-02-28", To: "2026-02-28"})
		mustNil(t, err)
		if rep.Totals != (salescoach.TokenTotals{TokensIn: 1000, TokensOut: 1000, Calls: 1, Users: 1}) || len(rep.Users) != 1 || rep.Users[0].UserID != a.ID {
			t.Errorf("2026-02-28: %+v", rep)
		}
		// No usage: zeros, empty lists.
		rep, err = s.UsageReport(ctx, salescoach.UsageFilter{From: "2025-01-01", To: "2025-01-31"})
		mustNil(t, err)
		if rep.Totals != (salescoach.TokenTotals{}) || len(rep.ByPlan) != 0 || len(rep.Users) != 0 || rep.UserCount != 0 {
			t.Errorf("empty period: %+v", rep)
		}

		for _, f := range []salescoach.UsageFilter{
			{From: "2026-03-06", To: "2026-03-05"},
			{From: "2026-3-1", To: "2026-03-05"},
			{From: "2026-03-01", To: ""},
			{From: "2026-02-30", To: "2026-03-05"},
		} {
			_, err := s.UsageReport(ctx, f)
			wantCode(t, err, salescoach.EINVALID)
		}
	})
}

func TestPageViewCounts(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		pv := sqlstore.NewPageViewService(db)
		view := func(at, path, source string) {
			mustNil(t, pv.RecordPageView(ctx, &salescoach.PageView{Path: path, Source: source, CreatedAt: day(t, at)}))
		}
		view("2026-03-02 23:59:59", "/", "google") // the day before from
		view("2026-03-03 00:00:00", "/", "google")
		view("2026-03-03 00:00:00", "/", "google")
		view("2026-03-03 10:00:00", "/", "instagram")
		view("2026-03-04 10:00:00", "/impressum", "direct")
		view("2026-03-05 10:00:00", "/login", "instagram")
		view("2026-03-05 10:00:00", "/login/", "instagram") // trailing slash
		view("2026-03-06 10:00:00", "/chat/abc", "tiktok")
		view("2026-03-06 10:00:00", "/call/abc", "tiktok")
		view("2026-03-07 10:00:00", "/dashboard", "ai-tool")
		view("2026-03-08 10:00:00", "/legal/privacy", "linkedin")
		view("2026-03-09 23:59:59", "/Login", "other") // case matters: an app page
		view("2026-03-10 00:00:00", "/", "youtube")    // the day after to

		s := sqlstore.NewAdminService(db)
		got, err := s.PageViewCounts(ctx, "2026-03-03", "2026-03-09")
		mustNil(t, err)
		want := []salescoach.PageViewCount{
			{Source: "ai-tool", Kind: "app", Views: 1},
			{Source: "direct", Kind: "impressum", Views: 1},
			{Source: "google", Kind: "landing", Views: 2},
			{Source: "instagram", Kind: "landing", Views: 1},
			{Source: "instagram", Kind: "login", Views: 2},
			{Source: "linkedin", Kind: "legal", Views: 1},
			{Source: "other", Kind: "app", Views: 1},
			{Source: "tiktok", Kind: "chat", Views: 2},
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("counts = %+v\nwant %+v", got, want)
		}
		// The rollup agrees with the raw rows it summarises.
		if n := count(t, db, `SELECT COALESCE(SUM(views), 0) FROM page_view_days`); n != count(t, db, `SELECT COUNT(*) FROM page_views`) {
			t.Errorf("rollup holds %d views, page_views %d", n, count(t, db, `SELECT COUNT(*) FROM page_views`))
		}

		one, err := s.PageViewCounts(ctx, "2026-03-10", "2026-03-10")
		mustNil(t, err)
		if !reflect.DeepEqual(one, []salescoach.PageViewCount{{Source: "youtube", Kind: "landing", Views: 1}}) {
			t.Errorf("one day = %+v", one)
		}
		none, err := s.PageViewCounts(ctx, "2025-01-01", "2025-12-31")
		mustNil(t, err)
		if len(none) != 0 {
			t.Errorf("a year without views = %+v", none)
		}
		for _, p := range [][2]string{{"2026-03-09", "2026-03-03"}, {"2026-03-03", "yesterday"}, {"", ""}} {
			_, err := s.PageViewCounts(ctx, p[0], p[1])
			wantCode(t, err, salescoach.EINVALID)
		}
	})
}

func TestCompliance(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		ctx := t.Context()
		us := sqlstore.NewUserService(db)
		for i, version := range []int{1, 1, 2, 3, 0, 0} {
			u := newUser(t, db, fmt.Sprintf("c%d@example.com", i))
			if version > 0 {
				_, err := us.AcceptTerms(ctx, u.ID, version, "ua", t0)
				mustNil(t, err)
			}
		}
		newUser(t, db, "") // a guest: no terms either

		since := t0.AddDate(0, 0, -30)
		cs := sqlstore.NewConsentService(db)
		for _, r := range []struct {
			at      time.Time
			version int
			kind    string
		}{
			{since.Add(-time.Second), 1, salescoach.ConsentTerms}, // just outside the window
			{since.Add(-24 * time.Hour), 2, salescoach.ConsentWithdrawalWaiver},
			{since, 1, salescoach.ConsentTerms}, // the window's first instant
			{t0, 2, salescoach.ConsentTerms},
			{t0, 2, salescoach.ConsentWithdrawalWaiver},
		} {
			mustNil(t, cs.RecordConsent(ctx, &salescoach.ConsentRecord{ConsentType: r.kind, TermsVersion: r.version, CreatedAt: r.at}))
		}
		got, err := sqlstore.NewAdminService(db).Compliance(ctx, since)
		mustNil(t, err)
		want := salescoach.ComplianceStats{TermsV1: 2, TermsV2: 1, TermsOther: 1, WithoutTerms: 3, AuditTotal: 3, AuditV1: 1, AuditV2: 2,
			AuditTerms: 2, AuditWaiver: 1}
		if *got != want {
			t.Errorf("compliance = %+v, want %+v", *got, want)
		}
	})
}

// TestSearchIndexes checks that 0013 created the trigram indexes of the
// admin searches on PostgreSQL (its DO block would hide a failure) and
// that the planner uses them for a selective search.
func TestSearchIndexes(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		if db.Dialect() != sqlstore.DialectPostgres {
			if n := count(t, db, `SELECT COUNT(*) FROM sqlite_master WHERE type = 'index' AND name LIKE '%trgm%'`); n != 0 {
				t.Errorf("%d trigram indexes on SQLite", n)
			}
			return
		}
		if n := count(t, db, `SELECT COUNT(*) FROM pg_indexes WHERE indexname IN
			('users_email_lower_trgm_idx', 'users_display_name_trgm_idx', 'conversations_title_trgm_idx')`); n != 3 {
			t.Fatalf("%d of 3 trigram indexes exist", n)
		}
		// On a small table a scan is cheaper; take that choice away to see
		// whether the index can serve the search at all.
		conn, err := db.SQL().Conn(t.Context())
		mustNil(t, err)
		defer conn.Close()
		_, err = conn.ExecContext(t.Context(), `SET enable_seqscan = off`)
		mustNil(t, err)
		defer conn.ExecContext(context.Background(), `RESET enable_seqscan`)
		rows, err := conn.QueryContext(t.Context(), `EXPLAIN SELECT COUNT(*) FROM users u
			WHERE (u.email_lower LIKE '%user42%' ESCAPE '\' OR lower(u.display_name) LIKE '%user42%' ESCAPE '\')`)
		mustNil(t, err)
		defer rows.Close()
		var plan []string
		for rows.Next() {
			var line string
			mustNil(t, rows.Scan(&line))
			plan = append(plan, line)
		}
		mustNil(t, rows.Err())
		if p := strings.Join(plan, "\n"); !strings.Contains(p, "users_email_lower_trgm_idx") || !strings.Contains(p, "users_display_name_trgm_idx") {
			t.Errorf("the search does not use the trigram index:\n%s", p)
		}
	})
}
