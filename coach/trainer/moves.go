package trainer

import (
	"cmp"
	_ "embed"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"

	"salescoach"
)

// Moves, not boxes. Sales trainers teach objection handling as a sequence
// of moves (listen and acknowledge, explore, respond, advance: LAER and its
// relatives), and the right move depends on where the conversation stands:
//
//   - a fresh objection whose concern is not yet known calls for exploring:
//     acknowledge it in one's own words and ask one real, open question;
//   - once the customer has told the concern, it calls for responding: answer
//     exactly that, with substance (a named customer, a figure, a feature, a
//     fact), and check back;
//   - once the objection is settled, it calls for advancing: a concrete next
//     step (what, when, who).
//
// The trainer replays the chat to know the moment of each answer
// (chat.momentAt), judges the answer by the move that moment called for
// (chat.judgeAt) and scores it by how well it made that move. Each chat
// holds one concern per objection (chat.concern): asked again, the customer
// refers back to it instead of revealing another.

//go:embed data/moves.json
var movesJSON []byte

// movesFile is the shape of data/moves.json: what the trainer says about
// moves (by language) and the customer's lines of the move flow (by voice:
// de-sie, de-du, en).
type movesFile struct {
	About string `json:"_about"`
	// Reasons explain a move's judgement to the seller, by language.
	Reasons map[string]map[string]string `json:"reasons"`
	// Customer lines, by voice.
	AnswerLeads map[string][]string `json:"answer_leads"` // before the concern, answering a question
	Yes         map[string][]string `json:"yes"`          // a check-back answered: it helps
	NotQuite    map[string][]string `json:"not_quite"`    // a check-back answered: not yet
	AgainLeads  map[string][]string `json:"again_leads"`  // before the concern referred back to after a missed answer
	HowOn       map[string][]string `json:"how_on"`       // the objection is settled: how do we go on?
	Concrete    map[string][]string `json:"concrete"`     // a vague step: what exactly, when?
	Documents   map[string][]string `json:"documents"`    // an offer of material while the objection stands
	Pitched     map[string][]string `json:"pitched"`      // a pitch before asking: that is not my point
	TakenUp     map[string][]string `json:"taken_up"`     // "%s" – that helps (a whole clause of the seller's)
	TakenUpBare map[string][]string `json:"taken_up_bare"`
	Agreed      map[string][]string `json:"agreed"`      // the close: agreement, %s = the day the seller named
	AgreedBare  map[string][]string `json:"agreed_bare"` // the close without a day
	OfferDu     map[string][]string `json:"offer_du"`    // the customer offers du once
	// Seller-side lines of model answers, by voice.
	CheckBack map[string][]string `json:"check_back"` // the check-back after an answer to the concern
	Summary   map[string][]string `json:"summary"`    // the close opens on what was agreed
	// Evaluation holds the evaluation's lines, by language.
	Evaluation map[string]map[string]string `json:"evaluation"`
	// Hints hold the hint's lines per move, by language.
	Hints map[string]map[string]string `json:"hints"`
}

var movesData = mustParse[movesFile]("data/moves.json", movesJSON)

// stand is where the chat stands on one objection when the seller
// answers: the move it calls for.
type stand struct {
	family  string
	concern *concernTexts
	// expected is salescoach.MoveExplore, MoveRespond or MoveAdvance.
	expected string
	// revealed: the customer has told the concern; settled: an answer met
	// it, so the objection waits for a next step (the chat's last one) or
	// is overcome.
	revealed, settled bool
	// last is the chat's last objection: settling it leaves the close.
	last bool
	// answers is how many answers to this objection came before.
	answers int
	// index is the answer's place in the history.
	index int
}

// judgement is an answer judged by the move of its moment.
type judgement struct {
	stand
	made   bool
	score  int
	reason string
	// meets is the sentence of the answer that answers the concern, ""
	// when none does; step the sentence that proposes the next step.
	meets, step string
	// settles: after this answer the objection is overcome (or, for the
	// chat's last one, waits only for the close).
	settles, closes bool
	// overrun: an exploring question with a meeting request after it.
	overrun bool
	// direct: at Leicht, an answer that answered the objection without
	// asking first.
	direct bool
	// flags name what cost points: discount, flattery, contentfree,
	// fake, premature, buzzwords.
	flags map[string]string
}

// concernsOf are the concerns that may be behind family.
func (c *chat) concernsOf(family string) []concernTexts {
	f := c.texts(family)
	if len(f.Concerns) > 0 {
		return f.Concerns
	}
	return legacyConcerns(f)
}

// legacyConcerns builds concerns from a family's reveal, condition, met and
// answer fields (custom objections of a scenario).
func legacyConcerns(f familyTexts) []concernTexts {
	var out []concernTexts
	for lang, reveals := range f.Reveal {
		for k, r := range reveals {
			for len(out) <= k {
				out = append(out, concernTexts{Key: "concern" + itoa(len(out)+1), Reveal: map[string][]string{}, Need: map[string][]string{},
					Answer: map[string][]string{}, Settled: map[string][]string{}, Open: map[string]string{}, Again: map[string][]string{}})
			}
			out[k].Reveal[lang] = []string{r}
			out[k].Need[lang] = f.Condition[lang]
			out[k].Answer[lang] = f.Answer[lang]
			out[k].Settled[lang] = f.Settled[lang]
		}
	}
	for k := range out {
		for _, m := range f.Met {
			out[k].Met = append(out[k].Met, m...)
		}
	}
	return out
}

// concern is the concern this chat holds behind family, nil when the
// family has none.
func (c *chat) concern(family string) *concernTexts {
	cs := c.concernsOf(family)
	if len(cs) == 0 {
		return nil
	}
	seed := c.in.Scenario.Seed
	if sc := c.in.Scenario.Script; sc != nil {
		// A scenario is one case: every chat on it holds the same concern
		// behind a catalogue objection, as behind its own objections. The
		// team's members meet the same exam, and practice on a scenario
		// prepares for its exam.
		seed = "scenario:" + cmp.Or(sc.ID, sc.Title)
	}
	k := pick(len(cs), seed, "concern", family)
	return &cs[k]
}

// concernMatchers are the compiled Met words of the chat's concern behind
// family.
func (c *chat) concernMatchers(family string) []matcher {
	key := "concern/" + family
	if ms, ok := c.metCompiled[key]; ok && len(ms) > 0 {
		return ms[0]
	}
	var ms []matcher
	if co := c.concern(family); co != nil {
		ms = compile(co.Met)
	}
	if c.metCompiled == nil {
		c.metCompiled = map[string][][]matcher{}
	}
	c.metCompiled[key] = [][]matcher{ms}
	return ms
}

// lastFamily reports whether family is the chat's last objection.
func (c *chat) lastFamily(family string) bool {
	fams := c.chatFamilies()
	if len(c.in.Objections) > 0 && len(fams) > 0 {
		return fams[len(fams)-1] == family
	}
	return c.in.Stage >= c.in.TotalStages
}

// familyAt is the objection the seller answered at history index i.
func (c *chat) familyAt(i int) string {
	for _, t := range c.sellerTurns() {
		if t.index == i {
			return t.family
		}
	}
	return c.family
}

// momentAt is where the chat stood on its objection when the seller wrote
// the answer at history index i: the earlier answers to the same objection,
// each judged in turn, tell whether the concern was told and met.
func (c *chat) momentAt(i int) stand {
	fam := c.familyAt(i)
	m := stand{family: fam, concern: c.concern(fam), last: c.lastFamily(fam), index: i}
	for _, t := range c.sellerTurns() {
		if t.family != fam || t.index >= i {
			continue
		}
		m.answers++
		j := c.judgeAt(t.index)
		switch {
		case j.settles || j.closes:
			m.settled, m.revealed = true, true
		case j.made && j.expected == salescoach.MoveExplore:
			m.revealed = true
		}
	}
	switch {
	case m.settled:
		m.expected = salescoach.MoveAdvance
	case m.revealed:
		m.expected = salescoach.MoveRespond
	default:
		m.expected = salescoach.MoveExplore
	}
	return m
}

// judgeAt judges the seller's answer at history index i by the move its
// moment called for; cached per chat.
func (c *chat) judgeAt(i int) *judgement {
	if j, ok := c.judged[i]; ok {
		return j
	}
	if c.judged == nil {
		c.judged = map[int]*judgement{}
	}
	gkey := c.prefixKey(i)
	if j, ok := judgementCache.get(gkey); ok {
		c.judged[i] = j
		return j
	}
	m := c.momentAt(i)
	a := c.analyseAt(i, m.family)
	j := c.judge(m, a)
	c.judged[i] = j
	judgementCache.put(gkey, j)
	return j
}

// Points of a move's score. Each move's parts sum to 100.
const (
	// Every move: a civil answer of some length, the right form of
	// address and a clean tone.
	ptsBase = 10
	ptsForm = 5
	ptsTone = 5

	// Explore: the acknowledgement (in one's own words, or a stock
	// phrase) and the question.
	ptsExploreAck      = 25
	ptsExploreAckStock = 15
	ptsExploreQuestion = 55

	// Respond: acknowledging the concern, answering it, the substance of
	// the answer and checking back.
	ptsRespondAck       = 10
	ptsRespondMeets     = 40
	ptsRespondSubstance = 20
	ptsRespondCheck     = 10

	// Advance: the step, tying it to what was agreed, an affirming opener.
	ptsAdvanceStep    = 60
	ptsAdvanceSummary = 10
	ptsAdvanceOpener  = 10

	// What costs points whatever the move.
	costContentFree = 15 // a claim that sounds like proof and says nothing checkable
	costDiscount    = 20
	costFlattery    = 20
	costBarrage     = 5 // three questions or more

	// Caps.
	capOverrun       = 40 // a meeting request with or instead of the question: no exploring move
	capFake          = 35 // fake precision
	capBuzzwords     = 25
	capPushStep      = 40 // a close by pressure or discount
	capUnmade        = 49 // a move not made never reads as good
	capUnmadeExplore = 49 // no exploring question at a fresh objection
	capFlattery      = 45
	capParrot        = 25 // the customer's words sent back
	capPitched       = 45 // a question the seller answers with a pitch at once
	capPlaceholder   = 65 // a model answer sent with its placeholder
	capBrushoff      = 40 // the concern waved away
	capUnasked       = 49 // at Mittel and above: the concern hit without asking
	capMeeting       = 30 // a meeting request instead of a question: below training.GainFloor
	capBarrage       = 40 // four questions or more at a fresh objection: an interrogation
)

// HoldAt of an answer that has not yet answered the concern: exploring
// well earns about half the way, never the objection.
const (
	holdExplored = 50
	holdMissed   = 80
)

