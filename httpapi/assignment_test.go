package httpapi_test

import (
	"strings"
	"testing"
	"time"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// assignments reads a GET /api/.../assignments answer's list.
func assignments(t *testing.T, r response) []map[string]any {
	t.Helper()
	var out []map[string]any
	for _, a := range r.must(t, 200).json(t)["assignments"].([]any) {
		out = append(out, a.(map[string]any))
	}
	return out
}

// TestAssignmentPermissionsOverHTTP: managers and owners assign, a member
// gets 403, someone without a team 404, another team's ids 404, and the
// bounds answer 400 with the field.
func TestAssignmentPermissionsOverHTTP(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		due := te.e.clock.Now().Add(72 * time.Hour).Format(time.RFC3339)
		body := func(change func(b map[string]any)) map[string]any {
			b := map[string]any{"title": "Preisgespräch", "mode": "Prüfung", "difficulty": 2, "family": "price", "dueAt": due}
			if change != nil {
				change(b)
			}
			return b
		}
		wantCode(t, te.member.do("POST", "/api/team/assignments", body(nil)), 403, "team_forbidden")
		wantCode(t, te.member.do("GET", "/api/team/assignments", nil), 403, "team_forbidden")
		wantCode(t, te.loner.do("POST", "/api/team/assignments", body(nil)), 404, "team_not_found")
		wantCode(t, te.loner.do("GET", "/api/team/assignments", nil), 404, "team_not_found")
		wantCode(t, te.manager.do("POST", "/api/team/assignments", body(func(b map[string]any) { b["userIds"] = []string{te.outID} })),
			404, "team_member_not_found")
		wantCode(t, te.e.client().do("GET", "/api/me/assignments", nil), 401, "sign_in_required")
		for field, change := range map[string]func(b map[string]any){
			"title":      func(b map[string]any) { b["title"] = strings.Repeat("a", 201) },
			"dueAt":      func(b map[string]any) { b["dueAt"] = te.e.clock.Now().Add(-time.Minute).Format(time.RFC3339) },
			"difficulty": func(b map[string]any) { b["difficulty"] = 0 },
			"mode":       func(b map[string]any) { b["mode"] = "practice" },
			"family":     func(b map[string]any) { b["family"] = "weather" },
		} {
			r := te.manager.do("POST", "/api/team/assignments", body(change)).must(t, 400)
			if fieldText(r.json(t), field) == "" {
				t.Errorf("%s: %s", field, r.body)
			}
		}
		if got := fieldText(te.manager.do("POST", "/api/team/assignments", body(func(b map[string]any) { b["dueAt"] = "2020-01-01T00:00:00Z" })).json(t), "dueAt"); got != "Das Fälligkeitsdatum muss in der Zukunft liegen." {
			t.Errorf("past due date: %q", got)
		}

		a := te.manager.do("POST", "/api/team/assignments", body(nil)).must(t, 201).json(t)
		members := a["members"].([]any)
		if len(members) != 2 || a["mode"] != "Prüfung" || a["family"] != "price" {
			t.Fatalf("created = %v", a)
		}
		// The other team neither lists it nor starts it.
		if got := assignments(t, te.outsider.do("GET", "/api/team/assignments", nil)); len(got) != 0 {
			t.Errorf("other team lists %v", got)
		}
		wantCode(t, te.outsider.do("POST", "/api/chat", map[string]any{"assignmentId": a["id"], "message": "Hallo"}), 404, "assignment_not_found")
		wantCode(t, te.loner.do("POST", "/api/chat", map[string]any{"assignmentId": "not-an-id", "message": "Hallo"}), 404, "assignment_not_found")
		if got := assignments(t, te.loner.do("GET", "/api/me/assignments", nil)); len(got) != 0 {
			t.Errorf("loner's assignments = %v", got)
		}
	})
}

