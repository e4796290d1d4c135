package coach

import (
	"strconv"

	"salescoach"
)

// Criteria of a scenario's custom objection (salescoach.Objection.Criteria)
// are judged by both engines by one rule, and shown in the score detail
// the same way: after the seven techniques, one line per criterion with
// the key CriterionKey(i) ("criterion1".."criterion5"), met or missing.

// EnoughCriteria reports whether met of total criteria overcome a custom
// objection: all of up to three, all but one of four or five.
func EnoughCriteria(met, total int) bool {
	if total <= 3 {
		return met >= total
	}
	return met >= total-1
}

// CriterionKey is the technique key of the i-th criterion (0-based).
func CriterionKey(i int) string { return "criterion" + strconv.Itoa(i+1) }

// CriterionLabel is the score detail's label of a criterion:
// 'Kriterium: Rechenzentrum in Frankfurt'.
func CriterionLabel(language, criterion string) string {
	if language == salescoach.LanguageEN {
		return "Criterion: " + criterion
	}
	return "Kriterium: " + criterion
}

// CustomObjection returns the custom objection of the chat's scenario that
// in.Objection names, or false for a catalogue chat or family.
func CustomObjection(in Input) (salescoach.Objection, bool) {
	sc := in.Scenario.Script
	if sc == nil {
		return salescoach.Objection{}, false
	}
	o, ok := sc.Objection(in.Objection)
	if !ok || !o.Custom() {
		return salescoach.Objection{}, false
	}
	return o, true
}