// judge judges analysis a by the move of the moment m.
func (c *chat) judge(m stand, a *analysis) *judgement {
	j := &judgement{stand: m, flags: map[string]string{}}
	if a.words == 0 {
		j.reason = c.moveReason(j.expected + ".missing")
		return j
	}
	j.meets = c.meetsConcern(a, m)
	j.step = a.nextQuote
	c.checkGaming(a, j)
	switch m.expected {
	case salescoach.MoveExplore:
		c.judgeExplore(a, j)
	case salescoach.MoveRespond:
		c.judgeRespond(a, j)
	default:
		c.judgeAdvance(a, j)
	}
	if a.placeholder != "" {
		// A model answer sent unfinished answers nothing yet.
		j.made, j.settles, j.closes = false, false, false
		j.flags["placeholder"] = a.placeholder
		j.reason = c.moveReason("placeholder", c.q(a.placeholder))
	}
	j.score = c.finish(a, j, float64(j.score))
	if !j.made {
		// A move not made never reads as good; at a fresh objection an
		// answer without an exploring question stays below 50 (a pitch
		// is allowed, not rewarded).
		limit := capUnmade
		if j.expected == salescoach.MoveExplore {
			limit = capUnmadeExplore
		}
		j.score = min(j.score, limit)
	}
	for _, f := range []string{"discount", "flattery", "contentfree", "fake", "buzzwords", "parrot", "padding", "barrage", "menu", "ladder"} {
		if v := j.flags[f]; v != "" {
			j.reason += " " + c.moveReason("flag."+f, c.q(v))
		}
	}
	return j
}

// exploringQuestion is the answer's real question about the objection or
// the customer's situation: its sentence and strength (1 open and
// specific, 0.75 open, 0.7 closed and specific, 0.5 closed), or 0. A
// question relates when it takes up the customer's words, the objection's
// theme or the customer's situation, points back ("Woran liegt das?") or
// is an open question of some length; small talk, rhetorical questions
// and proposals of a next step do not explore.
func (c *chat) exploringQuestion(a *analysis) (sentence, float64) {
	if a.void != "" {
		return sentence{}, 0
	}
	var best sentence
	bestScore := 0.0
	customer := c.customerBefore(a)
	fw, known := a.lexicon()
	for _, whole := range a.sents {
		// "Just so I know whether to call back or leave you in peace: is it
		// mainly the next few weeks, or …?": what follows the colon asks.
		s, next := whole, isNextStepSentence(whole)
		if next || startsWith(dropFiller(whole.Norm), proposalStarts.m) {
			// "Dann lass uns schauen, wie ich's dir leicht mach: Wer
			// unterschreibt bei euch …?"
			if t := questionTail(whole); t.Text != whole.Text {
				s, next = t, isNextStepSentence(t)
			}
		}
		if !isQuestion(s) || next || rhetoricalEnd(s.Text) || has(s.Norm, rhetoricalWords.m) || smalltalk(s.Norm) ||
			placeholderRE.MatchString(s.Text) || startsWith(dropFiller(s.Norm), proposalStarts.m) || s.Words < 3 || questionWordList(s) {
			continue
		}
		open := has(s.Norm, questionWords.m) || has(s.Norm, indirectAsks.m)
		theme := known && (has(s.Norm, fw.Theme.m) || has(s.Norm, fw.Handling.m))
		// Right after an objection, a question with a question mark asks
		// about it; one without must show that it does.
		related := s.Question || theme || sharesWord(s.Norm, customer) || has(s.Norm, probeWords.m) || has(s.Norm, customerWords.m) ||
			pointsBack(s.Text) || has(s.Norm, indirectAsks.m) || (open && s.Words >= 4)
		if has(s.Norm, leadingWords.m) || has(s.Norm, signNowWords.m) || closeQuestion(s) || has(s.Norm, contactRequests.m) {
			// "Can't you just decide that yourself?" pushes, it does not
			// ask; "Was meinen Sie, legen wir los?" closes.
			continue
		}
		if echoes(s, customer) {
			// The customer's own question sent back ("Wie sieht's mit
			// Datenschutz aus?") asks nothing new.
			continue
		}
		if !related || permissionRE.MatchString(s.Norm) || inviteAskRE.MatchString(s.Norm) || importanceScaleRE.MatchString(s.Norm) || feelingRE.MatchString(s.Norm) ||
			!s.Question && statementOpenRE.MatchString(s.Norm) {
			// "Darf ich Ihnen eine Frage stellen?" asks for leave to ask;
			// "On a scale of 1 to 10, how important is cleanliness?" has one
			// answer everybody gives.
			continue
		}
		specific := c.specificQuestion(s, a, customer)
		if !open && (!specific || yesSeekingRE.MatchString(s.Norm) || paraphraseRE.MatchString(s.Norm)) {
			// A closed question explores only when it names the customer's
			// situation ("Haben Sie mit einem Anbieter schon mal schlechte
			// Erfahrungen gemacht?"); "Would that change things?" and
			// "Möchten Sie diese Erfahrung nicht auch machen?" ask for a yes.
			continue
		}
		if has(s.Norm, opinionAsks.m) && (!specific || s.Words <= 6) {
			// "Wie sehen Sie das?" after a claim asks for a verdict on the
			// seller's words, not about the customer.
			continue
		}
		score := 0.5
		switch {
		case open && specific:
			score = 1
		case open:
			score = 0.75
		case specific:
			score = 0.7
		}
		if score > bestScore {
			best, bestScore = whole, score
		}
	}
	return best, bestScore
}

// questionTail is the part of a question after its last colon when that
// part is a question of three words or more, else the question itself.
// Only a preamble that proposes a step is cut off: a colon also opens
// quoted words ("damit Sie sagen: Okay, denen trau ich das zu?").
func questionTail(s sentence) sentence {
	i := strings.LastIndex(s.Text, ": ")
	if !s.Question || i < 0 {
		return s
	}
	tail := s.Text[i+2:]
	if wordCount(tail) < 3 {
		return s
	}
	return sentence{Text: tail, Norm: norm(tail), Question: true, Words: wordCount(tail)}
}

// negatedNear reports an entry m of the normalised text n with a
// negation among the three words before or after it: "nothing to sign
// today", "heute unterschreiben wir gar nichts".
func negatedNear(n, m string) bool {
	return near(n, m, 3, negations)
}

// near reports an entry m of the normalised text n with a word of l among
// the k words before or after it.
func near(n, m string, k int, l *lexicon) bool {
	needle := " " + strings.TrimSuffix(m, "*")
	at := strings.Index(n, needle)
	if at < 0 {
		return false
	}
	before := strings.Fields(n[:at])
	if len(before) > k {
		before = before[len(before)-k:]
	}
	after := strings.Fields(n[at+len(needle):])
	if strings.HasSuffix(m, "*") && len(after) > 0 {
		after = after[1:] // the rest of the entry's last word
	}
	if len(after) > k {
		after = after[:k]
	}
	return has(" "+strings.Join(append(before, after...), " ")+" ", l.m)
}

// brushesOff finds words that wave a concern away in sentence s, unless
// they sit in a condition: "… also kein Risiko, falls es dir doch keine
// Arbeit abnimmt" offers a way out, it waves nothing away.
func brushesOff(s sentence) (string, bool) {
	m, ok := find(s.Norm, brushoffWords.m)
	if !ok || near(s.Norm, m, 4, conditionWords) || startsWith(s.Norm, conditionStarts.m) {
		return "", false
	}
	return m, true
}

// conditionWords make a condition anywhere; conditionStarts only at the
// start of a sentence ("Sollte es doch nicht passen, …"): "man sollte den
// Betriebsrat nicht zu früh einbinden" gives advice, it sets no condition.
var (
	conditionWords  = lex("falls", "wenn", "if", "unless", "in case")
	conditionStarts = lex("sollte", "sollten", "should")
)

// dropFiller is normalised text without a filler word at its start: "So
// how about we …?" proposes like "How about we …?".
func dropFiller(n string) string {
	for _, f := range []string{" so ", " also ", " dann ", " and ", " und ", " well ", " okay ", " ok ", " na ", " tja "} {
		if strings.HasPrefix(n, f) {
			return n[len(f)-1:]
		}
	}
	return n
}

// questionWordList reports a question that strings question words
// together ("Was, warum, wie, seit wann und womit …?"): a formula, not a
// question.
func questionWordList(s sentence) bool {
	ws := strings.Fields(s.Norm)
	if len(ws) > 6 {
		ws = ws[:6]
	}
	return count(" "+strings.Join(ws, " ")+" ", questionWords.m) >= 3
}

// customerBefore is the customer's message the answer replies to.
func (c *chat) customerBefore(a *analysis) string {
	for _, t := range c.sellerTurns() {
		if t.text == a.text {
			return t.before
		}
	}
	if j := lastCustomer(c.in.History); j >= 0 {
		return c.in.History[j].Content
	}
	return ""
}

// specificQuestion reports a question that asks about this customer's
// situation or this objection in words of its own ("wie Sie das heute
// konkret lösen", "Zu teuer im Vergleich wozu?"), not a stock formula
// ("Was genau steckt dahinter?").
func (c *chat) specificQuestion(s sentence, a *analysis, customer string) bool {
	content := contentOf(s.Norm, genericQuestionWords)
	if len(content) >= 2 {
		return true
	}
	if len(content) == 0 {
		return false
	}
	w := " " + content[0] + " "
	if fw, ok := a.lexicon(); ok && (has(w, fw.Theme.m) || has(w, fw.Handling.m)) {
		return true
	}
	return sharesWord(w, customer) || has(w, situationWords.m) || c.keywords().mentions(w) || has(s.Norm, experienceWords.m)
}

// experienceWords ask about what the customer has been through: "Have they
// had concerns about temps before?", "Habt ihr so etwas schon mal erlebt?"
var experienceWords = lex("before", "ever", "in the past", "previously", "last time", "schon mal", "schon einmal", "jemals", "frueher", "damals", "letztes mal", "beim letzten mal")

// contentOf are the words of normalised text n of four or more letters
// that are neither function words nor in generic.
func contentOf(n string, generic *lexicon) []string {
	var out []string
	for _, t := range strings.Fields(n) {
		if len(t) < 4 || stopwords[t] || isDigits(t) || has(" "+t+" ", generic.m) {
			continue
		}
		out = append(out, t)
	}
	return out
}

