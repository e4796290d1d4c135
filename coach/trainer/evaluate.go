package trainer

import (
	"fmt"
	"math"
	"sort"

	"salescoach"
	"salescoach/coach"
)

// The evaluation judges the chat by the moves its answers made, as the live
// score does: how the seller acknowledged and listened, explored, answered
// the concerns with substance, handled the objections, closed, and spoke.
// Its strongest answer is the one with the best move made; its advice is
// never what the seller already did.

// judgedTurn is one seller answer with its analysis and judgement.
type judgedTurn struct {
	sellerTurn
	a *analysis
	j *judgement
}

// real reports an answer that is an answer: no list, repeat, echo,
// instruction or off-topic text.
func (t judgedTurn) real() bool {
	// Off the objection's theme counts only for an answer that made no
	// move: a close names no objection, and needs not.
	offTopic := t.a.offTopic && !t.j.made && !t.j.direct
	return t.a.void == "" && !offTopic && t.j.flags["parrot"] == "" && t.j.flags["buzzwords"] == ""
}

// evalText is a line of the evaluation in the chat's language.
func (c *chat) evalText(key string, args ...any) string {
	t := movesData.Evaluation[c.v.Lang][key]
	if t == "" {
		t = movesData.Evaluation[langDE][key]
	}
	return tidyQuotes(fmt.Sprintf(t, args...))
}

