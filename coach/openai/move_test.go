package openai_test

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"salescoach"
	"salescoach/coach"
	"salescoach/coach/openai"
	"salescoach/coach/openai/openaitest"
	"salescoach/training"
)

// techniquesJSON is the seven techniques, all shown, as a model answers
// them.
func techniquesJSON() string {
	var techs []string
	for _, k := range coach.RubricKeys {
		techs = append(techs, fmt.Sprintf(`{"key":%q,"label":"x","reason":"Gut: „Verstehe ich“.","shown":true}`, k))
	}
	return `[` + strings.Join(techs, ",") + `]`
}

// moveAnswer is an assessment with the given move (raw JSON, or "" for
// none) and score.
func moveAnswer(move string, score int) string {
	if move == "" {
		return fmt.Sprintf(`{"techniques":%s,"score":%d}`, techniquesJSON(), score)
	}
	return fmt.Sprintf(`{"move":%s,"techniques":%s,"score":%d}`, move, techniquesJSON(), score)
}

func moveJSON(expected string, made bool, reason string) string {
	data, _ := json.Marshal(map[string]any{"expected": expected, "made": made, "reason": reason})
	return string(data)
}

// schemaObject is a decoded JSON schema object, as much as the tests read.
type schemaObject struct {
	Type                 string                     `json:"type"`
	Properties           map[string]json.RawMessage `json:"properties"`
	Required             []string                   `json:"required"`
	AdditionalProperties *bool                      `json:"additionalProperties"`
	Enum                 []string                   `json:"enum"`
}

func decodeSchema(t *testing.T, raw json.RawMessage) schemaObject {
	t.Helper()
	var s schemaObject
	if err := json.Unmarshal(raw, &s); err != nil {
		t.Fatalf("schema %s: %v", raw, err)
	}
	return s
}

// Both assessment schemas require a strict move object: expected one of
// the three moves, made a boolean, reason a string; the move comes first,
// so a model decides it before it lists techniques and grades.
func TestAssessSchemasRequireTheMove(t *testing.T) {
	srv := openaitest.New(t)
	e, _ := newEngine(t, srv)
	ctx := context.Background()
	if _, _, err := e.Assess(ctx, input("de", "sie")); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Assess(ctx, scriptInput("Rechenzentrum in Frankfurt")); err != nil {
		t.Fatal(err)
	}
	reqs := srv.Requests()
	if len(reqs) != 2 || reqs[0].SchemaName() != openai.SchemaAssessment || reqs[1].SchemaName() != openai.SchemaAssessmentCriteria {
		t.Fatalf("requests: %d", len(reqs))
	}
	for _, r := range reqs {
		name := r.SchemaName()
		root := decodeSchema(t, r.ResponseFormat.Schema)
		if !slices.Contains(root.Required, "move") || root.Properties["move"] == nil {
			t.Fatalf("%s: move is not a required property: %s", name, r.ResponseFormat.Schema)
		}
		if m, tq := strings.Index(string(r.ResponseFormat.Schema), `"move"`), strings.Index(string(r.ResponseFormat.Schema), `"techniques"`); m < 0 || m > tq {
			t.Errorf("%s: move does not come before techniques", name)
		}
		move := decodeSchema(t, root.Properties["move"])
		if move.Type != "object" || move.AdditionalProperties == nil || *move.AdditionalProperties {
			t.Errorf("%s: move is not a closed object: %+v", name, move)
		}
		if want := []string{"expected", "made", "reason"}; !slices.Equal(move.Required, want) {
			t.Errorf("%s: move requires %v, want %v", name, move.Required, want)
		}
		if got := decodeSchema(t, move.Properties["expected"]).Enum; !slices.Equal(got, []string{"explore", "respond", "advance"}) {
			t.Errorf("%s: move.expected enum %v", name, got)
		}
		if got := decodeSchema(t, move.Properties["made"]).Type; got != "boolean" {
			t.Errorf("%s: move.made is %q", name, got)
		}
		if got := decodeSchema(t, move.Properties["reason"]).Type; got != "string" {
			t.Errorf("%s: move.reason is %q", name, got)
		}
	}
}

// An answer without a usable move is invalid output: asked again once
// with a note that names the problem, then the assessment fails as for
// any invalid output.
func TestAssessMoveIsValidated(t *testing.T) {
	for name, c := range map[string]struct{ move, problem string }{
		"no move":          {"", "move is required"},
		"null move":        {"null", "move is required"},
		"unknown expected": {moveJSON("pitch", true, "Gut gepitcht."), "move.expected must be one of explore, respond, advance"},
		"empty expected":   {moveJSON("", true, "Gut."), "move.expected must be one of"},
		"no made":          {`{"expected":"explore","reason":"Gut gefragt."}`, "move needs made"},
		"blank reason":     {moveJSON("explore", true, "  \n "), "move needs a reason"},
	} {
		t.Run(name, func(t *testing.T) {
			srv := openaitest.New(t)
			srv.OnSchema(openai.SchemaAssessment, func(openaitest.Request) string { return moveAnswer(c.move, 90) })
			e, _ := newEngine(t, srv)
			_, _, err := e.Assess(context.Background(), input("de", "sie"))
			wantUnavailable(t, err, openai.MessageAssessment)
			reqs := srv.Requests()
			if len(reqs) != 2 {
				t.Fatalf("%d requests, want 2 (one retry)", len(reqs))
			}
			if retry := reqs[1].Messages[len(reqs[1].Messages)-1].Content; !strings.Contains(retry, c.problem) {
				t.Errorf("the retry does not name the problem %q:\n%s", c.problem, retry)
			}
		})
	}

	// A valid move on the retry is taken.
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaAssessment, inTurn(moveAnswer("", 90), moveAnswer(moveJSON("explore", true, "Gut gefragt."), 88)))
	e, _ := newEngine(t, srv)
	a, _, err := e.Assess(context.Background(), input("de", "sie"))
	if err != nil || a.Move == nil || a.Move.Expected != salescoach.MoveExplore || a.Score != 88 {
		t.Fatalf("Assess after a retry = %+v, %v", a, err)
	}
}

