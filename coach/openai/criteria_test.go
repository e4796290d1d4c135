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

// criteriaAnswer answers the criteria schema with the seven techniques
// shown, score 95, and met per criterion.
func criteriaAnswer(met map[string]bool) func(openaitest.Request) string {
	return func(openaitest.Request) string {
		var techs, crits []string
		for _, k := range coach.RubricKeys {
			techs = append(techs, fmt.Sprintf(`{"key":%q,"label":"x","reason":"Gut: „Verstehe ich“.","shown":true}`, k))
		}
		for c, m := range met {
			crits = append(crits, fmt.Sprintf(`{"criterion":%q,"reason":"Dazu steht nichts in der Antwort.","met":%v}`, c, m))
		}
		return `{"techniques":[` + strings.Join(techs, ",") + `],"criteria":[` + strings.Join(crits, ",") + `],"score":95}`
	}
}

// For a custom objection the model judges each criterion: the score detail
// lists them, and an answer missing one holds the objection below the win
// line whatever the model's score; meeting them all lets the score stand.
func TestAssessJudgesCriteria(t *testing.T) {
	criteria := []string{"Rechenzentrum in Frankfurt", "Auftragsverarbeitungsvertrag nach DSGVO"}
	for _, c := range []struct {
		met       map[string]bool
		score     int
		holds     bool
		shownKeys []string
	}{
		{map[string]bool{criteria[0]: true, criteria[1]: true}, 95, false, []string{"criterion1", "criterion2"}},
		{map[string]bool{criteria[0]: true, criteria[1]: false}, 89, true, []string{"criterion1"}},
	} {
		srv := openaitest.New(t)
		srv.OnSchema(openai.SchemaAssessmentCriteria, criteriaAnswer(c.met))
		e, _ := newEngine(t, srv)
		a, _, err := e.Assess(context.Background(), scriptInput(criteria...))
		if err != nil {
			t.Fatal(err)
		}
		if a.Score != c.score || a.Holds != c.holds {
			t.Errorf("met %v: score %d holds %v, want %d %v", c.met, a.Score, a.Holds, c.score, c.holds)
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
	srv.OnSchema(openai.SchemaAssessmentCriteria, criteriaAnswer(map[string]bool{"Rechenzentrum in Frankfurt": true, "Erfunden": true}))
	e, _ := newEngine(t, srv)
	_, _, err := e.Assess(context.Background(), scriptInput("Rechenzentrum in Frankfurt", "Auftragsverarbeitungsvertrag nach DSGVO"))
	wantUnavailable(t, err, openai.MessageAssessment)
	if n := len(srv.Requests()); n != 2 {
		t.Errorf("requests = %d, want 2 (one retry)", n)
	}
}

// The fake's example answer of the schema (every criterion met) is valid:
// the schema is strict and complete. A catalogue objection keeps the plain
// assessment schema.
func TestAssessCriteriaSchemaExample(t *testing.T) {
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv)
	a, _, err := e.Assess(context.Background(), scriptInput("A", "B", "C", "D"))
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Techniques) != 11 || a.Holds {
		t.Errorf("techniques %d holds %v", len(a.Techniques), a.Holds)
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
