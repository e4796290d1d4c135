package httpapi_test

import (
	"net/url"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestEveryAdminEndpointNeedsAnAdmin calls every /api/admin route of
// routes.go signed out (401), as a user (403 'Keine Berechtigung.') and as
// an admin (2xx).
func TestEveryAdminEndpointNeedsAnAdmin(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		user := signedIn(t, e, "ida@example.com")
		userID := user.userID(t)
		a := admin(t, e)
		fb := user.do("POST", "/api/feedback", feedbackBody("Hallo")).must(t, 201).json(t)["id"].(string)
		conv := user.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
		preset := a.do("POST", "/api/admin/tone-presets", map[string]any{"name": "Wegwerf", "description": ""}).must(t, 201).json(t)["id"].(string)
		promo := a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "START-1", "plan": "plus"}).must(t, 201).json(t)["id"].(string)
		// The other sessions' tokens stay fresh: signing in again after the
		// chat's clock steps is not needed, but keep a margin.
		user.signIn("ida@example.com", pw, false)
		a.signIn("boss@example.com", pw, false)

		cases := []struct {
			method, path string
			body         any
			status       int
		}{
			{"GET", "/api/admin/overview", nil, 200},
			{"GET", "/api/admin/users?q=ida", nil, 200},
			{"GET", "/api/admin/teams", nil, 200},
			{"POST", "/api/admin/teams/00000000-0000-4000-8000-000000000000/sso/disable", nil, 404},
			{"POST", "/api/admin/users", map[string]any{"first_name": "Neu", "last_name": "Ling", "email": "neu@example.com"}, 201},
			{"PATCH", "/api/admin/users/" + userID, map[string]any{}, 200},
			{"GET", "/api/admin/conversations", nil, 200},
			{"GET", "/api/admin/conversations/" + conv, nil, 200},
			{"GET", "/api/admin/challenges", nil, 200},
			{"PUT", "/api/admin/challenges", map[string]any{"challenges": []any{}}, 200},
			{"GET", "/api/admin/usage", nil, 200},
			{"GET", "/api/admin/analytics?metric=visitors", nil, 200},
			{"GET", "/api/admin/page-visits", nil, 200},
			{"GET", "/api/admin/web-vitals?range=30", nil, 200},
			{"GET", "/api/admin/compliance", nil, 200},
			{"GET", "/api/admin/feedback", nil, 200},
			{"PATCH", "/api/admin/feedback/" + fb, map[string]any{"status": "bearbeitet"}, 200},
			{"GET", "/api/admin/settings", nil, 200},
			{"POST", "/api/admin/settings/engine-check", nil, 200},
			{"PATCH", "/api/admin/settings", map[string]any{"examPassMark": 75}, 200},
			{"GET", "/api/admin/tone-presets", nil, 200},
			{"POST", "/api/admin/tone-presets", map[string]any{"name": "Neu", "description": "x"}, 201},
			{"PATCH", "/api/admin/tone-presets/" + preset, map[string]any{"description": "y"}, 200},
			{"DELETE", "/api/admin/tone-presets/" + preset, nil, 204},
			{"GET", "/api/admin/promo-codes", nil, 200},
			{"POST", "/api/admin/promo-codes", map[string]any{"code": "START-2", "plan": "elite"}, 201},
			{"PATCH", "/api/admin/promo-codes/" + promo, map[string]any{"active": false}, 200},
			// Last: it deletes the user the cases above use.
			{"DELETE", "/api/admin/users/" + userID, nil, 204},
		}

		// Every admin route is in the table.
		src, err := os.ReadFile("routes.go")
		if err != nil {
			t.Fatal(err)
		}
		var covered []string
		for _, c := range cases {
			covered = append(covered, c.method+" "+c.path)
		}
		for _, m := range regexp.MustCompile(`"([A-Z]+) (/api/admin/[^"]*)"`).FindAllStringSubmatch(string(src), -1) {
			pattern := regexp.MustCompile("^" + m[1] + " " + regexp.MustCompile(`\\\{[A-Za-z]+\\\}`).ReplaceAllString(regexp.QuoteMeta(m[2]), `[^/?]+`) + `(\?.*)?$`)
			if !slices.ContainsFunc(covered, pattern.MatchString) {
				t.Errorf("route %s %s is not in the table", m[1], m[2])
			}
		}

		anon := e.client()
		for _, c := range cases {
			wantError(t, anon.do(c.method, c.path, c.body), 401, "", "Bitte melde dich an.")
			wantError(t, user.do(c.method, c.path, c.body), 403, "", "Keine Berechtigung.")
			if r := a.do(c.method, c.path, c.body); r.status != c.status {
				t.Errorf("admin %s %s: %d, want %d: %s", c.method, c.path, r.status, c.status, r.body)
			}
		}
	})
}

