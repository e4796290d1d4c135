package httpapi_test

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/httpapi"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// visit GETs a server-rendered page with an optional Referer, as a browser
// arriving from elsewhere does, and returns the page.
func (e *env) visit(t *testing.T, method, path, referer string) string {
	t.Helper()
	req, err := http.NewRequestWithContext(context.Background(), method, e.srv.URL+path, nil)
	if err != nil {
		t.Fatal(err)
	}
	if referer != "" {
		req.Header.Set("Referer", referer)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	if res.StatusCode != 200 {
		t.Fatalf("%s %s: %d", method, path, res.StatusCode)
	}
	return string(b)
}

func (r response) ints(t testing.TB, key string) map[string]float64 {
	t.Helper()
	m, ok := r.json(t)[key].(map[string]any)
	if !ok {
		t.Fatalf("no %s in %s", key, r.body)
	}
	out := map[string]float64{}
	for k, v := range m {
		out[k] = v.(float64)
	}
	return out
}

func wantCounts(t *testing.T, what string, got map[string]float64, want map[string]float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s = %v, want exactly %v", what, got, want)
		return
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %v, want %v", what, got, want)
			return
		}
	}
}

func TestAnalyticsCountsTrackedAndServedPages(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		// The server records its own pages, with the source of the visit.
		e.visit(t, "GET", "/", "")
		e.visit(t, "GET", "/?utm_source=Instagram", "")
		e.visit(t, "GET", "/", "https://gemini.google.com/app")
		e.visit(t, "GET", "/", "https://www.youtube.com/watch?v=1")
		e.visit(t, "GET", "/", e.srv.URL+"/impressum")
		e.visit(t, "GET", "/", "https://example.org/blog")
		e.visit(t, "GET", "/?utm_source=newsletter", "https://www.google.com/")
		e.visit(t, "GET", "/impressum", "https://www.linkedin.com/feed")
		e.visit(t, "HEAD", "/", "")
		e.visit(t, "GET", "/legal", "")
		// The app reports its routes.
		c := e.client()
		c.do("POST", "/api/track", map[string]any{"path": "/login", "source": "instagram"}).must(t, 204)
		c.do("POST", "/api/track", map[string]any{"path": "/chat/123", "source": "google"}).must(t, 204)
		c.do("POST", "/api/track", map[string]any{"path": "/dashboard", "source": "tiktok"}).must(t, 204)

		a := admin(t, e)
		get := func(q string) response { return a.do("GET", "/api/admin/analytics?"+q, nil).must(t, 200) }
		if v := get("metric=visitors").json(t)["visitors"]; v != 11.0 {
			t.Errorf("visitors = %v, want 11", v)
		}
		wantCounts(t, "by source", get("metric=visitorsBySource&range=7").ints(t, "visitorsBySource"), map[string]float64{
			"google": 1, "ai-tool": 1, "instagram": 2, "youtube": 1, "tiktok": 1, "linkedin": 1, "direct": 2, "other": 2})
		wantCounts(t, "by page", get("metric=visitorsByPage").ints(t, "visitorsByPage"), map[string]float64{"landing": 7, "login": 1, "app": 2})

		visits := func(q string) map[string]float64 {
			list := a.do("GET", "/api/admin/page-visits?"+q, nil).must(t, 200).list(t)
			if len(list) != 1 {
				t.Fatalf("page visits = %v", list)
			}
			out := map[string]float64{}
			for k, v := range list[0] {
				out[k] = v.(float64)
			}
			return out
		}
		wantCounts(t, "all visits", visits(""), map[string]float64{"landing": 7, "impressum": 1, "registrierung": 1, "chatbot": 1})
		wantCounts(t, "instagram", visits("src=instagram&days=30"), map[string]float64{"landing": 1, "impressum": 0, "registrierung": 1, "chatbot": 0})
		wantCounts(t, "linkedin", visits("src=linkedin"), map[string]float64{"landing": 0, "impressum": 1, "registrierung": 0, "chatbot": 0})
		wantCounts(t, "youtube", visits("src=youtube&days=90"), map[string]float64{"landing": 1, "impressum": 0, "registrierung": 0, "chatbot": 0})
		wantCounts(t, "tiktok", visits("src=tiktok"), map[string]float64{"landing": 0, "impressum": 0, "registrierung": 0, "chatbot": 0})

		wantError(t, a.do("GET", "/api/admin/analytics?metric=sessions", nil), 400, "", "Unbekannte Metrik.")
		wantError(t, a.do("GET", "/api/admin/analytics", nil), 400, "", "Unbekannte Metrik.")
		wantError(t, a.do("GET", "/api/admin/analytics?metric=visitors&range=14", nil), 400, "", "Ungültiger Zeitraum.")
		wantError(t, a.do("GET", "/api/admin/analytics?metric=visitors&range=abc", nil), 400, "", "Ungültiger Zeitraum.")
		wantError(t, a.do("GET", "/api/admin/page-visits?src=google", nil), 400, "src", "Unbekannte Quelle.")
		wantError(t, a.do("GET", "/api/admin/page-visits?days=1", nil), 400, "", "Ungültiger Zeitraum.")

		// Eight days on, the last 7 days are empty and the last 30 are not.
		e.clock.Advance(8 * 24 * time.Hour)
		a.token = "" // expired
		a.signIn("boss@example.com", pw, false)
		if v := get("metric=visitors&range=7").json(t)["visitors"]; v != 0.0 {
			t.Errorf("visitors of the last 7 days = %v, want 0", v)
		}
		if v := get("metric=visitors&range=30").json(t)["visitors"]; v != 11.0 {
			t.Errorf("visitors of the last 30 days = %v, want 11", v)
		}
	})
}

