package trainer

import (
	"fmt"
	"hash/fnv"
	"strings"

	"salescoach"
)

// answerContext is what the trainer needs besides the answer itself to tell
// a reply to this objection from text that games the scoring: the seller's
// earlier answers (a repeated answer earns nothing) and the customer's last
// message (sending the customer's own words back earns nothing).
type answerContext struct {
	prior    []string
	customer string
	// near are the earlier answers to the same objection: an answer that
	// says nearly the same again repeats itself. Across objections only the
	// same text counts as a repeat, since a product's benefit and proof
	// rightly come up again for the next objection.
	near []string
	// words are the recognition words of a custom objection of a
	// scenario; nil for a catalogue family (data/lexicon.json).
	words *familyWords
}

// contextAt is the context of the seller turn at index i of the history,
// an answer to family.
func (c *chat) contextAt(i int, family string) answerContext {
	ctx := answerContext{words: c.customWords(family)}
	for _, t := range c.sellerTurns() {
		if t.index < i && t.family == family {
			ctx.near = append(ctx.near, t.text)
		}
	}
	for j := 0; j < i && j < len(c.in.History); j++ {
		t := c.in.History[j]
		switch {
		case isSeller(t.Role):
			ctx.prior = append(ctx.prior, t.Content)
		case t.Role == salescoach.RoleAssistant:
			ctx.customer = t.Content
		}
	}
	return ctx
}

// analyseAt analyses the seller turn at index i of the history as an
// answer to family.
func (c *chat) analyseAt(i int, family string) *analysis {
	key := itoa(i) + "/" + family
	if a, ok := c.analyses[key]; ok {
		return a
	}
	if c.analyses == nil {
		c.analyses = map[string]*analysis{}
	}
	// Every call of a chat (the score, the reply, a hint) analyses its
	// earlier answers again: the result depends only on the chat up to
	// the answer, so it is kept across calls.
	gkey := c.prefixKey(i) + "/" + family
	a, ok := analysisCache.get(gkey)
	if !ok {
		a = c.analyseNew(i, family)
		analysisCache.put(gkey, a)
	}
	c.analyses[key] = a
	return a
}

// analysisCache and judgementCache keep the analyses and judgements of
// recent chats' answers by the chat up to the answer (prefixKey); entries
// are never changed once made.
var (
	analysisCache  = &boundedCache[*analysis]{size: 8192}
	judgementCache = &boundedCache[*judgement]{size: 8192}
)

// prefixKey identifies the chat up to history index i: everything an
// answer's analysis and judgement depend on.
func (c *chat) prefixKey(i int) string {
	if c.prefixes == nil {
		h := fnv.New64a()
		sc := c.in.Scenario
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00%d\x00%s\x00%v\x00%d\x00%s\x00", c.catalogueKey(), sc.Product, sc.PDFText, sc.Mode,
			sc.Difficulty, sc.Seed, sc.AdaptFormality, c.in.TotalStages, strings.Join(c.in.Objections, ","))
		if len(c.in.Objections) == 0 {
			// Without the chat's objections, the stage tells the last one.
			fmt.Fprintf(h, "%d\x00", c.in.Stage)
		}
		for _, t := range c.in.History {
			fmt.Fprintf(h, "%s\x00%s\x01", t.Role, t.Content)
			c.prefixes = append(c.prefixes, fmt.Sprintf("%x", h.Sum64()))
		}
	}
	if i < 0 || i >= len(c.prefixes) {
		return "-"
	}
	return c.prefixes[i]
}

func (c *chat) analyseNew(i int, family string) *analysis {
	a := analyseIn(c.in.History[i].Content, family, c.v, c.p, c.contextAt(i, family))
	a.revealed = c.revealedAt(i, family)
	if a.revealed {
		a.concern = c.addresses(a, family)
	}
	// Once the customer has told what is behind the objection, answering
	// exactly that is what the question was for.
	if a.void == "" && !a.offTopic && a.question < 1 && a.concern != "" {
		a.question, a.questionKind, a.questionQuote = 1, "followup", a.concern
		a.score = a.computeScore()
	}
	return a
}