// ackQuality is 1 for an acknowledgement in the seller's own words (it
// names what the customer said or brings words of its own), 0.6 for a
// stock phrase ("Ich verstehe Ihre Bedenken"), 0 for none; halved by an
// "aber" right after it.
func (c *chat) ackQuality(a *analysis) float64 {
	if a.ack == 0 || a.ackQuote == "" {
		return 0
	}
	q := 0.6
	n := norm(a.ackQuote)
	content := contentOf(n, genericAckWords)
	customer := c.customerBefore(a)
	theme := false
	if fw, ok := a.lexicon(); ok {
		theme = has(n, fw.Theme.m)
	}
	if len(content) >= 2 || (len(content) == 1 && (theme || sharesWord(n, customer))) || a.mirrors(sentence{Text: a.ackQuote, Norm: n, Words: wordCount(a.ackQuote)}) {
		q = 1
	}
	if a.ackBut {
		q /= 2
	}
	return q
}

// judgeExplore: acknowledge and ask one real question; at Leicht a direct,
// substantial answer to the objection is accepted too.
func (c *chat) judgeExplore(a *analysis, j *judgement) {
	q, strength := c.exploringQuestion(a)
	ack := c.ackQuality(a)
	customer := c.customerBefore(a)
	switch {
	case ack > 0:
	case len(a.sents) > 0 && opensWithTheirWords(a.sents[0], customer):
		// "Zu teuer – im Vergleich wozu?", "Kopf voll – glaube ich Ihnen
		// sofort.": the customer's own words, taken up first, mirror them.
		ack = 1
	case strength > 0 && sharesWord(q.Norm, customer) || c.takesUp(a, customer):
		ack = 0.6
	}
	s := float64(ptsBase)
	switch {
	case ack >= 1:
		s += ptsExploreAck
	case ack > 0:
		s += ptsExploreAckStock * ack / 0.6
	}
	substance := ""
	for _, t := range a.sents {
		if !isQuestion(t) && !placeholderRE.MatchString(t.Text) && c.substantive(t, a) {
			substance = t.Text
			break
		}
	}
	if strength > 0 {
		s += ptsExploreQuestion * strength
		if substance != "" {
			s += 5
		}
		// What follows the question: a meeting request the customer cannot
		// answer at the same time (overrun), or a pitch that answers the
		// question for the customer (pitched).
		after := false
		for _, t := range a.sents {
			if t.Text == q.Text {
				after = true
				continue
			}
			if !after {
				continue
			}
			if isNextStepSentence(t) && (t.Question || startsWith(t.Norm, proposalStarts.m)) {
				j.overrun = true
			}
			if c.pitches(t, a) {
				j.flags["pitched"] = t.Text
			}
		}
	} else if substance != "" {
		s += 20
	}
	if a.next >= shownNext {
		j.flags["premature"] = a.nextQuote
		if strength == 0 {
			// A meeting instead of a question: no exploring move, and the
			// close comes too early; it earns nothing.
			j.overrun = true
			j.flags["meeting"] = a.nextQuote
		}
	}
	for _, t := range a.sents {
		if m, ok := brushesOff(t); ok && j.flags["brushoff"] == "" {
			// "Was gibt's da noch groß zu überlegen? Die Vorteile liegen
			// doch auf der Hand." pushes back instead of exploring.
			j.flags["brushoff"] = excerpt(t, m)
		}
	}
	closing := ""
	for _, t := range a.sents {
		if closeQuestion(t) {
			closing = t.Text
		}
	}
	if m, ok := findIn(a.sents, signNowWords.m); ok {
		closing = m
	}
	if m := closing; m != "" && j.flags["premature"] == "" {
		// "Wann dürfen wir starten?" at a fresh objection: the close, far
		// too early.
		j.flags["premature"] = m
		j.overrun = true
	}
	if m, ok := findIn(a.sents, contactRequests.m); ok && j.flags["brushoff"] == "" {
		// "Just give me their name and direct number, and I'll call them
		// myself": going round the customer, whatever was asked before.
		j.flags["brushoff"] = m
	}
	if questions(a) >= barrageQuestions {
		// "Wie viele Quadratmeter? Wie viele Mitarbeiter? Wer entscheidet?
		// Budget?": an interrogation, not one real question.
		j.flags["barrage"] = "-"
	}
	acks, filler := 0, 0
	for _, t := range a.sents {
		if isQuestion(t) {
			continue
		}
		if has(t.Norm, ackWords.m) {
			acks++
		}
		if !c.substantive(t, a) {
			filler++
		}
	}
	if acks >= paddingAcks || strength > 0 && filler >= 3 && !c.specificQuestion(q, a, customer) {
		// "Ich verstehe dich total. Das ist ein super berechtigter Einwand
		// … Viele sehen das genauso … Danke, dass du das mit mir teilst!":
		// sympathy said over and over instead of a question, or three
		// empty sentences around a stock one.
		j.flags["padding"] = "-"
	}
	if strength > 0 && ack < 1 && substance == "" && len(contentOf(q.Norm, genericQuestionWords)) == 0 {
		// "I completely understand. Could you tell me a bit more about
		// that?": a stock acknowledgement and a stock question, the formula
		// that fits every objection and hears none.
		j.flags["formula"] = q.Text
	}
	j.made = strength >= 0.5 && !j.overrun && j.flags["pitched"] == "" && j.flags["formula"] == "" && j.flags["brushoff"] == "" && j.flags["discount"] == "" && j.flags["barrage"] == "" && j.flags["menu"] == "" && j.flags["ladder"] == "" && j.flags["padding"] == "" &&
		j.flags["fake"] == "" && j.flags["contentfree"] == "" &&
		j.flags["buzzwords"] == "" && j.flags["parrot"] == "" && !a.hostile()
	j.score = int(math.Round(s))
	switch {
	case j.flags["brushoff"] != "" && strength > 0:
		j.reason = c.moveReason("explore.brushoff", c.q(j.flags["brushoff"]))
	case j.overrun:
		j.reason = c.moveReason("explore.overrun", c.q(q.Text))
	case j.flags["pitched"] != "":
		j.reason = c.moveReason("explore.self_answered", c.q(q.Text))
	case j.flags["formula"] != "":
		j.reason = c.moveReason("explore.formula", c.q(q.Text))
	case j.made && strength >= 1:
		j.reason = c.moveReason("explore.made", c.q(q.Text))
	case j.made:
		j.reason = c.moveReason("explore.made_generic", c.q(q.Text))
	case substance != "" || a.benefit >= shownBenefit:
		j.reason = c.moveReason("explore.pitch")
	default:
		j.reason = c.moveReason("explore.missing")
	}
	if j.made || j.overrun || a.hostile() || j.flags["premature"] != "" || a.hasPenalty("dismiss") || j.flags["pitched"] != "" {
		return
	}
	// An answer that gives what the customer's concern needs before the
	// customer told it has answered it all the same; at Leicht, where the
	// objection has no hidden layer, so does a substantial answer to it.
	meets := j.meets
	if meets == "" && !c.strict() {
		meets = c.answersObjection(a)
	}
	if meets == "" {
		return
	}
	c.judgeRespond(a, j)
	if !j.made && j.flags["brushoff"] == "" && (!c.strict() || j.flags["thin"] != "" && !a.hostile()) {
		// Thin is not wrong: "Alle Daten liegen in Frankfurt" said before
		// the customer told the worry about data outside the EU has given
		// what it needs, and the customer does not ask for it again.
		j.made = true
		delete(j.flags, "thin")
	}
	if !j.made {
		return
	}
	// Exploring was called for: arguing at once was a gamble that happened
	// to hit the concern (at Leicht: to answer the objection). It settles
	// it, but it is not the move the moment called for.
	j.meets, j.direct = meets, true
	j.settles, j.closes = c.settleOrClose(j, a)
	j.made = false
	j.flags["unasked"] = meets
	j.reason = c.moveReason("explore.unasked", c.q(meets))
}

// opensWithTheirWords reports a sentence whose first three words hold a
// content word of the customer's message: the seller mirrors it.
func opensWithTheirWords(s sentence, customer string) bool {
	ws := strings.Fields(s.Norm)
	if len(ws) > 3 {
		ws = ws[:3]
	}
	for _, w := range ws {
		if len(w) >= 4 && !stopwords[w] && sharesWord(" "+w+" ", customer) {
			return true
		}
	}
	return false
}

// findIn finds an entry of ms in one of sents and returns the words of the
// seller's that hold it.
func findIn(sents []sentence, ms []matcher) (string, bool) {
	for _, s := range sents {
		if m, ok := find(s.Norm, ms); ok {
			return excerpt(s, m), true
		}
	}
	return "", false
}

// takesUp reports an answer whose first sentence is a statement that takes
// up the customer's words without arguing ("Kopf voll – glaube ich Ihnen
// sofort."): it acknowledges them.
func (c *chat) takesUp(a *analysis, customer string) bool {
	if len(a.sents) < 2 {
		return false
	}
	s := a.sents[0]
	if isQuestion(s) || s.Words > 20 {
		return false
	}
	// "Good to hear. What do you value most about them?", "Mach das ruhig,
	// ich hätte es genauso gemacht. Hast du …?": a short statement that
	// neither argues nor pushes back, right before the question, takes
	// the objection in as the seller's first beat.
	beforeQuestion := isQuestion(a.sents[1]) && !isNextStepSentence(a.sents[1])
	if !sharesWord(s.Norm, customer) && !beforeQuestion {
		return false
	}
	for _, l := range []*lexicon{butWords, contradictWords, pressureWords, insultWords, badmouthWords, selfWords} {
		if has(s.Norm, l.m) {
			return false
		}
	}
	if has(s.Norm, dismissWords.m) && s.Words > 6 {
		return false
	}
	return !c.namesProduct(s) && !has(s.Norm, benefitWords.m)
}

// namesProduct reports a sentence that names the product by the first
// word of its name ("VertriebsPilot", "ProClean").
func (c *chat) namesProduct(s sentence) bool {
	for _, w := range tokens(c.p.Phrase) {
		if len(w) >= 4 && !stopwords[w] {
			return strings.Contains(s.Norm, " "+w)
		}
	}
	return false
}

// pitches reports a sentence that argues for the offer: it names the
// product or the seller's side with a gain, or runs down a competitor.
func (c *chat) pitches(s sentence, a *analysis) bool {
	if isQuestion(s) || startsWith(s.Norm, askReasons.m) || has(s.Norm, askReasons.m) && !has(s.Norm, badmouthWords.m) {
		// "Ich frag, weil …" says why the seller asks.
		return false
	}
	if has(s.Norm, badmouthWords.m) {
		return true
	}
	if c.keywords().mentions(s.Norm) {
		return has(s.Norm, benefitWords.m) || has(s.Norm, outcomeWords.m) || praiseRE.MatchString(s.Norm)
	}
	return has(s.Norm, selfWords.m) && praiseRE.MatchString(s.Norm)
}

