package trainer

import (
	"fmt"
	"strconv"
	"strings"

	"salescoach"
	"salescoach/coach"
)

// Criteria of a custom objection: the facts or arguments, in plain words,
// that a good answer must contain ("Rechenzentrum in Frankfurt",
// "Kündigung monatlich möglich", "Amortisation unter 3 Jahren").
//
// A criterion is matched by its key content words: every word of it that
// is no function word (stopwords of data/lexicon.json) and no weak word
// (weak_words of data/scenario.json: "möglich", "unter", "can", …).
// A word matches an answer's word with the same stem (one common German or
// English ending stripped: "Kündigung"/"kündigen", "Rechenzentrum"/
// "Rechenzentren"), as the start of a compound ("Frankfurter"), or through
// a small synonym table (data/scenario.json: "kündbar", "cancel", "rechnet
// sich" for "Amortisation"); a number only as the same number (3, drei,
// three). A criterion with up to three key words needs all of them in the
// answers to the objection; with four or more, all but one, but every
// number. Questions and unfinished sentences (placeholders) give nothing.
//
// The objection is overcome only when enough criteria are met (all of up
// to three criteria, all but one of four or five), counted over the real
// answers to it (the customer remembers what was said); until then the
// assessment holds (coach.Assessment.Holds) and the score stays below the
// win line, however well-built the answer.

// criterion is one criterion of a custom objection, compiled.
type criterion struct {
	text  string
	terms []term
}

// term is one key word of a criterion.
type term struct {
	word   string // folded word, or the number's digits
	stem   string
	number bool
	syn    []matcher // the entries of its synonym group, or nil
	// reference: the word asks for a reference ("Referenz …"), which a
	// named customer or person meets whatever the word.
	reference bool
	// cmp is "le" for a number after "unter", "höchstens", "within" …
	// ("Amortisation unter 3 Jahren": 2,5 meets it), "ge" after "über",
	// "mindestens", "at least" …, "" for the same number only.
	cmp string
}

var (
	weakWords = func() map[string]bool {
		m := map[string]bool{}
		for _, w := range scenarioData.WeakWords {
			m[w] = true
		}
		return m
	}()
	synonymGroups = func() [][]matcher {
		var out [][]matcher
		for _, g := range scenarioData.Synonyms {
			out = append(out, compile(g))
		}
		return out
	}()
	// spelledNumbers spell numbers out; a criterion's number matches them.
	spelledNumbers = map[string]string{
		"zwei": "2", "drei": "3", "vier": "4", "fuenf": "5", "sechs": "6", "sieben": "7", "acht": "8",
		"neun": "9", "zehn": "10", "elf": "11", "zwoelf": "12", "zwanzig": "20", "dreissig": "30",
		"hundert": "100", "two": "2", "three": "3", "four": "4", "five": "5", "six": "6", "seven": "7",
		"eight": "8", "nine": "9", "ten": "10", "eleven": "11", "twelve": "12", "twenty": "20",
		"thirty": "30", "hundred": "100",
	}
	// stemEndings are stripped (one, the longest that fits) to find a
	// word's stem.
	stemEndings = []string{"isierung", "isation", "ierung", "ungen", "ation", "ieren", "ierte", "iert", "lich",
		"keit", "heit", "ung", "ing", "ern", "en", "er", "es", "ed", "em", "e", "n", "s"}
)

// stem strips one common ending of a folded word, keeping at least four
// letters.
func stem(w string) string {
	for _, e := range stemEndings {
		if strings.HasSuffix(w, e) && len(w)-len(e) >= 4 {
			return w[:len(w)-len(e)]
		}
	}
	return w
}

