package trainer

import (
	"fmt"
	"regexp"
	"strings"

	"salescoach"
)

// laerOrder is the order in which a good answer does things, and the order
// in which hints name what is missing.
var laerOrder = []string{"acknowledge", "question", "benefit", "evidence", "next_step"}

// sample returns the perfect-answer block of a technique for the current
// objection, rendered for product and form of address.
func (c *chat) sample(kind string) string {
	pt := c.perfectFor(c.family)
	var list []string
	switch kind {
	case "acknowledge":
		list = pt.Ack[c.v.Lang]
	case "question":
		list = pt.Question[c.v.Lang]
	case "benefit":
		list = pt.Benefit[c.v.Lang]
	case "evidence":
		list = pt.Evidence[c.v.Lang]
	case "next_step":
		list = pt.Next[c.v.Lang]
	}
	// Prefer a variant the seller has not sent yet in this chat, so a
	// second perfect answer does not repeat the first word for word.
	start := pick(len(list), c.in.Scenario.Seed, "perfect:"+kind, itoa(c.in.Stage))
	for i := range list {
		text := upperFirst(c.render(list[(start+i)%len(list)]))
		if !c.sellerSaid(text) {
			return text
		}
	}
	return upperFirst(c.render(list[start]))
}

// unbracket turns the placeholders of a sample into words that read as an
// instruction ("Zum Beispiel: … (ein Kundenbeispiel mit einer Zahl).")
// for texts that show a sample rather than hand it over for editing.
func unbracket(s string) string {
	return placeholderRE.ReplaceAllStringFunc(s, func(p string) string {
		return "… (" + strings.Trim(p, "[]") + ")"
	})
}

// sellerSaid reports whether a seller turn of the chat already says text
// or nearly so: a perfect answer should not ask again what the seller just
// asked in other words.
func (c *chat) sellerSaid(text string) bool {
	want := contentWords(text)
	for _, t := range c.in.History {
		if !isSeller(t.Role) {
			continue
		}
		if strings.Contains(t.Content, text) {
			return true
		}
		for _, s := range splitSentences(t.Content) {
			if jaccard(want, contentWords(s.Text)) >= 0.6 {
				return true
			}
		}
	}
	return false
}

func contentWords(s string) []string {
	var out []string
	for _, w := range tokens(s) {
		if len(w) >= 3 && !stopwords[w] {
			out = append(out, w)
		}
	}
	return out
}

// perfectAnswer is a model of the move the moment calls for: at a fresh
// objection an acknowledgement and one open question (no pitch, no
// meeting); once the customer has told the concern, the answer to exactly
// that concern with the description's facts and a check-back; once it is
// settled, the next step. Placeholders ask for the seller's own facts; a
// reference customer named in the description fills them.
func (c *chat) perfectAnswer() string {
	m := c.momentAt(len(c.in.History))
	var parts []string
	switch m.expected {
	case salescoach.MoveExplore:
		parts = []string{c.sample("acknowledge"), c.sample("question")}
	case salescoach.MoveRespond:
		if c.customOf(c.family) != nil {
			parts = []string{c.scriptPerfectAnswer()}
		} else {
			parts = append(parts, c.concernAnswer(m))
			if f := c.fact(); f != "" {
				parts = append(parts, f)
			}
		}
		parts = append(parts, c.render(c.choose(movesData.CheckBack[c.v.String()], "checkback")))
	default:
		parts = []string{c.render(c.choose(movesData.Summary[c.v.String()], "summary")), c.sample("next_step")}
	}
	return tidy(strings.Join(parts, " "))
}

// concernAnswer is the model answer to the concern the chat holds behind
// the objection, its placeholder filled with the description's reference
// customer when it names one.
func (c *chat) concernAnswer(m stand) string {
	if m.concern == nil || len(m.concern.Answer[c.v.Lang]) == 0 {
		return c.sample("benefit") + " " + c.withReference(c.sample("evidence"))
	}
	list := m.concern.Answer[c.v.Lang]
	text := upperFirst(c.render(list[pick(len(list), c.in.Scenario.Seed, "concernanswer", m.family)]))
	return c.withReference(text)
}

// referenceRE finds a reference customer in a product description:
// "Referenz: Haustechnik Krämer spart …", "Reference customer: …".
var referenceRE = regexp.MustCompile(`(?i)\b(referenz(?:kunde|kunden)?|reference(?: customer)?|kundenbeispiel|customer example)\s*[:–-]\s*([^.;]{8,200})`)

// withReference fills the first placeholder of text with the reference
// customer the description names; text as it is when it names none.
func (c *chat) withReference(text string) string {
	m := referenceRE.FindStringSubmatch(c.in.Scenario.Product)
	if m == nil || !placeholderRE.MatchString(text) {
		return text
	}
	ref := strings.TrimSpace(m[2])
	return placeholderRE.ReplaceAllLiteralString(text, ref)
}

// factLeads introduce a fact of the product description in a model answer:
// a relative clause of the description after "dass [product]", or one of
// its later sentences.
var factLeads = map[string]string{langDE: "Dabei hilft, dass", langEN: "That's because"}

// relativeStarts open the relative clause of a description that says what
// the product does ("…, die Stundenzettel überflüssig macht").
var relativeStarts = map[string][]string{
	langDE: {", die ", ", der ", ", das ", ", welche ", ", welcher ", ", welches "},
	langEN: {" that ", " which ", ", which "},
}