// answersObjection is a substantial sentence of the answer on the
// objection's theme (what settles an objection at Leicht), or "".
func (c *chat) answersObjection(a *analysis) string {
	fw, ok := a.lexicon()
	for _, s := range a.sents {
		if isQuestion(s) || placeholderRE.MatchString(s.Text) || !realSentence(s) || !c.substantive(s, a) {
			continue
		}
		if ok && (has(s.Norm, fw.Theme.m) || has(s.Norm, fw.Handling.m)) || a.benefit >= shownBenefit {
			return s.Text
		}
	}
	return ""
}

// meetsConcern is the answer's statement that addresses the chat's concern
// behind the objection ("Ihre Daten liegen in Frankfurt" for a data
// protection officer who allows nothing outside the EU), "" when none
// does. For a scenario's objection it is the criteria that must be met.
func (c *chat) meetsConcern(a *analysis, m stand) string {
	// Off the objection's general theme is not off the concern: "Wer bei
	// Ihnen arbeitet, wählen wir sorgfältig aus" answers a worry about
	// things going missing in words of its own.
	if a.void != "" {
		return ""
	}
	if co := c.customOf(m.family); co != nil {
		// A scenario's objection is answered when enough of its criteria
		// are met over the answers to it, this one included.
		if !enoughCriteria(c.criteriaAt(m.index, m.family)) {
			return ""
		}
		return cmp.Or(c.scriptAddresses(a, co), firstSentence(a.sents))
	}
	ms := c.concernMatchers(m.family)
	if len(ms) == 0 {
		return c.addresses(a, m.family)
	}
	var best sentence
	bestShared := 0
	substance := c.substanceOf(a) != ""
	// A customer who needs a fixed date ("einen festen Termin nach dem
	// Projekt") is answered by a day proposed, even as a question ("Say
	// the 4th or the 5th?").
	wantsDate := m.concern != nil && has(norm(m.concern.Open[c.v.Lang]), dateWants.m)
	wantsReference := m.concern != nil && has(norm(m.concern.Open[c.v.Lang]), referenceWants.m)
	for _, s := range a.sents {
		if wantsDate && (dated(s.Norm) || has(s.Norm, nextTimes.m)) && (isNextStepSentence(s) || has(s.Norm, ms)) {
			return s.Text
		}
		if isQuestion(s) || placeholderRE.MatchString(s.Text) || !realSentence(s) {
			continue
		}
		if _, discount := find(s.Norm, discountWords.m); discount {
			continue
		}
		if echoes(s, c.customerBefore(a)) {
			// The customer's own words sent back answer nothing.
			continue
		}
		if has(s.Norm, ms) {
			return s.Text
		}
		if wantsReference && (namesSomeone(s) || has(s.Norm, companyMarks.m)) {
			// "Da nutzt die Firma Brenneke aus Hildesheim VertriebsPilot seit
			// zwei Jahren": a named customer meets a concern that asks for a
			// reference.
			return s.Text
		}
		if n := c.sharedWithConcern(s, m); n > bestShared {
			best, bestShared = s, n
		}
	}
	// In the seller's own words: statements that take up what the customer
	// said about the concern (two of its words and something checkable,
	// or four of its words) answer it.
	if bestShared >= 2 && substance || bestShared >= 4 {
		return best.Text
	}
	return ""
}

// referenceWants are the words of a concern that asks for a reference.
var referenceWants = lex("referenz*", "reference*")

// dateWants are the words of a concern that asks for a fixed date.
var dateWants = lex("termin", "termine", "datum", "date", "dates", "kalender", "calendar", "diary")

// echoes reports a sentence most of whose content words are the
// customer's in their last message.
func echoes(s sentence, customer string) bool {
	mine := contentWords(s.Text)
	if len(mine) < 4 || customer == "" {
		return false
	}
	theirs := map[string]bool{}
	for _, w := range contentWords(customer) {
		theirs[stem(w)] = true
	}
	same := 0
	for _, w := range mine {
		if theirs[stem(w)] {
			same++
		}
	}
	return float64(same) >= 0.6*float64(len(mine))
}

// concernStems are the stems of the words of the chat's concern behind the
// family, in every way the customer said it or may say it (reveal, again,
// need and what is open), and of its Met words.
func (c *chat) concernStems(m stand) map[string]bool {
	key := "stems/" + m.family
	if st, ok := c.stemCache[key]; ok {
		return st
	}
	st := map[string]bool{}
	if m.concern != nil {
		var texts []string
		for _, l := range [][]string{m.concern.Reveal[c.v.Lang], m.concern.Again[c.v.Lang], m.concern.Need[c.v.Lang]} {
			texts = append(texts, l...)
		}
		texts = append(texts, m.concern.Open[c.v.Lang])
		for _, t := range texts {
			for _, w := range tokens(c.render(t)) {
				if len(w) >= 5 && !stopwords[w] && !weakWords[w] && !isDigits(w) && !has(" "+w+" ", genericAckWords.m) &&
					!has(" "+w+" ", genericQuestionWords.m) && !c.keywords().mentions(" "+w+" ") {
					st[stem(w)] = true
				}
			}
		}
	}
	if c.stemCache == nil {
		c.stemCache = map[string]map[string]bool{}
	}
	c.stemCache[key] = st
	return st
}

// sharedWithConcern counts the distinct words of sentence s that share a
// stem with the concern's words.
func (c *chat) sharedWithConcern(s sentence, m stand) int {
	st := c.concernStems(m)
	seen := map[string]bool{}
	for _, w := range strings.Fields(s.Norm) {
		if len(w) < 5 || stopwords[w] {
			continue
		}
		sw := stem(w)
		if seen[sw] {
			continue
		}
		for cs := range st {
			if stemMatch(cs, w) {
				seen[sw] = true
				break
			}
		}
	}
	return len(seen)
}

// judgeRespond: answer the concern the customer told, with substance, and
// check back.
func (c *chat) judgeRespond(a *analysis, j *judgement) {
	s := float64(ptsBase)
	ack := c.ackQuality(a)
	s += ptsRespondAck * math.Min(1, ack/0.6*0.6+0.4*ack)
	substance := ""
	for _, t := range a.sents {
		if !isQuestion(t) && !placeholderRE.MatchString(t.Text) && c.substantive(t, a) {
			substance = t.Text
			break
		}
	}
	if j.meets != "" {
		s += ptsRespondMeets
		if substance != "" {
			s += ptsRespondSubstance
		}
	} else if substance != "" {
		// Substance beside the concern: something, not the answer.
		s += ptsRespondSubstance / 2
	}
	check := c.checksBack(a)
	if check != "" {
		s += ptsRespondCheck
	}
	// Waving the concern away ("Ein Umzug ist doch kein Grund", "glauben
	// Sie mir"), contradicting it or putting it off ("ich melde mich im
	// November") does not answer it, whatever words it shares.
	brushed := ""
	for _, t := range a.sents {
		if m, ok := brushesOff(t); ok {
			brushed = excerpt(t, m)
			break
		}
	}
	if j.flags["discount"] != "" {
		// A discount answers no concern.
		brushed = j.flags["discount"]
	}
	for _, t := range a.sents {
		if m, ok := find(t.Norm, signNowWords.m); ok && brushed == "" && !negatedNear(t.Norm, m) {
			// "… da unterschreibst du einfach direkt bei uns mit": the
			// concern passed over on the way to the signature ("nothing to
			// sign today" is the opposite).
			brushed = excerpt(t, m)
		}
	}
	checkable := false
	for _, t := range a.sents {
		if !isQuestion(t) && (figure(t) || namesSomeone(t)) {
			checkable = true
		}
	}
	if brushed == "" && a.hasPenalty("dismiss") && (substance == "" || !checkable && check == "") {
		// "Keine Sorge, … lohnt sich immer", "Kein Problem, das machen wir
		// alles. Unsere Leute sind top geschult.": reassurance instead of an
		// answer; a feature named beside it proves nothing unless a figure,
		// a named case or a check-back comes with it.
		brushed = a.penalties[0].Quote
		for _, p := range a.penalties {
			if p.Kind == "dismiss" {
				brushed = p.Quote
			}
		}
	}
	if j.family == "no_time" && brushed == "" {
		// "Lass uns am besten gleich zwei Tage buchen" to a customer who
		// has no time.
		brushed = longStep(norm(a.text))
	}
	if brushed != "" || a.hasPenalty("contradict") || putsOff(j.meets) {
		j.flags["brushoff"] = cmp.Or(brushed, j.meets)
		j.meets = ""
	}
	// An answer to the concern makes its case: something checkable, a
	// gain tied to the offer, or at least a check-back whether it helps.
	// A day proposed to a customer who needs a fixed date is the answer
	// itself, and no close too early.
	dateAnswer := j.meets != "" && (dated(norm(j.meets)) || has(norm(j.meets), nextTimes.m))
	if j.meets != "" && j.meets == j.flags["contentfree"] {
		// "We have thousands of happy customers" sounds like an answer and
		// gives nothing to check.
		j.flags["thin"] = j.meets
		j.meets = ""
	}
	if j.meets != "" && substance == "" && check == "" && a.benefit < shownBenefit && !dateAnswer {
		j.flags["thin"] = j.meets
		j.meets = ""
	}
	j.made = j.meets != "" && !a.hostile()
	j.score = int(math.Round(s))
	open := ""
	if j.concern != nil {
		open = j.concern.Open[c.v.Lang]
	}
	if c.customOf(j.family) != nil {
		var missing []string
		for _, st := range c.criteriaAt(j.index, j.family) {
			if !st.met {
				missing = append(missing, quote(c.v.Lang, st.text, 12))
			}
		}
		open = joinList(c.v.Lang, missing)
	}
	_, strength := c.exploringQuestion(a)
	switch {
	case j.made && substance != "":
		j.reason = c.moveReason("respond.made", c.q(j.meets))
	case j.made:
		j.reason = c.moveReason("respond.made_thin", c.q(j.meets))
	case j.flags["brushoff"] != "":
		j.reason = c.moveReason("respond.brushoff", c.q(j.flags["brushoff"]), open)
	case strength > 0 && substance == "" && a.benefit < shownBenefit:
		j.reason = c.moveReason("respond.asked_again", open)
		// Asking again is not wrong, only not what the moment needed.
		j.score = max(j.score, int(ptsBase+ptsRespondAck*ack+15*strength))
	default:
		j.reason = c.moveReason("respond.missed", open)
	}
	if j.made {
		j.settles, j.closes = c.settleOrClose(j, a)
	}
	if a.next >= shownNext && !j.closes && !(dateAnswer && j.made) {
		j.flags["premature"] = a.nextQuote
	}
}

// settleOrClose tells what a made respond move does: it overcomes an
// objection that is not the chat's last; the last one waits for the
// close, unless the same answer proposes a concrete next step.
func (c *chat) settleOrClose(j *judgement, a *analysis) (settles, closes bool) {
	if !j.last {
		return true, false
	}
	if a.next >= shownNext && a.nextKind == "concrete" && !j.pushy(a) {
		return true, true
	}
	return true, false
}