// The move is kept as the model judged it, tidied: expected in lower case,
// the reason trimmed and at most 300 characters.
func TestAssessKeepsTheMove(t *testing.T) {
	long := strings.Repeat("Jetzt war Nachfragen dran – gut gemacht. ", 20)
	for _, c := range []struct {
		move string
		want salescoach.Move
	}{
		{moveJSON(" Respond ", false, "  Jetzt war die Antwort auf die Sorge dran: Das Budget bis Jahresende ist noch offen.  "),
			salescoach.Move{Expected: "respond", Made: false, Reason: "Jetzt war die Antwort auf die Sorge dran: Das Budget bis Jahresende ist noch offen."}},
		{moveJSON("explore", true, long), salescoach.Move{Expected: "explore", Made: true}},
	} {
		srv := openaitest.New(t)
		srv.OnSchema(openai.SchemaAssessment, func(openaitest.Request) string { return moveAnswer(c.move, 70) })
		e, _ := newEngine(t, srv)
		a, _, err := e.Assess(context.Background(), input("de", "sie"))
		if err != nil {
			t.Fatal(err)
		}
		m := a.Move
		if m == nil || m.Expected != c.want.Expected || m.Made != c.want.Made {
			t.Fatalf("move = %+v, want %+v", m, c.want)
		}
		if c.want.Reason != "" {
			if m.Reason != c.want.Reason {
				t.Errorf("reason = %q, want %q", m.Reason, c.want.Reason)
			}
		} else if n := utf8.RuneCountInString(m.Reason); n > 300 || n < 200 || !strings.HasPrefix(m.Reason, "Jetzt war") {
			t.Errorf("long reason cut to %d runes: %q", n, m.Reason)
		}
	}
}

// The move decides what the answer does to the objection: an exploring
// answer holds it at 50 however good, a met concern settles a middle
// objection but holds the chat's last one until the advance, a missed
// concern holds at 80, and only the advance (or a met concern before the
// last objection) settles. The model's score stands in every case.
func TestAssessMoveSettlesOrHolds(t *testing.T) {
	cases := []struct {
		expected     string
		made         bool
		stage, total int
		settles      bool
		holds        bool
		holdAt       int
	}{
		{"explore", true, 1, 2, false, true, 50},
		{"explore", false, 1, 2, false, true, 50},
		{"explore", true, 2, 2, false, true, 50},
		{"respond", true, 1, 2, true, false, 0},
		{"respond", true, 2, 3, true, false, 0},
		{"respond", true, 2, 2, false, true, 0},
		{"respond", true, 1, 1, false, true, 0},
		{"respond", false, 1, 2, false, true, 80},
		{"respond", false, 2, 2, false, true, 80},
		{"advance", true, 2, 2, true, false, 0},
		{"advance", true, 1, 2, true, false, 0},
		{"advance", false, 2, 2, false, true, 0},
	}
	for _, c := range cases {
		name := fmt.Sprintf("%s made=%v stage %d of %d", c.expected, c.made, c.stage, c.total)
		srv := openaitest.New(t)
		srv.OnSchema(openai.SchemaAssessment, func(openaitest.Request) string {
			return moveAnswer(moveJSON(c.expected, c.made, "Begründung."), 86)
		})
		e, _ := newEngine(t, srv)
		in := input("de", "sie")
		in.Stage, in.TotalStages = c.stage, c.total
		a, _, err := e.Assess(context.Background(), in)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if a.Settles != c.settles || a.Holds != c.holds || a.HoldAt != c.holdAt || a.Score != 86 {
			t.Errorf("%s: settles %v holds %v at %d score %d, want %v %v at %d score 86", name, a.Settles, a.Holds, a.HoldAt, a.Score,
				c.settles, c.holds, c.holdAt)
		}
	}
}

// A chat's last objection played through the training service's rule:
// a good question gets it half way, the answer to the told concern to 90,
// and only the next step wins it; a missed concern never passes 80.
func TestMovesThroughTheLastObjection(t *testing.T) {
	steps := []struct {
		expected string
		made     bool
		score    int
		want     int
	}{
		{"explore", true, 92, 50},
		{"respond", false, 60, 80},
		{"respond", false, 70, 80},
		{"respond", true, 90, 90},
		{"advance", false, 40, 90},
		{"advance", true, 88, 100},
	}
	var answers []string
	for _, s := range steps {
		answers = append(answers, moveAnswer(moveJSON(s.expected, s.made, "Begründung."), s.score))
	}
	srv := openaitest.New(t)
	srv.OnSchema(openai.SchemaAssessment, inTurn(answers...))
	e, _ := newEngine(t, srv)
	in := input("en", "du")
	in.Stage, in.TotalStages = 1, 1
	progress := 0
	for n, s := range steps {
		a, _, err := e.Assess(context.Background(), in)
		if err != nil {
			t.Fatal(err)
		}
		progress = training.Advance(progress, a)
		if progress != s.want {
			t.Errorf("step %d (%s made=%v, score %d): progress %d, want %d", n, s.expected, s.made, s.score, progress, s.want)
		}
	}
}
