package trainer

import (
	"strings"

	"salescoach"
	"salescoach/coach"
)

// reply composes the customer's message for a plan.
func (c *chat) reply(plan coach.ReplyPlan) (string, error) {
	var parts []string
	switch plan.Kind {
	case coach.ReplyOpen:
		parts = c.open()
	case coach.ReplyPush:
		parts = c.push(plan.Assessment)
	case coach.ReplyNext:
		parts = c.next()
	case coach.ReplyConvinced:
		parts = []string{c.render(c.fresh(c.temp.Convinced[c.v.Lang], "convinced"))}
	default:
		return "", salescoach.NewError(salescoach.EINVALID, msgUnknownKind)
	}
	var kept []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			kept = append(kept, p)
		}
	}
	text := sentenceCase(tidy(strings.Join(kept, " ")))
	// The reminder line belongs to model prompts and must never be shown.
	if strings.Contains(text, coach.ReminderPrefix) {
		text = strings.ReplaceAll(text, coach.ReminderPrefix, "")
	}
	text = c.dropRepeats(text)
	return c.nameProduct(text, !c.mentioned()), nil
}

// objection renders an opening phrasing of the current family, the first
// sentence only for impatient customers, and sometimes the temperament's
// tail. Later in a chat it skips phrasings that only fit its start.
func (c *chat) objection(later bool) []string {
	f := c.texts(c.family)
	opens := f.Open[c.v.Lang]
	if later {
		var fit []string
		for _, l := range opens {
			if !firstOnly(l) {
				fit = append(fit, l)
			}
		}
		if len(fit) > 0 {
			opens = fit
		}
	}
	line := c.render(c.fresh(opens, "open"))
	if c.temp.Short {
		if ss := splitSentences(line); len(ss) > 0 {
			line = ss[0].Text
		}
	}
	out := []string{line}
	if pick(2, c.in.Scenario.Seed, "tail", itoa(c.in.Stage)) == 0 {
		out = append(out, c.render(c.fresh(c.temp.Tail[c.v.Lang], "tail")))
	}
	return out
}

// sellerGreetings map the seller's greeting to the one the customer returns.
var sellerGreetings = []struct{ seller, de, en string }{
	{"guten tag", "Guten Tag.", "Good afternoon."},
	{"guten morgen", "Guten Morgen.", "Good morning."},
	{"guten abend", "Guten Abend.", "Good evening."},
	{"gruess gott", "Grüß Gott.", "Hello."},
	{"moin", "Moin.", "Hello."},
	{"servus", "Servus.", "Hello."},
	{"good morning", "Guten Morgen.", "Good morning."},
	{"good afternoon", "Guten Tag.", "Good afternoon."},
	{"good evening", "Guten Abend.", "Good evening."},
	{"hallo", "Hallo.", "Hello."},
	{"hello", "Hallo.", "Hello."},
	{"hi", "Hallo.", "Hi."},
	{"hey", "Hallo.", "Hi."},
}

// momentWords in a question of the seller ask for a moment of time.
var momentWords = lex("zeit", "minute*", "moment", "kurz", "time", "quick*")

// open greets, reacting to the seller's first message, and raises the
// first objection.
func (c *chat) open() []string {
	var first string
	for _, t := range c.in.History {
		if isSeller(t.Role) {
			first = t.Content
			break
		}
	}
	n := norm(first)
	greet := c.choose(greetings[c.v.String()], "greet")
	for _, g := range sellerGreetings {
		if strings.Contains(n, " "+g.seller+" ") {
			if c.v.Lang == langEN {
				greet = g.en
			} else {
				greet = g.de
			}
			break
		}
	}
	parts := []string{greet}
	asksForTime := false
	for _, s := range splitSentences(first) {
		if s.Question && has(s.Norm, momentWords.m) {
			asksForTime = true
		}
	}
	if asksForTime && !c.temp.Short {
		parts = append(parts, moment[c.v.String()])
	}
	parts = append(parts, c.greeting()...)
	return append(parts, c.objection(false)...)
}