// labelsInBrackets counts the distinct technique names the text puts in
// brackets ("(Listen) … (Explore) … [Nutzen]"): the method named, not used.
func labelsInBrackets(text string) int {
	names := map[string]bool{}
	for _, m := range bracketRE.FindAllStringSubmatch(text, -1) {
		if l, ok := find(norm(m[1]), techniqueLabels.m); ok {
			names[l] = true
		}
	}
	return len(names)
}

var bracketRE = regexp.MustCompile(`[(\[]([^()\[\]]{1,40})[)\]]`)

// closeQuestion reports a question that asks for the order or the
// meeting ("Wann darf ich Ihnen das persönlich zeigen?", "Legen wir los?",
// "When can I come over?").
func closeQuestion(s sentence) bool {
	if has(s.Norm, closeQuestions.m) {
		return true
	}
	return isQuestion(s) && (closeAskRE.MatchString(s.Norm) || hypotheticalCloseRE.MatchString(s.Norm))
}

// hypotheticalCloseRE finds the trial close dressed as a condition: "Mal
// angenommen, Sie wären sicher – würden Sie dann heute starten?", "If I
// could …, would you sign?".
var hypotheticalCloseRE = regexp.MustCompile(`\b(?:angenommen|suppose|supposing)\b.*\b(?:unterschreib\w*|kauf\w*|bestell\w*|sign|buy|order)\b.*\b(?:wuerden sie|wuerdest du|wuerdet ihr|would you)\b|\b(?:angenommen|wenn|falls|suppose|supposing|if)\b.*\b(?:wuerden sie|wuerdest du|wuerdet ihr|would you)\b.*\b(?:start\w*|unterschreib\w*|kauf\w*|bestell\w*|zusag\w*|beauftrag\w*|entscheid\w*|zusammenarbeit\w*|buy|sign|order|commit|go ahead|move forward|work with us|go with us)\b`)

// permissionRE finds a question that asks leave to ask ("Darf ich dir eine
// Frage stellen?", "Ist das okay, wenn ich nachfrage?", "Can I ask you a
// question?"), and importanceScaleRE a rating of how important the
// offer's own subject is.
var (
	permissionRE      = regexp.MustCompile(`^ (?:\w+ ){0,6}(?:(?:darf|kann|duerfte|koennte) ich (?:\w+ ){0,5}(?:frage|fragen) stellen|(?:ist|waere) (?:das|es) (?:ok|okay|in ordnung) (?:\w+ ){0,4}wenn ich (?:\w+ ){0,3}(?:nachfrage|frage)|(?:can|may|could) i ask (?:\w+ ){0,4}question(?: about (?:that|this|it))?|(?:would|is) it (?:be )?(?:all right|alright|ok|okay|fine) if i (?:ask|asked) (?:\w+ ){0,4}question|(?:do|would) you mind if i ask) ?$`)
	importanceScaleRE = regexp.MustCompile(`\b(?:skala|scale) (?:von|of|from) (?:1|0|eins|one|null|zero) (?:bis|to) (?:10|zehn|ten)\b|\b(?:skala|scale)\b.*\b(?:wichtig|important)\b|\b(?:wichtig|important)\b.*\b(?:skala|scale)\b`)
	// feelingRE finds the question of a scene painted to frighten ("Wie
	// würdest du dich am Montagmorgen fühlen?") and the therapist's
	// question about feelings ("Wie fühlt sich das für Sie an …? Und was
	// macht das mit Ihnen?").
	feelingRE = regexp.MustCompile(`\b(?:wie wuerdest du dich|wie wuerden sie sich|how would you feel|how would that feel|wie fuehlt sich das|wie fuehlt es sich|was macht das mit (?:ihnen|dir|euch)|how does that make you feel|how does it feel|how does that feel|wie geht es (?:dir|ihnen|euch) damit|kennst du das gefuehl|kennen sie das gefuehl|know (?:that|the) feeling)\b`)
	// statementOpenRE opens a statement that names what the seller heard
	// ("Was ich da raushöre, ist: …", "What I'm hearing is …").
	statementOpenRE = regexp.MustCompile(`^ (?:was ich|what i|what we)\b`)
	// anonStatRE finds a percentage of the seller's customers in general.
	anonStatRE = regexp.MustCompile(`\b\d+(?:[.,]\d+)? ?(?:%|prozent|percent|per cent) (?:(?:aller|unserer|unsere|der|of|of all|all of) )?(?:our |the |unserer |unsere )?(?:\w+ )?(?:kunden|kundinnen|nutzer|anwender|teams|firmen|betriebe|unternehmen|familien|haushalte|customers|clients|users|companies|firms|businesses|families|households|homeowners)\b`)
	// inviteAskRE invites questions about the offer ("What else would you
	// like to know?", "Haben Sie noch Fragen?"): it asks nothing about the
	// customer.
	inviteAskRE = regexp.MustCompile(`\b(?:what else|anything else) (?:would you like|do you want|can i tell|should i tell)|\b(?:any|noch|weitere) (?:other |more )?(?:questions|fragen)\b|\bwas (?:moechten|wollen|willst|moechtest|wuerden|wuerdest) (?:sie|du) (?:noch |sonst |gern |gerne )*(?:wissen|erfahren)|\bwas kann ich (?:ihnen|dir|euch) (?:noch |sonst )*(?:sagen|erzaehlen|erklaeren)|\b(?:haben sie|hast du|habt ihr) (?:noch |sonst |weitere )*fragen|\bwhat (?:would you like|do you want) to know|\bwhat questions do you have`)
	// paraphraseRE is a closed question that sends the customer's view
	// back for a yes ("Ihr habt also funktionierende Abläufe …?", "So you
	// mean …?").
	paraphraseRE = regexp.MustCompile(`^ (?:\w+ ){1,3}also\b|^ so you\b|^ you mean\b|^ (?:sie meinen|du meinst)\b`)
	// yesSeekingRE opens a closed question that asks the customer to want
	// or agree ("Möchten Sie …", "Would you like …", "Wären Sie froh …"),
	// not to tell.
	yesSeekingRE = regexp.MustCompile(`^ (?:\w+ ){0,2}(?:moechten sie|moechtest du|moechtet ihr|wollen sie|willst du|wollt ihr|wuerden sie|wuerdest du|wuerdet ihr|waeren sie|waerst du|waeret ihr|would you like|would you be|would you want|do you want|would that|waere das|wuerde das|sind sie bereit|bist du bereit|are you ready|you d agree|sie stimmen mir)\b`)
	feltFoundRE  = regexp.MustCompile(`\b(?:gefuehlt|gedacht|gesehen|felt|thought)\b.*\b(?:festgestellt|gemerkt|erkannt|found|discovered|realised|realized)\b|\b(?:festgestellt|found|discovered)\b.*\b(?:genau das richtige|exactly what|just what|the right choice|die richtige wahl)\b`)
)

// menuItems parts of one question, split at commas and dashes, make it a
// menu.
const menuItems = 6

// vagueCountRE finds a count nobody can check: "thousands of", "hunderte".
var vagueCountRE = regexp.MustCompile(`\b(?:thousands|hundreds|millions|tausende\w*|hunderte\w*|unzaehlige\w*|countless|zig)\b`)

// barrageQuestions questions in a first reply are an interrogation;
// paddingAcks sentences of sympathy are padding.
const (
	barrageQuestions = 4
	paddingAcks      = 3
)

var closeAskRE = regexp.MustCompile(`^(?:.* )?(?:wann|when)\b.*\b(?:ich|wir|i|we)\b.*\b(?:zeig\w*|vorbei\w*|vorstell\w*|treff\w*|start\w*|anfang\w*|anfangen|loslegen|unterschreib\w*|show|come|meet|start|visit|demo|sign|install\w*|montier\w*)\b|^(?:.* )?(?:wann|when)\b.*\b(?:schauen wir uns|sehen wir uns|setzen wir uns|machen wir|gehen wir|telefonieren wir|sprechen wir|can we|shall we|do we)\b`)

// putsOff reports a statement that puts the concern off to a vague later
// ("ich melde mich im Herbst wieder"), not one that says how long
// something takes ("most customers adapt it in a few weeks").
func putsOff(text string) bool {
	s := sentence{Text: text, Norm: norm(text)}
	if !has(s.Norm, vagueStepWords.m) || figure(s) {
		return false
	}
	strength, _ := proposal(s)
	return strength > 0 || has(s.Norm, sellerCommits.m)
}

// checksBack is the question after the answer that checks whether it
// helps ("Wäre das für Sie eine Lösung?"), "" when none.
func (c *chat) checksBack(a *analysis) string {
	for _, s := range a.sents {
		if !isQuestion(s) {
			continue
		}
		if has(s.Norm, checkBackWords.m) || (!isNextStepSentence(s) && s.Words <= 12) {
			return s.Text
		}
	}
	return ""
}

// openEnded ends a step without the seller's next move.
var openEnded = lex("then we ll see", "and we ll see", "we ll take it from there", "dann sehen wir weiter", "dann schauen wir mal", "dann mal sehen", "dann sehen wir mal")

// giveMeWords ask the customer to hand something over.
var giveMeWords = lex("give me", "geben sie mir", "gib mir", "schicken sie mir", "schick mir", "send me")

// todayWords date papers sent today ("I'll send you the consent form …
// today").
var todayWords = lex("today", "heute", "later today", "this evening")

