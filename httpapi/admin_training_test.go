package httpapi_test

import (
	"strings"
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestAdminUsesTheTrainingApp: a user made admin (salescoach admin grant)
// keeps everything a user has: chat, evaluation, profile, usage, billing,
// export and deletion of their own account, beside the back-office.
func TestAdminUsesTheTrainingApp(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		c := chatUser(t, e, "elite@example.com")
		if err := e.users.SetAdmin(t.Context(), "elite@example.com", true); err != nil {
			t.Fatal(err)
		}
		if got := c.do("GET", "/api/auth/is-admin", nil).must(t, 200).json(t); got["isAdmin"] != true {
			t.Fatalf("is-admin = %v", got)
		}
		c.do("GET", "/api/admin/overview", nil).must(t, 200)

		if got := c.do("GET", "/api/chat/preflight", nil).must(t, 200).json(t); got["allowed"] != true {
			t.Errorf("preflight = %v", got)
		}
		id := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, ich stelle dir CloudKasse vor."}, 200)["conversationId"].(string)
		c.do("POST", "/api/conversations/"+id+"/score", nil).must(t, 200)
		c.do("POST", "/api/conversations/"+id+"/hint", nil).must(t, 200)
		c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200)
		if list := c.do("GET", "/api/conversations", nil).must(t, 200).body; !strings.Contains(string(list), id) {
			t.Errorf("conversations = %s, want %s among them", list, id)
		}
		me := c.do("PATCH", "/api/me", map[string]any{"display_name": "Eli", "language": "en"}).must(t, 200).json(t)
		if u := me["user"].(map[string]any); u["display_name"] != "Eli" || u["language"] != "en" || u["is_admin"] != true {
			t.Errorf("profile after PATCH = %v", u)
		}
		c.do("GET", "/api/me/usage", nil).must(t, 200)
		c.do("GET", "/api/subscription", nil).must(t, 200)
		c.do("GET", "/api/challenges", nil).must(t, 200)
		c.do("GET", "/api/me/export", nil).must(t, 200)
		c.do("POST", "/api/me/delete", map[string]any{"password": pw, "confirmation": "LÖSCHEN"}).must(t, 204)
		c.do("GET", "/api/me", nil).must(t, 401)
	})
}
