package trainer

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"salescoach/coach"
)

// assessedTurn is one seller answer with its analysis.
type assessedTurn struct {
	sellerTurn
	a    *analysis
	echo float64 // 1 when the answer picks up a word of the customer's message
}

// evaluate grades the chat in the six categories.
func (c *chat) evaluate() *coach.Evaluation {
	lang := c.v.Lang
	t := evalTexts[lang]
	names := coach.Categories[lang]
	turns := c.sellerTurns()
	if len(turns) == 0 {
		return c.emptyEvaluation()
	}
	ts := make([]assessedTurn, len(turns))
	for i, st := range turns {
		a := c.analyseAt(st.index, st.family)
		e := echo(st.before, st.text)
		if a.void != "" || a.offTopic {
			e = 0
		}
		ts[i] = assessedTurn{sellerTurn: st, a: a, echo: e}
	}
	n := len(ts)
	q := func(s string) string { return quote(lang, s, 8) }
	// Doing something well once counts for much in a chat of real
	// answers, and for little in a chat of repeats, lists and echoes.
	real := 0
	for _, x := range ts {
		if x.a.void == "" && !x.a.offTopic {
			real++
		}
	}
	share := float64(real) / float64(n)
	blend := func(xs []float64) float64 { return blendShare(xs, share) }

	scores := make([]int, 6)
	comments := make([]string, 6)
	praised := map[int]bool{} // categories that may be a top point (ownQuotes finds the quote)

	// Empathie & Zuhören: acknowledging, and picking up the customer's words.
	var ackCount int
	var ackQuote string
	ackPraise := false
	emp := make([]float64, n)
	for i, x := range ts {
		emp[i] = 0.8*x.a.ack + 0.2*x.echo
		if x.a.ack > 0 {
			ackCount++
			if ackQuote == "" || (!ackPraise && praiseworthy(x.a)) {
				ackQuote, ackPraise = x.a.ackQuote, praiseworthy(x.a)
			}
		}
	}
	scores[0] = pct(mean(emp))
	if ackCount > 0 {
		comments[0] = fmt.Sprintf(t["empathy.good"], q(ackQuote), ackCount, n)
		if ackPraise {
			praised[0] = true
		}
	} else {
		comments[0] = fmt.Sprintf(t["empathy.none"], n, q(firstSentence(ts[0].a.sents)))
	}

	// Fragetechnik.
	qs, qCount, qBest := strongest(ts, "question", func(a *analysis) float64 { return a.question })
	scores[1] = pct(blend(qs))
	switch {
	case qCount > 0:
		comments[1] = fmt.Sprintf(t["questions.good"], q(qBest.questionQuote), qCount, n)
		if praiseworthy(qBest) {
			praised[1] = true
		}
	case qBest != nil:
		comments[1] = fmt.Sprintf(t["questions.weak"], q(qBest.questionQuote))
	default:
		comments[1] = fmt.Sprintf(t["questions.none"], n, q(lastSentence(ts[0].a.sents)))
	}

	// Nutzenargumentation: benefit and evidence.
	bs, es := make([]float64, n), make([]float64, n)
	var benefitBest, evidenceBest, anyBest *analysis
	for i, x := range ts {
		bs[i], es[i] = x.a.benefit, x.a.evidence
		if x.a.shown("benefit") && benefitBest == nil {
			benefitBest = x.a
		}
		if x.a.shown("evidence") && evidenceBest == nil {
			evidenceBest = x.a
		}
		if (x.a.benefit > 0 || x.a.evidence > 0) && anyBest == nil {
			anyBest = x.a
		}
	}
	scores[2] = pct(0.6*blend(bs) + 0.4*blend(es))
	switch {
	case benefitBest != nil:
		comments[2] = fmt.Sprintf(t["value.good"], q(benefitBest.benefitQuote))
		if evidenceBest != nil {
			comments[2] += fmt.Sprintf(t["value.evidence"], q(evidenceBest.evidenceQuote))
		} else {
			comments[2] += t["value.noevidence"]
		}
		if praiseworthy(benefitBest) {
			praised[2] = true
		}
	case evidenceBest != nil:
		comments[2] = fmt.Sprintf(t["value.generic"], q(evidenceBest.evidenceQuote))
	case anyBest != nil:
		qq := anyBest.benefitQuote
		if qq == "" {
			qq = anyBest.evidenceQuote
		}
		comments[2] = fmt.Sprintf(t["value.generic"], q(qq))
	default:
		comments[2] = fmt.Sprintf(t["value.none"], q(firstSentence(ts[0].a.sents)))
	}

	// Einwandbehandlung: the answers' scores, and the best per objection,
	// since the last answer to an objection is the one that solves it.
	all := make([]float64, n)
	bestPer := map[string]float64{}
	bestTurn := 0
	for i, x := range ts {
		all[i] = float64(x.a.score)
		if all[i] > bestPer[x.family] {
			bestPer[x.family] = all[i]
		}
		if x.a.score > ts[bestTurn].a.score {
			bestTurn = i
		}
	}
	var per []float64
	for _, v := range bestPer {
		per = append(per, v*share)
	}
	sort.Float64s(per) // map order must not change the mean's rounding
	scores[3] = int(math.Round(0.5*mean(all) + 0.5*mean(per)))
	bt := ts[bestTurn]
	if bt.a.score >= 50 {
		comments[3] = fmt.Sprintf(t["objections.best"], bt.a.score, familyName(bt.family, lang), q(firstSentence(bt.a.sents)))
	} else {
		comments[3] = fmt.Sprintf(t["objections.weak"], q(firstSentence(bt.a.sents)), bt.a.score, familyName(bt.family, lang))
	}
	solved, total := c.solved(len(bestPer))
	comments[3] += fmt.Sprintf(t["objections.solved"], solved, total)
	if bt.a.score >= 60 {
		praised[3] = true
	}

	// Abschlussorientierung.
	ns, nCount, nBest := strongest(ts, "next_step", func(a *analysis) float64 { return a.next })
	scores[4] = pct(blend(ns))
	switch {
	case nCount > 0:
		comments[4] = fmt.Sprintf(t["closing.good"], q(nBest.nextQuote), nCount, n)
		if praiseworthy(nBest) {
			praised[4] = true
		}
	case nBest != nil:
		comments[4] = fmt.Sprintf(t["closing.vague"], q(nBest.nextQuote))
	default:
		comments[4] = fmt.Sprintf(t["closing.none"], q(lastSentence(ts[len(ts)-1].a.sents)))
	}

	// Sprache & Tonalität: form of address and tone.
	ls := make([]float64, n)
	var toneBad, formBad *analysis
	for i, x := range ts {
		// Polite words alone are no language skill: an answer counts here
		// in proportion to its substance.
		ls[i] = (0.4*x.a.formality + 0.6*x.a.toneStrength()) * substance(x.a)
		if len(x.a.penalties) > 0 && toneBad == nil {
			toneBad = x.a
		}
		if (strings.HasPrefix(x.a.formalityState, "wrong") || x.a.formalityState == "mixed") && formBad == nil {
			formBad = x.a
		}
	}
	// One rude or pushy answer weighs: the worst turn counts as well as the mean.
	worst := 1.0
	for _, x := range ls {
		worst = math.Min(worst, x)
	}
	scores[5] = pct(0.6*mean(ls) + 0.4*worst)
	switch {
	case toneBad != nil:
		comments[5] = toneBad.toneReason()
	case formBad != nil:
		comments[5] = fmt.Sprintf(reasons[lang]["formality."+formBad.formalityState], formBad.formalityQuote)
	default:
		key := "language.good_en"
		if lang == langDE && c.v.Sie {
			key = "language.good_sie"
		} else if lang == langDE {
			key = "language.good_du"
		}
		comments[5] = fmt.Sprintf(t[key], q(firstSentence(ts[bestTurn].a.sents)))
		if scores[5] >= 60 && praiseworthy(ts[bestTurn].a) {
			praised[5] = true
		}
	}

	ev := &coach.Evaluation{}
	sum := 0
	for i, name := range names {
		ev.Scores = append(ev.Scores, coach.CategoryScore{Category: name, Score: scores[i], Comment: comments[i]})
		sum += scores[i]
	}
	ev.TotalPercent = int(math.Round(float64(sum) / float64(len(names))))

	// Intro: where the chat stands, strongest and weakest category.
	hi, lo := 0, 0
	for i := range scores {
		if scores[i] > scores[hi] {
			hi = i
		}
		if scores[i] < scores[lo] {
			lo = i
		}
	}
	ev.Intro = fmt.Sprintf(t["intro.1"], n, solved, total, ev.TotalPercent)
	if scores[lo] >= 85 {
		ev.Intro += " " + t["intro.2top"]
	} else if scores[hi]-scores[lo] < 10 {
		ev.Intro += " " + fmt.Sprintf(t["intro.2same"], names[lo])
	} else {
		ev.Intro += " " + fmt.Sprintf(t["intro.2"], names[hi], names[lo])
	}

	ev.Improvements = c.improvements(ts, scores, toneBad, formBad)
	ev.TopPoints = topPoints(lang, scores, c.ownQuotes(ts, praised))

	for i := range ev.Scores {
		ev.Scores[i].Comment = tidyQuotes(ev.Scores[i].Comment)
	}
	c.criteriaEvaluation(ev)
	return ev
}

