package httpapi_test

import (
	"encoding/json"
	"slices"
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestTeamEdgesFromTheProbe (issue 40, point 3): a due date that is no date
// names dueAt; the owner's SSO test without settings says to save them first
// (not the sign-in page's text); an unknown or repeated sort on the members
// list names sort; a key held twice is refused on POST /api/team/seats as on
// every endpoint, naming its path, and nothing is bought.
func TestTeamEdgesFromTheProbe(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newSeatEnv(t, db)
		due := e.clock.Now().Add(72 * time.Hour).Format(time.RFC3339)
		assign := func(dueAt any) response {
			return e.owner.do("POST", "/api/team/assignments", map[string]any{"title": "Preis üben", "mode": "Übung",
				"difficulty": 1, "dueAt": dueAt, "userIds": []string{e.memberID}})
		}
		for _, bad := range []any{"morgen", "2026-13-01T00:00:00Z", "", "2026-12-05"} {
			got := wantCode(t, assign(bad), 400, "bad_date")
			if fieldText(got, "dueAt") != "Ungültiges Datum." {
				t.Errorf("dueAt %q: %v", bad, got)
			}
		}
		if got := wantCode(t, assign(5), 400, "field_bad_type"); fieldText(got, "dueAt") == "" {
			t.Errorf("dueAt 5: %v", got)
		}
		wantCode(t, assign(nil), 400, "assignment_due_past")
		assign(due).must(t, 201)

		got := wantCode(t, e.owner.do("POST", "/api/team/sso/test", nil), 409, "sso_test_unsaved")
		if got["error"] != "Speichere zuerst die Einstellungen der Firmen-Anmeldung (Aussteller-URL, Client-ID und Client-Secret); dann kannst du sie testen." {
			t.Errorf("test without settings: %v", got)
		}

		for _, q := range []string{"sort=password", "sort=-", "sort=--name", "sort=name&sort=password", "sort=name&sort=email"} {
			if got := wantCode(t, e.owner.do("GET", "/api/team/members?"+q, nil), 400, "team_bad_sort"); fieldText(got, "sort") == "" {
				t.Errorf("%s: %v", q, got)
			}
		}
		e.owner.do("GET", "/api/team/members?sort=-name", nil).must(t, 200)

		for _, body := range []string{`{"quantity":3,"quantity":4}`, `{"quantity":3, "quantity" : 3}`} {
			got := wantCode(t, e.owner.do("POST", "/api/team/seats", body), 400, "field_duplicate")
			if fieldText(got, "quantity") != "Dieses Feld steht mehrmals in der Anfrage." {
				t.Errorf("%s: %v", body, got)
			}
		}
		// Nested keys are named by their path.
		j, err := json.Marshal(scenarioBody("Doppelt"))
		if err != nil {
			t.Fatal(err)
		}
		for old, path := range map[string]string{
			`"role":"Inhaberin"`: "persona.role",
			`{"family":"price"}`: "objections.1.family",
		} {
			body := strings.Replace(string(j), old, strings.TrimSuffix(old, "}")+","+strings.Trim(old, "{}")+strings.Repeat("}", strings.Count(old, "}")), 1)
			if got := wantCode(t, e.owner.do("POST", "/api/scenarios", body), 400, "field_duplicate"); fieldText(got, path) == "" {
				t.Errorf("%s: %v", body, got)
			}
		}
		e.owner.do("POST", "/api/scenarios", string(j)).must(t, 201)
		// Other endpoints alike; an unknown field is still named as before.
		wantCode(t, e.owner.do("POST", "/api/team/invitations", `{"email":"a@example.com","email":"b@example.com","role":"member"}`), 400, "field_duplicate")
		wantCode(t, e.owner.do("POST", "/api/team/seats", `{"quantity":3,"x":1}`), 400, "field_unknown")
		if seats := e.owner.do("GET", "/api/team/seats", nil).must(t, 200).json(t); seats["subscriptionId"] != "" {
			t.Errorf("a refused request bought seats: %v", seats)
		}
		e.owner.do("POST", "/api/team/seats", `{"quantity":3}`).must(t, 201)
	})
}

// TestTeamSharedChatShowsScores (issue 40): a shared chat shows the managers
// each answer's score as its author saw it, and nothing of another chat;
// the evaluation comes along with the chat.
func TestTeamSharedChatShowsScores(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		first := te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Guten Tag, hier ist Mia von CloudKasse."}, 200)
		chat := first["conversationId"].(string)
		answer := te.member.chat(t, map[string]any{"conversationId": chat, "message": "Verstehe. Darf ich fragen, was Ihnen dabei am wichtigsten ist?"}, 200)
		live := answer["score"].(map[string]any)["answerScore"].(float64)
		// Another chat of the member's, scored too, is not shared.
		other := te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, hier ist Mia."}, 200)["conversationId"].(string)
		te.member.chat(t, map[string]any{"conversationId": other, "message": "Was ist Ihnen wichtig?"}, 200)
		te.member.do("POST", "/api/conversations/"+chat+"/share", nil).must(t, 200)
		te.member.do("POST", "/api/conversations/"+chat+"/evaluation", nil).must(t, 200)

		body := te.manager.do("GET", "/api/team/conversations/"+chat, nil).must(t, 200).json(t)
		scores := body["answerScores"].(map[string]any)
		var sellerIDs []string
		for _, m := range body["chat"].(map[string]any)["messages"].([]any) {
			if msg := m.(map[string]any); msg["role"] == "user" || msg["role"] == "seller" {
				sellerIDs = append(sellerIDs, msg["id"].(string))
			}
		}
		if ev, _ := body["chat"].(map[string]any)["evaluation"].(map[string]any); len(ev["scores"].([]any)) != 6 {
			t.Errorf("evaluation = %v", body["chat"].(map[string]any)["evaluation"])
		}
		if len(sellerIDs) < 2 || scores[sellerIDs[len(sellerIDs)-1]] != live {
			t.Fatalf("scores %v, seller messages %v, live %v", scores, sellerIDs, live)
		}
		for id := range scores {
			if !slices.Contains(sellerIDs, id) {
				t.Errorf("score of %s, not a seller message of the chat", id)
			}
		}
		wantCode(t, te.manager.do("GET", "/api/team/conversations/"+other, nil), 404, "conversation_not_found")
		wantCode(t, te.outsider.do("GET", "/api/team/conversations/"+chat, nil), 404, "conversation_not_found")
	})
}