func TestAdminInvitesUsers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)

		wantError(t, a.do("POST", "/api/admin/users", map[string]any{"first_name": " ", "last_name": "", "email": "x"}), 400, "first_name", "Vorname ist erforderlich.")
		r := a.do("POST", "/api/admin/users", map[string]any{"first_name": "Jo", "last_name": "", "email": "jo@"}).json(t)
		if r["error"] != "Nachname ist erforderlich." || fieldText(r, "email") != "Bitte gib eine gültige E-Mail-Adresse an." || fieldText(r, "first_name") != "" {
			t.Errorf("answer = %v", r)
		}
		wantError(t, a.do("POST", "/api/admin/users", map[string]any{"first_name": "Jo", "last_name": "Berg"}), 400, "email", "Bitte gib eine gültige E-Mail-Adresse an.")
		a.do("POST", "/api/admin/users", map[string]any{"first_name": "Jo", "last_name": "Berg", "email": "jo@example.com", "admin": true}).must(t, 400)

		got := a.do("POST", "/api/admin/users", map[string]any{"first_name": " Jo ", "last_name": "Berg", "email": "Jo.Berg@Example.com"}).must(t, 201).json(t)
		if got["display_name"] != "Jo Berg" || got["email"] != "Jo.Berg@example.com" || got["email_confirmed"] != false ||
			got["status"] != "active" || got["is_admin"] != false || got["plan"] != "free" || got["last_active_at"] != nil {
			t.Errorf("created = %v", got)
		}
		id := got["id"].(string)
		wantError(t, a.do("POST", "/api/admin/users", map[string]any{"first_name": "Jo", "last_name": "Berg", "email": "jo.berg@EXAMPLE.com"}), 409, "email", "Diese E-Mail-Adresse ist bereits registriert.")
		e.signUpConfirmed("da@example.com", pw)
		wantError(t, a.do("POST", "/api/admin/users", map[string]any{"first_name": "D", "last_name": "A", "email": "da@example.com"}), 409, "", "Diese E-Mail-Adresse ist bereits registriert.")

		// The invitation is in the log with its link.
		var mail map[string]any
		for _, m := range e.log.mails() {
			if m["to"] == "Jo.Berg@example.com" {
				mail = m
			}
		}
		if mail == nil || mail["subject"] != "Einladung zu Sales Coach" {
			t.Fatalf("invitation mail = %v", mail)
		}
		link, _ := url.Parse(mail["link"].(string))
		if link.Scheme+"://"+link.Host+link.Path != "http://coach.test/app/login" {
			t.Errorf("link = %s", link)
		}
		tok := linkToken(t, mail["link"].(string), "invite")

		// Without a password nobody can sign in yet.
		c := e.client()
		c.do("POST", "/api/auth/login", map[string]any{"email": "Jo.Berg@example.com", "password": pw}).must(t, 401)
		// The invitation sets the password and confirms the address, once.
		c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "ganz-neu-42"}).must(t, 200)
		wantError(t, c.do("POST", "/api/auth/reset", map[string]any{"token": tok, "password": "ganz-neu-43"}), 400, "", "Der Link zum Zurücksetzen ist ungültig oder abgelaufen.")
		c.signIn("Jo.Berg@example.com", "ganz-neu-42", false)
		if c.userID(t) != id {
			t.Error("signed in as someone else")
		}
		got = a.do("GET", "/api/admin/users?q=berg", nil).must(t, 200).json(t)
		item := got["items"].([]any)[0].(map[string]any)
		if got["total"].(float64) != 1 || item["email_confirmed"] != true || item["last_active_at"] == nil {
			t.Errorf("after accepting = %v", got)
		}

		// An invitation expires after 7 days.
		a.do("POST", "/api/admin/users", map[string]any{"first_name": "Spät", "last_name": "Dran", "email": "spaet@example.com"}).must(t, 201)
		late := linkToken(t, e.log.lastLink(t, "spaet@example.com"), "invite")
		e.clock.Advance(7*24*time.Hour + time.Minute)
		wantError(t, e.client().do("POST", "/api/auth/reset", map[string]any{"token": late, "password": "ganz-neu-42"}), 400, "", "Der Link zum Zurücksetzen ist ungültig oder abgelaufen.")
	})
}