// judgeAdvance: a concrete next step once the objection is settled.
func (c *chat) judgeAdvance(a *analysis, j *judgement) {
	s := float64(ptsBase)
	step := 0.0
	stepQuote := a.nextQuote
	switch {
	case a.next > 0 && has(norm(a.nextQuote), vagueStepWords.m) && !dated(norm(a.nextQuote)) && !has(norm(a.nextQuote), nextTimes.m),
		a.next > 0 && has(norm(a.nextQuote), openEnded.m):
		// "Then I'll need your floor plans … by Friday, and then we'll see":
		// a date for the customer's homework, and nothing the seller
		// commits to after it.
		step = 0.2
	case a.next >= 1 || a.nextKind == "concrete":
		step = 1
	case a.next >= shownNext:
		step = 0.7
	default:
		// "… dann haben Sie morgen bis 12 Uhr konkrete Profile von mir":
		// the seller commits to a move by a time.
		for _, t := range a.sents {
			if (has(t.Norm, nextTimes.m) || dated(t.Norm)) && has(t.Norm, sellerCommits.m) && !has(t.Norm, vagueStepWords.m) {
				step, stepQuote = 0.9, t.Text
				break
			}
		}
		if step == 0 && a.next > 0 {
			step = 0.2
		}
	}
	if step >= 0.7 && has(norm(stepQuote), documentWords.m) && !dated(norm(stepQuote)) && !has(norm(stepQuote), nextTimes.m) && !has(norm(stepQuote), todayWords.m) {
		// "Dann schick ich Ihnen einfach mal unsere Unterlagen": papers
		// without a day or a follow-up leave the next move to chance.
		step = 0.2
	}
	j.step = stepQuote
	s += ptsAdvanceStep * step
	if has(norm(a.text), summaryWords.m) || (j.concern != nil && has(norm(a.text), c.concernMatchers(j.family))) {
		s += ptsAdvanceSummary
	}
	if a.ack > 0 || startsWith(norm(firstSentence(a.sents)), affirmWords.m) {
		s += ptsAdvanceOpener
	}
	pushy := j.pushy(a)
	// "Dann machen wir erst mal einen Workshop mit deinem ganzen Team, so
	// einen halben Tag" to a customer who has no time: the step asks for
	// what the objection said is missing.
	tooBig, pastCouncil := "", false
	if j.family == "no_time" {
		tooBig = longStep(norm(a.text))
	}
	if j.family == "works_council" {
		// "Wann können wir anfangen? Ich könnte schon nächsten Montag mit
		// dem Team da sein": a start that goes past the works council.
		n := norm(a.text)
		pastCouncil = startRE.MatchString(n) && !has(n, councilWords.m)
	}
	around := ""
	for _, t := range a.sents {
		if m, ok := find(t.Norm, contactRequests.m); ok && (isQuestion(t) || has(t.Norm, giveMeWords.m)) {
			around = excerpt(t, m)
			break
		}
	}
	j.made = step >= 0.7 && !pushy && !a.hostile() && tooBig == "" && !pastCouncil && around == ""
	j.score = int(math.Round(s))
	switch {
	case pushy:
		j.reason = c.moveReason("advance.pressure")
		j.flags["pushy"] = "-"
	case tooBig != "":
		j.reason = c.moveReason("advance.too_big", c.q(stepQuote))
	case pastCouncil:
		j.reason = c.moveReason("advance.past_council", c.q(stepQuote))
	case around != "":
		// "Can you just give me your boss's number and I'll call him
		// directly?": the step goes round the customer.
		j.flags["brushoff"] = around
		j.reason = c.moveReason("advance.around", c.q(around))
	case j.made:
		j.reason = c.moveReason("advance.made", c.q(stepQuote))
		j.settles, j.closes = true, true
	case step > 0:
		j.reason = c.moveReason("advance.vague", c.q(stepQuote))
	default:
		j.reason = c.moveReason("advance.missing")
	}
}

// longStepRE finds a next step that takes hours of the customer's or the
// whole team's time, proposed by the seller ("machen wir einen halben Tag
// Workshop", "lass uns zwei Tage buchen"); "no workshops" promises the
// opposite.
var longStepRE = regexp.MustCompile(`\b(?:machen wir|wir machen|lass uns|lassen sie uns|let s|we ll do|we do|we ll book|we book)(?: \w+){0,6} (?:halbe[nr]? tag|ganze[nr]? tag|ganztag\w*|workshop\w*|half a day|half day|full day|all day|whole day|\w+ tage|\w+ days)\b|\b\w+ tage buchen\b|\bbook \w+ days\b|\b(?:buche ich|ich buche|i ll book|i book)(?: \w+){0,4} (?:\w*tage|days)\b`)

// longStep is the seller's proposal of a long step in normalised text n,
// or "".
func longStep(n string) string {
	m := longStepRE.FindString(n)
	if m == "" || has(" "+m+" ", negations.m) {
		return ""
	}
	return m
}

// startRE finds the work itself starting; councilWords name the body that
// must agree first.
var (
	startRE      = regexp.MustCompile(`\b(?:anfangen|loslegen|starten|beginnen|start|get started|begin|mit dem team da)\b`)
	councilWords = lex("betriebsrat*", "personalrat*", "mitarbeitervertretung", "works council*", "employee representative*")
)

// pushy reports a close by pressure or a discount instead of a step taken
// together ("unterschreib einfach hier", "15 % off if you decide today").
func (j *judgement) pushy(a *analysis) bool {
	n := norm(a.text)
	return a.hasPenalty("pressure") || j.flags["discount"] != "" || has(n, signNowWords.m) || has(n, brushoffWords.m)
}

// substantive reports a statement with content that can be checked: a
// figure in any form ("5 Minuten statt einer Stunde", "acht Arbeitstage",
// "13 von 14"), a named customer or person, a feature of the product, a
// concrete case. Discounts, praise and flattery are none.
func (c *chat) substantive(s sentence, a *analysis) bool {
	if has(s.Norm, discountWords.m) || discountPart(s.Norm) != "" || has(s.Norm, flatteryWords.m) || praiseRE.MatchString(s.Norm) {
		return false
	}
	if figure(s) || namesSomeone(s) {
		return true
	}
	if c.keywords().mentions(s.Norm) && s.Words >= 5 {
		return true
	}
	if c.sc != nil {
		for _, co := range c.sc.custom {
			for _, cr := range co.criteria {
				if ok, _, _ := cr.meet([]sentence{s}); ok {
					return true
				}
			}
		}
	}
	// A concrete case: a client of a kind, what happened.
	return has(s.Norm, clientWords.m) && has(s.Norm, caseVerbs.m) && len(contentOf(s.Norm, genericClaimWords)) >= 3
}

// priceWords and concessionWords: the price, and giving way on it.
var (
	priceWords      = lex("preis", "preise", "preislich", "price", "pricing")
	concessionWords = lex("entgegenkomm*", "nachlass*", "runtergehen", "runter gehen", "nachgeben", "noch was machen", "noch etwas machen", "was machen",
		"come down", "knock", "reduce", "lower it", "do something", "flexible on", "bit of room", "some room", "wiggle")
	// paymentTerms spread a price without lowering it: "mit Raten
	// entgegenkommen" answers a budget, it is no discount.
	paymentTerms = lex("rate", "raten", "ratenzahlung", "finanzier*", "monatlich", "installment*", "instalment*", "monthly", "financ*", "leasing")
)

// discountPart is a word of normalised text n that names a price
// concession inside a compound ("Babybonus", "Treuerabatt"), or "".
func discountPart(n string) string {
	for _, w := range strings.Fields(n) {
		if len(w) > 6 && (strings.HasSuffix(w, "bonus") || strings.HasSuffix(w, "rabatt") || strings.HasSuffix(w, "nachlass")) {
			return w
		}
	}
	return ""
}

// figureRE finds a number, a percentage or an amount.
var figureRE = regexp.MustCompile(`\d`)

// figure reports a figure that says how much: a number that is no date
// and no time of day, or a number word, or a comparison of amounts.
func figure(s sentence) bool {
	toks := strings.Fields(s.Norm)
	for i, t := range toks {
		if has(" "+t+" ", numberWords.m) {
			return true
		}
		if !figureRE.MatchString(t) || t[0] < '0' || t[0] > '9' {
			continue
		}
		next := ""
		if i+1 < len(toks) {
			next = toks[i+1]
		}
		if next == "uhr" || next == "pm" || next == "am" && i > 0 && toks[i-1] == "at" {
			continue
		}
		if dated(" " + strings.Join(toks[max(0, i-1):min(len(toks), i+2)], " ") + " ") {
			continue
		}
		return true
	}
	return false
}

// namesSomeone reports a sentence that names a customer, a company or a person:
// "Haustechnik Krämer", "die Müller GmbH", "Frau Kessler", "Familie
// Kramer", "Martin Weber at Hoffmann Haustechnik".
func namesSomeone(s sentence) bool {
	if has(s.Norm, companyMarks.m) {
		return true
	}
	ws := wordsOf(s.Text)
	for i := 1; i < len(ws); i++ {
		prev := fold(ws[i-1])
		if (prev == "herr" || prev == "herrn" || prev == "frau" || prev == "familie" || prev == "firma" || prev == "mr" || prev == "mrs" || prev == "ms" || prev == "dr") &&
			isUpperWord(ws[i]) {
			return true
		}
		// Two capitalised words in a row in mid-sentence, the second no
		// German noun after an adjective: "Martin Weber", "Hoffmann
		// Haustechnik" ("Ihre Leute" is caught by stopwords).
		if i >= 2 && isUpperWord(ws[i-1]) && isUpperWord(ws[i]) && !stopwords[fold(ws[i-1])] && !stopwords[fold(ws[i])] &&
			!looksGerman(ws) {
			return true
		}
	}
	return false
}

func isUpperWord(w string) bool {
	for _, r := range w {
		return r >= 'A' && r <= 'Z' || r == 'Ä' || r == 'Ö' || r == 'Ü'
	}
	return false
}