// evaluate grades the chat in the six categories.
func (c *chat) evaluate() *coach.Evaluation {
	lang := c.v.Lang
	names := coach.Categories[lang]
	var ts []judgedTurn
	for _, st := range c.sellerTurns() {
		ts = append(ts, judgedTurn{sellerTurn: st, a: c.analyseAt(st.index, st.family), j: c.judgeAt(st.index)})
	}
	if len(ts) == 0 {
		return c.emptyEvaluation()
	}
	q := func(s string) string { return quote(lang, s, 10) }
	n := len(ts)
	scores := make([]int, 6)
	comments := make([]string, 6)

	// Empathie & Zuhören: acknowledging in one's own words, and answering
	// what the customer told instead of asking again or talking past it.
	var emp []float64
	ackBest, listened := "", 0
	for _, t := range ts {
		if !t.real() {
			emp = append(emp, 0)
			continue
		}
		ack := c.ackQuality(t.a)
		if ack == 0 && c.takesUp(t.a, t.before) {
			ack = 0.6
		}
		// A fresh objection is taken in by acknowledging it; a concern the
		// customer told, by answering exactly that; a settled objection,
		// by a step that builds on it.
		var e float64
		switch t.j.expected {
		case salescoach.MoveExplore:
			e = 0.6 * ack
			if t.j.made || t.j.direct {
				e += 0.4
			}
		case salescoach.MoveRespond:
			if t.j.made {
				e, listened = 0.9+0.1*ack, listened+1
			} else {
				e = 0.2 + 0.3*ack
			}
		default:
			if t.j.made {
				e = 0.9 + 0.1*math.Max(ack, 0.6)
			} else {
				e = 0.5
			}
		}
		emp = append(emp, math.Min(1, e))
		if ack >= 1 && ackBest == "" && !c.appWritten(t.a.ackQuote) {
			ackBest = t.a.ackQuote
		}
	}
	scores[0] = pct(mean(emp))
	switch {
	case ackBest != "":
		comments[0] = c.evalText("empathy.good", q(ackBest), listened)
	case listened > 0:
		comments[0] = c.evalText("empathy.listened", listened)
	default:
		comments[0] = c.evalText("empathy.none")
	}

	// Fragetechnik: the exploring questions where exploring was called
	// for; a check-back after an answer counts too.
	var qs []float64
	qBest, qWeak, checks := "", "", 0
	for _, t := range ts {
		switch t.j.expected {
		case salescoach.MoveExplore:
			sq, strength := c.exploringQuestion(t.a)
			v := 0.0
			if t.j.made && !t.j.direct {
				v = strength
				if strength >= 1 && qBest == "" && !c.appWritten(sq.Text) {
					qBest = sq.Text
				}
			} else if t.j.direct {
				v = 0.6
			}
			if !t.j.made && strength > 0 && qWeak == "" {
				qWeak = sq.Text
			}
			qs = append(qs, v)
		case salescoach.MoveRespond:
			if t.j.made && c.checksBack(t.a) != "" {
				checks++
			}
		}
	}
	scores[1] = pct(math.Min(1, mean(qs)+0.05*float64(checks)))
	switch {
	case qBest != "":
		comments[1] = c.evalText("questions.good", q(qBest))
	case qWeak != "":
		comments[1] = c.evalText("questions.weak", q(qWeak))
	default:
		comments[1] = c.evalText("questions.none")
	}

	// Nutzenargumentation: the answers to the concerns, and their
	// substance.
	var vs []float64
	vBest, vThin := "", ""
	for _, t := range ts {
		if t.j.expected != salescoach.MoveRespond && !t.j.direct {
			continue
		}
		sub := c.substanceOf(t.a)
		switch {
		case t.j.made && sub != "":
			vs = append(vs, 1)
			if vBest == "" && !c.appWritten(t.j.meets) {
				vBest = t.j.meets
			}
		case t.j.made:
			vs = append(vs, 0.7)
			if vThin == "" {
				vThin = t.j.meets
			}
		case sub != "" && t.real():
			vs = append(vs, 0.35)
		default:
			vs = append(vs, 0)
		}
	}
	scores[2] = pct(mean(vs))
	switch {
	case len(vs) == 0:
		scores[2] = pct(0.4 * c.pitchSubstance(ts))
		comments[2] = c.evalText("value.unreached")
	case vBest != "":
		comments[2] = c.evalText("value.good", q(vBest))
	case vThin != "":
		comments[2] = c.evalText("value.thin", q(vThin))
	default:
		comments[2] = c.evalText("value.none")
	}

	// Einwandbehandlung: the moves made, and the objections overcome.
	solved, total := c.solved(len(c.chatFamilies()))
	made := 0
	best := -1
	for i, t := range ts {
		if t.j.made && t.real() {
			made++
			if t.a.words >= minWords && t.a.placeholder == "" && (best < 0 || t.j.score > ts[best].j.score) {
				best = i
			}
		}
	}
	scores[3] = pct(0.5*float64(made)/float64(n) + 0.5*float64(solved)/float64(total))
	if best >= 0 {
		bt := ts[best]
		comments[3] = c.evalText("objections.best", bt.j.score, c.moveName(bt.j.expected), familyName(bt.family, lang), q(bt.a.text))
	} else {
		comments[3] = c.evalText("objections.none")
	}
	comments[3] += c.evalText("objections.solved", solved, total)

	// Abschlussorientierung: the close where it was due; a next step
	// pressed while an objection stood costs.
	premature, closeDue, closed, closeQuote := 0, false, false, ""
	for _, t := range ts {
		if t.j.flags["premature"] != "" {
			premature++
		}
		if t.j.expected == salescoach.MoveAdvance || t.j.closes {
			closeDue = true
			if t.j.made || t.j.closes {
				closed = true
				closeQuote = t.j.step
			}
		}
	}
	var closing float64
	switch {
	case closed:
		closing = 1
	case closeDue:
		closing = 0.3
	case solved > 0:
		// Not there yet, but on the way.
		closing = 0.5
	default:
		closing = 0.2
	}
	closing = math.Max(0, closing-0.15*float64(premature))
	scores[4] = pct(closing)
	switch {
	case closed && closeQuote != "":
		comments[4] = c.evalText("closing.good", q(closeQuote))
	case closed:
		comments[4] = c.evalText("closing.good_plain")
	case closeDue:
		comments[4] = c.evalText("closing.missed")
	case premature > 0:
		comments[4] = c.evalText("closing.premature", premature)
	default:
		comments[4] = c.evalText("closing.unreached")
	}

	// Sprache & Tonalität: form of address and tone, as far as the answer
	// had substance; one rude or pushy answer weighs.
	var ls []float64
	var toneBad, formBad *analysis
	for _, t := range ts {
		sub := 0.0
		if t.real() {
			sub = math.Min(1, float64(t.j.score)/60)
		}
		ls = append(ls, (0.4*t.a.formality+0.6*t.a.toneStrength())*sub)
		if len(t.a.penalties) > 0 && toneBad == nil && t.a.void == "" {
			toneBad = t.a
		}
		if (t.a.formalityState == "wrong_sie" || t.a.formalityState == "wrong_du" || t.a.formalityState == "mixed") && formBad == nil {
			formBad = t.a
		}
	}
	worst := 1.0
	for _, x := range ls {
		worst = math.Min(worst, x)
	}
	scores[5] = pct(0.7*mean(ls) + 0.3*worst)
	switch {
	case toneBad != nil:
		comments[5] = toneBad.toneReason()
	case formBad != nil:
		comments[5] = fmt.Sprintf(reasons[lang]["formality."+formBad.formalityState], formBad.formalityQuote)
	case lang == langEN:
		comments[5] = c.evalText("language.good_en")
	case c.v.Sie:
		comments[5] = c.evalText("language.good_sie")
	default:
		comments[5] = c.evalText("language.good_du")
	}

	ev := &coach.Evaluation{}
	sum := 0
	for i, name := range names {
		ev.Scores = append(ev.Scores, coach.CategoryScore{Category: name, Score: scores[i], Comment: tidyQuotes(comments[i])})
		sum += scores[i]
	}
	ev.TotalPercent = int(math.Round(float64(sum) / float64(len(names))))
	hi, lo := 0, 0
	for i := range scores {
		if scores[i] > scores[hi] {
			hi = i
		}
		if scores[i] < scores[lo] {
			lo = i
		}
	}
	ev.Intro = c.evalText("intro.1", n, solved, total, ev.TotalPercent)
	switch {
	case scores[lo] >= 85:
		ev.Intro += " " + c.evalText("intro.2top")
	case scores[hi]-scores[lo] < 10:
		ev.Intro += " " + c.evalText("intro.2same", names[lo])
	default:
		ev.Intro += " " + c.evalText("intro.2", names[hi], names[lo])
	}
	ev.Improvements = c.moveImprovements(ts, toneBad, formBad)
	ev.TopPoints = c.moveTopPoints(scores, map[int]string{0: ackBest, 1: qBest, 2: vBest, 3: bestText(ts, best), 4: closeQuote})
	c.criteriaEvaluation(ev)
	return ev
}

