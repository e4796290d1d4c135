package openai

import (
	"strings"

	"salescoach"
	"salescoach/coach"
)

// SchemaAssessmentCriteria is the assessment schema of an answer to a
// scenario's custom objection: the move, the seven techniques, then one
// judgement per criterion (its text as an enum, met, a reason), then the
// score. The
// engine turns the judgements into criterion lines of the score detail
// and, when too few criteria are met (coach.EnoughCriteria), holds the
// objection (coach.Assessment.Holds) and caps the score below the win
// line, as the built-in trainer does.
const SchemaAssessmentCriteria = "assessment_criteria"

// capCriteriaMissing keeps an answer that misses criteria below
// training.GainSolve.
const capCriteriaMissing = 89

// criteriaSchema is the assessment schema for the criteria of o.
func criteriaSchema(o salescoach.Objection) responseFormat {
	return format(SchemaAssessmentCriteria, object(
		moveProp,
		techniquesProp,
		prop{"criteria", array(object(
			prop{"criterion", enum(o.Criteria)},
			prop{"reason", typ("string")},
			prop{"met", typ("boolean")},
		))},
		prop{"score", typ("integer")},
	))
}

// parseCriteria adds the model's judgement of o's criteria to a: a line
// per criterion in the scenario's order, and the hold when too few are
// met, on top of the move's (an answer that made its move settles nothing
// while criteria are missing). Each criterion must be judged exactly once.
func parseCriteria(content, lang string, o salescoach.Objection, a *coach.Assessment) error {
	var v struct {
		Criteria []struct {
			Criterion string `json:"criterion"`
			Met       *bool  `json:"met"`
			Reason    string `json:"reason"`
		} `json:"criteria"`
	}
	if err := decodeJSON(content, &v); err != nil {
		return err
	}
	type judged struct {
		met    bool
		reason string
	}
	byText := map[string]*judged{}
	for _, c := range v.Criteria {
		text := strings.TrimSpace(c.Criterion)
		known := false
		for _, want := range o.Criteria {
			known = known || want == text
		}
		switch {
		case !known:
			return invalid("criteria must use exactly the scenario's criteria")
		case byText[text] != nil:
			return invalid("criterion %q appears twice", text)
		case c.Met == nil:
			return invalid("criterion %q needs met", text)
		}
		reason := clean(c.Reason, maxReasonRunes)
		if reason == "" {
			return invalid("criterion %q needs a reason", text)
		}
		byText[text] = &judged{met: *c.Met, reason: reason}
	}
	met := 0
	for i, text := range o.Criteria {
		j := byText[text]
		if j == nil {
			return invalid("criteria must judge every criterion of the scenario")
		}
		if j.met {
			met++
		}
		a.Techniques = append(a.Techniques, salescoach.Technique{Key: coach.CriterionKey(i), Label: coach.CriterionLabel(lang, text),
			Shown: j.met, Reason: j.reason})
	}
	if !coach.EnoughCriteria(met, len(o.Criteria)) {
		a.Holds, a.Settles = true, false
		a.Score = min(a.Score, capCriteriaMissing)
	}
	return nil
}
