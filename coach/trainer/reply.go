package trainer

import (
	"regexp"
	"strings"
	"unicode"

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
		parts = c.convinced()
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

// next says that the previous objection is settled, in the words of the
// concern the answer met (after a "yes" when the seller checked back), and
// raises the current one.
func (c *chat) next() []string {
	var parts []string
	settled := settledFallback[c.v.Lang]
	if i := lastSeller(c.in.History); i >= 0 {
		j := c.judgeAt(i)
		if c.checksBack(c.analyseAt(i, j.family)) != "" {
			parts = append(parts, c.render(c.varied(movesData.Yes[c.v.String()], "yes")))
		}
		if j.concern != nil && len(j.concern.Settled[c.v.Lang]) > 0 {
			settled = j.concern.Settled[c.v.Lang]
		} else if c.isFamily(j.family) && j.family != c.family && len(c.texts(j.family).Settled[c.v.Lang]) > 0 {
			settled = c.texts(j.family).Settled[c.v.Lang]
		}
	}
	obj := c.objection(true)
	lead := c.render(c.fresh(c.temp.Next[c.v.Lang], "next"))
	if strings.Contains(obj[0], ":") && strings.HasSuffix(lead, ":") {
		// "Noch was: Bevor wir reden: …" reads badly; end the lead instead.
		lead = strings.TrimSuffix(lead, ":") + "."
	}
	parts = append(parts, c.render(c.fresh(settled, "settled")), lead)
	return append(parts, obj...)
}

// convinced agrees to the seller's next step, naming the day the seller
// proposed when there is one ("Einverstanden – Donnerstag um 10 Uhr passt
// mir."), so that no two chats close with the same sentence.
func (c *chat) convinced() []string {
	step := ""
	if i := lastSeller(c.in.History); i >= 0 {
		step = c.judgeAt(i).step
	}
	if day := dayOf(step); day != "" {
		return []string{strings.Replace(c.render(c.varied(movesData.Agreed[c.v.String()], "agreed")), "%s", day, 1)}
	}
	return []string{c.render(c.varied(movesData.AgreedBare[c.v.String()], "convinced"))}
}

// dayRefRE finds the day (and time) a next step names: a weekday or
// "morgen" with an optional time, or a date.
var dayRefRE = regexp.MustCompile(`(?i)\b((am |on |this |next |nächsten |kommenden )?(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag|monday|tuesday|wednesday|thursday|friday|saturday|sunday|morgen|tomorrow)(vormittag|nachmittag|abend|früh|morning|afternoon|evening)?( den \d{1,2}\.)?( (um|at) \d{1,2}([:.]\d{2})?( uhr| am| pm)?)?|(am |on the )?\d{1,2}\. (januar|februar|märz|april|mai|juni|juli|august|september|oktober|november|dezember))`)

// dayOf is the day a step names, as the seller wrote it, or "".
func dayOf(step string) string {
	// "bis Freitag das Angebot, und nächsten Dienstag um 19 Uhr
	// telefonieren wir": the meeting is the day with a time, else the last.
	all := dayRefRE.FindAllString(step, -1)
	if len(all) == 0 {
		return ""
	}
	for i := len(all) - 1; i >= 0; i-- {
		if strings.ContainsAny(all[i], "0123456789") {
			return strings.TrimSpace(all[i])
		}
	}
	return strings.TrimSpace(all[len(all)-1])
}

// push reacts to the seller's last answer while the objection stands, as a
// person who listens would: a question or a proposal is answered first;
// a real question about the objection gets the concern the chat holds
// (told once; asked again, the customer refers back to it in other words);
// an answer to the concern is taken up, and once the last objection is
// settled the customer asks how to go on; contradiction and pressure cool
// the customer down; an answer that dodges gets the objection again.
func (c *chat) push(as *coach.Assessment) []string {
	f := c.texts(c.family)
	lang := c.v.Lang
	pushLine := c.render(c.fresh(f.Push[lang], "push:"+c.family))
	if c.repeats(pushLine, c.said()) {
		pushLine = c.render(f.Core[lang])
	}
	i := lastSeller(c.in.History)
	if i < 0 {
		return []string{pushLine}
	}
	j := c.judgeAt(i)
	a := c.analyseAt(i, j.family)
	concern := j.concern
	// restate is the objection as it stands: the concern in other words
	// once it was told, else the objection.
	restate := func() []string {
		if j.revealed && concern != nil {
			return []string{c.render(c.varied(concern.Again[lang], "again:"+c.family))}
		}
		return []string{pushLine}
	}
	var parts []string
	// A proposal while the objection stands is answered first.
	proposal := ""
	for _, s := range a.sents {
		if s.Question && isNextStepSentence(s) {
			proposal = s.Text
		}
	}
	early := func() []string {
		if has(norm(proposal), documentWords.m) {
			return []string{c.render(c.fresh(movesData.Documents[c.v.String()], "documents"))}
		}
		return []string{c.render(c.fresh(tooEarly[c.v.String()], "early"))}
	}
	switch {
	case a.hostile() || j.flags["pushy"] != "":
		parts = append([]string{c.render(c.varied(c.temp.Cool[lang], "cool"))}, restate()...)
	case proposal != "" && !j.settles && j.expected != salescoach.MoveAdvance && a.void == "":
		// A proposal is a question too: answered first.
		parts = append(early(), restate()...)
	case a.void != "" || a.offTopic && !j.made && c.substanceOf(a) == "" || j.flags["parrot"] != "" || j.flags["buzzwords"] != "":
		parts = append([]string{c.render(c.varied(c.temp.Ignored[lang], "ignored"))}, restate()...)
	case j.expected == salescoach.MoveAdvance || j.settles:
		// The objection is answered; the customer waits for the close.
		if j.expected != salescoach.MoveAdvance {
			if c.checksBack(a) != "" {
				parts = append(parts, c.render(c.varied(movesData.Yes[c.v.String()], "yes")))
			}
			if concern != nil {
				parts = append(parts, c.render(c.fresh(concern.Settled[lang], "settled:"+c.family)))
			}
			parts = append(parts, c.render(c.fresh(movesData.HowOn[c.v.String()], "howon")))
			break
		}
		if a.next > 0 || j.step != "" {
			parts = append(parts, c.render(c.varied(movesData.Concrete[c.v.String()], "concrete")))
		} else {
			parts = append(parts, c.render(c.varied(movesData.HowOn[c.v.String()], "howon")))
		}
	case j.expected == salescoach.MoveExplore && j.made:
		q, _ := c.exploringQuestion(a)
		if concern != nil {
			reveal := c.render(c.fresh(concern.Reveal[lang], "reveal:"+c.family))
			if !startsWith(norm(reveal), discourseMarkers.m) {
				// "Ehrlich gesagt, …" needs no "Also, ehrlich gesagt:" before it.
				parts = append(parts, c.answerLead(q.Question))
			}
			parts = append(parts, reveal)
			if !c.temp.Short {
				parts = append(parts, c.render(c.fresh(concern.Need[lang], "need:"+c.family)))
			}
		} else {
			parts = append(parts, c.answerLead(q.Question), pushLine)
		}
	case j.expected == salescoach.MoveExplore:
		if proposal != "" || j.overrun {
			parts = append(parts, early()...)
		} else if j.flags["pitched"] != "" || j.flags["premature"] != "" || c.answersObjection(a) != "" || a.benefit >= shownBenefit {
			parts = append(parts, c.render(c.varied(movesData.Pitched[c.v.String()], "pitched")))
		} else {
			parts = append(parts, c.render(c.varied(c.temp.Mediocre[lang], "mediocre")))
		}
		parts = append(parts, pushLine)
	default:
		// Respond was called for and the answer did not meet the concern.
		if proposal != "" {
			parts = append(parts, early()...)
		} else if c.checksBack(a) != "" && !asks(a.text) {
			parts = append(parts, c.render(c.varied(movesData.NotQuite[c.v.String()], "notquite")))
		}
		if q, strength := c.exploringQuestion(a); strength > 0 && q.Text != "" {
			// Asked again: the same concern, in other words.
			parts = append(parts, restate()...)
			break
		}
		if up := c.takeUpClause(a); up != "" {
			parts = append(parts, up)
		}
		if ask := c.missingCriterionAsk(j); ask != "" {
			// A scenario's criterion still missing: asked in the
			// customer's own words.
			parts = append(parts, ask)
			break
		}
		again := strings.Join(restate(), " ")
		if startsWith(norm(again), againMarkers.m) {
			// "Wie gesagt: …" needs no "Trotzdem:" before it.
			parts = append(parts, again)
			break
		}
		parts = append(parts, c.render(c.fresh(movesData.AgainLeads[c.v.String()], "againlead")))
		parts = append(parts, lowerFirst(again))
	}
	if remark := c.addressRemark(a); remark != "" {
		parts = append(parts, remark)
	}
	return parts
}

// discourseMarkers open a sentence as a lead would ("Ehrlich gesagt",
// "To be honest").
var discourseMarkers = lex("ehrlich gesagt", "offen gesagt", "um ehrlich zu sein", "also", "na ja", "naja", "tja", "hm", "gute frage",
	"wenn ich ehrlich bin", "to be honest", "honestly", "well", "frankly", "good question", "hm", "if i m honest")

// againMarkers open a sentence that refers back ("Wie gesagt", "As I
// said").
var againMarkers = lex("wie gesagt", "wie schon gesagt", "nach wie vor", "mein punkt", "der punkt bleibt", "es bleibt", "trotzdem",
	"as i said", "like i said", "my point", "still", "it still", "the point", "that still")

// missingCriterionAsk asks, in the customer's own words, for the first
// criterion of a scenario's objection that no answer met yet; "" for a
// catalogue family or when all are met.
func (c *chat) missingCriterionAsk(j *judgement) string {
	if c.customOf(j.family) == nil {
		return ""
	}
	for _, st := range c.criteriaAt(j.index, j.family) {
		if !st.met {
			asks := scenarioData.CriterionAsks[criterionKind(st.text)][c.v.Lang]
			return c.render(c.fresh(asks, "criterion"))
		}
	}
	return ""
}

// answerLead introduces the customer's answer to a question; "Gute Frage"
// only after a sentence that ends with a question mark, and never the
// opener of the customer's last message.
func (c *chat) answerLead(literal bool) string {
	var list []string
	for _, l := range append(append([]string(nil), c.temp.Answer[c.v.Lang]...), movesData.AnswerLeads[c.v.String()]...) {
		f := fold(l)
		if !literal && (strings.Contains(f, "frage") || strings.Contains(f, "question")) {
			continue
		}
		list = append(list, l)
	}
	return c.render(c.varied(list, "answer"))
}

// varied is fresh, skipping lines that open as the customer's last message
// opened: no two replies in a row start with the same formula.
func (c *chat) varied(list []string, slot string) string {
	prev := ""
	if j := lastCustomer(c.in.History); j >= 0 {
		prev = opening(c.in.History[j].Content)
	}
	var keep []string
	for _, l := range list {
		if prev == "" || opening(c.render(l)) != prev {
			keep = append(keep, l)
		}
	}
	if len(keep) == 0 {
		keep = list
	}
	return c.fresh(keep, slot)
}

// opening is the first two words of text, normalised.
func opening(text string) string {
	ws := strings.Fields(norm(text))
	return strings.Join(ws[:min(2, len(ws))], " ")
}

func lowerFirst(s string) string {
	for i, r := range s {
		if i == 0 && unicode.IsUpper(r) {
			// "Wie gesagt: …" after "aber" reads "aber wie gesagt: …";
			// nouns keep their capital (German), so only a pronoun or a
			// function word is lowered.
			w := strings.Fields(s)[0]
			if stopwords[fold(strings.Trim(w, ":,."))] || strings.HasPrefix(fold(w), "wie") || strings.HasPrefix(fold(w), "as") {
				return string(unicode.ToLower(r)) + s[len(string(r)):]
			}
		}
		break
	}
	return s
}

// takeUpClause takes up what the seller gave for the objection in a whole
// clause of the seller's own words (five to fourteen words), or says that
// it helps without quoting; "" when the answer gave nothing.
func (c *chat) takeUpClause(a *analysis) string {
	var given sentence
	for _, s := range a.sents {
		if !isQuestion(s) && !placeholderRE.MatchString(s.Text) && c.substantive(s, a) {
			given = s
			break
		}
	}
	if given.Text == "" {
		return ""
	}
	for _, cl := range clauseRE.Split(given.Text, -1) {
		cl = strings.Trim(strings.TrimSpace(cl), ".!„“\"")
		if n := wordCount(cl); n >= 5 && n <= 14 {
			return strings.Replace(c.fresh(movesData.TakenUp[c.v.String()], "takeup"), "%s", cl, 1)
		}
	}
	return c.fresh(movesData.TakenUpBare[c.v.String()], "takeup")
}

// clauseRE splits a sentence into its clauses.
var clauseRE = regexp.MustCompile(`\s*[,;:–—]\s*|\s+-\s+`)

// addressRemark is what the customer says once about the seller's form of
// address when the profile asks for the other one: never when the seller
// chose freely (Standard), never twice in a chat.
func (c *chat) addressRemark(a *analysis) string {
	if c.in.Scenario.AdaptFormality {
		return ""
	}
	switch a.formalityState {
	case "wrong_sie", "wrong_du", "mixed":
	default:
		return ""
	}
	said := c.said()
	for _, l := range addressRemarks[c.v.String()] {
		if said[norm(l)] {
			return ""
		}
	}
	return c.fresh(addressRemarks[c.v.String()], "address")
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
