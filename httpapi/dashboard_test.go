package httpapi_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// list decodes a JSON array answer.
func (r response) list(t testing.TB) []map[string]any {
	t.Helper()
	var l []map[string]any
	if err := json.Unmarshal(r.body, &l); err != nil {
		t.Fatalf("answer is not a JSON array: %v: %s", err, r.body)
	}
	return l
}

func TestReferralsOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := signedIn(t, e, "anna@example.com")
		if l := a.do("GET", "/api/referrals", nil).must(t, 200).list(t); len(l) != 0 {
			t.Errorf("new referrer's list = %v", l)
		}
		// No link yet: the dashboard shows 'Link generieren'.
		if got := a.do("GET", "/api/referrals/code", nil).must(t, 200).json(t); got["code"] != "" {
			t.Errorf("code before generating = %v", got)
		}
		code, _ := a.do("POST", "/api/referrals/code", nil).must(t, 200).json(t)["code"].(string)
		if len(code) != 8 || strings.Trim(code, salescoach.ReferralCodeAlphabet) != "" {
			t.Fatalf("code %q", code)
		}
		if again := a.do("POST", "/api/referrals/code", nil).must(t, 200).json(t)["code"]; again != code {
			t.Errorf("second code %v, want %q", again, code)
		}
		// After a reload the dashboard shows the existing link.
		if got := a.do("GET", "/api/referrals/code", nil).must(t, 200).json(t)["code"]; got != code {
			t.Errorf("existing code %v, want %q", got, code)
		}

		// B signs up with A's link.
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "ben@example.com", "password": pw, "termsAccepted": true, "ref": code}).must(t, 201)
		c := e.client()
		c.do("POST", "/api/auth/confirm", map[string]any{"token": linkToken(t, e.log.lastLink(t, "ben@example.com"), "confirm")}).must(t, 200)
		c.signIn("ben@example.com", pw, false)
		l := a.do("GET", "/api/referrals", nil).must(t, 200).list(t)
		// Without a name, the initial of B's e-mail (never the address).
		if len(l) != 1 || l[0]["display_name"] != "" || l[0]["avatar_url"] != "" || l[0]["initial"] != "B" {
			t.Fatalf("A's referrals = %v", l)
		}
		if at, err := time.Parse(time.RFC3339Nano, l[0]["created_at"].(string)); err != nil || !at.Equal(e.clock.Now()) {
			t.Errorf("created_at %v (%v), want %v", l[0]["created_at"], err, e.clock.Now())
		}
		// The list shows B's name and avatar as B sets them.
		c.do("PATCH", "/api/me", map[string]any{"display_name": "Ben"}).must(t, 200)
		avatar := c.upload("file", "b.png", "image/png", testImage(t, "png")).must(t, 200).json(t)["avatar_url"]
		l = a.do("GET", "/api/referrals", nil).must(t, 200).list(t)
		if len(l) != 1 || l[0]["display_name"] != "Ben" || l[0]["avatar_url"] != avatar {
			t.Errorf("A's referrals after B's edits = %v (avatar %v)", l, avatar)
		}
		if keys := keysOf(l[0]); !slices.Equal(keys, []string{"avatar_url", "created_at", "display_name", "initial"}) {
			t.Errorf("entry fields %v", keys)
		}

		// A signing up again with the own code, an unknown code, and B's
		// second sign-up change nothing.
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "anna@example.com", "password": pw, "termsAccepted": true, "ref": code}).must(t, 201)
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "ben@example.com", "password": pw, "termsAccepted": true, "ref": code}).must(t, 201)
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "cleo@example.com", "password": pw, "termsAccepted": true, "ref": "NOPE2345"}).must(t, 201)
		if l := a.do("GET", "/api/referrals", nil).must(t, 200).list(t); len(l) != 1 {
			t.Errorf("A's referrals after repeated sign-ups = %v", l)
		}
		// B's list is B's own: empty.
		if l := c.do("GET", "/api/referrals", nil).must(t, 200).list(t); len(l) != 0 {
			t.Errorf("B's referrals = %v", l)
		}
		// Nobody else sees A's code.
		if got := c.do("GET", "/api/referrals/code", nil).must(t, 200).json(t)["code"]; got != "" {
			t.Errorf("B sees code %v", got)
		}
		// A later sign-up with the code comes first.
		e.clock.Advance(time.Hour)
		e.client().do("POST", "/api/auth/signup", map[string]any{"email": "dora@example.com", "password": pw, "termsAccepted": true, "ref": code}).must(t, 201)
		a.token = ""
		a.signIn("anna@example.com", pw, false)
		if l := a.do("GET", "/api/referrals", nil).must(t, 200).list(t); len(l) != 2 || l[1]["display_name"] != "Ben" || l[0]["initial"] != "D" {
			t.Errorf("A's referrals, newest first = %v", l)
		}
		e.client().do("GET", "/api/referrals/code", nil).must(t, 401)
		e.client().do("POST", "/api/referrals/code", nil).must(t, 401)
		e.client().do("GET", "/api/referrals", nil).must(t, 401)
	})
}