func TestLandingCarriesTheSource(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	cases := []struct{ query, href string }{
		{"?ref=ABC123&utm_source=Instagram", `href="/app/login?ref=ABC123&amp;utm_source=instagram"`},
		{"?utm_source=linkedin_ads-1", `href="/app/login?utm_source=linkedin_ads-1"`},
		{"?utm_source=%22%3E%3Cscript%3E", `href="/app/login"`},
		{"?utm_source=" + strings.Repeat("a", 41), `href="/app/login"`},
		{"?utm_source=mit%20leer", `href="/app/login"`},
	}
	for _, c := range cases {
		if page := e.visit(t, "GET", "/"+c.query, ""); !strings.Contains(page, c.href) || strings.Contains(page, "<script>") {
			t.Errorf("GET /%s: want %s in the page", c.query, c.href)
		}
	}
}

// A visitor over the tracking limit still gets the page; the visit is
// just not counted.
func TestServedPageViewsAreRateLimited(t *testing.T) {
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db)
	c := e.client()
	e.visit(t, "GET", "/", "")
	for range 599 {
		c.do("POST", "/api/track", "kein JSON").must(t, 400)
	}
	c.do("POST", "/api/track", "kein JSON").must(t, 429)
	e.visit(t, "GET", "/", "")
	e.visit(t, "GET", "/impressum", "")
	a := admin(t, e)
	if v := a.do("GET", "/api/admin/analytics?metric=visitors", nil).must(t, 200).json(t)["visitors"]; v != 1.0 {
		t.Errorf("visitors = %v, want 1 (the ones over the limit are not counted)", v)
	}
}

func TestAdminCompliance(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		e.signUpConfirmed("c1@example.com", pw)
		e.signUpConfirmed("c2@example.com", pw)
		a.do("POST", "/api/admin/users", map[string]any{"first_name": "Ohne", "last_name": "AGB", "email": "ohne@example.com"}).must(t, 201)
		e.client().do("POST", "/api/auth/anonymous", nil).must(t, 200)
		e.client().do("POST", "/api/consent", map[string]any{"consentType": "terms", "termsVersion": 1}).must(t, 204)

		get := func() response { return a.do("GET", "/api/admin/compliance", nil).must(t, 200) }
		r := get()
		wantCounts(t, "terms", r.ints(t, "terms"), map[string]float64{"v1": 0, "v2": 3, "other": 0, "without": 2})
		wantCounts(t, "audit", r.ints(t, "audit"), map[string]float64{"days": 30, "total": 4, "v1": 1, "v2": 3, "terms": 4, "withdrawalWaiver": 0})

		// The audit counts the last 30 days only.
		e.clock.Advance(31 * 24 * time.Hour)
		a.token = "" // expired
		a.signIn("boss@example.com", pw, false)
		r = get()
		wantCounts(t, "terms later", r.ints(t, "terms"), map[string]float64{"v1": 0, "v2": 3, "other": 0, "without": 2})
		wantCounts(t, "audit later", r.ints(t, "audit"), map[string]float64{"days": 30, "total": 0, "v1": 0, "v2": 0, "terms": 0, "withdrawalWaiver": 0})
	})
}

