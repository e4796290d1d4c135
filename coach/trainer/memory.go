package trainer

import (
	"cmp"
	"strings"

	"salescoach"
)

// The customer's memory of the chat: what the seller asked and claimed
// about the current objection, and what the customer already said. A
// customer who listens answers a question, takes up what was given instead
// of demanding it again, and never says the same sentence twice.

// stageAnswers are the seller's answers to the current objection, oldest
// first.
func (c *chat) stageAnswers() []sellerTurn {
	turns := c.sellerTurns()
	n := len(turns)
	for n > 0 && turns[n-1].family == c.family {
		n--
	}
	return turns[n:]
}

// asks reports whether the seller's text asks the customer something: a
// question sentence or an indirect question ("Erzählen Sie mal …"), other
// than a proposal of the next step.
func asks(text string) bool {
	for _, s := range splitSentences(text) {
		if isQuestion(s) && !isNextStepSentence(s) {
			return true
		}
	}
	return false
}

// asksLiterally reports a sentence of text that ends with a question mark
// and is no next-step proposal: what "Gute Frage" may answer.
func asksLiterally(text string) bool {
	for _, s := range splitSentences(text) {
		if s.Question && !isNextStepSentence(s) {
			return true
		}
	}
	return false
}

// revealedAt reports whether the customer, in a message before history
// index i and since the objection family was raised, told what is behind
// it.
func (c *chat) revealedAt(i int, family string) bool {
	if !c.isFamily(family) {
		return false
	}
	var reveals []string
	for _, l := range c.texts(family).Reveal[c.v.Lang] {
		if first := firstSentence(splitSentences(c.render(l))); first != "" {
			reveals = append(reveals, norm(first))
		}
	}
	for j := min(i, len(c.in.History)) - 1; j >= 0; j-- {
		t := c.in.History[j]
		if t.Role != salescoach.RoleAssistant {
			continue
		}
		n := norm(t.Content)
		for _, r := range reveals {
			if strings.Contains(n, r) {
				return true
			}
		}
		if f := c.classify(t.Content); f != "" && f != family {
			return false
		}
	}
	return false
}

// addresses returns the sentence of the answer that answers the hidden
// concern of family: one that gives what a condition asks for, or that
// handles the objection as trainers teach; "" when none does.
func (c *chat) addresses(a *analysis, family string) string {
	if co := c.customOf(family); co != nil {
		return c.scriptAddresses(a, co)
	}
	ms := c.metMatchers(family)
	for _, s := range a.sents {
		if placeholderRE.MatchString(s.Text) || !realSentence(s) {
			continue
		}
		for _, m := range ms {
			if has(s.Norm, m) {
				return s.Text
			}
		}
		if fw, ok := familyLexicon[family]; ok && has(s.Norm, fw.Handling.m) {
			return s.Text
		}
	}
	return ""
}

// metConditions tells, per condition of the current objection, the seller's
// words that gave what it asks for ("" when not given, "-" when given in
// words too long to quote) in the answers to
// this objection up to history index i.
func (c *chat) metConditions(i int, stage []sellerTurn) []string {
	if c.customOf(c.family) != nil {
		return c.scriptMet(i)
	}
	conds := c.metMatchers(c.family)
	out := make([]string, len(conds))
	for k, ms := range conds {
		for _, t := range stage {
			if t.index > i {
				break
			}
			for _, s := range splitSentences(t.text) {
				// A question gives nothing yet, nor does an unfinished
				// sentence of a model answer.
				if placeholderRE.MatchString(s.Text) || isQuestion(s) {
					continue
				}
				if m, ok := find(s.Norm, ms); ok && out[k] == "" {
					// "-": met, in words too long to quote back.
					out[k] = cmp.Or(shortExcerpt(s, m), "-")
				}
			}
		}
	}
	return out
}

// metMatchers are, per condition of family, the compiled words that meet
// it, once per chat.
func (c *chat) metMatchers(family string) [][]matcher {
	if ms, ok := c.metCompiled[family]; ok {
		return ms
	}
	var ms [][]matcher
	for _, words := range c.texts(family).Met {
		ms = append(ms, compile(words))
	}
	if c.metCompiled == nil {
		c.metCompiled = map[string][][]matcher{}
	}
	c.metCompiled[family] = ms
	return ms
}