// checkGaming flags what games the score: discounts as benefits, flattery,
// claims without content, fake precision, strings of buzzwords and the
// customer's words sent back as the answer.
func (c *chat) checkGaming(a *analysis, j *judgement) {
	for _, s := range a.sents {
		if m, ok := find(s.Norm, discountWords.m); ok && j.flags["discount"] == "" {
			j.flags["discount"] = excerpt(s, m)
		} else if w := discountPart(s.Norm); w != "" && j.flags["discount"] == "" {
			j.flags["discount"] = w
		} else if m, ok := find(s.Norm, priceWords.m); ok && has(s.Norm, concessionWords.m) && !has(s.Norm, paymentTerms.m) && j.flags["discount"] == "" {
			// "Beim Preis kann ich Ihnen bestimmt noch entgegenkommen."
			j.flags["discount"] = excerpt(s, m)
		}
		if has(s.Norm, flatteryWords.m) && j.flags["flattery"] == "" {
			j.flags["flattery"] = s.Text
		}
		if fakePrecision(s) {
			j.flags["fake"] = s.Text
		}
		if anonStatRE.MatchString(s.Norm) && !namesSomeone(s) && j.flags["fake"] == "" {
			// "94 percent of our customers would recommend us", "87 Prozent
			// unserer Kunden …": a share of nobody in particular, which
			// nobody can check.
			j.flags["fake"] = s.Text
		}
		if vagueCountRE.MatchString(s.Norm) && has(s.Norm, claimWords.m) && !namesSomeone(s) && j.flags["contentfree"] == "" {
			// "We have thousands of happy customers": a count nobody can
			// check.
			j.flags["contentfree"] = s.Text
		}
		if !isQuestion(s) && has(s.Norm, praiseOutcomes.m) && !figure(s) && !namesSomeone(s) && j.flags["contentfree"] == "" {
			// "Ein Vertriebsleiter aus einem Unternehmen wie eurem … heute
			// sagt er, der Wechsel war die beste Entscheidung des Jahres",
			// "one of your neighbours … is absolutely delighted": a
			// testimonial of nobody, with a verdict for its outcome.
			j.flags["contentfree"] = s.Text
		}
		if isQuestion(s) || placeholderRE.MatchString(s.Text) || c.substantive(s, a) {
			continue
		}
		// A sentence that sounds like proof and names nothing checkable:
		// "Ein Kunde hat damit viel gespart."
		if has(s.Norm, claimWords.m) && j.flags["contentfree"] == "" {
			j.flags["contentfree"] = s.Text
		}
	}
	if count(norm(a.text), buzzWords.m) >= 3 {
		j.flags["buzzwords"] = "-"
	}
	tags := 0
	for _, s := range a.sents {
		if j.expected == salescoach.MoveExplore && isQuestion(s) && (rhetoricalEnd(s.Text) || has(s.Norm, leadingWords.m)) {
			tags++
		}
	}
	if tags >= 2 {
		// "Du willst doch auch, dass eure Hallen sauber sind, oder? Und
		// dass der Betrieb nicht stillsteht? Und wenn jemand beides
		// garantieren kann, wär's doch einen Blick wert, oder?": a ladder of
		// yeses, not a question.
		j.flags["ladder"] = "-"
	}
	for i, s := range a.sents {
		if j.expected == salescoach.MoveExplore && (menuQuestion(s) || pickQuestionRE.MatchString(s.Norm) && i >= 2) && j.flags["menu"] == "" {
			// "Geht es dir um A, um B, um C, um D oder um E?", "Is it because
			// …, because …, because …?", "Falls …: … Falls …: … Welcher dieser
			// Punkte trifft bei Ihnen zu?": every concern guessed at once,
			// none asked about.
			j.flags["menu"] = s.Text
		}
		if s.Question && len(listParts(s.Text)) < menuItems {
			// "Einkauf, Arbeitssicherheit, Standortleitung?" offers the
			// customer choices; it names no values of the seller's. Six
			// parts and more ("die Kosten, die Zeit, die Mitarbeiter, …?")
			// are a menu to pick from, not a question.
			continue
		}
		if j.expected == salescoach.MoveExplore && abstractList(s) {
			// "Qualität, Partnerschaft, Nachhaltigkeit und Lösungsorientierung",
			// "Empathy, curiosity, value, partnership": values named, none shown.
			j.flags["buzzwords"] = s.Text
		}
		if j.expected == salescoach.MoveExplore && listSentence(s) && !figure(s) && !mirrorsList(s, c.customerBefore(a)) {
			// "Vertrauen, Qualität, Transparenz, HACCP, …" strings labels
			// where a question about the customer was due (a list of what
			// an offer holds answers a concern well enough).
			j.flags["buzzwords"] = s.Text
		}
	}
	if m, ok := findIn(a.sents, techniqueTalk.m); ok {
		// "Ich höre Ihnen aktiv zu … Darf ich eine offene Frage stellen?":
		// the method named to the customer, not used on them.
		j.flags["buzzwords"] = m
	}
	whole := sentence{Text: a.text, Norm: norm(a.text)}
	if feltFoundRE.MatchString(whole.Norm) && !figure(whole) && !namesSomeone(whole) && j.flags["contentfree"] == "" {
		// "Viele unserer Kunden haben sich anfangs genauso gefühlt – und
		// dann festgestellt …": the formula, with nobody and nothing in it.
		j.flags["contentfree"] = a.text
	}
	if j.expected == salescoach.MoveExplore && importanceScaleRE.MatchString(whole.Norm) {
		// "Auf einer Skala von 1 bis 10: Wie wichtig ist dir das Thema? Und
		// was müsste passieren, damit daraus eine 10 wird?"
		j.flags["buzzwords"] = "-"
	}
	if labelsInBrackets(a.text) >= 3 {
		// "(Listen) … (Explore) … (Respond) … (Advance)": the method named,
		// not used.
		j.flags["buzzwords"] = "-"
	}
	// The product's name said twice is no parroting.
	if parrots(strings.ReplaceAll(a.text, c.p.Phrase, "·"), strings.ReplaceAll(c.customerBefore(a), c.p.Phrase, "·")) || harps(strings.ReplaceAll(a.text, c.p.Phrase, "·")) {
		j.flags["parrot"] = "-"
	}
}

// praiseOutcomes are verdicts told as a customer's outcome.
var praiseOutcomes = lex("beste entscheidung", "best decision", "absolut begeistert", "total begeistert", "sind begeistert", "ist begeistert", "war begeistert",
	"absolutely delighted", "is delighted", "are delighted", "was delighted", "absolutely thrilled", "never looked back", "in good company", "in guter gesellschaft",
	"happiest customers", "happiest clients", "zufriedensten kunden", "haette frueher wechseln", "haetten frueher wechseln", "wish they d switched", "wish he d switched", "wish she d switched", "nie bereut", "never regretted")

// menuQuestion reports a question that offers the customer a menu of
// guesses: six short parts or more ("der Papierkram, die Kosten, dein
// Partner, die Technik oder …"), or, after its first part, three parts
// that open with the same word ("because …, because …, because …"; four
// for a function word: "um A, um B, um C oder um D"). "Zu teuer im
// Vergleich wozu – zu eurem Budget, zu einem anderen Angebot oder zu dem,
// was du erwartet hast?" offers three.
func menuQuestion(s sentence) bool {
	if !s.Question {
		return false
	}
	parts := orSplitRE.Split(s.Text, -1)
	if shortParts(parts, 4) >= 6 {
		return true
	}
	nouns := 0
	for _, p := range parts[1:] {
		if ws := strings.Fields(norm(p)); len(ws) > 1 && has(" "+ws[0]+" ", determiners.m) {
			nouns++
		}
	}
	if nouns >= 4 {
		// "Is it the paperwork, a gap in your cover, not having anyone to
		// help you, the health check, the cost, or your current provider
		// that worries you?": four things or more named as options.
		return true
	}
	starts := map[string]int{}
	for _, p := range parts[1:] {
		if ws := strings.Fields(norm(p)); len(ws) > 1 {
			starts[ws[0]]++
			if starts[ws[0]] >= 3 && !stopwords[ws[0]] || starts[ws[0]] >= 4 {
				return true
			}
		}
	}
	return false
}

// shortParts counts the parts of up to n words.
func shortParts(parts []string, n int) int {
	k := 0
	for _, p := range parts {
		if w := wordCount(p); w >= 1 && w <= n {
			k++
		}
	}
	return k
}

// determiners open a noun phrase.
var determiners = lex("the", "a", "an", "your", "their", "der", "die", "das", "den", "dem", "ein", "eine", "einen", "dein", "deine", "deinen", "ihr", "ihre", "ihren", "euer", "eure", "euren", "unser", "unsere")

var (
	// orSplitRE splits a question into its parts, alternatives included.
	orSplitRE = regexp.MustCompile(`\s*(?:,|;|:|\s–\s|\s-\s|\boder\b|\bor\b)\s*`)
	// pickQuestionRE asks the customer to pick from what the seller just
	// listed.
	pickQuestionRE = regexp.MustCompile(`\b(?:welche[rs]? (?:dieser|davon)|which (?:one )?of (?:these|those|them))\b`)
)

// abstractList reports a sentence that strings three or more nouns of
// values together ("Qualität, Partnerschaft und Nachhaltigkeit"): labels,
// in any words. Nouns in -ung and -tion are left out: "Einrichtung,
// Schulung, Datenmigration" lists what an offer holds.
func abstractList(s sentence) bool {
	parts := listPartRE.Split(s.Text, -1)
	if len(parts) < 3 {
		return false
	}
	n := 0
	for _, p := range parts {
		ws := strings.Fields(strings.Trim(p, " .!?:;–—-"))
		if len(ws) == 0 || len(ws) > 3 {
			continue
		}
		last := fold(ws[len(ws)-1])
		for _, suf := range abstractEndings {
			if strings.HasSuffix(last, suf) && len(last) > len(suf)+2 {
				n++
				break
			}
		}
	}
	return n >= 3
}

var (
	listPartRE      = regexp.MustCompile(`\s*(?:,|;|:|\s–\s|\s-\s|\bund\b|\band\b|\bsowie\b)\s*`)
	abstractEndings = []string{"heit", "keit", "schaft", "taet", "ismus", "ity", "ship", "ness", "ism", "hoehe", "value", "trust", "empathy"}
)

// listParts are the parts of text between commas and dashes.
func listParts(text string) []string {
	return strings.FieldsFunc(text, func(r rune) bool { return r == ',' || r == '–' || r == '—' })
}

// mirrorsList reports a list most of whose parts are the customer's own
// words: "Arbeit, Kinder, alles – das ist viel" mirrors "bei uns ist
// gerade so viel los – Arbeit, Kinder, alles".
func mirrorsList(s sentence, customer string) bool {
	parts := listParts(s.Text)
	same := 0
	for _, p := range parts {
		if sharesWord(norm(p), customer) {
			same++
		}
	}
	return same*2 >= len(parts)
}

// listSentence reports a sentence that strings five or more short items
// together with commas: labels, not an answer.
func listSentence(s sentence) bool {
	parts := listParts(s.Text)
	if len(parts) < 5 {
		return false
	}
	// "I hear you – work, kids, everything at once, so I'll keep it
	// short" lists two things in a sentence; labels come four at least.
	return shortParts(parts, 3) >= len(parts)*3/4 && shortParts(parts, 2) >= 4
}

// parrots reports an answer that mostly sends the customer's words back:
// a clause of theirs said twice, or nearly all its content words theirs
// with hardly a word of its own.
func parrots(answer, customer string) bool {
	// The customer's message, or most of it, sent back as it was.
	if an, cn := norm(answer), norm(customer); wordCount(answer) >= 3 && strings.Contains(cn, an) {
		return true
	}
	theirs := contentWords(customer)
	mine := contentWords(answer)
	if len(theirs) < 2 || len(mine) < 5 {
		return false
	}
	set := map[string]bool{}
	for _, w := range theirs {
		set[stem(w)] = true
	}
	same, own := 0, map[string]bool{}
	for _, w := range mine {
		if set[stem(w)] {
			same++
		} else if !has(" "+w+" ", genericAckWords.m) && !has(" "+w+" ", genericQuestionWords.m) {
			own[w] = true
		}
	}
	if float64(same) >= 0.6*float64(len(mine)) && len(own) <= 2 {
		return true
	}
	// A quote of the customer's: eight of their words in a row.
	if cw := strings.Fields(norm(customer)); len(cw) >= parrotRun {
		an := norm(answer)
		for i := 0; i+parrotRun <= len(cw); i++ {
			if strings.Contains(an, " "+strings.Join(cw[i:i+parrotRun], " ")+" ") {
				return true
			}
		}
	}
	// A run of four words said twice in a short answer: the customer's, or
	// the answer's own ("… heikel sind. Verstehe ich richtig, dass …
	// heikel sind …"); a long answer may say "the week after the project"
	// twice.
	if wordCount(answer) > 50 {
		return false
	}
	an := norm(answer)
	for _, text := range []string{customer, answer} {
		ws := strings.Fields(norm(text))
		for i := 0; i+4 <= len(ws); i++ {
			run := " " + strings.Join(ws[i:i+4], " ") + " "
			if strings.Count(an, run) >= 2 {
				return true
			}
		}
	}
	return false
}