// Kinds of answers that earn nothing whatever words they contain.
const (
	voidList      = "list"      // a list of labels and keywords, not sentences
	voidRepeat    = "repeat"    // the same text as an earlier answer
	voidEcho      = "echo"      // the customer's own words sent back
	voidInjection = "injection" // instructions to the trainer instead of an answer
)

// checkVoid tells whether the answer is a reply in real sentences at all.
func (a *analysis) checkVoid(ctx answerContext) string {
	if a.words == 0 {
		return ""
	}
	n := norm(a.text)
	if has(n, injectionWords.m) {
		return voidInjection
	}
	if isLabelList(a.text) || namesTechniques(a.text) {
		return voidList
	}
	mine := contentWords(a.text)
	for _, p := range ctx.prior {
		if strings.TrimSpace(p) != "" && fold(strings.Join(strings.Fields(p), " ")) == fold(strings.Join(strings.Fields(a.text), " ")) {
			return voidRepeat
		}
	}
	for _, p := range ctx.near {
		if len(mine) >= 4 && jaccard(mine, contentWords(p)) >= 0.8 {
			return voidRepeat
		}
	}
	if ctx.customer != "" && len(mine) >= 3 {
		theirs := map[string]bool{}
		for _, w := range contentWords(ctx.customer) {
			theirs[w] = true
		}
		same := 0
		for _, w := range mine {
			if theirs[w] {
				same++
			}
		}
		if float64(same) >= 0.7*float64(len(mine)) {
			return voidEcho
		}
	}
	return ""
}

// isLabelList reports text that strings labels together instead of
// forming sentences: most comma- or dot-separated pieces have one or two
// words, or hardly any word is a function word ("und", "Sie", "the").
func isLabelList(text string) bool {
	pieces := strings.FieldsFunc(text, func(r rune) bool {
		return r == ',' || r == ';' || r == '.' || r == '\n' || r == '?' || r == '!' || r == '|' || r == '/'
	})
	short, total := 0, 0
	for _, p := range pieces {
		w := len(strings.Fields(p))
		if w == 0 {
			continue
		}
		total++
		if w <= 2 {
			short++
		}
	}
	toks := tokens(text)
	if len(toks) < 4 {
		return false
	}
	fn := 0
	for _, t := range toks {
		if stopwords[t] || has(" "+t+" ", sentenceWords.m) {
			fn++
		}
	}
	share := float64(fn) / float64(len(toks))
	// Short pieces alone are no proof: "Klar, kenn ich. Dauert nur zehn
	// Minuten." is casual speech. Labels also lack the little words that
	// hold sentences together.
	return (total >= 4 && float64(short) >= 0.6*float64(total) && share < 0.2) || (len(toks) >= 5 && share < 0.12)
}

// namesTechniques reports text that lists the techniques by name instead
// of using them ("Acknowledge the objection. Benefit for the product. Next
// step: meeting next week."): three or more of its pieces open with
// different technique names, the same rule in every language.
func namesTechniques(text string) bool {
	pieces := strings.FieldsFunc(text, func(r rune) bool {
		return r == '.' || r == '?' || r == '!' || r == ':' || r == '/' || r == '\n' || r == ';' || r == '|'
	})
	names := map[string]bool{}
	for _, p := range pieces {
		n := norm(p)
		for _, m := range techniqueLabels.m {
			if strings.HasPrefix(n, m.needle) {
				names[m.raw] = true
				break
			}
		}
	}
	return len(names) >= 3
}

// realSentence reports a sentence that can carry a benefit, a proof or a
// next step: several words, among them a function word.
func realSentence(s sentence) bool {
	return s.Words >= 4 && has(s.Norm, sentenceWords.m)
}
