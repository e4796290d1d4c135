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
		parts = []string{c.render(c.choose(c.temp.Convinced[c.v.Lang], "convinced"))}
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
	return text, nil
}

// objection renders an opening phrasing of the current family, the first
// sentence only for impatient customers, and sometimes the temperament's
// tail.
func (c *chat) objection() []string {
	f := c.texts(c.family)
	line := c.render(c.choose(f.Open[c.v.Lang], "open"))
	if c.temp.Short {
		if ss := splitSentences(line); len(ss) > 0 {
			line = ss[0].Text
		}
	}
	out := []string{line}
	if pick(2, c.in.Scenario.Seed, "tail", itoa(c.in.Stage)) == 0 {
		out = append(out, c.render(c.choose(c.temp.Tail[c.v.Lang], "tail")))
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
	parts = append(parts, c.render(c.choose(c.temp.Greet[c.v.Lang], "greeting")))
	return append(parts, c.objection()...)
}

// next acknowledges that the previous objection is settled and raises the
// current one.
func (c *chat) next() []string {
	prev := ""
	if j := lastCustomer(c.in.History); j >= 0 {
		prev = c.classify(c.in.History[j].Content)
	}
	settled := settledFallback[c.v.Lang]
	if _, ok := families[prev]; ok && prev != c.family {
		settled = c.texts(prev).Settled[c.v.Lang]
	}
	obj := c.objection()
	lead := c.render(c.choose(c.temp.Next[c.v.Lang], "next"))
	if strings.Contains(obj[0], ":") && strings.HasSuffix(lead, ":") {
		// "Noch was: Bevor wir reden: …" reads badly; end the lead instead.
		lead = strings.TrimSuffix(lead, ":") + "."
	}
	return append([]string{c.render(c.choose(settled, "settled")), lead}, obj...)
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
// revealing a detail when asked a real question, "interesting, but …" when
// the answer was good but not enough.
func (c *chat) push(as *coach.Assessment) []string {
	f := c.texts(c.family)
	lang := c.v.Lang
	i := lastSeller(c.in.History)
	pushLine := c.render(c.rotate(f.Push[lang], "push:"+c.family))
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
	// A good answer that does not settle the objection yet gets "Hm, das
	// klingt interessant, aber …"; harder chats demand more for it.
	good := 45 + 5*clampDifficulty(c.in.Scenario.Difficulty)

	var parts []string
	// The objection repeated: its core after "Noch mal:", unless the
	// customer just said that; then in other words.
	repeat := []string{repeatLead[lang], c.render(f.Core[lang])}
	if j := lastCustomer(c.in.History); j >= 0 && strings.Contains(c.in.History[j].Content, strings.Join(repeat, " ")) {
		repeat = []string{pushLine}
	}
	switch {
	case a.hostile():
		parts = append([]string{c.render(c.rotate(c.temp.Cool[lang], "cool"))}, repeat...)
	case a.offTopic || a.hasPenalty("short"):
		parts = append([]string{c.render(c.rotate(c.temp.Ignored[lang], "ignored"))}, repeat...)
	case shown("question"):
		parts = []string{
			c.render(c.rotate(c.temp.Answer[lang], "answer")),
			c.render(c.rotate(f.Reveal[lang], "reveal:"+c.family)),
		}
		if score >= good {
			parts = append(parts, c.render(c.rotate(c.temp.Good[lang], "good")), c.render(c.choose(f.Condition[lang], "condition")))
		} else {
			parts = append(parts, pushLine)
		}
	case score >= good:
		parts = []string{c.render(c.rotate(c.temp.Good[lang], "good")), c.demand(shown, f)}
		if !c.temp.Short {
			parts = append(parts, pushLine)
		}
	default:
		parts = []string{c.render(c.rotate(c.temp.Mediocre[lang], "mediocre")), c.demand(shown, f), pushLine}
	}
	switch a.formalityState {
	case "wrong_sie", "wrong_du", "mixed":
		parts = append(parts, c.choose(addressRemarks[c.v.String()], "address"))
	}
	return parts
}

// demand voices the first missing technique, or the family's condition
// when nothing is missing.
func (c *chat) demand(shown func(string) bool, f familyTexts) string {
	order := demandOrder["default"]
	if o, ok := demandOrder[temperamentOf(c.in.Scenario.Tone)]; ok {
		order = o
	}
	for _, k := range order {
		if !shown(k) {
			return c.render(c.choose(demands[k][c.v.Lang], "demand:"+k))
		}
	}
	return c.render(c.choose(f.Condition[c.v.Lang], "condition"))
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
