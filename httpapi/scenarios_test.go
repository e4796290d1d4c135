package httpapi_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"salescoach"
	"salescoach/coach/openai/openaitest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// scenarioBody is a valid scenario as the editor sends it: one custom and
// one catalogue objection.
func scenarioBody(title string) map[string]any {
	return map[string]any{
		"title": title, "language": "de", "situation": "cold_call",
		"product": "Zeiterfassung per App für Baustellen.\n6 € je Mitarbeiter und Monat, monatlich kündbar.",
		"persona": map[string]any{"name": "Frau Krämer", "role": "Inhaberin", "company": "Krämer Bau GmbH",
			"industry": "Bauwesen", "buyer": "b2b", "personality": "skeptisch", "formality": "sie"},
		"objections": []any{
			map[string]any{"wordings": []any{"Stundenzettel reichen uns völlig."}, "concern": "Meine Leute machen da nicht mit.",
				"criteria": []any{"App in fünf Minuten erklärt", "monatlich kündbar"}},
			map[string]any{"family": "price"},
		},
	}
}

// with returns a copy of a scenario body with one field (a dotted path)
// set; nil removes it.
func with(body map[string]any, path string, v any) map[string]any {
	var cp map[string]any
	b, _ := json.Marshal(body)
	_ = json.Unmarshal(b, &cp)
	parts := strings.Split(path, ".")
	var cur any = cp
	for _, p := range parts[:len(parts)-1] {
		switch c := cur.(type) {
		case map[string]any:
			cur = c[p]
		case []any:
			var i int
			fmt.Sscan(p, &i)
			cur = c[i]
		}
	}
	last := parts[len(parts)-1]
	m := cur.(map[string]any)
	if v == nil {
		delete(m, last)
	} else {
		m[last] = v
	}
	return cp
}

// accessCase is one request of a permission table: who asks what, and the
// status and error code expected ("" for none).
type accessCase struct {
	name   string
	who    *client
	method string
	path   string
	body   any
	status int
	code   string
}

// runAccessCases makes each request in order and checks its answer.
func runAccessCases(t *testing.T, cases []accessCase) {
	t.Helper()
	for _, c := range cases {
		r := c.who.do(c.method, c.path, c.body)
		if r.status != c.status {
			t.Errorf("%s: status %d, want %d: %s", c.name, r.status, c.status, r.body)
			continue
		}
		if c.code != "" {
			if got := r.json(t)["code"]; got != c.code {
				t.Errorf("%s: code %v, want %s", c.name, got, c.code)
			}
		}
	}
}

func TestScenarioScopesOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		ann := chatUser(t, e, "ann@example.com")
		bob := chatUser(t, e, "bob@example.com")
		boss := chatUser(t, e, "boss@example.com") // an admin (AdminEmails)
		lib := &salescoach.Scenario{ID: "builtin-bau-de", Title: "Bibliothek", Language: "de", Situation: "renewal",
			Product: "Etwas.", Persona: salescoach.Persona{Name: "Herr Bau", Buyer: "b2b", Formality: "sie"},
			Objections: []salescoach.Objection{{Family: "price"}}}
		if err := sqlstore.NewScenarioService(db).SeedBuiltIn(t.Context(), []*salescoach.Scenario{lib}); err != nil {
			t.Fatal(err)
		}

		created := ann.do("POST", "/api/scenarios", scenarioBody("Zeiterfassung")).must(t, 201).json(t)
		mine := created["id"].(string)
		if created["scope"] != "mine" || created["editable"] != true || created["builtIn"] != false ||
			created["persona"].(map[string]any)["name"] != "Frau Krämer" {
			t.Errorf("created = %v", created)
		}
		pubBody := with(scenarioBody("Öffentlich"), "scope", "public")
		ann.do("POST", "/api/scenarios", pubBody).must(t, 403)
		wantCode(t, ann.do("POST", "/api/scenarios", with(scenarioBody("Team"), "scope", "team")), 404, "team_not_found")
		pub := boss.do("POST", "/api/scenarios", pubBody).must(t, 201).json(t)["id"].(string)

		patch := map[string]any{"title": "Neu"}
		cases := []accessCase{
			{"owner reads", ann, "GET", "/api/scenarios/" + mine, nil, 200, ""},
			{"other user: not found", bob, "GET", "/api/scenarios/" + mine, nil, 404, "scenario_not_found"},
			{"admin: not found either", boss, "GET", "/api/scenarios/" + mine, nil, 404, "scenario_not_found"},
			{"other user patches: not found", bob, "PATCH", "/api/scenarios/" + mine, patch, 404, "scenario_not_found"},
			{"other user deletes: not found", bob, "DELETE", "/api/scenarios/" + mine, nil, 404, "scenario_not_found"},
			{"other user exports: not found", bob, "GET", "/api/scenarios/" + mine + "/export", nil, 404, "scenario_not_found"},
			{"public read by all", bob, "GET", "/api/scenarios/" + pub, nil, 200, ""},
			{"public changed by a user: forbidden", bob, "PATCH", "/api/scenarios/" + pub, patch, 403, "scenario_read_only"},
			{"public deleted by a user: forbidden", ann, "DELETE", "/api/scenarios/" + pub, nil, 403, "scenario_read_only"},
			{"built-in read by all", bob, "GET", "/api/scenarios/builtin-bau-de", nil, 200, ""},
			{"built-in changed by an admin: forbidden", boss, "PATCH", "/api/scenarios/builtin-bau-de", patch, 403, "scenario_read_only"},
			{"built-in deleted by an admin: forbidden", boss, "DELETE", "/api/scenarios/builtin-bau-de", nil, 403, "scenario_read_only"},
			{"no such id", ann, "GET", "/api/scenarios/builtin-none-de", nil, 404, "scenario_not_found"},
			{"an id that cannot be one", ann, "GET", "/api/scenarios/a%00b", nil, 404, "scenario_not_found"},
			{"owner patches", ann, "PATCH", "/api/scenarios/" + mine, patch, 200, ""},
			{"admin patches public", boss, "PATCH", "/api/scenarios/" + pub, map[string]any{"title": "Öffentlich neu"}, 200, ""},
			{"signed out", e.client(), "GET", "/api/scenarios", nil, 401, ""},
		}
		runAccessCases(t, cases)
		got := ann.do("GET", "/api/scenarios/"+mine, nil).must(t, 200).json(t)
		if got["title"] != "Neu" || got["product"] != scenarioBody("")["product"] || len(got["objections"].([]any)) != 2 {
			t.Errorf("after patching the title: %v", got)
		}
		if got := bob.do("GET", "/api/scenarios/builtin-bau-de", nil).json(t); got["builtIn"] != true || got["editable"] != false || got["scope"] != "public" {
			t.Errorf("built-in = %v", got)
		}
		if got := boss.do("GET", "/api/scenarios/"+pub, nil).json(t); got["editable"] != true {
			t.Errorf("the admin's public scenario is not editable for them: %v", got)
		}
		bob.do("DELETE", "/api/scenarios/"+mine, nil).must(t, 404)
		ann.do("DELETE", "/api/scenarios/"+mine, nil).must(t, 204)
		ann.do("GET", "/api/scenarios/"+mine, nil).must(t, 404)
		boss.do("DELETE", "/api/scenarios/"+pub, nil).must(t, 204)
	})
}

func TestScenarioValidationOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "val@example.com")
		good := scenarioBody("Gültig")
		cases := []struct {
			name  string
			body  any
			field string
			code  string
		}{
			{"no title", with(good, "title", nil), "title", "scenario_field_required"},
			{"blank title", with(good, "title", "   "), "title", "scenario_field_required"},
			{"title too long", with(good, "title", strings.Repeat("x", 121)), "title", "scenario_field_too_long"},
			{"product too long", with(good, "product", strings.Repeat("x", 2001)), "product", "scenario_field_too_long"},
			{"control character", with(good, "persona.name", "Frau\u0007Krämer"), "persona.name", "field_control_character"},
			{"line break in a one-line field", with(good, "title", "Zwei\nZeilen"), "title", "field_control_character"},
			{"language", with(good, "language", "fr"), "language", "scenario_field_bad_choice"},
			{"situation", with(good, "situation", "party"), "situation", "scenario_field_bad_choice"},
			{"buyer", with(good, "persona.buyer", "b2g"), "persona.buyer", "scenario_field_bad_choice"},
			{"formality", with(good, "persona.formality", "ihr"), "persona.formality", "scenario_field_bad_choice"},
			{"personality no preset", with(good, "persona.personality", "launisch"), "persona.personality", "scenario_field_bad_choice"},
			{"unknown family", with(good, "objections.1.family", "weather"), "objections.1.family", "scenario_unknown_family"},
			{"no objections", with(good, "objections", []any{}), "objections", "scenario_objections_count"},
			{"six objections", with(good, "objections", []any{
				map[string]any{"family": "price"}, map[string]any{"family": "price"}, map[string]any{"family": "price"},
				map[string]any{"family": "price"}, map[string]any{"family": "price"}, map[string]any{"family": "price"}}),
				"objections", "scenario_objections_count"},
			{"mixed objection", with(good, "objections.1.concern", "Geld"), "objections.1", "scenario_objection_mixed"},
			{"four wordings", with(good, "objections.0.wordings", []any{"a", "b", "c", "d"}), "objections.0.wordings", "scenario_list_count"},
			{"wording too long", with(good, "objections.0.wordings", []any{strings.Repeat("x", 501)}), "objections.0.wordings.0", "scenario_field_too_long"},
			{"no concern", with(good, "objections.0.concern", ""), "objections.0.concern", "scenario_field_required"},
			{"blank criterion", with(good, "objections.0.criteria", []any{"ok", " "}), "objections.0.criteria.1", "scenario_field_required"},
			{"six criteria", with(good, "objections.0.criteria", []any{"a", "b", "c", "d", "e", "f"}), "objections.0.criteria", "scenario_list_count"},
			{"unknown field", with(good, "colour", "blue"), "colour", "field_unknown"},
			{"bad scope", with(good, "scope", "world"), "scope", "scenario_field_bad_choice"},
		}
		for _, tc := range cases {
			for _, path := range []string{"/api/scenarios", "/api/scenarios/preview"} {
				r := c.do("POST", path, tc.body)
				if r.status != 400 {
					t.Errorf("%s %s: status %d: %s", tc.name, path, r.status, r.body)
					continue
				}
				fields, _ := r.json(t)["fields"].(map[string]any)
				f, _ := fields[tc.field].(map[string]any)
				if f == nil || f["code"] != tc.code {
					t.Errorf("%s %s: fields %v, want %s on %s", tc.name, path, fields, tc.code, tc.field)
				}
			}
		}
		c.do("POST", "/api/scenarios", strings.Repeat(" ", salescoach.MaxScenarioFileBytes+1)).must(t, 413)
		if n := c.do("GET", "/api/scenarios?scope=mine", nil).must(t, 200).json(t)["total"]; n != 0.0 {
			t.Errorf("%v scenarios stored by refused requests", n)
		}

		// PATCH validates the result.
		id := c.do("POST", "/api/scenarios", good).must(t, 201).json(t)["id"].(string)
		wantField(t, c.do("PATCH", "/api/scenarios/"+id, map[string]any{"persona": map[string]any{"name": "X"}}), "persona.buyer", "scenario_field_required")
		wantField(t, c.do("PATCH", "/api/scenarios/"+id, map[string]any{"objections": []any{map[string]any{"family": "nope"}}}), "objections.0.family", "scenario_unknown_family")
		wantField(t, c.do("PATCH", "/api/scenarios/"+id, map[string]any{"scope": "public"}), "scope", "field_unknown")
		if got := c.do("GET", "/api/scenarios/"+id, nil).json(t); got["persona"].(map[string]any)["name"] != "Frau Krämer" {
			t.Errorf("a refused patch changed the scenario: %v", got)
		}
		c.do("PATCH", "/api/scenarios/"+id, map[string]any{"objections": []any{map[string]any{"family": "no_time"}}}).must(t, 200)
		if got := c.do("GET", "/api/scenarios/"+id, nil).json(t); len(got["objections"].([]any)) != 1 || got["title"] != "Gültig" {
			t.Errorf("after patching the objections: %v", got)
		}
	})
}

// wantField fails unless r is 400 with code on field.
func wantField(t *testing.T, r response, field, code string) {
	t.Helper()
	m := r.must(t, 400).json(t)
	fields, _ := m["fields"].(map[string]any)
	f, _ := fields[field].(map[string]any)
	if f == nil || f["code"] != code {
		t.Errorf("fields %v, want %s on %s", fields, code, field)
	}
}

func TestScenarioListOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "list@example.com")
		other := chatUser(t, e, "other@example.com")
		for i := range 22 {
			b := scenarioBody(fmt.Sprintf("Szenario %02d", i))
			if i == 3 {
				b = with(with(b, "situation", "renewal"), "persona.buyer", "b2c")
				b = with(with(b, "language", "en"), "persona.industry", "Solar Energy")
			}
			c.do("POST", "/api/scenarios", b).must(t, 201)
		}
		other.do("POST", "/api/scenarios", scenarioBody("Fremd")).must(t, 201)

		list := func(q string) (titles []string, total int) {
			t.Helper()
			m := c.do("GET", "/api/scenarios"+q, nil).must(t, 200).json(t)
			for _, it := range m["items"].([]any) {
				item := it.(map[string]any)
				titles = append(titles, item["title"].(string))
				if item["objectionCount"] != 2.0 || item["persona"].(map[string]any)["formality"] != "sie" ||
					item["stats"].(map[string]any)["attempts"] != 0.0 || item["scope"] != "mine" {
					t.Errorf("item = %v", item)
				}
			}
			return titles, int(m["total"].(float64))
		}
		if titles, total := list(""); total != 22 || len(titles) != 20 {
			t.Errorf("first page: %d of %d", len(titles), total)
		}
		if titles, total := list("?page=2"); total != 22 || len(titles) != 2 || titles[1] != "Szenario 00" {
			t.Errorf("second page: %v of %d", titles, total)
		}
		for _, q := range []string{"?situation=renewal", "?buyer=b2c", "?language=en", "?industry=solar%20energy",
			"?q=SOLAR", "?q=szenario%2003", "?scope=mine&situation=renewal"} {
			if titles, total := list(q); total != 1 || len(titles) != 1 || titles[0] != "Szenario 03" {
				t.Errorf("%s: %v (%d)", q, titles, total)
			}
		}
		if _, total := list("?scope=public"); total != 0 {
			t.Errorf("public: %d", total)
		}
		if _, total := list("?q=fremd"); total != 0 {
			t.Errorf("another user's scenario found: %d", total)
		}
		for q, field := range map[string]string{"?scope=all": "scope", "?situation=party": "situation", "?language=fr": "language",
			"?buyer=x": "buyer", "?page=0": "page", "?page=x": "page", "?page=1001": "page",
			"?q=" + strings.Repeat("x", 101): "q", "?q=a%07b": "q", "?industry=" + strings.Repeat("x", 81): "industry"} {
			r := c.do("GET", "/api/scenarios"+q, nil).must(t, 400).json(t)
			if fields, _ := r["fields"].(map[string]any); fields[field] == nil {
				t.Errorf("%s: %v, want a problem with %s", q, r, field)
			}
		}
	})
}

func TestScenarioImportExport(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "io@example.com")
		other := chatUser(t, e, "io-other@example.com")
		id := c.do("POST", "/api/scenarios", scenarioBody("Export Ärger & Co.")).must(t, 201).json(t)["id"].(string)
		r := c.do("GET", "/api/scenarios/"+id+"/export", nil).must(t, 200)
		if cd := r.header.Get("Content-Disposition"); cd != `attachment; filename="export-aerger-co.json"` {
			t.Errorf("Content-Disposition = %q", cd)
		}
		var file map[string]any
		if err := json.Unmarshal(r.body, &file); err != nil {
			t.Fatal(err)
		}
		if file["version"] != 1.0 || file["id"] != nil || file["scope"] != nil || file["title"] != "Export Ärger & Co." {
			t.Errorf("file = %v", file)
		}
		// Round trip: export, import (by someone else), export again: the same file.
		imported := other.do("POST", "/api/scenarios/import", string(r.body)).must(t, 201).json(t)
		if imported["scope"] != "mine" || imported["id"] == id || imported["editable"] != true {
			t.Errorf("imported = %v", imported)
		}
		again := other.do("GET", "/api/scenarios/"+imported["id"].(string)+"/export", nil).must(t, 200)
		if string(again.body) != string(r.body) {
			t.Errorf("round trip changed the file:\n%s\n%s", r.body, again.body)
		}

		raw := string(r.body)
		cases := []struct {
			name, body, field, code string
			status                  int
		}{
			{"unknown field", strings.Replace(raw, `"version": 1,`, `"version": 1, "author": "x",`, 1), "author", "field_unknown", 400},
			{"unknown nested field", strings.Replace(raw, `"name":`, `"age": 40, "name":`, 1), "persona.age", "field_unknown", 400},
			{"id is not part of a file", strings.Replace(raw, `"version": 1,`, `"version": 1, "id": "x",`, 1), "id", "field_unknown", 400},
			{"wrong version", strings.Replace(raw, `"version": 1,`, `"version": 2,`, 1), "version", "scenario_bad_version", 400},
			{"no version", strings.Replace(raw, `"version": 1,`, ``, 1), "version", "scenario_bad_version", 400},
			{"wrong kind", strings.Replace(raw, `"language": "de"`, `"language": 7`, 1), "language", "field_bad_type", 400},
			{"unknown family", strings.Replace(raw, `"family": "price"`, `"family": "weather"`, 1), "objections.1.family", "scenario_unknown_family", 400},
			{"control character", strings.Replace(raw, `Frau Krämer`, `Frau\u0000Krämer`, 1), "persona.name", "field_control_character", 400},
			{"personality", strings.Replace(raw, `"skeptisch"`, `"launisch"`, 1), "persona.personality", "scenario_field_bad_choice", 400},
		}
		for _, tc := range cases {
			r := c.do("POST", "/api/scenarios/import", tc.body)
			if r.status != tc.status {
				t.Errorf("%s: status %d: %s", tc.name, r.status, r.body)
				continue
			}
			fields, _ := r.json(t)["fields"].(map[string]any)
			if f, _ := fields[tc.field].(map[string]any); f == nil || f["code"] != tc.code {
				t.Errorf("%s: fields %v, want %s on %s", tc.name, fields, tc.code, tc.field)
			}
		}
		big := strings.Replace(raw, `"version": 1,`, `"version": 1, "title": "`+strings.Repeat("x", salescoach.MaxScenarioFileBytes)+`",`, 1)
		c.do("POST", "/api/scenarios/import", big).must(t, 413)
		wantCode(t, c.do("POST", "/api/scenarios/import", "[1]"), 400, "request_not_object")
		if n := c.do("GET", "/api/scenarios?scope=mine", nil).must(t, 200).json(t)["total"]; n != 1.0 {
			t.Errorf("%v scenarios after refused imports, want 1", n)
		}
	})
}

