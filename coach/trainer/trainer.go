// Package trainer is the built-in AI customer: an offline, deterministic
// coach.Engine that plays a customer objecting to the user's own product,
// scores answers by the objection-handling techniques they show (acknowledge,
// ask, benefit, evidence, next step, form of address, tone), and writes hints,
// perfect answers, the six-category evaluation and extractive product
// summaries from the same analysis. It needs no network and makes every
// choice from the chat's seed, so a replay reads the same.
//
// The texts live in catalogue.go (what the customer says), coaching.go (what
// the trainer says to the user) and lexicon.go (the words it recognises).
package trainer

import (
	"context"
	"fmt"
	"strings"
	"sync"

	"salescoach"
	"salescoach/coach"
)

// Engine is the built-in trainer. The zero value is not usable; call New.
type Engine struct{}

var _ coach.Engine = (*Engine)(nil)

// New returns the built-in trainer. It holds no state, so one Engine serves
// any number of chats concurrently.
func New() *Engine { return &Engine{} }

// Name returns "builtin".
func (e *Engine) Name() string { return "builtin" }

// Messages of errors the trainer returns.
var (
	msgNoSummary   = salescoach.MsgNoSummary
	msgCancelled   = salescoach.MsgTrainerCancelled
	msgNoAnswer    = salescoach.MsgNoAnswerToRate
	msgUnknownKind = salescoach.MsgUnknownReplyKind
)

// noUsage is the usage of every call: the trainer uses no model.
var noUsage = coach.Usage{}

// cancelled wraps a context error as EUNAVAILABLE, keeping the cause for
// errors.Is(err, context.Canceled).
func cancelled(err error) error {
	return fmt.Errorf("%w: %w", salescoach.NewError(salescoach.EUNAVAILABLE, msgCancelled), err)
}

// Reply writes the customer's next message of the kind plan.Kind, reacting to
// the seller's last answer. emit, when not nil, receives the message word by
// word. It returns EUNAVAILABLE (wrapping ctx.Err()) when ctx ends before or
// while emitting, and EINVALID for an unknown plan kind.
func (e *Engine) Reply(ctx context.Context, in coach.Input, plan coach.ReplyPlan, emit func(string)) (string, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return "", noUsage, cancelled(err)
	}
	text, err := newChat(in).reply(plan)
	if err != nil {
		return "", noUsage, err
	}
	if emit != nil {
		for _, piece := range pieces(text) {
			if err := ctx.Err(); err != nil {
				return "", noUsage, cancelled(err)
			}
			emit(piece)
		}
	}
	return text, noUsage, nil
}

// pieces splits text into words with their following spaces, so the pieces
// concatenate to text.
func pieces(text string) []string {
	var out []string
	start := 0
	inSpace := false
	for i, r := range text {
		space := r == ' ' || r == '\n' || r == '\t'
		if inSpace && !space {
			out = append(out, text[start:i])
			start = i
		}
		inSpace = space
	}
	if start < len(text) {
		out = append(out, text[start:])
	}
	return out
}

// Assess rates the last seller turn of in.History as an answer to
// in.Objection. It returns EINVALID when the chat has no seller answer and
// EUNAVAILABLE when ctx has ended.
func (e *Engine) Assess(ctx context.Context, in coach.Input) (*coach.Assessment, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return nil, noUsage, cancelled(err)
	}
	c := newChat(in)
	i := lastSeller(c.in.History)
	if i < 0 || strings.TrimSpace(c.in.History[i].Content) == "" {
		return nil, noUsage, salescoach.NewError(salescoach.EINVALID, msgNoAnswer)
	}
	a := c.analyseAt(i, c.family)
	j := c.judgeAt(i)
	as := &coach.Assessment{Score: j.score, Techniques: c.moveTechniques(a, j), Move: j.move()}
	switch {
	case j.closes || j.settles && !j.last:
		as.Settles = true
	case j.settles:
		// The last objection is answered; the chat waits for the close.
		as.Holds = true
	case j.expected == salescoach.MoveExplore:
		as.Holds, as.HoldAt = true, holdExplored
	case j.expected == salescoach.MoveRespond:
		as.Holds, as.HoldAt = true, holdMissed
	default:
		as.Holds = true
	}
	c.judgeCriteria(i, a, as)
	return as, noUsage, nil
}