func newCriterion(text string) criterion {
	cr := criterion{text: text}
	seen := map[string]bool{}
	add := func(w string, strict bool) {
		num := strings.ContainsAny(w, "0123456789")
		if n, ok := spelledNumbers[w]; ok {
			w, num = n, true
		}
		if strict && !num && (len(w) < 3 || stopwords[w] || weakWords[w]) {
			return
		}
		if w == "%" || w == "€" || w == "$" {
			return
		}
		key := w
		if !num {
			key = stem(w)
		}
		if seen[key] {
			return
		}
		seen[key] = true
		t := term{word: w, stem: key, number: num}
		if !num {
			t.syn = synonymsOf(w)
		}
		cr.terms = append(cr.terms, t)
	}
	toks := tokens(text)
	for i, w := range toks {
		add(w, true)
		if len(cr.terms) == 0 {
			continue
		}
		t := &cr.terms[len(cr.terms)-1]
		switch {
		case t.number && i > 0 && lessWords[toks[i-1]]:
			t.cmp = "le"
		case t.number && i > 0 && moreWords[toks[i-1]]:
			t.cmp = "ge"
		case !t.number && referenceStems[t.stem]:
			t.reference = true
		}
	}
	if len(cr.terms) == 0 {
		// Only function words ("Ja, sofort"): then every word counts.
		for _, w := range tokens(text) {
			add(w, false)
		}
	}
	return cr
}

var (
	// lessWords before a number make it a limit from above, moreWords from
	// below.
	lessWords = map[string]bool{"unter": true, "weniger": true, "hoechstens": true, "maximal": true, "max": true, "bis": true,
		"innerhalb": true, "binnen": true, "under": true, "less": true, "within": true, "below": true, "most": true, "to": true}
	moreWords = map[string]bool{"ueber": true, "mehr": true, "mindestens": true, "min": true, "over": true, "more": true,
		"above": true, "least": true}
	// referenceStems are the stems of the words that ask for a reference.
	referenceStems = map[string]bool{"referenz": true, "referenzkund": true, "referenzkunde": true, "reference": true, "referenc": true,
		"kundenbeispiel": true, "referenzen": true}
)

// compares reports a number among toks within the term's limit.
func (t term) compares(toks []string) bool {
	limit, err := strconv.ParseFloat(strings.ReplaceAll(t.word, ",", "."), 64)
	if err != nil || t.cmp == "" {
		return false
	}
	for _, x := range toks {
		if n, ok := spelledNumbers[x]; ok {
			x = n
		}
		v, err := strconv.ParseFloat(strings.ReplaceAll(x, ",", "."), 64)
		if err != nil {
			continue
		}
		if t.cmp == "le" && v <= limit || t.cmp == "ge" && v >= limit {
			return true
		}
	}
	return false
}

// synonymsOf returns the entries of the synonym group a word belongs to.
func synonymsOf(w string) []matcher {
	n := " " + w + " "
	for _, g := range synonymGroups {
		if has(n, g) {
			return g
		}
	}
	return nil
}

// entries are the criterion's words as lexicon entries: what shows that
// an answer deals with it.
func (cr criterion) entries() []string {
	var out []string
	for _, t := range cr.terms {
		if t.number || len(t.stem) < 4 {
			continue
		}
		out = append(out, t.stem+"*")
		for _, m := range t.syn {
			out = append(out, m.raw)
		}
	}
	return out
}

// stemMatch reports whether an answer's folded word has the stem s: the
// same stem, one a prefix of the other by at most three letters, or s at
// the start of a compound or inside one.
func stemMatch(s, tok string) bool {
	if isDigits(tok) {
		return false
	}
	st := stem(tok)
	if st == s || tok == s {
		return true
	}
	short, long := s, st
	if len(short) > len(long) {
		short, long = long, short
	}
	if len(short) >= 5 && strings.HasPrefix(long, short) && len(long)-len(short) <= 3 {
		return true
	}
	return len(s) >= 6 && strings.Contains(tok, s)
}

// in reports the term among the tokens of a sentence (n its matching form).
func (t term) in(toks []string, n string) bool {
	for _, x := range toks {
		if t.number {
			if x == t.word || spelledNumbers[x] == t.word {
				return true
			}
			continue
		}
		if stemMatch(t.stem, x) {
			return true
		}
	}
	return !t.number && has(n, t.syn)
}