// parrotRun words of the customer's in a row are a quote of them.
const parrotRun = 8

// harps reports a short answer that says one content word three times
// ("Riesiger Aufwand, verstehe: … ein riesiger Aufwand. Was genau meinst du
// mit riesigem Aufwand …?"): a formula around the customer's word, not an
// answer.
func harps(answer string) bool {
	words := wordCount(answer)
	if words > 60 {
		return false
	}
	times := 3
	if words > 30 {
		// "Was können wir gemeinsam tun, damit wir gemeinsam … zu einer
		// gemeinsamen Lösung kommen?" in a longer answer.
		times = 4
	}
	n := map[string]int{}
	for _, w := range contentWords(answer) {
		// Plain words ("next quarter … next year … next year's budget")
		// and English verbs in -ing ("changing security isn't like
		// changing the coffee supplier") repeat in plain speech.
		if len(w) < 4 || plainWords[w] || strings.HasSuffix(w, "ing") || has(" "+w+" ", genericQuestionWords.m) || has(" "+w+" ", genericAckWords.m) {
			continue
		}
		n[stem(w)]++
		if n[stem(w)] >= times {
			return true
		}
	}
	return false
}

// plainWords repeat in plain speech without harping on anything.
var plainWords = map[string]bool{"next": true, "last": true, "more": true, "less": true, "best": true, "nach": true, "mehr": true, "weniger": true}

// fakePrecisionRE finds a figure with decimals or an odd time of day.
var (
	decimalRE  = regexp.MustCompile(`\d+[.,]\d+`)
	oddTimeRE  = regexp.MustCompile(`\b([01]?\d|2[0-3]):([0-5][1-46-9]|[1-5][1-46-9])\b`)
	exactlyNum = regexp.MustCompile(`(?i)\b(exakt|exactly|precisely|genau)\s+\d`)
)

// fakePrecision reports figures more precise than anyone could know: two
// figures with decimals, "exakt 1.847,26 Euro", "14:07 Uhr".
func fakePrecision(s sentence) bool {
	decimals := 0
	for _, d := range decimalRE.FindAllString(s.Text, -1) {
		// "8.000", "1.500" and "3,744" are thousands, "2,5" may be honest.
		if i := strings.IndexAny(d, ".,"); strings.Count(d, d[i:i+1]) == 1 && len(d)-i == 4 {
			continue
		}
		decimals++
	}
	// "97,4 Prozent unserer Kunden": a decimal share of the customers.
	return decimals >= 2 || decimals == 1 && has(s.Norm, claimWords.m) || exactlyNum.MatchString(s.Text) || oddTimeRE.MatchString(s.Text)
}

// finish applies what every move shares: form of address, tone and the
// costs of gaming, and the caps.
func (c *chat) finish(a *analysis, j *judgement, s float64) int {
	if a.void != "" {
		return min(int(s), capVoid)
	}
	if j.score > 0 || j.made {
		s += ptsForm * a.formality
		if len(a.penalties) == 0 {
			s += ptsTone
		}
	}
	switch a.formalityState {
	case "wrong_sie", "wrong_du":
		s -= penaltyWrongForm
	case "mixed":
		s -= penaltyMixedForm
	}
	limit := 100.0
	for _, p := range a.penalties {
		switch p.Kind {
		case "insult":
			s -= penaltyInsult
			limit = math.Min(limit, capInsult)
		case "contradict":
			s -= penaltyContra
			limit = math.Min(limit, capContra)
		case "pressure":
			s -= penaltyPressure
			limit = math.Min(limit, capPressure)
		case "badmouth":
			s -= penaltyBadmouth
		case "dismiss":
			s -= penaltyDismiss
		case "shout":
			s -= penaltyShout
		case "long":
			s -= penaltyLong
		case "short":
			if !j.made {
				limit = math.Min(limit, capShort)
			}
		}
	}
	if j.flags["contentfree"] != "" {
		s -= costContentFree
	}
	if j.flags["discount"] != "" {
		s -= costDiscount
	}
	if j.flags["flattery"] != "" {
		s -= costFlattery
	}
	if j.flags["fake"] != "" {
		limit = math.Min(limit, capFake)
	}
	if j.flags["flattery"] != "" {
		limit = math.Min(limit, capFlattery)
	}
	if j.flags["pushy"] != "" {
		limit = math.Min(limit, capPushStep)
	}
	if j.flags["brushoff"] != "" {
		limit = math.Min(limit, capBrushoff)
	}
	if j.flags["placeholder"] != "" {
		limit = math.Min(limit, capPlaceholder)
	}
	if j.flags["parrot"] != "" {
		limit = math.Min(limit, capParrot)
	}
	if j.flags["pitched"] != "" {
		limit = math.Min(limit, capPitched)
	}
	if j.flags["buzzwords"] != "" {
		limit = math.Min(limit, capBuzzwords)
	}
	if j.flags["formula"] != "" || j.expected == salescoach.MoveExplore && j.flags["contentfree"] != "" {
		// At a fresh objection a claim nobody can check is the formula's
		// second half ("Ein Kunde hat damit viel gespart").
		limit = math.Min(limit, capUnmadeExplore)
	}
	if j.flags["barrage"] != "" || j.flags["padding"] != "" || j.flags["menu"] != "" || j.flags["ladder"] != "" {
		limit = math.Min(limit, capBarrage)
	}
	if j.overrun {
		limit = math.Min(limit, capOverrun)
	}
	if j.flags["meeting"] != "" {
		limit = math.Min(limit, capMeeting)
	}
	if j.flags["unasked"] != "" {
		limit = math.Min(limit, capUnasked)
	}
	if qs := questions(a); qs >= 3 {
		s -= costBarrage
	}
	if a.offTopic && !j.made {
		limit = math.Min(limit, capOffTopic)
	}
	return int(math.Round(math.Max(0, math.Min(limit, math.Min(100, s)))))
}

// questions counts the answer's question sentences.
func questions(a *analysis) int {
	n := 0
	for _, s := range a.sents {
		if s.Question {
			n++
		}
	}
	return n
}

// moveReason is the trainer's line for a judgement key, its "%s" filled
// in order with args (quotes of the seller are made by q).
func (c *chat) moveReason(key string, args ...string) string {
	tmpl := movesData.Reasons[c.v.Lang][key]
	if tmpl == "" {
		tmpl = movesData.Reasons[langDE][key]
	}
	n := strings.Count(tmpl, "%s")
	vals := make([]any, n)
	for k := range vals {
		vals[k] = "…"
		if k < len(args) && args[k] != "" {
			vals[k] = args[k]
		}
	}
	return fmt.Sprintf(tmpl, vals...)
}

// q quotes the seller's words for a reason line.
func (c *chat) q(text string) string { return quote(c.v.Lang, text, 14) }

// movePayload is the judgement as the API carries it.
func (j *judgement) move() *salescoach.Move {
	return &salescoach.Move{Expected: j.expected, Made: j.made, Reason: j.reason}
}

// New lexicon lists of the move judge.
var (
	genericQuestionWords = named("generic_question") // words of a stock question: "was genau steckt dahinter"
	genericAckWords      = named("generic_ack")      // words of a stock acknowledgement: "Ich verstehe Ihre Bedenken"
	genericClaimWords    = named("generic_claim")    // words that make no case concrete
	situationWords       = named("situation")        // the customer's situation: "heute", "lösen", "today"
	discountWords        = named("discount")         // a price concession: never a benefit
	flatteryWords        = named("flattery")         // praise of the customer instead of an answer
	buzzWords            = named("buzzwords")        // empty marketing words
	companyMarks         = named("company_marks")    // "GmbH", "AG": a named company
	checkBackWords       = named("check_back")       // "Wäre das eine Lösung?"
	summaryWords         = named("summary")          // "halten wir fest", "to recap"
	affirmWords          = named("affirm")           // "Freut mich", "Great": the close opens on the agreement
	signNowWords         = named("sign_now")         // "unterschreib einfach hier": pushing for the signature
	contactRequests      = named("contact_requests") // "Können Sie mir die Nummer geben?": going round the customer, not asking
	closeQuestions       = named("close_questions")  // "Wann dürfen wir starten?": asking for the order at a fresh objection
	claimWords           = named("claim")            // "viele Kunden", "ein Kunde": a claim that needs content
	vagueStepWords       = named("vague_step")       // "ich melde mich die Tage": no step yet
	askReasons           = named("ask_reason")       // "Ich frag, weil …": why the seller asks
	sellerCommits        = named("seller_commits")   // "ich schicke", "you'll have": the seller's own move
	documentWords        = named("documents")        // "Soll ich Ihnen Unterlagen schicken?": material, not a meeting
	leadingWords         = named("leading_question") // "Can't you just …?": a push dressed as a question
	proposalStarts       = named("proposal_starts")  // "Sollen wir …?": a proposal, whatever follows
	brushoffWords        = named("brushoff")         // "ist doch kein Grund", "trust me": a concern waved away
	techniqueTalk        = named("technique_talk")   // "ich höre Ihnen aktiv zu": the method named to the customer
	opinionAsks          = named("opinion_ask")      // "Wie sehen Sie das?": a verdict asked for, nothing explored
)

// movesTechniques are the seven techniques of the answer as the analysis
// found them, with the reasons of those the moment did not call for
// saying so: exploring needs no benefit, evidence or next step yet, and a
// next step while the objection stands is too early.
var movesTechniques = map[string][]string{
	salescoach.MoveExplore: {"acknowledge", "question", "formality", "tone"},
	salescoach.MoveRespond: {"acknowledge", "question", "benefit", "evidence", "formality", "tone"},
	salescoach.MoveAdvance: {"acknowledge", "next_step", "formality", "tone"},
}

func (c *chat) moveTechniques(a *analysis, j *judgement) []salescoach.Technique {
	ts := a.techniques()
	expected := movesTechniques[j.expected]
	for k := range ts {
		switch {
		case ts[k].Key == "next_step" && ts[k].Shown && j.flags["premature"] != "":
			ts[k].Reason = c.moveReason("premature")
		case !ts[k].Shown && !slices.Contains(expected, ts[k].Key) && !(j.closes && ts[k].Key == "next_step"):
			ts[k].Reason = c.moveReason("not_now." + j.expected)
		}
	}
	return ts
}