func keysOf(m map[string]any) []string {
	var k []string
	for key := range m {
		k = append(k, key)
	}
	slices.Sort(k)
	return k
}

func TestChallengesOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := signedIn(t, e, "chris@example.com")
		cards := c.do("GET", "/api/challenges", nil).must(t, 200).list(t)
		wantKeys := []string{"objections_solved", "messages_sent", "fast_answers", "feedback", "calls", "hints",
			"perfect_answers", "completed_chats", "daily_streak"}
		var keys []string
		for _, card := range cards {
			keys = append(keys, card["key"].(string))
		}
		if !slices.Equal(keys, wantKeys) {
			t.Fatalf("keys %v", keys)
		}
		first := cards[0]
		if first["name"] != "Einwände gelöst" || first["nameEn"] != "Objections solved" || first["descriptionEn"] == "" ||
			first["icon"] != "shield-check" || first["description"] == "" ||
			first["stage"].(float64) != 1 || first["progressCurrent"].(float64) != 0 || first["progressTarget"].(float64) != 1 {
			t.Errorf("fresh objections card = %v", first)
		}
		if k := keysOf(first); !slices.Equal(k, []string{"description", "descriptionEn", "icon", "key", "name", "nameEn", "progressCurrent", "progressTarget", "stage"}) {
			t.Errorf("card fields %v", k)
		}

		id := c.userID(t)
		if _, _, err := sqlstore.NewProgressService(db).AddProgress(t.Context(), id, salescoach.ProgressDelta{
			ObjectionsSolved: 25, MessagesSent: 1000, FastAnswers: 12, Hints: 2, Feedback: 5, Calls: 1, PerfectAnswers: 3, CompletedChats: 4,
		}); err != nil {
			t.Fatal(err)
		}
		c.do("POST", "/api/me/streak", nil).must(t, 200)
		want := map[string][3]float64{ // stage, current, target
			"objections_solved": {3, 25, 50},
			"messages_sent":     {10, 1000, 1000},
			"fast_answers":      {1, 10, 10},
			"feedback":          {1, 5, 5},
			"calls":             {1, 1, 5},
			"hints":             {1, 2, 5},
			"perfect_answers":   {1, 3, 8},
			"completed_chats":   {1, 3, 3},
			"daily_streak":      {1, 1, 7},
		}
		for _, card := range c.do("GET", "/api/challenges", nil).must(t, 200).list(t) {
			w := want[card["key"].(string)]
			if card["stage"].(float64) != w[0] || card["progressCurrent"].(float64) != w[1] || card["progressTarget"].(float64) != w[2] {
				t.Errorf("%s = stage %v %v/%v, want %v", card["key"], card["stage"], card["progressCurrent"], card["progressTarget"], w)
			}
		}
		e.client().do("GET", "/api/challenges", nil).must(t, 401)
	})
}

func TestSubscriptionOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		e.billing.Plans = salescoach.PlanIDs{Plus: "P-PLUS", Elite: "P-ELITE", Promo: "P-PROMO"}
		c := signedIn(t, e, "sue@example.com")
		got := c.do("GET", "/api/subscription", nil).must(t, 200).json(t)
		if got["tier"] != "free" || got["status"] != "" || got["plan_id"] != "" || got["cancel_at_period_end"] != false ||
			got["cancel_at"] != nil || got["cycle_start"] != nil || got["paypal_id"] != "" || len(got) != 7 {
			t.Errorf("without a subscription = %v", got)
		}

		subs := sqlstore.NewSubscriptionService(db)
		id := c.userID(t)
		now := e.clock.Now()
		cycle, cancelAt := now.Add(-24*time.Hour), now.Add(29*24*time.Hour)
		for _, s := range []*salescoach.Subscription{
			{UserID: id, PayPalID: "I-OLD", PlanID: "P-PLUS", Status: "CANCELLED", UpdateTime: now.Add(-48 * time.Hour)},
			{UserID: id, PayPalID: "I-NEW", PlanID: "P-PROMO", Status: "ACTIVE", UpdateTime: now, CancelAtPeriodEnd: true,
				CancelAt: &cancelAt, CycleStart: &cycle},
		} {
			if err := subs.UpsertSubscription(t.Context(), s); err != nil {
				t.Fatal(err)
			}
		}
		got = c.do("GET", "/api/subscription", nil).must(t, 200).json(t)
		if got["tier"] != "elite" || got["status"] != "active" || got["plan_id"] != "P-PROMO" || got["paypal_id"] != "I-NEW" || got["cancel_at_period_end"] != true {
			t.Errorf("promo subscription = %v", got)
		}
		for field, want := range map[string]time.Time{"cancel_at": cancelAt, "cycle_start": cycle} {
			if at, err := time.Parse(time.RFC3339Nano, got[field].(string)); err != nil || !at.Equal(want) {
				t.Errorf("%s = %v, want %v", field, got[field], want)
			}
		}
		if err := subs.UpsertSubscription(t.Context(), &salescoach.Subscription{UserID: id, PayPalID: "I-NEWEST",
			PlanID: "P-PLUS", Status: "SUSPENDED", UpdateTime: now.Add(time.Minute)}); err != nil {
			t.Fatal(err)
		}
		got = c.do("GET", "/api/subscription", nil).must(t, 200).json(t)
		if got["tier"] != "plus" || got["status"] != "suspended" || got["cancel_at"] != nil {
			t.Errorf("newest subscription = %v", got)
		}
		e.client().do("GET", "/api/subscription", nil).must(t, 401)
	})
}

