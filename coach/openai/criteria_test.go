package openai_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"salescoach"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
)

// scriptInput is a chat whose current objection is a scenario's custom one
// with the given criteria.
func scriptInput(criteria ...string) coach.Input {
	in := input("de", "sie")
	in.Scenario.Script = &salescoach.Scenario{Title: "Cloud", Language: "de", Situation: salescoach.SituationColdCall, Product: product,
		Persona:    salescoach.Persona{Name: "Petra Lange", Buyer: salescoach.BuyerB2B, Formality: salescoach.FormalitySie},
		Objections: []salescoach.Objection{{Wordings: []string{"Keine Cloud für unsere Daten."}, Concern: "Ärger mit einem US-Anbieter.", Criteria: criteria}}}
	in.Objection, in.Objections = "custom1", []string{"custom1"}
	return in
}

// criteriaAnswer answers the criteria schema with the move, the seven
// techniques shown, score 95, and met per criterion.
func criteriaAnswer(move string, met map[string]bool) func(openaitest.Request) string {
	return func(openaitest.Request) string {
		var crits []string
		for c, m := range met {
			crits = append(crits, fmt.Sprintf(`{"criterion":%q,"reason":"Dazu steht nichts in der Antwort.","met":%v}`, c, m))
		}
		return `{"move":` + move + `,"techniques":` + techniquesJSON() + `,"criteria":[` + strings.Join(crits, ",") + `],"score":95}`
	}
}

// For a custom objection the model judges each criterion: the score detail
// lists them, and an answer missing one holds the objection below the win
// line whatever the model's score and move, at the move's own hold when it
// has one; meeting them all lets the score and the move's verdict stand.
func TestAssessJudgesCriteria(t *testing.T) {
	criteria := []string{"Rechenzentrum in Frankfurt", "Auftragsverarbeitungsvertrag nach DSGVO"}
	all := map[string]bool{criteria[0]: true, criteria[1]: true}
	one := map[string]bool{criteria[0]: true, criteria[1]: false}
	respond, explore := moveJSON("respond", true, "Gut beantwortet."), moveJSON("explore", true, "Gut gefragt.")
	for _, c := range []struct {
		move    string
		met     map[string]bool
		score   int
		settles bool
		holds   bool
		holdAt  int
	}{
		{respond, all, 95, true, false, 0},
		{respond, one, 89, false, true, 0},
		{explore, all, 95, false, true, 50},
		{explore, one, 89, false, true, 50},
	} {
		srv := openaitest.New(t)
		srv.OnSchema(openai.SchemaAssessmentCriteria, criteriaAnswer(c.move, c.met))
		e, _ := newEngine(t, srv)
		in := scriptInput(criteria...)
		in.Scenario.Script.Objections = append(in.Scenario.Script.Objections, salescoach.Objection{Family: "price"})
		in.Objections, in.Stage, in.TotalStages = []string{"custom1", "price"}, 1, 2
		a, _, err := e.Assess(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		if a.Score != c.score || a.Settles != c.settles || a.Holds != c.holds || a.HoldAt != c.holdAt {
			t.Errorf("%s, met %v: score %d settles %v holds %v at %d, want %d %v %v at %d", c.move, c.met, a.Score, a.Settles, a.Holds, a.HoldAt,
				c.score, c.settles, c.holds, c.holdAt)
		}
		if len(a.Techniques) != len(coach.RubricKeys)+len(criteria) {
			t.Fatalf("techniques %+v", a.Techniques)
		}
		for i, crit := range criteria {
			tech := a.Techniques[len(coach.RubricKeys)+i]
			if tech.Key != coach.CriterionKey(i) || tech.Label != "Kriterium: "+crit || tech.Shown != c.met[crit] {
				t.Errorf("criterion line %d = %+v", i, tech)
			}
		}
		reqs := srv.Requests()
		if len(reqs) != 1 || reqs[0].SchemaName() != openai.SchemaAssessmentCriteria || !strings.Contains(reqs[0].Text(), "Rechenzentrum in Frankfurt") {
			t.Errorf("requests %d, schema %q", len(reqs), reqs[0].SchemaName())
		}
	}
}

// A judgement that leaves out or invents a criterion is invalid output:
// asked again once, then the engine gives up.
func TestAssessCriteriaMustBeComplete(t *testing.T) {
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaAssessmentCriteria, criteriaAnswer(moveJSON("respond", true, "Gut."), map[string]bool{"Rechenzentrum in Frankfurt": true, "Erfunden": true}))
	e, _ := newEngine(t, srv)
	_, _, err := e.Assess(context.Background(), scriptInput("Rechenzentrum in Frankfurt", "Auftragsverarbeitungsvertrag nach DSGVO"))
	wantUnavailable(t, err, openai.MessageAssessment)
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("requests = %d, want 2 (one retry)", n)
	}
}

// The fake's example answer of the schema (every criterion met, the move
// explore made) is valid: the schema is strict and complete. A catalogue
// objection keeps the plain assessment schema.
func TestAssessCriteriaSchemaExample(t *testing.T) {
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv)
	a, _, err := e.Assess(context.Background(), scriptInput("A", "B", "C", "D"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Techniques) != 11 || a.Move == nil || a.Move.Expected != salescoach.MoveExplore || a.HoldAt != 50 {
		t.Errorf("techniques %d move %+v hold at %d", len(a.Techniques), a.Move, a.HoldAt)
	}
	for _, tech := range a.Techniques[len(coach.RubricKeys):] {
		if !tech.Shown {
			t.Errorf("criterion %+v not met in the example", tech)
		}
	}
	in := scriptInput("A")
	in.Scenario.Script.Objections = append(in.Scenario.Script.Objections, salescoach.Objection{Family: "price"})
	in.Objection = "price"
	if _, _, err := e.Assess(context.Background(), in); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if got := reqs[len(reqs)-1].SchemaName(); got != openai.SchemaAssessment {
		t.Errorf("a catalogue objection of a scenario used schema %q", got)
	}
}