func bestText(ts []judgedTurn, best int) string {
	if best < 0 {
		return ""
	}
	return firstSentence(ts[best].a.sents)
}

// substanceOf is the answer's first sentence with checkable content, "".
func (c *chat) substanceOf(a *analysis) string {
	for _, s := range a.sents {
		if !isQuestion(s) && !placeholderRE.MatchString(s.Text) && c.substantive(s, a) {
			return s.Text
		}
	}
	return ""
}

// pitchSubstance is the share of answers that brought checkable content,
// for a chat that never got to answering a concern.
func (c *chat) pitchSubstance(ts []judgedTurn) float64 {
	k := 0
	for _, t := range ts {
		if t.real() && c.substanceOf(t.a) != "" {
			k++
		}
	}
	return float64(k) / float64(len(ts))
}

// moveName names a move for the seller.
func (c *chat) moveName(move string) string {
	return movesData.Evaluation[c.v.Lang]["move."+move]
}

// moveImprovements are two to four tips for the moves the seller missed,
// each with a sample for the objection where it happened; never advice the
// seller followed (form of address, figures, a concrete step).
func (c *chat) moveImprovements(ts []judgedTurn, toneBad, formBad *analysis) []string {
	lang := c.v.Lang
	qq := func(s string) string { return quote(lang, unbracket(s), 1000) }
	at := func(family string) *chat {
		sc := *c
		sc.family = family
		return &sc
	}
	var out []string
	seen := map[string]bool{}
	add := func(key string, args ...any) {
		if !seen[key] && len(out) < 4 {
			seen[key] = true
			out = append(out, c.evalText(key, args...))
		}
	}
	if toneBad != nil && toneBad.void == "" {
		if len(toneBad.penalties) > 0 && toneBad.penalties[0].Quote != "" {
			add("imp.tone", quote(lang, toneBad.penalties[0].Quote, 10))
		}
	}
	if formBad != nil {
		if c.v.Sie {
			add("imp.form_sie")
		} else {
			add("imp.form_du")
		}
	}
	for _, t := range ts {
		sc := at(t.family)
		switch {
		case !t.real():
			add("imp.real")
		case t.j.flags["discount"] != "" || t.j.flags["flattery"] != "" || t.j.flags["contentfree"] != "" || t.j.flags["fake"] != "":
			add("imp.substance", qq(sc.sample("evidence")))
		case t.j.expected == salescoach.MoveExplore && t.j.overrun:
			add("imp.overrun", qq(sc.sample("question")))
		case t.j.expected == salescoach.MoveExplore && !t.j.made:
			add("imp.explore", qq(sc.sample("acknowledge")+" "+sc.sample("question")))
		case t.j.expected == salescoach.MoveRespond && !t.j.made:
			add("imp.respond")
		case t.j.expected == salescoach.MoveAdvance && !t.j.made:
			add("imp.close", qq(sc.sample("next_step")))
		}
		if t.j.flags["premature"] != "" {
			add("imp.premature")
		}
	}
	// Answers to concerns without a figure or a named customer.
	thin := false
	for _, t := range ts {
		if t.j.made && t.j.expected == salescoach.MoveRespond && c.substanceOf(t.a) == "" {
			thin = true
		}
	}
	if thin {
		add("imp.thin", qq(c.sample("evidence")))
	}
	if len(out) < 2 {
		add("imp.polish_mirror")
	}
	if len(out) < 2 {
		add("imp.polish_harder")
	}
	return out
}