// categoryTechniques are the techniques whose advice each category's
// improvement gives.
var categoryTechniques = map[string][]string{
	"empathy": {"acknowledge"}, "questions": {"question"}, "value": {"benefit", "evidence"},
	"objections": laerOrder, "closing": {"next_step"},
}

// praiseMin is the score an answer needs before the evaluation holds it
// up as a strength: a polite line that handles nothing is no model.
const praiseMin = 50

func praiseworthy(a *analysis) bool {
	return a != nil && a.void == "" && !a.offTopic && a.score >= praiseMin
}

// substance is how far an answer deals with the objection at all (0..1),
// from its score: categories such as tone count only as far as the answer
// has substance.
func substance(a *analysis) float64 {
	if a.void != "" || a.offTopic {
		return 0
	}
	return math.Min(1, float64(a.score)/60)
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

// improvements are 2–4 concrete tips for the weakest categories, each with a
// sample phrase for the objection the user struggled with most.
func (c *chat) improvements(ts []assessedTurn, scores []int, toneBad, formBad *analysis) []string {
	lang := c.v.Lang
	t := evalTexts[lang]
	q := func(s string) string { return quote(lang, unbracket(s), 1000) }
	// Samples for the objection of the weakest answer.
	weakest := ts[0]
	for _, x := range ts {
		if x.a.score < weakest.a.score {
			weakest = x
		}
	}
	sc := *c
	sc.family = weakest.family
	order := []int{0, 1, 2, 3, 4, 5}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] < scores[order[j]] })
	if toneBad != nil || formBad != nil {
		// Contradiction, pressure or the wrong form of address cost the
		// most goodwill: name them first whatever the numbers say.
		order = append([]int{5}, slices.DeleteFunc(order, func(i int) bool { return i == 5 })...)
	}
	// Advice the seller already followed in every answer is no advice:
	// such a category gets the next refinement instead.
	followed := func(cat string) bool {
		keys := categoryTechniques[cat]
		if len(keys) == 0 {
			return false
		}
		real := 0
		for _, x := range ts {
			if x.a.void != "" || x.a.offTopic {
				continue
			}
			real++
			for _, k := range keys {
				if !x.a.shown(k) {
					return false
				}
			}
		}
		return real > 0
	}
	var out []string
	polish := 0
	for _, i := range order {
		if len(out) >= 4 || (len(out) >= 2 && scores[i] >= 75) {
			break
		}
		if scores[i] >= 85 || followed(categoryKeys[i]) {
			if polish >= 2 {
				continue
			}
			// Nothing is really missing: give the next refinements instead.
			if polish == 0 {
				out = append(out, fmt.Sprintf(t["imp.polish1"], q(sc.sample("evidence"))))
			} else {
				out = append(out, fmt.Sprintf(t["imp.polish2"], q(sc.sample("acknowledge"))))
			}
			polish++
			continue
		}
		switch categoryKeys[i] {
		case "empathy":
			out = append(out, fmt.Sprintf(t["imp.empathy"], q(sc.sample("acknowledge"))))
		case "questions":
			out = append(out, fmt.Sprintf(t["imp.questions"], q(sc.sample("question"))))
		case "value":
			out = append(out, fmt.Sprintf(t["imp.value"], q(sc.sample("benefit")+" "+sc.sample("evidence"))))
		case "objections":
			out = append(out, fmt.Sprintf(t["imp.objections"], q(sc.sample("acknowledge")+" "+sc.sample("question"))))
		case "closing":
			out = append(out, fmt.Sprintf(t["imp.closing"], q(sc.sample("next_step"))))
		case "language":
			switch {
			case toneBad != nil && toneBad.penalties[0].Quote != "":
				out = append(out, fmt.Sprintf(t["imp.language_tone"], quote(lang, toneBad.penalties[0].Quote, 10), q(sc.sample("acknowledge"))))
			case toneBad != nil:
				out = append(out, fmt.Sprintf(t["imp.language_len"], q(sc.sample("acknowledge")+" "+sc.sample("question"))))
			case formBad != nil || lang == langDE:
				key := "imp.language_du"
				if c.v.Sie {
					key = "imp.language_sie"
				}
				out = append(out, fmt.Sprintf(t[key], q(sc.sample("acknowledge"))))
			default:
				out = append(out, fmt.Sprintf(t["imp.language_len"], q(sc.sample("acknowledge")+" "+sc.sample("question"))))
			}
		}
	}
	return out
}

