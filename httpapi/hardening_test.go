package httpapi_test

import (
	"fmt"
	"net/url"
	"os"
	"regexp"
	"strings"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// Every JSON endpoint takes exactly one object: null, arrays, numbers,
// strings and trailing data are a clear 400, never a panic. The routes are
// read from routes.go, so a new JSON endpoint is covered without listing it.
func TestEveryJSONEndpointRefusesNonObjects(t *testing.T) {
	src, err := os.ReadFile("routes.go")
	if err != nil {
		t.Fatal(err)
	}
	route := regexp.MustCompile(`"(POST|PUT|PATCH) (/api/[^"]+)"`)
	var paths []string
	for _, m := range route.FindAllStringSubmatch(string(src), -1) {
		paths = append(paths, m[1]+" "+m[2])
	}
	if len(paths) < 20 {
		t.Fatalf("found only %d write routes in routes.go", len(paths))
	}
	db := sqlstoretest.NewSQLite(t)
	e := newEnv(t, db, withClientIPs)
	a := admin(t, e)
	user := signedIn(t, e, "body@example.com")
	bodies := map[string]string{
		"null":          "null",
		"array":         "[1,2]",
		"number":        "42",
		"string":        `"text"`,
		"trailing data": `{} {}`,
		"trailing junk": `{}x`,
	}
	n := 0
	refused := map[string]bool{} // routes whose decoder answered
	for _, p := range paths {
		method, path, _ := strings.Cut(p, " ")
		path = strings.NewReplacer("{id}", "01890000-0000-7000-8000-000000000000", "{provider}", "google").Replace(path)
		if strings.Contains(path, "{") || strings.HasSuffix(path, "/avatar") || path == "/api/stt" || strings.Contains(path, "/oauth/") ||
			strings.HasSuffix(path, "/logout") {
			continue // multipart uploads and the OAuth form post take no JSON; logout would end the test's sessions
		}
		for name, body := range bodies {
			for _, c := range []*client{e.client(), user, a} {
				n++ // a fresh address each time, so that no rate limit answers first
				c.ip = fmt.Sprintf("10.%d.%d.%d", n>>16&255, n>>8&255, n&255)
				r := c.do(method, path, body)
				if r.status >= 500 {
					t.Fatalf("%s %s with %s: %d %s", method, path, name, r.status, r.body)
				}
				if r.status == 400 && strings.Contains(string(r.body), `"code":"request_not_object"`) {
					refused[p] = true
				}
			}
		}
	}
	// Routes without a body ignore it; every route with one refuses these.
	if len(refused) < 20 {
		t.Errorf("only %d routes refused non-objects: %v", len(refused), refused)
	}
	if strings.Contains(e.log.String(), "panic") {
		t.Error("a body made the server panic")
	}
}

func TestDecodeNamesWhatIsWrong(t *testing.T) {
	e := newEnv(t, sqlstoretest.NewSQLite(t))
	c := e.client()
	for _, tc := range []struct{ body, code, msg string }{
		{"null", "request_not_object", "Die Anfrage muss ein JSON-Objekt sein."},
		{"[]", "request_not_object", "Die Anfrage muss ein JSON-Objekt sein."},
		{"3.5", "request_not_object", "Die Anfrage muss ein JSON-Objekt sein."},
		{`{"email":"a@b.de","password":"x"} {"more":1}`, "request_not_object", "Die Anfrage muss ein JSON-Objekt sein."},
		{`{"email":`, "request_bad_json", "Die Anfrage ist kein gültiges JSON."},
		{"", "request_bad_json", "Die Anfrage ist kein gültiges JSON."},
	} {
		m := c.do("POST", "/api/auth/login", tc.body).must(t, 400).json(t)
		if m["code"] != tc.code || m["error"] != tc.msg {
			t.Errorf("%q: %v", tc.body, m)
		}
	}
	m := c.do("POST", "/api/auth/login", `{"email": 5, "password": "x"}`).must(t, 400).json(t)
	if m["code"] != "field_bad_type" || fieldText(m, "email") != "Dieses Feld hat den falschen Typ." {
		t.Errorf("wrong type: %v", m)
	}
}

// A control character other than tab and newline is refused in every text
// field, the same on both databases, with a 400 that names the field.
func TestControlCharactersAreRefusedInEveryTextField(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db, withClientIPs)
		anon := e.client()
		user := signedIn(t, e, "nul@example.com")
		a := admin(t, e)
		conv := user.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, ich bin Anna."}, 200)["conversationId"].(string)
		for _, bad := range []string{"\x00", "\u0007", "\u001b[31m", "\r", "\u0085", "\u007f"} {
			cases := []struct {
				c      *client
				method string
				path   string
				body   map[string]any
				field  string
			}{
				{anon, "POST", "/api/auth/login", map[string]any{"email": "nul" + bad + "@example.com", "password": pw}, "email"},
				{anon, "POST", "/api/auth/signup", map[string]any{"email": "x@example.com", "password": pw, "termsAccepted": true, "company": "ACME" + bad}, "company"},
				{anon, "POST", "/api/feedback", map[string]any{"type": "bug", "message": "kaputt" + bad, "email": "f@example.com"}, "message"},
				{anon, "POST", "/api/track", map[string]any{"path": "/app" + bad}, "path"},
				{user, "POST", "/api/chat", map[string]any{"conversationId": conv, "message": "Gute Frage" + bad}, "message"},
				{user, "PATCH", "/api/me", map[string]any{"product_description": "Software" + bad}, "product_description"},
				{user, "PATCH", "/api/conversations/" + conv, map[string]any{"title": "Titel" + bad}, "title"},
				{a, "PUT", "/api/admin/challenges", map[string]any{"challenges": []map[string]any{{"key": "objections_solved", "title": "N" + bad}}}, "challenges.0.title"},
			}
			for i, tc := range cases {
				tc.c.ip = fmt.Sprintf("10.1.%d.%d", len(bad), i) // past the per-address limits
				r := tc.c.do(tc.method, tc.path, tc.body)
				m := r.must(t, 400).json(t)
				if fieldText(m, tc.field) != "Dieses Feld enthält unzulässige Steuerzeichen." {
					t.Errorf("%q in %s %s: %s", bad, tc.method, tc.path, r.body)
				}
			}
			m := a.do("GET", "/api/admin/users?q=a"+url.QueryEscape(bad)+"b", nil).must(t, 400).json(t)
			if fieldText(m, "q") != "Dieses Feld enthält unzulässige Steuerzeichen." {
				t.Errorf("%q in the admin search: %v", bad, m)
			}
		}
		// Tabs and line breaks are text.
		user.do("PATCH", "/api/me", map[string]any{"product_description": "Zeile 1\n\tZeile 2"}).must(t, 200)
	})
}
