package httpapi_test

import (
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// progressTechnique returns the entry of key in a progress answer.
func progressTechnique(t *testing.T, rep map[string]any, key string) map[string]any {
	t.Helper()
	for _, x := range rep["techniques"].([]any) {
		if m := x.(map[string]any); m["key"] == key {
			return m
		}
	}
	t.Fatalf("no technique %s in %v", key, rep["techniques"])
	return nil
}

// progressFamily returns the entry of key in a progress answer, nil when
// absent.
func progressFamily(rep map[string]any, key string) map[string]any {
	for _, x := range rep["families"].([]any) {
		if m := x.(map[string]any); m["key"] == key {
			return m
		}
	}
	return nil
}

// TestProgressOverHTTP: a chat started on a focus family opens with it; the
// answers of the chat show in the caller's progress, and only in theirs
// (guests included); range and focusFamily are validated.
func TestProgressOverHTTP(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		nora := chatUser(t, e, "nora@example.com")

		empty := nora.do("GET", "/api/me/progress", nil).must(t, 200).json(t)
		if empty["range"] != float64(30) || len(empty["families"].([]any)) != 0 || empty["recommendation"] != nil ||
			progressTechnique(t, empty, "acknowledge")["rate"] != nil || len(empty["weekly"].([]any)) < 5 {
			t.Errorf("empty progress = %v", empty)
		}

		// focusFamily is a family key; anything else starts nothing.
		for _, bad := range []any{"partner", "PRICE", 7} {
			body := map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo!", "focusFamily": bad}
			res := nora.do("POST", "/api/chat", body).must(t, 400).json(t)
			if fields, _ := res["fields"].(map[string]any); fields["focusFamily"] == nil {
				t.Errorf("focusFamily %v: %v", bad, res)
			}
		}
		if used := nora.do("GET", "/api/me/usage", nil).must(t, 200).json(t)["used"]; used != float64(0) {
			t.Errorf("a refused focusFamily started a chat: used %v", used)
		}

		a := nora.chat(t, map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hallo, hier ist Nora von CloudKasse.", "focusFamily": "trust"}, 200)
		id := a["conversationId"].(string)
		conv, err := sqlstore.NewConversationService(db).Conversation(t.Context(), nora.userID(t), id)
		if err != nil {
			t.Fatal(err)
		}
		if len(conv.Objections) != 2 || conv.Objections[0] != "trust" {
			t.Errorf("objections %v, want trust first", conv.Objections)
		}
		// A poor answer, then a good one.
		nora.chat(t, map[string]any{"conversationId": id, "message": "Doch, das funktioniert."}, 200)
		nora.chat(t, map[string]any{"conversationId": id, "message": "Das verstehe ich gut, Vertrauen muss man sich verdienen. " +
			"Was genau müssten Sie sehen, um sicher zu sein? Ein Café mit acht Leuten spart damit seit März 4 Stunden pro Woche. " +
			"Wollen wir nächste Woche eine kostenlose Testphase in Ihrem Café starten?"}, 200)

		rep := nora.do("GET", "/api/me/progress?range=7", nil).must(t, 200).json(t)
		ack := progressTechnique(t, rep, "acknowledge")
		if rep["range"] != float64(7) || ack["total"] != float64(2) || ack["shown"] == float64(0) {
			t.Errorf("progress after two answers: acknowledge %v", ack)
		}
		trust := progressFamily(rep, "trust")
		if trust == nil || trust["attempts"] != float64(1) || trust["averageScore"] == nil {
			t.Errorf("trust = %v in %v", trust, rep["families"])
		}
		if rep["recommendation"] != nil {
			t.Errorf("a recommendation after two answers: %v", rep["recommendation"])
		}

		// A guest has their own report, and Nora's answers are not in it.
		guest := e.client()
		guest.token = guest.do("POST", "/api/auth/anonymous", map[string]any{}).must(t, 200).json(t)["access_token"].(string)
		g := guest.do("GET", "/api/me/progress?range=90", nil).must(t, 200).json(t)
		if progressTechnique(t, g, "acknowledge")["total"] != float64(0) || len(g["families"].([]any)) != 0 {
			t.Errorf("the guest sees %v", g)
		}
		gc := guest.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo!", "focusFamily": "price"}, 200)
		guest.chat(t, map[string]any{"conversationId": gc["conversationId"], "message": "Ich verstehe, der Preis ist wichtig. Was ist Ihr Budget?"}, 200)
		g = guest.do("GET", "/api/me/progress", nil).must(t, 200).json(t)
		if progressTechnique(t, g, "acknowledge")["total"] != float64(1) || progressFamily(g, "price") == nil || progressFamily(g, "trust") != nil {
			t.Errorf("the guest's own progress = %v", g)
		}
		if again := nora.do("GET", "/api/me/progress?range=7", nil).must(t, 200).json(t); progressTechnique(t, again, "acknowledge")["total"] != float64(2) {
			t.Errorf("Nora's progress changed with the guest's chat: %v", again)
		}

		for _, q := range []string{"14", "abc", "-7", "7&range=30", "0"} {
			res := wantCode(t, nora.do("GET", "/api/me/progress?range="+q, nil), 400, "bad_period")
			if fields, _ := res["fields"].(map[string]any); fields["range"] == nil {
				t.Errorf("range=%s: %v", q, res)
			}
		}
		e.client().do("GET", "/api/me/progress", nil).must(t, 401)
	})
}