// enough reports whether the found terms meet the criterion: all of up to
// three, all but one of more, and every number.
func (cr criterion) enough(found []bool) bool {
	missing := 0
	for k, f := range found {
		if f {
			continue
		}
		if cr.terms[k].number {
			return false
		}
		missing++
	}
	if len(cr.terms) <= 3 {
		return missing == 0
	}
	return missing <= 1
}

// meet tells whether the sentences meet the criterion, and the seller's
// words that do (a short span, or the sentence that holds most of it).
func (cr criterion) meet(sents []sentence) (bool, string, string) {
	found := make([]bool, len(cr.terms))
	var best sentence
	bestHits := 0
	for _, s := range sents {
		toks := strings.Fields(s.Norm)
		hits := 0
		named := namesSomeone(s)
		// "Referenz Frischelogistik Bauer": the named customer given is the
		// reference asked for.
		others := true
		for _, t := range cr.terms {
			if !t.reference && !t.in(toks, s.Norm) {
				others = false
			}
		}
		for k, t := range cr.terms {
			if t.in(toks, s.Norm) || t.reference && (named || others && len(cr.terms) > 1) || t.number && t.compares(toks) {
				found[k] = true
				hits++
			}
		}
		if hits > bestHits {
			best, bestHits = s, hits
		}
	}
	if bestHits == 0 || !cr.enough(found) {
		return false, "", ""
	}
	return true, best.Text, cr.span(best)
}

// span is the seller's own words in s from the first to the last word of
// the criterion, when that is short enough to take up (2..6 words), else
// "".
func (cr criterion) span(s sentence) string {
	fields := strings.Fields(s.Text)
	first, last := -1, -1
	for i, f := range fields {
		toks := tokens(f)
		if len(toks) == 0 {
			continue
		}
		for _, t := range cr.terms {
			if t.in(toks, " "+strings.Join(toks, " ")+" ") {
				if first < 0 {
					first = i
				}
				last = i
				break
			}
		}
	}
	if first < 0 || last-first+1 > 6 {
		return ""
	}
	if last == first {
		// One word: with its neighbour it reads as the seller's phrase.
		if first > 0 {
			first--
		} else if last+1 < len(fields) {
			last++
		}
	}
	return strings.Trim(strings.Join(fields[first:last+1], " "), " .,;:!?\"„“”–-")
}

// giving are the sentences of an answer that can give a fact: no
// question, no unfinished sentence of a model answer.
func giving(ss []sentence) []sentence {
	var out []sentence
	for _, s := range ss {
		if placeholderRE.MatchString(s.Text) || isQuestion(s) {
			continue
		}
		out = append(out, s)
	}
	return out
}

// criterionState is one criterion in a chat: met, and by which words.
type criterionState struct {
	text  string
	met   bool
	quote string // the seller's sentence that met it
	span  string // a few of the seller's words that met it, or "-"
}

// criteriaAt tells, for the custom objection key, which criteria the real
// answers to it up to history index i (the answer at i included) met.
func (c *chat) criteriaAt(i int, key string) []criterionState {
	co := c.customOf(key)
	if co == nil {
		return nil
	}
	out := make([]criterionState, len(co.criteria))
	for k := range out {
		out[k].text = co.criteria[k].text
	}
	var idx []int
	for _, t := range c.sellerTurns() {
		if t.family == key && t.index <= i {
			idx = append(idx, t.index)
		}
	}
	if i >= 0 && i < len(c.in.History) && isSeller(c.in.History[i].Role) && key == c.family &&
		(len(idx) == 0 || idx[len(idx)-1] != i) {
		idx = append(idx, i)
	}
	for _, j := range idx {
		a := c.analyseAt(j, key)
		if a.void != "" || a.offTopic {
			continue
		}
		sents := giving(a.sents)
		for k, cr := range co.criteria {
			if out[k].met {
				continue
			}
			if ok, q, sp := cr.meet(sents); ok {
				out[k].met, out[k].quote, out[k].span = true, q, sp
				if sp == "" {
					out[k].span = "-"
				}
			}
		}
	}
	return out
}