// fact is one fact of the product description as a line of a model
// answer, the one closest to the current objection: what the product does
// (its relative clause, turned into "Dabei hilft, dass [product] …") or a
// later sentence of the description. Never the description's first
// sentence pasted in; "" when no fact fits: written in the other language,
// addressing someone (its "Sie" or "du" could clash with the chat's), too
// long, or already said.
func (c *chat) fact() string {
	var cands []string
	for i, s := range splitSentences(c.in.Scenario.Product) {
		// A fact of a bulleted list is said without its bullet.
		t := strings.TrimLeft(strings.TrimRight(s.Text, " .!"), "-–—•*· ")
		if i == 0 {
			if _, rest, ok := strings.Cut(t, ": "); ok {
				t = rest
			}
			if c.p.Phrase == "" {
				continue
			}
			for _, rs := range relativeStarts[c.v.Lang] {
				if at := strings.Index(t, rs); at > 0 {
					clause := strings.TrimSpace(t[at+len(rs):])
					if end := strings.IndexAny(clause, ";–("); end > 0 {
						clause = strings.TrimSpace(clause[:end])
					}
					cands = append(cands, factLeads[c.v.Lang]+" "+c.p.Phrase+" "+clause+".")
					break
				}
			}
			continue
		}
		cands = append(cands, upperFirst(t)+".")
	}
	best, bestScore := "", -1
	for _, f := range cands {
		words := strings.Fields(f)
		if len(words) < 6 || len(f) > 240 || strings.ContainsAny(f, "{}[]|") || !c.inLanguage(f) || addressesSomeone(f) || c.sellerSaid(f) {
			continue
		}
		score := 0
		if fw, ok := c.words(c.family); ok {
			n := norm(f)
			score = count(n, fw.Theme.m) + 2*count(n, fw.Handling.m)
		}
		if score > bestScore {
			best, bestScore = f, score
		}
	}
	return best
}

// inLanguage reports whether a description's text is in the chat's
// language.
func (c *chat) inLanguage(f string) bool {
	de, en := 0, 0
	for _, t := range tokens(f) {
		if germanMarkers[t] {
			de++
		}
		if englishMarkers[t] {
			en++
		}
	}
	return !((c.v.Lang == langDE && en > de) || (c.v.Lang == langEN && de >= en))
}

// addressesSomeone reports text with a form of address, whose "Sie" or
// "du" could clash with the chat's.
func addressesSomeone(f string) bool {
	for _, w := range wordsOf(f) {
		if sieForms[w] || duForms[strings.ToLower(w)] || strings.EqualFold(w, "you") || strings.EqualFold(w, "your") {
			return true
		}
	}
	return false
}

// germanMarkers and englishMarkers tell the language of a description.
var (
	germanMarkers  = map[string]bool{"der": true, "die": true, "das": true, "und": true, "ist": true, "fuer": true, "mit": true, "von": true, "eine": true, "ein": true, "den": true, "dem": true, "im": true, "auf": true}
	englishMarkers = map[string]bool{"the": true, "and": true, "is": true, "for": true, "with": true, "of": true, "a": true, "an": true, "that": true, "to": true, "on": true}
)

// sellerTurn is one seller answer with the objection it answered.
type sellerTurn struct {
	family string
	text   string
	before string // the customer message it answered
	index  int    // its place in the history
}

// sellerTurns walks the chat and tells, for each seller answer, which
// objection the customer had raised last.
func (c *chat) sellerTurns() []sellerTurn {
	if c.turnsDone {
		return c.turnsCache
	}
	var out []sellerTurn
	defer func() { c.turnsCache, c.turnsDone = out, true }()
	current, before := "", ""
	for i, t := range c.in.History {
		switch {
		case t.Role == salescoach.RoleAssistant:
			if f := c.classify(t.Content); f != "" {
				current = f
			}
			before = t.Content
		case isSeller(t.Role):
			// The seller's opening, before the customer said anything,
			// answers no objection.
			if strings.TrimSpace(t.Content) == "" || before == "" {
				continue
			}
			f := current
			if f == "" {
				f = c.family
			}
			out = append(out, sellerTurn{family: f, text: t.Content, before: before, index: i})
		}
	}
	return out
}

// hint names the move the moment calls for now, with a sample: what to
// fix first when the last answer was unfinished (a placeholder), empty of
// substance or hostile.
func (c *chat) hint() string {
	lang := c.v.Lang
	h := movesData.Hints[lang]
	if i := lastSeller(c.in.History); i >= 0 && c.familyAt(i) == c.family && len(c.stageAnswers()) > 0 {
		a := c.analyseAt(i, c.family)
		j := c.judgeAt(i)
		switch {
		case a.placeholder != "":
			return fmt.Sprintf(h["placeholder"], quote(lang, a.placeholder, 1000))
		case a.void != "" || j.flags["parrot"] != "":
			return h["void"]
		case a.hostile():
			return h["tone"] + " " + c.moveHint()
		case j.overrun:
			return h["overrun"] + " " + c.moveHint()
		}
	}
	return c.moveHint()
}

// moveHint is the hint for the move due now, with a sample.
func (c *chat) moveHint() string {
	lang := c.v.Lang
	h := movesData.Hints[lang]
	m := c.momentAt(len(c.in.History))
	switch m.expected {
	case salescoach.MoveExplore:
		return h["explore"] + " " + quote(lang, c.sample("acknowledge")+" "+c.sample("question"), 1000)
	case salescoach.MoveRespond:
		open := ""
		if m.concern != nil {
			open = m.concern.Open[lang]
		}
		if c.customOf(m.family) != nil {
			open = joinList(lang, c.missingCriteria())
		}
		sample := c.concernAnswer(m) + " " + c.render(c.choose(movesData.CheckBack[c.v.String()], "checkback"))
		return fmt.Sprintf(h["respond"], open) + " " + quote(lang, sample, 1000)
	default:
		return h["advance"] + " " + quote(lang, c.sample("next_step"), 1000)
	}
}