// next acknowledges that the previous objection is settled and raises the
// current one.
func (c *chat) next() []string {
	prev := ""
	if j := lastCustomer(c.in.History); j >= 0 {
		prev = c.classify(c.in.History[j].Content)
	}
	settled := settledFallback[c.v.Lang]
	if c.isFamily(prev) && prev != c.family {
		settled = c.texts(prev).Settled[c.v.Lang]
	}
	obj := c.objection(true)
	lead := c.render(c.fresh(c.temp.Next[c.v.Lang], "next"))
	if strings.Contains(obj[0], ":") && strings.HasSuffix(lead, ":") {
		// "Noch was: Bevor wir reden: …" reads badly; end the lead instead.
		lead = strings.TrimSuffix(lead, ":") + "."
	}
	return append([]string{c.render(c.fresh(settled, "settled")), lead}, obj...)
}

// demandOrder is the order in which the customer voices what an answer
// lacked: the steps of LAER. Sceptical and analytical customers ask for
// proof first.
var demandOrder = map[string][]string{
	"default":      {"acknowledge", "question", "benefit", "evidence", "next_step"},
	tempSkeptical:  {"evidence", "acknowledge", "question", "benefit", "next_step"},
	tempAnalytical: {"evidence", "benefit", "question", "acknowledge", "next_step"},
}

// push reacts to the seller's last answer and presses the objection again:
// cooler after contradiction or pressure, firmer when the answer dodged,
// answering a question (and revealing what is behind the objection when
// the question was a real one), taking up what the seller gave, and
// demanding only what no answer to this objection has given yet.
func (c *chat) push(as *coach.Assessment) []string {
	f := c.texts(c.family)
	lang := c.v.Lang
	i := lastSeller(c.in.History)
	said := c.said()
	pushLine := c.render(c.fresh(f.Push[lang], "push:"+c.family))
	if c.repeats(pushLine, said) {
		// Every way of pressing it was said: the short core, which a
		// customer may well say again, rather than a long sentence twice.
		pushLine = c.render(f.Core[lang])
	}
	if i < 0 {
		return []string{pushLine}
	}
	a := c.analyseAt(i, c.family)
	score := a.score
	shown := func(key string) bool { return a.shown(key) }
	if as != nil {
		score = as.Score
		byKey := map[string]bool{}
		for _, t := range as.Techniques {
			byKey[t.Key] = t.Shown
		}
		shown = func(key string) bool {
			if s, ok := byKey[key]; ok {
				return s
			}
			return a.shown(key)
		}
	}
	stage := c.stageAnswers()
	// What any answer to this objection gave counts as given: the
	// customer does not ask for it again.
	given := map[string]bool{}
	for _, t := range stage {
		ta := a
		if t.index != i {
			ta = c.analyseAt(t.index, c.family)
		}
		for _, k := range laerOrder {
			given[k] = given[k] || ta.shown(k)
		}
		given["question"] = given["question"] || asks(t.text)
	}
	for _, k := range laerOrder {
		given[k] = given[k] || shown(k)
	}
	met := c.metConditions(i, stage)
	takeUp := c.takeUp(i, stage, met)
	// A good answer that does not settle the objection yet gets "Hm, das
	// klingt interessant, aber …"; harder chats demand more for it.
	good := 45 + 5*clampDifficulty(c.in.Scenario.Difficulty)

	var parts []string
	// The objection repeated: its core after "Noch mal:", unless the
	// customer said that before; then in other words.
	repeat := []string{repeatLead[lang], c.render(f.Core[lang])}
	if c.repeats(strings.Join(repeat, " "), said) && !c.repeats(pushLine, said) {
		repeat = []string{pushLine}
	}
	// pressOn is what follows a reaction: a demand or an open condition,
	// or the objection again when everything was given.
	pressOn := func(lead string) []string {
		d := c.demand(given, f, met)
		if d == "" {
			return []string{pushLine}
		}
		return []string{c.render(lead), d}
	}
	switch {
	case a.hostile():
		parts = append([]string{c.render(c.fresh(c.temp.Cool[lang], "cool"))}, repeat...)
	case a.offTopic || a.hasPenalty("short"):
		parts = append([]string{c.render(c.fresh(c.temp.Ignored[lang], "ignored"))}, repeat...)
	case shown("question") && asks(a.text):
		parts = []string{c.answerIntro(asksLiterally(a.text)), c.render(c.fresh(f.Reveal[lang], "reveal:"+c.family))}
		parts = append(parts, takeUp...)
		if score >= good {
			// The customer has told what is behind it; what would
			// convince comes before any missing technique.
			if cond := c.openCondition(f, met); cond != "" {
				parts = append(parts, c.render(c.fresh(c.temp.Good[lang], "good")), cond)
			} else {
				parts = append(parts, pressOn(c.fresh(c.temp.Good[lang], "good"))...)
			}
		} else {
			parts = append(parts, pushLine)
		}
	case len(takeUp) > 1:
		// A sceptic doubts what was claimed: that is the reply.
		parts = takeUp
	case score >= good:
		// After taking up what the seller gave, the customer says what
		// is still missing rather than the objection in general words,
		// which might ask for what was just given.
		parts = append(takeUp, pressOn(c.fresh(c.temp.Good[lang], "good"))...)
		if !c.temp.Short && len(takeUp) == 0 && parts[len(parts)-1] != pushLine {
			parts = append(parts, pushLine)
		}
	default:
		parts = append(takeUp, pressOn(c.fresh(c.temp.Mediocre[lang], "mediocre"))...)
		if len(takeUp) == 0 && parts[len(parts)-1] != pushLine {
			parts = append(parts, pushLine)
		}
	}
	if c.strict() && a.shown("next_step") && !a.hostile() {
		// A meeting is proposed while the objection stands.
		parts = append(parts, c.render(c.fresh(tooEarly[c.v.String()], "early")))
	}
	switch a.formalityState {
	case "wrong_sie", "wrong_du", "mixed":
		parts = append(parts, c.fresh(addressRemarks[c.v.String()], "address"))
	}
	return parts
}