// ownQuotes finds, for each praised category, a sentence the seller wrote
// themselves that shows it: never a sentence of
// the trainer's own model answers sent as they were, and never the same
// sentence for two categories. A category with no such sentence is not
// praised.
func (c *chat) ownQuotes(ts []assessedTurn, praised map[int]bool) map[int]string {
	lang := c.v.Lang
	cands := map[int][]string{}
	for _, x := range ts {
		a := x.a
		if !praiseworthy(a) {
			continue
		}
		if a.ack > 0 {
			cands[0] = append(cands[0], a.ackQuote)
		}
		if a.shown("question") {
			cands[1] = append(cands[1], a.questionQuote)
		}
		if a.shown("benefit") {
			cands[2] = append(cands[2], a.benefitQuote)
		}
		if a.score >= 60 {
			for _, s := range a.sents {
				cands[3] = append(cands[3], s.Text)
			}
		}
		if a.shown("next_step") {
			cands[4] = append(cands[4], a.nextQuote)
		}
		for _, s := range a.sents {
			cands[5] = append(cands[5], s.Text)
		}
	}
	used := map[string]bool{}
	out := map[int]string{}
	for i := range categoryKeys {
		if !praised[i] {
			continue
		}
		for _, s := range cands[i] {
			n := norm(s)
			if used[n] || c.appWritten(s) || placeholderRE.MatchString(s) {
				continue
			}
			used[n] = true
			out[i] = quote(lang, s, 8)
			break
		}
	}
	return out
}