// TestAssignmentCompletedByWonChat: the member starts an assignment from
// 'Aufgaben' with one message, the chat carries its mode, difficulty and
// family, winning it (the built-in trainer, with its model answers) marks
// it done for the member and their managers; an exam started on an
// assignment is a Prüfung whatever the request says, and its transcript is
// readable by the managers, not by another team.
func TestAssignmentCompletedByWonChat(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		due := te.e.clock.Now().Add(72 * time.Hour).Format(time.RFC3339)
		practice := te.owner.do("POST", "/api/team/assignments", map[string]any{"title": "Preis üben", "mode": "Übung",
			"difficulty": 1, "family": "price", "dueAt": due, "userIds": []string{te.memberID}}).must(t, 201).json(t)
		mine := assignments(t, te.member.do("GET", "/api/me/assignments", nil))
		if len(mine) != 1 || mine[0]["id"] != practice["id"] || mine[0]["mine"].(map[string]any)["status"] != "open" {
			t.Fatalf("member's assignments = %v", mine)
		}
		if got := assignments(t, te.manager.do("GET", "/api/me/assignments", nil)); len(got) != 0 {
			t.Errorf("the manager was not assigned: %v", got)
		}

		a := te.member.chat(t, map[string]any{"assignmentId": practice["id"], "mode": "Prüfung", "message": "Hallo, ich stelle Ihnen CloudKasse vor."}, 200)
		id := a["conversationId"].(string)
		conv, err := sqlstore.NewConversationService(db).Conversation(t.Context(), te.memberID, id)
		if err != nil {
			t.Fatal(err)
		}
		if conv.Mode != "Übung" || conv.Difficulty != 1 || conv.TotalStages != 1 || conv.Objections[0] != "price" || conv.AssignmentID != practice["id"] {
			t.Fatalf("assignment chat = %+v", conv)
		}
		for i := 0; i < 8 && a["completed"] != true; i++ {
			perfect := te.member.do("POST", "/api/conversations/"+id+"/perfect-message", nil).must(t, 200).json(t)["message"].(string)
			a = te.member.chat(t, map[string]any{"conversationId": id, "message": fillPlaceholders(perfect, i)}, 200)
		}
		if a["completed"] != true {
			t.Fatalf("not won: %v", a)
		}
		mine = assignments(t, te.member.do("GET", "/api/me/assignments", nil))
		if m := mine[0]["mine"].(map[string]any); m["status"] != "done" || m["conversationId"] != id || m["score"] != nil {
			t.Errorf("member's view after the win = %v", m)
		}
		team := assignments(t, te.manager.do("GET", "/api/team/assignments", nil))
		row := team[0]["members"].([]any)[0].(map[string]any)
		if row["userId"] != te.memberID || row["status"] != "done" || row["doneAt"] == nil {
			t.Errorf("manager's view after the win = %v", row)
		}
		// A practice transcript stays private, assignment or not.
		wantCode(t, te.manager.do("GET", "/api/team/conversations/"+id, nil), 404, "conversation_not_found")

		exam := te.manager.do("POST", "/api/team/assignments", map[string]any{"title": "Abschlussprüfung", "mode": "Prüfung",
			"difficulty": 3, "dueAt": due}).must(t, 201).json(t)
		examID := te.member.chat(t, map[string]any{"assignmentId": exam["id"], "mode": "Übung", "difficulty": 1, "message": "Guten Tag!"}, 200)["conversationId"].(string)
		got := te.member.do("GET", "/api/conversations/"+examID, nil).must(t, 200).json(t)["conversation"].(map[string]any)
		if got["mode"] != "Prüfung" {
			t.Errorf("exam assignment started as %v", got["mode"])
		}
		te.member.do("POST", "/api/conversations/"+examID+"/finish", nil).must(t, 200)
		read := te.manager.do("GET", "/api/team/conversations/"+examID, nil).must(t, 200).json(t)
		if read["author"].(map[string]any)["userId"] != te.memberID {
			t.Errorf("exam transcript = %v", read)
		}
		wantCode(t, te.outsider.do("GET", "/api/team/conversations/"+examID, nil), 404, "conversation_not_found")
		wantCode(t, te.member.do("GET", "/api/team/conversations/"+examID, nil), 403, "team_forbidden")
		// The member's page lists the exam (not the practice chat), with
		// its assignment.
		list := transcriptsOf(t, te.owner.do("GET", "/api/team/members/"+te.memberID, nil))
		if len(list) != 1 || list[0]["conversationId"] != examID || list[0]["mode"] != "Prüfung" || list[0]["difficulty"] != nil ||
			list[0]["sharedAt"] != nil || list[0]["assignment"].(map[string]any)["title"] != "Abschlussprüfung" {
			t.Errorf("member page transcripts = %v", list)
		}
		// Given to the whole team: whoever joins before the due date gets
		// it, not the practice given to the member alone.
		if practice["wholeTeam"] != false || exam["wholeTeam"] != true {
			t.Errorf("wholeTeam: practice %v, exam %v", practice["wholeTeam"], exam["wholeTeam"])
		}
		joinURL := te.owner.do("GET", "/api/team", nil).must(t, 200).json(t)["joinUrl"].(string)
		te.loner.do("POST", "/api/team/join", map[string]any{"token": linkToken(t, joinURL, "token")}).must(t, 200)
		if got := assignments(t, te.loner.do("GET", "/api/me/assignments", nil)); len(got) != 1 || got[0]["id"] != exam["id"] ||
			got[0]["wholeTeam"] != true || got[0]["mine"].(map[string]any)["status"] != "open" {
			t.Errorf("the joiner's assignments = %v", got)
		}
		// Ended early, not won: still open for the member.
		team = assignments(t, te.owner.do("GET", "/api/team/assignments", nil))
		for _, m := range team[0]["members"].([]any) {
			if m := m.(map[string]any); m["userId"] == te.memberID && m["status"] != "open" {
				t.Errorf("exam ended early counts: %v", m)
			}
		}
	})
}