// enoughCriteria applies the rule: all of up to three criteria, all but
// one of four or five.
func enoughCriteria(st []criterionState) bool {
	met := 0
	for _, s := range st {
		if s.met {
			met++
		}
	}
	return coach.EnoughCriteria(met, len(st))
}

// scriptMet is metConditions for a custom objection: per criterion the
// seller's words that met it ("" when not met).
func (c *chat) scriptMet(i int) []string {
	st := c.criteriaAt(i, c.family)
	out := make([]string, len(st))
	for k, s := range st {
		if s.met {
			out[k] = s.span
		}
	}
	return out
}

// scriptAddresses is addresses for a custom objection: the answer's
// sentence that meets a criterion or names what one asks for; "" when
// none does.
func (c *chat) scriptAddresses(a *analysis, co *customObjection) string {
	for _, s := range a.sents {
		if placeholderRE.MatchString(s.Text) || !realSentence(s) || isQuestion(s) {
			continue
		}
		for _, cr := range co.criteria {
			if ok, _, _ := cr.meet([]sentence{s}); ok {
				return s.Text
			}
		}
	}
	for _, s := range a.sents {
		if placeholderRE.MatchString(s.Text) || !realSentence(s) || isQuestion(s) {
			continue
		}
		if has(s.Norm, co.words.Handling.m) {
			return s.Text
		}
	}
	return ""
}

// judgeCriteria applies a custom objection's criteria to the assessment of
// the answer at history index i: one technique line per criterion (met or
// missing), and the objection holds, the score below the win line, until
// enough criteria are met; in strict chats also until the customer told
// the concern and this answer deals with it.
func (c *chat) judgeCriteria(i int, a *analysis, as *coach.Assessment) {
	if c.customOf(c.family) == nil {
		return
	}
	st := c.criteriaAt(i, c.family)
	as.Techniques = append(as.Techniques, c.criteriaTechniques(st)...)
	ok := enoughCriteria(st) && a.void == "" && !a.offTopic
	if ok && c.strict() {
		ok = a.revealed && a.concern != ""
	}
	if !ok {
		as.Holds = true
		as.Score = min(as.Score, capHeld)
	}
}

// criteriaTechniques are the technique lines of the criteria: keys
// "criterion1".."criterion5", after the seven techniques.
func (c *chat) criteriaTechniques(st []criterionState) []salescoach.Technique {
	lang := c.v.Lang
	t := scenarioData.Criterion
	out := make([]salescoach.Technique, 0, len(st))
	for k, s := range st {
		reason := t["missing"][lang]
		if s.met {
			reason = fmt.Sprintf(t["met"][lang], quote(lang, s.quote, 12))
		}
		out = append(out, salescoach.Technique{Key: coach.CriterionKey(k), Label: coach.CriterionLabel(lang, s.text),
			Shown: s.met, Reason: tidyQuotes(reason)})
	}
	return out
}

// joinList joins items as a person lists them: "A, B und C".
func joinList(lang string, items []string) string {
	switch len(items) {
	case 0:
		return ""
	case 1:
		return items[0]
	}
	return strings.Join(items[:len(items)-1], ", ") + " " + scenarioData.And[lang] + " " + items[len(items)-1]
}

// criteriaSentence is the seller's sentence of a model answer that gives
// every criterion of the custom objection key, in the scenario's words:
// the variant-th way of saying it.
func (c *chat) criteriaSentence(key string, variant int) string {
	co := c.customOf(key)
	if co == nil {
		return ""
	}
	var items []string
	for _, cr := range co.criteria {
		items = append(items, cr.text)
	}
	answers := scenarioData.Answer[c.v.Lang]
	return upperFirst(c.render(fmt.Sprintf(answers[variant%len(answers)], joinList(c.v.Lang, items))))
}