// Scores of answers in strict chats (c.strict) that leave the hidden
// concern open: never enough to overcome the objection at once, and no
// progress at all for an answer without substance (a bare meeting request).
const (
	capHeld        = 89 // below training.GainSolve
	capNoSubstance = 30 // below training.GainFloor
)

// resist applies the customer's resistance at Mittel, Schwer and in exams
// to the assessment of the answer at history index i: the objection holds
// until the seller has asked what is behind it (so the customer told) and
// then answers that concern, and an answer that neither explores nor
// answers the objection moves nothing.
func (c *chat) resist(i int, a *analysis, as *coach.Assessment) {
	if !a.shown("question") && a.relevance < 1 && !a.shown("benefit") {
		as.Score = min(as.Score, capNoSubstance)
	}
	if a.revealed && a.concern != "" {
		return
	}
	as.Holds = true
	as.Score = min(as.Score, capHeld)
	key, note := "question", "hold.ask"
	if a.revealed {
		key, note = "benefit", "hold.address"
	}
	for k := range as.Techniques {
		if as.Techniques[k].Key == key {
			as.Techniques[k].Reason += " " + reasons[c.v.Lang][note]
		}
	}
}

// Hint names the most valuable technique the user's last answer to the
// current objection lacked, with a sample sentence for this objection,
// product and form of address. It returns EUNAVAILABLE when ctx has ended.
func (e *Engine) Hint(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return "", noUsage, cancelled(err)
	}
	c := newChat(in)
	return c.scriptHint(c.hint()), noUsage, nil
}

// PerfectAnswer writes a complete answer to the current objection:
// acknowledge, ask, a benefit tied to the product, evidence and a next step,
// in the chat's language and form of address. It returns EUNAVAILABLE when
// ctx has ended.
func (e *Engine) PerfectAnswer(ctx context.Context, in coach.Input) (string, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return "", noUsage, cancelled(err)
	}
	return newChat(in).perfectAnswer(), noUsage, nil
}

// Evaluate grades every seller answer of the chat in the six categories of
// coach.Categories. An empty chat gets a valid evaluation that says there
// was too little to judge. It returns EUNAVAILABLE when ctx has ended.
func (e *Engine) Evaluate(ctx context.Context, in coach.Input) (*coach.Evaluation, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return nil, noUsage, cancelled(err)
	}
	return newChat(in).evaluate(), noUsage, nil
}

// Summarize picks the three to five most informative sentences of a
// website's text, in reading order and at most 700 characters. It returns
// EINVALID 'Keine Zusammenfassung erhalten.' when the text holds no usable
// sentence, and EUNAVAILABLE when ctx has ended.
func (e *Engine) Summarize(ctx context.Context, language, text string) (string, coach.Usage, error) {
	if err := ctx.Err(); err != nil {
		return "", noUsage, cancelled(err)
	}
	s := summarize(language, text)
	if s == "" {
		return "", noUsage, salescoach.NewError(salescoach.EINVALID, msgNoSummary)
	}
	return s, noUsage, nil
}

// chat is one Input prepared for the trainer: voice, product, temperament
// and the objection family of the moment.
type chat struct {
	in     coach.Input
	v      voice
	p      product
	temp   temperamentTexts
	family string
	buyer  buyer
	// sc is the scenario the chat plays, nil for a catalogue chat.
	sc *script

	// Computed once per call from the history, which does not change
	// while the chat is asked something.
	saidCache  map[string]bool
	classified map[string]string
	lines      []catalogueLine
	catKey     string
	analyses   map[string]*analysis // by history index and family
	// modelSentences are the sentences of the trainer's model answers
	// (appWritten).
	modelSentences map[string]bool
	metCompiled    map[string][][]matcher // by family (metMatchers)
	turnsCache     []sellerTurn
	turnsDone      bool
	// judged are the seller's answers judged by their move, by history
	// index (judgeAt).
	judged map[int]*judgement
	// stemCache holds the stems of the chat's concerns (concernStems).
	stemCache map[string]map[string]bool
	// prefixes identify the chat up to each history index (prefixKey).
	prefixes []string
	// kw are the product's keywords, compiled once (keywords).
	kw *keywordSet
}