// TestAssignmentExamWonAndScored: an exam on a scenario of the library
// (three objections, played in order) is won with the built-in trainer's
// model answers, taken from a practice chat on the same scenario at
// 'Schwer' that gets the same answers; the assignment is then done, and its
// evaluation's total is the score the managers see.
func TestAssignmentExamWonAndScored(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		// A team scenario whose three objections are all its own: their
		// concerns are the scenario's, the same in the exam and in the
		// practice mirror whose perfect answers the member sends. (A
		// catalogue family's concern is drawn by each chat's id, so a
		// mirror's answer to it would not fit the exam's.)
		body := with(scenarioBody("Kasse fürs Café"), "scope", "team")
		body["product"] = "Kassenflow Plus: iPad-Kasse mit Kartenterminal und QR-Tischbestellung für Cafés.\n49 € im Monat, monatlich kündbar, 0,79 % pro Kartenzahlung."
		body["objections"] = []any{
			map[string]any{"wordings": []any{"Die Kartengebühren fressen mir die Marge auf."},
				"concern": "Bei einem Cappuccino für 3,80 € bleibt mir kaum was.", "criteria": []any{"nur 0,79 % pro Kartenzahlung", "keine Miete für das Terminal"}},
			map[string]any{"wordings": []any{"Bestellen per QR-Code passt nicht zu uns."},
				"concern": "Ich habe Angst, dass das Café unpersönlich wirkt.", "criteria": []any{"Tischbestellung ist freiwillig", "mehr Zeit für Gespräche mit den Gästen"}},
			map[string]any{"wordings": []any{"Ich will mich nicht lange binden."},
				"concern": "Wir hingen schon einmal drei Jahre in einem Vertrag fest.", "criteria": []any{"monatlich kündbar"}},
		}
		scenario := te.manager.do("POST", "/api/scenarios", body).must(t, 201).json(t)["id"].(string)
		due := te.e.clock.Now().Add(72 * time.Hour).Format(time.RFC3339)
		exam := te.manager.do("POST", "/api/team/assignments", map[string]any{"title": "Prüfung Café", "mode": "Prüfung",
			"difficulty": 3, "scenarioId": scenario, "dueAt": due, "userIds": []string{te.memberID}}).must(t, 201).json(t)
		opening := "Guten Tag, ich stelle Ihnen kurz CloudKasse vor."
		a := te.member.chat(t, map[string]any{"assignmentId": exam["id"], "message": opening}, 200)
		examID := a["conversationId"].(string)
		mirror := te.member.chat(t, map[string]any{"mode": "Übung", "difficulty": 3, "scenarioId": scenario, "message": opening}, 200)
		mirrorID := mirror["conversationId"].(string)
		for i := 0; i < 30 && a["completed"] != true; i++ {
			perfect := te.member.do("POST", "/api/conversations/"+mirrorID+"/perfect-message", nil).must(t, 200).json(t)["message"].(string)
			answer := fillPlaceholders(perfect, i)
			a = te.member.chat(t, map[string]any{"conversationId": examID, "message": answer}, 200)
			te.member.chat(t, map[string]any{"conversationId": mirrorID, "message": answer}, 200)
		}
		if a["completed"] != true {
			t.Fatalf("exam not won: %v", a)
		}
		row := assignments(t, te.manager.do("GET", "/api/team/assignments", nil))[0]["members"].([]any)[0].(map[string]any)
		if row["status"] != "done" || row["score"] != nil || row["conversationId"] != examID {
			t.Errorf("won, not evaluated: %v", row)
		}
		ev := te.member.do("POST", "/api/conversations/"+examID+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
		row = assignments(t, te.manager.do("GET", "/api/team/assignments", nil))[0]["members"].([]any)[0].(map[string]any)
		if row["status"] != "done" || row["score"] != ev["totalPercent"] {
			t.Errorf("evaluated (total %v): %v", ev["totalPercent"], row)
		}
		mine := assignments(t, te.member.do("GET", "/api/me/assignments", nil))[0]["mine"].(map[string]any)
		if mine["score"] != ev["totalPercent"] {
			t.Errorf("member's own score = %v, want %v", mine["score"], ev["totalPercent"])
		}
	})
}