func TestAdminListsAndSearchesUsers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		for _, addr := range []string{"u1@example.com", "u2@example.com", "x3@sample.org"} {
			e.clock.Advance(time.Second)
			e.signUpConfirmed(addr, pw)
		}
		e.clock.Advance(time.Second)
		a := admin(t, e)
		all := a.do("GET", "/api/admin/users", nil).must(t, 200).json(t)
		items := all["items"].([]any)
		if all["total"].(float64) != 4 || items[0].(map[string]any)["email"] != "boss@example.com" ||
			items[0].(map[string]any)["is_admin"] != true || items[3].(map[string]any)["email"] != "u1@example.com" {
			t.Errorf("users = %v", all)
		}
		page := a.do("GET", "/api/admin/users?q=EXAMPLE.com&limit=1&offset=1", nil).must(t, 200).json(t)
		if page["total"].(float64) != 3 || page["items"].([]any)[0].(map[string]any)["email"] != "u2@example.com" {
			t.Errorf("page = %v", page)
		}
		id := items[1].(map[string]any)["id"].(string)
		byID := a.do("GET", "/api/admin/users?q="+id, nil).must(t, 200).json(t)
		if byID["total"].(float64) != 1 {
			t.Errorf("by id = %v", byID)
		}
		wantError(t, a.do("GET", "/api/admin/users?q="+strings.Repeat("a", 201), nil), 400, "q", "Die Suche darf höchstens 200 Zeichen lang sein.")
		wantError(t, a.do("GET", "/api/admin/users?limit=500", nil), 400, "limit", "Ungültige Seitenangabe.")

		ov := a.do("GET", "/api/admin/overview", nil).must(t, 200).json(t)
		perDay := ov["newUsersPerDay"].([]any)
		last := perDay[29].(map[string]any)
		if ov["users"].(float64) != 4 || len(perDay) != 30 || last["day"] != "2026-11-21" || last["count"].(float64) != 4 ||
			len(ov["newestUsers"].([]any)) != 4 || ov["newestUsers"].([]any)[0].(map[string]any)["email"] != "boss@example.com" {
			t.Errorf("overview = %v", ov)
		}
		for _, k := range []string{"activeSessions", "openFeedback", "chatsToday", "chatsMonth"} {
			if _, ok := ov[k].(float64); !ok {
				t.Errorf("overview lacks %s: %v", k, ov)
			}
		}
	})
}

