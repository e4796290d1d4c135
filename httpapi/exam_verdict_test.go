package httpapi_test

import (
	"testing"

	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// TestExamPassMarkSetting: admins read and set the exams' pass mark
// (default 70, 1..100); nobody else may.
func TestExamPassMarkSetting(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		admin := chatUser(t, e, "boss@example.com")
		user := chatUser(t, e, "ute@example.com")
		if got := admin.do("GET", "/api/admin/settings", nil).must(t, 200).json(t)["examPassMark"]; got != 70.0 {
			t.Errorf("default pass mark = %v, want 70", got)
		}
		for _, bad := range []any{0, 101, -1, "70", 70.5} {
			r := admin.do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": bad}).must(t, 400)
			if fieldText(r.json(t), "examPassMark") == "" {
				t.Errorf("pass mark %v: %s", bad, r.body)
			}
		}
		if got := fieldText(admin.do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": 0}).json(t), "examPassMark"); got != "Die Bestehensgrenze muss zwischen 1 und 100 % liegen." {
			t.Errorf("pass mark 0: %q", got)
		}
		user.do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": 50}).must(t, 403)
		e.client().do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": 50}).must(t, 401)
		got := admin.do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": 55}).must(t, 200).json(t)
		if got["examPassMark"] != 55.0 || got["engine"] == nil {
			t.Errorf("after PATCH = %v", got)
		}
		if got := admin.do("GET", "/api/admin/settings", nil).must(t, 200).json(t)["examPassMark"]; got != 55.0 {
			t.Errorf("pass mark read back = %v, want 55", got)
		}
		// An empty update changes nothing.
		if got := admin.do("PATCH", "/api/admin/settings", map[string]any{}).must(t, 200).json(t)["examPassMark"]; got != 55.0 {
			t.Errorf("after an empty PATCH = %v, want 55", got)
		}
	})
}

// TestExamVerdict: an exam's evaluation says whether it passed against the
// pass mark in force when it was made (stored with it: a later change of
// the pass mark leaves it), and the previous exam's total beside it. A
// practice chat's evaluation has no verdict.
func TestExamVerdict(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		e := newEnv(t, db)
		admin := chatUser(t, e, "boss@example.com")
		c := chatUser(t, e, "pia@example.com")
		setMark := func(m int) {
			admin.do("PATCH", "/api/admin/settings", map[string]any{"examPassMark": m}).must(t, 200)
		}
		exam := func() string {
			id := c.chat(t, map[string]any{"mode": "Prüfung", "message": "Guten Tag, darf ich Ihnen CloudKasse kurz vorstellen?"}, 200)["conversationId"].(string)
			c.chat(t, map[string]any{"conversationId": id, "mode": "Prüfung",
				"message": "Verstehe ich gut. Was genau ist Ihnen beim Preis wichtig? Viele Cafés sparen mit CloudKasse zwei Stunden Abrechnung pro Woche, zum Beispiel das Café Rosa in Köln. Wollen wir nächste Woche einen Termin machen?"}, 200)
			c.do("POST", "/api/conversations/"+id+"/finish", nil).must(t, 200)
			return id
		}
		evaluate := func(id string) (float64, map[string]any) {
			ev := c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
			verdict, _ := ev["exam"].(map[string]any)
			if verdict == nil {
				t.Fatalf("exam evaluation without a verdict: %v", ev)
			}
			return ev["totalPercent"].(float64), verdict
		}

		first := exam()
		total, v := evaluate(first)
		if total < 1 || total > 99 {
			t.Fatalf("total %v: the test needs one between 1 and 99", total)
		}
		if v["passMark"] != 70.0 || v["passed"] != (total >= 70) || v["previousPercent"] != nil {
			t.Errorf("first exam (total %v) at the default pass mark: verdict %v", total, v)
		}
		// The total exactly at the pass mark passes; one above fails.
		setMark(int(total))
		if _, v := evaluate(first); v["passed"] != true || v["passMark"] != total {
			t.Errorf("pass mark = total %v: verdict %v, want passed", total, v)
		}
		setMark(int(total) + 1)
		if _, v := evaluate(first); v["passed"] != false || v["passMark"] != total+1 {
			t.Errorf("pass mark = total %v + 1: verdict %v, want not passed", total, v)
		}
		// Changing the pass mark later leaves the stored verdict.
		setMark(1)
		stored := c.do("GET", "/api/conversations/"+first, nil).must(t, 200).json(t)["evaluation"].(map[string]any)["exam"].(map[string]any)
		if stored["passed"] != false || stored["passMark"] != total+1 {
			t.Errorf("stored verdict after the pass mark changed = %v, want the one made at %v", stored, total+1)
		}

		// The next exam shows the first one's total beside its own verdict.
		second := exam()
		total2, v := evaluate(second)
		if v["previousPercent"] != total || v["passMark"] != 1.0 || v["passed"] != (total2 >= 1) {
			t.Errorf("second exam: verdict %v, want previous %v at pass mark 1", v, total)
		}

		// A practice chat has no verdict.
		id := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo"}, 200)["conversationId"].(string)
		ev := c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
		if _, ok := ev["exam"]; ok {
			t.Errorf("practice evaluation has a verdict: %v", ev["exam"])
		}
	})
}