// moveTopPoints are up to three strengths (categories at 60 or more,
// strongest first) with a sentence the seller wrote, or one thing to keep
// trying.
func (c *chat) moveTopPoints(scores []int, quotes map[int]string) []string {
	order := []int{0, 1, 2, 3, 4, 5}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] > scores[order[j]] })
	var out []string
	used := map[string]bool{}
	for _, i := range order {
		if len(out) == 3 || scores[i] < 60 {
			break
		}
		s := quotes[i]
		if s == "" || used[norm(s)] || c.appWritten(s) || placeholderRE.MatchString(s) {
			continue
		}
		used[norm(s)] = true
		out = append(out, c.evalText("top."+categoryKeys[i], quote(c.v.Lang, s, 10)))
	}
	if len(out) == 0 {
		out = []string{c.evalText("top.none")}
	}
	return out
}

// solved says how many objections the chat overcame, of how many.
func (c *chat) solved(seen int) (int, int) {
	total := c.in.TotalStages
	if total <= 0 {
		total = max(seen, 1)
	}
	s := c.in.Stage - 1
	if c.in.Progress >= 100 {
		s++
	}
	return min(max(s, 0), total), total
}

func (c *chat) emptyEvaluation() *coach.Evaluation {
	lang := c.v.Lang
	ev := &coach.Evaluation{Intro: c.evalText("empty.intro"), TopPoints: []string{c.evalText("empty.top")}}
	for _, name := range coach.Categories[lang] {
		ev.Scores = append(ev.Scores, coach.CategoryScore{Category: name, Score: 0, Comment: c.evalText("empty.comment")})
	}
	q := func(s string) string { return quote(lang, s, 1000) }
	ev.Improvements = []string{
		c.evalText("empty.imp1", q(c.sample("acknowledge")+" "+c.sample("question"))),
		c.evalText("empty.imp2", q(c.sample("next_step"))),
	}
	return ev
}

// appWritten reports a sentence of the trainer's own model answers (the
// perfect-answer blocks of any objection and the concerns' answers, for
// this product and form of address), which the seller may have sent
// without a word changed.
func (c *chat) appWritten(sentence string) bool {
	if c.modelSentences == nil {
		c.modelSentences = map[string]bool{}
		add := func(lines []string) {
			for _, l := range lines {
				for _, s := range splitSentences(c.render(l)) {
					c.modelSentences[s.Norm] = true
				}
			}
		}
		for key := range families {
			pt := perfect[key]
			for _, b := range []map[string][]string{pt.Ack, pt.Question, pt.Benefit, pt.Evidence, pt.Next} {
				add(b[c.v.Lang])
			}
			for _, co := range c.concernsOf(key) {
				add(co.Answer[c.v.Lang])
			}
		}
		add(movesData.CheckBack[c.v.String()])
		if f := c.fact(); f != "" {
			add([]string{f})
		}
		c.scriptModelSentences(add)
	}
	return c.modelSentences[norm(sentence)]
}

func mean(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := 0.0
	for _, x := range xs {
		s += x
	}
	return s / float64(len(xs))
}

func pct(x float64) int { return int(math.Round(math.Max(0, math.Min(1, x)) * 100)) }

func lastSentence(ss []sentence) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[len(ss)-1].Text
}