func TestAdminUsage(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		planIDs(e)
		a := admin(t, e)
		plus := signedIn(t, e, "plus@example.com")
		free := signedIn(t, e, "free@example.com")
		elite := signedIn(t, e, "elite@example.com")
		ids := map[string]string{"plus": plus.userID(t), "free": free.userID(t), "elite": elite.userID(t)}
		now := e.clock.Now()
		subs := sqlstore.NewSubscriptionService(db)
		for who, plan := range map[string]string{"plus": "P-PLUS", "elite": "P-PROMO"} {
			if err := subs.UpsertSubscription(t.Context(), &salescoach.Subscription{UserID: ids[who], PayPalID: "I-" + who,
				PlanID: plan, Status: "ACTIVE", UpdateTime: now}); err != nil {
				t.Fatal(err)
			}
		}
		convs := sqlstore.NewConversationService(db)
		for _, u := range []struct {
			who     string
			in, out int
			at      time.Time
		}{
			{"plus", 100, 50, now},
			{"plus", 10, 5, now.Add(-24 * time.Hour)},
			{"free", 300, 100, now},
			{"elite", 20, 20, now.Add(-40 * 24 * time.Hour)},
		} {
			if err := convs.RecordTokenUsage(t.Context(), &salescoach.TokenUsage{UserID: ids[u.who], Model: "m", Purpose: "chat",
				TokensIn: u.in, TokensOut: u.out, CreatedAt: u.at}); err != nil {
				t.Fatal(err)
			}
		}

		r := a.do("GET", "/api/admin/usage", nil).must(t, 200)
		got := r.json(t)
		if got["from"] != "2026-10-23" || got["to"] != "2026-11-21" || got["total"].(float64) != 2 {
			t.Errorf("usage = %s", r.body)
		}
		wantCounts(t, "totals", r.ints(t, "totals"), map[string]float64{"tokensIn": 410, "tokensOut": 155, "tokens": 565, "calls": 3, "users": 2,
			"sttSeconds": 0, "ttsCharacters": 0})
		byPlan := got["byPlan"].([]any)
		var plans []string
		for _, p := range byPlan {
			p := p.(map[string]any)
			plans = append(plans, p["plan"].(string))
		}
		if strings.Join(plans, ",") != "free,plus,elite" || byPlan[1].(map[string]any)["tokens"].(float64) != 165 ||
			byPlan[1].(map[string]any)["calls"].(float64) != 2 || byPlan[2].(map[string]any)["tokens"].(float64) != 0 {
			t.Errorf("byPlan = %v", byPlan)
		}
		users := got["users"].([]any)
		if len(users) != 2 || users[0].(map[string]any)["email"] != "free@example.com" || users[0].(map[string]any)["tokens"].(float64) != 400 ||
			users[1].(map[string]any)["plan"] != "plus" || users[1].(map[string]any)["user_id"] != ids["plus"] {
			t.Errorf("users = %v", users)
		}
		page := a.do("GET", "/api/admin/usage?limit=1&offset=1", nil).must(t, 200).json(t)
		if u := page["users"].([]any); len(u) != 1 || u[0].(map[string]any)["email"] != "plus@example.com" || page["total"].(float64) != 2 {
			t.Errorf("page = %v", page)
		}
		wide := a.do("GET", "/api/admin/usage?from=2026-10-01&to=2026-11-21", nil).must(t, 200).json(t)
		if wide["total"].(float64) != 3 || wide["byPlan"].([]any)[2].(map[string]any)["plan"] != "elite" ||
			wide["byPlan"].([]any)[2].(map[string]any)["tokens"].(float64) != 40 {
			t.Errorf("wide = %v", wide)
		}
		until := a.do("GET", "/api/admin/usage?to=2026-11-20", nil).must(t, 200).json(t)
		if until["from"] != "2026-10-22" || until["totals"].(map[string]any)["tokens"].(float64) != 15 {
			t.Errorf("until yesterday = %v", until)
		}
		a.do("GET", "/api/admin/usage?from=2025-11-21&to=2026-11-21", nil).must(t, 200) // 366 days
		for _, q := range []string{"from=2025-11-20&to=2026-11-21", "from=2026-11-22&to=2026-11-21", "from=2026-13-01", "to=21.11.2026", "from=2026-11-1"} {
			wantError(t, a.do("GET", "/api/admin/usage?"+q, nil), 400, "", "Ungültiger Zeitraum.")
		}
	})
}

// withEngine runs the chats on the OpenAI-compatible fake, with the key.
func withEngine(t *testing.T, fake *openaitest.Server, key string, checkTimeout time.Duration) envOption {
	return func(_ *httpapi.Config, deps *httpapi.Deps) {
		eng, err := openai.New(openai.Config{BaseURL: fake.URL(), APIKey: key, Model: "coach-model", CheckTimeout: checkTimeout,
			Logger: deps.Logger})
		if err != nil {
			t.Fatal(err)
		}
		deps.Training.Engine = eng
	}
}