// scriptPerfectAnswer is the perfect answer to a custom objection:
// acknowledge, ask (until the customer told the concern), a benefit, a
// fact of the description, every criterion in the scenario's words, a
// proof to fill in and a next step. It invents nothing: what is concrete
// comes from the description and the criteria.
func (c *chat) scriptPerfectAnswer() string {
	// Once the customer told the concern, the answer takes it up in other
	// words than an answer before it.
	revealed := c.revealedAt(len(c.in.History), c.family)
	variant := len(c.stageAnswers())
	parts := []string{c.scriptSample("acknowledge", variant)}
	if !revealed {
		parts = append(parts, c.scriptSample("question", variant))
	}
	parts = append(parts, c.scriptSample("benefit", variant))
	if f := c.fact(); f != "" && variant == 0 {
		parts = append(parts, f)
	}
	parts = append(parts, c.criteriaSentence(c.family, variant), c.scriptSample("evidence", variant), c.scriptSample("next_step", variant))
	return tidy(strings.Join(parts, " "))
}

// missingCriteria are the criteria of the current custom objection the
// chat's answers have not met yet.
func (c *chat) missingCriteria() []string {
	var out []string
	for _, s := range c.criteriaAt(len(c.in.History)-1, c.family) {
		if !s.met {
			out = append(out, quote(c.v.Lang, s.text, 12))
		}
	}
	return out
}

// scriptHint puts the missing criteria of a custom objection before the
// technique hint.
func (c *chat) scriptHint(h string) string {
	if c.customOf(c.family) == nil {
		return h
	}
	st := c.criteriaAt(len(c.in.History)-1, c.family)
	if enoughCriteria(st) {
		return h
	}
	line := fmt.Sprintf(scenarioData.Criterion["hint"][c.v.Lang], joinList(c.v.Lang, c.missingCriteria()))
	return tidyQuotes(line + " " + h)
}

// criteriaEvaluation adds to the evaluation which criteria of the chat's
// custom objections the seller met and missed, and an improvement for the
// missed ones.
func (c *chat) criteriaEvaluation(ev *coach.Evaluation) {
	if c.sc == nil || ev == nil {
		return
	}
	lang := c.v.Lang
	var met, missed []string
	for _, key := range c.in.Objections {
		if c.customOf(key) == nil {
			continue
		}
		answered := false
		for _, t := range c.sellerTurns() {
			answered = answered || t.family == key
		}
		if !answered {
			continue
		}
		for _, s := range c.criteriaAt(len(c.in.History)-1, key) {
			if s.met {
				met = append(met, quote(lang, s.text, 12))
			} else {
				missed = append(missed, quote(lang, s.text, 12))
			}
		}
	}
	t := scenarioData.Criterion
	if len(met) > 0 {
		ev.Intro += " " + fmt.Sprintf(t["evaluation_met"][lang], joinList(lang, met))
	}
	if len(missed) > 0 {
		ev.Intro += " " + fmt.Sprintf(t["evaluation_missing"][lang], joinList(lang, missed))
		ev.Improvements = append([]string{fmt.Sprintf(t["improvement"][lang], joinList(lang, missed))}, ev.Improvements...)
	}
	ev.Intro = tidyQuotes(strings.TrimSpace(ev.Intro))
}

// scriptSample is the perfect-answer block of a technique for a custom
// objection: the objection's seeded variant, turned on by one for each
// answer already given to it, so a second model answer to the same
// objection is no near-repeat of the first (which would earn nothing).
func (c *chat) scriptSample(kind string, variant int) string {
	pt := scenarioData.Perfect
	list := map[string]map[string][]string{"acknowledge": pt.Ack, "question": pt.Question, "benefit": pt.Benefit,
		"evidence": pt.Evidence, "next_step": pt.Next}[kind][c.v.Lang]
	if len(list) == 0 {
		return ""
	}
	start := pick(len(list), c.in.Scenario.Seed, "perfect:"+kind, c.family)
	return upperFirst(c.render(list[(start+variant)%len(list)]))
}