// keywords are the product's keywords, compiled once per chat.
func (c *chat) keywords() keywordSet {
	if c.kw == nil {
		k := compileKeywords(c.p)
		c.kw = &k
	}
	return *c.kw
}

func newChat(in coach.Input) *chat {
	// Reminder lines are for model prompts; should one slip into the
	// history, it is neither an answer nor a customer message.
	var h []coach.Turn
	for _, t := range in.History {
		if !strings.HasPrefix(strings.TrimSpace(t.Content), strings.TrimSpace(coach.ReminderPrefix)) {
			h = append(h, t)
		}
	}
	in.History = h
	in.Scenario.Tone = scriptTone(in)
	c := &chat{in: in, v: voiceOf(in.Scenario), p: newProduct(in.Scenario)}
	if in.Scenario.AdaptFormality && c.v.Lang == langDE {
		c.v.Sie = sellerForm(in.History, c.v.Sie)
	}
	c.sc = newScript(in, c.v)
	c.buyer = c.scriptBuyer(inferBuyer(in.Scenario.Product, in.Scenario.PDFText))
	c.temp = temperaments[temperamentOf(in.Scenario.Tone)]
	c.family = ""
	if c.isFamily(in.Objection) {
		c.family = c.effectiveFamily(in.Objection)
	}
	if !c.isFamily(c.family) {
		c.family = ""
		if j := lastCustomer(in.History); j >= 0 {
			c.family = c.classify(in.History[j].Content)
		}
		if c.family == "" {
			// Any objection beats none: pick one from the seed and stage.
			c.family = c.effectiveFamily(coach.Objections[pick(len(coach.Objections), in.Scenario.Seed, "family", itoa(in.Stage))].Key)
		}
	}
	return c
}

// sellerForm is the form of address the seller opened with: Sie (true) or
// du, from the first seller message that uses one form only; def when none
// does yet.
func sellerForm(h []coach.Turn, def bool) bool {
	for _, t := range h {
		if !isSeller(t.Role) {
			continue
		}
		switch sie, du := addressWords(splitSentences(t.Content)); {
		case sie != "" && du == "":
			return true
		case du != "" && sie == "":
			return false
		}
	}
	return def
}

func isSeller(role string) bool { return role == salescoach.RoleUser || role == salescoach.RoleSeller }

func lastSeller(h []coach.Turn) int {
	for i := len(h) - 1; i >= 0; i-- {
		if isSeller(h[i].Role) {
			return i
		}
	}
	return -1
}

func lastCustomer(h []coach.Turn) int {
	for i := len(h) - 1; i >= 0; i-- {
		if h[i].Role == salescoach.RoleAssistant {
			return i
		}
	}
	return -1
}

// choose picks one of list deterministically for this chat, stage, turn and
// slot.
func (c *chat) choose(list []string, slot string) string {
	if len(list) == 0 {
		return ""
	}
	return list[pick(len(list), c.in.Scenario.Seed, slot, itoa(c.in.Stage), itoa(len(c.in.History)))]
}

func (c *chat) render(tmpl string) string { return render(tmpl, c.v, c.p) }

// classify tells which objection a customer message raises: the family whose
// catalogue phrasing appears last in it, else the family whose theme words
// weigh most (later sentences weigh more, since a message may settle one
// objection and then raise the next). "" when none fits. When the chat's
// objections are known, only they are candidates.
func (c *chat) classify(msg string) string {
	if f, ok := c.classified[msg]; ok {
		return f
	}
	// A customer message is classified again on every later turn of its
	// chat: the result is kept across calls too.
	key := c.catalogueKey() + "\x00" + msg
	f, ok := classifyCache.get(key)
	if !ok {
		f = c.classifyNew(msg)
		classifyCache.put(key, f)
	}
	if c.classified == nil {
		c.classified = map[string]string{}
	}
	c.classified[msg] = f
	return f
}

