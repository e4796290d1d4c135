package httpapi_test

import (
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestTeamProgressOverHTTP: GET /api/team/progress answers the shape of
// GET /api/me/progress with the sums of the members' answers, for owners
// and managers only; a member who leaves takes theirs along.
func TestTeamProgressOverHTTP(t *testing.T) {
	t.Parallel()
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		te := newTeamEnv(t, db)
		wantCode(t, te.member.do("GET", "/api/team/progress", nil), 403, "team_forbidden")
		wantCode(t, te.loner.do("GET", "/api/team/progress", nil), 404, "team_not_found")
		wantCode(t, te.manager.do("GET", "/api/team/progress?range=14", nil), 400, "bad_period")
		wantCode(t, te.manager.do("GET", "/api/team/progress?range=7&range=30", nil), 400, "bad_period")

		empty := te.owner.do("GET", "/api/team/progress", nil).must(t, 200).json(t)
		if empty["range"] != float64(30) || len(empty["families"].([]any)) != 0 || empty["recommendation"] != nil ||
			progressTechnique(t, empty, "acknowledge")["total"] != float64(0) || len(empty["weekly"].([]any)) < 5 ||
			empty["exams"] == nil {
			t.Errorf("empty team progress = %v", empty)
		}

		// The member, the manager and the loner (outside) each answer twice.
		practise := func(c *client) {
			a := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 2, "message": "Hallo, hier ist Nora von CloudKasse.", "focusFamily": "trust"}, 200)
			id := a["conversationId"].(string)
			c.chat(t, map[string]any{"conversationId": id, "message": "Doch, das funktioniert."}, 200)
			c.chat(t, map[string]any{"conversationId": id, "message": "Das verstehe ich gut, Vertrauen muss man sich verdienen. " +
				"Was genau müssten Sie sehen, um sicher zu sein? Wollen wir nächste Woche eine Testphase starten?"}, 200)
		}
		practise(te.member)
		practise(te.manager)
		practise(te.loner)
		total := func(c *client, path, key string) float64 {
			return progressTechnique(t, c.do("GET", path, nil).must(t, 200).json(t), key)["shown"].(float64)*1000 +
				progressTechnique(t, c.do("GET", path, nil).must(t, 200).json(t), key)["total"].(float64)
		}
		for _, key := range []string{"acknowledge", "question", "next_step"} {
			own := total(te.member, "/api/me/progress?range=7", key) + total(te.manager, "/api/me/progress?range=7", key)
			if got := total(te.manager, "/api/team/progress?range=7", key); got != own || own == 0 {
				t.Errorf("%s: team %v, the members' sum %v", key, got, own)
			}
		}
		rep := te.owner.do("GET", "/api/team/progress?range=7", nil).must(t, 200).json(t)
		if trust := progressFamily(rep, "trust"); trust == nil || trust["attempts"] != float64(2) {
			t.Errorf("team's trust family = %v", trust)
		}

		te.member.do("POST", "/api/team/leave", nil).must(t, 204)
		for _, key := range []string{"acknowledge", "question"} {
			if got, own := total(te.owner, "/api/team/progress?range=7", key), total(te.manager, "/api/me/progress?range=7", key); got != own {
				t.Errorf("%s after leaving: team %v, the manager's %v", key, got, own)
			}
		}
	})
}