func TestAdminChangesUsers(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		adminID := a.userID(t)
		u := signedIn(t, e, "kai@example.com")
		id := u.userID(t)

		// Grant and revoke admin.
		sub := e.hub.Subscribe(id)
		defer sub.Close()
		got := a.do("PATCH", "/api/admin/users/"+id, map[string]any{"is_admin": true}).must(t, 200).json(t)
		if got["is_admin"] != true || got["id"] != id {
			t.Errorf("granted = %v", got)
		}
		if ch := drain(sub.C); len(ch) != 1 || ch[0] != "user:update" {
			t.Errorf("changes = %v", ch)
		}
		u.do("GET", "/api/admin/overview", nil).must(t, 200)
		a.do("PATCH", "/api/admin/users/"+id, map[string]any{"is_admin": false}).must(t, 200)
		u.do("GET", "/api/admin/overview", nil).must(t, 403)
		// Nothing to change publishes nothing.
		a.do("PATCH", "/api/admin/users/"+id, map[string]any{"is_admin": false}).must(t, 200)
		drain(sub.C)

		// Admins cannot lock themselves out; harmless self-edits pass.
		wantError(t, a.do("PATCH", "/api/admin/users/"+adminID, map[string]any{"is_admin": false}), 400, "", "Das kannst du nicht an deinem eigenen Konto ändern.")
		wantError(t, a.do("PATCH", "/api/admin/users/"+adminID, map[string]any{"status": "disabled"}), 400, "", "Das kannst du nicht an deinem eigenen Konto ändern.")
		a.do("PATCH", "/api/admin/users/"+adminID, map[string]any{"is_admin": true, "status": "active"}).must(t, 200)
		wantError(t, a.do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "paused"}), 400, "status", "Unbekannter Status.")
		wantError(t, a.do("PATCH", "/api/admin/users/00000000-0000-0000-0000-000000000000", map[string]any{"status": "disabled"}), 404, "", "Benutzer nicht gefunden.")
		wantError(t, a.do("PATCH", "/api/admin/users/kai", map[string]any{}), 404, "", "Benutzer nicht gefunden.")

		// Disabling ends everything at once: the open stream, the refresh
		// token, the API.
		events := openStream(t, u)
		if ev := next(t, events); ev.name != "ready" {
			t.Fatalf("first event %q", ev.name)
		}
		got = a.do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "disabled"}).must(t, 200).json(t)
		if got["status"] != "disabled" {
			t.Errorf("disabled = %v", got)
		}
		if ev := next(t, events); ev.name != "change" || ev.data["type"] != "user" || ev.data["id"] != id {
			t.Errorf("event = %+v", ev)
		}
		select {
		case ev, ok := <-events:
			if ok {
				t.Errorf("stream went on: %+v", ev)
			}
		case <-time.After(10 * time.Second):
			t.Fatal("stream of the disabled user still open")
		}
		wantError(t, u.do("GET", "/api/me", nil), 403, "", "Dieses Konto ist gesperrt.")
		u.do("POST", "/api/auth/refresh", nil).must(t, 401)
		wantError(t, e.client().do("POST", "/api/auth/login", map[string]any{"email": "kai@example.com", "password": pw}), 403, "", "Dieses Konto ist gesperrt.")

		// Re-enabled, the user signs in again.
		a.do("PATCH", "/api/admin/users/"+id, map[string]any{"status": "active"}).must(t, 200)
		e.client().signIn("kai@example.com", pw, false)
	})
}

func TestAdminConversations(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "lea@example.com")
		kept := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
		gone := c.chat(t, map[string]any{"mode": "Prüfung", "message": "Guten Tag"}, 200)["conversationId"].(string)
		c.do("DELETE", "/api/conversations/"+gone, nil).must(t, 204)
		a := admin(t, e)

		list := a.do("GET", "/api/admin/conversations", nil).must(t, 200).json(t)
		items := list["items"].([]any)
		if list["total"].(float64) != 2 || len(items) != 2 {
			t.Fatalf("list = %v", list)
		}
		newest := items[0].(map[string]any)
		if newest["id"] != gone || newest["deleted_at"] == nil || newest["user_email"] != "lea@example.com" ||
			newest["mode"] != "Prüfung" || newest["message_count"].(float64) != 2 || newest["user_id"] != c.userID(t) {
			t.Errorf("newest = %v", newest)
		}
		if items[1].(map[string]any)["id"] != kept || items[1].(map[string]any)["deleted_at"] != nil {
			t.Errorf("second = %v", items[1])
		}
		if q := a.do("GET", "/api/admin/conversations?q=LEA@&limit=1", nil).must(t, 200).json(t); q["total"].(float64) != 2 || len(q["items"].([]any)) != 1 {
			t.Errorf("search = %v", q)
		}
		if q := a.do("GET", "/api/admin/conversations?q="+kept, nil).must(t, 200).json(t); q["total"].(float64) != 1 {
			t.Errorf("by id = %v", q)
		}

		// The deleted conversation reads in full.
		d := a.do("GET", "/api/admin/conversations/"+gone, nil).must(t, 200).json(t)
		if d["id"] != gone || d["deleted_at"] == nil || d["mode"] != "Prüfung" || d["title"] == nil || d["created_at"] == nil ||
			d["user_email"] != "lea@example.com" ||
			len(d["messages"].([]any)) != 2 || d["conversation"].(map[string]any)["id"] != gone {
			t.Errorf("detail = %v", d)
		}
		a.do("GET", "/api/admin/conversations/not-a-uuid", nil).must(t, 404)
		ov := a.do("GET", "/api/admin/overview", nil).must(t, 200).json(t)
		if ov["chatsToday"].(float64) != 2 || ov["chatsMonth"].(float64) != 2 {
			t.Errorf("overview = %v", ov)
		}
	})
}