// shortExcerpt is a few of the seller's words around the entry m of s:
// its clause when that is short, else the words just before and after the
// match ("Rechenzentrum in Frankfurt"), for the customer to take them up;
// "" when m cannot be placed.
func shortExcerpt(s sentence, m string) string {
	needle := strings.Fields(strings.TrimSpace(norm(strings.TrimSuffix(m, "*"))))
	if len(needle) == 0 {
		return ""
	}
	trim := func(x string) string { return strings.Trim(strings.TrimSpace(x), " .,;:!?\"„“”–-") }
	for _, clause := range strings.FieldsFunc(s.Text, func(r rune) bool { return strings.ContainsRune(",;:–—()", r) }) {
		if !strings.Contains(norm(clause), " "+strings.Join(needle, " ")) {
			continue
		}
		fields := strings.Fields(clause)
		if n := len(fields); n >= 2 && n <= 6 {
			return trim(clause)
		}
		for i, f := range fields {
			if strings.HasPrefix(strings.TrimSpace(norm(f)), needle[0]) {
				from, to := max(0, i-2), min(len(fields), i+len(needle)+1)
				return trim(strings.Join(fields[from:to], " "))
			}
		}
	}
	return ""
}

// said are the sentences the customer has said in the chat so far, in
// their matching form.
func (c *chat) said() map[string]bool {
	if c.saidCache != nil {
		return c.saidCache
	}
	m := map[string]bool{}
	defer func() { c.saidCache = m }()
	for _, t := range c.in.History {
		if t.Role != salescoach.RoleAssistant {
			continue
		}
		for _, s := range splitSentences(t.Content) {
			m[s.Norm] = true
		}
	}
	return m
}

// repeats reports whether text holds a sentence the customer already said.
func (c *chat) repeats(text string, said map[string]bool) bool {
	for _, s := range splitSentences(text) {
		if said[s.Norm] {
			return true
		}
	}
	return false
}

// fresh picks a template from list for slot, preferring one whose
// rendered sentences the customer has not said yet in this chat; the
// seeded order keeps replays the same.
func (c *chat) fresh(list []string, slot string) string {
	if len(list) == 0 {
		return ""
	}
	base := pick(len(list), c.in.Scenario.Seed, slot)
	for _, t := range c.in.History {
		if t.Role == salescoach.RoleAssistant {
			base++
		}
	}
	said := c.said()
	for i := range list {
		cand := list[(base+i)%len(list)]
		if !c.repeats(c.render(cand), said) {
			return cand
		}
	}
	return list[base%len(list)]
}

// mentioned reports whether the customer named the product before.
func (c *chat) mentioned() bool {
	ph := c.p.Phrase
	if ph == "" {
		return false
	}
	for _, t := range c.in.History {
		if t.Role == salescoach.RoleAssistant && strings.Contains(t.Content, ph) {
			return true
		}
	}
	return false
}

// nameProduct names the product as a person would: in quotes at most at
// its first mention in the chat (keep says whether this text may have
// it), plainly after that.
func (c *chat) nameProduct(text string, keep bool) string {
	ph := c.p.Phrase
	if ph == "" {
		return text
	}
	for _, q := range [][2]string{{"„", "“"}, {"“", "”"}} {
		quoted := q[0] + ph + q[1]
		if keep {
			if at := strings.Index(text, quoted); at >= 0 {
				head := text[:at+len(quoted)]
				text = head + strings.ReplaceAll(text[at+len(quoted):], quoted, ph)
				continue
			}
		}
		text = strings.ReplaceAll(text, quoted, ph)
	}
	return text
}

// dropRepeats removes the sentences of text the customer already said
// that are long enough to be noticed, keeping at least one sentence.
func (c *chat) dropRepeats(text string) string {
	said := c.said()
	ss := splitSentences(text)
	var kept []string
	for _, s := range ss {
		if s.Words >= repeatWords && said[s.Norm] {
			continue
		}
		kept = append(kept, s.Text)
	}
	if len(kept) == 0 {
		return text
	}
	return strings.Join(kept, " ")
}

// repeatWords is the length from which a sentence said twice in a chat is
// noticed.
const repeatWords = 6

// firstOnly reports an opening phrasing that only fits the start of a
// conversation ("Bevor wir über … reden").
func firstOnly(tmpl string) bool {
	f := fold(tmpl)
	return strings.HasPrefix(f, "bevor wir ueber") || strings.HasPrefix(f, "before we talk about")
}
