package trainer

import (
	"fmt"
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

// perfectAnswer is the five blocks in LAER order. Once the customer has
// told what is behind the objection, the answer to that (a condition not
// yet met) takes the place of another question.
func (c *chat) perfectAnswer() string {
	if c.customOf(c.family) != nil {
		return c.scriptPerfectAnswer()
	}
	parts := make([]string, 0, len(laerOrder)+2)
	concern := c.concernAnswer()
	for _, k := range laerOrder {
		if k == "question" && concern != "" {
			parts = append(parts, concern)
			continue
		}
		parts = append(parts, c.sample(k))
		if k == "benefit" {
			// The user's own description speaks the product's trade and
			// holds only facts the user gave.
			if f := c.fact(); f != "" {
				parts = append(parts, f)
			}
		}
	}
	return tidy(strings.Join(parts, " "))
}

// concernAnswer is the seller's answer to the first condition of the
// current objection that no answer has met yet, once the customer has told
// what is behind it; "" before that.
func (c *chat) concernAnswer() string {
	if !c.revealedAt(len(c.in.History), c.family) {
		return ""
	}
	f := c.texts(c.family)
	answers := f.Answer[c.v.Lang]
	met := c.metConditions(len(c.in.History), c.stageAnswers())
	for k, a := range answers {
		if k < len(met) && met[k] != "" {
			continue
		}
		return upperFirst(c.render(a))
	}
	if len(answers) > 0 {
		return upperFirst(c.render(answers[len(answers)-1]))
	}
	return ""
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
		t := strings.TrimRight(s.Text, " .!")
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

// hint names the most valuable missing technique of the last answer to the
// current objection, with a sample sentence.
func (c *chat) hint() string {
	lang := c.v.Lang
	adv := hintAdvice[lang]
	turns := c.sellerTurns()
	var stage []sellerTurn // answers to the current objection, newest first
	for i := len(turns) - 1; i >= 0 && turns[i].family == c.family; i-- {
		stage = append(stage, turns[i])
	}
	primary := ""
	var missing []string
	if len(stage) == 0 {
		missing = append(missing, laerOrder...)
	} else {
		a := c.analyseAt(stage[0].index, c.family)
		if a.placeholder != "" {
			// A model answer sent unfinished: fill it in first.
			return labels[lang]["evidence"] + ": " + fmt.Sprintf(adv["placeholder"], quote(lang, a.placeholder, 1000)) + "."
		}
		switch {
		case a.void != "":
			primary = "tone_void"
		case a.hostile() || a.hasPenalty("dismiss"):
			primary = "tone"
		case a.hasPenalty("short"):
			primary = "tone_short"
		case a.hasPenalty("long"):
			primary = "tone_long"
		case strings.HasPrefix(a.formalityState, "wrong") || a.formalityState == "mixed":
			primary = "formality"
		}
		// What an earlier answer to this objection already did matters
		// less than what was never tried.
		earlier := map[string]bool{}
		for _, t := range stage[1:] {
			ea := c.analyseAt(t.index, c.family)
			for _, k := range laerOrder {
				earlier[k] = earlier[k] || ea.shown(k)
			}
		}
		var demoted []string
		for _, k := range laerOrder {
			switch {
			case a.shown(k):
			case earlier[k]:
				demoted = append(demoted, k)
			default:
				missing = append(missing, k)
			}
		}
		missing = append(missing, demoted...)
	}
	if primary == "" {
		if len(missing) == 0 {
			return adv["complete"] + " " + adv["example"] + " " + quote(lang, c.sample("evidence"), 1000)
		}
		primary, missing = missing[0], missing[1:]
	}
	label, advice, sample := labels[lang][primary], "", ""
	switch primary {
	case "acknowledge", "question":
		advice = fmt.Sprintf(adv[primary], familyName(c.family, lang))
		sample = c.sample(primary)
	case "benefit", "evidence", "next_step":
		advice = adv[primary]
		sample = c.sample(primary)
	case "formality":
		if c.v.Sie {
			advice = adv["formality_sie"]
		} else {
			advice = adv["formality_du"]
		}
		sample = c.sample("acknowledge")
	case "tone", "tone_short", "tone_long", "tone_void":
		label = labels[lang]["tone"]
		advice = adv[primary]
		sample = c.sample("acknowledge") + " " + c.sample("question")
	}
	out := label + ": " + advice + ", " + adv["example"] + " " + quote(lang, sample, 1000)
	if len(missing) > 2 {
		missing = missing[:2]
	}
	if len(missing) > 0 {
		names := make([]string, len(missing))
		for i, k := range missing {
			names[i] = labels[lang][k]
		}
		out += " " + fmt.Sprintf(adv["also"], strings.Join(names, ", "))
	}
	return out
}