func TestAdminEditsChallenges(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		u := signedIn(t, e, "mo@example.com")

		got := a.do("GET", "/api/admin/challenges", nil).must(t, 200).json(t)
		list := got["challenges"].([]any)
		if len(list) != 9 || len(got["top"].([]any)) != 3 {
			t.Fatalf("challenges = %v", got)
		}
		first := list[0].(map[string]any)
		if first["key"] != "objections_solved" || first["staged"] != true || first["target"].(float64) != 0 ||
			strings.Contains(first["title"].(string), " – ") || first["icon"] == "" {
			t.Errorf("first = %v", first)
		}

		put := func(items ...map[string]any) response {
			list := make([]any, len(items))
			for i, it := range items {
				list[i] = it
			}
			return a.do("PUT", "/api/admin/challenges", map[string]any{"challenges": list})
		}
		good := func() map[string]any {
			return map[string]any{"key": "feedback", "title": "Stimme erhoben", "icon": "megaphone", "description": "Einmal Feedback geben.", "target": 1}
		}
		bad := []struct {
			field string
			value any
			msg   string
		}{
			{"title", "  ", "Name darf nicht leer sein."},
			{"title", strings.Repeat("t", 61), "Der Name darf höchstens 60 Zeichen lang sein."},
			{"icon", "Mega Phone", "Ungültiges Icon."},
			{"icon", "", "Ungültiges Icon."},
			{"description", strings.Repeat("d", 301), "Die Beschreibung darf höchstens 300 Zeichen lang sein."},
			{"title_en", strings.Repeat("t", 61), "Der Name darf höchstens 60 Zeichen lang sein."},
			{"description_en", strings.Repeat("d", 301), "Die Beschreibung darf höchstens 300 Zeichen lang sein."},
			{"target", -1, "Das Ziel muss zwischen 0 und 100000 liegen."},
			{"target", 100001, "Das Ziel muss zwischen 0 und 100000 liegen."},
			{"target", nil, "Das Ziel muss zwischen 0 und 100000 liegen."},
		}
		for _, b := range bad {
			item := good()
			item[b.field] = b.value
			wantError(t, put(good(), item), 400, "challenges.1."+b.field, b.msg)
		}
		unknown := good()
		unknown["key"] = "flying"
		wantError(t, put(good(), unknown), 404, "", "Challenge nicht gefunden.")
		// Nothing of a refused request was stored.
		for _, c := range u.do("GET", "/api/challenges", nil).must(t, 200).list(t) {
			if c["key"] == "feedback" && c["name"] == "Stimme erhoben" {
				t.Error("a refused update was stored")
			}
		}

		staged := map[string]any{"key": "hints", "title": "Tippgeber", "icon": "lightbulb", "description": "", "target": 0}
		got = put(good(), staged).must(t, 200).json(t)
		for _, c := range got["challenges"].([]any) {
			c := c.(map[string]any)
			if c["key"] == "feedback" && (c["title"] != "Stimme erhoben" || c["icon"] != "megaphone" || c["target"].(float64) != 1 || c["staged"] != false) {
				t.Errorf("feedback = %v", c)
			}
			if c["key"] == "hints" && (c["staged"] != true || c["title"] != "Tippgeber") {
				t.Errorf("hints = %v", c)
			}
		}
		// Both languages: the English texts are kept beside the German ones.
		english := good()
		english["title_en"], english["description_en"] = " Voice raised ", "Give feedback once."
		got = put(english).must(t, 200).json(t)
		for _, c := range got["challenges"].([]any) {
			if c := c.(map[string]any); c["key"] == "feedback" && (c["title_en"] != "Voice raised" || c["description_en"] != "Give feedback once.") {
				t.Errorf("English texts = %v", c)
			}
		}
		// The users' dashboard shows the new texts; one feedback completes it.
		u.do("POST", "/api/feedback", feedbackBody("Super")).must(t, 201)
		for _, c := range u.do("GET", "/api/challenges", nil).must(t, 200).list(t) {
			if c["key"] == "feedback" && (c["name"] != "Stimme erhoben" || c["nameEn"] != "Voice raised" || c["descriptionEn"] != "Give feedback once." ||
				c["icon"] != "megaphone" || c["progressTarget"].(float64) != 1 || c["progressCurrent"].(float64) != 1) {
				t.Errorf("user's card = %v", c)
			}
		}
		got = a.do("GET", "/api/admin/challenges", nil).must(t, 200).json(t)
		top := got["top"].([]any)[0].(map[string]any)
		if top["key"] != "feedback" || top["completions"].(float64) != 1 || top["title"] != "Stimme erhoben" {
			t.Errorf("top = %v", got["top"])
		}
	})
}