func TestScenarioPreview(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "preview@example.com")
		m := c.do("POST", "/api/scenarios/preview", scenarioBody("Vorschau")).must(t, 200).json(t)
		if msg, _ := m["message"].(string); strings.TrimSpace(msg) == "" {
			t.Errorf("preview = %v", m)
		}
		if n := c.do("GET", "/api/scenarios", nil).must(t, 200).json(t)["total"]; n != 0.0 {
			t.Errorf("the preview stored a scenario")
		}
		// Rate-limited like the chat (30 a minute).
		status := 200
		for i := 0; i < 40 && status == 200; i++ {
			status = c.do("POST", "/api/scenarios/preview", scenarioBody("Vorschau")).status
		}
		if status != 429 {
			t.Errorf("40 previews in a minute: last status %d, want 429", status)
		}
	})
}

func TestChatOnScenario(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "play@example.com")
		other := chatUser(t, e, "play-other@example.com")
		body := with(scenarioBody("Drei Einwände"), "objections", []any{
			map[string]any{"wordings": []any{"Stundenzettel reichen uns völlig."}, "concern": "Meine Leute machen nicht mit.",
				"criteria": []any{"App in fünf Minuten erklärt"}},
			map[string]any{"family": "price"},
			map[string]any{"wordings": []any{"Und der Datenschutz?"}, "concern": "Standortdaten der Leute.",
				"criteria": []any{"keine Standortdaten"}},
		})
		body = with(with(body, "language", "en"), "persona.formality", "du")
		sc := c.do("POST", "/api/scenarios", body).must(t, 201).json(t)
		id := sc["id"].(string)
		hidden := other.do("POST", "/api/scenarios", scenarioBody("Fremd")).must(t, 201).json(t)["id"].(string)

		// Someone else's personal scenario: not found, nothing started.
		r := c.do("POST", "/api/chat", map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hallo", "scenarioId": hidden})
		wantCode(t, r, 404, "scenario_not_found")
		wantCode(t, c.do("POST", "/api/chat", map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hallo",
			"scenarioId": strings.Repeat("x", 121)}), 404, "scenario_not_found")
		if used := c.do("GET", "/api/me/usage", nil).must(t, 200).json(t)["used"]; used != 0.0 {
			t.Errorf("a refused start counted: used %v", used)
		}

		objections := func(conv string) []string {
			t.Helper()
			q := `SELECT objections FROM conversations WHERE id = ?`
			if db.Dialect() == sqlstore.DialectPostgres {
				q = strings.Replace(q, "?", "$1", 1)
			}
			var raw string
			if err := db.SQL().QueryRowContext(t.Context(), q, conv).Scan(&raw); err != nil {
				t.Fatal(err)
			}
			var keys []string
			_ = json.Unmarshal([]byte(raw), &keys)
			return keys
		}
		// Practice, difficulty 2: two of the three, in the scenario's order;
		// focusFamily is ignored.
		a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hello, I am calling about time tracking.",
			"scenarioId": id, "focusFamily": "no_time"}, 200)
		conv := a["conversationId"].(string)
		keys := objections(conv)
		order := map[string]int{"custom1": 0, "price": 1, "custom3": 2}
		if a["totalStages"] != 2.0 || len(keys) != 2 || order[keys[0]] >= order[keys[1]] || keys[0] == "no_time" {
			t.Errorf("practice 2 on 3 objections: totalStages %v, keys %v", a["totalStages"], keys)
		}
		detail := c.do("GET", "/api/conversations/"+conv, nil).must(t, 200).json(t)
		head, _ := detail["conversation"].(map[string]any)["scenario"].(map[string]any)
		if head == nil || head["id"] != id || head["title"] != "Drei Einwände" || head["situation"] != "cold_call" ||
			head["persona"].(map[string]any)["company"] != "Krämer Bau GmbH" {
			t.Errorf("chat header scenario = %v", head)
		}
		// An exam plays all three (at most 3), in order. Its second turn
		// answers the first, a custom one, which adds to no family's
		// figures.
		ex := c.chat(t, map[string]any{"mode": "Prüfung", "message": "Hello, I am calling about time tracking.", "scenarioId": id}, 200)
		exam := ex["conversationId"].(string)
		if k := objections(exam); ex["totalStages"] != 3.0 || fmt.Sprint(k) != "[custom1 price custom3]" {
			t.Errorf("exam on three objections: totalStages %v, keys %v", ex["totalStages"], k)
		}
		c.chat(t, map[string]any{"conversationId": exam, "message": "I understand. The app is explained in five minutes, and what worries you most?"}, 200)
		var fam int
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM skill_family_days WHERE family = '' OR family LIKE 'custom%'`).Scan(&fam); err != nil {
			t.Fatal(err)
		}
		if fam != 0 {
			t.Errorf("%d family rows for a custom objection", fam)
		}

		var answers int
		q := `SELECT COUNT(*) FROM skill_answers WHERE conversation_id = ?`
		if db.Dialect() == sqlstore.DialectPostgres {
			q = strings.Replace(q, "?", "$1", 1)
		}
		if err := db.SQL().QueryRowContext(t.Context(), q, exam).Scan(&answers); err != nil || answers != 1 {
			t.Errorf("skill answers of the chat: %d (%v), want 1", answers, err)
		}

		// Later edits leave the chat's snapshot as it was.
		c.do("PATCH", "/api/scenarios/"+id, map[string]any{"title": "Umbenannt", "objections": []any{map[string]any{"family": "no_need"}}}).must(t, 200)
		detail = c.do("GET", "/api/conversations/"+conv, nil).must(t, 200).json(t)
		if head := detail["conversation"].(map[string]any)["scenario"].(map[string]any); head["title"] != "Drei Einwände" {
			t.Errorf("the chat's scenario changed with the edit: %v", head)
		}
		if k := objections(conv); fmt.Sprint(k) != fmt.Sprint(keys) {
			t.Errorf("objections changed: %v, were %v", k, keys)
		}
		var snap string
		q = `SELECT scenario_json FROM conversations WHERE id = ?`
		if db.Dialect() == sqlstore.DialectPostgres {
			q = strings.Replace(q, "?", "$1", 1)
		}
		if err := db.SQL().QueryRowContext(t.Context(), q, conv).Scan(&snap); err != nil ||
			!strings.Contains(snap, "Standortdaten der Leute") || strings.Contains(snap, "no_need") {
			t.Errorf("snapshot = %s (%v)", snap, err)
		}

		// An exam plays min(3, n) of the (now one) objection; practice 3
		// plays what there is.
		a = c.chat(t, map[string]any{"mode": "Prüfung", "message": "Hello", "scenarioId": id}, 200)
		if a["totalStages"] != 1.0 || fmt.Sprint(objections(a["conversationId"].(string))) != "[no_need]" {
			t.Errorf("exam on one objection: %v", a)
		}
		a = c.chat(t, map[string]any{"mode": "Übung", "difficulty": 3, "message": "Hello", "scenarioId": id}, 200)
		if a["totalStages"] != 1.0 {
			t.Errorf("practice 3 on one objection: %v", a)
		}
		// A catalogue chat has no scenario.
		plain := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
		if s := c.do("GET", "/api/conversations/"+plain, nil).json(t)["conversation"].(map[string]any)["scenario"]; s != nil {
			t.Errorf("catalogue chat's scenario = %v", s)
		}
		var list []map[string]any
		_ = json.Unmarshal(c.do("GET", "/api/conversations", nil).must(t, 200).body, &list)
		withScenario := 0
		for _, it := range list {
			if it["scenario"] != nil {
				withScenario++
			}
		}
		if len(list) != 5 || withScenario != 4 {
			t.Errorf("list: %d chats, %d with a scenario", len(list), withScenario)
		}
		// The caller's stats count the attempts; the other user has none.
		if st := c.do("GET", "/api/scenarios/"+id, nil).json(t)["stats"].(map[string]any); st["attempts"] != 4.0 {
			t.Errorf("stats = %v", st)
		}
		items := c.do("GET", "/api/scenarios?scope=mine", nil).json(t)["items"].([]any)
		if st := items[0].(map[string]any)["stats"].(map[string]any); st["attempts"] != 4.0 {
			t.Errorf("list stats = %v", st)
		}
		// Deleting the scenario leaves the chats as they were.
		c.do("DELETE", "/api/scenarios/"+id, nil).must(t, 204)
		if head := c.do("GET", "/api/conversations/"+conv, nil).must(t, 200).json(t)["conversation"].(map[string]any)["scenario"]; head == nil {
			t.Error("the chat lost its scenario with the deletion")
		}
	})
}

// TestScenarioReachesTheModel: a chat on a scenario and its preview give the
// model the scenario's product, language and the persona's tone, not the
// user's own settings.
func TestScenarioReachesTheModel(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := openaitest.New(t)
		e := newEnv(t, db, withFakeModel(t, fake, 2*time.Second))
		c := chatUser(t, e, "model@example.com")
		fake.Reply("Good morning. Paper timesheets work fine for us.")
		body := with(scenarioBody("Model"), "language", "en")
		id := c.do("POST", "/api/scenarios", body).must(t, 201).json(t)["id"].(string)

		a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hello, Mrs Krämer.", "scenarioId": id}, 200)
		if a["message"] != "Good morning. Paper timesheets work fine for us." {
			t.Errorf("reply = %v", a["message"])
		}
		prompt := fake.Requests()[len(fake.Requests())-1].Text()
		for _, want := range []string{"Zeiterfassung per App für Baustellen", "Der Kunde misstraut Versprechen", "You play a prospective customer"} {
			if !strings.Contains(prompt, want) {
				t.Errorf("the chat's prompt lacks %q:\n%s", want, prompt)
			}
		}
		if strings.Contains(prompt, "CloudKasse") {
			t.Errorf("the chat's prompt has the user's product instead of the scenario's:\n%s", prompt)
		}

		n := len(fake.Requests())
		fake.Reply("Paper works.")
		m := c.do("POST", "/api/scenarios/preview", body).must(t, 200).json(t)
		if m["message"] != "Paper works." || len(fake.Requests()) != n+1 {
			t.Errorf("preview = %v after %d model calls", m, len(fake.Requests())-n)
		}
		if p := fake.Requests()[n].Text(); !strings.Contains(p, "Zeiterfassung per App") || !strings.Contains(p, "Der Kunde misstraut") {
			t.Errorf("the preview's prompt:\n%s", p)
		}
		var calls int
		if err := db.SQL().QueryRowContext(t.Context(), `SELECT COUNT(*) FROM token_usage WHERE purpose = 'scenario_preview'`).Scan(&calls); err != nil || calls != 1 {
			t.Errorf("preview token usage rows: %d (%v)", calls, err)
		}
		// A model that fails: the preview says so, as the chat does.
		fake.Fail(500, 10)
		c.do("POST", "/api/scenarios/preview", body).must(t, 503)
	})
}

// TestTeamScenariosOverHTTP: the team scope for every role. The team's
// owner and managers create, change and delete its scenarios (the team is
// theirs, never one named in the request), its members list them, read
// them and start chats with them, another team and users without a team
// get 404. Whoever leaves the team starts no new chat with them; a chat
// already running keeps its snapshot.
func TestTeamScenariosOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		teamBody := with(scenarioBody("Team-Szenario"), "scope", "team")
		// The team is the creator's: a request cannot name one.
		te.manager.do("POST", "/api/scenarios", with(teamBody, "teamId", te.otherID)).must(t, 400)
		created := te.manager.do("POST", "/api/scenarios", teamBody).must(t, 201).json(t)
		id := created["id"].(string)
		if created["scope"] != "team" || created["editable"] != true {
			t.Errorf("created = %v", created)
		}
		byOwner := te.owner.do("POST", "/api/scenarios", with(teamBody, "title", "Vom Inhaber")).must(t, 201).json(t)["id"].(string)
		otherTeams := te.outsider.do("POST", "/api/scenarios", with(teamBody, "title", "Süd")).must(t, 201).json(t)["id"].(string)
		wantCode(t, te.member.do("POST", "/api/scenarios", teamBody), 403, "team_forbidden")
		wantCode(t, te.loner.do("POST", "/api/scenarios", teamBody), 404, "team_not_found")

		patch := map[string]any{"title": "Geändert"}
		cases := []accessCase{
			{"owner reads", te.owner, "GET", "/api/scenarios/" + id, nil, 200, ""},
			{"member reads", te.member, "GET", "/api/scenarios/" + id, nil, 200, ""},
			{"member exports", te.member, "GET", "/api/scenarios/" + id + "/export", nil, 200, ""},
			{"other team: not found", te.outsider, "GET", "/api/scenarios/" + id, nil, 404, "scenario_not_found"},
			{"no team: not found", te.loner, "GET", "/api/scenarios/" + id, nil, 404, "scenario_not_found"},
			{"member patches: read only", te.member, "PATCH", "/api/scenarios/" + id, patch, 403, "scenario_read_only"},
			{"member deletes: read only", te.member, "DELETE", "/api/scenarios/" + id, nil, 403, "scenario_read_only"},
			{"other team patches: not found", te.outsider, "PATCH", "/api/scenarios/" + id, patch, 404, "scenario_not_found"},
			{"other team deletes: not found", te.outsider, "DELETE", "/api/scenarios/" + id, nil, 404, "scenario_not_found"},
			{"no team deletes: not found", te.loner, "DELETE", "/api/scenarios/" + id, nil, 404, "scenario_not_found"},
			{"owner patches the manager's", te.owner, "PATCH", "/api/scenarios/" + id, patch, 200, ""},
			{"manager deletes the owner's", te.manager, "DELETE", "/api/scenarios/" + byOwner, nil, 204, ""},
		}
		runAccessCases(t, cases)

		// The team filter lists the team's, editable for its managers only.
		for _, c := range []struct {
			name     string
			who      *client
			want     string
			editable bool
		}{
			{"owner", te.owner, id, true}, {"manager", te.manager, id, true}, {"member", te.member, id, false},
			{"other team", te.outsider, otherTeams, true}, {"no team", te.loner, "", false},
		} {
			got := c.who.do("GET", "/api/scenarios?scope=team", nil).must(t, 200).json(t)
			items := got["items"].([]any)
			if c.want == "" {
				if len(items) != 0 || got["total"] != 0.0 {
					t.Errorf("%s: team list %v", c.name, got)
				}
				continue
			}
			if len(items) != 1 || got["total"] != 1.0 {
				t.Errorf("%s: team list %v", c.name, got)
				continue
			}
			it := items[0].(map[string]any)
			if it["id"] != c.want || it["scope"] != "team" || it["editable"] != c.editable {
				t.Errorf("%s: team item %v", c.name, it)
			}
		}

		// A member plays it; after leaving the team the running chat goes
		// on with its snapshot, a new one is refused.
		a := te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag, ich rufe wegen der Zeiterfassung an.",
			"scenarioId": id}, 200)
		conv := a["conversationId"].(string)
		te.member.do("POST", "/api/team/leave", nil).must(t, 204)
		wantCode(t, te.member.do("GET", "/api/scenarios/"+id, nil), 404, "scenario_not_found")
		r := te.member.chatRaw(map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo", "scenarioId": id})
		wantCode(t, r, 404, "scenario_not_found")
		te.member.chat(t, map[string]any{"conversationId": conv, "message": "Verstehe. Was genau macht Ihnen Sorgen?"}, 200)
		detail := te.member.do("GET", "/api/conversations/"+conv, nil).must(t, 200).json(t)
		if head, _ := detail["conversation"].(map[string]any)["scenario"].(map[string]any); head == nil || head["title"] != "Geändert" {
			t.Errorf("the running chat's scenario = %v", head)
		}
	})
}
