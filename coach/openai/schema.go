package openai

import (
	"encoding/json"
	"math"
	"strings"

	"salescoach"
	"salescoach/coach"
)

// The names of the JSON schemas the engine sends as
// response_format.json_schema.name; a fake server answers by them.
const (
	SchemaAssessment = "assessment"
	SchemaEvaluation = "evaluation"
	SchemaHint       = "hint"
	SchemaPerfect    = "perfect_answer"
	SchemaSummary    = "product_summary"
)

// Caps on what is kept of a model's strings and lists: a runaway model must
// not fill the UI.
const (
	maxReasonRunes       = 400
	maxMoveReasonRunes   = 300
	maxCommentRunes      = 600
	maxIntroRunes        = 800
	maxTipRunes          = 1_000
	maxListItemRunes     = 400
	maxImprovements      = 5
	maxTopPoints         = 3
	techniqueCount       = 7
	evaluationCategories = 6
)

// schemas holds each schema by language, built once. They are written out
// as ordered JSON rather than marshalled maps because a model fills the
// fields in schema order: the move the moment called for comes first (the
// score judges it), then the techniques with their reasons, then the
// score, and comments before category scores, so the model reasons before
// it grades. Strict mode needs every property required and no additional
// properties; ranges are checked after decoding rather than with
// minimum/maximum, which not every server's grammar supports.
var schemas = map[string]map[string]responseFormat{}

func init() {
	for _, lang := range []string{salescoach.LanguageDE, salescoach.LanguageEN} {
		schemas[lang] = map[string]responseFormat{
			SchemaHint:       format(SchemaHint, object(prop{"tip", typ("string")})),
			SchemaPerfect:    format(SchemaPerfect, object(prop{"message", typ("string")})),
			SchemaSummary:    format(SchemaSummary, object(prop{"summary", typ("string")})),
			SchemaAssessment: format(SchemaAssessment, object(moveProp, techniquesProp, prop{"score", typ("integer")})),
			SchemaEvaluation: format(SchemaEvaluation, object(
				prop{"intro", typ("string")},
				prop{"scores", array(object(
					prop{"category", enum(coach.Categories[lang])},
					prop{"comment", typ("string")},
					prop{"score", typ("integer")},
				))},
				prop{"improvements", array(typ("string"))},
				prop{"top_points", array(typ("string"))},
			)),
		}
	}
}

// Moves are the values of an assessment's move.expected, in the order of
// a chat: explore, respond, advance.
var Moves = []string{salescoach.MoveExplore, salescoach.MoveRespond, salescoach.MoveAdvance}

// moveProp is an assessment's required move: the move the moment called
// for, whether the answer made it, and why, in words for the seller.
var moveProp = prop{"move", object(
	prop{"expected", enum(Moves)},
	prop{"made", typ("boolean")},
	prop{"reason", typ("string")},
)}

// techniquesProp is an assessment's seven techniques (coach.RubricKeys),
// the detail the score lists under the move.
var techniquesProp = prop{"techniques", array(object(
	prop{"key", enum(coach.RubricKeys)},
	prop{"label", typ("string")},
	prop{"reason", typ("string")},
	prop{"shown", typ("boolean")},
))}

func schemaFor(name, lang string) responseFormat {
	if lang != salescoach.LanguageEN {
		lang = salescoach.LanguageDE
	}
	return schemas[lang][name]
}

type prop struct {
	name   string
	schema string
}

func format(name, schema string) responseFormat {
	return responseFormat{Type: "json_schema", JSONSchema: &jsonSchema{Name: name, Strict: true, Schema: json.RawMessage(schema)}}
}

func object(props ...prop) string {
	var b strings.Builder
	names := make([]string, len(props))
	b.WriteString(`{"type":"object","properties":{`)
	for i, p := range props {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(quote(p.name))
		b.WriteByte(':')
		b.WriteString(p.schema)
		names[i] = p.name
	}
	b.WriteString(`},"required":`)
	b.WriteString(marshal(names))
	b.WriteString(`,"additionalProperties":false}`)
	return b.String()
}

func typ(t string) string          { return `{"type":` + quote(t) + `}` }
func array(items string) string    { return `{"type":"array","items":` + items + `}` }
func enum(values []string) string  { return `{"type":"string","enum":` + marshal(values) + `}` }
func quote(s string) string        { return marshal(s) }
func marshal(v any) string         { b, _ := json.Marshal(v); return string(b) }
func clean(s string, n int) string { return cut(strings.TrimSpace(s), n) }

// decodeJSON reads a model's answer into v. Servers without strict schema
// support sometimes wrap the object in a Markdown fence or prefix a
// <think> block; both are peeled off before decoding.
func decodeJSON(content string, v any) error {
	s := strings.TrimSpace(content)
	if strings.HasPrefix(s, thinkOpen) {
		if i := strings.Index(s, thinkClose); i >= 0 {
			s = strings.TrimSpace(s[i+len(thinkClose):])
		}
	}
	if !strings.HasPrefix(s, "{") {
		i, j := strings.IndexByte(s, '{'), strings.LastIndexByte(s, '}')
		if i < 0 || j < i {
			return invalid("the answer is not a JSON object")
		}
		s = s[i : j+1]
	}
	if err := json.Unmarshal([]byte(s), v); err != nil {
		return invalid("the answer is not valid JSON for the schema")
	}
	return nil
}

func parseText(content, field string) (string, error) {
	var v map[string]any
	if err := decodeJSON(content, &v); err != nil {
		return "", err
	}
	s, _ := v[field].(string)
	s = strings.TrimSpace(s)
	if s == "" {
		return "", invalid("%q must be a non-empty string", field)
	}
	return s, nil
}