// appWritten reports a sentence of the trainer's own model answers (the
// perfect-answer blocks of any objection, for this product and form of
// address), which the seller may have sent without a word changed.
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
			add(c.texts(key).Answer[c.v.Lang])
		}
		if f := c.fact(); f != "" {
			add([]string{f})
		}
		c.scriptModelSentences(add)
	}
	return c.modelSentences[norm(sentence)]
}

// topPoints are up to three strengths (categories at 60 or more, strongest
// first) with a quote, or one thing to keep trying.
func topPoints(lang string, scores []int, best map[int]string) []string {
	t := evalTexts[lang]
	order := []int{0, 1, 2, 3, 4, 5}
	sort.SliceStable(order, func(i, j int) bool { return scores[order[i]] > scores[order[j]] })
	var out []string
	for _, i := range order {
		if len(out) == 3 || scores[i] < 60 {
			break
		}
		if qq, ok := best[i]; ok {
			out = append(out, fmt.Sprintf(t["top."+categoryKeys[i]], qq))
		}
	}
	if len(out) == 0 {
		out = []string{t["top.none"]}
	}
	return out
}

func (c *chat) emptyEvaluation() *coach.Evaluation {
	lang := c.v.Lang
	t := evalTexts[lang]
	ev := &coach.Evaluation{Intro: t["empty.intro"], TopPoints: []string{t["empty.top"]}}
	for _, name := range coach.Categories[lang] {
		ev.Scores = append(ev.Scores, coach.CategoryScore{Category: name, Score: 0, Comment: t["empty.comment"]})
	}
	q := func(s string) string { return quote(lang, s, 1000) }
	ev.Improvements = []string{
		fmt.Sprintf(t["empty.imp1"], q(c.sample("acknowledge")+" "+c.sample("question"))),
		fmt.Sprintf(t["empty.imp2"], q(c.sample("next_step"))),
	}
	return ev
}

// echo is 1 when the answer reuses a content word of the customer's
// message: a sign of listening.
func echo(customer, answer string) float64 {
	if customer == "" {
		return 0
	}
	words := map[string]bool{}
	for _, w := range tokens(customer) {
		if len(w) >= 5 && !stopwords[w] {
			words[w[:5]] = true
		}
	}
	for _, w := range tokens(answer) {
		if len(w) >= 5 && !stopwords[w] && words[w[:5]] {
			return 1
		}
	}
	return 0
}

func lastSentence(ss []sentence) string {
	if len(ss) == 0 {
		return ""
	}
	return ss[len(ss)-1].Text
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

// blendShare rewards doing something at least once as well as doing it
// often; the once counts in proportion to share, the part of the chat's
// answers that were real answers.
func blendShare(xs []float64, share float64) float64 {
	m := 0.0
	for _, x := range xs {
		m = math.Max(m, x)
	}
	return 0.6*mean(xs) + 0.4*m*share
}

func pct(x float64) int { return int(math.Round(math.Max(0, math.Min(1, x)) * 100)) }

// strongest tallies one technique over the seller's turns: each turn's
// strength (for the category score), how many turns showed it, and the turn
// that did it best (for the quote), nil when none tried.
func strongest(ts []assessedTurn, key string, strength func(*analysis) float64) (strengths []float64, shown int, best *analysis) {
	strengths = make([]float64, len(ts))
	for i, x := range ts {
		strengths[i] = strength(x.a)
		if x.a.shown(key) {
			shown++
		}
		if strengths[i] > 0 && (best == nil || strengths[i] > strength(best)) {
			best = x.a
		}
	}
	return strengths, shown, best
}