func TestAdminTonePresets(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		u := signedIn(t, e, "tom@example.com")

		list := a.do("GET", "/api/admin/tone-presets", nil).must(t, 200).list(t)
		if len(list) != 6 || list[0]["id"] != "freundlich" || list[0]["sort_order"].(float64) != 1 || list[0]["users"].(float64) != 0 {
			t.Fatalf("presets = %v", list)
		}
		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"name": "  ", "description": ""}), 400, "name", "Name darf nicht leer sein.")
		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"description": "ohne Namen"}), 400, "name", "Name darf nicht leer sein.")
		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"name": strings.Repeat("n", 61)}), 400, "name", "Der Name darf höchstens 60 Zeichen lang sein.")
		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"name": "Lang", "description": strings.Repeat("d", 1001)}), 400, "description", "Die Beschreibung darf höchstens 1000 Zeichen lang sein.")
		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"name": "Skeptisch"}), 409, "name", "Diesen Namen gibt es schon.")

		wantError(t, a.do("POST", "/api/admin/tone-presets", map[string]any{"name": "Lang", "name_en": strings.Repeat("n", 61)}), 400, "name_en", "Der Name darf höchstens 60 Zeichen lang sein.")
		p := a.do("POST", "/api/admin/tone-presets", map[string]any{"name": " Gereizt ", "name_en": " Irritated ", "description": "Der Kunde ist schlecht gelaunt."}).must(t, 201).json(t)
		id := p["id"].(string)
		if p["name"] != "Gereizt" || p["name_en"] != "Irritated" || p["sort_order"].(float64) != 7 || p["users"].(float64) != 0 {
			t.Errorf("created = %v", p)
		}
		// Users see it and may choose it.
		u.do("PATCH", "/api/me", map[string]any{"tone_preset_id": id}).must(t, 200)
		p = a.do("PATCH", "/api/admin/tone-presets/"+id, map[string]any{"name": "Sehr gereizt"}).must(t, 200).json(t)
		if p["name"] != "Sehr gereizt" || p["name_en"] != "Irritated" || p["description"] != "Der Kunde ist schlecht gelaunt." || p["users"].(float64) != 1 {
			t.Errorf("renamed = %v", p)
		}
		p = a.do("PATCH", "/api/admin/tone-presets/"+id, map[string]any{"description": ""}).must(t, 200).json(t)
		if p["name"] != "Sehr gereizt" || p["description"] != "" {
			t.Errorf("description cleared = %v", p)
		}
		wantError(t, a.do("PATCH", "/api/admin/tone-presets/"+id, map[string]any{"name": "Dominant"}), 409, "name", "Diesen Namen gibt es schon.")
		wantError(t, a.do("PATCH", "/api/admin/tone-presets/"+id, map[string]any{"name": ""}), 400, "name", "Name darf nicht leer sein.")
		wantError(t, a.do("PATCH", "/api/admin/tone-presets/gibtsnicht", map[string]any{"name": "X"}), 404, "", "Tonvorgabe nicht gefunden.")

		a.do("DELETE", "/api/admin/tone-presets/"+id, nil).must(t, 204)
		wantError(t, a.do("DELETE", "/api/admin/tone-presets/"+id, nil), 404, "", "Tonvorgabe nicht gefunden.")
		me := u.do("GET", "/api/me", nil).must(t, 200).json(t)["user"].(map[string]any)
		if me["tone_preset_id"] != nil {
			t.Errorf("the deleted preset is still chosen: %v", me["tone_preset_id"])
		}
		if list := u.do("GET", "/api/tone-presets", nil).must(t, 200).list(t); len(list) != 6 || list[0]["name_en"] != "Friendly" {
			t.Errorf("%d presets after the delete: %v", len(list), list)
		}
	})
}