func TestAdminSettingsBuiltin(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		got := a.do("GET", "/api/admin/settings", nil).must(t, 200).json(t)
		if eng := got["engine"].(map[string]any); eng["name"] != "builtin" || eng["model"] != "" || eng["baseUrl"] != "" || got["paypalConfigured"] != false {
			t.Errorf("settings = %v", got)
		}
		// the promo plan is Elite at a promotional price even before its plan id is configured
		if promo := got["plans"].([]any)[3].(map[string]any); promo["plan"] != "promo" || promo["quota"] != float64(1000) {
			t.Errorf("unconfigured promo plan = %v", promo)
		}
		planIDs(e)
		got = a.do("GET", "/api/admin/settings", nil).must(t, 200).json(t)
		want := []struct {
			plan, id string
			quota    float64
		}{{"free", "", 5}, {"plus", "P-PLUS", 250}, {"elite", "P-ELITE", 1000}, {"promo", "P-PROMO", 1000}}
		plans := got["plans"].([]any)
		if len(plans) != len(want) {
			t.Fatalf("plans = %v", plans)
		}
		for i, p := range plans {
			p := p.(map[string]any)
			if p["plan"] != want[i].plan || p["planId"] != want[i].id || p["quota"] != want[i].quota {
				t.Errorf("plan %d = %v, want %+v", i, p, want[i])
			}
		}
		// Plan ids alone take no money: PayPal's client id and secret are
		// missing (TestPayPalSubscribe has them).
		if got["paypalConfigured"] != false {
			t.Errorf("paypalConfigured with plan ids only = %v", got["paypalConfigured"])
		}
		check := a.do("POST", "/api/admin/settings/engine-check", nil).must(t, 200).json(t)
		if _, hasErr := check["error"]; check["ok"] != true || hasErr || check["latencyMs"] == nil {
			t.Errorf("check = %v", check)
		}
		for range 29 {
			a.do("POST", "/api/admin/settings/engine-check", nil).must(t, 200)
		}
		wantError(t, a.do("POST", "/api/admin/settings/engine-check", nil), 429, "", "Zu viele Versuche. Bitte warte einen Moment.")
	})
}

func TestAdminSettingsModelServer(t *testing.T) {
	const key = "sk-admin-check-secret-1234"
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := openaitest.New(t, openaitest.WithAPIKey(key))
		e := newEnv(t, db, withEngine(t, fake, key, 200*time.Millisecond))
		a := admin(t, e)
		r := a.do("GET", "/api/admin/settings", nil).must(t, 200)
		if eng := r.json(t)["engine"].(map[string]any); eng["name"] != "openai" || eng["model"] != "coach-model" || eng["baseUrl"] != fake.URL() {
			t.Errorf("engine = %v", eng)
		}
		check := func() map[string]any {
			return a.do("POST", "/api/admin/settings/engine-check", nil).must(t, 200).json(t)
		}
		if got := check(); got["ok"] != true || got["error"] != nil {
			t.Errorf("check = %v", got)
		}
		if m := fake.ModelRequests(); len(m) != 1 || m[0].Path != "/v1/models" || m[0].Header.Get("Authorization") != "Bearer "+key {
			t.Errorf("model requests = %+v", m)
		}
		fake.Fail(500, 1)
		if got := check(); got["ok"] != false || got["error"] != "Der Modellserver antwortete mit Status 500." {
			t.Errorf("check of a failing server = %v", got)
		}
		fake.Delay(time.Hour)
		if got := check(); got["ok"] != false || got["error"] != "Der Modellserver hat nicht innerhalb von 0,2 Sekunden geantwortet." {
			t.Errorf("check of a slow server = %v", got)
		}
		select {
		case <-fake.Cancelled():
		case <-time.After(10 * time.Second):
			t.Fatal("the fake never saw the check give up")
		}
		fake.Delay(0)
		if got := check(); got["ok"] != true {
			t.Errorf("check after recovery = %v", got)
		}
		if strings.Contains(string(r.body), key) || strings.Contains(e.log.String(), key) {
			t.Error("the key is in an answer or the log")
		}
	})
}

func TestAdminEngineCheckRefusedKey(t *testing.T) {
	const wrong = "sk-wrong-admin-key-9876"
	db := sqlstoretest.NewSQLite(t)
	fake := openaitest.New(t, openaitest.WithAPIKey("sk-right"))
	e := newEnv(t, db, withEngine(t, fake, wrong, 0))
	a := admin(t, e)
	r := a.do("POST", "/api/admin/settings/engine-check", nil).must(t, 200)
	if got := r.json(t); got["ok"] != false || got["error"] != "Der Modellserver hat den API-Schlüssel abgelehnt (Status 401)." {
		t.Errorf("check = %v", got)
	}
	if strings.Contains(string(r.body), wrong) || strings.Contains(e.log.String(), wrong) {
		t.Error("the key is in the answer or the log")
	}
}