// The daily streak over HTTP: the first call of a UTC day counts (and earns
// XP), later calls that day do not, the next day adds one, and a missed day
// starts again at 1.
func TestStreakOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := signedIn(t, e, "streak@example.com")
		// The harness starts at 09:00 UTC; go to 23:59:30.
		e.clock.Advance(14*time.Hour + 59*time.Minute + 30*time.Second)
		steps := []struct {
			name    string
			advance time.Duration
			streak  float64
			first   bool
			xp      float64
		}{
			{"first ever", 0, 1, true, 10},
			{"same day", 10 * time.Second, 1, false, 10},
			{"after midnight UTC", 30 * time.Second, 2, true, 20},
			{"twice more that day", time.Hour, 2, false, 20},
			{"the day after", 24 * time.Hour, 3, true, 30},
			{"a missed day", 48 * time.Hour, 1, true, 40},
			{"next day again", 24 * time.Hour, 2, true, 50},
		}
		for _, s := range steps {
			e.clock.Advance(s.advance)
			// Tokens live 15 minutes; sign in again after every jump.
			c.token = ""
			c.signIn("streak@example.com", pw, false)
			got := c.do("POST", "/api/me/streak", nil).must(t, 200).json(t)
			if s.name == "twice more that day" {
				got = c.do("POST", "/api/me/streak", nil).must(t, 200).json(t)
			}
			me := c.do("GET", "/api/me", nil).must(t, 200).json(t)
			if got["streak"].(float64) != s.streak || got["first"] != s.first || me["user"].(map[string]any)["xp"].(float64) != s.xp ||
				me["profile"].(map[string]any)["streak"].(float64) != s.streak {
				t.Errorf("%s: %v, xp %v, want streak %v first %v xp %v", s.name, got, me["user"].(map[string]any)["xp"], s.streak, s.first, s.xp)
			}
		}
	})
}

// Tracking stores path, source and user only: never an address.
func TestTrackSourcesAndNoIP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := signedIn(t, e, "track@example.com")
		c.ip = "203.0.113.7"
		sources := []string{"google", "ai-tool", "instagram", "youtube", "tiktok", "linkedin", "direct", "other"}
		for _, src := range sources {
			c.do("POST", "/api/track", map[string]any{"path": "/dashboard", "source": src}).must(t, 204)
		}
		c.do("POST", "/api/track", map[string]any{"path": "/dashboard", "source": "facebook"}).must(t, 204)
		rows, err := db.SQL().QueryContext(t.Context(), "SELECT * FROM page_views ORDER BY created_at, id")
		if err != nil {
			t.Fatal(err)
		}
		defer rows.Close()
		cols, _ := rows.Columns()
		if want := []string{"id", "path", "source", "user_id", "created_at"}; !slices.Equal(cols, want) {
			t.Errorf("page_views columns %v, want %v (no address)", cols, want)
		}
		counts := map[string]int{}
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := rows.Scan(ptrs...); err != nil {
				t.Fatal(err)
			}
			for _, v := range vals {
				if s, ok := v.(string); ok && strings.Contains(s, "203.0.113.7") {
					t.Errorf("a page view holds the address: %v", vals)
				}
			}
			counts[string(asBytes(vals[2]))]++
		}
		for _, src := range sources {
			want := 1
			if src == "other" {
				want = 2 // the unknown source counts as other
			}
			if counts[src] != want {
				t.Errorf("source %s stored %d times, want %d", src, counts[src], want)
			}
		}
	})
}

func asBytes(v any) []byte {
	switch x := v.(type) {
	case string:
		return []byte(x)
	case []byte:
		return x
	}
	return nil
}