func TestAdminPromoCodes(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		a := admin(t, e)
		const codeMsg = "Der Code muss 3–32 Zeichen aus Buchstaben, Ziffern, - und _ haben."
		for _, code := range []any{"ab", strings.Repeat("a", 33), "mit leer", "ümlaut", nil} {
			wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": code, "plan": "plus"}), 400, "code", codeMsg)
		}
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "GOLD", "plan": "gold"}), 400, "plan", "Unbekannter Plan.")
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "GOLD", "plan": "free"}), 400, "plan", "Unbekannter Plan.")
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "GOLD", "plan": "plus", "max_redemptions": 0}), 400, "max_redemptions", "Das Limit muss mindestens 1 sein.")
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "GOLD", "plan": "plus", "valid_until": "2026-11-21T08:59:59Z"}), 400, "valid_until", "Das Ablaufdatum muss in der Zukunft liegen.")
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "GOLD", "plan": "plus", "valid_until": "morgen"}), 400, "valid_until", "Ungültiges Datum.")

		first := a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "Herbst_2026", "plan": "promo", "description": "Messe",
			"max_redemptions": 100, "valid_until": "2026-12-31T23:00:00+01:00"}).must(t, 201).json(t)
		if first["code"] != "Herbst_2026" || first["plan"] != "promo" || first["active"] != true || first["redemptions"].(float64) != 0 ||
			first["max_redemptions"].(float64) != 100 || first["valid_until"] != "2026-12-31T22:00:00Z" || first["description"] != "Messe" {
			t.Errorf("created = %v", first)
		}
		e.clock.Advance(time.Second)
		second := a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "PLUS-FREI", "plan": "plus"}).must(t, 201).json(t)
		if second["max_redemptions"] != nil || second["valid_until"] != nil {
			t.Errorf("unlimited = %v", second)
		}
		wantError(t, a.do("POST", "/api/admin/promo-codes", map[string]any{"code": "herbst_2026", "plan": "plus"}), 409, "code", "Diesen Code gibt es schon.")

		list := a.do("GET", "/api/admin/promo-codes", nil).must(t, 200).list(t)
		if len(list) != 2 || list[0]["code"] != "PLUS-FREI" || list[1]["code"] != "Herbst_2026" {
			t.Errorf("list = %v", list)
		}

		id := first["id"].(string)
		got := a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"active": false, "description": "Messe (beendet)", "max_redemptions": 5}).must(t, 200).json(t)
		if got["active"] != false || got["description"] != "Messe (beendet)" || got["max_redemptions"].(float64) != 5 || got["valid_until"] == nil {
			t.Errorf("patched = %v", got)
		}
		got = a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"max_redemptions": nil, "valid_until": nil}).must(t, 200).json(t)
		if got["max_redemptions"] != nil || got["valid_until"] != nil || got["active"] != false || got["description"] != "Messe (beendet)" {
			t.Errorf("cleared = %v", got)
		}
		got = a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"valid_until": "2027-01-31T00:00:00Z"}).must(t, 200).json(t)
		if got["valid_until"] != "2027-01-31T00:00:00Z" || got["max_redemptions"] != nil {
			t.Errorf("expiry set = %v", got)
		}
		wantError(t, a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"valid_until": "2020-01-01T00:00:00Z"}), 400, "valid_until", "Das Ablaufdatum muss in der Zukunft liegen.")
		wantError(t, a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"max_redemptions": 0}), 400, "max_redemptions", "Das Limit muss mindestens 1 sein.")
		a.do("PATCH", "/api/admin/promo-codes/"+id, map[string]any{"code": "NEU"}).must(t, 400)
		wantError(t, a.do("PATCH", "/api/admin/promo-codes/00000000-0000-0000-0000-000000000000", map[string]any{"active": true}), 404, "", "Promo-Code nicht gefunden.")
		a.do("PATCH", "/api/admin/promo-codes/xyz", map[string]any{"active": true}).must(t, 404)
	})
}

// planIDs sets the configured PayPal plans of e.
func planIDs(e *env) {
	e.billing.Plans = salescoach.PlanIDs{Plus: "P-PLUS", Elite: "P-ELITE", Promo: "P-PROMO"}
}