// answerIntro introduces the customer's answer to a question; "Gute
// Frage" only when the seller asked one.
func (c *chat) answerIntro(literal bool) string {
	var list []string
	for _, l := range c.temp.Answer[c.v.Lang] {
		f := fold(l)
		if !literal && (strings.Contains(f, "frage") || strings.Contains(f, "question")) {
			continue
		}
		list = append(list, l)
	}
	if len(list) == 0 {
		return ""
	}
	return c.render(c.fresh(list, "answer"))
}

// takeUp is what the customer says about a condition the last answer (at
// history index i) met for the first time: the seller's own words taken
// up, and for sceptical customers without proof a doubt with its reason.
func (c *chat) takeUp(i int, stage []sellerTurn, met []string) []string {
	before := c.metConditions(i-1, stage)
	for k, m := range met {
		if m == "" || before[k] != "" || m == "-" {
			continue
		}
		line := c.fresh(takenUp[c.v.String()], "takeup")
		out := []string{strings.Replace(line, "%s", m, 1)}
		t := temperamentOf(c.in.Scenario.Tone)
		if (t == tempSkeptical || t == tempAnalytical) && !c.analyseAt(i, c.family).shown("evidence") {
			out = append(out, c.render(c.fresh(doubts[c.v.String()], "doubt")))
		}
		return out
	}
	return nil
}

// demand voices the first technique that no answer to this objection has
// shown yet, or a condition the seller has not met; "" when everything
// was given.
func (c *chat) demand(given map[string]bool, f familyTexts, met []string) string {
	if c.customOf(c.family) != nil {
		// A custom objection's missing criteria come first: without them
		// it is not overcome.
		if cond := c.openCondition(f, met); cond != "" {
			return cond
		}
	}
	order := demandOrder["default"]
	if o, ok := demandOrder[temperamentOf(c.in.Scenario.Tone)]; ok {
		order = o
	}
	for _, k := range order {
		if !given[k] {
			return c.render(c.fresh(demands[k][c.v.Lang], "demand:"+k))
		}
	}
	return c.openCondition(f, met)
}

// openCondition is a condition of the objection the seller has not met
// yet, or "".
func (c *chat) openCondition(f familyTexts, met []string) string {
	var open []string
	for k, l := range f.Condition[c.v.Lang] {
		if k >= len(met) || met[k] == "" {
			open = append(open, l)
		}
	}
	if len(open) == 0 {
		return ""
	}
	return c.render(c.fresh(open, "condition"))
}

// strict reports a chat in which an objection needs a real answer to its
// hidden concern: Mittel, Schwer and every exam.
func (c *chat) strict() bool {
	return c.in.Scenario.Mode == salescoach.ModeExam || c.in.Scenario.Difficulty >= 2
}

func clampDifficulty(d int) int {
	switch {
	case d < 1:
		return 2
	case d > 3:
		return 3
	}
	return d
}