// percent reads a 0..100 score. Models sometimes write 85.0; a fraction is
// rounded, anything outside the range or missing is invalid.
func percent(f *float64, what string) (int, error) {
	if f == nil || math.IsNaN(*f) || *f < 0 || *f > 100 {
		return 0, invalid("%s must be an integer from 0 to 100", what)
	}
	return round(*f), nil
}

func parseAssessment(content, lang string) (*coach.Assessment, error) {
	var v struct {
		Move *struct {
			Expected string `json:"expected"`
			Made     *bool  `json:"made"`
			Reason   string `json:"reason"`
		} `json:"move"`
		Score      *float64 `json:"score"`
		Techniques []struct {
			Key    string `json:"key"`
			Shown  *bool  `json:"shown"`
			Reason string `json:"reason"`
		} `json:"techniques"`
	}
	if err := decodeJSON(content, &v); err != nil {
		return nil, err
	}
	score, err := percent(v.Score, "score")
	if err != nil {
		return nil, err
	}
	if v.Move == nil {
		return nil, invalid("move is required: expected, made and reason")
	}
	move := &salescoach.Move{Expected: strings.ToLower(strings.TrimSpace(v.Move.Expected)), Reason: clean(v.Move.Reason, maxMoveReasonRunes)}
	switch {
	case !salescoach.ValidMove(move.Expected):
		return nil, invalid("move.expected must be one of %s", strings.Join(Moves, ", "))
	case v.Move.Made == nil:
		return nil, invalid("move needs made")
	case move.Reason == "":
		return nil, invalid("move needs a reason")
	}
	move.Made = *v.Move.Made
	byKey := map[string]salescoach.Technique{}
	for _, t := range v.Techniques {
		key := strings.ToLower(strings.TrimSpace(t.Key))
		label := coach.RubricLabel(lang, key)
		switch {
		case label == "":
			return nil, invalid("techniques must use exactly the keys %s", strings.Join(coach.RubricKeys, ", "))
		case byKey[key].Key != "":
			return nil, invalid("technique %q appears twice", key)
		case t.Shown == nil:
			return nil, invalid("technique %q needs shown", key)
		}
		reason := clean(t.Reason, maxReasonRunes)
		if reason == "" {
			return nil, invalid("technique %q needs a reason", key)
		}
		// The label is ours, not the model's: the UI shows the same names
		// whichever engine scored.
		byKey[key] = salescoach.Technique{Key: key, Label: label, Shown: *t.Shown, Reason: reason}
	}
	if len(byKey) != techniqueCount {
		return nil, invalid("techniques must list all seven keys %s", strings.Join(coach.RubricKeys, ", "))
	}
	a := &coach.Assessment{Score: score, Techniques: make([]salescoach.Technique, 0, techniqueCount), Move: move}
	for _, k := range coach.RubricKeys {
		a.Techniques = append(a.Techniques, byKey[k])
	}
	return a, nil
}

func parseEvaluation(content, lang string) (*coach.Evaluation, error) {
	if lang != salescoach.LanguageEN {
		lang = salescoach.LanguageDE
	}
	var v struct {
		Intro  string `json:"intro"`
		Scores []struct {
			Category string   `json:"category"`
			Score    *float64 `json:"score"`
			Comment  string   `json:"comment"`
		} `json:"scores"`
		Improvements []string `json:"improvements"`
		TopPoints    []string `json:"top_points"`
	}
	if err := decodeJSON(content, &v); err != nil {
		return nil, err
	}
	names := coach.Categories[lang]
	ev := &coach.Evaluation{Intro: clean(v.Intro, maxIntroRunes), Scores: make([]coach.CategoryScore, len(names))}
	if ev.Intro == "" {
		return nil, invalid("intro must not be empty")
	}
	seen := make([]bool, len(names))
	for _, s := range v.Scores {
		i := categoryIndex(s.Category)
		switch {
		case i < 0:
			return nil, invalid("scores must use exactly the categories %s", strings.Join(names, ", "))
		case seen[i]:
			return nil, invalid("category %q appears twice", names[i])
		}
		score, err := percent(s.Score, "every category score")
		if err != nil {
			return nil, err
		}
		comment := clean(s.Comment, maxCommentRunes)
		if comment == "" {
			return nil, invalid("category %q needs a comment", names[i])
		}
		seen[i] = true
		ev.Scores[i] = coach.CategoryScore{Category: names[i], Score: score, Comment: comment}
	}
	total := 0
	for i, ok := range seen {
		if !ok {
			return nil, invalid("scores must list all six categories: %q is missing", names[i])
		}
		total += ev.Scores[i].Score
	}
	ev.TotalPercent = round(float64(total) / float64(len(names)))
	ev.Improvements = cleanList(v.Improvements, maxImprovements)
	ev.TopPoints = cleanList(v.TopPoints, maxTopPoints)
	return ev, nil
}

// categoryIndex finds a category by name in either language (a model may
// answer in the other one when the server does not enforce the enum),
// ignoring case and spacing.
func categoryIndex(name string) int {
	norm := func(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }
	n := norm(name)
	for _, lang := range []string{salescoach.LanguageDE, salescoach.LanguageEN} {
		for i, c := range coach.Categories[lang] {
			if norm(c) == n {
				return i
			}
		}
	}
	return -1
}

// cleanList trims the items, drops empty ones and keeps at most n, so that
// the list is never nil (the API answers [] rather than null).
func cleanList(items []string, n int) []string {
	out := make([]string, 0, min(len(items), n))
	for _, s := range items {
		if s = clean(s, maxListItemRunes); s != "" && len(out) < n {
			out = append(out, s)
		}
	}
	return out
}