// classifyCache keeps the family of recent customer messages by chat
// catalogue (catalogueKey) and text.
var classifyCache = &boundedCache[string]{size: 4096}

// catalogueLine is the first sentence of a catalogue phrasing of a
// family, in the form classify matches it.
type catalogueLine struct {
	family, text string
}

// unquote drops the quotation marks a product name may carry, so a
// phrasing matches whether the customer quoted the product or not.
var unquote = strings.NewReplacer("„", "", "“", "", "”", "", "\"", "")

// catalogue is, once per chat, the first sentences of what the customer
// says about each of the chat's objections.
func (c *chat) catalogue() []catalogueLine {
	if c.lines != nil {
		return c.lines
	}
	fams := c.chatFamilies()
	key := c.catalogueKey()
	if l, ok := catalogueCache.get(key); ok {
		c.lines = l
		return l
	}
	defer func() { catalogueCache.put(key, c.lines) }()
	c.lines = []catalogueLine{}
	for _, key := range fams {
		f := c.texts(key)
		var lines []string
		lines = append(lines, f.Open[c.v.Lang]...)
		lines = append(lines, f.Push[c.v.Lang]...)
		lines = append(lines, f.Core[c.v.Lang])
		// What the customer reveals and asks for is about the objection
		// too: a reply may hold only those.
		lines = append(lines, f.Reveal[c.v.Lang]...)
		lines = append(lines, f.Condition[c.v.Lang]...)
		for _, co := range c.concernsOf(key) {
			for _, l := range [][]string{co.Reveal[c.v.Lang], co.Again[c.v.Lang], co.Need[c.v.Lang], co.Settled[c.v.Lang]} {
				lines = append(lines, l...)
			}
		}
		for _, l := range lines {
			first := firstSentence(splitSentences(sentenceCase(c.render(l))))
			if len(first) < 12 {
				continue
			}
			c.lines = append(c.lines, catalogueLine{family: key, text: fold(unquote.Replace(first))})
		}
	}
	return c.lines
}

// catalogueKey names what a chat's catalogue lines depend on: voice,
// product, buyer and the chat's objections.
func (c *chat) catalogueKey() string {
	if c.catKey == "" {
		c.catKey = c.v.String() + "\x00" + c.p.Phrase + "\x00" + strings.Join(c.buyer.variants(), ",") + "\x00" + strings.Join(c.chatFamilies(), ",") + c.scriptKey()
	}
	return c.catKey
}

// boundedCache is a map shared by all chats that holds at most size
// entries and starts afresh when full: the trainer's
// results for recent chats, which every later call of a chat needs again.
type boundedCache[V any] struct {
	size int
	mu   sync.Mutex
	m    map[string]V
}

// catalogueCache keeps the catalogue lines of recent chats (about 12 kB
// each).
var catalogueCache = &boundedCache[[]catalogueLine]{size: 512}

func (bc *boundedCache[V]) get(key string) (V, bool) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	v, ok := bc.m[key]
	return v, ok
}

func (bc *boundedCache[V]) put(key string, v V) {
	bc.mu.Lock()
	defer bc.mu.Unlock()
	if bc.m == nil || len(bc.m) >= bc.size {
		bc.m = map[string]V{}
	}
	bc.m[key] = v
}

func (c *chat) classifyNew(msg string) string {
	fm := fold(unquote.Replace(msg))
	best, bestAt := "", -1
	for _, l := range c.catalogue() {
		if at := strings.LastIndex(fm, l.text); at > bestAt {
			best, bestAt = l.family, at
		}
	}
	if best != "" {
		return best
	}
	var bestScore float64
	ss := splitSentences(msg)
	for _, key := range c.chatFamilies() {
		score := 0.0
		for i, s := range ss {
			if fw, ok := c.words(key); ok {
				score += float64(count(s.Norm, fw.Theme.m)) * float64(1+i)
			}
		}
		if score > bestScore {
			best, bestScore = key, score
		}
	}
	return best
}
