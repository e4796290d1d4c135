package httpapi_test

import (
	"net/http"
	"testing"
	"time"

	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/sqlstore"
	"salescoach/sqlstore/sqlstoretest"
)

// calls counts a batch of the fake's requests: the structured ones by
// schema name, the streamed replies under "reply".
func calls(reqs []openaitest.Request) map[string]int {
	n := map[string]int{}
	for _, r := range reqs {
		if r.Stream {
			n["reply"]++
		} else {
			n[r.SchemaName()]++
		}
	}
	return n
}

// TestStructuredFailuresFallBackToTheBuiltInTrainer is a model server that
// streams replies but answers 500 to every structured call: the answer is
// scored by the built-in trainer after the scoring call's one retry, the
// reply still comes from the model, and the evaluation falls back alike.
// Nothing waits: no 503, no Retry-After, exactly one retry per call.
func TestStructuredFailuresFallBackToTheBuiltInTrainer(t *testing.T) {
	sqlstoretest.ForEachDB(t, func(t *testing.T, db *sqlstore.DB) {
		fake := openaitest.New(t)
		e := newEnv(t, db, withFakeModel(t, fake, 2*time.Second))
		c := chatUser(t, e, "fallback-"+db.Dialect()+"@example.com")
		fake.Reply("Hm, das ist mir zu teuer.")
		id := c.chat(t, map[string]any{"mode": "Übung", "difficulty": 1, "message": "Hallo, hier ist CloudKasse."}, 200)["conversationId"].(string)

		fake.FailStructured(http.StatusInternalServerError)
		before := len(fake.Requests())
		r := c.chatRaw(map[string]any{"conversationId": id,
			"message": "Ich verstehe, dass der Preis wichtig ist. Was zahlen Sie heute? Über 300 Cafés sparen mit CloudKasse fünf Stunden pro Woche. Wollen wir nächste Woche einen Termin machen?"})
		ans := r.must(t, 200).json(t)
		if got := r.header.Get("Retry-After"); got != "" {
			t.Errorf("Retry-After = %q on a turn that went on", got)
		}
		if ans["message"] != "Hm, das ist mir zu teuer." {
			t.Errorf("reply = %q, want the model's", ans["message"])
		}
		score, _ := ans["score"].(map[string]any)
		if score == nil || score["source"] != "builtin" || len(score["techniques"].([]any)) != 7 {
			t.Fatalf("score = %v, want the built-in trainer's", ans["score"])
		}
		// The scoring call and its one retry of the 500, then the reply:
		// nothing else was tried, nothing waited for another attempt.
		if got := calls(fake.Requests()[before:]); len(got) != 2 || got[openai.SchemaAssessment] != 2 || got["reply"] != 1 {
			t.Errorf("model calls of the turn = %v, want 2 assessment calls and 1 reply", got)
		}
		conv := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)
		if s := conv["score"].(map[string]any); s["source"] != "builtin" {
			t.Errorf("stored score source = %v", s["source"])
		}

		// The evaluation falls back alike.
		before = len(fake.Requests())
		ev := c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
		if ev["source"] != "builtin" || len(ev["scores"].([]any)) != 6 {
			t.Errorf("evaluation = %v, want the built-in trainer's", ev)
		}
		if got := calls(fake.Requests()[before:]); len(got) != 1 || got[openai.SchemaEvaluation] != 2 {
			t.Errorf("model calls of the evaluation = %v, want 2 evaluation calls", got)
		}
		if s := c.do("GET", "/api/conversations/"+id, nil).must(t, 200).json(t)["evaluation"].(map[string]any); s["source"] != "builtin" {
			t.Errorf("stored evaluation source = %v", s["source"])
		}

		// When the reply itself fails too, the customer is unreachable, as
		// before: the fallback never writes the customer's lines.
		fake.Fail(http.StatusInternalServerError, 4)
		wantUnreachable(t, c.chatRaw(map[string]any{"conversationId": id, "message": "Was wäre Ihnen wichtig?"}), 30)

		// A model server that scores again is the source again. The resend
		// of the message whose reply failed keeps the score it was given.
		fake.FailStructured(0)
		ans = c.chat(t, map[string]any{"conversationId": id, "message": "Was wäre Ihnen wichtig?"}, 200)
		if score := ans["score"].(map[string]any); score["source"] != "builtin" {
			t.Errorf("score source of the resend = %v, want the kept builtin", score["source"])
		}
		ans = c.chat(t, map[string]any{"conversationId": id, "message": "Was genau wäre Ihnen an einer Kasse wichtig?"}, 200)
		if score := ans["score"].(map[string]any); score["source"] != "model" {
			t.Errorf("score source = %v once the model scores, want model", score["source"])
		}
		ev = c.do("POST", "/api/conversations/"+id+"/evaluation", nil).must(t, 200).json(t)["evaluation"].(map[string]any)
		if ev["source"] != "model" {
			t.Errorf("evaluation source = %v once the model evaluates, want model", ev["source"])
		}
	})
}
